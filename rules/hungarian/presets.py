"""The six games of Tolnai 1930 (book 002) as presets, and the parameters a club may change.

A `RuleSet` is one game with a club's overrides applied. The value tables are the book's and fixed
(`settlement` reads them); only the `PARAMETERS` can change, and only in the games that have them
(`overridable`; any other is refused as `unknown_override`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from ..problems import Problem
from .messages import problem

CONTRA_NAMES = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")  # 002 L697

# Trick figures a party makes (announced or silent), and the hand bonuses a holder claims.
FIGURES = ("double", "volat", "trull", "four_kings", "ultimo", "king_ultimo", "xxi_capture")
HAND_BONUSES = ("four_kings", "trull", "two_honours", "many_trumps", "eight_trumps", "small_honours")
NO_GAMES = ("all_pass", "refused", "no_trumps", "honourless_bid", "thrown")
OFFENCES = ("revoke", "faulty_discard")
HONOURS = ("skiz", "xxi", "pagat")
KINGS = ("hearts", "diamonds", "clubs", "spades")


@dataclass(frozen=True)
class RuleSet:
    """One Hungarian game with its club parameters; the defaults are Paskievics'."""

    preset: str
    table_sizes: tuple[int, ...]
    contracts: tuple[str, ...]
    no_games: tuple[str, ...]
    figures: tuple[str, ...]  # trick figures of the party games, in settlement order
    hand_bonuses: tuple[str, ...]
    overridable: frozenset[str]
    max_contra: int = 5
    silent_vs_contra: str = "max"
    faulty_discard: str = "strict"
    penalty_counts_contras: bool = True
    penalty_replaces_result: bool = True
    pot: bool = False
    pot_fund: int = 0
    no_game_pot: int = 0
    lost_three_pot: int = 0
    official_contra_doubles: bool = True
    trump_count_payers: str = "all"
    honourless_bid_fine: int = 1
    dealer_cries_and_laughs: bool = False
    ujlak_talon_honours: bool = False
    ultimo_as_figure: bool = True
    called_king_fine: int = 2
    thrown_game_fee: int = 4
    deck: int = 42
    trump_bonus: int = 0
    fejek_needs_bid: bool = False
    fejek_value: int = 1
    trisak_tie: str = "all_pay"

    family = "hungarian"

    @functools.cached_property  # asked in every deal; a rule set never changes
    def deck_points(self) -> int:
        """Card points in the deck: old count 94 (42 cards) or 106 (Trisák), new count 70 or 66."""
        if self.preset == "trisak":
            return 106  # 002 L1323
        if self.preset in ("paskievics", "magyar"):
            return 94  # 002 L159-L172
        return 70 if self.deck == 54 else 66  # 002 L1131-L1161, L1246

    @functools.cached_property  # asked in every deal; a rule set never changes
    def win_at(self) -> int:
        """The declarer's party wins the game with this many card points; a tie goes against it."""
        return {94: 48, 106: 54, 70: 36, 66: 34}[self.deck_points]  # 002 L190, L1175, L1246, L1335

    @functools.cached_property  # asked in every deal; a rule set never changes
    def tricks_total(self) -> int:
        """Tricks in one deal (`tricks_range`)."""
        if self.preset == "paskievics":
            return 9  # 002 L966
        if self.preset == "stromann":
            return 27 if self.deck == 54 else 21
        if self.preset == "tapper":
            return 16 if self.deck == 54 else 12
        return 12

    @property
    def keeps_pot(self) -> bool:
        return self.pot


def _params(*names: str) -> frozenset[str]:
    return frozenset(names)


_PENALTIES = ("faulty_discard", "penalty_counts_contras", "penalty_replaces_result")
_PARTY = ("max_contra", "silent_vs_contra", *_PENALTIES)

