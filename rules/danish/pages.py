"""What a member's page counts of Danish Tarok: whose Pagat and Kings went ultimo or bagud, melds,
nolos, and the counts (`rules.pages`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..layout import gettext_noop as _
from ..pages import Pages, StatRow
from .records import SUITS, parse_deal
from .validation import count_is_void


class DanishPages(Pages):
    stat_cards = ("pagat", *(f"king:{suit}" for suit in SUITS))
    meld_kinds = (
        ("taroks", _("Taroks")),
        ("matadors", _("Matadors")),
        ("suits", _("Court cards")),
        ("kings", _("Kings")),
    )

    def plays_in(self, record: Mapping[str, Any], name: str, table: Sequence[str]) -> bool:
        return name in (record.get("players") or [])

    def tally(
        self, stats: Any, record: Mapping[str, Any], number: int, name: str, rules: Any, points: Mapping[str, int]
    ) -> None:
        _count_cards(stats, record, name)
        stats.nolos += record.get("nolo") == name
        meld = (record.get("melds") or {}).get(name) or {}
        for kind, _label in self.meld_kinds:
            if kind == "suits":
                stats.melds[kind] += len(meld.get("suits") or {})
            elif meld.get(kind) is not None:
                stats.melds[kind] += 1
        counts = record.get("counts") or {}
        if counts and not count_is_void(_stored(record, number), rules):
            stats.deals_counted += 1
            if name in counts:
                stats.own_counts += 1
                stats.card_points += counts[name]
        stats.count_result += points.get("count", 0)

    def stat_rows(self, stats: Any) -> list[StatRow]:
        return [
            StatRow("nolos", _("Nolos"), stats.nolos),
            StatRow("average_card_points", _("Average count"), stats.average_card_points, 1),
            StatRow("average_count_result", _("Average count result"), stats.average_count_result, 1),
        ]


def _stored(record: Mapping[str, Any], number: int) -> Any:
    # Stored versions passed validation when they were saved, so they always parse.
    deal = parse_deal(record, number, [])
    assert deal is not None, f"stored deal {number} does not parse"
    return deal


def _count_cards(stats: Any, record: Mapping[str, Any], name: str) -> None:
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


PAGES = DanishPages()
