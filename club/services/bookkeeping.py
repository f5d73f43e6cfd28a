"""Which ledger account is whose, and how a settled event of a sitting becomes a ledger transaction.

The ledger knows accounts by an owner key and a kind and transactions by a reference string; this
module is the club's side of that: a member's account (owner "member:<id>", kind "member"), a
table's own accounts (owner "table:<id>"; kinds "pagat_cup", "king_cup", "pot"), and a
`LedgerEntry` written with each transaction, saying which event of which sitting it settles.
Every write of money goes through `ledger.services`.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction as db_transaction
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from ledger import services as ledger
from ledger.models import Account, Posting, Transaction

from .. import families
from ..models import LedgerEntry, Member, Seat, Sitting, Table

MEMBER, PAGAT_CUP, KING_CUP, POT = "member", "pagat_cup", "king_cup", "pot"
# Money in øre, not points: a member's payments (owner "member:<id>") and the club's till
# (owner "club:<id>"), both counted in the one book of payments.
PAYMENTS, TILL, PAYMENTS_BOOK = "payments", "till", "payments"
# The club's opening-balance account (owner "club:<id>", øre, the book of payments): the other
# side of the saldi carried over from paper, so the till holds only cash that changed hands.
OPENING = "opening"
# Its side in points (owner "club:<id>", the book of the season the table is to play): the other
# side of what a table's cups or pot held on paper. Points and øre never share an account.
OPENING_POINTS = "opening_points"
PAGAT, KING, POT_NAME = "cup:pagat", "cup:king", "pot"
# The engine's names of a table's own accounts, and their kinds in the ledger.
TABLE_ACCOUNTS: Mapping[str, str] = {PAGAT: PAGAT_CUP, KING: KING_CUP, POT_NAME: POT}
ENGINE_NAMES = {kind: name for name, kind in TABLE_ACCOUNTS.items()}
KIND_LABELS = {
    MEMBER: _("member"),
    PAYMENTS: _("payments"),
    TILL: _("till"),
    OPENING: _("opening balances"),
    OPENING_POINTS: _("opening balances in points"),
}


def member_owner(member_id: int) -> str:
    return f"member:{member_id}"


def table_owner(table_id: int) -> str:
    return f"table:{table_id}"


def club_owner(club_id: int) -> str:
    return f"club:{club_id}"


def kind_label(kind: str) -> str:
    """An account kind in words; a table's own account by its family's name for it (Pagatkop, kassza)."""
    if kind in ENGINE_NAMES:
        return families.table_account_name(ENGINE_NAMES[kind])
    return str(KIND_LABELS.get(kind, kind))


def account_label(account: Account) -> str:
    """A member's name, or a table account's game word (Pagatkop, Kongekop, kassza).
    Expects `member` selected (`select_related("member")`) for a member's account."""
    if account.kind == MEMBER:
        return account.member.name
    return kind_label(account.kind)


def account_names(clubs) -> dict[int, str]:
    """Account id -> what a page calls it ("Anna", "Pagatkop (Bord 1)", "Anna (payments)"), for
    every account of the clubs' members, tables and tills."""
    members = Member.objects.filter(club__in=clubs)
    names = dict(members.filter(account__isnull=False).values_list("account_id", "name"))
    for pk, name in members.filter(payments_account__isnull=False).values_list("payments_account_id", "name"):
        names[pk] = f"{name} ({kind_label(PAYMENTS)})"
    tills = {club_owner(club.pk): club.slug for club in clubs}
    for pk, owner, kind in Account.objects.filter(
        owner__in=tills, kind__in=(TILL, OPENING, OPENING_POINTS)
    ).values_list("pk", "owner", "kind"):
        names[pk] = f"{kind_label(kind)} ({tills[owner]})"
    tables = {table_owner(pk): name for pk, name in Table.objects.filter(club__in=clubs).values_list("pk", "name")}
    for pk, owner, kind in Account.objects.filter(owner__in=tables).values_list("pk", "owner", "kind"):
        names[pk] = f"{kind_label(kind)} ({tables[owner]})"
    return names


