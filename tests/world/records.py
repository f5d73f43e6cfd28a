"""Deal records, one builder per family, the sitting record around them, the reader of a deal's
event in a replay, and a sample deal of any family (its record schema's first example) with a table
that plays it.

Standard library and `rules` only: the rules tests import this without Django.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence
from typing import Any

import rules

# The members a test club seats, in seat order, unless a test says otherwise (world.clubs).
SEATS = ("Anna", "Bent", "Carl", "Dorte")
MEMBERS = (*SEATS, "Erik")


def danish_deal(dealer: str = "A", table: Sequence[str] | str = ("A", "B", "C"), **fields: Any) -> dict:
    """A Danish deal record: `players` in seat order from `dealer` at `table` (names, or one string
    of names), or the table's first three when the dealer does not sit there; the dealer takes the
    last trick unless the deal is stopped or `last_trick` is given (even as None). Every other
    field goes in as given, and a given `players` wins."""
    seats = table.split() if isinstance(table, str) else list(table)
    players = list(rules.danish.seat_order_from(dealer, seats)) if dealer in seats else seats[:3]
    record: dict[str, Any] = {"dealer": dealer, "players": players}
    if not fields.get("stopped"):
        record["last_trick"] = dealer
    return record | fields


def hungarian_deal(dealer: str, contract: str | None = None, **fields: Any) -> dict:
    """A Hungarian deal record: the dealer, the contract (none in a deal nobody plays: give
    `no_game`), and every other field as given (`declarer`, `call`, `card_points`, ...)."""
    record: dict[str, Any] = {"dealer": dealer}
    if contract is not None:
        record["contract"] = contract
    return record | fields


# The tables a sitting record seats unless told: the rulebooks' A, B, C (A deals in Danish), and
# for each Hungarian game the table the book's examples use, D dealing at four (002 L241-L247).
DANISH_TABLE = ("A", "B", "C")
HUNGARIAN_TABLES = {
    "paskievics": ("A", "B", "C", "D"),
    "magyar": ("A", "B", "C"),
    "kiralyhivo": ("A", "B", "C", "D"),
    "tapper": ("A", "B", "C"),
    "stromann": ("A", "B"),
    "trisak": ("A", "B", "C", "D"),
}


def sitting_record(ruleset: str, deals: list[dict] | dict, table: Sequence[str] | None = None, **extra: Any) -> dict:
    """A sitting record of `ruleset` made of `deals` (one deal or a list), copied so a test may
    reuse them; `table` defaults to the game's table above; `extra` keys (cups, close, ...) as given."""
    seats = HUNGARIAN_TABLES.get(ruleset, DANISH_TABLE) if table is None else table
    record: dict[str, Any] = {"ruleset": ruleset, "table": list(seats)}
    record["deals"] = copy.deepcopy([deals] if isinstance(deals, dict) else list(deals))
    return record | extra


def deal_event(result: dict, number: int = 1) -> dict:
    """The event of deal `number` in what `rules.replay` returned."""
    return next(e for e in result["events"] if e["kind"] == "deal" and e["number"] == number)


def rules_of(event: dict) -> list[str]:
    """The rule of each line item of an event, in order."""
    return [item["rule"] for item in event["items"]]


MORE_NAMES = ("Carl", "Dorte", "Erik", "Frida", "Gustav")  # who fills a table the example leaves short


def names_in(value) -> list[str]:
    """The members an example names: its words that start with a capital, keys and values alike."""
    if isinstance(value, dict):
        return [name for key, item in value.items() for name in (*names_in(key), *names_in(item))]
    if isinstance(value, list):
        return [name for item in value for name in names_in(item)]
    return [value] if isinstance(value, str) and value[:1].isupper() else []


def sample(family) -> tuple[dict, list[str]]:
    """The first example of the family's record schema, and a table it plays at without a problem:
    the members it names (filled up to the smallest size the game seats that plays it) in the
    first order that checks."""
    record = family.record_schema()["examples"][0]
    game = family.ruleset(family.default_preset)
    named = list(dict.fromkeys(names_in(record)))
    for size in (size for size in family.table_sizes(game) if size >= len(named)):
        seats = named + [name for name in MORE_NAMES if name not in named][: size - len(named)]
        for table in itertools.permutations(seats):
            if not rules.check_deal(family, record, 1, list(table), game)[1]:
                return record, list(table)
    raise AssertionError(f"no table plays the example of {family.name}")
