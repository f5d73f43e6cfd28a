"""Rule sets as data: the four Danish presets, one per rulebook (001, 000, 003, 004), plus a club's
overrides.

Every amount is in points. The overridable parameters are those `OVERRIDABLE` names (docs/rules.md,
"Overrides");
anything else a preset needs (whether a culprit pays, whether the Pagat may lie in the skat) is
part of the book itself and not a club's choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ..problems import Problem, expecting
from .messages import problem

DEFAULT_PRESET = "vlk-2010"


@dataclass(frozen=True)
class FineRule:
    """One offence as a preset punishes it (docs/rules.md, "Fines")."""

    amount: int
    barred: bool = False  # may not ultimo this deal
    stops: bool = False  # vlk-2010: the deal ends at once (settles steps 1-5)
    no_last_trick: bool = False  # wrong cards: cannot win the last trick
    after_count: bool = False  # the miscount fine is paid at step 8, not step 4
    pays_meld_back: bool = False  # schwartz-1847: the wrong meld's value to each (004 L200)
    voids_dealer: bool = False  # schwartz-1847 wrong skat: dealer's melds unpaid, no count (004 L185)
    needs_other_meld: bool = False  # vlk-2010 wrong skat: only after another hand's positive meld (001 L275)
    carries_meld: bool = False  # a wrong or out-of-time meld may ride on the fine as "meld"


@dataclass(frozen=True)
class RuleSet:
    preset: str
    cups: bool
    fund: int
    stake: int
    pagat_ultimo: int
    king_ultimo: int
    pagat_bagud: int
    king_bagud: int
    last_trick: int
    last_trick_needs_no_ultimo_card: bool
    last_trick_fees: bool
    nolo: int
    tout: int
    tout_takes_cups: bool
    tout_counts: bool  # a tout that takes the cups still counts (ensartede, 000 L697)
    count: str  # "rounded" (001 L316-L355) or "exact"
    count_shortfall_to_pagatkop: bool
    fines: Mapping[str, FineRule]
    meld_taroks: int = 10
    meld_taroks_step: int = 5
    meld_matadors: int = 10
    meld_matadors_step: int = 5
    meld_half: int = 5
    meld_full: int = 10
    meld_overfull: int = 15
    pagat_saved: int = 5
    pagat_lost: int = 5
    pagat_lost_cup: int = 5
    king_lost: int = 5
    king_lost_cup: int = 5
    # Book facts, not club parameters:
    half_suit_needs_scus: bool = True  # schwartz-1847 L107-L108: three court cards, no Scus
    overfull_melds: bool = True  # schwartz-1847 knows none (decision: 004 names none)
    pagat_in_skat: bool = True  # vlk-2010 L414-L422 forbids it
    culprit: str | None = None  # "ensartede" (000 L161-L201) or "schiellerup" (003 L86-L90)
    tout_can_fail: bool = False  # schiellerup-1900: a failed announced tout costs the same
    # The preset's offences that do each thing, from `fines` (each set from the FineRule flag
    # `__post_init__` pairs it with): most presets have none of a kind, and a deal's fines need
    # looking at only where the preset has one.
    barring: frozenset[str] = field(init=False, repr=False, compare=False)
    stopping: frozenset[str] = field(init=False, repr=False, compare=False)
    barring_last_trick: frozenset[str] = field(init=False, repr=False, compare=False)
    paid_after_count: frozenset[str] = field(init=False, repr=False, compare=False)
    voiding_dealer: frozenset[str] = field(init=False, repr=False, compare=False)
    # What a suit or kings meld of each level is worth: "half" -> meld_half, and so on.
    level_values: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, flag in (
            ("barring", "barred"),
            ("stopping", "stops"),
            ("barring_last_trick", "no_last_trick"),
            ("paid_after_count", "after_count"),
            ("voiding_dealer", "voids_dealer"),
        ):
            offences = frozenset(offence for offence, rule in self.fines.items() if getattr(rule, flag))
            object.__setattr__(self, name, offences)  # frozen: set once, as the dataclass's own fields
        levels = {"half": self.meld_half, "full": self.meld_full, "overfull": self.meld_overfull}
        object.__setattr__(self, "level_values", MappingProxyType(levels))


# The parameter names a club may override (docs/rules.md, "Overrides"), with the type each takes.
OVERRIDABLE: dict[str, type] = {
    name: int
    for name in (
        "fund stake meld_taroks meld_taroks_step meld_matadors meld_matadors_step meld_half "
        "meld_full meld_overfull pagat_saved pagat_lost pagat_lost_cup king_lost king_lost_cup "
        "last_trick pagat_ultimo king_ultimo pagat_bagud king_bagud nolo tout"
    ).split()
} | {
    "last_trick_needs_no_ultimo_card": bool,
    "last_trick_fees": bool,
    "tout_takes_cups": bool,
    "tout_counts": bool,
    "count_shortfall_to_pagatkop": bool,
    "count": str,
    "fines": dict,
}

OFFENCES = (
    "misdeal",
    "cups_not_pushed",
    "wrong_skat",
    "wrong_cards",
    "revoke",
    "missing_meld",
    "missing_meld_self",
    "wrong_meld",
    "wrong_meld_self",
    "meld_caused_ultimo",
    "lead_out_of_turn",
    "miscount",
    "scus_called_in_vain",
    "play_out_of_turn",
    "meld_out_of_time",
)
# The meld errors that can make a culprit (000 L107: "som ved svigen kulør").
MELD_OFFENCES = ("missing_meld", "missing_meld_self", "wrong_meld", "wrong_meld_self")


def _fines(**rules: FineRule) -> Mapping[str, FineRule]:
    assert set(rules) <= set(OFFENCES), set(rules) - set(OFFENCES)
    return MappingProxyType(rules)


_BARRED_20 = FineRule(20, barred=True)
_WRONG_MELD_5 = FineRule(5, barred=True, carries_meld=True)
_WRONG_MELD_SELF = FineRule(0, barred=True, carries_meld=True)
_NO_LAST_TRICK_20 = FineRule(20, barred=True, no_last_trick=True)

PRESETS: Mapping[str, RuleSet] = MappingProxyType(
    {
        "vlk-2010": RuleSet(
            preset="vlk-2010",
            cups=True,
            fund=20,  # 001 L250
            stake=5,  # 001 L258
            pagat_ultimo=40,  # 001 L302
            king_ultimo=40,
            pagat_bagud=40,  # 001 L305
            king_bagud=40,
            last_trick=20,  # 001 L300, with L242: paid whenever no ultimo is paid
            last_trick_needs_no_ultimo_card=False,
            last_trick_fees=True,  # 001 L308
            nolo=25,  # 001 L311
            tout=80,  # 001 L313
            tout_takes_cups=True,
            tout_counts=False,  # decision: a tout has no count here
            count="rounded",  # 001 L316-L355
            count_shortfall_to_pagatkop=False,
            pagat_in_skat=False,  # 001 L414-L422
            fines=_fines(
                misdeal=FineRule(5),  # 001 L272
                wrong_skat=FineRule(40, stops=True, needs_other_meld=True),  # 001 L275
                wrong_cards=FineRule(40, stops=True),  # 001 L288
                revoke=FineRule(40, stops=True),  # 001 L295
                missing_meld=FineRule(10, barred=True),  # 001 L234, L292
                missing_meld_self=FineRule(10, barred=True),
                wrong_meld=FineRule(10, barred=True, carries_meld=True),  # 001 L230, L292
                wrong_meld_self=FineRule(10, barred=True, carries_meld=True),
                scus_called_in_vain=FineRule(20),  # 001 L298
            ),
        ),
        "ensartede": RuleSet(
            preset="ensartede",
            cups=True,
            fund=20,  # 000 L69
            stake=5,
            pagat_ultimo=45,  # 000 L255
            king_ultimo=40,  # 000 L257
            pagat_bagud=45,
            king_bagud=40,
            last_trick=10,  # 000 L141
            last_trick_needs_no_ultimo_card=True,
            last_trick_fees=False,
            nolo=26,  # 000 L129
            tout=85,  # 000 L709: both cups and the two ultimo premiums, 40 + 45 from each
            tout_takes_cups=True,
            tout_counts=True,  # 000 L697: a tout "wins 26 from each in the count"
            count="exact",
            count_shortfall_to_pagatkop=True,  # 000 L145
            culprit="ensartede",  # 000 L161-L201
            fines=_fines(
                misdeal=FineRule(5),
                cups_not_pushed=FineRule(10),  # 000 L69: the stake again + 5
                wrong_skat=_BARRED_20,
                wrong_cards=_NO_LAST_TRICK_20,
                revoke=_BARRED_20,
                missing_meld=FineRule(5, barred=True),  # 000 L101-L109
                missing_meld_self=FineRule(0, barred=True),
                wrong_meld=_WRONG_MELD_5,
                wrong_meld_self=_WRONG_MELD_SELF,
                lead_out_of_turn=FineRule(5),
                miscount=FineRule(5, after_count=True),
                scus_called_in_vain=FineRule(20),
                play_out_of_turn=FineRule(5),  # 000 L157: "ifalder han sædvanlig bøde"
                meld_out_of_time=FineRule(0, barred=True, carries_meld=True),  # 000 L85
            ),
        ),
        "schiellerup-1900": RuleSet(
            preset="schiellerup-1900",
            cups=True,
            fund=20,
            stake=5,
            pagat_ultimo=45,
            king_ultimo=40,
            pagat_bagud=45,
            king_bagud=40,
            last_trick=10,
            last_trick_needs_no_ultimo_card=True,
            last_trick_fees=False,
            nolo=26,
            tout=95,
            tout_takes_cups=True,
            tout_counts=False,
            tout_can_fail=True,
            count="exact",
            count_shortfall_to_pagatkop=False,
            culprit="schiellerup",  # 003 L86-L90
            fines=_fines(
                misdeal=FineRule(5),
                cups_not_pushed=FineRule(5),
                wrong_skat=FineRule(20),
                wrong_cards=_NO_LAST_TRICK_20,
                revoke=_BARRED_20,
                missing_meld=FineRule(5, barred=True),
                missing_meld_self=FineRule(0, barred=True),
                wrong_meld=_WRONG_MELD_5,
                wrong_meld_self=_WRONG_MELD_SELF,
                meld_caused_ultimo=FineRule(20),  # 003 L50
                lead_out_of_turn=FineRule(5),
                scus_called_in_vain=FineRule(20),
                play_out_of_turn=FineRule(5),  # 003 L88
            ),
        ),
        "schwartz-1847": RuleSet(
            preset="schwartz-1847",
            cups=False,
            fund=0,
            stake=0,
            pagat_lost_cup=0,
            king_lost_cup=0,
            pagat_ultimo=15,
            king_ultimo=10,  # 004 L151
            pagat_bagud=15,
            king_bagud=10,  # 004 L152
            last_trick=0,
            last_trick_needs_no_ultimo_card=False,
            last_trick_fees=False,
            nolo=52,
            tout=0,
            tout_takes_cups=False,
            tout_counts=False,
            count="exact",
            count_shortfall_to_pagatkop=False,
            half_suit_needs_scus=False,  # 004 L107-L108
            overfull_melds=False,
            fines=_fines(
                misdeal=FineRule(5),
                wrong_skat=FineRule(0, voids_dealer=True),  # 004 L185
                revoke=FineRule(5),
                wrong_meld=FineRule(0, pays_meld_back=True, carries_meld=True),  # 004 L200
                wrong_meld_self=FineRule(0, pays_meld_back=True, carries_meld=True),
            ),
        ),
    }
)


def resolve(preset: Any, overrides: Mapping[str, Any] | None = None) -> tuple[RuleSet | None, list[Problem]]:
    """The preset with a club's overrides applied, or the problems that stop it."""
    if preset not in PRESETS:
        return None, [problem(None, "ruleset", "unknown_ruleset", value=preset, choices=", ".join(PRESETS))]
    base = PRESETS[preset]
    problems: list[Problem] = []
    changes: dict[str, Any] = {}
    for name, value in (overrides or {}).items():
        path = f"overrides.{name}"
        expected = OVERRIDABLE.get(name)
        if expected is None:
            problems.append(problem(None, path, "unknown_override", name=name))
        elif name == "fines":
            fines = _override_fines(base, value, path, problems)
            if fines is not None:
                changes["fines"] = fines
        elif name == "count":
            if value in ("rounded", "exact"):
                changes[name] = value
            else:
                problems.append(problem(None, path, "unknown_value", value=value, choices="rounded, exact"))
        elif expected is bool:
            if isinstance(value, bool):
                changes[name] = value
            else:
                problems.append(problem(None, path, "wrong_type", **expecting("bool")))
        elif _is_amount(value):
            changes[name] = value
        else:
            problems.append(
                problem(
                    None,
                    path,
                    "wrong_type",
                    **expecting("points"),
                )
            )
    if problems:
        return None, problems
    return (replace(base, **changes) if changes else base), []  # a preset as the book has it: no copy