@dataclass(frozen=True)
class AccountMap:
    """The engine's account names ("Anna", "cup:pagat", "pot") mapped to ledger accounts of one table."""

    by_name: Mapping[str, Account]

    def __getitem__(self, name: str) -> Account:
        return self.by_name[name]


def table_accounts(table: Table, names: Iterable[str] = (PAGAT, KING)) -> dict[str, Account]:
    """The table's own accounts by their engine names ("cup:pagat", "cup:king", "pot"),
    created the first time they are needed."""
    kinds = {name: TABLE_ACCOUNTS[name] for name in names}
    found = ledger.accounts(table_owner(table.pk), kinds.values())
    return {name: found[kind] for name, kind in kinds.items()}


def cup_accounts(table: Table) -> dict[str, Account]:
    """The table's Pagatkop and Kongekop (the Danish games' table accounts)."""
    return table_accounts(table, (PAGAT, KING))


def member_account(member: Member) -> Account:
    """The member's account, opened the first time the member is seated."""
    if member.account is not None:
        return member.account
    account = ledger.account(member_owner(member.pk), MEMBER)
    Member.objects.filter(pk=member.pk, account__isnull=True).update(account=account)
    member.account = account
    return account


def accounts_for(table: Table, seats: Iterable, table_names: Iterable[str] = (PAGAT, KING)) -> AccountMap:
    """Accounts of a sitting's seats (by the names the records use) and the table's own accounts
    its game uses (`table_names`: the Danish cups by default, or the Hungarian pot).

    Expects seats with `member__account` selected; two queries whatever the history.
    """
    by_name: dict[str, Account] = dict(table_accounts(table, table_names))
    for seat in seats:
        by_name[seat.name] = seat.member.account
    return AccountMap(by_name)


def seat_account_ids(seats: Iterable) -> dict[str, int]:
    """Seat name -> the seated member's account id (opened when the sitting started)."""
    ids: dict[str, int] = {}
    for seat in seats:
        if seat.member.account_id is None:
            raise LookupError(f"{seat.name} was seated without an account")
        ids[seat.name] = seat.member.account_id
    return ids


def table_balances(table: Table, *, before_sitting: Sitting | None = None) -> dict[str, int]:
    """What each of the table's own accounts holds now, or as a sitting began, by engine name
    (every kind listed, 0 when never used): the kept balances, less the postings of the sitting and
    the ones after it (none for the open sitting's later ones): two queries."""
    accounts = Account.objects.filter(owner=table_owner(table.pk))
    totals = _held_by_kind(accounts)[table_owner(table.pk)]
    if before_sitting is not None:
        since = (
            Posting.objects.filter(account__in=accounts, transaction__entry__sitting_id__gte=before_sitting.pk)
            .values_list("account__kind")
            .annotate(total=Sum("points"))
            .values_list("account__kind", "total")
        )
        for kind, points in since:
            totals[kind] -= points
    return {name: totals.get(kind, 0) for name, kind in TABLE_ACCOUNTS.items()}


def tables_balances(tables: Iterable[Table]) -> dict[int, dict[str, int]]:
    """Table id -> what its own accounts hold now, by engine name (as `table_balances`): two
    queries for any number of tables."""
    owners = {table_owner(table.pk): table.pk for table in tables}
    held = _held_by_kind(Account.objects.filter(owner__in=owners))
    return {
        pk: {name: held[owner].get(kind, 0) for name, kind in TABLE_ACCOUNTS.items()} for owner, pk in owners.items()
    }


def _held_by_kind(accounts) -> dict[str, dict[str, int]]:
    """Owner -> kind -> what those of `accounts` hold now, from the kept balances."""
    kinds = {pk: (owner, kind) for pk, owner, kind in accounts.values_list("pk", "owner", "kind")}
    held: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for account_id, points in ledger.balances(list(kinds)).items():
        owner, kind = kinds[account_id]
        held[owner][kind] += points
    return held


