"""A member's statistics over a season: pure counting over records and postings, kept per seat.

What happened at the table (who played and dealt, and what the season's family counts under the
keys it declares: whose Pagat went ultimo, who melded what, who declared and won) is read from each deal's
current version; what a deal paid the member is read from the ledger's postings by rule key.
Nothing is priced here. Which figures a member's page shows is the family's answer
(`club.families`). Each seat keeps its sitting's figures (`Seat.stats`, club migration 0013), so a
season's page counts only the sittings that changed since.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.db.models import Sum

from ledger.models import Posting

from ..families import Stat
from ..models import Deal, Member, Season, Seat
from .deals import is_void


@dataclass
class MemberStats:
    deals_played: int = 0
    deals_dealt: int = 0
    # What the season's family counts, by the keys it declares (`rules.pages.Pages.counters`):
    # "declared", "ultimo:pagat", "meld:taroks", "card_points", ...
    counts: Counter = field(default_factory=Counter)
    shown: list[Stat] = field(default_factory=list)  # the family's own figures, in its order


# Part of every kept seat's statistics: a season whose rules changed, or a tally that counts
# differently (raise this with any change to MemberStats or a family's tally), counts again.
STATS_FORMAT = 2
_NUMBERS = ("deals_played", "deals_dealt")


def member_stats(member: Member, season: Season) -> MemberStats:
    """The member's season: the sum of his seats' kept statistics, counting again (and keeping)
    only the sittings whose deals or ledger entries changed since they were kept."""
    key = f"{STATS_FORMAT}:{season.preset}:{json.dumps(season.overrides, sort_keys=True)}"
    # The seats' change counts are read before the deals and postings they stand for, so that a
    # deal recorded meanwhile leaves a count behind and is counted by the next page.
    # Plain rows, not model instances: a season is a hundred seats, and only the stale few are saved.
    seats = list(
        Seat.objects.filter(member=member, sitting__season=season).values_list(
            "pk", "sitting_id", "name", "changes", "stats_of", "stats"
        )
    )
    stale = {
        pk: (sitting_id, name, changes)
        for pk, sitting_id, name, changes, stats_of, kept in seats
        if stats_of != changes or (kept or {}).get("key") != key
    }
    counted = _count_sittings(member, season, {sitting_id: name for sitting_id, name, _changes in stale.values()})
    recounted = [
        Seat(pk=pk, stats={"key": key, **_as_json(counted[sitting_id])}, stats_of=changes)
        for pk, (sitting_id, _name, changes) in stale.items()
    ]
    Seat.objects.bulk_update(recounted, ["stats", "stats_of"], batch_size=500)
    fresh = {seat.pk: seat.stats for seat in recounted}
    stats = MemberStats()
    for pk, _sitting_id, _name, _changes, _stats_of, kept in seats:
        _add(stats, fresh.get(pk, kept) or {})
    stats.shown = season.family.stat_rows(stats.counts)
    return stats


def _count_sittings(member: Member, season: Season, seat_names: dict[int, str]) -> dict[int, MemberStats]:
    """The member's statistics at each of these sittings (by id), from their deals and postings."""
    counted = {sitting_id: MemberStats() for sitting_id in seat_names}
    if not seat_names:
        return counted
    family, ruleset = season.family, season.ruleset()
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
        .annotate(total=Sum("amount"))
    ):
        points[(row["transaction__entry__sitting_id"], row["transaction__entry__event"])][row["rule"]] = row["total"]
    deals = (
        Deal.objects.filter(sitting_id__in=seat_names)
        .select_related("current_version")
        .order_by("sitting_id", "number")
    )
    for deal in deals:
        name, stats = seat_names[deal.sitting_id], counted[deal.sitting_id]
        record = deal.current_version.record
        if is_void(record) or not family.pages.plays_in(record, name, tables[deal.sitting_id]):
            continue
        stats.deals_played += 1
        stats.deals_dealt += record.get("dealer") == name
        family.pages.tally(
            stats.counts, record, deal.number, name, ruleset, points[(deal.sitting_id, f"deal:{deal.number}")]
        )
    return counted


def _as_json(stats: MemberStats) -> dict:
    return {name: getattr(stats, name) for name in _NUMBERS} | {"counts": dict(stats.counts)}


def _add(stats: MemberStats, kept: dict) -> None:
    for name in _NUMBERS:
        setattr(stats, name, getattr(stats, name) + kept.get(name, 0))
    stats.counts.update(kept.get("counts", {}))