def _is_amount(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1_000_000


def _override_fines(base: RuleSet, value: Any, path: str, problems: list[Problem]) -> Mapping[str, FineRule] | None:
    if not isinstance(value, Mapping):
        problems.append(problem(None, path, "wrong_type", **expecting("object")))
        return None
    fines = dict(base.fines)
    for offence, amount in value.items():
        if offence not in base.fines:
            # A club may change what an offence costs, not invent one the book lacks: the
            # book's offence also says whether it bars or stops, which an amount cannot.
            problems.append(
                problem(None, f"{path}.{offence}", "offence_not_in_preset", offence=offence, preset=base.preset)
            )
        elif not _is_amount(amount):
            problems.append(
                problem(
                    None,
                    f"{path}.{offence}",
                    "wrong_type",
                    **expecting("points"),
                )
            )
        else:
            fines[offence] = replace(fines[offence], amount=amount)
    return MappingProxyType(fines)


def ruleset(preset: str = DEFAULT_PRESET, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """Like `resolve`, for callers that have checked their input: raises on a bad one."""
    from ..problems import InvalidRecord

    resolved, problems = resolve(preset, overrides)
    if resolved is None:
        raise InvalidRecord(problems)
    return resolved


# Each preset as players name it, the same in every language (a season's choice, the log).
PRESET_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "vlk-2010": "VLK 2010",
        "ensartede": "Ensartede regler",
        "schiellerup-1900": "Schiellerup 1900",
        "schwartz-1847": "Schwartz 1847",
    }
)
