"""Balances and standings (club.services.balances) over a season, by hand.

Season 2024 (vlk-2010):
- Bord 1, 7 March: the evening of test_ledger_record_deal.py, split at the close: the cups' 295
  go 74 each to Anna, Bent, Carl and 73 to Dorte. Anna 144, Bent -246, Carl -21, Dorte 123.
- Bord 2, 11 April: Bent, Carl, Erik. Funding 20 from each into each cup (each -40, cups
  60/60); Erik deals: stake 10, Bent's last trick 20 from Erik and Carl. Bent 0, Carl -60,
  Erik -70; the cups hold 65/65 and stay open.
Season 2025 (schwartz-1847, no cups), Bord 1, 1 February: Anna deals, Carl saves the Pagat:
  5 from Anna and from Bent.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from club.models import Deal
from club.services import balances
from club.services.closing import close_sitting
from club.services.corrections import correct_deal
from club.services.deals import record_deal
from world.records import danish_deal

pytestmark = pytest.mark.django_db

MARCH, APRIL = datetime.date(2024, 3, 7), datetime.date(2024, 4, 11)


@pytest.fixture
def season_2024(club, season, start_sitting, make_table, evening):
    first = start_sitting(season, date=MARCH)
    for record in evening:
        record_deal(first, record)
    close_sitting(first)
    bord_2 = make_table(club, "Bord 2")
    second = start_sitting(season, "Bent Carl Erik", at=bord_2, date=APRIL)
    record_deal(second, danish_deal("Erik", "Bent Carl Erik", last_trick="Bent"))
    return first, second


def test_season_standings_best_first(season, season_2024):
    assert [(s.name, s.points) for s in balances.season_standings(season)] == [
        ("Anna", 144),
        ("Dorte", 123),
        ("Erik", -70),
        ("Carl", -81),
        ("Bent", -246),
    ]


def test_member_balances_by_date_month_and_sitting(season, season_2024, members):
    first, second = season_2024
    carl = members["Carl"]
    assert balances.member_balance(carl) == -81
    assert balances.member_balance(carl, season=season) == -81
    assert balances.member_balance(carl, until=datetime.date(2024, 3, 31)) == -21
    assert balances.member_balance(carl, before=APRIL) == -21
    assert balances.member_balance(carl, until=APRIL) == -81
    assert balances.member_months(carl, season) == {datetime.date(2024, 3, 1): -21, datetime.date(2024, 4, 1): -60}
    assert balances.member_by_sitting(carl, season) == [(first.pk, MARCH, -21), (second.pk, APRIL, -60)]
    assert balances.member_balance(members["Erik"], before=APRIL) == 0


def test_sitting_totals_and_table_cups(season_2024, members, table):
    first, second = season_2024
    assert balances.sitting_totals(second) == {members["Bent"].pk: 0, members["Carl"].pk: -60, members["Erik"].pk: -70}
    assert balances.sitting_totals(first) == {
        members["Anna"].pk: 144,
        members["Bent"].pk: -246,
        members["Carl"].pk: -21,
        members["Dorte"].pk: 123,
    }
    assert balances.table_cups(table) == {"pagat": 0, "king": 0}  # split at the close
    assert balances.table_cups(second.table) == {"pagat": 65, "king": 65}


def test_members_and_cups_sum_to_zero_over_the_club(club, season, season_2024, club_total):
    members_total = sum(s.points for s in balances.season_standings(season))
    _first, second = season_2024
    cups = balances.table_cups(second.table)
    assert members_total == -130 and cups["pagat"] + cups["king"] == 130
    assert club_total(club) == 0


def test_a_correction_counts_in_its_sitting_and_on_the_day_it_was_made(
    club, season, season_2024, members, deal_1_king_lost, club_total
):
    first, _second = season_2024
    today = timezone.localdate()  # the value date corrections get
    correct_deal(Deal.objects.get(sitting=first, number=1), deal_1_king_lost, reason="King of spades lost")

    # Dorte: -15 for the King, +3 from the split (76 of 305 instead of 73 of 295).
    dorte = members["Dorte"]
    assert balances.member_months(dorte, season) == {datetime.date(2024, 3, 1): 123, today.replace(day=1): -12}
    assert balances.member_by_sitting(dorte, season) == [(first.pk, MARCH, 111)]
    assert balances.member_balance(dorte, before=today) == 123
    assert balances.member_balance(dorte) == 111
    assert [(s.name, s.points) for s in balances.season_standings(season)] == [
        ("Anna", 152),
        ("Dorte", 111),
        ("Erik", -70),
        ("Carl", -79),
        ("Bent", -244),
    ]
    assert club_total(club) == 0


def test_standings_are_per_season(club, season, season_2024, make_season, start_sitting, members, club_total):
    # Bent and Carl leave Bord 2 first (one open sitting per member); carrying the cups on moves no
    # member's points, so the 2024 figures stand. A sitting's date lies inside its season.
    close_sitting(season_2024[1], how="carry")
    old_book = make_season(club, "schwartz-1847", name="2025", year=2025)
    sitting = start_sitting(old_book, "Anna Bent Carl", date=datetime.date(2025, 2, 1))
    record_deal(
        sitting, danish_deal("Anna", "Anna Bent Carl", pagat={"holder": "Carl", "fate": "saved"}, last_trick="Bent")
    )

    assert [(s.name, s.points) for s in balances.season_standings(old_book)] == [
        ("Carl", 10),
        ("Anna", -5),
        ("Bent", -5),
    ]
    assert [(s.name, s.points) for s in balances.season_standings(season)][0] == ("Anna", 144)
    assert balances.member_balance(members["Carl"]) == -71
    assert balances.member_balance(members["Carl"], season=old_book) == 10
    assert club_total(club) == 0
