"""What members owe and are owed in money: the one meaning of "saldo".

The ledger keeps points per member account, and a point's value in øre is the season's. A member's
saldo is the sum, over the seasons he played, of his points times that season's point value, plus
the payments he made and received (kept in øre): exact to the øre, integers throughout. A
season's result ("sæsonresultat") is his points in one season, and is named so wherever it shows.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from decimal import Decimal

from django.db.models import Sum
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from ledger.models import Posting

from .. import access
from ..models import Club, Member


def saldi(club: Club) -> dict[int, int]:
    """Member id -> saldo in øre, for every member of the club with postings (one GROUP BY)."""
    return _saldi(Posting.objects.filter(account__member__club=club))


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
    postings = Posting.objects.filter(account__member=member)
    if before is not None:
        postings = postings.filter(transaction__value_date__lt=before)
    return _saldi(postings).get(member.pk, 0)


def _saldi(postings) -> dict[int, int]:
    rows = postings.values_list("account__member__id", "transaction__entry__sitting__season__point_value_ore").annotate(
        points=Sum("points")
    )
    found: dict[int, int] = defaultdict(int)
    for member_id, point_value, points in rows:
        found[member_id] += points * point_value
    return dict(found)


def format_ore(ore: int) -> str:
    """øre as kroner for a person: "1.234,56 kr." in Danish, "1,234.56 kr." in English, with a real
    minus sign (U+2212) as the score sheet's points."""
    amount = (Decimal(ore) / 100).quantize(Decimal("0.01"))
    text = number_format(amount, 2, use_l10n=True, force_grouping=True).replace("-", "\u2212")
    return _("%(amount)s kr.") % {"amount": text}
