"""Which club record accounts for each ledger transaction, and the postings none accounts for.

The ledger keeps money and knows nothing of why it moved; the club says why with exactly one
record per transaction: a `LedgerEntry` (a sitting's funding, deal, close, or the reversal a
correction or void posts) or a `Payment` (paid in, paid out, or a payment's reversal). A
transaction with neither was written past the club's services, by a bug or a hand in the
database: `ledger_check` names it, and the pages and the API that show a saldo count it (the
ledger is the record of money) and flag it instead of failing on it. The database keeps the set
of such transactions (`club.models.UnaccountedTransaction`, by `club.triggers`), so a page finds
them without reading a member's whole history.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from ledger.models import Account, Balance, Posting, Transaction, Unit

from ..models import Member, Payment, Season, UnaccountedTransaction
from .bookkeeping import MEMBER, PAYMENTS, PAYMENTS_BOOK, SEASON_BOOK, season_book

# What a season's close moved (club.services.season_close): each transaction of a settlement.
SEASON_CLOSE = (
    Q(season_split__isnull=False)
    | Q(season_out__isnull=False)
    | Q(season_in__isnull=False)
    | Q(season_rest__isnull=False)
)
# A transaction no club record accounts for: neither a ledger entry, a payment, a table's
# opening holding nor a season's close names it.
UNACCOUNTED = Q(entry__isnull=True, payment__isnull=True, table_opening__isnull=True) & ~SEASON_CLOSE
# One both name: two records claim the same money.
TWICE_ACCOUNTED = Q(entry__isnull=False, payment__isnull=False)
# A table's opening holding and another record.
OPENING_AND_MORE = Q(table_opening__isnull=False) & (Q(entry__isnull=False) | Q(payment__isnull=False))


def unaccounted(transactions: QuerySet[Transaction]) -> QuerySet[Transaction]:
    return transactions.filter(UNACCOUNTED)


def check(transactions: QuerySet[Transaction], payments: QuerySet[Payment], names: Mapping[int, str]) -> Iterator[str]:
    """For `ledger_check`: each of `transactions` that no club record, or more than one, accounts
    for, with its book, value date and postings; and each of `payments` without its transaction.
    `names` says what the club calls an account."""
    for txn in _with_lines(transactions.filter(UNACCOUNTED)):
        yield _(
            "Transaction %(id)s (%(reference)s) in book %(book)s on %(date)s is accounted for by no club record: "
            "%(lines)s."
        ) % _described(txn, names)
    for txn in _with_lines(transactions.filter(TWICE_ACCOUNTED)):
        yield _(
            "Transaction %(id)s (%(reference)s) in book %(book)s on %(date)s is accounted for twice, by a "
            "ledger entry and by payment %(payment)s: %(lines)s."
        ) % (_described(txn, names) | {"payment": txn.payment.pk})
    for txn in _with_lines(transactions.filter(OPENING_AND_MORE)):
        yield _(
            "Transaction %(id)s (%(reference)s) in book %(book)s on %(date)s is accounted for twice, by a "
            "table's opening holding and by a ledger entry or payment: %(lines)s."
        ) % _described(txn, names)
    for payment in payments.filter(transaction__isnull=True).select_related("club", "member").order_by("pk"):
        yield _("%(club)s / payment %(id)s (%(member)s, %(date)s, %(amount)s øre) has no ledger transaction.") % {
            "club": payment.club.slug,
            "id": payment.pk,
            "member": payment.member.name,
            "date": payment.paid_on.isoformat(),
            "amount": payment.signed_ore,
        }


def drifted_unaccounted(transactions: QuerySet[Transaction], names: Mapping[int, str]) -> Iterator[str]:
    """For `ledger_check`: each of `transactions` that no club record accounts for but the database
    does not keep as such (`UnaccountedTransaction`: the pages would not flag it), and each it
    keeps that a record does account for."""
    kept = UnaccountedTransaction.objects.values("transaction_id")
    for txn in _with_lines(transactions.filter(UNACCOUNTED).exclude(pk__in=kept)):
        yield _(
            "Transaction %(id)s (%(reference)s) in book %(book)s on %(date)s is accounted for by no club record, "
            "but is not kept as unaccounted: the member's page does not flag it."
        ) % _described(txn, names)
    for txn in _with_lines(transactions.filter(pk__in=kept).exclude(UNACCOUNTED)):
        yield _(
            "Transaction %(id)s (%(reference)s) in book %(book)s on %(date)s is kept as unaccounted, "
            "but a club record accounts for it."
        ) % _described(txn, names)


def book_unit(book: str) -> Unit | None:
    """What a book counts: the book of payments øre, a season's book points (None: not the club's)."""
    if book == PAYMENTS_BOOK:
        return Unit.ORE
    if book.startswith(SEASON_BOOK):
        return Unit.POINTS
    return None


def wrong_units(accounts: QuerySet[Account], names: Mapping[int, str]) -> Iterator[str]:
    """For `ledger_check`: each of `accounts` with postings in a book that counts another unit (a
    points account in the book of payments, an øre account in a season's), read from the kept
    balances: one row per account, book and month."""
    rows = (
        Balance.objects.filter(account__in=accounts)
        .values_list("account_id", "account__unit", "book")
        .distinct()
        .order_by("account_id", "book")
    )
    for account_id, unit, book in rows:
        counted = book_unit(book)
        if counted is not None and unit != counted:
            yield _("%(account)s is kept in %(unit)s, but has postings in book %(book)s, which counts %(counted)s.") % {
                "account": names.get(account_id, _("account %(id)s") % {"id": account_id}),
                "unit": Unit(unit).label,
                "book": book,
                "counted": counted.label,
            }


def _with_lines(transactions: QuerySet[Transaction]) -> list[Transaction]:
    """The transactions in id order, each with its postings as (account id, amount)."""
    found = list(transactions.select_related("payment").order_by("pk"))
    lines: dict[int, list[tuple[int, int]]] = defaultdict(list)
    rows = Posting.objects.filter(transaction__in=transactions).order_by("pk")
    for transaction_id, account_id, amount in rows.values_list("transaction_id", "account_id", "amount"):
        lines[transaction_id].append((account_id, amount))
    for txn in found:
        txn.lines = lines[txn.pk]
    return found


def _described(txn: Transaction, names: Mapping[int, str]) -> dict[str, object]:
    return {
        "id": txn.pk,
        "reference": txn.reference,
        "book": txn.book or "—",
        "date": txn.value_date.isoformat(),
        "lines": ", ".join(f"{names.get(a, _('account %(id)s') % {'id': a})} {p:+d}" for a, p in txn.lines)
        or _("no postings"),
    }


@dataclass(frozen=True)
class UnaccountedPosting:
    """A posting on a member's account that no club record accounts for."""

    transaction_id: int
    value_date: datetime.date
    book: str
    kind: str  # the account's: his points ("member") or his payments ("payments")
    # In the account's own unit: points on his points account, øre on his payments account.
    amount: int
    # What it adds to his saldo, in øre; None when the book is none of his club's seasons (its
    # points have no point value, so the saldo leaves them out).
    ore: int | None


def unaccounted_postings(
    member: Member, *, since: datetime.date | None = None, before: datetime.date | None = None
) -> list[UnaccountedPosting]:
    """The member's postings no club record accounts for, by value date (from `since`, before
    `before`), each priced as his saldo counts it (`club.services.money`)."""
    accounts = Account.objects.filter(Q(member=member) | Q(payer=member))
    # From the kept set (a few rows, none in a club whose money all went through its services),
    # never by asking each of his postings whether a record names its transaction.
    postings = Posting.objects.filter(
        transaction_id__in=UnaccountedTransaction.objects.values("transaction_id"), account__in=accounts
    )
    if since is not None:
        postings = postings.filter(transaction__value_date__gte=since)
    if before is not None:
        postings = postings.filter(transaction__value_date__lt=before)
    rows = list(
        postings.order_by("transaction__value_date", "transaction_id", "pk").values_list(
            "transaction_id", "transaction__value_date", "transaction__book", "account__kind", "amount"
        )
    )
    if not rows:
        return []
    point_values = _point_values(member)
    return [
        UnaccountedPosting(transaction_id, value_date, book, kind, amount, _priced(kind, book, amount, point_values))
        for transaction_id, value_date, book, kind, amount in rows
    ]


def _point_values(member: Member) -> dict[str, int]:
    """Book -> øre per point, for the seasons of the member's club."""
    seasons = Season.objects.filter(club_id=member.club_id).values_list("pk", "point_value_ore")
    return {season_book(pk): ore for pk, ore in seasons}


def _priced(kind: str, book: str, amount: int, point_values: Mapping[str, int]) -> int | None:
    if kind == PAYMENTS and book == PAYMENTS_BOOK:
        return amount
    if kind == MEMBER and book in point_values:
        return amount * point_values[book]
    return None


def unaccounted_ore(postings: Iterable[UnaccountedPosting]) -> int:
    """What these postings add to the saldo, in øre (unpriced ones add nothing)."""
    return sum(p.ore for p in postings if p.ore is not None)


def unaccounted_points(postings: Iterable[UnaccountedPosting]) -> int:
    """What these postings add to the member's points, all books together (as `member_balance`)."""
    return sum(p.amount for p in postings if p.kind == MEMBER)
