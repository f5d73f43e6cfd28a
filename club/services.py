"""Domain operations on sittings and deals: the one way records become money.

Views, the API, imports and the demo all come through here. Each operation loads what the
rules engine needs (seats, the season's rule set, the cups' ledger state), lets `rules` validate
and settle, and hands the settled events to `club.money` to post through `ledger.services` — inside one database
transaction, with the sitting row locked, so nothing is ever half-written.
"""

from __future__ import annotations

import datetime
import logging
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, OperationalError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

import rules
from ledger.models import Transaction

from . import families, inputs, money
from .families import Family
from .models import Deal, DealVersion, Member, Season, Seat, Sitting, Table

logger = logging.getLogger(__name__)


class SittingError(Exception):
    """An operation the sitting's state does not allow; the message says why, for a member."""


class DealConflict(SittingError):
    """Someone else recorded this deal number first."""


# --- starting a sitting ----------------------------------------------------------------------


class InvalidSitting(SittingError):
    """A sitting that breaks a rule of starting one. `errors` maps each field of the request
    (season, table, members, first_dealer, date) to what is wrong with it, for a member; forms
    and serializers only translate them to their own fields."""

    def __init__(self, errors: Mapping[str, list[str]]):
        self.errors = {name: list(messages) for name, messages in errors.items()}
        super().__init__(" ".join(message for messages in self.errors.values() for message in messages))


def start_sitting(
    *,
    season: Season,
    table: Table,
    members: Sequence[Member],
    first_dealer: Member,
    date: datetime.date,
    by=None,
    closes_at_once: bool = False,
) -> Sitting:
    """Seat the members at a table in seat order (as many as the season's game seats: 3 to 5
    Danish, 2 to 5 Hungarian) and fund its empty cups (000 L69).

    The rules of starting a sitting live here and nowhere else: as many active members of the
    season's club as its game seats, each seated once, the first dealer among them, the table of
    the same club, the date inside the season, the table free, and nobody already seated at another
    open sitting (one member, one table at a time). `closes_at_once` is for an imported sitting,
    recorded after the fact and closed in the same transaction: it is never open alongside
    another, so its members may sit at an open sitting tonight.
    """
    names = [m.name for m in members]
    problems = season.family.validate_table(names, season.ruleset())
    if problems:
        raise rules.InvalidRecord(problems)
    _check_sitting(season, table, members, first_dealer, date)
    try:
        with transaction.atomic():
            # The table's last sitting, locked: a correction replaying it and its successors
            # (which holds it) finishes first, so the cups read below are the corrected ones.
            _lock_sittings(Sitting.objects.filter(table=table).order_by("-pk")[:1])
            if not closes_at_once:
                _check_seats_free(table, members)
            sitting = Sitting.objects.create(season=season, table=table, date=date, first_dealer=first_dealer)
            sitting.seats.bulk_create(
                sitting.seats.model(sitting=sitting, member=m, position=i, name=m.name) for i, m in enumerate(members)
            )
            for member in members:
                money.member_account(member)
            context = _Context.load(sitting)
            held = context.held()
            funding = context.family.opening(context.names, held, context.rules)
            if funding is not None:
                money.post_event(
                    sitting=sitting, event=funding, key="funding:1", accounts=context.accounts, value_date=date, by=by
                )
                held = {**held, **context.family.held_after(funding)}
            sitting.state = state_as_json(context.family.state(held), context.family)
            sitting.save(update_fields=["state"])
    except IntegrityError as error:
        raise SittingError(_("%(table)s already has an open sitting; close it first.") % {"table": table}) from error
    return sitting


