"""Closing a sitting: the split of the cups (or the pot) or their carrying on, previewed and posted."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ledger.models import Transaction

from .. import audit
from ..models import Season, Sitting
from . import bookkeeping
from .sittings import Context, SittingError, lock_sitting, state_from_json


def closing_event(sitting: Sitting) -> Any | None:
    """The close of a closed sitting as settled, from the state kept with the sitting."""
    if not sitting.closed_how:
        return None
    seats = list(sitting.seats.all())
    names = [seat.name for seat in seats]
    first_dealer = next(s.name for s in seats if s.member_id == sitting.first_dealer_id)
    family = sitting.season.family
    kept = state_from_json(sitting.state, family)
    held = family.held_after(kept)
    return family.close(names, held, sitting.season.ruleset(), sitting.closed_how, first_dealer, state=kept)


def preview_close(sitting: Sitting, how: str | None = None) -> Any:
    """What closing the sitting would post (the split, or nothing when the cups carry); writes nothing."""
    if not sitting.is_open:
        raise SittingError(_("The sitting is already closed."))
    context = Context.load(sitting)
    first_dealer = next(s.name for s in sitting.seats.all() if s.member_id == sitting.first_dealer_id)
    kept = state_from_json(sitting.state, context.family)
    how = how or sitting.season.close
    return context.family.close(context.names, context.held(), context.rules, how, first_dealer, state=kept)


def close_sitting(sitting: Sitting, *, by=None, how: str | None = None) -> Transaction | None:
    """Split the cups (or the pot) among the table or carry them on, as the season says;
    the sitting is then closed."""
    actor, by = by, audit.login_of(by)
    with transaction.atomic():
        sitting = lock_sitting(sitting.pk)
        if not sitting.is_open:
            raise SittingError(_("The sitting is already closed."))
        how = how or sitting.season.close
        context = Context.load(sitting)
        first_dealer = next(s.name for s in sitting.seats.all() if s.member_id == sitting.first_dealer_id)
        kept = state_from_json(sitting.state, context.family)  # the kept state
        held = context.family.held_after(kept)
        closing = context.family.close(context.names, held, context.rules, how, first_dealer, state=kept)
        sitting.closed_at = timezone.now()
        sitting.closed_how = how
        sitting.save(update_fields=["closed_at", "closed_how"])
        audit.record(
            sitting.table.club_id,
            audit.Kind.SITTING_CLOSED,
            by=actor,
            sitting=sitting.pk,
            carried=how == Season.Close.CARRY,
        )
        return bookkeeping.post_event(
            sitting=sitting, event=closing, key="close", accounts=context.accounts, value_date=sitting.date, by=by
        )
