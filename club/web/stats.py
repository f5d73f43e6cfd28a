"""A member's statistics over a season: pure counting over records and postings.

What happened at the table (who played and dealt, and what the season's family counts: whose
Pagat went ultimo or bagud, who melded what, who declared and won) is read from each deal's
current version; what a deal paid the member is read from the ledger's postings by rule key.
Nothing is priced here. Which figures a member's page shows is the family's answer
(`club.families`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.db.models import Sum

from ledger.models import Posting

from ..families import Stat
from ..models import Deal, Member, Season, Seat
from ..services import is_void


@dataclass
class MemberStats:
    deals_played: int = 0
    deals_dealt: int = 0
    # Danish games
    ultimos: Counter = field(default_factory=Counter)  # card ("pagat", "king:hearts") -> times won
    bagud: Counter = field(default_factory=Counter)  # card -> times gone bagud
    nolos: int = 0
    melds: Counter = field(default_factory=Counter)  # meld kind -> times melded
    deals_counted: int = 0  # deals he played whose count was settled (as counter or not)
    own_counts: int = 0  # of those, the deals in which he gave a count himself
    card_points: int = 0  # the card points he counted, over his own counts
    count_result: int = 0  # what the counts paid him, from the ledger's "count" postings
    # Any family's further counts by key ("declared", "won_as_declarer", ...)
    counts: Counter = field(default_factory=Counter)
    shown: list[Stat] = field(default_factory=list)  # the family's own figures, in its order

    @property
    def average_card_points(self) -> float | None:
        return self.card_points / self.own_counts if self.own_counts else None

    @property
    def average_count_result(self) -> float | None:
        return self.count_result / self.deals_counted if self.deals_counted else None


def member_stats(member: Member, season: Season) -> MemberStats:
    stats = MemberStats()
    family, ruleset = season.family, season.ruleset()
    seat_names = dict(Seat.objects.filter(member=member, sitting__season=season).values_list("sitting_id", "name"))
    tables: dict[int, list[str]] = defaultdict(list)
    for sitting_id, name in (
        Seat.objects.filter(sitting_id__in=seat_names)
        .order_by("sitting_id", "position")
        .values_list("sitting_id", "name")
    ):
        tables[sitting_id].append(name)
    points: dict[tuple[int, str], dict[str, int]] = defaultdict(dict)
    for row in (
        Posting.objects.filter(account__member=member, transaction__entry__sitting_id__in=seat_names)
        .values("transaction__entry__sitting_id", "transaction__entry__event", "rule")
        .annotate(total=Sum("points"))
    ):
        points[(row["transaction__entry__sitting_id"], row["transaction__entry__event"])][row["rule"]] = row["total"]
    deals = (
        Deal.objects.filter(sitting_id__in=seat_names)
        .select_related("current_version")
        .order_by("sitting_id", "number")
    )
    for deal in deals:
        name = seat_names[deal.sitting_id]
        record = deal.current_version.record
        if is_void(record) or not family.plays_in(record, name, tables[deal.sitting_id]):
            continue
        stats.deals_played += 1
        stats.deals_dealt += record.get("dealer") == name
        family.tally(stats, record, deal.number, name, ruleset, points[(deal.sitting_id, f"deal:{deal.number}")])
    stats.shown = family.stat_rows(stats)
    return stats
