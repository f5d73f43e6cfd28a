"""Which ledger account is whose, and how a settled event of a sitting becomes a ledger transaction.

The ledger knows accounts by an owner key and a kind and transactions by a reference string; this
module is the club's side of that: a member's account (owner "member:<id>", kind "member"), a
table's own accounts (owner "table:<id>"; each of the kinds its family declares,
`rules.Family.own_accounts`), and a `LedgerEntry` written with each transaction, saying which
event of which sitting it settles; all of them in points. Every write of money goes through
`ledger.services`.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction as db_transaction
from django.db.models import Count, F, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ledger import services as ledger
from ledger.models import Account, Posting, Transaction, Unit

from .. import families
from ..models import LedgerEntry, Member, Season, SeasonSettlement, Seat, Sitting, Table

MEMBER = "member"
# Money in øre, not points: a member's payments (owner "member:<id>") and the club's till
# (owner "club:<id>"), both counted in the one book of payments.
PAYMENTS, TILL, PAYMENTS_BOOK = "payments", "till", "payments"
# The club's opening-balance account (owner "club:<id>", øre, the book of payments): the other
# side of the saldi carried over from paper, so the till holds only cash that changed hands.
OPENING = "opening"
# Its side in points (owner "club:<id>", the book of the season the table is to play): the other
# side of what a table's cups or pot held on paper. Points and øre never share an account.
OPENING_POINTS = "opening_points"
# A season's close carries a table's cups or pot into the next season at the money they hold
# (club.services.season_close): the carry account (owner "club:<id>", points) takes them out of
# the closed season's book and gives them back in the next one's at its point value; the øre that
# make no whole point go from its øre side (øre, the book of payments) to the club's own account.
CARRY, CARRY_ORE, CLUB_OWN = "season_carry", "season_carry_ore", "club_own"
KIND_LABELS = {
    MEMBER: _("member"),
    PAYMENTS: _("payments"),
    TILL: _("till"),
    OPENING: _("opening balances"),
    OPENING_POINTS: _("opening balances in points"),
    CARRY: _("carried between seasons"),
    CARRY_ORE: _("carried between seasons, øre"),
    CLUB_OWN: _("the club's own account"),
}


MEMBER_OWNER = "member:"  # and the member's id: the owner of his accounts


def member_owner(member_id: int) -> str:
    return f"{MEMBER_OWNER}{member_id}"


def table_owner(table_id: int) -> str:
    return f"table:{table_id}"


def club_owner(club_id: int) -> str:
    return f"club:{club_id}"


def table_kinds() -> dict[str, str]:
    """The engine's name of each table account of every family ("cup:pagat", "pot") -> its kind in
    the ledger, as the families declare them."""
    return {name: kind for family in families.FAMILIES for name, kind in family.rules_family.own_accounts.items()}


def kind_label(kind: str) -> str:
    """An account kind in words; a table's own account by its family's name for it (Pagatkop, kassza)."""
    engine_names = {kind: name for name, kind in table_kinds().items()}
    if kind in engine_names:
        return families.table_account_name(engine_names[kind])
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
        owner__in=tills, kind__in=(TILL, OPENING, OPENING_POINTS, CARRY, CARRY_ORE, CLUB_OWN)
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


def table_accounts(table: Table, names: Iterable[str]) -> dict[str, Account]:
    """The table's own accounts by their engine names ("cup:pagat", "pot"), opened the first time
    they are needed."""
    declared = table_kinds()
    kinds = {name: declared[name] for name in names}
    found = ledger.accounts(table_owner(table.pk), kinds.values(), Unit.POINTS)
    return {name: found[kind] for name, kind in kinds.items()}


def member_account(member: Member) -> Account:
    """The member's account, opened the first time the member is seated."""
    if member.account is not None:
        return member.account
    account = ledger.account(member_owner(member.pk), MEMBER, Unit.POINTS)
    Member.objects.filter(pk=member.pk, account__isnull=True).update(account=account)
    member.account = account
    return account


