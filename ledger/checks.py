"""Checks the ledger can make on its own, knowing nothing of what the transactions settle.

`club`'s `ledger_check` command runs these besides its replay of every record:

1. every transaction has postings, and they sum to zero;
2. every reversal is the exact negation of the transaction it reverses.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from .models import Posting, Transaction


def unbalanced(clubs) -> Iterator[str]:
    """Transactions without postings, or whose postings do not sum to zero."""
    rows = (
        Transaction.objects.filter(club__in=clubs)
        .annotate(total=Sum("postings__points"), posting_count=Count("postings"))
        .filter(Q(posting_count=0) | ~Q(total=0))
        .select_related("sitting__table")
        .order_by("pk")
    )
    for txn in rows:
        about = {"id": txn.pk, "sitting": txn.sitting, "event": txn.event, "total": txn.total}
        if not txn.posting_count:
            yield _("Transaction %(id)s (%(sitting)s, %(event)s) has no postings.") % about
        else:
            yield _("Transaction %(id)s (%(sitting)s, %(event)s): postings sum to %(total)s, not 0.") % about


def bad_reversals(clubs, names: dict[int, str]) -> Iterator[str]:
    """Reversals whose postings are not exactly the negated postings of their original."""
    reversals = list(
        Transaction.objects.filter(club__in=clubs, kind=Transaction.Kind.REVERSAL).select_related("sitting__table")
    )
    lines: dict[int, list[tuple]] = defaultdict(list)
    # By a join on the reversals, not a list of their ids: the query does not grow with them.
    involved = Q(transaction__club__in=clubs, transaction__kind=Transaction.Kind.REVERSAL) | Q(
        transaction__reversed_by__club__in=clubs
    )
    for p in Posting.objects.filter(involved).values_list(
        "transaction_id", "account_id", "points", "rule", "ref", "item"
    ):
        lines[p[0]].append(p[1:])
    for reversal in reversals:
        if reversal.reverses_id is None:
            yield _("Reversal %(id)s (%(sitting)s, %(event)s) reverses nothing.") % {
                "id": reversal.pk,
                "sitting": reversal.sitting,
                "event": reversal.event,
            }
            continue
        negated = sorted(
            (account, -points, rule, ref, item) for account, points, rule, ref, item in lines[reversal.reverses_id]
        )
        if sorted(lines[reversal.pk]) != negated:
            yield _("Reversal %(id)s (%(sitting)s, %(event)s) does not negate transaction %(original)s: %(delta)s") % {
                "id": reversal.pk,
                "sitting": reversal.sitting,
                "event": reversal.event,
                "original": reversal.reverses_id,
                "delta": _net_by_account(lines[reversal.pk], lines[reversal.reverses_id], names),
            }


def _net_by_account(reversal: list[tuple], original: list[tuple], names: dict[int, str]) -> str:
    """Per account, what reversal and original leave together (zero everywhere when exact)."""
    net: dict[int, int] = defaultdict(int)
    for account, points, *_rest in reversal + original:
        net[account] += points
    return ", ".join(f"{names.get(a, a)} {p:+d}" for a, p in sorted(net.items()) if p) or _("the lines differ")
