"""Deal records, one builder per family, and the reader of a deal's event in a replay.

Standard library and `rules` only: the rules tests import this without Django.
"""

from __future__ import annotations

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


def deal_event(result: dict, number: int = 1) -> dict:
    """The event of deal `number` in what `rules.replay` returned."""
    return next(e for e in result["events"] if e["kind"] == "deal" and e["number"] == number)


def rules_of(event: dict) -> list[str]:
    """The rule of each line item of an event, in order."""
    return [item["rule"] for item in event["items"]]