def accounts_for(table: Table, seats: Iterable, table_names: Iterable[str]) -> AccountMap:
    """Accounts of a sitting's seats (by the names the records use) and the table's own accounts
    its game uses (`table_names`, the family's engine names for them).

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
            .annotate(total=Sum("amount"))
            .values_list("account__kind", "total")
        )
        for kind, amount in since:
            totals[kind] -= amount
        # A season's close after one of those sittings moved the cups between them: not yet.
        closes = Posting.objects.filter(
            account__in=accounts,
            transaction__in=_season_close_transactions(table, after_sitting=before_sitting.pk),
        )
        for kind, amount in (
            closes.values_list("account__kind").annotate(total=Sum("amount")).values_list("account__kind", "total")
        ):
            totals[kind] -= amount
    return {name: totals.get(kind, 0) for name, kind in table_kinds().items()}


def table_book_balances(table: Table) -> dict[tuple[int, str], int]:
    """(account id, book) -> points the table's own accounts hold in each book."""
    return ledger.balances_by_book(Account.objects.filter(owner=table_owner(table.pk)))


def _season_close_transactions(table: Table, *, after_sitting: int):
    """The transactions of the table's season closes after its sitting `after_sitting` or later."""
    settlements = SeasonSettlement.objects.filter(table=table, after_sitting_id__gte=after_sitting)
    ids = [
        pk
        for row in settlements.values_list("split_transaction_id", "out_transaction_id", "in_transaction_id")
        for pk in row
        if pk is not None
    ]
    return Transaction.objects.filter(pk__in=ids)


def tables_balances(tables: Iterable[Table]) -> dict[int, dict[str, int]]:
    """Table id -> what its own accounts hold now, by engine name (as `table_balances`): two
    queries for any number of tables."""
    owners = {table_owner(table.pk): table.pk for table in tables}
    held = _held_by_kind(Account.objects.filter(owner__in=owners))
    kinds = table_kinds()
    return {pk: {name: held[owner].get(kind, 0) for name, kind in kinds.items()} for owner, pk in owners.items()}


def _held_by_kind(accounts) -> dict[str, dict[str, int]]:
    """Owner -> kind -> what those of `accounts` hold now, from the kept balances."""
    kinds = {pk: (owner, kind) for pk, owner, kind in accounts.values_list("pk", "owner", "kind")}
    held: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for account_id, amount in ledger.balances(list(kinds)).items():
        owner, kind = kinds[account_id]
        held[owner][kind] += amount
    return held


def table_state(table: Table, family: families.Family, *, before_sitting: Sitting | None = None) -> Any:
    """The family's table state (the cups, the pot) from what the table's accounts hold now, or as
    a sitting began."""
    return family.rules_family.state(table_balances(table, before_sitting=before_sitting))


SEASON_BOOK = "season:"  # and the season's id: the book of its points


def season_book(season_id: int) -> str:
    """The ledger book a season's transactions count in: balances are kept per season."""
    return f"{SEASON_BOOK}{season_id}"


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
    """Post one settled event as one transaction, and add its members' points to their seats. An
    event without items posts nothing."""
    lines = [
        ledger.Line(accounts[name].pk, points, rule=item["rule"], ref=item["ref"], item=index)
        for index, item in enumerate(event.items)
        for name, points in item["postings"].items()
    ]
    if not lines:
        return None
    if not db_transaction.get_connection().in_atomic_block:
        with db_transaction.atomic():  # the postings, the entry and the seats: all or none
            return post_event(
                sitting=sitting,
                event=event,
                key=key,
                accounts=accounts,
                value_date=value_date,
                deal_version=deal_version,
                caused_by=caused_by,
                by=by,
            )
    # Inside the caller's block, without a savepoint of its own (two statements a deal): a refused
    # transaction (unbalanced, mixed units) is refused before anything is written and leaves the
    # block usable; once the postings are written, a failure marks the whole block for rollback,
    # so they never stay without their entry and seats.
    txn = ledger.post(
        reference=reference(sitting, key),
        lines=lines,
        value_date=value_date,
        book=season_book(sitting.season_id),
        by=by,
    )
    with db_transaction.atomic(savepoint=False):
        txn.entry = LedgerEntry.objects.create(
            transaction=txn,
            kind=event.kind,
            sitting=sitting,
            event=key,
            deal_version=deal_version,
            caused_by=caused_by,
            point_value_ore=sitting.season.point_value_ore,
        )
        _keep_seats(sitting.pk, txn)
    return txn


