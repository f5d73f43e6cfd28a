"""What members owe and are owed in money: the one meaning of "saldo".

The ledger keeps points per member account, and a point's value in øre is the season's. A member's
saldo is the sum, over the seasons he played, of his points times that season's point value, plus
the payments he made and received (kept in øre): exact to the øre, integers throughout. A
season's result ("sæsonresultat") is his points in one season, and is named so wherever it shows.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from ledger import services as ledger
from ledger.models import Account

from .. import access
from ..models import Club, Member, Season
from . import bookkeeping, till


def saldi(club: Club, *, before: datetime.date | None = None) -> dict[int, int]:
    """Member id -> saldo in øre, for every member of the club with postings: his points in each
    season at its point value, plus his payments (`till.paid`); kept balances throughout."""
    found = _points_in_ore(Account.objects.filter(member__club=club), before=before)
    for member_id, ore in till.paid(club, before=before).items():
        found[member_id] = found.get(member_id, 0) + ore
    return found


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


def visible_saldi(viewer: Member, club: Club) -> dict[int, int]:
    """The saldi `viewer` may read by the access policy (`READ_PRIVATE`): his own, or every member's
    for an official."""
    readable = [m for m in club.members.all() if access.allows(viewer, access.READ_PRIVATE, subject=m)]
    if len(readable) == 1:
        return {readable[0].pk: saldo(readable[0])}
    found = saldi(club)
    return {m.pk: found.get(m.pk, 0) for m in readable}


def saldo(member: Member, *, before: datetime.date | None = None) -> int:
    """The member's saldo in øre today, or as it stood before a day began (by value dates)."""
    points = _points_in_ore(Account.objects.filter(member=member), before=before).get(member.pk, 0)
    return points + till.paid_by(member, before=before)


def _points_in_ore(accounts, *, before: datetime.date | None = None) -> dict[int, int]:
    """Member id -> øre: each season's points (a book of the ledger) at that season's point value."""
    by_book = ledger.balances_by_book(accounts, before=before)
    members = dict(Member.objects.filter(account__in=accounts).values_list("account_id", "pk"))
    values = {
        bookkeeping.season_book(pk): ore
        for pk, ore in Season.objects.filter(club__members__account__in=accounts)
        .distinct()
        .values_list("pk", "point_value_ore")
    }
    found: dict[int, int] = defaultdict(int)
    for (account_id, book), points in by_book.items():
        # Points in a book that is none of the club's seasons have no point value: only money
        # posted past the club's services lands there (club.services.accounting flags it).
        if book in values:
            found[members[account_id]] += points * values[book]
    return dict(found)


def format_ore(ore: int) -> str:
    """øre as kroner for a person: "1.234,56 kr." in Danish, "1,234.56 kr." in English, with a real
    minus sign (U+2212) as the score sheet's points."""
    amount = (Decimal(ore) / 100).quantize(Decimal("0.01"))
    text = number_format(amount, 2, use_l10n=True, force_grouping=True).replace("-", "\u2212")
    return _("%(amount)s kr.") % {"amount": text}
