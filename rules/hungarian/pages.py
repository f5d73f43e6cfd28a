"""What a member's page counts of the Hungarian games: games declared and won, deals with no game
(`rules.pages`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..layout import gettext_noop as _
from ..pages import Pages, StatRow
from .validation import active_players


class HungarianPages(Pages):
    counters = ("declared", "won_as_declarer", "no_game")

    def plays_in(self, record: Mapping[str, Any], name: str, table: Sequence[str]) -> bool:
        dealer = record.get("dealer")
        return isinstance(dealer, str) and name in active_players(dealer, list(table))  # 002 L181: the fifth sits out

    def tally(
        self,
        counts: Counter[str],
        record: Mapping[str, Any],
        number: int,
        name: str,
        rules: Any,
        points: Mapping[str, int],
    ) -> None:
        declared = record.get("declarer") == name
        counts["declared"] += declared
        # The declarer's "game" line pays him when his party won the game.
        counts["won_as_declarer"] += declared and points.get("game", 0) > 0
        counts["no_game"] += bool(record.get("no_game"))

    def stat_rows(self, counts: Mapping[str, int]) -> list[StatRow]:
        return [
            StatRow("declared", _("Games declared"), counts["declared"]),
            StatRow("won_as_declarer", _("Games won as declarer"), counts["won_as_declarer"]),
            StatRow("no_game", _("Deals with no game"), counts["no_game"]),
        ]


PAGES = HungarianPages()