def _check_sitting(
    season: Season, table: Table, members: Sequence[Member], first_dealer: Member, date: datetime.date
) -> None:
    errors: dict[str, list[str]] = defaultdict(list)
    if table.club_id != season.club_id:
        errors["table"].append(_("The table and the season must belong to the same club."))
    if any(m.club_id != season.club_id for m in members):
        errors["members"].append(_("Members, table and season must belong to the same club."))
    inactive = [m.name for m in members if not m.active]
    if inactive:
        errors["members"].append(_("%(names)s is no longer an active member.") % {"names": ", ".join(inactive)})
    if len({m.pk for m in members}) != len(members):
        errors["members"].append(_("A member can have only one seat."))
    if first_dealer not in members:
        errors["first_dealer"].append(_("The first dealer must sit at the table."))
    if not season.starts_on <= date <= season.ends_on:
        errors["date"].append(
            _("%(date)s is outside the season %(season)s (%(start)s to %(end)s).")
            % {"date": date, "season": season, "start": season.starts_on, "end": season.ends_on}
        )
    if errors:
        raise InvalidSitting(errors)


def _check_seats_free(table: Table, members: Sequence[Member]) -> None:
    if Sitting.objects.filter(table=table, closed_at__isnull=True).exists():
        raise SittingError(_("%(table)s already has an open sitting; close it first.") % {"table": table})
    # The members' rows are locked in a fixed order, so two scorers seating the same member at
    # two tables at once take turns, and the second finds the first's open sitting.
    list(Member.objects.select_for_update().filter(pk__in=[m.pk for m in members]).order_by("pk").values_list("pk"))
    taken = (
        Seat.objects.filter(member__in=members, sitting__closed_at__isnull=True)
        .select_related("sitting__table")
        .order_by("position")
    )
    for seat in taken:
        raise SittingError(
            _("%(member)s already sits at the open sitting at %(table)s; close it first.")
            % {"member": seat.name, "table": seat.sitting.table}
        )


# --- locks and the kept table state ----------------------------------------------------------
#
# Only sitting rows are locked (FOR NO KEY UPDATE OF the sitting alone: never the season or the
# table a join brings in), so two tables never wait on each other. An operation that touches
# several sittings of a table locks them in ascending id order, the one order everyone uses.


def _lock_sitting(pk: int) -> Sitting:
    return Sitting.objects.select_for_update(no_key=True, of=("self",)).select_related("season", "table").get(pk=pk)


def _lock_sittings(sittings) -> list[int]:
    return list(sittings.select_for_update(no_key=True, of=("self",)).values_list("pk", flat=True))


def _lock_later_sittings(sitting: Sitting) -> None:
    """Lock the table's sittings after `sitting` (already locked), in id order.

    A sitting started while we waited is not in the snapshot of the first locking statement;
    lock again until no new one appears (new ones have higher ids, so the order holds).
    """
    later = Sitting.objects.filter(table_id=sitting.table_id, pk__gt=sitting.pk).order_by("pk")
    locked = _lock_sittings(later)
    while list(later.values_list("pk", flat=True)) != locked:
        locked = _lock_sittings(later)


def state_as_json(state: Any, family: Family | None = None) -> dict[str, Any]:
    """The engine's table state as kept (`Sitting.state`, `Deal.state_before`), in its family's
    shape: Danish `{pagat, king, previous_dealer}`, Hungarian `{pot}` (Danish unless told)."""
    return (family or families.DANISH).state_as_json(state)


def state_from_json(data: Mapping[str, Any], family: Family | None = None) -> Any:
    """The engine's table state back from what `state_as_json` kept (Danish unless told)."""
    return (family or families.DANISH).state_from_json(data)


@dataclass
class _Context:
    """What the rules engine needs about a sitting, loaded in a fixed number of queries."""

    sitting: Sitting
    names: list[str]
    rules: Any  # the season's rule set, of its family
    accounts: money.AccountMap
    family: Family

    @classmethod
    def load(cls, sitting: Sitting) -> _Context:
        seats = list(sitting.seats.select_related("member__account").order_by("position"))
        family, ruleset = sitting.season.family, sitting.season.ruleset()
        return cls(
            sitting=sitting,
            names=[seat.name for seat in seats],
            rules=ruleset,
            accounts=_accounts(sitting, seats, family, ruleset),
            family=family,
        )

    def held(self) -> dict[str, int]:
        """What the table's own accounts hold now (the cups, or the pot)."""
        return money.table_balances(self.sitting.table)


