"""The Hungarian rules tests' sitting around their deals (world.records.hungarian_deal builds
those), its replay, its problems.

The book's Paskievics examples seat A, B, C, D with D dealing, so A is forehand (002 L241-L247);
the default tables (world.records) follow that: D deals at four, C at three, B at two.
"""

from __future__ import annotations

import copy
from typing import Any

import rules
from world.records import deal_event, sitting_record


def replay(ruleset: str, deals: list[dict] | dict, table: list[str] | None = None, **extra: Any) -> dict:
    """`rules.replay` of a sitting made of `deals`; the input is copied so tests may reuse it."""
    return rules.replay(copy.deepcopy(sitting_record(ruleset, deals, table, **extra)))


def net(ruleset: str, deal: dict, table: list[str] | None = None, **extra: Any) -> dict[str, int]:
    """The one deal's net per member."""
    return deal_event(replay(ruleset, deal, table, **extra))["net"]


def problems(ruleset: str, deals: list[dict] | dict, table: list[str] | None = None, **extra: Any) -> list[tuple]:
    """The (deal, field, code) of every problem `replay` refuses the sitting for."""
    try:
        rules.replay(copy.deepcopy(sitting_record(ruleset, deals, table, **extra)))
    except rules.InvalidRecord as error:
        return [(p.deal, p.field, p.code) for p in error.problems]
    raise AssertionError("the sitting was accepted")


def codes(ruleset: str, deals: list[dict] | dict, table: list[str] | None = None, **extra: Any) -> set[str]:
    return {code for _, _, code in problems(ruleset, deals, table, **extra)}


def items(event: dict) -> list[tuple[str, dict]]:
    """(rule, postings) of every line item of `event`, in order."""
    return [(item["rule"], item["postings"]) for item in event["items"]]
