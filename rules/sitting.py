"""One sitting loop for every family: check a whole record, settle it deal by deal, close it.

    sitting, rules, problems = check_sitting(family, record)   # every problem of every deal
    events = settle_sitting(family, sitting, rules)            # a validated sitting's events
    result = replay_with(family, record)                       # the `python -m rules replay` answer

The family (see `rules.family`) reads the record, checks each deal, carries the table's state from
deal to deal and settles; the loop only keeps the order: opening state, every deal, the close.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from .family import DealT, Engine, EventT, RuleSetT, SittingT, StateT
from .problems import InvalidRecord, Problem

# `Family.settle`, or `Family.play` (which validates each deal first), bound to a family.
Step = Callable[[DealT, Sequence[str], StateT, RuleSetT], tuple[list[EventT], StateT]]
# The family as the loop sees it: its engine, whichever types it binds.
Loop = Engine[RuleSetT, DealT, SittingT, StateT, EventT]


def check_sitting(
    family: Loop[RuleSetT, DealT, SittingT, StateT, EventT], data: Any
) -> tuple[SittingT | None, RuleSetT | None, list[Problem]]:
    """Read and check a whole sitting record, collecting every problem of every deal.

    With a bad override the deals are still checked against the preset itself, so one answer lists
    every problem of the record. Problems come sorted by deal (the sitting's own first) and field.
    """
    sitting, problems = family.parse_sitting(data)
    if sitting is None:
        return None, None, problems
    rules, rule_problems = family.resolve(sitting.ruleset, sitting.overrides)
    problems += rule_problems
    checking = rules if rules is not None else family.presets.get(sitting.ruleset)
    table_problems = family.validate_table(sitting.table, checking)
    problems += table_problems
    if checking is not None:
        table_ok = not table_problems and all(sitting.table)  # an unreadable name has its problem already
        if table_ok:
            deals: Sequence[DealT] = sitting.deals  # the family's own deals (`rules.family.SittingT`)
            previous = None
            for deal in deals:
                problems += family.validate_deal(deal, sitting.table, checking, previous)
                previous = deal
        problems += family.opening_problems(sitting, checking, table_ok)
    problems.sort(key=lambda p: (p.deal or 0, p.field))
    return sitting, rules, problems


def settle_sitting(
    family: Loop[RuleSetT, DealT, SittingT, StateT, EventT],
    sitting: SittingT,
    rules: RuleSetT,
    step: Step[DealT, StateT, RuleSetT, EventT] | None = None,
) -> list[EventT]:
    """Every event of a sitting, in order, ending with the close if it has one.

    `step` settles one deal; by default `family.settle`, for a sitting `check_sitting` has passed
    (`family.play` checks each deal first).
    """
    return _run(family, sitting, rules, step or family.settle)[0]


def _run(
    family: Loop[RuleSetT, DealT, SittingT, StateT, EventT],
    sitting: SittingT,
    rules: RuleSetT,
    settle: Step[DealT, StateT, RuleSetT, EventT],
) -> tuple[list[EventT], StateT]:
    """(every event of the sitting, the table state after the last)."""
    table = sitting.table
    state = family.opening_state(sitting)
    events: list[EventT] = []
    deals: Sequence[DealT] = sitting.deals  # the family's own deals (`rules.family.SittingT`)
    for deal in deals:
        deal_events, state = settle(deal, table, state, rules)
        events += deal_events
    if sitting.close is not None:
        first_dealer = deals[0].dealer if deals else table[0]
        closing, state = family.close(table, state, rules, sitting.close, first_dealer)
        events.append(closing)
    return events, state


def replay_with(family: Loop[RuleSetT, DealT, SittingT, StateT, EventT], data: Any) -> dict[str, Any]:
    """The `python -m rules replay` answer for a sitting record of `family`: every event as printed,
    and each member's and table account's balance at the end.

    Raises `InvalidRecord` listing every problem; nothing is settled then.
    """
    sitting, rules, problems = check_sitting(family, data)
    if problems or sitting is None or rules is None:
        raise InvalidRecord(problems)
    # check_sitting has validated every deal in order, so each is settled without a second check.
    events, state = _run(family, sitting, rules, family.settle)
    table = sitting.table
    settled, nets = [], []
    for event in events:
        data = family.event_dict(event, table, rules)
        nets.append(data["net"] if "net" in data else event.net(table))
        settled.append(data)
    balances = {member: sum(map(itemgetter(member), nets)) for member in table}
    held = family.accounts(state)
    for account in family.table_accounts(rules):
        balances[account] = held[account]
    return {"ruleset": rules.preset, "events": settled, **family.sheet(state, table, rules), "balances": balances}


def check_deal(
    family: Loop[RuleSetT, DealT, SittingT, StateT, EventT],
    data: Any,
    number: int,
    table: Sequence[str],
    rules: RuleSetT,
    previous: DealT | None = None,
) -> tuple[DealT | None, list[Problem]]:
    """One deal record as a form or the API sends it: the read deal (None when it has problems) and
    every problem of it, shape and rules alike, sorted by field (a live preview shows them beside
    their fields)."""
    problems: list[Problem] = []
    deal = family.parse_deal(data, number, problems)
    if deal is not None:
        problems += family.validate_deal(deal, table, rules, previous)
    problems.sort(key=lambda p: p.field)
    return (deal if not problems else None), problems
