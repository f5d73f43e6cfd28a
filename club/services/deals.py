"""Deals: recording them (one, or several as one), what a record settles to, and void records.

A deal is parsed and settled by its family from the state kept with the sitting, posted to the
ledger, and the kept state moves on, all under the sitting's lock in one transaction.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, OperationalError, transaction
from django.utils.translation import gettext as _

import rules
from ledger.models import Transaction

from .. import audit, inputs
from ..families import Family
from ..models import Deal, DealVersion, Sitting
from . import bookkeeping
from .sittings import Context, SittingError, lock_sitting, next_deal_number, state_as_json, state_from_json

logger = logging.getLogger(__name__)


class DealConflict(SittingError):
    """Someone else recorded this deal number first (or a number further on than the next).

    `taken` is the deal that holds the number the scorer asked for (None when the number lies
    beyond the next), `next_number` the number a deal would be recorded as now: the page shows
    the two deals side by side and lets the scorer say whether they are the same physical deal.
    """

    def __init__(self, message: str, *, taken: Deal | None = None, next_number: int | None = None):
        super().__init__(message)
        self.taken = taken
        self.next_number = next_number


class DealKeyReused(SittingError):
    """An idempotency key sent again with another deal than the one it recorded (deal `number`):
    answering with the first deal would drop the new one unseen, so nothing is recorded."""

    def __init__(self, number: int):
        super().__init__(_("This Idempotency-Key was already used for a different deal."))
        self.number = number


class SavedByAnotherUser(SittingError):
    """A deal a phone kept while offline, sent under the session of someone other than the
    scorer who saved it (a shared phone): it is recorded only under his own session."""


def check_saved_by(saved_by: int | None, *, by) -> None:
    """Refuse a deal that says it was saved by another user than `by`, who sends it. A deal that
    does not say (the API, an old page) is `by`'s."""
    if saved_by is not None and saved_by != getattr(by, "pk", None):
        raise SavedByAnotherUser(_("This deal was saved by another user: it is sent only when that user is signed in."))


def _conflict(sitting: Sitting, number: int | None, message: str) -> DealConflict:
    taken = (
        sitting.deals.select_related("current_version__entered_by").filter(number=number).first()
        if number is not None
        else None
    )
    return DealConflict(message, taken=taken, next_number=next_deal_number(sitting))


def scoped_key(key: str | None, *, by, sitting: Sitting) -> str | None:
    """A client's idempotency key as it is stored and looked up: with the user who sent it and
    the sitting it was sent for, on the web and the API alike. The same key from another user,
    or for another sitting (another club's), is another key: it never answers "already saved"
    for a deal it did not record, and never blocks one."""
    if not key:
        return None
    return f"{getattr(by, 'pk', None) or '-'}:{sitting.pk}:{key}"


@dataclass
class Recorded:
    deal: Deal
    version: DealVersion
    transactions: list[Transaction]
    created: bool  # False when an idempotency key returned an earlier result
    events: list[Any] | None = None  # what it settled to (a new deal only)
    names: list[str] | None = None  # the sitting's seats, as the events name them


def parse_record(record: Any, number: int, family: Family) -> Any:
    """The family's deal object of a record."""
    inputs.check_record(record, number)  # storable and bounded, before the engine reads it
    problems: list[rules.Problem] = []
    deal = family.rules_family.parse_deal(record, number, problems)
    if deal is None:
        raise rules.InvalidRecord(problems)
    return deal


def preview_deal(sitting: Sitting, record: Any) -> tuple[dict[str, int], list[Any]]:
    """What recording `record` as the next deal would post, writing nothing: what the table's own
    accounts held before it (by engine name: "cup:pagat", "cup:king", "pot") and the events.

    Raises `rules.InvalidRecord` with every problem when the record is refused.
    """
    context = Context.load(sitting)
    deal = parse_record(record, next_deal_number(sitting), context.family)
    state = state_from_json(Sitting.objects.values_list("state", flat=True).get(pk=sitting.pk), context.family)
    events, _state = context.family.rules_family.play(deal, context.names, state, context.rules)
    return context.family.held_after(state), events


