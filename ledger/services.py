"""The only code that writes money: accounts, posting settled events, reversing them.

Callers hand over the events a rules family settled; this module turns each into one
balanced `Transaction` with its `Posting`s. A correction never changes a posting: it reverses
the transaction (every posting negated, linked to the original) and posts the new settlement.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db import transaction as db_transaction
from django.db.models import Sum

import rules.danish

from .models import Account, Posting, Transaction

PAGAT, KING, POT = "cup:pagat", "cup:king", "pot"
# The engine's names of a table's own accounts, and their kinds in the ledger.
TABLE_ACCOUNTS: Mapping[str, str] = {PAGAT: Account.Kind.PAGAT_CUP, KING: Account.Kind.KING_CUP, POT: Account.Kind.POT}


class UnbalancedTransaction(ValueError):
    pass


@dataclass(frozen=True)
class AccountMap:
    """The engine's account names ("Anna", "cup:pagat", "pot") mapped to ledger accounts of one table."""

    by_name: Mapping[str, Account]

    def __getitem__(self, name: str) -> Account:
        return self.by_name[name]


def table_accounts(table, names: Iterable[str] = (PAGAT, KING)) -> dict[str, Account]:
    """The table's own accounts by their engine names ("cup:pagat", "cup:king", "pot"),
    created the first time they are needed."""
    kinds = {name: TABLE_ACCOUNTS[name] for name in names}
    found = {a.kind: a for a in Account.objects.filter(table=table)}
    for kind in kinds.values():
        if kind not in found:
            found[kind], _ = Account.objects.get_or_create(club_id=table.club_id, table=table, kind=kind)
    return {name: found[kind] for name, kind in kinds.items()}


def cup_accounts(table) -> dict[str, Account]:
    """The table's Pagatkop and Kongekop (the Danish games' table accounts)."""
    return table_accounts(table, (PAGAT, KING))


def member_account(member) -> Account:
    account, _ = Account.objects.get_or_create(
        member=member, defaults={"club_id": member.club_id, "kind": Account.Kind.MEMBER}
    )
    return account


def payments_account(member) -> Account:
    """The member's payments account: øre he paid in (+) and was paid out (−)."""
    account, _ = Account.objects.get_or_create(
        payer=member, defaults={"club_id": member.club_id, "kind": Account.Kind.PAYMENTS}
    )
    return account


def till_account(club_id: int) -> Account:
    """The club's till: the cash the club holds, as the opposite of what members paid in."""
    account, _ = Account.objects.get_or_create(club_id=club_id, kind=Account.Kind.TILL)
    return account


def post_transfer(
    *,
    club_id: int,
    amounts: Mapping[Account, int],
    rule: str,
    value_date: datetime.date,
    by=None,
    memo: str = "",
) -> Transaction:
    """Money moved between accounts outside any sitting (a payment), as one balanced transaction."""
    postings = [
        Posting(account=account, points=amount, rule=rule, ref="", item=0) for account, amount in amounts.items()
    ]
    _check_balanced(postings, rule)
    with db_transaction.atomic():
        txn = Transaction.objects.create(
            club_id=club_id,
            kind=Transaction.Kind.TRANSFER,
            sitting=None,
            event=rule[:20],
            value_date=value_date,
            created_by=by,
            memo=memo[:200],
        )
        for posting in postings:
            posting.transaction = txn
        Posting.objects.bulk_create(postings)
    return txn


def accounts_for(table, seats: Iterable, table_names: Iterable[str] = (PAGAT, KING)) -> AccountMap:
    """Accounts of a sitting's seats (by the names the records use) and the table's own accounts
    its game uses (`table_names`: the Danish cups by default, or the Hungarian pot).

    Expects seats with `member__account` selected; two queries whatever the history.
    """
    by_name: dict[str, Account] = dict(table_accounts(table, table_names))
    for seat in seats:
        by_name[seat.name] = seat.member.account
    return AccountMap(by_name)


