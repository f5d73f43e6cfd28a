"""What members owe and are owed in money: the one meaning of "saldo".

The ledger keeps points per member account, and a point's value in øre is the season's. A member's
saldo is the sum, over the seasons he played, of his points times that season's point value, plus
the payments he made and received (kept in øre): exact to the øre, integers throughout. A
season's result ("sæsonresultat") is his points in one season, and is named so wherever it shows.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from ledger import services as ledger

from .. import access
from ..models import Club, Member, Season
from . import bookkeeping


def saldi(club: Club, *, before: datetime.date | None = None) -> dict[int, int]:
    """Member id -> saldo in øre, for every member of the club with postings: his points in each
    season at its point value, plus his payments; kept balances throughout (three queries, and
    one for `before`'s own month)."""
    links = Member.objects.filter(club=club).values_list("pk", "account_id", "payments_account_id")
    return {pk: ore for pk, (ore, _points) in _saldi(club.pk, links, before=before).items()}


@dataclass(frozen=True)
class Debtors:
    """The treasurer's list: every member with a saldo, who owes the club most first."""

    rows: list[tuple[Member, int]]  # (member, saldo in øre), by saldo, then name

    @property
    def owed_to_club_ore(self) -> int:
        """What the members who owe the club owe it, together (a positive amount)."""
        return -sum(ore for _member, ore in self.rows if ore < 0)

    @property
    def owed_by_club_ore(self) -> int:
        """What the club owes the members it owes, together."""
        return sum(ore for _member, ore in self.rows if ore > 0)

    @property
    def net_ore(self) -> int:
        """All saldi together: < 0 the members owe the club on balance."""
        return sum(ore for _member, ore in self.rows)


def debtors(club: Club) -> Debtors:
    """Every member of the club whose saldo is not nothing, sorted by saldo (who owes most first),
    from the kept balances (`saldi`)."""
    found = saldi(club)
    members = club.members.in_bulk([pk for pk, ore in found.items() if ore])
    rows = sorted(((members[pk], ore) for pk, ore in found.items() if ore), key=lambda row: (row[1], row[0].name))
    return Debtors(rows)


def visible_saldi(viewer: Member, club: Club, among: Iterable[int] | None = None) -> dict[int, int]:
    """The saldi `viewer` may read by the access policy (`READ_PRIVATE`): his own, or every member's
    for an official; of the members `among` only (ids), when given."""
    members = list(club.members.all() if among is None else club.members.filter(pk__in=list(among)))
    readable = [m for m in members if access.allows(viewer, access.READ_PRIVATE, subject=m)]
    if len(readable) == 1:
        return {readable[0].pk: saldo(readable[0])}
    # The members just read: their account links are the database's now.
    found = _saldi(club.pk, [(m.pk, m.account_id, m.payments_account_id) for m in members])
    return {m.pk: found.get(m.pk, (0, 0))[0] for m in readable}


def saldo(member: Member, *, before: datetime.date | None = None) -> int:
    """The member's saldo in øre today, or as it stood before a day began (by value dates)."""
    return saldo_and_points(member, before=before)[0]


def saldo_and_points(member: Member, *, before: datetime.date | None = None) -> tuple[int, int]:
    """The member's saldo in øre and his points over every book (as `balances.member_balance`), today
    or before a day began: from one read of his accounts' kept balances."""
    # By the database's links, not the instance's: one loaded before his first seat or payment has none.
    links = Member.objects.filter(pk=member.pk).values_list("pk", "account_id", "payments_account_id")
    return _saldi(member.club_id, links, before=before).get(member.pk, (0, 0))


def _saldi(
    club_id: int, links: Iterable[tuple[int, int | None, int | None]], *, before: datetime.date | None = None
) -> dict[int, tuple[int, int]]:
    """Member id -> (saldo in øre, points in every book), for members given as (id, points account
    id, payments account id): each season's points (a book of the ledger) at that season's point
    value, plus the payments account's book of payments."""
    points_of: dict[int, int] = {}
    paid_of: dict[int, int] = {}
    for pk, account_id, payments_account_id in links:
        if account_id is not None:
            points_of[account_id] = pk
        if payments_account_id is not None:
            paid_of[payments_account_id] = pk
    if not points_of and not paid_of:
        return {}
    by_book = ledger.balances_by_book([*points_of, *paid_of], before=before)
    values: dict[str, int] = {}
    if points_of:
        seasons = Season.objects.filter(club_id=club_id).values_list("pk", "point_value_ore")
        values = {bookkeeping.season_book(pk): ore for pk, ore in seasons}
    ore: dict[int, int] = defaultdict(int)
    points: dict[int, int] = defaultdict(int)
    for (account_id, book), amount in by_book.items():
        if account_id in points_of:
            member_id = points_of[account_id]
            points[member_id] += amount
            # Points in a book that is none of the club's seasons have no point value: only money
            # posted past the club's services lands there (club.services.accounting flags it).
            if book in values:
                ore[member_id] += amount * values[book]
        elif book == bookkeeping.PAYMENTS_BOOK:
            ore[paid_of[account_id]] += amount
    return {member_id: (ore[member_id], points[member_id]) for member_id in {*ore, *points}}


def format_ore(ore: int) -> str:
    """øre as kroner for a person: "1.234,56 kr." in Danish, "1,234.56 kr." in English, with a real
    minus sign (U+2212) as the score sheet's points."""
    amount = (Decimal(ore) / 100).quantize(Decimal("0.01"))
    text = number_format(amount, 2, use_l10n=True, force_grouping=True).replace("-", "\u2212")
    return _("%(amount)s kr.") % {"amount": text}