def _accounts(sitting: Sitting, seats, family: Family | None = None, ruleset: Any = None) -> money.AccountMap:
    family = family or sitting.season.family
    ruleset = ruleset or sitting.season.ruleset()
    return money.accounts_for(sitting.table, seats, family.table_names(ruleset))


# --- recording a deal ------------------------------------------------------------------------


@dataclass
class Recorded:
    deal: Deal
    version: DealVersion
    transactions: list[Transaction]
    created: bool  # False when an idempotency key returned an earlier result
    events: list[rules.Event] | None = None  # what it settled to (a new deal only)
    names: list[str] | None = None  # the sitting's seats, as the events name them


def parse_record(record: Any, number: int, family: Family | None = None) -> Any:
    """The family's deal object of a record (Danish unless `family` says otherwise)."""
    inputs.check_record(record, number)  # storable and bounded, before the engine reads it
    problems: list[rules.Problem] = []
    deal = (family or families.DANISH).parse_deal(record, number, problems)
    if deal is None:
        raise rules.InvalidRecord(problems)
    return deal


def preview_deal(sitting: Sitting, record: Any) -> tuple[Any, list[Any]]:
    """What recording `record` as the next deal would post, writing nothing: what the table held
    before (Danish: the `rules.Cups`; Hungarian: its `TableState`, the pot) and the events.

    Raises `rules.InvalidRecord` with every problem when the record is refused.
    """
    context = _Context.load(sitting)
    deal = parse_record(record, _next_number(sitting), context.family)
    state = state_from_json(Sitting.objects.values_list("state", flat=True).get(pk=sitting.pk), context.family)
    events, _state = context.family.play(deal, context.names, state, context.rules)
    return getattr(state, "cups", state), events


def record_deal(
    sitting: Sitting, record: Any, *, by=None, idempotency_key: str | None = None, number: int | None = None
) -> Recorded:
    """Validate, settle and post the next deal of an open sitting.

    `number`, when given, is the deal number the scorer saw: if someone else recorded it
    first, `DealConflict` says so instead of silently recording a different deal. A repeated
    `idempotency_key` returns the first result (a double tap makes one deal).
    """
    give_up_at = time.monotonic() + SQLITE_WRITER_WAIT
    while True:
        try:
            with transaction.atomic():
                return _record(sitting, record, by, idempotency_key, number)
        except IntegrityError as error:
            if not _lost_a_race(error):
                # A broken invariant (a ledger trigger, a foreign key), not a race: a server
                # error, logged, never reported as someone else's deal.
                logger.exception("record_deal: sitting %s refused by the database", sitting.pk)
                raise
            # Lost a race the row lock could not prevent (SQLite has none): same key, or same number.
            if idempotency_key and (earlier := _by_idempotency_key(idempotency_key)) is not None:
                return earlier
            raise DealConflict(
                _("Deal %(number)s was just recorded by someone else.") % {"number": number or "?"}
            ) from None
        except OperationalError as error:
            # SQLite has no row lock to wait on: another writer holds the database, and SQLite
            # says so at once ("database is locked", or "database table is locked" in shared
            # cache). Wait for it as PostgreSQL's SELECT ... FOR UPDATE would, then try again:
            # the deal number is read afresh, so a lost race ends in DealConflict.
            if (
                not _sqlite_writer_busy(error)
                or transaction.get_connection().in_atomic_block
                or time.monotonic() > give_up_at
            ):
                raise
            time.sleep(0.02)


SQLITE_WRITER_WAIT = 20.0  # seconds record_deal waits for another SQLite writer before giving up


def _sqlite_writer_busy(error: OperationalError) -> bool:
    return transaction.get_connection().vendor == "sqlite" and "locked" in str(error)


# The unique constraints two scorers racing for the same deal can trip: PostgreSQL names the
# constraint; SQLite names its columns.
RACE_CONSTRAINTS = frozenset({"deal_number_unique_in_sitting", "deal_version_idempotency_key_unique"})
RACE_MESSAGES_SQLITE = frozenset(
    {
        "UNIQUE constraint failed: club_deal.sitting_id, club_deal.number",
        "UNIQUE constraint failed: club_dealversion.idempotency_key",
    }
)


