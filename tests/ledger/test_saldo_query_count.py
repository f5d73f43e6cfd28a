"""A member's page and the API's balance cost the same SQL queries after 10 sittings or 200, over
months or years: his saldo and season results come from the balances the ledger keeps (one row
per account, book and month), and the money no club record accounts for from the set the database
keeps of it, never from a sum over his postings (issue 40: 4.5 s at 100,000 deals on PostgreSQL).

The counts are compared across sizes, not with a figure copied from the code's output; each page is
asked once first (its first request counts and keeps the sittings' statistics, `Seat.stats`).
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from club.models import Club, Member
from club.services import bookkeeping
from club.services.closing import close_sitting
from club.services.deals import record_deals
from ledger import services as ledger
from world.clubs import make_club, make_season, make_table, start_sitting
from world.records import SEATS, danish_deal

pytestmark = pytest.mark.django_db

FIRST_EVENING = datetime.date(2022, 1, 6)


def _plain(k: int) -> dict:
    """Deal `k` round Anna, Bent, Carl and Dorte: the forehand takes the last trick."""
    return danish_deal(SEATS[k % 4], SEATS, last_trick=SEATS[(k + 1) % 4])


def _club_with(sittings: int) -> tuple[Club, Member]:
    """A club whose Anna sat at `sittings` closed sittings of two deals, a week apart (200 weeks: four
    years of kept months), and one posting no club record accounts for. Anna has a login, and reads her own."""
    club = make_club(f"Klub {sittings}", f"klub-{sittings}", SEATS, usernames={"Anna": f"anna-{sittings}"})
    season = make_season(club, starts_on=FIRST_EVENING, ends_on=FIRST_EVENING + datetime.timedelta(weeks=210))
    table = make_table(club)
    for week in range(sittings):
        sitting = start_sitting(season, SEATS, at=table, date=FIRST_EVENING + datetime.timedelta(weeks=week))
        record_deals(sitting, [_plain(2 * week), _plain(2 * week + 1)])
        close_sitting(sitting, how="split")
    anna, bent = (Member.objects.get(club=club, name=name) for name in ("Anna", "Bent"))
    ledger.post(
        reference="by hand",
        lines=[ledger.Line(anna.account_id, 7), ledger.Line(bent.account_id, -7)],
        value_date=FIRST_EVENING,
        book=bookkeeping.season_book(season.pk),
    )
    return club, anna


def _queries(get, path: str) -> list[str]:
    assert get(path).status_code == 200  # the first request keeps the sittings' statistics
    with CaptureQueriesContext(connection) as captured:
        response = get(path)
    assert response.status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def _pages(club: Club, anna: Member) -> dict[str, list[str]]:
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(anna.user)
    api = APIClient()
    api.force_authenticate(anna.user)
    season = club.seasons.get()
    base = f"/c/{club.slug}/members/{anna.pk}/"
    return {
        "member page": _queries(browser.get, base),
        "member page of a season": _queries(browser.get, f"{base}?season={season.pk}"),
        "API balance": _queries(api.get, f"/api/members/{anna.pk}/balance/"),
    }


def _reads_postings(sql: str) -> bool:
    return re.search(r'\bFROM "?ledger_posting"?|JOIN "?ledger_posting"?', sql) is not None


def test_the_member_page_and_the_api_balance_cost_the_same_queries_after_10_or_200_sittings():
    counted = {size: _pages(*_club_with(size)) for size in (10, 200)}

    for page, queries in counted[200].items():
        assert len(counted[10][page]) == len(queries), page + ":\n" + "\n".join(queries)
        # The saldo and the results from the kept balances ...
        assert any("ledger_balance" in sql for sql in queries), page
        # ... and postings only where the database keeps them as unaccounted: never a sum over his history.
        over_postings = [sql for sql in queries if _reads_postings(sql)]
        assert over_postings, page  # the one posting no record accounts for is looked up ...
        assert all("club_unaccountedtransaction" in sql for sql in over_postings), "\n".join(over_postings)


def test_the_pages_still_show_the_saldo_and_the_unaccounted_posting():
    _club, anna = _club_with(3)
    api = APIClient()
    api.force_authenticate(anna.user)

    answer = api.get(f"/api/members/{anna.pk}/balance/").json()

    [stray] = answer["unaccounted"]
    assert stray["amount"] == 7
    # Three sittings' points, and the 7 by hand, at 1 øre a point; no payments.
    assert answer["points"] == sum(season["points"] for season in answer["seasons"])
    assert answer["saldo_ore"] == answer["points"]
