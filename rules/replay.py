"""`replay`: a whole sitting record in, its settlement out, whichever family its `ruleset` names.

The envelope (`ruleset`, `table`, `deals`, `close`), the problems and the event shape are shared;
each family (`rules.danish`, later `rules.hungarian`) reads its own deals and settles them.
"""

from __future__ import annotations

from typing import Any

from . import danish


def replay(data: Any) -> dict[str, Any]:
    """The `python -m rules replay` result for a sitting record.

    Raises `InvalidRecord` listing every problem; nothing is settled then.
    """
    return danish.replay(data)