def _lost_a_race(error: IntegrityError) -> bool:
    diag = getattr(error.__cause__, "diag", None)
    if diag is not None:
        return diag.constraint_name in RACE_CONSTRAINTS
    return str(error) in RACE_MESSAGES_SQLITE


def _record(sitting: Sitting, record: Any, by, idempotency_key: str | None, number: int | None) -> Recorded:
    sitting = _lock_sitting(sitting.pk)
    # Looked up under the sitting's lock: a double tap's second request waits here for the
    # first and then finds its key, rather than a deal number that has moved on.
    if idempotency_key and (earlier := _by_idempotency_key(idempotency_key)) is not None:
        return earlier
    if not sitting.is_open:
        raise SittingError(_("The sitting is closed."))
    next_number = _next_number(sitting)
    if number is not None and number != next_number:
        raise DealConflict(
            _("Deal %(number)s is already recorded; the next deal is %(next)s.")
            % {"number": number, "next": next_number}
        )
    recorded = _record_next(
        sitting, _Context.load(sitting), record, next_number, by=by, idempotency_key=idempotency_key
    )
    sitting.save(update_fields=["state"])
    return recorded


def _record_next(
    sitting: Sitting, context: _Context, record: Any, number: int, *, by, idempotency_key: str | None = None
) -> Recorded:
    """Settle `record` as deal `number` from the sitting's kept state, post it, and move the
    kept state on (in memory: the caller saves `sitting.state`). Nothing here reads earlier deals."""
    parsed = parse_record(record, number, context.family)
    before = sitting.state
    events, after = context.family.play(parsed, context.names, state_from_json(before, context.family), context.rules)

    deal = Deal.objects.create(sitting=sitting, number=number, state_before=before)
    version = DealVersion.objects.create(
        deal=deal, version=1, record=record, entered_by=by, idempotency_key=idempotency_key or None
    )
    deal.current_version = version
    deal.save(update_fields=["current_version"])
    posted = [
        money.post_event(
            sitting=sitting,
            event=event,
            key=f"{event.kind}:{number}",
            accounts=context.accounts,
            value_date=sitting.date,
            deal_version=version,
            caused_by=version,
            by=by,
        )
        for event in events
    ]
    sitting.state = state_as_json(after, context.family)
    return Recorded(
        deal, version, [t for t in posted if t is not None], created=True, events=events, names=context.names
    )


def record_deals(sitting: Sitting, records: Sequence[Any], *, by=None) -> list[Recorded]:
    """Record several deals in a row, as one: under one lock, all or none (an import)."""
    with transaction.atomic():
        sitting = _lock_sitting(sitting.pk)
        if not sitting.is_open:
            raise SittingError(_("The sitting is closed."))
        context = _Context.load(sitting)
        first = _next_number(sitting)
        recorded = [_record_next(sitting, context, record, n, by=by) for n, record in enumerate(records, start=first)]
        sitting.save(update_fields=["state"])
    return recorded


def _next_number(sitting: Sitting) -> int:
    return (sitting.deals.order_by("-number").values_list("number", flat=True).first() or 0) + 1


def settle_version(version: DealVersion) -> tuple[list[str], list[Any]]:
    """What `version` of its deal settles to (a funding before it if a cup ran dry, and the deal),
    from the state kept with the deal: the same whatever the number of deals before it."""
    deal = version.deal
    sitting = deal.sitting
    names = sitting.seat_names()
    if is_void(version.record):
        return names, []  # a voided deal settles nothing
    family = sitting.season.family
    parsed = parse_record(version.record, deal.number, family)
    events, _after = family.play(parsed, names, state_from_json(deal.state_before, family), sitting.season.ruleset())
    return names, events


def closing_event(sitting: Sitting) -> Any | None:
    """The close of a closed sitting as settled, from the state kept with the sitting."""
    if not sitting.closed_how:
        return None
    seats = list(sitting.seats.all())
    names = [seat.name for seat in seats]
    first_dealer = next(s.name for s in seats if s.member_id == sitting.first_dealer_id)
    family = sitting.season.family
    held = family.held_after(state_from_json(sitting.state, family))
    return family.close(names, held, sitting.season.ruleset(), sitting.closed_how, first_dealer)


