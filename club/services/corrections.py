"""Corrections: a new version of a deal, and every later event it changes re-posted; voiding
the last deal is a correction to the record VOID."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import audit
from ..inputs import MAX_REASON, TextRefused, clean_text
from ..models import Deal, DealVersion, Sitting
from . import bookkeeping
from .deals import VOID, is_void, parse_record
from .replay import Difference, compare, differences, expected_events, keep_states
from .sittings import SittingError, accounts_of, lock_later_sittings, lock_sitting


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
    actor, by = by, audit.login_of(by)
    try:
        reason = clean_text(reason, MAX_REASON)
    except TextRefused as error:
        raise SittingError(str(error)) from None
    if not reason:
        raise SittingError(_("A correction needs a reason."))
    if not is_void(record):
        parse_record(record, deal.number, deal.sitting.season.family)
    today = timezone.localdate()
    with transaction.atomic():
        # The corrected deal's sitting, then every later sitting of the table, in id order: the
        # replay below may re-post any of them. Recording locks one sitting only, so the two
        # never wait on each other in a circle.
        sitting = lock_sitting(deal.sitting_id)
        if sitting.season.closed_at is not None:
            # Its close settled what the tables held then (club.services.season_close).
            raise SittingError(
                _("The season %(season)s is closed: its deals no longer change.") % {"season": sitting.season}
            )
        lock_later_sittings(sitting)
        deal = Deal.objects.select_related("current_version").get(pk=deal.pk)
        version = DealVersion.objects.create(
            deal=deal, version=deal.current_version.version + 1, record=record, entered_by=by, reason=reason
        )
        deal.current_version = version
        deal.save(update_fields=["current_version"])
        audit.record(
            sitting.table.club_id, audit.Kind.DEAL_CORRECTED, by=actor, version=version.pk, void=is_void(record)
        )
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
                bookkeeping.reverse(txn, value_date=today, caused_by=version, by=by, memo=reason)
            if pair.expected_event is not None:
                item = pair.expected_event
                bookkeeping.post_event(
                    sitting=item.sitting,
                    event=item.event,
                    key=item.key,
                    accounts=accounts_of(item.sitting, item.sitting.seats.all()),
                    value_date=today,
                    deal_version=item.deal_version,
                    caused_by=version,
                    by=by,
                )
        keep_states(replay)
    return Correction(version, [p for p in changed if p.differs])


def void_last_deal(sitting: Sitting, *, by=None, reason: str, number: int | None = None) -> Correction:
    """Void the last deal of an open sitting: a correction to VOID, with a reason.

    `number`, when given, is the deal the scorer meant: if another deal was recorded since,
    or that deal is already void, nothing is written and `SittingError` says why.
    """
    with transaction.atomic():
        sitting = lock_sitting(sitting.pk)
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
