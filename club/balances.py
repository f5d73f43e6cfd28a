"""Balances and standings: sums over postings, never stored running totals.

Every figure a member sees comes from here, so a statement, the standings page and the API can
never disagree with each other or with the ledger.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Q, Sum
from django.db.models.functions import TruncMonth

import rules.danish
from ledger.models import Posting

from .services.bookkeeping import MEMBER, cups_of, table_balances


@dataclass(frozen=True)
class Standing:
    member_id: int
    name: str
    points: int


def _season_postings(season) -> Q:
    return Q(transaction__entry__sitting__season=season, account__kind=MEMBER)


def season_standings(season) -> list[Standing]:
    """Each member's balance over the season, best first (one GROUP BY over postings)."""
    rows = (
        Posting.objects.filter(_season_postings(season))
        .values("account__member__id", "account__member__name")
        .annotate(points=Sum("points"))
        .order_by("-points", "account__member__name")
    )
    return [Standing(r["account__member__id"], r["account__member__name"], r["points"]) for r in rows]


def member_balance(
    member, *, season=None, until: datetime.date | None = None, before: datetime.date | None = None
) -> int:
    """A member's balance: all time, or within a season; up to and including `until`, or
    strictly before `before` (dates are value dates: the sitting's, or a correction's)."""
    postings = Posting.objects.filter(account__member=member)
    if season is not None:
        postings = postings.filter(transaction__entry__sitting__season=season)
    if until is not None:
        postings = postings.filter(transaction__value_date__lte=until)
    if before is not None:
        postings = postings.filter(transaction__value_date__lt=before)
    return postings.aggregate(total=Sum("points"))["total"] or 0


def member_months(member, season) -> dict[datetime.date, int]:
    """A member's result per month of a season (keyed by the month's first day)."""
    rows = (
        Posting.objects.filter(account__member=member, transaction__entry__sitting__season=season)
        .annotate(month=TruncMonth("transaction__value_date"))
        .values("month")
        .annotate(points=Sum("points"))
        .order_by("month")
    )
    return {_as_date(r["month"]): r["points"] for r in rows}


def member_by_sitting(member, season) -> list[tuple[int, datetime.date, int]]:
    """(sitting id, sitting date, points) for each sitting of a season the member sat at, in
    order; corrections count in the sitting they correct."""
    rows = (
        Posting.objects.filter(account__member=member, transaction__entry__sitting__season=season)
        .values("transaction__entry__sitting_id", "transaction__entry__sitting__date")
        .annotate(points=Sum("points"))
        .order_by("transaction__entry__sitting__date", "transaction__entry__sitting_id")
    )
    return [(r["transaction__entry__sitting_id"], r["transaction__entry__sitting__date"], r["points"]) for r in rows]


def sitting_totals(sitting) -> dict[int, int]:
    """Member id -> points over one sitting."""
    rows = (
        Posting.objects.filter(transaction__entry__sitting=sitting, account__kind=MEMBER)
        .values("account__member__id")
        .annotate(points=Sum("points"))
    )
    return {r["account__member__id"]: r["points"] for r in rows}


def table_cups(table) -> rules.danish.Cups:
    return cups_of(table)


def table_holdings(table) -> dict[str, int]:
    """What each of the table's own accounts holds now ("cup:pagat", "cup:king", "pot")."""
    return table_balances(table)


def _as_date(value) -> datetime.date:
    return value.date() if isinstance(value, datetime.datetime) else value
