"""Carrying a club over from paper in the office, a member's data to take away, and forgetting a
member who left: his name nowhere afterwards, the books whole.

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
from django.db import connection
from django.urls import reverse
from django.utils import translation

from club import audit
from club.models import Member, Payment
from club.services import member_data, money, payments
from club.services.office import OfficeError
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
        (5, "Klubben har allerede et medlem, der hedder Anna.")
    ]
    assert glemsel.members.count() == 4


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


def rows_naming(*words: str) -> list[tuple[str, str]]:
    """(table, column) of every column of every table whose text holds one of `words`."""
    found = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            for column in connection.introspection.get_table_description(cursor, table):
                quoted_table, quoted_column = connection.ops.quote_name(table), connection.ops.quote_name(column.name)
                for word in words:
                    cursor.execute(
                        f"SELECT COUNT(*) FROM {quoted_table} WHERE CAST({quoted_column} AS TEXT) LIKE %s",
                        [f"%{word}%"],
                    )
                    if cursor.fetchone()[0]:
                        found.append((table, column.name))
    return found


def test_forgetting_her_is_refused_while_her_saldo_is_not_zero(glemsel):
    gudrun = glemsel.members.get(name=OLD_NAME)
    with translation.override("en"), pytest.raises(OfficeError, match=re.escape("has a saldo of 10.42 kr.")):
        member_data.forget_member(gudrun)
    assert Member.objects.get(pk=gudrun.pk).name == OLD_NAME


def test_forgotten_her_name_is_nowhere_and_the_books_are_whole(client, glemsel):
    gudrun = glemsel.members.get(name=OLD_NAME)
    anna = glemsel.members.get(name="Anna")
    before = dict(money.saldi(glemsel))
    assert rows_naming("Gudrun", OLD_EMAIL)  # the search finds her before

    client.force_login(anna.user)
    refused = client.post(reverse("office_member_forget", args=["glemsel", gudrun.pk]))
    assert refused.status_code == 400
    done = client.post(reverse("office_member_forget", args=["glemsel", gudrun.pk]), {"confirmed": "1"})

    assert done.status_code == 302
    forgotten = Member.objects.get(pk=gudrun.pk)
    assert forgotten.name == f"Tidligere medlem {gudrun.pk}"
    assert (forgotten.email, forgotten.user, forgotten.active) == ("", None, False)
    assert not type(anna.user).objects.filter(username=OLD_EMAIL).exists()
    assert rows_naming("Gudrun", "Østergaard", OLD_EMAIL) == []
    assert money.saldi(glemsel) == before
    assert money.saldo(forgotten) == 1042
    assert Payment.objects.filter(member=forgotten).count() == 1
    assert ledger_problems() == "0"
    # The log says who did it.
    log = client.get(reverse("club_log", args=["glemsel"]))
    assert "Gudrun" not in log.content.decode()
    sitting = forgotten.seats.get().sitting
    pages = [
        reverse("member", args=["glemsel", forgotten.pk]),
        reverse("office_members", args=["glemsel"]),
        reverse("sitting", args=["glemsel", sitting.pk]),
        reverse("standings", args=["glemsel"]),
        reverse("member-statement", args=["glemsel", forgotten.pk, "2026-03"]),
        reverse("member-postings-csv", args=["glemsel", forgotten.pk]),
        reverse("member-data-json", args=["glemsel", forgotten.pk]),
        reverse("season-standings-csv", args=["glemsel", sitting.season_id]),
    ]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert "Gudrun" not in response.content.decode(), page
    data = client.get(reverse("member-data-csv", args=["glemsel", forgotten.pk])).content
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert not any("Gudrun" in archive.read(name).decode("utf-8-sig") for name in archive.namelist())


def test_deal_versions_stay_append_only_beside_the_forgetting(glemsel):
    from django.db import DatabaseError, transaction

    from club.models import DealVersion
    from ledger.models import ImmutableLedgerError

    version = DealVersion.objects.get(deal__sitting__table__club=glemsel)
    with pytest.raises(ImmutableLedgerError):
        DealVersion.objects.filter(pk=version.pk).update(record={})
    if connection.vendor == "postgresql":
        # Named for forgetting, an UPDATE that changes more than the name is refused all the same.
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('tarokbog.forget_name', %s, true), set_config('tarokbog.forget_as', 'X', true)",
                [OLD_NAME],
            )
            cursor.execute("UPDATE club_dealversion SET record = '{}' WHERE id = %s", [version.pk])
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE club_dealversion SET reason = 'x' WHERE id = %s", [version.pk])
    assert DealVersion.objects.get(pk=version.pk).record == version.record


def test_forgetting_her_in_one_club_leaves_another_clubs_member_login_and_log_alone(client, glemsel):
    """Gudrun is also a member of Andetsted, with the same login; Andetsted has a Gudrunsen too.
    Glemsel forgets her: Andetsted's Gudrun keeps her name and her login, its log keeps its words,
    and a word that only begins like her name is left alone."""
    login = type(glemsel.members.get(name="Anna").user).objects.get(username=OLD_EMAIL)
    andetsted = clubs.make_club("Andetsted", "andetsted", [OLD_NAME, "Gudrun Østergaardsen"])
    Member.objects.filter(club=andetsted, name=OLD_NAME).update(user=login, email=OLD_EMAIL)
    other = andetsted.members.get(name=OLD_NAME)
    other.role = Member.Role.SCORER
    other.save()  # a log entry of Andetsted's own that names her
    logged = set(audit.club_log(andetsted).values_list("object_repr", flat=True))
    assert OLD_NAME in logged

    gudrun = glemsel.members.get(name=OLD_NAME)
    client.force_login(glemsel.members.get(name="Anna").user)
    done = client.post(reverse("office_member_forget", args=["glemsel", gudrun.pk]), {"confirmed": "1"})

    assert done.status_code == 302
    assert Member.objects.get(pk=gudrun.pk).name == f"Tidligere medlem {gudrun.pk}"
    other.refresh_from_db()
    assert (other.name, other.user_id, other.email) == (OLD_NAME, login.pk, OLD_EMAIL)
    assert type(login).objects.get(pk=login.pk).username == OLD_EMAIL
    assert set(audit.club_log(andetsted).values_list("object_repr", flat=True)) == logged
    assert andetsted.members.filter(name="Gudrun Østergaardsen").exists()