def record_deal(
    sitting: Sitting, record: Any, *, by=None, idempotency_key: str | None = None, number: int | None = None
) -> Recorded:
    """Validate, settle and post the next deal of an open sitting.

    `number`, when given, is the deal number the scorer saw: if someone else recorded it
    first, `DealConflict` says so instead of silently recording a different deal. A repeated
    `idempotency_key` from the same user for the same sitting returns the first result (a double
    tap makes one deal).
    """
    by = audit.login_of(by)  # a first version is the deal's own history (its audit page), not a log line
    idempotency_key = scoped_key(idempotency_key, by=by, sitting=sitting)
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
            if idempotency_key and (earlier := _by_idempotency_key(idempotency_key, record)) is not None:
                return earlier
            raise _conflict(
                sitting, number, _("Deal %(number)s was just recorded by someone else.") % {"number": number or "?"}
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
    sitting = lock_sitting(sitting.pk)
    # Looked up under the sitting's lock: a double tap's second request waits here for the
    # first and then finds its key, rather than a deal number that has moved on.
    if idempotency_key and (earlier := _by_idempotency_key(idempotency_key, record)) is not None:
        return earlier
    if not sitting.is_open:
        raise SittingError(_("The sitting is closed."))
    next_number = next_deal_number(sitting)
    if number is not None and number < next_number:
        raise _conflict(
            sitting,
            number,
            _("Deal %(number)s is already recorded; the next deal is %(next)s.")
            % {"number": number, "next": next_number},
        )
    if number is not None and number > next_number:
        # A deal kept on a phone after one that was dropped: never a gap in the numbers.
        raise _conflict(
            sitting,
            None,
            _("Deal %(number)s cannot be recorded before deal %(next)s.") % {"number": number, "next": next_number},
        )
    recorded = _record_next(sitting, Context.load(sitting), record, next_number, by=by, idempotency_key=idempotency_key)
    _keep_state(sitting)
    return recorded


def _record_next(
    sitting: Sitting, context: Context, record: Any, number: int, *, by, idempotency_key: str | None = None
) -> Recorded:
    """Settle `record` as deal `number` from the sitting's kept state, post it, and move the
    kept state on (in memory: the caller saves `sitting.state`). Nothing here reads earlier deals."""
    parsed = parse_record(record, number, context.family)
    before = sitting.state
    events, after = context.family.rules_family.play(
        parsed, context.names, state_from_json(before, context.family), context.rules
    )

    deal = Deal.objects.create(sitting=sitting, number=number, state_before=before)
    version = DealVersion.objects.create(
        deal=deal, version=1, record=record, entered_by=by, idempotency_key=idempotency_key or None
    )
    deal.current_version = version
    deal.save(update_fields=["current_version"])
    posted = [
        bookkeeping.post_event(
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
    by = audit.login_of(by)
    with transaction.atomic():
        sitting = lock_sitting(sitting.pk)
        if not sitting.is_open:
            raise SittingError(_("The sitting is closed."))
        context = Context.load(sitting)
        first = next_deal_number(sitting)
        recorded = [_record_next(sitting, context, record, n, by=by) for n, record in enumerate(records, start=first)]
        _keep_state(sitting)
    return recorded


def _keep_state(sitting: Sitting) -> None:
    """Write the sitting's kept table state: an UPDATE alone (the audit log's save signal would
    read the row first, and the state is bookkeeping, never logged)."""
    Sitting.objects.filter(pk=sitting.pk).update(state=sitting.state)


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
    events, _after = family.rules_family.play(
        parsed, names, state_from_json(deal.state_before, family), sitting.season.ruleset()
    )
    return names, events


def _by_idempotency_key(key: str, record: Any) -> Recorded | None:
    """The deal `key` recorded, if it recorded `record`; `DealKeyReused` if another."""
    version = DealVersion.objects.select_related("deal").filter(idempotency_key=key).first()
    if version is None:
        return None
    # Compared as the JSON column gives a record back (a tuple as a list, a number key as text):
    # the same deal sent again is the same deal, however the caller built it.
    if version.record != json.loads(json.dumps(record)):
        raise DealKeyReused(version.deal.number)
    return Recorded(
        version.deal,
        version,
        list(Transaction.objects.filter(entry__deal_version=version, reverses__isnull=True)),
        created=False,
    )


# A deal recorded twice (or by mistake) is voided, never deleted: its new version is the record
# VOID, which settles nothing, so the correction reverses what the deal posted and the later
# events (none: it is the last deal) stay as they are. The rules engine is not asked: "nothing
# happened" is not a deal it can settle, so the club's replay skips a void record.

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


def repeats_last_deal(
    sitting: Sitting, record: Any, idempotency_key: str | None = None, number: int | None = None, *, by=None
) -> bool:
    """Whether `record` is the sitting's last deal again, dealer and all: an old page saved
    twice more likely than a deal played twice (the dealer moves on every deal, 001 L316).
    A key `by` already recorded here is no repeat: `record_deal` answers it with the first result;
    nor is a deal `number` that is not the next: `record_deal` answers it with `DealConflict`,
    which shows the deal that holds the number."""
    scoped = scoped_key(idempotency_key, by=by, sitting=sitting)
    if scoped and DealVersion.objects.filter(idempotency_key=scoped).exists():
        return False
    if number is not None and number != next_deal_number(sitting):
        return False
    last = sitting.deals.select_related("current_version").order_by("-number").first()
    return last is not None and last.current_version.record == record
