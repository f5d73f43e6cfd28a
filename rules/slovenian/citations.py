"""Where each settlement rule stands in slovenian-tarok.md: the rule number ("R21"), as a line
item's `ref`."""

from __future__ import annotations

REFS: dict[str, str] = {
    "game": "R21",  # talon contracts: ±(value + difference) × kontra
    "game:solo_without": "R23",
    "game:flat": "R22",
    "bonus": "R33",
    "bonus:valat": "R35",
    "radelc": "R51",
    "mondfang": "R40",
    "klop": "R61",
    "renons": "R64",
    "close:radelci": "R80",
}


def ref(rule: str) -> str:
    """The rule number a line item of `rule` rests on; `bonus:trula` falls back to `bonus`."""
    return REFS.get(rule) or REFS[rule.split(":", 1)[0]]
