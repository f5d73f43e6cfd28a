"""Slovenian tarok's one rule set (`slovenian`) and the 22 club parameters of slovenian-tarok.md §11.

A `RuleSet` is the rule set with a club's overrides applied (R70). Every parameter has its default
of §11; `contract_values` and `bonus_values` take a partial map (the contracts or bonuses named
change, the others keep R10/R31). An unknown name is refused (`unknown_parameter`, field
`overrides.NAME`), a bad value too (`bad_parameter`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from ..parameters import MAX_AMOUNT
from ..problems import InvalidRecord, Problem
from .messages import problem

PRESET = "slovenian"

# R10, R11, R12: the contracts a record names.
TALON = ("three", "two", "one", "solo_three", "solo_two", "solo_one")  # R21: played for the difference
CALLING = ("three", "two", "one")  # R3: a called king at 4-5 members
SOLO_TALON = ("solo_three", "solo_two", "solo_one")  # R11: none at 3 members
FLAT = ("beggar", "open_beggar", "colour_valat", "valat", "pikolo")  # R22
CONTRACTS = (
    "klop",
    *TALON,
    "beggar",
    "solo_without",
    "open_beggar",
    "colour_valat",
    "valat",
    "pikolo",
    "renons",
)
# R50: the contracts after which every member who played gets a radelc.
RADELC_CONTRACTS = ("klop", "beggar", "solo_without", "open_beggar", "colour_valat", "valat", "pikolo")
# R10: the base values (pikolo is its own parameter, R12).
CONTRACT_VALUES: Mapping[str, int] = MappingProxyType(
    {
        "three": 10,
        "two": 20,
        "one": 30,
        "solo_three": 40,
        "solo_two": 50,
        "solo_one": 60,
        "beggar": 70,
        "solo_without": 80,
        "open_beggar": 90,
        "colour_valat": 125,
        "valat": 500,
    }
)
# R31: the silent values; an announced bonus is worth twice.
BONUSES = ("trula", "kings", "king_ultimo", "pagat_ultimo", "valat")
ULTIMOS = ("king_ultimo", "pagat_ultimo")  # R33: the two that can be lost
BONUS_VALUES: Mapping[str, int] = MappingProxyType(
    {"trula": 10, "kings": 10, "king_ultimo": 10, "pagat_ultimo": 25, "valat": 250}
)
SIDES = ("declarer", "opponents")
KONTRA_NAMES = ("", "kontra", "re", "sub", "mort")  # R30: levels 0..4, factor 2**level
TABLE_SIZES = (3, 4, 5)  # R1


@dataclass(frozen=True)
class RuleSet:
    """Slovenian tarok with a club's parameters (§11); the defaults are the spec's."""

    preset: str = PRESET
    difference_rounding: int = 5  # R21
    klop_rounding: int = 5  # R61
    contract_values: tuple[tuple[str, int], ...] = tuple(CONTRACT_VALUES.items())  # R10
    bonus_values: tuple[tuple[str, int], ...] = tuple(BONUS_VALUES.items())  # R31
    solo_without_difference: bool = False  # R23
    pikolo: int | None = None  # R12: None = no pikolo
    colour_valat_3p: bool = False  # R11
    max_kontra: int = 4  # R30
    mondfang: int | None = None  # R40: None = 20 at 4-5 members, 21 at 3
    mondfang_doubled: bool = False  # R41
    radelc_scope: str = "declarer"  # R51
    radelci_for_sitter: bool = False  # R54
    valat_gives_radelci: bool = True  # R50
    klop_full_and_empty: str = "both"  # R61
    klop_radelc_doubles: bool = True  # R61
    klop_empty_removes_radelc: bool = True  # R61
    klop_kontra: bool = False  # R63
    failed_announced_valat: str = "replace"  # R35
    renons: int = 70  # R64
    renons_doubled: bool = False  # R64
    unused_radelc_penalty: int = 100  # R80
    money: str = "pairwise"  # R81

    family = "slovenian"

    @functools.cached_property
    def values(self) -> Mapping[str, int]:
        """Each contract's base value (R10, R12)."""
        values = dict(self.contract_values)
        if self.pikolo is not None:
            values["pikolo"] = self.pikolo
        return values

    @functools.cached_property
    def bonus(self) -> Mapping[str, int]:
        """Each bonus's silent value (R31)."""
        return dict(self.bonus_values)

    def mondfang_at(self, members: int) -> int:
        """R40: what a lost mond costs at a table of `members`."""
        if self.mondfang is not None:
            return self.mondfang
        return 21 if members == 3 else 20

    def contracts_at(self, members: int) -> tuple[str, ...]:
        """The contracts a record may name at a table of `members` (R10, R11, R12)."""
        found = []
        for contract in CONTRACTS:
            if contract == "pikolo" and self.pikolo is None:
                continue
            if members == 3 and (contract in SOLO_TALON or (contract == "colour_valat" and not self.colour_valat_3p)):
                continue
            found.append(contract)
        return tuple(found)


