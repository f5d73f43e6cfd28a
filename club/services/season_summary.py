"""A season's summary for the club's books: per member his sittings, points, their worth in kroner
and what he paid in and out within the season's dates; per club what went through the till.

Points are the season book's kept balances (the deals and, after a split close, the member's share
of the cups), so the summary agrees with the standings; kroner are those points at the season's
one point value (a played season cannot be repriced: `club.services.seasons`). Payments are the
recorded ones dated within the season, a reversal counted against its payment; a saldo carried
over from paper moved no money, so it is left out of the till and of the members' payments.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Case, Count, F, Q, Sum, When

from ..models import Member, Payment, Season, Seat
from .balances import season_standings


@dataclass(frozen=True)
class MemberLine:
    member_id: int
    name: str
    sittings: int
    points: int
    result_ore: int  # the points at the season's point value
    paid_in_ore: int  # paid in to the till within the season's dates, less reversals
    paid_out_ore: int  # paid out of the till to him within them, less reversals


@dataclass(frozen=True)
class SeasonSummary:
    season: Season
    lines: list[MemberLine]  # by result, best first, then name
    sittings: int
    closed_sittings: int

    @property
    def points(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def result_ore(self) -> int:
        return sum(line.result_ore for line in self.lines)

    @property
    def till_in_ore(self) -> int:
        return sum(line.paid_in_ore for line in self.lines)

    @property
    def till_out_ore(self) -> int:
        return sum(line.paid_out_ore for line in self.lines)

    @property
    def till_net_ore(self) -> int:
        """What the till gained over the season (paid in less paid out)."""
        return self.till_in_ore - self.till_out_ore


def season_summary(season: Season) -> SeasonSummary:
    """The season's summary in four queries, whatever its length: the kept standings, the seats
    counted per member, the payments summed per member and direction, the sittings counted."""
    standings = {standing.member_id: standing for standing in season_standings(season)}
    seats = dict(
        Seat.objects.filter(sitting__season=season, member__isnull=False)
        .values("member_id")
        .annotate(n=Count("id"))
        .values_list("member_id", "n")
    )
    paid_in, paid_out = _payments(season)
    ids = set(standings) | set(seats) | set(paid_in) | set(paid_out)
    names = dict(Member.objects.filter(club_id=season.club_id, pk__in=ids).values_list("pk", "name"))
    lines = [
        MemberLine(
            member_id=pk,
            name=names[pk],
            sittings=seats.get(pk, 0),
            points=(points := standings[pk].points if pk in standings else 0),
            result_ore=points * season.point_value_ore,
            paid_in_ore=paid_in.get(pk, 0),
            paid_out_ore=paid_out.get(pk, 0),
        )
        for pk in ids
    ]
    lines.sort(key=lambda line: (-line.points, line.name, line.member_id))
    counts = season.sittings.aggregate(all=Count("id"), closed=Count("id", filter=Q(closed_at__isnull=False)))
    return SeasonSummary(season=season, lines=lines, sittings=counts["all"], closed_sittings=counts["closed"])


def _payments(season: Season) -> tuple[dict[int, int], dict[int, int]]:
    """Member id -> øre paid in, and paid out, within the season's dates (a reversal, which keeps
    its payment's direction, counts against it)."""
    rows = (
        Payment.objects.filter(club_id=season.club_id, paid_on__range=(season.starts_on, season.ends_on))
        .exclude(method=Payment.Method.OPENING)
        .values("member_id", "direction")
        .annotate(ore=Sum(Case(When(reverses__isnull=True, then=F("amount_ore")), default=-F("amount_ore"))))
        .values_list("member_id", "direction", "ore")
    )
    paid: dict[str, dict[int, int]] = {Payment.Direction.IN: {}, Payment.Direction.OUT: {}}
    for member_id, direction, ore in rows:
        paid[direction][member_id] = ore
    return paid[Payment.Direction.IN], paid[Payment.Direction.OUT]
