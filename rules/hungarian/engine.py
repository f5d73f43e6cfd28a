"""Deal by deal over a sitting: validate, settle, close; and `replay` of a whole record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..envelope import collector_paused
from ..problems import InvalidRecord, Problem
from .messages import problem
from .presets import PRESETS, RuleSet, resolve
from .records import POT, Deal, Sitting, parse_deal, parse_sitting
from .settlement import Event, close, settle_deal
from .validation import validate_deal, validate_table


@dataclass(frozen=True)
class TableState:
    """What a table carries from deal to deal: the pot's content (0 where no pot is kept)."""

    pot: int = 0


def check_deal(data: Any, number: int, table: Sequence[str], rules: RuleSet) -> tuple[Deal | None, list[Problem]]:
    """One deal record as a form or the API sends it: the parsed deal (None when it cannot be read)
    and every problem of it, shape and rules alike (a live preview shows them beside their fields)."""
    problems: list[Problem] = []
    deal = parse_deal(data, number, problems)
    if deal is not None:
        problems += validate_deal(deal, table, rules)
    problems.sort(key=lambda p: p.field)
    return (deal if not problems else None), problems


def play(deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
    """Settle one deal at a table: one `deal` event (its pot funding, if any, is its first item).

    Raises `InvalidRecord` with every problem when the deal is refused; nothing is settled then.
    """
    problems = validate_deal(deal, table, rules)
    if problems:
        raise InvalidRecord(problems)
    return _play_valid(deal, table, state, rules)


def _play_valid(deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
    settled = settle_deal(deal, table, state.pot, rules)
    return [settled], TableState(settled.pot_after)


def settle_sitting(sitting: Sitting, rules: RuleSet) -> list[Event]:
    """Every event of a validated sitting, in order, ending with the close if it has one."""
    return _settle(sitting, rules, play)


# `play`, or a check-only step with its signature.
Step = Callable[[Deal, Sequence[str], TableState, RuleSet], tuple[list[Event], TableState]]


def _settle(sitting: Sitting, rules: RuleSet, step: Step) -> list[Event]:
    table = sitting.table
    state = TableState(sitting.pot)
    events: list[Event] = []
    for deal in sitting.deals:
        deal_events, state = step(deal, table, state, rules)
        events.extend(deal_events)
    if sitting.close is not None:
        first_dealer = sitting.deals[0].dealer if sitting.deals else table[0]
        events.append(close(table, state.pot, rules, sitting.close, first_dealer))
    return events


def check_sitting(data: Any) -> tuple[Sitting | None, RuleSet | None, list[Problem]]:
    """Parse and validate a whole sitting record, collecting every problem of every deal."""
    sitting, problems = parse_sitting(data)
    if sitting is None:
        return None, None, problems
    rules, rule_problems = resolve(sitting.ruleset, sitting.overrides)
    problems += rule_problems
    # With a bad override the deals are still checked against the preset itself, so one
    # answer lists every problem of the record.
    checking = rules if rules is not None else PRESETS.get(sitting.ruleset)
    if checking is not None:
        table_problems = validate_table(sitting.table, checking)
        problems += table_problems
        if not table_problems and all(sitting.table):
            for deal in sitting.deals:
                problems += validate_deal(deal, sitting.table, checking)
        if sitting.pot_given and not checking.pot:
            problems.append(problem(None, "pot", "pot_not_kept", preset=checking.preset))
    problems.sort(key=lambda p: (p.deal or 0, p.field))
    return sitting, rules, problems


def replay(data: Any) -> dict[str, Any]:
    """The `python -m rules replay` result for a Hungarian sitting (sitting-format-hungarian.md).

    Raises `InvalidRecord` listing every problem; nothing is settled then.
    """
    with collector_paused():
        sitting, rules, problems = check_sitting(data)
        if problems or sitting is None or rules is None:
            raise InvalidRecord(problems)
        events = _settle(sitting, rules, _play_valid)
        table = sitting.table
        balances = {member: 0 for member in table}
        settled = []
        for event in events:
            data = event.as_dict(table, rules.pot)
            for member, points in (data["net"] if "net" in data else event.net(table)).items():
                balances[member] += points
            settled.append(data)
        if rules.pot:
            balances[POT] = events[-1].pot_after if events else sitting.pot
        return {"ruleset": rules.preset, "events": settled, "balances": balances}