def cups_of(table: Table, *, before_sitting: Sitting | None = None) -> Any:
    """What the table's cups hold now, or as a sitting began (the Danish games' `Cups`)."""
    return cups_in(table_balances(table, before_sitting=before_sitting))


def cups_in(held: Mapping[str, int]) -> Any:
    """The Danish games' `Cups` of what a table's accounts hold (`table_balances`)."""
    return families.DANISH.state(held).cups


def season_book(season_id: int) -> str:
    """The ledger book a season's transactions count in: balances are kept per season."""
    return f"season:{season_id}"


def reference(sitting: Sitting, key: str) -> str:
    """The ledger's reference of a sitting's event: "sitting:12 deal:3"."""
    return f"sitting:{sitting.pk} {key}"


def post_event(
    *,
    sitting: Sitting,
    event: Any,  # a settled event of the season's family
    key: str,
    accounts: AccountMap,
    value_date: datetime.date,
    deal_version=None,
    caused_by=None,
    by=None,
) -> Transaction | None:
    """Post one settled event as one transaction. An event without items posts nothing."""
    lines = [
        ledger.Line(accounts[name].pk, points, rule=item["rule"], ref=item["ref"], item=index)
        for index, item in enumerate(event.items)
        for name, points in item["postings"].items()
    ]
    if not lines:
        return None
    with db_transaction.atomic():
        txn = ledger.post(
            reference=reference(sitting, key),
            lines=lines,
            value_date=value_date,
            book=season_book(sitting.season_id),
            by=by,
        )
        txn.entry = LedgerEntry.objects.create(
            transaction=txn,
            kind=event.kind,
            sitting=sitting,
            event=key,
            deal_version=deal_version,
            caused_by=caused_by,
        )
    return txn


def reverse(
    original: Transaction, *, value_date: datetime.date, caused_by=None, by=None, memo: str = ""
) -> Transaction:
    """Reverse a sitting's transaction; the reversal is an entry of the same event."""
    with db_transaction.atomic():
        reversal = ledger.reverse(original, value_date=value_date, by=by, memo=memo)
        settled = original.entry
        reversal.entry = LedgerEntry.objects.create(
            transaction=reversal,
            kind=LedgerEntry.Kind.REVERSAL,
            sitting_id=settled.sitting_id,
            event=settled.event,
            deal_version_id=settled.deal_version_id,
            caused_by=caused_by,
        )
    return reversal


def effective_transactions(*, table_id: int, sittings: tuple[int, int]) -> list[Transaction]:
    """Transactions that count now (not reversals, not reversed) of a table's sittings with ids
    in the closed range `sittings`, each with its `entry` and `lines`: its postings as
    (account id, points).

    Two queries whose size does not grow with the number of transactions: the postings come by
    a join, not by a list of transaction ids (SQLite refuses an IN list of a thousand).
    """
    counting = Transaction.objects.filter(
        entry__sitting__table_id=table_id,
        entry__sitting__pk__range=sittings,
        reversed_by__isnull=True,
        reverses__isnull=True,
    )
    transactions = list(counting.select_related("entry").order_by("id"))
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


def drifted_seats(clubs) -> Iterator[str]:
    """A line for every seat whose kept points (`Seat.points`, club migration 0012) are not the
    sum of its member's postings at the sitting."""
    summed: dict[tuple[int, int], int] = {
        (sitting_id, member_id): total
        for sitting_id, member_id, total in Posting.objects.filter(
            transaction__entry__sitting__table__club__in=clubs, account__member__isnull=False
        )
        .values_list("transaction__entry__sitting_id", "account__member__id")
        .annotate(total=Sum("points"))
    }
    seats = (
        Seat.objects.filter(sitting__table__club__in=clubs)
        .select_related("sitting__table")
        .order_by("sitting_id", "position")
    )
    for seat in seats:
        posted = summed.get((seat.sitting_id, seat.member_id), 0)
        if seat.points != posted:
            yield _("%(sitting)s / %(name)s: the seat keeps %(kept)s points, the postings say %(posted)s") % {
                "sitting": seat.sitting,
                "name": seat.name,
                "kept": seat.points,
                "posted": posted,
            }
