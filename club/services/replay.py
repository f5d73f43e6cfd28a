"""Replaying a table's history: the events its current records settle to, compared with what
the ledger holds. Corrections re-post the differences; `ledger_check` reports them (`check_table`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from ledger.models import Transaction

from ..models import Deal, DealVersion, Season, SeasonSettlement, Sitting, Table
from . import bookkeeping
from .deals import is_void, parse_record
from .sittings import state_as_json


@dataclass(frozen=True)
class ExpectedEvent:
    sitting: Sitting
    key: str  # "funding:N", "deal:N", "close"
    event: Any  # the family's settled event
    deal_version: DealVersion | None


@dataclass
class Difference:
    """One event of a sitting: the money the ledger holds for it and what it settles to now."""

    sitting: Sitting
    key: str
    posted: dict[int, int]  # account id -> points, as the ledger has it
    expected: dict[int, int]  # account id -> points, as the rules engine settles it now
    posted_transactions: list[Transaction] = field(default_factory=list)
    expected_event: ExpectedEvent | None = None

    @property
    def differs(self) -> bool:
        return self.posted != self.expected

    def delta(self) -> dict[int, int]:
        accounts = set(self.posted) | set(self.expected)
        return {
            a: self.expected.get(a, 0) - self.posted.get(a, 0)
            for a in accounts
            if self.expected.get(a, 0) != self.posted.get(a, 0)
        }


def _later_sittings(table: Table, from_sitting: Sitting) -> list[Sitting]:
    """The table's sittings from `from_sitting` on, each with its seats and its deals (current
    versions) in order. Deals come by a join on the table, not by a list of ids: no query
    grows with the number of deals (SQLite refuses an IN list of a thousand)."""
    later = Sitting.objects.filter(table=table, pk__gte=from_sitting.pk)
    # The replay stops after the first sitting that split its cups, the open one, or the table's
    # last of a season that closed since (its close moved the cups: club.services.season_close).
    last = (
        later.filter(Q(closed_how=Season.Close.SPLIT) | Q(closed_at__isnull=True) | Q(pk__in=_season_ends(table)))
        .order_by("pk")
        .values_list("pk", flat=True)
        .first()
    )
    if last is not None:
        later = later.filter(pk__lte=last)
    sittings = list(later.select_related("season", "table").prefetch_related("seats__member__account").order_by("pk"))
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in (
        Deal.objects.filter(sitting__in=later).select_related("current_version").order_by("sitting_id", "number")
    ):
        deals[deal.sitting_id].append(deal)
    for sitting in sittings:
        sitting.deals_in_order = deals[sitting.pk]
    return sittings


@dataclass
class Replay:
    """A table's history from one sitting on, settled afresh from its current records: every
    event, and the state the table was in before each deal and after each sitting's last."""

    sittings: list[Sitting]
    events: list[ExpectedEvent]
    state_before: dict[int, dict[str, Any]]  # deal id -> kept-state shape
    state_after: dict[int, dict[str, Any]]  # sitting id -> kept-state shape

    def stale_states(self) -> tuple[list[Deal], list[Sitting]]:
        """Deals and sittings whose kept state differs from the replay's."""
        deals = [d for s in self.sittings for d in s.deals_in_order if d.state_before != self.state_before[d.pk]]
        sittings = [s for s in self.sittings if s.state != self.state_after[s.pk]]
        return deals, sittings


def expected_events(table: Table, from_sitting: Sitting, replace: Mapping[int, Any] | None = None) -> Replay:
    """Settle the table's sittings from `from_sitting` on, from their current records.

    `replace` maps a deal id to a record to use instead of its current one (a correction not
    yet saved). The cups start from what the ledger holds before `from_sitting`. Replay stops
    after a sitting that split its cups: nothing later can depend on what came before it.
    """
    replace = replace or {}
    held = bookkeeping.table_balances(table, before_sitting=from_sitting)  # the cups and the pot
    replay = Replay([], [], {}, {})
    ends = set(_season_ends(table))
    for sitting in _later_sittings(table, from_sitting):
        replay.sittings.append(sitting)
        seats = sorted(sitting.seats.all(), key=lambda s: s.position)
        names = [seat.name for seat in seats]
        family, ruleset = sitting.season.family, sitting.season.ruleset()
        funding = family.opening(names, held, ruleset)
        if funding is not None:
            replay.events.append(ExpectedEvent(sitting, "funding:1", funding, None))
            held = {**held, **family.held_after(funding)}
        state = family.rules_family.state(held)
        for deal in sitting.deals_in_order:
            record = replace.get(deal.pk, deal.current_version.record)
            replay.state_before[deal.pk] = state_as_json(state, family)
            if is_void(record):
                continue  # a voided deal settles nothing and leaves the table as it was
            events, state = family.rules_family.play(parse_record(record, deal.number, family), names, state, ruleset)
            for event in events:
                replay.events.append(ExpectedEvent(sitting, f"{event.kind}:{deal.number}", event, deal.current_version))
        replay.state_after[sitting.pk] = state_as_json(state, family)
        held = {**held, **family.held_after(state)}
        if sitting.closed_how:
            first_dealer = next(s.name for s in seats if s.member_id == sitting.first_dealer_id)
            closing = family.close(names, held, ruleset, sitting.closed_how, first_dealer, state=state)
            replay.events.append(ExpectedEvent(sitting, "close", closing, None))
            held = {**held, **family.held_after(closing)}
            if sitting.closed_how == Season.Close.SPLIT or sitting.pk in ends:
                break
        else:
            break  # an open sitting is the table's last
    return replay