def table_balances(table, *, before_sitting=None) -> dict[str, int]:
    """What each of the table's own accounts holds now, or as a sitting began, by engine name
    (every kind listed, 0 when never used): a sum over postings, one query."""
    postings = Posting.objects.filter(account__table=table)
    if before_sitting is not None:
        postings = postings.filter(transaction__sitting_id__lt=before_sitting.pk)
    totals = dict(
        postings.values_list("account__kind").annotate(total=Sum("points")).values_list("account__kind", "total")
    )
    return {name: totals.get(kind) or 0 for name, kind in TABLE_ACCOUNTS.items()}


def cups_of(table, *, before_sitting=None) -> rules.danish.Cups:
    """What the table's cups hold now, or as a sitting began."""
    balances = table_balances(table, before_sitting=before_sitting)
    return rules.danish.Cups(balances[PAGAT], balances[KING])


def post_event(
    *,
    sitting,
    event: rules.danish.Event,
    key: str,
    accounts: AccountMap,
    value_date: datetime.date,
    deal_version=None,
    caused_by=None,
    by=None,
) -> Transaction | None:
    """Post one settled event as one transaction. An event without items posts nothing."""
    postings = [
        Posting(account=accounts[name], points=points, rule=item.rule, ref=item.ref, item=index)
        for index, item in enumerate(event.items)
        for name, points in item.postings.items()
    ]
    if not postings:
        return None
    _check_balanced(postings, key)
    kind = {"funding": Transaction.Kind.FUNDING, "deal": Transaction.Kind.DEAL, "close": Transaction.Kind.CLOSE}[
        event.kind
    ]
    with db_transaction.atomic():
        txn = Transaction.objects.create(
            club_id=sitting.table.club_id,
            kind=kind,
            sitting=sitting,
            event=key,
            deal_version=deal_version,
            caused_by=caused_by,
            value_date=value_date,
            created_by=by,
        )
        for posting in postings:
            posting.transaction = txn
        Posting.objects.bulk_create(postings)
    return txn


def reverse(
    original: Transaction, *, value_date: datetime.date, caused_by=None, by=None, memo: str = ""
) -> Transaction:
    """Post the exact opposite of `original`, linked to it. The original stays as it was."""
    with db_transaction.atomic():
        reversal = Transaction.objects.create(
            club_id=original.club_id,
            kind=Transaction.Kind.REVERSAL,
            sitting_id=original.sitting_id,
            event=original.event,
            deal_version_id=original.deal_version_id,
            caused_by=caused_by,
            reverses=original,
            value_date=value_date,
            created_by=by,
            memo=memo[:200],
        )
        Posting.objects.bulk_create(
            Posting(
                transaction=reversal, account_id=p.account_id, points=-p.points, rule=p.rule, ref=p.ref, item=p.item
            )
            for p in original.postings.all()
        )
    return reversal


def effective_transactions(*, table_id: int, sittings: tuple[int, int]) -> list[Transaction]:
    """Transactions that count now (not reversals, not reversed) of a table's sittings with ids
    in the closed range `sittings`, each with `lines`: its postings as (account id, points).

    Two queries whose size does not grow with the number of transactions: the postings come by
    a join, not by a list of transaction ids (SQLite refuses an IN list of a thousand).
    """
    counting = Transaction.objects.filter(
        sitting__table_id=table_id, sitting__pk__range=sittings, reversed_by__isnull=True
    ).exclude(kind=Transaction.Kind.REVERSAL)
    transactions = list(counting.order_by("id"))
    lines: dict[int, list[tuple[int, int]]] = {t.pk: [] for t in transactions}
    rows = (
        Posting.objects.filter(transaction__in=counting)
        .order_by("id")
        .values_list("transaction_id", "account_id", "points")
    )
    for transaction_id, account_id, points in rows:
        lines[transaction_id].append((account_id, points))
    for txn in transactions:
        txn.lines = lines[txn.pk]
    return transactions


def _check_balanced(postings: list[Posting], key: str) -> None:
    # The rules engine balances every line item; this guards the ledger against any caller.
    # PostgreSQL checks again at commit (a deferred constraint trigger, migration 0002).
    if sum(p.points for p in postings) != 0:
        raise UnbalancedTransaction(f"{key}: postings sum to {sum(p.points for p in postings)}, not 0")
