"""A season closes: what the tables' cups hold of it is split or carried into the next season at
the money it holds, and the kroner paid into a table equal the kroner paid out plus what it holds,
whatever the seasons' point values (club.services.season_close; docs/money.md)."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from club.models import Season, SeasonEnd, SeasonSettlement, UnaccountedTransaction
from club.months import Month
from club.reports.statements import build_statement
from club.services import bookkeeping, money, opening, season_close, sittings
from club.services.corrections import correct_deal
from club.services.office import OfficeError
from club.services.sittings import InvalidSitting, SittingError
from ledger import services as ledger
from ledger.models import Account, Unit
from world.clubs import cups_of, play
from world.records import SEATS, danish_deal

pytestmark = pytest.mark.django_db

SPRING = datetime.date(2024, 3, 7)
AUTUMN = datetime.date(2024, 8, 1)
# Deal 1 of the ledger tests' evening: cups 85/85 after it (funding 80/80, Anna's stake 10).
DEAL_1 = danish_deal(
    "Anna", SEATS, melds={"Bent": {"taroks": 11, "pagat": True}}, pagat={"holder": "Bent", "fate": "saved"}
)
DEAL_1["last_trick"] = "Dorte"
# A Pagat ultimo in the new season: Anna takes what the Pagatkop holds.
ULTIMO = danish_deal("Anna", SEATS, pagat={"holder": "Anna", "fate": "ultimo"})


@pytest.fixture(autouse=True)
def _in_english():
    with translation.override("en"):
        yield


def ledger_check(*args) -> tuple[str, str | None]:
    out = io.StringIO()
    with translation.override("en"):
        try:
            call_command("ledger_check", *args, stdout=out)
        except CommandError as error:
            return out.getvalue(), str(error)
    return out.getvalue(), None


@pytest.fixture
def spring(club, make_season) -> Season:
    return make_season(
        club,
        name="Forår",
        starts_on=datetime.date(2024, 1, 1),
        ends_on=datetime.date(2024, 6, 30),
        point_value_ore=25,
        close=Season.Close.CARRY,
    )


@pytest.fixture
def autumn(club, make_season) -> Season:
    return make_season(
        club,
        name="Efterår",
        starts_on=datetime.date(2024, 7, 1),
        ends_on=datetime.date(2024, 12, 31),
        point_value_ore=50,
        close=Season.Close.SPLIT,
    )


def money_held(club, now: Season) -> int:
    """What the club's members are owed and the club keeps (its own account, its carry account and
    its holdings from paper at their seasons' values), plus what the tables hold at the value of
    the season `now` they are played in: nothing made or lost, to the øre. (Priced book by book,
    every ledger sums to nothing; what tells is pricing the cups as they will be paid out.)"""
    saldi = sum(money.saldi(club).values())
    values = {bookkeeping.season_book(s.pk): s.point_value_ore for s in Season.objects.filter(club=club)}
    kept = 0
    owner = bookkeeping.club_owner(club.pk)
    kinds = (bookkeeping.CLUB_OWN, bookkeeping.CARRY, bookkeeping.CARRY_ORE, bookkeeping.OPENING_POINTS)
    for account in Account.objects.filter(owner=owner, kind__in=kinds):
        for (_account, book), amount in ledger.balances_by_book([account.pk]).items():
            kept += amount if account.unit == Unit.ORE else amount * values[book]
    points = sum(ledger.balances(Account.objects.filter(owner__startswith="table:")).values())
    return saldi + kept + points * now.point_value_ore


def test_carried_at_the_money_it_holds_and_paid_out_at_the_new_value(
    club, table, spring, autumn, start_sitting, members
):
    first = start_sitting(spring, date=SPRING)
    play(first, [DEAL_1], close=True)
    assert cups_of(table) == (85, 85)  # 85 points at 25 øre: 21,25 kr. in each cup

    # The autumn (50 øre) may not play the spring's cups (25 øre) before the spring is closed.
    with pytest.raises(InvalidSitting, match="still holds 170 points of Forår at 25 øre"):
        start_sitting(autumn, date=AUTUMN)

    preview = season_close.preview(spring)
    assert [(t.carried, t.rest_ore) for t in preview.tables] == [({"cup:king": 42, "cup:pagat": 42}, 50)]
    season_close.close_season(spring, on=datetime.date(2024, 6, 30))
    assert cups_of(table) == (42, 42)  # 2125 øre = 42 points at 50 øre and 25 øre to the club
    settlement = SeasonSettlement.objects.get(season=spring, table=table)
    assert settlement.rest_ore == 50 and settlement.into == autumn
    assert settlement.out_transaction.memo and settlement.in_transaction.memo and settlement.rest_transaction.memo
    assert money_held(club, autumn) == 0
    # The settlement accounts for its three transactions: the database's kept set of unaccounted
    # ones (club 0035's triggers) holds none of them, so no member's page flags the close.
    moved = [settlement.out_transaction_id, settlement.in_transaction_id, settlement.rest_transaction_id]
    assert not UnaccountedTransaction.objects.filter(transaction_id__in=moved).exists()

    # A closed season takes no sitting and no correction.
    with pytest.raises(InvalidSitting, match="is closed"):
        start_sitting(spring, date=SPRING)
    with pytest.raises(SittingError, match="is closed"):
        correct_deal(first.deals.get(number=1), DEAL_1, reason="late")
    with pytest.raises(OfficeError, match="was closed on"):
        season_close.close_season(spring)

    second = start_sitting(autumn, date=AUTUMN)
    play(second, [ULTIMO], close=True)
    # Every øre paid into the cups is paid out or held, at the value it was paid in at.
    assert money_held(club, autumn) == 0
    output, error = ledger_check()
    assert error is None, output


def test_without_the_close_the_check_names_the_table(club, table, spring, autumn, start_sitting):
    """The old way, written past the services: the cups paid out at another season's value."""
    first = start_sitting(spring, date=SPRING)
    play(first, [DEAL_1], close=True)
    pagat = bookkeeping.table_accounts(table, ["cup:pagat"])["cup:pagat"]
    carry = ledger.account(bookkeeping.club_owner(club.pk), bookkeeping.CARRY, Unit.POINTS)
    # A forged transfer across books in points: 85 points of 25 øre out, 85 points of 50 øre in.
    out = ledger.post(
        reference="forged",
        lines=[ledger.Line(pagat.pk, -85), ledger.Line(carry.pk, 85)],
        value_date=SPRING,
        book=bookkeeping.season_book(spring.pk),
    )
    into = ledger.post(
        reference="forged",
        lines=[ledger.Line(carry.pk, -85), ledger.Line(pagat.pk, 85)],
        value_date=AUTUMN,
        book=bookkeeping.season_book(autumn.pk),
    )
    output, error = ledger_check()
    assert error is not None
    assert "carry account between seasons holds −21.25 kr." in output
    assert f"{out.pk}, {into.pk}" in output