def compare(table: Table, replay: Replay) -> list[Difference]:
    """Pair every expected event with the transactions the ledger counts for it now."""
    sittings, expected = replay.sittings, replay.events
    posted: dict[tuple[int, str], list[Transaction]] = defaultdict(list)
    if sittings:
        for txn in bookkeeping.effective_transactions(table_id=table.pk, sittings=(sittings[0].pk, sittings[-1].pk)):
            posted[(txn.entry.sitting_id, txn.entry.event)].append(txn)
    used = {name for s in sittings for name in s.season.family.rules_family.table_accounts(s.season.ruleset())}
    own = {name: account.pk for name, account in bookkeeping.table_accounts(table, sorted(used)).items()}
    account_ids = {s.pk: own | bookkeeping.seat_account_ids(s.seats.all()) for s in sittings}
    pairs: list[Difference] = []
    for item in expected:
        ids = account_ids[item.sitting.pk]
        want: dict[int, int] = defaultdict(int)
        for line in item.event.items:
            for name, points in line["postings"].items():
                want[ids[name]] += points
        txns = posted.pop((item.sitting.pk, item.key), [])
        pairs.append(Difference(item.sitting, item.key, _sum_postings(txns), _nonzero(want), txns, item))
    by_pk = {s.pk: s for s in sittings}
    for (sitting_id, key), txns in posted.items():  # posted for an event that no longer happens
        pairs.append(Difference(by_pk[sitting_id], key, _sum_postings(txns), {}, txns, None))
    return pairs


def differences(table: Table, from_sitting: Sitting, replace: Mapping[int, Any] | None = None) -> list[Difference]:
    """Every event whose posted money differs from what the current records settle to."""
    return [pair for pair in compare(table, expected_events(table, from_sitting, replace)) if pair.differs]


@dataclass
class StateDifference:
    """A kept table state (`Deal.state_before`, or `Sitting.state` when `deal` is None) that
    differs from what replaying the records gives."""

    sitting: Sitting
    deal: Deal | None
    kept: dict[str, Any]
    replayed: dict[str, Any]


@dataclass
class TableCheck:
    differences: list[Difference]
    states: list[StateDifference]
    sittings: int  # how many were replayed


def check_table(table: Table) -> TableCheck:
    """Replay every sitting of the table and compare the ledger and the kept states with it
    (`ledger_check`). Each replay runs from the table's first sitting or one after a split close:
    those starting points cover every sitting exactly once."""
    check = TableCheck([], [], 0)
    for start in _segment_starts(table):
        replay = expected_events(table, start)
        check.sittings += len(replay.sittings)
        check.differences += [pair for pair in compare(table, replay) if pair.differs]
        deals, sittings = replay.stale_states()
        by_pk = {s.pk: s for s in replay.sittings}
        check.states += [
            StateDifference(by_pk[d.sitting_id], d, d.state_before, replay.state_before[d.pk]) for d in deals
        ]
        check.states += [StateDifference(s, None, s.state, replay.state_after[s.pk]) for s in sittings]
    return check


def keep_states(replay: Replay) -> int:
    """Store the replay's table states where the kept ones differ (a correction's cascade); the
    number of deals and sittings rewritten. States only: what the ledger holds is never touched here."""
    deals, sittings = replay.stale_states()
    for deal in deals:
        deal.state_before = replay.state_before[deal.pk]
    for sitting in sittings:
        sitting.state = replay.state_after[sitting.pk]
    Deal.objects.bulk_update(deals, ["state_before"], batch_size=100)
    Sitting.objects.bulk_update(sittings, ["state"], batch_size=100)
    return len(deals) + len(sittings)


def _segment_starts(table: Table) -> list[Sitting]:
    starts, previous_split = [], True
    ends = set(_season_ends(table))
    for sitting in Sitting.objects.filter(table=table).order_by("pk").only("pk", "closed_how"):
        if previous_split:
            starts.append(sitting)
        previous_split = sitting.closed_how == Season.Close.SPLIT or sitting.pk in ends
    return starts


def _season_ends(table: Table) -> list[int]:
    """The table's sittings after which a season's close moved what it held: the replay runs to
    them and starts afresh after them."""
    return list(
        SeasonSettlement.objects.filter(table=table, after_sitting__isnull=False).values_list(
            "after_sitting_id", flat=True
        )
    )


def _sum_postings(txns: list[Transaction]) -> dict[int, int]:
    total: dict[int, int] = defaultdict(int)
    for txn in txns:
        for account_id, points in txn.lines:
            total[account_id] += points
    return _nonzero(total)


def _nonzero(amounts: Mapping[int, int]) -> dict[int, int]:
    return {a: p for a, p in amounts.items() if p}
