"""Carrying a club over from paper in the office, and a member's data to take away.

Glemsel plays vlk-2010 at 1 øre a point. On 5 March 2026 Anna, Bent, Carl and Gudrun Østergaard sit
at Bord 1 (as the suite's closed sitting, tests/conftest.py): funding 40 from each; Anna deals,
Anna, Bent and Gudrun play, Gudrun takes the last trick (Anna -30, Bent -20, Carl 0, Gudrun +40,
the cups 85 + 85); split 170 = Anna 43, Bent 43, Carl 42, Gudrun 42. Gudrun: -40 + 40 + 42 = 42
points = 42 øre; she paid in 10,00 kr.: saldo 1.042 øre.
"""

from __future__ import annotations

import datetime
import io
import json
import re
import zipfile

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from club.models import Member
from club.services import money, payments
from tests.commands.test_import_members import SHEET, spreadsheet
from world import clubs
from world.records import danish_deal

pytestmark = pytest.mark.django_db
OLD_NAME, OLD_EMAIL = "Gudrun Østergaard", "gudrun@example.org"
SEATS = ["Anna", "Bent", "Carl", OLD_NAME]


@pytest.fixture
def glemsel():
    club = clubs.make_club(
        "Glemsel",
        "glemsel",
        SEATS,
        roles={"Anna": Member.Role.ADMIN},
        usernames={"Anna": "anna", "Carl": "carl", OLD_NAME: OLD_EMAIL},
    )
    Member.objects.filter(name=OLD_NAME).update(email=OLD_EMAIL)
    season = clubs.make_season(club, name="2026", year=2026)
    table = clubs.make_table(club, "Bord 1")
    sitting = clubs.start_sitting(season, SEATS, at=table, date=datetime.date(2026, 3, 5))
    clubs.play(sitting, [danish_deal("Anna", SEATS, last_trick=OLD_NAME)], close="split")
    gudrun = club.members.get(name=OLD_NAME)
    payments.record_payment(
        club, member=gudrun, direction="in", amount_ore=1000, method="cash", paid_on=datetime.date(2026, 3, 6)
    )
    return club


def ledger_problems() -> str:
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    return re.search(r"problems found: (\d+)", out.getvalue())[1]


def test_the_office_previews_a_spreadsheet_then_imports_it(client, glemsel):
    client.force_login(glemsel.members.get(name="Anna").user)
    url = reverse("office_members_import", args=["glemsel"])
    upload = io.BytesIO(spreadsheet(delimiter=";", bom=True, danish=True))
    upload.name = "medlemmer.csv"

    preview = client.post(url, {"sheet_file": upload})

    assert preview.status_code == 200
    assert preview.content.decode().count('data-line="') == 30
    assert 'data-line="3" data-saldo-ore="-1250"' in preview.content.decode()
    assert glemsel.members.count() == 4
    done = client.post(url, {"sheet": preview.context["sheet"], "confirmed": "1"})
    assert done.status_code == 302
    assert glemsel.members.count() == 34
    for name, _email, _role, _typed, ore in SHEET:
        assert money.saldo(glemsel.members.get(name=name)) == ore
    bo = glemsel.members.get(name="Bo Bech")
    page = client.get(reverse("member", args=["glemsel", bo.pk]), HTTP_ACCEPT_LANGUAGE="da")
    assert 'id="carried-over"' in page.content.decode()
    assert "overført fra papir" in page.content.decode()
    assert ledger_problems() == "0"


def test_the_office_refuses_a_bad_row_with_its_line(client, glemsel):
    client.force_login(glemsel.members.get(name="Anna").user)
    upload = io.BytesIO(spreadsheet([*SHEET[:3], ("Anna", "", "medlem", "1,00", 100)]))
    upload.name = "medlemmer.csv"

    refused = client.post(reverse("office_members_import", args=["glemsel"]), {"sheet_file": upload})

    assert refused.status_code == 400
    assert [(p.line, p.message) for p in refused.context["carried"].problems] == [
        # Anna is a member already, and has played: her saldo from paper would come too late.
        (
            5,
            "Anna har allerede spillet eller betalt: en saldo fra papir overføres før den første postering på medlemmets konto.",
        )
    ]
    assert glemsel.members.count() == 4


def test_an_xlsx_spreadsheet_is_previewed_with_the_members_it_updates_then_imported(client, glemsel):
    from tests.commands.test_import_members import xlsx

    client.force_login(glemsel.members.get(name="Anna").user)
    url = reverse("office_members_import", args=["glemsel"])
    carl = glemsel.members.get(name="Carl")
    upload = io.BytesIO(
        xlsx(
            [
                ("navn", "email", "rolle", "saldo"),
                ("Søren Ærø", None, "medlem", -125.5),
                ("Carl", "carl@example.org", None, None),
            ]
        )
    )
    upload.name = "medlemmer.xlsx"

    preview = client.post(url, {"sheet_file": upload}, HTTP_ACCEPT_LANGUAGE="da")

    page = preview.content.decode()
    assert preview.status_code == 200
    assert "1 medlem bliver tilføjet, 1 medlem, som klubben har i forvejen, opdateres:" in page
    assert 'data-line="2" data-saldo-ore="-12550">' in page
    assert 'data-line="3" data-saldo-ore="0" data-updates>' in page
    done = client.post(url, {"sheet": preview.context["sheet"], "confirmed": "1"})
    assert done.status_code == 302
    carl.refresh_from_db()
    assert carl.email == "carl@example.org"
    assert money.saldo(glemsel.members.get(name="Søren Ærø")) == -12550
    assert glemsel.members.count() == 5
    # A preview sent back mangled is refused, not a 500.
    assert client.post(url, {"sheet": "%%% no base64", "confirmed": "1"}).status_code == 400


def test_her_data_as_json_and_csv(client, glemsel):
    gudrun = glemsel.members.get(name=OLD_NAME)
    client.force_login(gudrun.user)

    data = json.loads(client.get(reverse("member-data-json", args=["glemsel", gudrun.pk])).content)
    archive = zipfile.ZipFile(io.BytesIO(client.get(reverse("member-data-csv", args=["glemsel", gudrun.pk])).content))

    assert data["member"] == [
        {
            "id": gudrun.pk,
            "club": "glemsel",
            "name": OLD_NAME,
            "email": OLD_EMAIL,
            "role": "member",
            "active": True,
            "saldo_ore": 1042,
        }
    ]
    [sitting] = data["sittings"]
    assert (sitting["date"], sitting["table"], sitting["seat"], sitting["points"]) == ("2026-03-05", "Bord 1", 4, 42)
    assert [deal["number"] for deal in data["deals"]] == [1]
    assert sum(p["amount"] for p in data["postings"] if p["account"] == "member") == 42
    assert [p["amount"] for p in data["postings"] if p["account"] == "payments"] == [1000]
    assert [(p["date"], p["signed_ore"]) for p in data["payments"]] == [("2026-03-06", 1000)]
    assert data["statements"] == [{"month": "2026-03"}]
    assert sorted(archive.namelist()) == [
        "deals.csv",
        "member.csv",
        "payments.csv",
        "postings.csv",
        "sittings.csv",
        "statements.csv",
    ]
    assert archive.read("payments.csv").decode("utf-8-sig").splitlines() == [
        "date,direction,method,signed_ore,note,reverses,reason",
        "2026-03-06,in,cash,1000,,,",
    ]
    # Another plain member may not take it.
    client.force_login(glemsel.members.get(name="Carl").user)
    assert client.get(reverse("member-data-json", args=["glemsel", gudrun.pk])).status_code == 403
