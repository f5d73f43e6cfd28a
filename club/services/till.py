"""The one module that maps payments to ledger postings, and reads them back.

A payment moves øre between the member's payments account (owner "member:<id>", kind "payments",
linked as `Member.payments_account`) and the club's till (owner "club:<id>", kind "till"), in the
ledger's book of payments: paid in, the member's account gains the amount (his saldo rises) and
the till loses it (the ledger keeps the till as the opposite of the cash it holds, so every
transaction sums to zero); paid out, the reverse. A reversal is the ledger's exact negation of
the payment's transaction. Balances are read from the ledger's kept balances.

A saldo carried over from paper (`Payment.Method.OPENING`, club.services.opening) moves øre the
same way, between the member's payments account and the club's opening-balance account (owner
"club:<id>", kind "opening") instead of the till: no cash changed hands.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterator

from django.db.models import CharField, OuterRef, Subquery, Value
from django.db.models.functions import Cast, Concat
from django.utils.translation import gettext as _

from ledger import services as ledger
from ledger.models import Account, Posting, Transaction, Unit

from ..models import Club, Member, Payment
from .bookkeeping import MEMBER_OWNER, OPENING, PAYMENTS, PAYMENTS_BOOK, TILL, club_owner, member_owner

RULE = "payment"


def till_account(club_id: int) -> Account:
    """The club's till, opened with the club's first payment."""
    return ledger.account(club_owner(club_id), TILL, Unit.ORE)


def opening_account(club_id: int) -> Account:
    """The club's opening-balance account, opened with the first saldo carried over from paper."""
    return ledger.account(club_owner(club_id), OPENING, Unit.ORE)


def counter_account(payment: Payment) -> Account:
    """Where a payment's money comes from or goes to: the till, or for a saldo carried over from
    paper the club's opening-balance account."""
    return opening_account(payment.club_id) if payment.is_opening else till_account(payment.club_id)


def payments_account(member: Member) -> Account:
    """The member's payments account, opened with his first payment and linked from the member.
    Found by its owner and kind, never by a link an older copy of the member may hold."""
    account = ledger.account(member_owner(member.pk), PAYMENTS, Unit.ORE)
    if member.payments_account_id != account.pk:
        Member.objects.filter(pk=member.pk, payments_account__isnull=True).update(payments_account=account)
        member.payments_account = account
    return account


def payments_accounts(members: list[Member]) -> dict[int, Account]:
    """`payments_account` of many members, by member id: three statements for any number (an
    import's opening saldi). Each member's link is written only where it is empty, as there."""
    found = ledger.accounts_of([member_owner(member.pk) for member in members], PAYMENTS, Unit.ORE)
    accounts = {member.pk: found[member_owner(member.pk)] for member in members}
    unlinked = [member.pk for member in members if member.payments_account_id != accounts[member.pk].pk]
    if unlinked:
        owner = Concat(Value(MEMBER_OWNER), Cast(OuterRef("pk"), output_field=CharField()))
        account = Account.objects.filter(owner=owner, kind=PAYMENTS).values("pk")[:1]
        Member.objects.filter(pk__in=unlinked, payments_account__isnull=True).update(payments_account=Subquery(account))
    for member in members:
        member.payments_account = accounts[member.pk]
    return accounts


def post(payment: Payment, *, by=None) -> Transaction:
    """The ledger transaction of a new payment (not a reversal)."""
    entry = _entry(payment, payments_account(payment.member), counter_account(payment))
    return ledger.post(
        reference=entry.reference,
        lines=entry.lines,
        value_date=entry.value_date,
        book=entry.book,
        by=by,
        memo=entry.memo,
    )


def post_many(payments: list[Payment], *, by=None) -> list[Transaction]:
    """`post` for many new payments (an import's opening saldi), in a few statements whatever their number."""
    accounts = payments_accounts([payment.member for payment in payments])
    kinds = {(payment.club_id, _counter_kind(payment)) for payment in payments}
    counters = {(club_id, kind): ledger.account(club_owner(club_id), kind, Unit.ORE) for club_id, kind in kinds}
    return ledger.post_many(
        [
            _entry(payment, accounts[payment.member_id], counters[payment.club_id, _counter_kind(payment)])
            for payment in payments
        ],
        by=by,
    )