def reverse(
    original: Transaction, *, value_date: datetime.date, caused_by=None, by=None, memo: str = ""
) -> Transaction:
    """Reverse a sitting's transaction; the reversal is an entry of the same event."""
    with db_transaction.atomic(savepoint=False):  # as `post_event`'s
        reversal = ledger.reverse(original, value_date=value_date, by=by, memo=memo)
        settled = original.entry
        reversal.entry = LedgerEntry.objects.create(
            transaction=reversal,
            kind=LedgerEntry.Kind.REVERSAL,
            sitting_id=settled.sitting_id,
            event=settled.event,
            deal_version_id=settled.deal_version_id,
            caused_by=caused_by,
            point_value_ore=settled.point_value_ore,
        )
        _keep_seats(settled.sitting_id, reversal)
    return reversal


def _keep_seats(sitting_id: int, txn: Transaction) -> None:
    """Each seat of the sitting adds its member's postings of `txn` to its points (`Seat.points`) and
    counts the entry as a change (`Seat.changes`, so kept statistics are counted again): one UPDATE,
    in the caller's `atomic()` block with the postings. `ledger_check` finds a seat that drifted."""
    posted = (
        Posting.objects.filter(transaction=txn, account__member=OuterRef("member_id"))
        .values("transaction_id")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    Seat.objects.filter(sitting_id=sitting_id).update(
        points=F("points") + Coalesce(Subquery(posted), 0), changes=F("changes") + 1
    )


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
        .values_list("transaction_id", "account_id", "amount")
    )
    for transaction_id, account_id, amount in rows:
        lines[transaction_id].append((account_id, amount))
    for txn in transactions:
        txn.lines = lines[txn.pk]
    return transactions


def repriced_seasons(clubs) -> Iterator[str]:
    """A line for every season whose point value is not the one its ledger entries were posted at
    (`LedgerEntry.point_value_ore`): a saldo is points times the season's value, so such a change
    moved every saldo of the season without a posting."""
    posted = (
        LedgerEntry.objects.filter(sitting__table__club__in=clubs)
        .exclude(point_value_ore=F("sitting__season__point_value_ore"))
        .values_list("sitting__season", "point_value_ore")
        .annotate(entries=Count("pk"))
        .order_by("sitting__season", "point_value_ore")
    )
    for season_id, then, entries in posted:
        season = Season.objects.select_related("club").get(pk=season_id)
        yield ngettext(
            "%(club)s / season %(season)s: a point is worth %(now)s øre now, but %(entries)s ledger entry was"
            " posted at %(then)s øre: its saldi changed without a posting",
            "%(club)s / season %(season)s: a point is worth %(now)s øre now, but %(entries)s ledger entries were"
            " posted at %(then)s øre: its saldi changed without a posting",
            entries,
        ) % {
            "club": season.club.slug,
            "season": season.name,
            "now": season.point_value_ore,
            "entries": entries,
            "then": then,
        }


def drifted_seats(clubs) -> Iterator[str]:
    """A line for every seat whose kept points (`Seat.points`, kept by `post_event` and `reverse`)
    are not the sum of its member's postings at the sitting."""
    summed: dict[tuple[int, int], int] = {
        (sitting_id, member_id): total
        for sitting_id, member_id, total in Posting.objects.filter(
            transaction__entry__sitting__table__club__in=clubs, account__member__isnull=False
        )
        .values_list("transaction__entry__sitting_id", "account__member__id")
        .annotate(total=Sum("amount"))
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
