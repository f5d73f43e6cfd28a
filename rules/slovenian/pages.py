"""What a member's page counts of Slovenian tarok: games declared and won, klop played (`rules.pages`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..layout import gettext_noop as _
from ..pages import Pages, StatRow


class SlovenianPages(Pages):
    counters = ("declared", "won_as_declarer", "klop")

    def plays_in(self, record: Mapping[str, Any], name: str, table: Sequence[str]) -> bool:
        """R2: at five members the one named `out` sits the deal out."""
        return name in table and record.get("out") != name

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
        # The declarer's "game" line posts him money points above zero when his side won it.
        counts["won_as_declarer"] += declared and points.get("game", 0) > 0
        counts["klop"] += record.get("contract") == "klop"

    def stat_rows(self, counts: Mapping[str, int]) -> list[StatRow]:
        return [
            StatRow("declared", _("Games declared"), counts["declared"]),
            StatRow("won_as_declarer", _("Games won as declarer"), counts["won_as_declarer"]),
            StatRow("klop", _("Klop deals played"), counts["klop"]),
        ]


PAGES = SlovenianPages()
