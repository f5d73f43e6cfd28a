"""The Danish rules tests' sitting around their deals (world.records.danish_deal builds those),
its replay or problems, and readers for the result.

Names follow the rulebooks: A deals, B is forehand, C middlehand at the default three-member table.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import rules
from world.records import sitting_record

ROOT = Path(__file__).resolve().parents[2]  # the checkout: rules/, fixtures/, benchmarks/

TABLE3 = ["A", "B", "C"]
PRESETS = tuple(rules.danish.PRESETS)
CUP_PRESETS = ("vlk-2010", "ensartede", "schiellerup-1900")
P, K = "cup:pagat", "cup:king"


def replay(deals: list[dict] | dict, ruleset: str = "vlk-2010", table: list[str] = TABLE3, **extra: Any) -> dict:
    """`rules.replay` of a sitting made of `deals`; the input is copied so tests may reuse it."""
    return rules.replay(copy.deepcopy(sitting_record(ruleset, deals, table, **extra)))


def problems(
    deals: list[dict] | dict, ruleset: str = "vlk-2010", table: list[str] = TABLE3, **extra: Any
) -> list[tuple]:
    """The (deal, field, code) of every problem `replay` refuses the sitting for."""
    try:
        rules.replay(copy.deepcopy(sitting_record(ruleset, deals, table, **extra)))
    except rules.InvalidRecord as error:
        return [(p.deal, p.field, p.code) for p in error.problems]
    raise AssertionError("the sitting was accepted")


def raw_problems(record: Any) -> list[tuple]:
    """The (deal, field, code) of every problem `rules.replay` refuses a whole record for."""
    try:
        rules.replay(copy.deepcopy(record))
    except rules.InvalidRecord as error:
        return [(p.deal, p.field, p.code) for p in error.problems]
    raise AssertionError("the sitting was accepted")


def items(event: dict, rule: str) -> list[dict]:
    """The postings of every line item of `event` under `rule`."""
    return [item["postings"] for item in event["items"] if item["rule"] == rule]


def item(event: dict, rule: str) -> dict:
    """The postings of the one line item under `rule` (fails if there are none or several)."""
    found = items(event, rule)
    assert len(found) == 1, (rule, [i["rule"] for i in event["items"]])
    return found[0]


def refs(event: dict, rule: str) -> list[str]:
    return [i["ref"] for i in event["items"] if i["rule"] == rule]


def only(event: dict, *wanted: str) -> dict[str, int]:
    """The sum of the postings of the items under the `wanted` rules."""
    total: dict[str, int] = {}
    for i in event["items"]:
        if i["rule"] in wanted:
            for account, points in i["postings"].items():
                total[account] = total.get(account, 0) + points
    return {a: v for a, v in total.items() if v}


def cups(ruleset: str, pagat: int = 100, king: int = 80) -> dict:
    """Opening cups for the `cups` key (none in a preset without cups)."""
    return {"cups": {"pagat": pagat, "king": king}} if ruleset in CUP_PRESETS else {}


def carried_cups(pagat: int = 100, king: int = 80) -> dict:
    """The sitting keys of cups carried in: after A's stake of 5, X is 105 and 85 by default."""
    return {"cups": {"pagat": pagat, "king": king}}
