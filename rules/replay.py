"""`replay`: a whole sitting record in, its settlement out, whichever family its `ruleset` names.

The envelope (`ruleset`, `table`, `deals`, `close`), the problems and the event shape are shared;
the family that owns the preset reads its deals and settles them in the one sitting loop
(`rules.sitting`). A record whose `ruleset` no family knows goes to the first family of
`rules.registry.FAMILIES`, which refuses it with `unknown_ruleset` naming every family's presets
(or, without a `ruleset`, plays its default preset).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from .family import AnyFamily
from .problems import InvalidRecord, Problem
from .registry import FAMILIES
from .sitting import replay_with

_BY_PRESET = {preset: family for family in FAMILIES for preset in family.presets}
# Every preset id of every family, for an `unknown_ruleset` answer.
ALL_PRESETS = tuple(_BY_PRESET)


def family_of(ruleset: Any) -> AnyFamily:
    """The family of a preset id, or of a rule set (anything with a `.preset`). An id no family
    knows belongs to the first family, which refuses it with `unknown_ruleset`."""
    preset = getattr(ruleset, "preset", ruleset)
    return _BY_PRESET.get(preset, FAMILIES[0]) if isinstance(preset, str) else FAMILIES[0]


def replay(data: Any) -> dict[str, Any]:
    """The `python -m rules replay` result for a sitting record.

    Raises `InvalidRecord` listing every problem; nothing is settled then.
    """
    try:
        return replay_with(family_of(data.get("ruleset") if isinstance(data, Mapping) else None), data)
    except InvalidRecord as refused:
        if not any(p.code == "unknown_ruleset" for p in refused.problems):
            raise
        raise InvalidRecord([_every_preset(p) for p in refused.problems]) from None


def _every_preset(problem: Problem) -> Problem:
    """An `unknown_ruleset` problem offering the presets of every family, not one family's."""
    if problem.code != "unknown_ruleset":
        return problem
    params = dict(problem.params) | {"choices": ", ".join(ALL_PRESETS)}
    return dataclasses.replace(problem, params=tuple(sorted(params.items())))
