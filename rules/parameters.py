"""What a club may change in a preset, described for a person: one `Parameter` per override name,
with its kind, its default in the preset, what it means (a message id, `rules.texts`) and where
the rulebook states it. Each family describes its own (`describe(preset)` in its `parameters` module);
forms build a labelled field from each instead of asking for JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .texts import Phrase, Text, said

AMOUNT, FLAG, CHOICE = "amount", "flag", "choice"
MAX_AMOUNT = 1_000_000  # an override amount is a whole number 0..10**6 in every family


@dataclass(frozen=True)
class Parameter:
    name: str  # the override name, e.g. "nolo", or "fines.revoke" for one fine of a Danish preset
    kind: str  # AMOUNT (points), FLAG (true/false) or CHOICE
    default: Any  # the preset's own value
    meaning: Text | Phrase  # a message id, said in the page's language by `meaning_in`
    ref: str  # the seed line it rests on ("001 L311"), or "decision" where the book is silent
    choices: tuple[Any, ...] = ()

    def meaning_in(self, language: str) -> str:
        return str(said(self.meaning, language))

    @property
    def override_path(self) -> tuple[str, ...]:
        """Where the value goes in a season's overrides: ("nolo",) or ("fines", "revoke")."""
        return tuple(self.name.split(".", 1))


def overrides_from(parameters: list[Parameter], values: dict[str, Any]) -> dict[str, Any]:
    """The overrides that differ from the preset: `values` by parameter name -> the JSON shape."""
    overrides: dict[str, Any] = {}
    for parameter in parameters:
        if parameter.name not in values or values[parameter.name] == parameter.default:
            continue
        path = parameter.override_path
        if len(path) == 1:
            overrides[path[0]] = values[parameter.name]
        else:
            overrides.setdefault(path[0], {})[path[1]] = values[parameter.name]
    return overrides


def values_from(parameters: list[Parameter], overrides: dict[str, Any]) -> dict[str, Any]:
    """Each parameter's value in a season: its override, else the preset's default."""
    found: dict[str, Any] = {}
    for parameter in parameters:
        value: Any = overrides
        for key in parameter.override_path:
            value = value.get(key) if isinstance(value, dict) else None
        found[parameter.name] = parameter.default if value is None else value
    return found
