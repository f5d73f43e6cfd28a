"""The one module that maps payments to ledger postings, and reads them back.

A payment moves øre between the member's payments account and the club's till: paid in, the
member's account gains the amount (his saldo rises) and the till loses it (the ledger keeps the
till as the opposite of the cash it holds, so every transaction sums to zero); paid out, the
reverse. A reversal is the ledger's exact negation of the payment's transaction.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from django.db.models import Sum
from django.utils.translation import gettext as _

from ledger import services as ledger
from ledger.models import Account, Posting, Transaction

from ..models import Club, Payment

RULE = "payment"


def post(payment: Payment, *, by=None) -> Transaction:
    """The ledger transaction of a new payment (not a reversal)."""
    signed = payment.signed_ore
    return ledger.post_transfer(
        club_id=payment.club_id,
        amounts={ledger.payments_account(payment.member): signed, ledger.till_account(payment.club_id): -signed},
        rule=RULE,
        value_date=payment.paid_on,
        by=by,
        memo=payment.note,
    )


def post_reversal(original: Payment, reversal: Payment, *, by=None) -> Transaction:
    assert original.transaction is not None
    return ledger.reverse(original.transaction, value_date=reversal.paid_on, by=by, memo=reversal.reason)


def holding(club: Club) -> int:
    """What the till holds in øre: everything paid in, less everything paid out."""
    total = Posting.objects.filter(account__club=club, account__kind=Account.Kind.TILL).aggregate(t=Sum("points"))["t"]
    return -(total or 0)


def paid(club: Club, *, before=None) -> dict[int, int]:
    """Member id -> the sum of his payments in øre (+ in, − out), from his payments account."""
    postings = Posting.objects.filter(account__club=club, account__kind=Account.Kind.PAYMENTS)
    if before is not None:
        postings = postings.filter(transaction__value_date__lt=before)
    rows = postings.values_list("account__payer_id").annotate(total=Sum("points"))
    return dict(rows)


def check(clubs) -> Iterator[str]:
    """For `ledger_check`: each payment's transaction moves exactly its amount between the member
    and the till; each member's payments account and the till hold the sum of the payments."""
    for club in clubs:
        expected: dict[int, int] = defaultdict(int)
        lines: dict[int, dict[tuple[str, int | None], int]] = defaultdict(dict)
        rows = Posting.objects.filter(transaction__payment__club=club).values_list(
            "transaction_id", "account__kind", "account__payer_id", "points"
        )
        for txn, kind, payer, points in rows:
            lines[txn][(kind, payer)] = lines[txn].get((kind, payer), 0) + points
        for payment in club.payments.order_by("pk"):
            expected[payment.member_id] += payment.signed_ore
            want = {
                (Account.Kind.PAYMENTS, payment.member_id): payment.signed_ore,
                (Account.Kind.TILL, None): -payment.signed_ore,
            }
            if payment.transaction_id is None or lines.get(payment.transaction_id) != want:
                yield _(
                    "%(club)s / payment %(id)s (%(member)s, %(date)s): its ledger transaction does not move %(amount)s øre."
                ) % {
                    "club": club.slug,
                    "id": payment.pk,
                    "member": payment.member.name,
                    "date": payment.paid_on.isoformat(),
                    "amount": payment.signed_ore,
                }
        found = paid(club)
        names = dict(club.members.values_list("pk", "name"))
        for member_id in sorted(set(found) | set(expected)):
            if found.get(member_id, 0) != expected.get(member_id, 0):
                yield _(
                    "%(club)s / %(member)s: payments account holds %(found)s øre, his payments sum to %(expected)s."
                ) % {
                    "club": club.slug,
                    "member": names.get(member_id, member_id),
                    "found": found.get(member_id, 0),
                    "expected": expected.get(member_id, 0),
                }
        total = sum(expected.values())
        if holding(club) != total:
            yield _("%(club)s / till: holds %(found)s øre, the payments sum to %(expected)s.") % {
                "club": club.slug,
                "found": holding(club),
                "expected": total,
            }
