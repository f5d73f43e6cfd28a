"""What each role reads: lists scoped to the club and the role, balances, standings, statements;
and the two ways to authenticate (token and session)."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import call_command
from pypdf import PdfReader
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from club.models import Member
from ledger import services as ledger


def ids(response) -> set[int]:
    return {row["id"] for row in response.json()["results"]}


# --- lists ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["admin", "scorer", "member"])
def test_lists_hold_only_the_requesters_club(two_clubs, api, role):
    a = two_clubs["a"]
    client = api(a.users[role])
    assert ids(client.get("/api/clubs/")) == {a.club.pk}
    assert ids(client.get("/api/members/")) == {m.pk for m in a.members.values()}
    assert ids(client.get("/api/seasons/")) == {a.season.pk}
    assert ids(client.get("/api/tables/")) == set(a.club.tables.values_list("pk", flat=True))


@pytest.mark.parametrize("role", ["admin", "scorer", "member"])
def test_every_member_sees_every_sitting_and_deal_of_the_club(two_clubs, api, role):
    """The score sheets are the whole club's (club.access): Carl, a plain member, also reads the
    closed sitting at Bord 3, where he did not sit."""
    a = two_clubs["a"]
    client = api(a.users[role])
    sittings = {a.open_sitting.pk, a.closed_sitting.pk}
    deals = {a.open_deal.pk, a.closed_deal.pk}
    assert ids(client.get("/api/sittings/")) == sittings
    assert ids(client.get("/api/deals/")) == deals


def test_lists_filter_by_season_table_and_sitting(two_clubs, api):
    a = two_clubs["a"]
    client = api(a.users["admin"])
    assert ids(client.get(f"/api/sittings/?table={a.open_table.pk}")) == {a.open_sitting.pk}
    assert ids(client.get(f"/api/sittings/?season={a.season.pk}")) == {a.open_sitting.pk, a.closed_sitting.pk}
    assert ids(client.get(f"/api/deals/?sitting={a.closed_sitting.pk}")) == {a.closed_deal.pk}
    # Another club's season filters to nothing; it is not an error that would reveal it.
    assert client.get(f"/api/sittings/?season={two_clubs['b'].season.pk}").json()["count"] == 0
    assert client.get("/api/deals/?sitting=x").json() == {"sitting": ["Expected a whole number."]}


# --- one object -----------------------------------------------------------------------------------


def test_a_sitting_shows_its_seats_in_order(two_clubs, api):
    a = two_clubs["a"]
    body = api(a.users["member"]).get(f"/api/sittings/{a.open_sitting.pk}/").json()
    assert [seat["name"] for seat in body["seats"]] == ["Anna", "Bent", "Carl", "Dorte"]
    assert (body["is_open"], body["first_dealer"], body["date"]) == (True, a.members["Anna"].pk, "2026-03-12")


def test_a_deal_shows_what_it_settles_to(two_clubs, api):
    a = two_clubs["a"]
    body = api(a.users["member"]).get(f"/api/deals/{a.open_deal.pk}/").json()
    assert body["record"] == a.open_deal_1
    assert [item["rule"] for item in body["events"][0]["items"]] == [
        "stake",
        "meld.taroks",
        "pagat_saved",
        "last_trick",
    ]
    assert body["events"][0]["net"] == {"Anna": -45, "Bent": 70, "Carl": 0, "Dorte": -35}
    assert body["events"][0]["cups_after"] == {"pagat": 85, "king": 85}


# --- balances and standings -----------------------------------------------------------------------


def test_season_standings_best_first(two_clubs, api):
    a = two_clubs["a"]
    body = api(a.users["member"]).get(f"/api/seasons/{a.season.pk}/standings/").json()
    assert [(row["name"], row["points"]) for row in body] == [
        ("Erik", 42),
        ("Bent", 13),
        ("Carl", -40),
        ("Dorte", -73),
        ("Anna", -112),
    ]
    assert body[0]["member"] == a.members["Erik"].pk


@pytest.mark.parametrize(("name", "points"), [("Anna", -112), ("Bent", 13), ("Carl", -40)])
def test_each_member_reads_their_own_balance(two_clubs, api, name, points):
    a = two_clubs["a"]
    member = a.members[name]
    role = {"Anna": "admin", "Bent": "scorer", "Carl": "member"}[name]
    body = api(a.users[role]).get(f"/api/members/{member.pk}/balance/").json()
    assert body == {
        "member": member.pk,
        "name": name,
        "saldo_ore": points,  # the two clubs' season plays at 1 øre a point
        "points": points,
        "seasons": [{"season": a.season.pk, "name": "2026", "points": points}],
        "unaccounted": [],
    }


def test_a_balance_counts_and_flags_money_no_record_accounts_for(two_clubs, api):
    """Two transactions appended through the ledger's services, Bent against Carl, with no club
    record: in the season's book (1 øre a point) +500,00 kr., and in a book no season has +40
    points (no point value, so not in the saldo). Bent had 13 points, 0,13 kr."""
    a = two_clubs["a"]
    bent, carl = (Member.objects.get(pk=a.members[name].pk) for name in ("Bent", "Carl"))
    posted = [
        ledger.post(
            reference="by hand",
            lines=[ledger.Line(bent.account_id, points), ledger.Line(carl.account_id, -points)],
            value_date=datetime.date(2026, 3, day),
            book=book,
        )
        for points, day, book in ((50000, 20, f"season:{a.season.pk}"), (40, 21, ""))
    ]

    answer = api(a.users["scorer"]).get(f"/api/members/{bent.pk}/balance/")

    assert answer.status_code == 200
    assert answer.json() == {
        "member": bent.pk,
        "name": "Bent",
        "saldo_ore": 13 + 50000,
        "points": 13 + 50000 + 40,
        "seasons": [{"season": a.season.pk, "name": "2026", "points": 13 + 50000}],
        "unaccounted": [
            {
                "transaction": posted[0].pk,
                "value_date": "2026-03-20",
                "book": f"season:{a.season.pk}",
                "amount": 50000,
                "ore": 50000,
            },
            {"transaction": posted[1].pk, "value_date": "2026-03-21", "book": "", "amount": 40, "ore": None},
        ],
    }


def test_the_admin_reads_every_balance_a_member_only_their_own(two_clubs, api):
    a = two_clubs["a"]
    erik = a.members["Erik"]
    assert api(a.users["admin"]).get(f"/api/members/{erik.pk}/balance/").json()["points"] == 42
    refused = api(a.users["member"]).get(f"/api/members/{erik.pk}/balance/")
    assert (refused.status_code, refused.json()) == (
        403,
        {"detail": "Only the member and the club's admins may see this."},
    )


# --- statements -----------------------------------------------------------------------------------


def test_a_member_downloads_their_statement_as_pdf(two_clubs, api):
    a = two_clubs["a"]
    carl = a.members["Carl"]
    response = api(a.users["member"]).get(f"/api/members/{carl.pk}/statements/2026-03.pdf")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="statement-{carl.pk}-2026-03.pdf"'
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Carl" in text
    assert "-40" in text.replace("−", "-")  # the March funding, his only money this season


def test_a_refused_statement_is_json_even_when_pdf_was_asked_for(two_clubs, api):
    a = two_clubs["a"]
    response = api(a.users["scorer"]).get(
        f"/api/members/{a.members['Carl'].pk}/statements/2026-03.pdf", HTTP_ACCEPT="application/pdf"
    )
    assert response.status_code == 403
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Only the member and the club's admins may see this."}


def test_a_month_that_does_not_exist_is_404(two_clubs, api):
    a = two_clubs["a"]
    response = api(a.users["member"]).get(f"/api/members/{a.members['Carl'].pk}/statements/2026-13.pdf")
    assert response.status_code == 404


# --- authentication -------------------------------------------------------------------------------


def test_a_token_authenticates(two_clubs):
    token = Token.objects.create(user=two_clubs["a"].users["scorer"])
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert ids(client.get("/api/clubs/")) == {two_clubs["a"].club.pk}
    response = client.post(
        f"/api/sittings/{two_clubs['a'].open_sitting.pk}/deals/", two_clubs["a"].open_deal_2, format="json"
    )
    assert (response.status_code, response.json()["entered_by"]) == (201, "Bent")


def test_drf_create_token_issues_the_token_the_api_accepts(two_clubs):
    out = io.StringIO()
    call_command("drf_create_token", "vestby-admin", stdout=out)
    token = Token.objects.get(user=two_clubs["a"].users["admin"])
    assert token.key in out.getvalue()
    assert APIClient(HTTP_AUTHORIZATION=f"Token {token.key}").get("/api/clubs/").status_code == 200


def test_no_or_a_wrong_token_answers_401_with_the_scheme(two_clubs):
    for client in (APIClient(), APIClient(HTTP_AUTHORIZATION="Token not-a-token")):
        response = client.get("/api/clubs/")
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == "Token"


def test_session_writes_need_the_csrf_token(two_clubs):
    """A logged-in browser is trusted only with Django's CSRF token; a token client needs none."""
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(two_clubs["a"].users["scorer"])
    assert client.get("/api/clubs/").status_code == 200
    refused = client.post(
        f"/api/sittings/{two_clubs['a'].open_sitting.pk}/deals/", two_clubs["a"].open_deal_2, format="json"
    )
    assert refused.status_code == 403
    assert refused.json()["detail"].startswith("CSRF Failed")
