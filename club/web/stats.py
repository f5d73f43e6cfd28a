"""A member's statistics over a season: pure counting over records and postings.

What happened at the table (who played, whose Pagat went ultimo or bagud, who melded what,
what was counted) is read from each deal's current version; what a count was worth is read
from the ledger's postings with the rule key "count". Nothing is priced here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Sum

import rules.danish
from ledger.models import Posting
from rules.danish.validation import count_is_void

from ..models import Deal, Member, Season, Seat

MELD_KINDS = ("taroks", "matadors", "suits", "kings")


@dataclass
class MemberStats:
    deals_played: int = 0
    deals_dealt: int = 0
    ultimos: Counter = field(default_factory=Counter)  # card ("pagat", "king:hearts") -> times won
    bagud: Counter = field(default_factory=Counter)  # card -> times gone bagud
    nolos: int = 0
    melds: Counter = field(default_factory=Counter)  # meld kind -> times melded
    deals_counted: int = 0  # deals he played whose count was settled (as counter or not)
    own_counts: int = 0  # of those, the deals in which he gave a count himself
    card_points: int = 0  # the card points he counted, over his own counts
    count_result: int = 0  # what the counts paid him, from the ledger's "count" postings

    @property
    def average_card_points(self) -> float | None:
        return self.card_points / self.own_counts if self.own_counts else None

    @property
    def average_count_result(self) -> float | None:
        return self.count_result / self.deals_counted if self.deals_counted else None


def member_stats(member: Member, season: Season) -> MemberStats:
    stats = MemberStats()
    ruleset = season.ruleset()
    seat_names = dict(Seat.objects.filter(member=member, sitting__season=season).values_list("sitting_id", "name"))
    deals = (
        Deal.objects.filter(sitting_id__in=seat_names)
        .select_related("current_version")
        .order_by("sitting_id", "number")
    )
    for deal in deals:
        name = seat_names[deal.sitting_id]
        record = deal.current_version.record
        if name not in (record.get("players") or []):
            continue
        stats.deals_played += 1
        stats.deals_dealt += record.get("dealer") == name
        _count_cards(stats, record, name)
        stats.nolos += record.get("nolo") == name
        meld = (record.get("melds") or {}).get(name) or {}
        for kind in MELD_KINDS:
            if kind == "suits":
                stats.melds[kind] += len(meld.get("suits") or {})
            elif meld.get(kind) is not None:
                stats.melds[kind] += 1
        counts = record.get("counts") or {}
        if counts and not count_is_void(_parsed(record, deal.number), ruleset):
            stats.deals_counted += 1
            if name in counts:
                stats.own_counts += 1
                stats.card_points += counts[name]
    stats.count_result = (
        Posting.objects.filter(
            account__member=member, transaction__entry__sitting__season=season, rule="count"
        ).aggregate(total=Sum("points"))["total"]
        or 0
    )
    return stats


def _count_cards(stats: MemberStats, record: dict, name: str) -> None:
    cards = []
    if record.get("pagat"):
        cards.append(("pagat", record["pagat"]))
    cards += [(f"king:{suit}", fate) for suit, fate in (record.get("kings") or {}).items()]
    for card, fate in cards:
        if fate.get("holder") != name:
            continue
        if fate.get("fate") == "ultimo":
            stats.ultimos[card] += 1
        elif fate.get("fate") == "bagud":
            stats.bagud[card] += 1


def _parsed(record: dict, number: int) -> rules.danish.Deal:
    # Stored versions passed validation when they were saved, so they always parse.
    deal = rules.danish.parse_deal(record, number, [])
    assert deal is not None, f"stored deal {number} does not parse"
    return deal