DEFAULT = RuleSet()
PRESETS: Mapping[str, RuleSet] = MappingProxyType({PRESET: DEFAULT})


def _amount(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_AMOUNT


def _positive(value: Any) -> bool:
    return type(value) is int and 1 <= value <= MAX_AMOUNT


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _one_of(*choices: Any) -> Callable[[Any], bool]:
    return lambda value: any(type(value) is type(choice) and value == choice for choice in choices)


def _partial(known: Mapping[str, int]) -> Callable[[Any], bool]:
    """A partial map of `known`'s keys to amounts (`contract_values`, `bonus_values`)."""
    return lambda value: isinstance(value, Mapping) and all(k in known and _amount(v) for k, v in value.items())


# name -> (its check, what it expects in words): the 22 parameters of §11.
PARAMETERS: Mapping[str, tuple[Callable[[Any], bool], str]] = MappingProxyType(
    {
        "difference_rounding": (_one_of(5, 1), "5 or 1"),
        "klop_rounding": (_one_of(5, 1), "5 or 1"),
        "contract_values": (
            _partial(CONTRACT_VALUES),
            "an object of contract values, each 0..1000000 (" + ", ".join(CONTRACT_VALUES) + ")",
        ),
        "bonus_values": (
            _partial(BONUS_VALUES),
            "an object of silent bonus values, each 0..1000000 (" + ", ".join(BONUS_VALUES) + ")",
        ),
        "solo_without_difference": (_flag, "true or false"),
        "pikolo": (lambda value: value is None or _positive(value), "null or a whole number 1..1000000"),
        "colour_valat_3p": (_flag, "true or false"),
        "max_kontra": (_one_of(0, 1, 2, 3, 4), "0, 1, 2, 3 or 4"),
        "mondfang": (_amount, "a whole number 0..1000000"),
        "mondfang_doubled": (_flag, "true or false"),
        "radelc_scope": (_one_of("declarer", "own"), "declarer or own"),
        "radelci_for_sitter": (_flag, "true or false"),
        "valat_gives_radelci": (_flag, "true or false"),
        "klop_full_and_empty": (_one_of("both", "full_only", "half"), "both, full_only or half"),
        "klop_radelc_doubles": (_flag, "true or false"),
        "klop_empty_removes_radelc": (_flag, "true or false"),
        "klop_kontra": (_flag, "true or false"),
        "failed_announced_valat": (_one_of("replace", "add"), "replace or add"),
        "renons": (_amount, "a whole number 0..1000000"),
        "renons_doubled": (_flag, "true or false"),
        "unused_radelc_penalty": (_amount, "a whole number 0..1000000"),
        "money": (_one_of("pairwise", "none"), "pairwise or none"),
    }
)


def resolve(preset: Any, overrides: Mapping[str, Any] | None = None) -> tuple[RuleSet | None, list[Problem]]:
    """The rule set with a club's overrides applied (R70), or every problem that stops it."""
    if preset != PRESET:
        return None, [problem(None, "ruleset", "unknown_ruleset", value=preset, choices=PRESET)]
    problems: list[Problem] = []
    changes: dict[str, Any] = {}
    for name, value in (overrides or {}).items():
        path = f"overrides.{name}"
        if name not in PARAMETERS:
            problems.append(problem(None, path, "unknown_parameter", name=name))
            continue
        good, expected = PARAMETERS[name]
        if not good(value):
            problems.append(problem(None, path, "bad_parameter", name=name, value=_shown(value), expected=expected))
        elif name == "contract_values":
            changes[name] = tuple({**CONTRACT_VALUES, **value}.items())
        elif name == "bonus_values":
            changes[name] = tuple({**BONUS_VALUES, **value}.items())
        else:
            changes[name] = value
    if problems:
        return None, problems
    return (replace(DEFAULT, **changes) if changes else DEFAULT), []


def _shown(value: Any) -> Any:
    """A bad value as a message shows it: a map as its JSON-ish words, anything else as it is."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        return str(value)


def ruleset(preset: str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """`resolve`, raising `InvalidRecord` on a bad preset or override."""
    resolved, problems = resolve(preset, overrides)
    if resolved is None:
        raise InvalidRecord(problems)
    return resolved


# Each preset as players name it, the same in every language (a season's choice, the log).
PRESET_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "slovenian": "Slovenski tarok",
    }
)