def _counter_kind(payment: Payment) -> str:
    return OPENING if payment.is_opening else TILL


def _entry(payment: Payment, account: Account, counter: Account) -> ledger.Entry:
    signed = payment.signed_ore
    return ledger.Entry(
        reference=f"payment {member_owner(payment.member_id)}",
        lines=(ledger.Line(account.pk, signed, rule=RULE), ledger.Line(counter.pk, -signed, rule=RULE)),
        value_date=payment.paid_on,
        book=PAYMENTS_BOOK,
        memo=payment.note_code or payment.note,  # a code stays a code: the ledger speaks no language
    )


def post_reversal(original: Payment, reversal: Payment, *, by=None) -> Transaction:
    assert original.transaction is not None
    return ledger.reverse(original.transaction, value_date=reversal.paid_on, by=by, memo=reversal.reason)


def holding(club: Club, kind: str = TILL) -> int:
    """What the till holds in øre: everything paid in, less everything paid out (with `OPENING`:
    the saldi carried over from paper, summed as the till would hold them)."""
    tills = Account.objects.filter(owner=club_owner(club.pk), kind=kind)
    return -sum(ledger.balances(tills, book=PAYMENTS_BOOK).values())


def paid(club: Club, *, before: datetime.date | None = None) -> dict[int, int]:
    """Member id -> the sum of his payments in øre (+ in, − out), from his payments account's
    kept balances (strictly before a day, by value dates, when `before` is given)."""
    members = dict(
        Member.objects.filter(club=club, payments_account__isnull=False).values_list("payments_account_id", "pk")
    )
    found = ledger.balances(list(members), book=PAYMENTS_BOOK, before=before)
    return {members[account_id]: ore for account_id, ore in found.items()}


def check(clubs) -> Iterator[str]:
    """For `ledger_check`: each payment's transaction moves exactly its amount between the member
    and the till (or the opening-balance account); each member's payments account, the till and the
    opening-balance account hold the sum of their payments."""
    for club in clubs:
        expected: dict[int, int] = defaultdict(int)
        counters: dict[str, int] = defaultdict(int)  # the till's and the opening account's sums
        lines: dict[int, dict[tuple[str, int | None], int]] = defaultdict(dict)
        till_owner = club_owner(club.pk)
        rows = Posting.objects.filter(transaction__payment__club=club).values_list(
            "transaction_id", "account__kind", "account__owner", "account__payer__id", "amount"
        )
        for txn, kind, owner, payer, amount in rows:
            # The till counts only if it is this club's own.
            key = (kind, payer if kind == PAYMENTS else (None if owner == till_owner else -1))
            lines[txn][key] = lines[txn].get(key, 0) + amount
        for payment in club.payments.select_related("member").order_by("pk"):
            expected[payment.member_id] += payment.signed_ore
            counter = OPENING if payment.is_opening else TILL
            counters[counter] += payment.signed_ore
            want = {(PAYMENTS, payment.member_id): payment.signed_ore, (counter, None): -payment.signed_ore}
            # A payment without a transaction is named by `accounting.check`.
            if payment.transaction_id is not None and lines.get(payment.transaction_id) != want:
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
        if (held := holding(club)) != counters[TILL]:
            yield _("%(club)s / till: holds %(found)s øre, the payments sum to %(expected)s.") % {
                "club": club.slug,
                "found": held,
                "expected": counters[TILL],
            }
        if (held := holding(club, OPENING)) != counters[OPENING]:
            yield _(
                "%(club)s / opening balances: hold %(found)s øre, the saldi carried over from paper sum to %(expected)s."
            ) % {"club": club.slug, "found": held, "expected": counters[OPENING]}