def test_split_among_those_who_played(club, table, spring, autumn, start_sitting, members):
    first = start_sitting(spring, date=SPRING)
    play(first, [DEAL_1], close=True)
    before = {name: money.saldo(members[name]) for name in SEATS}
    plan = season_close.close_season(spring, how=SeasonEnd.SPLIT, on=datetime.date(2024, 6, 30))
    assert plan.tables[0].split == {"Anna": 43, "Bent": 43, "Carl": 42, "Dorte": 42}
    assert cups_of(table) == (0, 0)
    assert {name: money.saldo(members[name]) - before[name] for name in SEATS} == {
        "Anna": 43 * 25,
        "Bent": 43 * 25,
        "Carl": 42 * 25,
        "Dorte": 42 * 25,
    }
    assert money_held(club, autumn) == 0
    # Her statement of June shows her share on its own line, and ends at her saldo.
    statement = build_statement(members["Anna"], Month(2024, 6))
    assert [(line.season, line.points, line.ore) for line in statement.season_shares] == [(spring, 43, 1075)]
    assert statement.closing_ore == money.saldo(members["Anna"], before=datetime.date(2024, 7, 1))
    assert statement.unaccounted == []
    second = start_sitting(autumn, date=AUTUMN)  # the cups are empty: funded afresh at 50 øre
    play(second, [ULTIMO], close=True)
    assert money_held(club, autumn) == 0
    output, error = ledger_check()
    assert error is None, output


def test_refusals(club, table, spring, autumn, start_sitting):
    first = start_sitting(spring, date=SPRING)
    with pytest.raises(OfficeError, match="Close its open sittings first"):
        season_close.preview(spring)
    play(first, [DEAL_1], close=True)
    autumn.delete()
    with pytest.raises(OfficeError, match="no next season"):
        season_close.preview(spring, how=SeasonEnd.CARRY)


def test_command_dry_run_writes_nothing(club, table, spring, autumn, start_sitting):
    play(start_sitting(spring, date=SPRING), [DEAL_1], close=True)
    out = io.StringIO()
    with translation.override("en"):
        call_command("close_season", club.slug, "Forår", "--dry-run", stdout=out)
    assert "carried into Efterår as Kongekop 42, Pagatkop 42" in out.getvalue()
    assert "Dry run" in out.getvalue()
    spring.refresh_from_db()
    assert spring.closed_at is None and not SeasonSettlement.objects.exists()
    with translation.override("en"):
        call_command("close_season", club.slug, "Forår", stdout=out)
    spring.refresh_from_db()
    assert spring.closed_at is not None
    with translation.override("en"), pytest.raises(CommandError, match="was closed on"):
        call_command("close_season", club.slug, "Forår", stdout=out)


