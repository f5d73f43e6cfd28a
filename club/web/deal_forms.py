"""A deal's form before the scorer starts: who holds each role, or what a stored deal said."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import families
from . import deal_form


def proposal(
    family: families.Family, ruleset: Any, seats: Sequence[str], previous: Mapping[str, Any] | None, first: str
) -> dict[str, str]:
    """Who holds each role in the next deal, after `previous` (None: the sitting's first deal)."""
    return family.rules_family.deal_layout(ruleset, seats).proposal(seats, previous, first)


def initial_from_record(
    family: families.Family, ruleset: Any, record: Mapping[str, Any], seats: Sequence[str]
) -> dict[str, Any]:
    return deal_form.initial_from_record(family.rules_family.deal_layout(ruleset, seats), record)
