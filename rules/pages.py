"""What the club's pages show of a family beyond its settlements: who played a deal, and what a
member's page counts (`Pages`). A family without figures of its own counts deals played and dealt.

`tally` adds one deal a member played to his counters (`club.services.stats.MemberStats.counts`,
a `Counter` kept per seat): each key one the family declares in `counters`, whatever it counts —
games declared, a card's ultimo (`card_key("ultimo", "pagat")`), a meld (`meld_key("taroks")`), card
points. `stat_rows` answers the family's figures from them. Labels are message keys (the English
words), which the page translates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


def card_key(fate: str, card: str) -> str:
    """The counter of a card's fate: "ultimo:pagat", "bagud:king:hearts"."""
    return f"{fate}:{card}"


def meld_key(kind: str) -> str:
    """The counter of a meld: "meld:taroks"."""
    return f"meld:{kind}"


def average(total: int, count: int) -> float | None:
    """`total` over `count`, or None when there is nothing to average yet."""
    return total / count if count else None


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
    counters: tuple[str, ...] = ()  # every key `tally` counts under

    def plays_in(self, record: Mapping[str, Any], name: str, table: Sequence[str]) -> bool:
        """Whether the member seated as `name` played this deal (not sitting it out)."""
        return name in table

    def tally(
        self,
        counts: Counter[str],
        record: Mapping[str, Any],
        number: int,
        name: str,
        rules: Any,
        points: Mapping[str, int],
    ) -> None:
        """Add one deal the member played to his `counts` (keys of `counters`); `points` is what the
        ledger posted to the member for it, by rule key."""

    def stat_rows(self, counts: Mapping[str, int]) -> list[StatRow]:
        """The family's own figures on a member's page, after deals played and dealt."""
        return []
