"""`replay`: a whole sitting record in, its settlement out, whichever family its `ruleset` names.

The envelope (`ruleset`, `table`, `deals`, `close`), the problems and the event shape are shared;
each family (`rules.danish`, `rules.hungarian`) reads its own deals and settles them. A record
without a Hungarian preset id goes to the Danish family, whose default preset it then gets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import danish, hungarian


def family_of(data: Any):
    """The family module that reads this record: `rules.hungarian` for its six preset ids."""
    if isinstance(data, Mapping) and isinstance(data.get("ruleset"), str) and data["ruleset"] in hungarian.PRESETS:
        return hungarian
    return danish


def replay(data: Any) -> dict[str, Any]:
    """The `python -m rules replay` result for a sitting record.

    Raises `InvalidRecord` listing every problem; nothing is settled then.
    """
    return family_of(data).replay(data)