def _by_idempotency_key(key: str) -> Recorded | None:
    version = DealVersion.objects.select_related("deal").filter(idempotency_key=key).first()
    if version is None:
        return None
    return Recorded(
        version.deal,
        version,
        list(Transaction.objects.filter(entry__deal_version=version, reverses__isnull=True)),
        created=False,
    )


# --- replaying a table's history: corrections and ledger_check -------------------------------


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
    # The replay stops after the first sitting that split its cups, or the open one.
    last = (
        later.filter(Q(closed_how=Season.Close.SPLIT) | Q(closed_at__isnull=True))
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
    held = money.table_balances(table, before_sitting=from_sitting)  # the cups and the pot
    replay = Replay([], [], {}, {})
    for sitting in _later_sittings(table, from_sitting):
        replay.sittings.append(sitting)
        seats = sorted(sitting.seats.all(), key=lambda s: s.position)
        names = [seat.name for seat in seats]
        family, ruleset = sitting.season.family, sitting.season.ruleset()
        funding = family.opening(names, held, ruleset)
        if funding is not None:
            replay.events.append(ExpectedEvent(sitting, "funding:1", funding, None))
            held = {**held, **family.held_after(funding)}
        state = family.state(held)
        for deal in sitting.deals_in_order:
            record = replace.get(deal.pk, deal.current_version.record)
            replay.state_before[deal.pk] = state_as_json(state, family)
            if is_void(record):
                continue  # a voided deal settles nothing and leaves the table as it was
            events, state = family.play(parse_record(record, deal.number, family), names, state, ruleset)
            for event in events:
                replay.events.append(ExpectedEvent(sitting, f"{event.kind}:{deal.number}", event, deal.current_version))
        replay.state_after[sitting.pk] = state_as_json(state, family)
        held = {**held, **family.held_after(state)}
        if sitting.closed_how:
            first_dealer = next(s.name for s in seats if s.member_id == sitting.first_dealer_id)
            closing = family.close(names, held, ruleset, sitting.closed_how, first_dealer)
            replay.events.append(ExpectedEvent(sitting, "close", closing, None))
            held = {**held, **family.held_after(closing)}
            if sitting.closed_how == Season.Close.SPLIT:
                break
        else:
            break  # an open sitting is the table's last
    return replay


def compare(table: Table, replay: Replay) -> list[Difference]:
    """Pair every expected event with the transactions the ledger counts for it now."""
    sittings, expected = replay.sittings, replay.events
    posted: dict[tuple[int, str], list[Transaction]] = defaultdict(list)
    if sittings:
        for txn in money.effective_transactions(table_id=table.pk, sittings=(sittings[0].pk, sittings[-1].pk)):
            posted[(txn.entry.sitting_id, txn.entry.event)].append(txn)
    used = {name for s in sittings for name in s.season.family.table_names(s.season.ruleset())}
    own = {name: account.pk for name, account in money.table_accounts(table, sorted(used)).items()}
    account_ids = {s.pk: own | money.seat_account_ids(s.seats.all()) for s in sittings}
    pairs: list[Difference] = []
    for item in expected:
        ids = account_ids[item.sitting.pk]
        want: dict[int, int] = defaultdict(int)
        for line in item.event.items:
            for name, points in line.postings.items():
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


def _segment_starts(table: Table) -> list[Sitting]:
    starts, previous_split = [], True
    for sitting in Sitting.objects.filter(table=table).order_by("pk").only("pk", "closed_how"):
        if previous_split:
            starts.append(sitting)
        previous_split = sitting.closed_how == Season.Close.SPLIT
    return starts


def _sum_postings(txns: list[Transaction]) -> dict[int, int]:
    total: dict[int, int] = defaultdict(int)
    for txn in txns:
        for account_id, points in txn.lines:
            total[account_id] += points
    return _nonzero(total)


def _nonzero(amounts: Mapping[int, int]) -> dict[int, int]:
    return {a: p for a, p in amounts.items() if p}


# --- correcting a deal -----------------------------------------------------------------------


@dataclass
class Correction:
    version: DealVersion
    differences: list[Difference]


def preview_correction(deal: Deal, record: Any) -> list[Difference]:
    """What correcting `deal` to `record` would change, deal by deal; writes nothing."""
    if not is_void(record):
        parse_record(record, deal.number, deal.sitting.season.family)
    return differences(deal.sitting.table, deal.sitting, replace={deal.pk: record})


def correct_deal(deal: Deal, record: Any, *, by=None, reason: str) -> Correction:
    """Keep a new version of the deal and re-post it and every later event it changes.

    Because a bagud doubles what the cup holds, a change early in a sitting moves money in
    later deals too: each event whose settlement changes is reversed and posted anew.
    """
    reason = (reason or "").strip()
    if not reason:
        raise SittingError(_("A correction needs a reason."))
    if not is_void(record):
        parse_record(record, deal.number, deal.sitting.season.family)
    today = timezone.localdate()
    with transaction.atomic():
        # The corrected deal's sitting, then every later sitting of the table, in id order: the
        # replay below may re-post any of them. Recording locks one sitting only, so the two
        # never wait on each other in a circle.
        sitting = _lock_sitting(deal.sitting_id)
        _lock_later_sittings(sitting)
        deal = Deal.objects.select_related("current_version").get(pk=deal.pk)
        version = DealVersion.objects.create(
            deal=deal, version=deal.current_version.version + 1, record=record, entered_by=by, reason=reason
        )
        deal.current_version = version
        deal.save(update_fields=["current_version"])
        replay = expected_events(sitting.table, sitting)
        # The corrected deal's own events are posted again even if its money did not change,
        # so the ledger names the version it settles. The sitting's opening funding (no
        # version) is not the deal's, even though it is keyed "funding:1" too.
        changed = [
            p
            for p in compare(sitting.table, replay)
            if p.differs or (p.expected_event is not None and p.expected_event.deal_version == version)
        ]
        for pair in changed:
            for txn in pair.posted_transactions:
                money.reverse(txn, value_date=today, caused_by=version, by=by, memo=reason)
            if pair.expected_event is not None:
                item = pair.expected_event
                money.post_event(
                    sitting=item.sitting,
                    event=item.event,
                    key=item.key,
                    accounts=_accounts(item.sitting, item.sitting.seats.all()),
                    value_date=today,
                    deal_version=item.deal_version,
                    caused_by=version,
                    by=by,
                )
        _keep_states(replay)
    return Correction(version, [p for p in changed if p.differs])


def _keep_states(replay: Replay) -> None:
    """Store the replay's table states where the kept ones changed (a correction's cascade)."""
    deals, sittings = replay.stale_states()
    for deal in deals:
        deal.state_before = replay.state_before[deal.pk]
    for sitting in sittings:
        sitting.state = replay.state_after[sitting.pk]
    Deal.objects.bulk_update(deals, ["state_before"], batch_size=100)
    Sitting.objects.bulk_update(sittings, ["state"], batch_size=100)


# --- voiding the last deal ------------------------------------------------------------------
#
# A deal recorded twice (or by mistake) is voided, never deleted: its new version is the record
# VOID, which settles nothing, so the correction reverses what the deal posted and the later
# events (none: it is the last deal) stay as they are. The rules engine is not asked: "nothing
# happened" is not a deal it can settle, so the club's replay skips a void record (above).

VOID: dict[str, Any] = {"void": True}


def is_void(record: Any) -> bool:
    """Exactly `VOID`: a record that says more than "void" is read (and refused) by the engine,
    so nothing unchecked is ever stored beside it."""
    return isinstance(record, Mapping) and len(record) == 1 and record.get("void") is True


def last_played_record(sitting: Sitting, before: int | None = None) -> dict[str, Any] | None:
    """The record of the sitting's last deal that was not voided (before deal `before`)."""
    deals = sitting.deals.select_related("current_version").order_by("-number")
    if before is not None:
        deals = deals.filter(number__lt=before)
    for deal in deals:
        if not is_void(deal.current_version.record):
            return deal.current_version.record
    return None


def repeats_last_deal(sitting: Sitting, record: Any, idempotency_key: str | None = None) -> bool:
    """Whether `record` is the sitting's last deal again, dealer and all: an old page saved
    twice more likely than a deal played twice (the dealer moves on every deal, 001 L316).
    A key already recorded is no repeat: `record_deal` answers it with the first result."""
    if idempotency_key and DealVersion.objects.filter(idempotency_key=idempotency_key).exists():
        return False
    last = sitting.deals.select_related("current_version").order_by("-number").first()
    return last is not None and last.current_version.record == record


def void_last_deal(sitting: Sitting, *, by=None, reason: str, number: int | None = None) -> Correction:
    """Void the last deal of an open sitting: a correction to VOID, with a reason.

    `number`, when given, is the deal the scorer meant: if another deal was recorded since,
    or that deal is already void, nothing is written and `SittingError` says why.
    """
    with transaction.atomic():
        sitting = _lock_sitting(sitting.pk)
        if not sitting.is_open:
            raise SittingError(_("The sitting is closed."))
        last = sitting.deals.select_related("current_version").order_by("-number").first()
        if last is None:
            raise SittingError(_("The sitting has no deal to void."))
        if number is not None and last.number != number:
            raise SittingError(
                _("Deal %(number)s is no longer the last deal; deal %(last)s is.")
                % {"number": number, "last": last.number}
            )
        if is_void(last.current_version.record):
            raise SittingError(_("Deal %(number)s is already void.") % {"number": last.number})
        return correct_deal(last, VOID, by=by, reason=reason)


# --- closing ---------------------------------------------------------------------------------


def preview_close(sitting: Sitting, how: str | None = None) -> Any:
    """What closing the sitting would post (the split, or nothing when the cups carry); writes nothing."""
    if not sitting.is_open:
        raise SittingError(_("The sitting is already closed."))
    context = _Context.load(sitting)
    first_dealer = next(s.name for s in sitting.seats.all() if s.member_id == sitting.first_dealer_id)
    return context.family.close(context.names, context.held(), context.rules, how or sitting.season.close, first_dealer)


def close_sitting(sitting: Sitting, *, by=None, how: str | None = None) -> Transaction | None:
    """Split the cups (or the pot) among the table or carry them on (brief §5); the sitting is
    then closed."""
    with transaction.atomic():
        sitting = _lock_sitting(sitting.pk)
        if not sitting.is_open:
            raise SittingError(_("The sitting is already closed."))
        how = how or sitting.season.close
        context = _Context.load(sitting)
        first_dealer = next(s.name for s in sitting.seats.all() if s.member_id == sitting.first_dealer_id)
        held = context.family.held_after(state_from_json(sitting.state, context.family))  # the kept state
        closing = context.family.close(context.names, held, context.rules, how, first_dealer)
        sitting.closed_at = timezone.now()
        sitting.closed_how = how
        sitting.save(update_fields=["closed_at", "closed_how"])
        return money.post_event(
            sitting=sitting, event=closing, key="close", accounts=context.accounts, value_date=sitting.date, by=by
        )


# --- importing and exporting a sitting record (sitting-format.md) ----------------------------


def import_sitting(
    *,
    season: Season,
    table: Table,
    data: Any,
    date: datetime.date,
    by=None,
    create_members: bool = False,
) -> Sitting:
    """Record a whole sitting from its record: seats, every deal, and the close if it has one.

    The record is validated as a whole first (`rules.InvalidRecord` lists every problem), then
    checked against the club: same rules as the season, same cups as the table holds, members
    known by name. All of it lands in one database transaction, or none of it does.
    """
    inputs.check_record(data, None, max_bytes=None)  # storable text; each deal is bounded as it is recorded
    rules.replay(data)  # every problem of every deal, before anything is written
    club = season.club
    _check_same_rules(season, data)
    names = list(data["table"])
    deals = data.get("deals", [])
    with transaction.atomic():
        # The table's last sitting, locked (start_sitting locks it again): its cups cannot move
        # between the check below and the new sitting's funding.
        _lock_sittings(Sitting.objects.filter(table=table).order_by("-pk")[:1])
        _check_same_cups(table, data)
        members = _members_by_name(club, names, create_members)
        first_dealer = deals[0]["dealer"] if deals else names[0]
        sitting = start_sitting(
            season=season,
            table=table,
            members=[members[n] for n in names],
            first_dealer=members[first_dealer],
            date=date,
            by=by,
            closes_at_once=bool(data.get("close")),
        )
        record_deals(sitting, deals, by=by)
        if data.get("close"):
            close_sitting(sitting, by=by, how=data["close"])
    sitting.refresh_from_db()
    return sitting


def _check_same_rules(season: Season, data: Mapping[str, Any]) -> None:
    # Compared as resolved rule sets: an override that repeats the preset's value is no change.
    preset = data.get("ruleset", rules.DEFAULT_PRESET)
    in_file = families.of(preset).ruleset(preset, data.get("overrides") or {})
    if in_file != season.ruleset():
        raise SittingError(
            _("The file is played by %(file)s, but the season %(season)s plays %(ours)s.")
            % {
                "file": _describe_rules(data.get("ruleset", rules.DEFAULT_PRESET), data.get("overrides") or {}),
                "season": season,
                "ours": _describe_rules(season.preset, season.overrides),
            }
        )


def _describe_rules(preset: str, overrides: Mapping[str, Any]) -> str:
    if not overrides:
        return preset
    return f"{preset} {dict(sorted(overrides.items()))}"


def _check_same_cups(table: Table, data: Mapping[str, Any]) -> None:
    family = families.of(data.get("ruleset"))
    in_file = family.holdings_in_record(data)
    held = money.table_balances(table)
    if family is families.HUNGARIAN:
        if in_file["pot"] != held["pot"]:
            raise SittingError(
                _("The file starts with the ultimókassza at %(file)s, but %(table)s holds %(held)s.")
                % {"file": in_file["pot"], "table": table, "held": held["pot"]}
            )
        return
    file_cups, cups = rules.Cups(in_file["cup:pagat"], in_file["cup:king"]), money.cups_of(table)
    if file_cups != cups:
        raise SittingError(
            _(
                "The file starts with Pagatkop %(file_pagat)s and Kongekop %(file_king)s, "
                "but %(table)s holds Pagatkop %(pagat)s and Kongekop %(king)s."
            )
            % {
                "file_pagat": file_cups.pagat,
                "file_king": file_cups.king,
                "table": table,
                "pagat": cups.pagat,
                "king": cups.king,
            }
        )


def _members_by_name(club, names: Sequence[str], create: bool) -> dict[str, Member]:
    found = {m.name: m for m in Member.objects.filter(club=club, name__in=names)}
    missing = [n for n in names if n not in found]
    if missing and not create:
        raise SittingError(_("%(club)s has no member called %(names)s.") % {"club": club, "names": ", ".join(missing)})
    for name in missing:
        found[name] = Member.objects.create(club=club, name=name)
    return found  # whether they may sit, start_sitting says


def export_sitting(sitting: Sitting) -> dict[str, Any]:
    """The sitting as a record: its rules, seats, opening cups, current deals and close.

    `python -m rules replay` on the result settles to what the ledger holds for the sitting.
    """
    season = sitting.season
    held = money.table_balances(sitting.table, before_sitting=sitting)
    record: dict[str, Any] = {"ruleset": season.preset}
    if season.overrides:
        record["overrides"] = season.overrides
    record["table"] = sitting.seat_names()
    record |= season.family.record_holdings(held, season.ruleset())  # "cups", or a "pot"
    # A voided deal is left out: the format has no "nothing happened" deal (later numbers shift).
    deals = sitting.deals.select_related("current_version").order_by("number")
    record["deals"] = [deal.current_version.record for deal in deals if not is_void(deal.current_version.record)]
    if sitting.closed_how:
        record["close"] = sitting.closed_how
    record["date"] = sitting.date.isoformat()  # an envelope key of both families; import reads it
    return record
