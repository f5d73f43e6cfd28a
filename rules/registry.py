"""The families of games `rules` knows: a new family is a package under `rules/` and a line here."""

from __future__ import annotations

from .danish.engine import DANISH
from .family import AnyFamily
from .hungarian.engine import HUNGARIAN
from .slovenian.engine import SLOVENIAN

# The first family also answers a record whose `ruleset` no family knows (with `unknown_ruleset`)
# and plays a record without one (its default preset).
FAMILIES: tuple[AnyFamily, ...] = (DANISH, HUNGARIAN, SLOVENIAN)
