"""The ledger tests' scenario on the test world (tests/world): the world's club plays 2024, an
evening of four hand-computed deals, and what the ledger holds against what the rules engine says
a sitting settles to.

Helpers are fixtures (this folder is no package, so tests cannot import from here).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.db.models import Sum

import rules
from club.models import Club, Deal, DealVersion, Season, Sitting
from club.services import balances, bookkeeping
from ledger.models import Account, Posting, Transaction
from world.clubs import cups_of, make_user
from world.records import SEATS, danish_deal
from world.run_lines import say_at_the_end

SITTING_DATE = datetime.date(2024, 3, 7)

# --- PostgreSQL-only modules: collected on PostgreSQL, deselected (not skipped) on SQLite -------

POSTGRES_ONLY = ("test_postgres_guards.py", "test_ledger_locking.py", "test_postgres_app_role.py")
# SQLite's own guards (`ledger.triggers`); test_postgres_guards.py holds PostgreSQL's.
SQLITE_ONLY = ("test_sqlite_guards.py",)


def pytest_collection_modifyitems(config, items):
    other = SQLITE_ONLY if connection.vendor == "postgresql" else POSTGRES_ONLY
    here = __file__.rsplit("/", 1)[0]
    deselected = [item for item in items if str(item.path).startswith(here) and item.path.name in other]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if item not in deselected]
        say_at_the_end(config, not_run_here([item.path.name for item in deselected]))


def not_run_here(names: list[str]) -> str:
    """One line naming the other database's tests that were not run, and how to run them."""
    if connection.vendor == "postgresql":
        only, how = "SQLite only, not run on PostgreSQL", "env -u DATABASE_URL make test"
        modules_in_order = SQLITE_ONLY
    else:
        only, how = "PostgreSQL only, not run on SQLite", "DATABASE_URL=postgres://USER@HOST:5432/NAME make test"
        modules_in_order = POSTGRES_ONLY
    modules = ", ".join(f"{name} ({names.count(name)})" for name in modules_in_order if name in names)
    return f"{only}: {len(names)} tests in {modules}; to run them: {how}"


# --- the scenario: the test world's club (Anna to Erik at Bord 1) in 2024 -----------------------------


@pytest.fixture
def scorer(db):
    return make_user("scorer", password="not used")


@pytest.fixture
def season(club, make_season) -> Season:
    return make_season(club, "vlk-2010", year=2024)


@pytest.fixture
def sitting_date() -> datetime.date:
    return SITTING_DATE


# The sitting the settlement tests play (vlk-2010, Anna Bent Carl Dorte). Hand-computed nets
# are in test_ledger_record_deal.py; `DEAL_1_KING_LOST` is deal 1 as corrected.
DEAL_1 = danish_deal(
    "Anna",
    SEATS,
    melds={"Bent": {"taroks": 11, "pagat": True}},
    pagat={"holder": "Bent", "fate": "saved"},
    last_trick="Dorte",
)
DEAL_1_KING_LOST = DEAL_1 | {"kings": {"spades": {"holder": "Dorte", "fate": "lost"}}}
DEAL_2 = danish_deal(
    "Bent",
    SEATS,
    melds={"Carl": {"suits": {"hearts": "full"}}},
    pagat={"holder": "Anna", "fate": "ultimo"},
    last_trick="Anna",
)
DEAL_3 = danish_deal(
    "Carl",
    SEATS,
    kings={"hearts": {"holder": "Bent", "fate": "bagud"}},
    last_trick="Dorte",
    counts={"Carl": 39, "Bent": 19},
)
DEAL_4 = danish_deal(
    "Dorte",
    SEATS,
    melds={"Carl": {"matadors": 3}},
    pagat={"holder": "Carl", "fate": "lost"},
    last_trick="Anna",
    nolo="Dorte",
)


@pytest.fixture
def evening() -> list[dict]:
    return [DEAL_1, DEAL_2, DEAL_3, DEAL_4]


@pytest.fixture
def deal_1_king_lost() -> dict:
    return DEAL_1_KING_LOST


# --- what the ledger holds, and what the rules engine says it should --------------------------


def export(sitting: Sitting) -> dict:
    """The sitting as a sitting-format record, from its seats and current deal versions."""
    sitting = Sitting.objects.select_related("season", "table").get(pk=sitting.pk)
    opening = cups_of(sitting.table, before_sitting=sitting)
    record: dict[str, Any] = {
        "ruleset": sitting.season.preset,
        "overrides": sitting.season.overrides,
        "table": sitting.seat_names(),
        "cups": {"pagat": opening.pagat, "king": opening.king},
        "deals": [d.current_version.record for d in sitting.deals.select_related("current_version").order_by("number")],
    }
    if sitting.closed_how:
        record["close"] = sitting.closed_how
    return record


def ledger_view(sitting: Sitting) -> dict[str, int]:
    """Each seat's net over the sitting (club.services.balances) and what the table's cups hold after
    it (world.clubs.cups_of): the shape of `rules.replay(...)["balances"]`."""
    by_member = balances.sitting_totals(sitting)
    view = {seat.name: by_member.get(seat.member_id, 0) for seat in sitting.seats.all()}
    later = Sitting.objects.filter(table=sitting.table, pk__gt=sitting.pk).order_by("pk").first()
    cups = cups_of(sitting.table, before_sitting=later) if later else cups_of(sitting.table)
    if sitting.season.ruleset().cups:
        view |= {"cup:pagat": cups.pagat, "cup:king": cups.king}
    return view


@pytest.fixture
def replayed() -> Callable[[Sitting], dict[str, int]]:
    """`rules.replay` of the sitting exported from the database: its balances."""
    return lambda sitting: rules.replay(export(sitting))["balances"]


@pytest.fixture
def in_ledger() -> Callable[[Sitting], dict[str, int]]:
    return ledger_view


def row_counts() -> dict[str, int]:
    return {
        model.__name__: model.objects.count() for model in (Sitting, Deal, DealVersion, Transaction, Posting, Account)
    }


@pytest.fixture
def counts() -> Callable[[], dict[str, int]]:
    return row_counts


def postings_of(txn: Transaction) -> list[tuple[str, int, str]]:
    """(account, points, rule) of a transaction, accounts named as the rules engine names them."""

    def name(account: Account) -> str:
        if account.kind == bookkeeping.MEMBER:
            return account.member.name
        return {kind: name for name, kind in bookkeeping.table_kinds().items()}[account.kind]

    return sorted((name(p.account), p.amount, p.rule) for p in txn.postings.select_related("account__member"))


@pytest.fixture
def postings() -> Callable[[Transaction], list[tuple[str, int, str]]]:
    return postings_of


@pytest.fixture
def club_total() -> Callable[[Club], int]:
    """The sum of every posting of a club: zero, always (double entry)."""
    return lambda club: (
        Posting.objects.filter(transaction__entry__sitting__table__club=club).aggregate(total=Sum("amount"))["total"]
        or 0
    )
