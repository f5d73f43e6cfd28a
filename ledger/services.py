"""The only code that writes money. Its public API, for any app that keeps accounts here:

- `account(owner, kind, unit)`: the account of an owner key and a kind ("member:17", "member"),
  in points or øre (`Unit`), opened the first time it is asked for; `accounts(owner, kinds, unit)`
  several of one owner, `accounts_of(owners, kind, unit)` one of each of many owners.
- `post(reference=…, lines=[Line(account_id, amount, …), …], value_date=…, book=…)`: one
  transaction whose postings sum to zero (`UnbalancedTransaction` otherwise, `EmptyTransaction`
  without any) and are all in one unit (`MixedUnits` otherwise), counted in a book the caller
  names (e.g. "season:7"); `post_many([Entry(…), …])` many of them at once, in a few statements.
- `reverse(original, value_date=…)`: the exact opposite of a transaction, linked to it, in the
  same book; a correction is a reversal plus a new `post`, never a change.
- `balances(accounts, book=…, before=…)`: what accounts hold, from the balances the database
  keeps per account, book and month, plus at most one month of postings.
- `rewrite_memos(transaction_ids, rewrite)`: the one change a transaction ever takes, its memo
  (the caller's words: a name in them forgotten), never its money.

The ledger gives owners, kinds and references no meaning; what they stand for is the caller's.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection
from django.db import transaction as db_transaction
from django.db.models import QuerySet, Sum

from . import triggers
from .models import Account, Balance, Posting, Transaction, Unit


class UnbalancedTransaction(ValueError):
    pass


class EmptyTransaction(ValueError):
    pass


class MixedUnits(ValueError):
    """Postings in points and in øre in one transaction, or an account asked for in another unit
    than it was opened in."""


@dataclass(frozen=True)
class Line:
    """One posting to be: an amount (in the account's unit) to an account, with the caller's name for the line (`rule`),
    where its reason is written (`ref`) and which line of the transaction it belongs to (`item`:
    a line may post to several accounts)."""

    account_id: int
    amount: int
    rule: str = ""
    ref: str = ""
    item: int = 0


def account(owner: str, kind: str, unit: Unit) -> Account:
    """The account of `owner` and `kind`, opened in `unit` the first time; `MixedUnits` if it was
    opened in another."""
    found, _ = Account.objects.get_or_create(owner=owner, kind=kind, defaults={"unit": unit})
    _check_unit(found, unit)
    return found


def accounts(owner: str, kinds: Iterable[str], unit: Unit) -> dict[str, Account]:
    """The owner's accounts of these kinds, all in `unit`, by kind, opened the first time they are
    needed."""
    kinds = list(kinds)
    found = {a.kind: a for a in Account.objects.filter(owner=owner, kind__in=kinds)}
    for kind in kinds:
        if kind in found:
            _check_unit(found[kind], unit)
        else:
            found[kind] = account(owner, kind, unit)
    return found


def accounts_of(owners: Iterable[str], kind: str, unit: Unit) -> dict[str, Account]:
    """The account of `kind` of each of `owners`, by owner, those not opened yet opened in one
    statement: two statements for any number of owners."""
    owners = list(dict.fromkeys(owners))
    found = {a.owner: a for a in Account.objects.filter(owner__in=owners, kind=kind)}
    for account_ in found.values():
        _check_unit(account_, unit)
    missing = [Account(owner=owner, kind=kind, unit=unit) for owner in owners if owner not in found]
    found |= {a.owner: a for a in Account.objects.bulk_create(missing)}
    return found


def _check_unit(found: Account, unit: Unit) -> None:
    if found.unit != unit:
        raise MixedUnits(f"account {found.owner} ({found.kind}) is in {found.unit}, not {unit}")


def post(
    *, reference: str, lines: Iterable[Line], value_date: datetime.date, book: str = "", by=None, memo: str = ""
) -> Transaction:
    """Write one transaction of `lines`, in one database transaction."""
    postings = [
        Posting(account_id=line.account_id, amount=line.amount, rule=line.rule, ref=line.ref, item=line.item)
        for line in lines
    ]
    _check_balanced(postings, reference)
    _check_one_unit(postings, reference)
    # No savepoint inside a caller's transaction: a failure here fails the whole of it anyway.
    with db_transaction.atomic(savepoint=False):
        txn = Transaction.objects.create(
            reference=reference[:100], book=book, value_date=value_date, created_by=by, memo=memo[:200]
        )
        for posting in postings:
            posting.transaction = txn
        Posting.objects.bulk_create(postings)
        _close(txn)
    return txn


@dataclass(frozen=True)
class Entry:
    """One transaction to be written by `post_many`: what `post` takes, as a value."""

    reference: str
    lines: tuple[Line, ...]
    value_date: datetime.date
    book: str = ""
    memo: str = ""


def post_many(entries: Iterable[Entry], *, by=None) -> list[Transaction]:
    """Write many transactions as `post` writes one, each checked as `post` checks it, in a few
    statements whatever their number (an import of a club's opening saldi): the transactions in
    order, then all their postings."""
    entries = list(entries)
    planned = []
    for entry in entries:
        postings = [
            Posting(account_id=line.account_id, amount=line.amount, rule=line.rule, ref=line.ref, item=line.item)
            for line in entry.lines
        ]
        _check_balanced(postings, entry.reference)
        planned.append(postings)
    units = dict(
        Account.objects.filter(pk__in={line.account_id for entry in entries for line in entry.lines}).values_list(
            "pk", "unit"
        )
    )
    for entry, postings in zip(entries, planned, strict=True):
        _check_units(sorted({units[p.account_id] for p in postings if p.account_id in units}), entry.reference)
    with db_transaction.atomic(savepoint=False):
        made = Transaction.objects.bulk_create(
            Transaction(
                reference=entry.reference[:100],
                book=entry.book,
                value_date=entry.value_date,
                created_by=by,
                memo=entry.memo[:200],
            )
            for entry in entries
        )
        for txn, postings in zip(made, planned, strict=True):
            for posting in postings:
                posting.transaction = txn
        Posting.objects.bulk_create(posting for postings in planned for posting in postings)
        _close_many(made)
    return made


def reverse(
    original: Transaction, *, value_date: datetime.date, reference: str | None = None, by=None, memo: str = ""
) -> Transaction:
    """Post the exact opposite of `original`, linked to it. The original stays as it was."""
    with db_transaction.atomic(savepoint=False):
        reversal = Transaction.objects.create(
            reference=(reference if reference is not None else original.reference)[:100],
            reverses=original,
            book=original.book,
            value_date=value_date,
            created_by=by,
            memo=memo[:200],
        )
        Posting.objects.bulk_create(
            Posting(
                transaction=reversal, account_id=p.account_id, amount=-p.amount, rule=p.rule, ref=p.ref, item=p.item
            )
            for p in original.postings.all()
        )
        _close(reversal)
    return reversal


def _close(txn: Transaction) -> None:
    """On SQLite a transaction stays open for postings until closed, and must be closed before
    COMMIT; closing checks it is balanced and not empty (`ledger.triggers`). PostgreSQL checks
    the same at COMMIT by itself."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM ledger_open_transaction WHERE transaction_id = %s", [txn.pk])


def _close_many(transactions: list[Transaction]) -> None:
    """`_close` for many, a statement for each 500 (SQLite's limit on a statement's parameters)."""
    if connection.vendor == "sqlite":
        ids = [txn.pk for txn in transactions]
        with connection.cursor() as cursor:
            for start in range(0, len(ids), 500):
                batch = ids[start : start + 500]
                marks = ", ".join(["%s"] * len(batch))
                cursor.execute(f"DELETE FROM ledger_open_transaction WHERE transaction_id IN ({marks})", batch)


def _check_balanced(postings: list[Posting], reference: str) -> None:
    # The first line of defence, with a clear message; the database checks again at commit.
    if not postings:
        raise EmptyTransaction(f"{reference}: a transaction needs postings")
    total = sum(p.amount for p in postings)
    if total != 0:
        raise UnbalancedTransaction(f"{reference}: postings sum to {total}, not 0")


def _check_one_unit(postings: list[Posting], reference: str) -> None:
    # As `_check_balanced`: the database refuses it too (`ledger.triggers`).
    ids = {p.account_id for p in postings}
    _check_units(sorted(set(Account.objects.filter(pk__in=ids).values_list("unit", flat=True))), reference)


def _check_units(units: list[str], reference: str) -> None:
    if len(units) > 1:
        raise MixedUnits(f"{reference}: postings in {' and '.join(units)}; a transaction has one unit")


def balances(
    accounts: QuerySet[Account] | Iterable[int],
    *,
    book: str | None = None,
    before: datetime.date | None = None,
) -> dict[int, int]:
    """Account id -> amount (in each account's unit): all books or one, all time or strictly before a day."""
    found: dict[int, int] = {}
    for (account_id, _book), amount in balances_by_book(accounts, book=book, before=before).items():
        found[account_id] = found.get(account_id, 0) + amount
    return found


def balances_by_book(
    accounts: QuerySet[Account] | Iterable[int],
    *,
    book: str | None = None,
    before: datetime.date | None = None,
) -> dict[tuple[int, str], int]:
    """(account id, book) -> amount. Kept balances of whole months, and the postings of `before`'s
    own month up to that day: O(accounts × books × months), never a lifetime of postings."""
    kept = Balance.objects.filter(account__in=accounts)
    early = Posting.objects.none()
    if book is not None:
        kept = kept.filter(book=book)
    if before is not None:
        month = before.replace(day=1)
        kept = kept.filter(month__lt=month)
        if before > month:  # on the first of a month: whole months only, no postings
            early = Posting.objects.filter(
                account__in=accounts, transaction__value_date__gte=month, transaction__value_date__lt=before
            )
            if book is not None:
                early = early.filter(transaction__book=book)
    found: dict[tuple[int, str], int] = {}
    rows = [
        *kept.values_list("account_id", "book").annotate(total=Sum("amount")),
        *early.values_list("account_id", "transaction__book").annotate(total=Sum("amount")),
    ]
    for account_id, in_book, amount in rows:
        found[(account_id, in_book)] = found.get((account_id, in_book), 0) + amount
    return found


# SQLite's guard against updating a transaction, stood again after a memo is rewritten.
_SQLITE_UPDATE_GUARD = "ledger_transaction_append_only_update"


def rewrite_memos(transaction_ids: Iterable[int], rewrite) -> int:
    """Rewrite the memo of these transactions by `rewrite(memo) -> memo`; their postings, amounts,
    dates and links stay as they are. How many changed.

    On SQLite the update guard steps aside for these statements only, inside the caller's database
    transaction (SQLite has one writer: nobody else writes meanwhile). On PostgreSQL only the
    tables' owner may update a transaction, and only its memo, while `ledger.rewriting_memo` is on
    (`ledger.triggers`): a privileged function of the caller's does it there, not this."""
    ids = list(transaction_ids)
    if connection.vendor == "postgresql":
        raise NotImplementedError("On PostgreSQL a memo is rewritten by the owner's function (ledger.triggers).")
    changed = 0
    with db_transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"DROP TRIGGER IF EXISTS {_SQLITE_UPDATE_GUARD}")
        for start in range(0, len(ids), 500):
            batch = ids[start : start + 500]
            marks = ", ".join(["%s"] * len(batch))
            cursor.execute(f"SELECT id, memo FROM ledger_transaction WHERE id IN ({marks})", batch)
            for pk, memo in cursor.fetchall():
                if memo and (new := rewrite(memo)) != memo:
                    cursor.execute("UPDATE ledger_transaction SET memo = %s WHERE id = %s", [new[:200], pk])
                    changed += 1
        cursor.execute(triggers.sqlite_trigger(_SQLITE_UPDATE_GUARD))
    return changed
