"""The club's log as lines its services write (club.models.ClubEvent): an action through the API is
the token's member's, a command's the operator's; every kind of line reads in each language; the
page costs a handful of queries; the lines are kept as written."""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.db.utils import DatabaseError
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from club import audit
from club.models import ClubEvent, Member, Payment, Sitting
from club.services import corrections, disputes, payments
from club.web.log import log_lines
from ledger.models import ImmutableLedgerError

pytestmark = pytest.mark.django_db


def rows(html: str) -> list[str]:
    """Each log line's sentence (without its time), whitespace squeezed, newest first."""
    found = re.findall(r"<li data-kind=.*?</li>", html, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", row.split("<br>", 1)[1]).split()) for row in found]


def log(client, slug: str, language: str = "en") -> list[str]:
    return rows(client.get(reverse("club_log", args=[slug]), HTTP_ACCEPT_LANGUAGE=language).text)


def test_a_sitting_started_and_closed_with_a_members_token_is_his(members, season, table, as_member, today):
    bent = members["Bent"]  # a scorer
    token = Token.objects.create(user=bent.user)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_ACCEPT_LANGUAGE="en")
    seated = [members[name].pk for name in ("Anna", "Bent", "Carl", "Dorte")]
    body = {"season": season.pk, "table": table.pk, "date": str(today), "first_dealer": seated[0], "members": seated}

    started = api.post("/api/sittings/", body, format="json")
    assert started.status_code == 201, started.content
    closed = api.post(f"/api/sittings/{started.json()['id']}/close/", {"how": "split"}, format="json")
    assert closed.status_code == 200, closed.content

    when = f"{today.day} {today:%b %Y}"
    assert log(as_member("Anna"), "nordvest")[:2] == [
        f"Bent closed the sitting at Bord 1 on {when}; the cups were split.",
        f"Bent started a sitting at Bord 1 on {when}.",
    ]
    lines = ClubEvent.objects.filter(club=season.club).order_by("-pk")[:2]
    assert [(e.kind, e.member_id, e.through) for e in lines] == [
        (ClubEvent.Kind.SITTING_CLOSED, bent.pk, "api"),
        (ClubEvent.Kind.SITTING_STARTED, bent.pk, "api"),
    ]


def test_a_commands_import_is_under_the_login_it_names_or_the_operator(members, as_member, tmp_path, monkeypatch):
    sheet = tmp_path / "medlemmer.csv"
    sheet.write_text('navn,email,rolle,saldo\nFrida,,medlem,"12,50"\n', encoding="utf-8")
    call_command("import_members", "nordvest", str(sheet), "--by", "anna", stdout=io.StringIO())
    monkeypatch.setattr(audit, "_os_user", lambda: "kasserer")
    sheet.write_text("navn,email,rolle,saldo\nGorm,,medlem,\n", encoding="utf-8")
    call_command("import_members", "nordvest", str(sheet), stdout=io.StringIO())

    assert log(as_member("Anna"), "nordvest")[:5] == [
        "kasserer (command line) imported 1 members from a spreadsheet.",
        "kasserer (command line) added the member Gorm (member).",
        "Anna imported 1 members from a spreadsheet.",
        "Anna carried over the saldo of Frida from paper: 12.50 kr..",  # the sentence's stop after "kr."
        "Anna added the member Frida (member).",
    ]
    assert set(ClubEvent.objects.filter(club=members["Anna"].club).values_list("through", flat=True)[:5]) == {
        "command"
    }
    with translation.override("da"):
        assert log_lines(members["Anna"].club)[0].text == "kasserer (kommandolinjen) importerede 1 medlemmer fra et regneark."


def test_a_commands_sitting_import_names_the_operator(members, season, table, as_member, tmp_path):
    record = {
        "table": ["Anna", "Bent", "Carl", "Dorte"],
        "deals": [{"dealer": "Anna", "players": ["Anna", "Bent", "Dorte"], "last_trick": "Bent",
                   "counts": {"Anna": 39, "Dorte": 19}}],
        "close": "split",
    }
    path = tmp_path / "sitting.json"
    import json

    path.write_text(json.dumps(record), encoding="utf-8")
    day = season.starts_on
    call_command(
        "import_sitting", str(path), "--club", "nordvest", "--season", season.name, "--table", table.name,
        "--date", str(day), "--by", "bent", stdout=io.StringIO(),
    )

    when = f"{day.day} {day:%b %Y}"
    assert log(as_member("Anna"), "nordvest")[:2] == [
        f"Bent closed the sitting at Bord 1 on {when}; the cups were split.",
        f"Bent imported a sitting at Bord 1 on {when}.",
    ]