def test_a_hungarian_kassza_is_carried_at_its_money(club, table, make_season, start_sitting):
    """Paskievics with a kassza of 5 a head for a deal nobody plays: 40 points at 3 øre (1,20 kr.)
    are carried into a 7-øre season as 17 points (1,19 kr.) and 1 øre to the club."""
    overrides = {"pot": True, "pot_fund": 5}
    first_season = make_season(
        club,
        "paskievics",
        name="Ősz",
        starts_on=datetime.date(2024, 1, 1),
        ends_on=datetime.date(2024, 6, 30),
        overrides=overrides,
        point_value_ore=3,
        close=Season.Close.CARRY,
    )
    second_season = make_season(
        club,
        "paskievics",
        name="Tavasz",
        starts_on=datetime.date(2024, 7, 1),
        ends_on=datetime.date(2024, 12, 31),
        overrides=overrides,
        point_value_ore=7,
        close=Season.Close.SPLIT,
    )
    first = start_sitting(first_season, date=SPRING)
    play(first, [{"dealer": "Anna", "no_game": "all_pass"}], close=True)
    assert bookkeeping.table_balances(table)["pot"] == 40

    plan = season_close.close_season(first_season, on=datetime.date(2024, 6, 30))
    assert [(t.held, t.carried, t.rest_ore) for t in plan.tables] == [({"pot": 40}, {"pot": 17}, 1)]
    assert bookkeeping.table_balances(table)["pot"] == 17
    assert money_held(club, second_season) == 0

    second = start_sitting(second_season, date=AUTUMN)
    play(second, [{"dealer": "Anna", "no_game": "all_pass"}], close=True)
    assert bookkeeping.table_balances(table)["pot"] == 0
    assert money_held(club, second_season) == 0
    output, error = ledger_check()
    assert error is None, output


def test_cups_from_paper_that_never_played_are_carried_too(club, table, spring, autumn, start_sitting):
    """Cups carried over from paper into the spring, never played there: the spring's close carries
    them into the autumn, whose first sitting starts from them."""
    opening.carry_over_table(table, spring, {"cup:pagat": 45, "cup:king": 30}, on=SPRING)
    plan = season_close.close_season(spring, on=datetime.date(2024, 6, 30))
    assert [(t.carried, t.rest_ore, t.after_sitting) for t in plan.tables] == [
        ({"cup:king": 15, "cup:pagat": 22}, 25, None)
    ]
    first = start_sitting(autumn, date=AUTUMN)
    assert first.state == {"pagat": 22, "king": 15, "previous_dealer": None}
    play(first, [ULTIMO], close=True)
    assert money_held(club, autumn) == 0
    output, error = ledger_check()
    assert error is None, output


def test_the_old_way_is_seen(club, table, spring, autumn, start_sitting, monkeypatch):
    """Issue 37 as measured, with the start's guard taken away: the spring's cups (25 øre) paid out
    in the autumn (50 øre) without a close. The club pays out more than came in, and ledger_check
    names the cup."""
    play(start_sitting(spring, date=SPRING), [DEAL_1], close=True)
    monkeypatch.setattr(sittings, "_check_season_price", lambda season, table: None)
    play(start_sitting(autumn, date=AUTUMN), [ULTIMO], close=True)
    assert money_held(club, autumn) != 0
    output, error = ledger_check()
    assert error is not None
    assert "Pagatkop (Bord 1): " in output and "unaccounted for across the seasons" in output


def test_the_worked_example_of_the_money_page_is_what_the_close_does(club, table, spring, autumn, start_sitting):
    """docs/money.md's worked example, Bord 1's cups of 85 and 85 points of Forår at 25 øre closed
    into Efterår at 50 øre, says what the close does, figure for figure."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "money.md").read_text()
    section = " ".join(page.split("\n## A season closes\n")[1].split("\n## ")[0].split())
    play(start_sitting(spring, date=SPRING), [DEAL_1], close=True)
    split = season_close.preview(spring, how=SeasonEnd.SPLIT).tables[0].split

    season_close.close_season(spring, how=SeasonEnd.CARRY, on=datetime.date(2024, 6, 30))

    pagat, king = cups_of(table)
    rest = SeasonSettlement.objects.get(season=spring, table=table).rest_ore
    with translation.override("da"):
        held, rest_kr = money.format_ore(pagat * autumn.point_value_ore), money.format_ore(rest)
    assert (pagat, king, rest, held, rest_kr) == (42, 42, 50, "21,00 kr.", "0,50 kr.")
    assert f"The cups hold {pagat} and {king} points at {autumn.point_value_ore} øre" in section
    assert f"the club {rest_kr}, the carry account nothing" in section
    assert f"takes the Pagatkop's {pagat} points at {autumn.point_value_ore} øre, {held}" in section
    assert split == {"Anna": 43, "Bent": 43, "Carl": 42, "Dorte": 42}
    assert "pays 43, 43, 42 and 42 points of Forår (at 25 øre) to Anna, Bent, Carl and Dorte" in section
    assert "The same holds for a kassza." in section
