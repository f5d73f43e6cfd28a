"""Balances and standings, from the balances the ledger keeps per account, season and month.

Every figure a member sees comes from here, so a statement, the standings page and the API can
never disagree with each other or with the ledger. A standing or a balance reads kept rows (one
per member and month), never a season's or a lifetime's postings; only a day inside a month
adds that month's postings, and a sitting's totals its own.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Sum
from django.utils import timezone

from ledger import services as ledger
from ledger.models import Account, Balance, Posting

from .. import families
from ..models import Season, Seat, Sitting
from .bookkeeping import MEMBER, season_book, table_balances, tables_balances


@dataclass(frozen=True)
class Standing:
    member_id: int
    name: str
    points: int


def season_standings(season) -> list[Standing]:
    """Each member's balance over the season, best first (one GROUP BY over kept balances)."""
    rows = (
        Balance.objects.filter(book=season_book(season.pk), account__kind=MEMBER)
        .values("account__member__id", "account__member__name")
        .annotate(points=Sum("amount"))
        .order_by("-points", "account__member__name")
    )
    return [Standing(r["account__member__id"], r["account__member__name"], r["points"]) for r in rows]


def member_balance(
    member, *, season=None, until: datetime.date | None = None, before: datetime.date | None = None
) -> int:
    """A member's balance: all time, or within a season; up to and including `until`, or
    strictly before `before` (dates are value dates: the sitting's, or a correction's)."""
    if until is not None:
        before = (
            until + datetime.timedelta(days=1) if before is None else min(before, until + datetime.timedelta(days=1))
        )
    accounts = Account.objects.filter(member=member)
    book = season_book(season.pk) if season is not None else None
    return sum(ledger.balances(accounts, book=book, before=before).values())


def member_seasons(member, seasons) -> dict[int, int]:
    """Season id -> the member's balance within it, for several seasons in one query."""
    accounts = Account.objects.filter(member=member)
    by_book = ledger.balances_by_book(accounts)
    totals: dict[str, int] = {}
    for (_account, book), points in by_book.items():
        totals[book] = totals.get(book, 0) + points
    return {season.pk: totals.get(season_book(season.pk), 0) for season in seasons}


def member_months(member, season) -> dict[datetime.date, int]:
    """A member's result per month of a season (keyed by the month's first day)."""
    rows = (
        Balance.objects.filter(account__member=member, book=season_book(season.pk))
        .values("month")
        .annotate(points=Sum("amount"))
        .order_by("month")
    )
    return {r["month"]: r["points"] for r in rows}


def member_by_sitting(member, season) -> list[tuple[int, datetime.date, int]]:
    """(sitting id, sitting date, points) for each sitting of a season the member sat at, in
    order; corrections count in the sitting they correct. One row a sitting: the seat's kept points."""
    return members_by_sitting(season, [member.pk]).get(member.pk, [])


def members_by_sitting(season, member_ids) -> dict[int, list[tuple[int, datetime.date, int]]]:
    """`member_by_sitting` of several members at once (member id -> rows), in one query."""
    rows = (
        Seat.objects.filter(member_id__in=member_ids, sitting__season=season)
        .values_list("member_id", "sitting_id", "sitting__date", "points")
        .order_by("sitting__date", "sitting_id")
    )
    found: dict[int, list[tuple[int, datetime.date, int]]] = {}
    for member_id, sitting_id, date, points in rows:
        found.setdefault(member_id, []).append((sitting_id, date, points))
    return found


def sitting_totals(sitting) -> dict[int, int]:
    """Member id -> points over one sitting."""
    rows = (
        Posting.objects.filter(transaction__entry__sitting=sitting, account__kind=MEMBER)
        .values("account__member__id")
        .annotate(points=Sum("amount"))
    )
    return {r["account__member__id"]: r["points"] for r in rows}


def table_cups(table, held: Mapping[str, int] | None = None) -> dict[str, int]:
    """What each cup of the table holds now, by the cup's key ({"pagat": 60, "king": 60}): every
    family's cups, as a table serves the seasons of any family in turn; from `held` (its
    `tables_holdings`) when the caller has read them."""
    held = table_balances(table) if held is None else held
    return {cup.key: held.get(cup.name, 0) for cup in families.cups()}


def table_holdings(table) -> dict[str, int]:
    """What each of the table's own accounts holds now ("cup:pagat", "cup:king", "pot")."""
    return table_balances(table)


def tables_holdings(tables) -> dict[int, dict[str, int]]:
    """Table id -> what its own accounts hold now, for a page of tables in two queries."""
    return tables_balances(tables)


def current_season(club) -> Season | None:
    """The season being played today, else the club's latest."""
    today = timezone.localdate()
    seasons = club.seasons.all()
    return seasons.filter(starts_on__lte=today, ends_on__gte=today).first() or seasons.first()


def tables_games(tables) -> dict[int, Season | None]:
    """Table id -> the season whose game the table plays: its last sitting's, else (a table not
    played at yet) its club's current season. A table serves any family's seasons in turn, and
    its own accounts are those of the game it plays."""
    tables = list(tables)
    last: dict[int, int] = {}
    for table_id, season_id in (
        Sitting.objects.filter(table__in=tables)
        .order_by("table_id", "-date", "-id")
        .values_list("table_id", "season_id")
    ):
        last.setdefault(table_id, season_id)
    played = {season.pk: season for season in Season.objects.filter(pk__in=set(last.values()))}
    current: dict[int, Season | None] = {}
    for table in tables:
        if table.pk not in last and table.club_id not in current:
            current[table.club_id] = current_season(table.club)
    return {table.pk: played[last[table.pk]] if table.pk in last else current[table.club_id] for table in tables}


def game_holdings(season: Season | None, held: Mapping[str, int]) -> dict[str, int]:
    """What each of the table accounts `season`'s game keeps holds (by the family's own names:
    "cup:pagat", "pot"); none for a game that keeps none, or a table without a season."""
    if season is None:
        return {}
    return {name: held.get(name, 0) for name in season.family.rules_family.table_accounts(season.ruleset())}
