"""What a member's page counts of Danish Tarok: whose Pagat and Kings went ultimo or bagud, melds,
nolos, and the counts (`rules.pages`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..layout import gettext_noop as _
from ..pages import Pages, StatRow, average, card_key, meld_key
from .records import SUITS, parse_deal
from .validation import count_is_void

STAT_CARDS = ("pagat", *(f"king:{suit}" for suit in SUITS))
MELD_KINDS = (
    ("taroks", _("Taroks")),
    ("matadors", _("Matadors")),
    ("suits", _("Court cards")),
    ("kings", _("Kings")),
)
# Beside each card's fates and each meld: nolos, and the counts (deals whose count was settled, the
# member's own counts among them, his card points over those, what the counts paid him).
FIGURES = ("nolos", "deals_counted", "own_counts", "card_points", "count_result")


class DanishPages(Pages):
    stat_cards = STAT_CARDS
    meld_kinds = MELD_KINDS
    counters = (
        *FIGURES,
        *(card_key(fate, card) for fate in ("ultimo", "bagud") for card in STAT_CARDS),
        *(meld_key(kind) for kind, _label in MELD_KINDS),
    )

    def plays_in(self, record: Mapping[str, Any], name: str, table: Sequence[str]) -> bool:
        return name in (record.get("players") or [])

    def tally(
        self,
        counts: Counter[str],
        record: Mapping[str, Any],
        number: int,
        name: str,
        rules: Any,
        points: Mapping[str, int],
    ) -> None:
        _count_cards(counts, record, name)
        counts["nolos"] += record.get("nolo") == name
        meld = (record.get("melds") or {}).get(name) or {}
        for kind, _label in self.meld_kinds:
            if kind == "suits":
                counts[meld_key(kind)] += len(meld.get("suits") or {})
            elif meld.get(kind) is not None:
                counts[meld_key(kind)] += 1
        counted = record.get("counts") or {}
        if counted and not count_is_void(_stored(record, number), rules):
            counts["deals_counted"] += 1
            if name in counted:
                counts["own_counts"] += 1
                counts["card_points"] += counted[name]
        counts["count_result"] += points.get("count", 0)

    def stat_rows(self, counts: Mapping[str, int]) -> list[StatRow]:
        return [
            StatRow("nolos", _("Nolos"), counts["nolos"]),
            StatRow("average_card_points", _("Average count"), average(counts["card_points"], counts["own_counts"]), 1),
            StatRow(
                "average_count_result",
                _("Average count result"),
                average(counts["count_result"], counts["deals_counted"]),
                1,
            ),
        ]


def _stored(record: Mapping[str, Any], number: int) -> Any:
    # Stored versions passed validation when they were saved, so they always parse.
    deal = parse_deal(record, number, [])
    assert deal is not None, f"stored deal {number} does not parse"
    return deal


def _count_cards(counts: Counter[str], record: Mapping[str, Any], name: str) -> None:
    cards = []
    if record.get("pagat"):
        cards.append(("pagat", record["pagat"]))
    cards += [(f"king:{suit}", fate) for suit, fate in (record.get("kings") or {}).items()]
    for card, fate in cards:
        if fate.get("holder") != name:
            continue
        if fate.get("fate") in ("ultimo", "bagud"):
            counts[card_key(fate["fate"], card)] += 1


PAGES = DanishPages()
