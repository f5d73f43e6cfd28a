"""What the club's pages show of a family beyond its settlements: who played a deal, and what a
member's page counts (`Pages`). A family without figures of its own counts deals played and dealt.

`tally` adds one deal to the club's statistics of a member (`club.services.stats.MemberStats`:
`ultimos` and `bagud` by card, `melds` by kind, `counts` by the family's own keys, and a few
numbers); `stat_rows` answers the family's figures from them. Labels are message keys (the English
words), which the page translates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class StatRow:
    """One figure of a member's page, under a stable key (the page marks it data-stat="key")."""

    key: str
    label: str  # message key
    value: int | float | None  # None: nothing to average yet
    decimals: int = 0


class Pages:
    stat_cards: tuple[str, ...] = ()  # cards whose ultimo and bagud a member's page counts
    meld_kinds: tuple[tuple[str, str], ...] = ()  # melds a member's page counts: (kind, message key)

    def plays_in(self, record: Mapping[str, Any], name: str, table: Sequence[str]) -> bool:
        """Whether the member seated as `name` played this deal (not sitting it out)."""
        return name in table

    def tally(
        self, stats: Any, record: Mapping[str, Any], number: int, name: str, rules: Any, points: Mapping[str, int]
    ) -> None:
        """Add one deal the member played to `stats`; `points` is what the ledger posted to the
        member for it, by rule key."""

    def stat_rows(self, stats: Any) -> list[StatRow]:
        """The family's own figures on a member's page, after deals played and dealt."""
        return []
