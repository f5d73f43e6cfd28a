"""Disputes: a member objects to a deal; an official answers with a correction or a reason.

A dispute never moves money. Correcting the deal is `club.services.corrections.correct_deal`'s job; this
module only records that the correction answered the dispute.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import access, audit
from ..inputs import MAX_COMMENT, MAX_REASON, TextRefused, clean_text
from ..models import Deal, DealVersion, Dispute, Member, Sitting


class DisputeError(Exception):
    """A dispute operation that is not allowed; the message says why, for a member."""


def club_of(deal: Deal):
    return deal.sitting.season.club


def raise_dispute(deal: Deal, *, member: Member, comment: str) -> Dispute:
    """Any member of the deal's club may flag it, with a comment saying what looks wrong."""
    comment = _bounded_text(comment, MAX_COMMENT)
    if not comment:
        raise DisputeError(_("Say what looks wrong with the deal."))
    if member.club_id != club_of(deal).pk or not access.allows(member, access.DISPUTE):
        raise DisputeError(_("Only members of the club can dispute its deals."))
    with transaction.atomic():
        dispute = Dispute.objects.create(deal=deal, raised_by=member, comment=comment)
        audit.record(member.club_id, audit.Kind.DISPUTE_OPENED, by=member, dispute=dispute.pk)
    return dispute


def resolve_by_correction(dispute: Dispute, *, by: Member, version: DealVersion | None) -> Dispute:
    """Record that `version` (a correction of the disputed deal) answered the dispute."""
    if version is None or version.deal_id != dispute.deal_id or version.version < 2:
        raise DisputeError(_("Choose a correction of deal %(number)s.") % {"number": dispute.deal.number})
    return _resolve(dispute, by, resolution=Dispute.Resolution.CORRECTED, correction=version)


def close_dispute(dispute: Dispute, *, by: Member, reason: str) -> Dispute:
    """Close without a correction: the settlement stands, and the reason says why."""
    reason = _bounded_text(reason, MAX_REASON)
    if not reason:
        raise DisputeError(_("Give the reason the settlement stands."))
    return _resolve(dispute, by, resolution=Dispute.Resolution.CLOSED, close_reason=reason)


def _bounded_text(text: str | None, limit: int) -> str:
    try:
        return clean_text(text, limit)
    except TextRefused as error:
        raise DisputeError(str(error)) from None


def _resolve(dispute: Dispute, by: Member, **answer) -> Dispute:
    if not access.allows(by, access.RESOLVE) or by.club_id != club_of(dispute.deal).pk:
        raise DisputeError(_("Only an official of the club can resolve a dispute."))
    with transaction.atomic():
        dispute = Dispute.objects.select_for_update(of=("self",)).select_related("deal").get(pk=dispute.pk)
        if not dispute.is_open:
            raise DisputeError(_("This dispute is already resolved."))
        for field, value in answer.items():
            setattr(dispute, field, value)
        dispute.resolved_by = by
        dispute.resolved_at = timezone.now()
        # The answer only: what was raised stays as it was (the app role may change no other column).
        dispute.save(update_fields=[*answer, "resolved_by", "resolved_at"])
        audit.record(by.club_id, audit.Kind.DISPUTE_ANSWERED, by=by, dispute=dispute.pk)
    return dispute


def disputes_of_deal(deal: Deal) -> list[Dispute]:
    return list(_with_related(Dispute.objects.filter(deal=deal)))


def disputes_of_sitting(sitting: Sitting) -> list[Dispute]:
    """For the sitting page's `reports/_deal_disputes.html` partial (context: `disputes`)."""
    return list(
        _with_related(Dispute.objects.filter(deal__sitting=sitting)).order_by("deal__number", "raised_at", "pk")
    )


def _with_related(disputes):
    return disputes.select_related("deal__sitting__season__club", "raised_by", "resolved_by", "correction").order_by(
        "raised_at", "pk"
    )
