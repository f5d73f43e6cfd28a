"""Slovenian tarok's parameters described (`rules.parameters`): meaning and rule of slovenian-tarok.md.

`contract_values` and `bonus_values` are partial maps: each contract's and bonus's value is one
parameter of its own (`contract_values.open_beggar`), so a season's form changes one and its
overrides hold only what differs.
"""

from __future__ import annotations

from ..parameters import AMOUNT, CHOICE, FLAG, Parameter
from ..texts import Text, gettext_noop, phrase
from .presets import BONUS_VALUES, CONTRACT_VALUES, DEFAULT
from .texts import BONUSES, CONTRACTS

# override name -> (the rule, its meaning)
_NOTES: dict[str, tuple[str, Text]] = {
    "difference_rounding": ("R21", gettext_noop("The difference is rounded to this step (5, or 1: exact)")),
    "klop_rounding": ("R61", gettext_noop("Klop points are rounded to this step (5, or 1: exact)")),
    "solo_without_difference": ("R23", gettext_noop("Solo without counts the difference like a talon game")),
    "pikolo": ("R12", gettext_noop("Value of pikolo (empty: the club does not play it)")),
    "colour_valat_3p": ("R11", gettext_noop("Colour valat is played at three members")),
    "max_kontra": ("R30", gettext_noop("Highest kontra level (0 none, 1 kontra, 2 re, 3 sub, 4 mort)")),
    "mondfang": ("R40", gettext_noop("A lost mond costs this (empty: 20 at 4-5 members, 21 at 3; 0: off)")),
    "mondfang_doubled": ("R41", gettext_noop("A radelc doubles the mondfang of its holder")),
    "radelc_scope": ("R51", gettext_noop("Whose radelc doubles: the declarer's for the side, or each his own")),
    "radelci_for_sitter": ("R54", gettext_noop("The member sitting out gets a radelc too")),
    "valat_gives_radelci": ("R50", gettext_noop("A valat in a talon game gives everyone a radelc")),
    "klop_full_and_empty": ("R61", gettext_noop("Klop with a full and an empty member: both, full only or half")),
    "klop_radelc_doubles": ("R61", gettext_noop("A member's own radelc doubles his klop score")),
    "klop_empty_removes_radelc": ("R61", gettext_noop("An empty member in klop crosses off a radelc")),
    "klop_kontra": ("R63", gettext_noop("Klop can be kontra'd")),
    "failed_announced_valat": (
        "R35",
        gettext_noop("A failed announced valat replaces the game, or is added to it"),
    ),
    "renons": ("R64", gettext_noop("A revoke (renons) costs the offender this")),
    "renons_doubled": ("R64", gettext_noop("The offender's radelc doubles the renons")),
    "unused_radelc_penalty": ("R80", gettext_noop("Each radelc still held at the close costs this")),
    "money": ("R81", gettext_noop("Money: the pairwise differences of the totals, or none (points only)")),
}
_CHOICES = {
    "difference_rounding": (5, 1),
    "klop_rounding": (5, 1),
    "max_kontra": (0, 1, 2, 3, 4),
    "radelc_scope": ("declarer", "own"),
    "klop_full_and_empty": ("both", "full_only", "half"),
    "failed_announced_valat": ("replace", "add"),
    "money": ("pairwise", "none"),
}
_VALUE_OF = gettext_noop("Value of {what}")


def describe(preset: str) -> list[Parameter]:
    """Every parameter a season may change (§11), the contract and bonus values one by one."""
    found = []
    for name in ("difference_rounding", "klop_rounding"):
        found.append(_one(name))
    for contract, value in CONTRACT_VALUES.items():
        found.append(
            Parameter(f"contract_values.{contract}", AMOUNT, value, phrase(_VALUE_OF, what=CONTRACTS[contract]), "R10")
        )
    for bonus, value in BONUS_VALUES.items():
        meaning = phrase(gettext_noop("Silent value of {what} (announced: twice)"), what=BONUSES[bonus])
        found.append(Parameter(f"bonus_values.{bonus}", AMOUNT, value, meaning, "R31"))
    for name in _NOTES:
        if name not in ("difference_rounding", "klop_rounding"):
            found.append(_one(name))
    return found


def _one(name: str) -> Parameter:
    ref, meaning = _NOTES[name]
    default = getattr(DEFAULT, name)
    if name in _CHOICES:
        return Parameter(name, CHOICE, default, meaning, ref, _CHOICES[name])
    if isinstance(default, bool):
        return Parameter(name, FLAG, default, meaning, ref)
    return Parameter(name, AMOUNT, default, meaning, ref)
