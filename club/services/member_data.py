"""What the club holds about one member, for him to take away: his sittings, deals, postings,
payments and statements, by kind (`member_data`); club.reports.exports writes it as JSON or as a
zip of CSV files."""

from __future__ import annotations

import json
from typing import Any

from django.db.models import Q

from ledger.models import Posting

from ..models import Deal, Member, Seat
from . import money

# --- his data -------------------------------------------------------------------------------------


def member_data(member: Member) -> dict[str, list[dict[str, Any]]]:
    """Everything the club keeps about the member, by kind: himself, his sittings, the deals of
    his sittings, his postings, his payments and the months he has a statement for."""
    seats = Seat.objects.filter(member=member).select_related("sitting__table", "sitting__season")
    deals = Deal.objects.filter(sitting__seats__member=member).select_related("current_version")
    postings = Posting.objects.filter(Q(account__member=member) | Q(account__payer=member)).select_related(
        "transaction", "account"
    )
    payments = member.payments.order_by("paid_on", "pk")
    months = sorted(
        {p.transaction.value_date.strftime("%Y-%m") for p in postings} | {p.paid_on.strftime("%Y-%m") for p in payments}
    )
    return {
        "member": [
            {
                "id": member.pk,
                "club": member.club.slug,
                "name": member.name,
                "email": member.email,
                "role": member.role,
                "active": member.active,
                "saldo_ore": money.saldo(member),
            }
        ],
        "sittings": [
            {
                "sitting": seat.sitting_id,
                "date": seat.sitting.date.isoformat(),
                "table": seat.sitting.table.name,
                "season": seat.sitting.season.name,
                "seat": seat.position + 1,
                "points": seat.points,
            }
            for seat in seats.order_by("sitting__date", "sitting_id")
        ],
        "deals": [
            {
                "sitting": deal.sitting_id,
                "number": deal.number,
                "version": deal.current_version.version if deal.current_version else None,
                "record": json.dumps(deal.current_version.record if deal.current_version else None, ensure_ascii=False),
            }
            for deal in deals.order_by("sitting_id", "number")
        ],
        "postings": [
            {
                "date": posting.transaction.value_date.isoformat(),
                "book": posting.transaction.book,
                "reference": posting.transaction.reference,
                "account": posting.account.kind,
                "rule": posting.rule,
                "amount": posting.amount,
            }
            for posting in postings.order_by("transaction__value_date", "transaction_id", "pk")
        ],
        "payments": [
            {
                "date": payment.paid_on.isoformat(),
                "direction": payment.direction,
                "method": payment.method,
                "signed_ore": payment.signed_ore,
                "note": payment.note,
                "reverses": payment.reverses_id,
                "reason": payment.reason,
            }
            for payment in payments
        ],
        "statements": [{"month": month} for month in months],
    }
