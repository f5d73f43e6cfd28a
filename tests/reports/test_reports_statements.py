"""Monthly statements: the figures of the hand-computed autumn (see conftest), and that they
always agree with the ledger's own balance query."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from club.months import Month
from club.reports.statements import build_statement, members_with_statements
from club.services.balances import member_balance
from club.services.corrections import correct_deal
from world.records import danish_deal

NOVEMBER = Month(2026, 11)


def test_month_parses_and_knows_its_days():
    month = Month.parse("2026-02")
    assert (month.first_day, month.last_day) == (datetime.date(2026, 2, 1), datetime.date(2026, 2, 28))
    assert (str(month.previous()), str(month.next())) == ("2026-01", "2026-03")
    assert str(Month(2026, 12).next()) == "2027-01"
    for bad in ("2026-13", "2026-1", "november"):
        with pytest.raises(ValueError):
            Month.parse(bad)


@pytest.mark.parametrize(
    "who, opening, sittings, corrections, closing, kroner_da, kroner_en",
    [
        ("anna", -26, 2, 0, -24, "−6,00 kr.", "−6.00 kr."),
        ("bent", 43, 2, -60, -15, "−3,75 kr.", "−3.75 kr."),
        ("carl", -17, -4, 60, 39, "9,75 kr.", "9.75 kr."),
    ],
)
def test_november_statement_by_hand(autumn, who, opening, sittings, corrections, closing, kroner_da, kroner_en):
    member = getattr(autumn, who)
    statement = build_statement(member, NOVEMBER)

    assert (statement.opening, statement.sittings_points, statement.corrections_points, statement.closing) == (
        opening, sittings, corrections, closing,
    )  # fmt: skip
    assert [(line.sitting.date, line.sitting.table.name, line.deals, line.points) for line in statement.sittings] == [
        (datetime.date(2026, 11, 4), "Bord 1", 2, sittings)
    ]
    # The correction of October's deal 1 is listed for everyone it touched, with its reason,
    # even Anna whose money it did not change.
    assert [(c.value_date, c.deal.number, c.deal.sitting.date, c.reason, c.points) for c in statement.corrections] == [
        (datetime.date(2026, 11, 20), 1, datetime.date(2026, 10, 20), "Carl took the last trick, not Bent", corrections)
    ]
    assert statement.season == autumn.season and statement.point_value_ore == 25
    with translation.override("da"):
        assert statement.closing_kroner_text == kroner_da
        assert statement.point_value_text == "0,25 kr."
    with translation.override("en"):
        assert statement.closing_kroner_text == kroner_en


def test_closing_balance_equals_the_ledgers_balance_query(autumn):
    """Whatever the month, opening + sittings + corrections = member_balance(until=month end)."""
    for member in (autumn.anna, autumn.bent, autumn.carl, autumn.dorte):
        for month in (Month(2026, 9), Month(2026, 10), NOVEMBER, Month(2026, 12)):
            statement = build_statement(member, month)
            assert statement.closing == member_balance(member, until=month.last_day), (member, month)
            assert statement.opening == member_balance(member, before=month.first_day)


def test_october_has_no_correction_yet(autumn):
    statement = build_statement(autumn.bent, Month(2026, 10))
    assert (statement.opening, statement.closing, statement.corrections) == (0, 43, [])
    assert [(line.sitting.date, line.points) for line in statement.sittings] == [(datetime.date(2026, 10, 20), 43)]


def test_december_carries_the_balance_without_activity(autumn):
    statement = build_statement(autumn.carl, Month(2026, 12))
    assert (statement.opening, statement.closing, statement.has_activity) == (39, 39, False)


def test_a_correction_in_the_same_month_as_its_sitting_is_not_counted_twice(autumn, booked_on):
    """November's deal 2 corrected in November: the sitting line keeps what was played, the
    correction line holds the change, and the two add up to the ledger."""
    table = anna, bent, carl = [autumn.anna.name, autumn.bent.name, autumn.carl.name]
    with booked_on(datetime.date(2026, 11, 25)):
        # 12 taroks meld 20 from each instead of 15: Carl +10, Anna and Bent -5 each.
        correct_deal(
            autumn.november_deals[1],
            danish_deal(bent, table, last_trick=anna, melds={carl: {"taroks": 12, "pagat": False}}),
            by=autumn.dorte.user,
            reason="Carl had 12 taroks",
        )
    statement = build_statement(autumn.carl, NOVEMBER)
    assert statement.sittings_points == -4
    assert [(c.deal.number, c.reason, c.points) for c in statement.corrections] == [
        (1, "Carl took the last trick, not Bent", 60),
        (2, "Carl had 12 taroks", 10),
    ]
    assert statement.closing == 49 == member_balance(autumn.carl, until=NOVEMBER.last_day)
    assert build_statement(autumn.anna, NOVEMBER).closing == -29 == member_balance(autumn.anna, until=NOVEMBER.last_day)


def test_members_with_statements_skips_the_idle_with_nothing_owed(autumn):
    names = [m.name for m in members_with_statements(autumn.club, NOVEMBER)]
    assert names == ["Anna Jensen", "Bent Ørsted", "Carl Åberg"]  # Dorte never plays
    assert [m.name for m in members_with_statements(autumn.club, Month(2026, 9))] == []
    assert len(members_with_statements(autumn.club, Month(2027, 1))) == 3  # balances carried


def test_october_statement_says_a_sitting_was_corrected_later(autumn):
    """Deal 1 of 20 October was corrected on 20 November (the conftest's autumn): October's
    statement keeps October's money and names the later correction, with Bent's −60 and Carl's
    +60 (the test above); Anna's money did not move, so hers names nothing."""
    october = Month(2026, 10)
    for who, points in (("bent", -60), ("carl", 60)):
        statement = build_statement(getattr(autumn, who), october)
        assert [(c.value_date, c.deal.number, c.reason, c.points) for c in statement.later_corrections] == [
            (datetime.date(2026, 11, 20), 1, "Carl took the last trick, not Bent", points)
        ]
    assert build_statement(autumn.anna, october).later_corrections == []
