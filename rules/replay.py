"""`replay`: a whole sitting record in, its settlement out, whichever family its `ruleset` names.

The envelope (`ruleset`, `table`, `deals`, `close`), the problems and the event shape are shared;
each family (`rules.danish`, `rules.hungarian`) reads its own deals and settles them. A record
without a Hungarian preset id goes to the Danish family, whose default preset it then gets.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from . import danish, hungarian
from .problems import InvalidRecord, Problem

# Every preset id of both families, for an `unknown_ruleset` answer: the Danish side answers an id
# neither family knows, but the record may have meant a Hungarian game.
ALL_PRESETS = (*danish.PRESETS, *hungarian.PRESETS)


def family_of(ruleset: Any) -> ModuleType:
    """The family module of a preset id: `rules.hungarian` for its six games, else `rules.danish`
    (which also answers an unknown id with `unknown_ruleset`)."""
    return hungarian if isinstance(ruleset, str) and ruleset in hungarian.PRESETS else danish


def replay(data: Any) -> dict[str, Any]:
    """The `python -m rules replay` result for a sitting record.

    Raises `InvalidRecord` listing every problem; nothing is settled then.
    """
    try:
        result: dict[str, Any] = family_of(data.get("ruleset") if isinstance(data, Mapping) else None).replay(data)
        return result
    except InvalidRecord as refused:
        if not any(p.code == "unknown_ruleset" for p in refused.problems):
            raise
        raise InvalidRecord([_every_preset(p) for p in refused.problems]) from None


def _every_preset(problem: Problem) -> Problem:
    """An `unknown_ruleset` problem offering the presets of both families, not one family's."""
    if problem.code != "unknown_ruleset":
        return problem
    params = dict(problem.params) | {"choices": ", ".join(ALL_PRESETS)}
    return dataclasses.replace(problem, params=tuple(sorted(params.items())))