PRESETS: Mapping[str, RuleSet] = MappingProxyType(
    {
        "paskievics": RuleSet(
            preset="paskievics",
            table_sizes=(4, 5),  # 002 L181
            contracts=("three", "two", "one", "solo"),  # 002 L259-L275
            no_games=("all_pass", "refused", "no_trumps", "honourless_bid"),
            figures=("double", "volat", "trull", "four_kings", "ultimo", "xxi_capture"),
            hand_bonuses=(),
            overridable=_params(
                *_PARTY,
                "pot",
                "pot_fund",
                "no_game_pot",
                "lost_three_pot",
                "official_contra_doubles",
                "trump_count_payers",
                "honourless_bid_fine",
                "dealer_cries_and_laughs",
                "ujlak_talon_honours",
            ),
            no_game_pot=5,  # 002 L287, L550
        ),
        "magyar": RuleSet(
            preset="magyar",
            table_sizes=(3,),  # 002 L1077
            contracts=("three", "lower_three", "two", "one", "solo"),  # 002 L1099-L1118
            no_games=("all_pass",),
            figures=("volat", "trull", "four_kings", "ultimo", "xxi_capture"),  # 002 L1120-L1124
            hand_bonuses=(),
            overridable=_params(*_PARTY),
        ),
        "kiralyhivo": RuleSet(
            preset="kiralyhivo",
            table_sizes=(4,),  # 002 L1175
            contracts=("call", "solo", "three", "solo_three"),  # 002 L1181-L1215
            no_games=("all_pass", "thrown"),
            figures=("volat", "trull", "four_kings", "ultimo", "king_ultimo", "xxi_capture"),
            hand_bonuses=(),
            overridable=_params(*_PARTY, "ultimo_as_figure", "called_king_fine", "thrown_game_fee"),
            deck=54,
        ),
        "tapper": RuleSet(
            preset="tapper",
            table_sizes=(3,),  # 002 L1223
            contracts=("three", "lower_three", "upper_three", "solo"),  # 002 L1235
            no_games=("all_pass",),
            figures=("volat", "ultimo"),  # 002 L1256-L1268
            hand_bonuses=("four_kings", "trull", "two_honours", "many_trumps"),  # 002 L1270-L1275
            overridable=_params(*_PARTY, "pot", "pot_fund", "no_game_pot", "deck", "trump_bonus", "fejek_needs_bid"),
            pot_fund=5,  # decision: 002 L1260 says only "egy bizonyos összeget"
            deck=54,
        ),
        "stromann": RuleSet(
            preset="stromann",
            table_sizes=(2,),  # 002 L1283
            contracts=("simple", "game"),  # 002 L1289-L1293
            no_games=(),
            figures=(),
            hand_bonuses=("trull", "four_kings", "two_honours"),  # 002 L1295-L1297
            overridable=_params("max_contra", "deck", "fejek_value"),
            deck=54,
        ),
        "trisak": RuleSet(
            preset="trisak",
            table_sizes=(4,),  # 002 L1323
            contracts=("trisak", "simple", "ultimo_call", "bettli", "three_take", "open_bettli", "three_solo"),
            no_games=(),
            figures=("ultimo",),  # 002 L1379-L1384
            hand_bonuses=("eight_trumps", "four_kings", "trull", "small_honours"),  # 002 L1386-L1400
            overridable=_params("max_contra", *_PENALTIES, "trisak_tie"),
            max_contra=0,  # decision: the Trisák chapter (002 L1323-L1404) never names a contra
            deck=54,
        ),
    }
)

# name -> how a value is checked: bool, an amount 0..10**6, or one of a few values.
_AMOUNT = "amount"
PARAMETERS: Mapping[str, Any] = MappingProxyType(
    {
        "max_contra": (0, 1, 2, 3, 4, 5),
        "silent_vs_contra": ("max", "replace", "multiply"),
        "faulty_discard": ("strict", "mild"),
        "penalty_counts_contras": bool,
        "penalty_replaces_result": bool,
        "pot": bool,
        "pot_fund": _AMOUNT,
        "no_game_pot": _AMOUNT,
        "lost_three_pot": _AMOUNT,
        "official_contra_doubles": bool,
        "trump_count_payers": ("all", "opponents"),
        "honourless_bid_fine": _AMOUNT,
        "dealer_cries_and_laughs": bool,
        "ujlak_talon_honours": bool,
        "ultimo_as_figure": bool,
        "called_king_fine": _AMOUNT,
        "thrown_game_fee": _AMOUNT,
        "deck": (54, 42),
        "trump_bonus": _AMOUNT,
        "fejek_needs_bid": bool,
        "fejek_value": _AMOUNT,
        "trisak_tie": ("all_pay", "none_pay"),
    }
)


def _good(kind: Any, value: Any) -> bool:
    if kind is bool:
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False  # true is not the number 1 here
    if kind == _AMOUNT:
        return isinstance(value, int) and 0 <= value <= 1_000_000
    return value in kind and type(value) is type(kind[0])


def _expected(kind: Any) -> str:
    if kind is bool:
        return "true or false"
    if kind == _AMOUNT:
        return "a whole number 0..1000000"
    return ", ".join(str(choice) for choice in kind)


def resolve(preset: Any, overrides: Mapping[str, Any] | None = None) -> tuple[RuleSet | None, list[Problem]]:
    """The preset with a club's overrides applied, or the problems that stop it."""
    if not isinstance(preset, str) or preset not in PRESETS:
        return None, [problem(None, "ruleset", "unknown_ruleset", value=preset, choices=", ".join(PRESETS))]
    base = PRESETS[preset]
    problems: list[Problem] = []
    changes: dict[str, Any] = {}
    for name, value in (overrides or {}).items():
        path = f"overrides.{name}"
        if name not in base.overridable:
            problems.append(problem(None, path, "unknown_override", name=name, preset=preset))
        elif not _good(PARAMETERS[name], value):
            problems.append(
                problem(None, path, "bad_override", name=name, value=value, expected=_expected(PARAMETERS[name]))
            )
        else:
            changes[name] = value
    if problems:
        return None, problems
    return (replace(base, **changes) if changes else base), []


def ruleset(preset: str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """Like `resolve`, for callers that have checked their input: raises `InvalidRecord` on a bad one."""
    from ..problems import InvalidRecord

    resolved, problems = resolve(preset, overrides)
    if resolved is None:
        raise InvalidRecord(problems)
    return resolved


# Each preset as players name it, the same in every language (a season's choice, the log).
PRESET_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "paskievics": "Paskievics",
        "magyar": "Magyar tarokk",
        "kiralyhivo": "Királyhívó",
        "tapper": "Tapper",
        "stromann": "Strómann",
        "trisak": "Trisák",
    }
)
