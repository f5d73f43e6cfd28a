"""What every family hands the ledger: line items that each sum to zero.

A deal (or a funding, or the close of a sitting) settles into `LineItem`s: a stable rule key, the
seed line it comes from, and postings from account to points. Accounts are members by name and
the table's own accounts (the Danish cups `cup:pagat` and `cup:king`, the Hungarian `pot`).
Each family's event adds its table accounts after the event (`cups_after`, `pot_after`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NotRequired, TypedDict


class LineItem(TypedDict):
    """One balanced movement, in the shape `python -m rules replay` prints it: its postings sum to
    zero. A replay makes many and prints every one, so it is made once, as the dict it is printed as:
    an event and every answer made of it share it. Read it, never change it (copy it to edit)."""

    rule: str  # a stable key, e.g. "stake", "meld.taroks", "fine.revoke", "trull.announced"
    ref: str  # where the rule stands, e.g. "001 L258", "002 L1009"
    postings: Mapping[str, int]
    player: NotRequired[str]  # the member the item is about, where there is one
    card: NotRequired[str]  # "pagat" or "king:<suit>", where the item is about a card
    # A family whose sheet is not its ledger (Slovenian: scores, then money points) says what the
    # item writes on the sheet for each member it is about, and the difference it counts.
    amount: NotRequired[int]
    difference: NotRequired[int]


def line_item(
    rule: str, ref: str, postings: Mapping[str, int], player: str | None = None, card: str | None = None
) -> LineItem:
    """A `LineItem` with `player` and `card` only where there is one."""
    item: LineItem = {"rule": rule, "ref": ref, "postings": postings}
    if player is not None:
        item["player"] = player
    if card is not None:
        item["card"] = card
    return item


class UnbalancedItem(ArithmeticError):
    """A line item whose postings do not sum to zero: a bug in a family's settlement."""


def balanced(postings: Mapping[str, int], rule: str) -> dict[str, int]:
    """`postings` without its zero entries; raises `UnbalancedItem` unless they sum to zero."""
    cleaned = {account: points for account, points in postings.items() if points}
    if sum(cleaned.values()) != 0:
        raise UnbalancedItem(f"{rule}: {cleaned}")
    return cleaned


def net_of(items: Iterable[LineItem], members: Sequence[str]) -> dict[str, int]:
    """Each member's total over `items`, every member listed (0 when untouched), in table order."""
    totals = {member: 0 for member in members}
    for item in items:
        for account, points in item["postings"].items():
            if account in totals:
                totals[account] += points
    return totals
