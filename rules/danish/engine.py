"""Deal by deal over a sitting: funding, settlement, close; and `replay` of a whole record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..envelope import collector_paused
from ..problems import InvalidRecord, Problem, problem
from .presets import PRESETS, RuleSet, resolve
from .records import Cups, Deal, Sitting, parse_sitting
from .settlement import Event, close, fund, settle_deal
from .validation import validate_deal, validate_table


class TableState(NamedTuple):
    """What a table carries from deal to deal: the cups, and who dealt last."""

    cups: Cups = Cups()
    previous_dealer: str | None = None


def play(deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
    """Settle one deal at a table: a funding event if a cup is empty, then the deal itself.

    Raises `InvalidRecord` with every problem when the deal is refused; nothing is settled then.
    """
    problems = validate_deal(deal, table, rules, state.previous_dealer)
    if problems:
        raise InvalidRecord(problems)
    return _play_valid(deal, table, state, rules)


def _play_valid(deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
    """`play` for a deal that has passed `validate_deal` at this state already."""
    events: list[Event] = []
    cups = state.cups
    funding = fund(table, cups, rules)
    if funding is not None:
        events.append(funding)
        cups = funding.cups_after
    settled = settle_deal(deal, table, cups, rules)
    events.append(settled)
    return events, TableState(settled.cups_after, deal.dealer)


def settle_sitting(sitting: Sitting, rules: RuleSet) -> list[Event]:
    """Every event of a validated sitting, in order, ending with the close if it has one."""
    return _settle(sitting, rules, play)


# `play`, or a check-only step with its signature.
Step = Callable[[Deal, Sequence[str], TableState, RuleSet], tuple[list[Event], TableState]]


def _settle(sitting: Sitting, rules: RuleSet, step: Step) -> list[Event]:
    table = sitting.table
    state = TableState(sitting.cups)
    events: list[Event] = []
    for deal in sitting.deals:
        deal_events, state = step(deal, table, state, rules)
        events.extend(deal_events)
    if sitting.close is not None:
        first_dealer = sitting.deals[0].dealer if sitting.deals else table[0]
        events.append(close(table, state.cups, rules, sitting.close, first_dealer))
    return events


def check_sitting(data: Any) -> tuple[Sitting | None, RuleSet | None, list[Problem]]:
    """Parse and validate a whole sitting record, collecting every problem of every deal."""
    sitting, problems = parse_sitting(data)
    if sitting is None:
        return None, None, problems
    rules, rule_problems = resolve(sitting.ruleset, sitting.overrides)
    problems += rule_problems
    table_problems = validate_table(sitting.table)
    problems += table_problems
    table_ok = not table_problems and None not in sitting.table  # an unreadable name has its problem
    # With a bad override the deals are still checked against the preset itself, so one
    # answer lists every problem of the record.
    checking = rules if rules is not None else PRESETS.get(sitting.ruleset)
    if checking is not None and table_ok:
        previous_dealer = None
        for deal in sitting.deals:
            problems += validate_deal(deal, sitting.table, checking, previous_dealer)
            previous_dealer = deal.dealer
        if not checking.cups and (sitting.cups.pagat or sitting.cups.king):
            problems.append(problem(None, "cups", "no_cups_in_preset", preset=checking.preset))
    problems.sort(key=lambda p: (p.deal or 0, p.field))
    return sitting, rules, problems


def replay(data: Any) -> dict[str, Any]:
    """The `python -m rules replay` result for a sitting record (sitting-format.md).

    Raises `InvalidRecord` listing every problem; nothing is settled then.
    """
    with collector_paused():
        return _replay(data)


def _replay(data: Any) -> dict[str, Any]:
    sitting, rules, problems = check_sitting(data)
    if problems or sitting is None or rules is None:
        raise InvalidRecord(problems)
    # check_sitting has validated every deal in order, so each is settled without a second check.
    events = _settle(sitting, rules, _play_valid)
    table = sitting.table
    balances = dict.fromkeys(table, 0)
    settled = []
    for event in events:
        data = event.as_dict(table, rules.cups)
        for member, points in (data["net"] if "net" in data else event.net(table)).items():
            if points:
                balances[member] += points
        settled.append(data)
    final = events[-1].cups_after if events else sitting.cups
    if rules.cups:
        balances |= {"cup:pagat": final.pagat, "cup:king": final.king}
    return {
        "ruleset": rules.preset,
        "events": settled,
        "balances": balances,
    }
