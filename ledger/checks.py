"""Checks the ledger can make on its own, knowing nothing of what the transactions settle.

Each takes the transactions or accounts to check (a queryset: the caller chooses, e.g. one club's):

1. every transaction has postings, and they sum to zero;
2. every transaction's postings are in one unit;
3. every reversal is the exact negation of the transaction it reverses;
4. every kept balance is the sum of its postings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping

from django.db.models import Count, DateField, Q, QuerySet, Sum
from django.db.models.functions import TruncMonth
from django.utils.translation import gettext as _

from .models import Account, Balance, Posting, Transaction


def unbalanced(transactions: QuerySet[Transaction], name: Callable[[Transaction], str] = str) -> Iterator[str]:
    """Transactions without postings, or whose postings do not sum to zero. `name` says what the
    caller calls a transaction (its reference by default)."""
    rows = (
        transactions.annotate(total=Sum("postings__amount"), posting_count=Count("postings"))
        .filter(Q(posting_count=0) | ~Q(total=0))
        .order_by("pk")
    )
    for txn in rows:
        about = {"id": txn.pk, "name": name(txn), "total": txn.total}
        if not txn.posting_count:
            yield _("Transaction %(id)s (%(name)s) has no postings.") % about
        else:
            yield _("Transaction %(id)s (%(name)s): postings sum to %(total)s, not 0.") % about


def mixed_units(transactions: QuerySet[Transaction], name: Callable[[Transaction], str] = str) -> Iterator[str]:
    """Transactions whose postings are in more than one unit (points and øre)."""
    rows = (
        transactions.annotate(units=Count("postings__account__unit", distinct=True)).filter(units__gt=1).order_by("pk")
    )
    for txn in rows:
        yield _("Transaction %(id)s (%(name)s) mixes units: its postings are in points and in øre.") % {
            "id": txn.pk,
            "name": name(txn),
        }


def bad_reversals(
    transactions: QuerySet[Transaction], accounts: Mapping[int, str], name: Callable[[Transaction], str] = str
) -> Iterator[str]:
    """Reversals whose postings are not exactly the negated postings of their original.
    `accounts` names accounts and `name` transactions, as the caller calls them."""
    reversals = list(transactions.filter(reverses__isnull=False).order_by("pk"))
    lines: dict[int, list[tuple]] = defaultdict(list)
    # By a join on the reversals, not a list of their ids: the query does not grow with them.
    involved = Q(transaction__in=transactions.filter(reverses__isnull=False)) | Q(
        transaction__reversed_by__in=transactions
    )
    for p in Posting.objects.filter(involved).values_list(
        "transaction_id", "account_id", "amount", "rule", "ref", "item"
    ):
        lines[p[0]].append(p[1:])
    for reversal in reversals:
        assert reversal.reverses_id is not None  # filtered above
        negated = sorted(
            (account, -amount, rule, ref, item) for account, amount, rule, ref, item in lines[reversal.reverses_id]
        )
        if sorted(lines[reversal.pk]) != negated:
            yield _("Reversal %(id)s (%(name)s) does not negate transaction %(original)s: %(delta)s") % {
                "id": reversal.pk,
                "name": name(reversal),
                "original": reversal.reverses_id,
                "delta": _net_by_account(lines[reversal.pk], lines[reversal.reverses_id], accounts),
            }


def _net_by_account(reversal: list[tuple], original: list[tuple], names: Mapping[int, str]) -> str:
    """Per account, what reversal and original leave together (zero everywhere when exact)."""
    net: dict[int, int] = defaultdict(int)
    for account, amount, *_rest in reversal + original:
        net[account] += amount
    return ", ".join(f"{names.get(a, a)} {p:+d}" for a, p in sorted(net.items()) if p) or _("the lines differ")


def drifted_balances(accounts: QuerySet[Account], name: Callable[[int], str]) -> Iterator[str]:
    """Kept balances (per account, book and month) that differ from the sum of their postings,
    recomputed from every posting of `accounts`. `name` says what the caller calls an account."""
    summed = {
        (account_id, book, _as_date(first_day)): amount
        for account_id, book, first_day, amount in Posting.objects.filter(account__in=accounts)
        .annotate(first_day=TruncMonth("transaction__value_date", output_field=DateField()))
        .values_list("account_id", "transaction__book", "first_day")
        .annotate(total=Sum("amount"))
    }
    kept = {
        (account_id, book, first_day): amount
        for account_id, book, first_day, amount in Balance.objects.filter(account__in=accounts).values_list(
            "account_id", "book", "month", "amount"
        )
    }
    for key in sorted(set(summed) | set(kept), key=lambda k: (k[0], k[1], k[2])):
        if summed.get(key, 0) != kept.get(key, 0):
            account_id, book, first_day = key
            yield _("Balance of %(account)s in %(book)s, %(month)s: kept %(kept)s, postings sum to %(summed)s.") % {
                "account": name(account_id),
                "book": book or "—",
                "month": first_day.strftime("%Y-%m"),
                "kept": kept.get(key, 0),
                "summed": summed.get(key, 0),
            }


def _as_date(value):
    return value.date() if hasattr(value, "date") else value
