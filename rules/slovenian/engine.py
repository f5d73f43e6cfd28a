"""Slovenian tarok as a `rules.family.Family`: its table state (the radelci each member holds, and
the sheet's running totals), a deal's settlement, and the close of a sitting.

The family keeps no table account in the ledger (`own_accounts` is empty, like a game without
cups): the radelci are the table's state, carried from deal to deal within a sitting
(`state_as_json` / `state_from_json`), and what the ledger posts are money points (R81, R82).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from .. import sitting
from ..family import NO_ACCOUNTS, Accounts, Family, Vocabulary
from ..pages import Pages
from ..parameters import Parameter
from ..problems import InvalidRecord, Problem
from .layout import deal_layout
from .messages import FAMILY, SLOVENIAN_MESSAGES, problem
from .pages import PAGES
from .parameters import describe as describe_parameters
from .presets import BONUSES, CONTRACTS, KONTRA_NAMES, PRESET, PRESETS, SIDES, RuleSet, resolve, ruleset
from .records import SITTING_KEYS, Deal, Sitting, parse_deal, parse_sitting
from .schema import DEAL_RECORD
from .settlement import Event, close, settle_deal
from .texts import TEXTS
from .validation import validate_deal, validate_table

_NOTHING: Mapping[str, int] = MappingProxyType({})


class TableState(NamedTuple):
    """What a table carries from deal to deal: the radelci each member holds (R7) and the sheet's
    running totals of the sitting. A member not named holds none and has written nothing."""

    radelci: Mapping[str, int] = _NOTHING
    totals: Mapping[str, int] = _NOTHING


def play(deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
    """Settle one deal at a table: one `deal` event. Raises `InvalidRecord` with every problem."""
    problems = validate_deal(deal, table, rules)
    if problems:
        raise InvalidRecord(sorted(problems, key=lambda p: p.field))
    return settle(deal, table, state, rules)


def settle(deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
    """`play` for a deal that has passed `validate_deal` already."""
    settled = settle_deal(deal, table, state.radelci, state.totals, rules)
    return [settled], TableState(settled.radelci_after, settled.totals_after)


def _counts(data: Any) -> dict[str, int]:
    """A {member: whole number} map from JSON, anything else left out."""
    if not isinstance(data, Mapping):
        return {}
    return {str(name): value for name, value in data.items() if type(value) is int}


class Slovenian:
    """Slovenian tarok (slovenian-tarok.md): one rule set with the 22 club parameters of §11."""

    name = FAMILY
    title = "Slovenian tarok"
    presets: Mapping[str, RuleSet] = PRESETS
    default_preset = PRESET
    messages: Mapping[str, str] = SLOVENIAN_MESSAGES
    texts = TEXTS
    sitting_keys = frozenset(SITTING_KEYS)
    own_accounts: Mapping[str, str] = NO_ACCOUNTS

    resolve = staticmethod(resolve)
    ruleset = staticmethod(ruleset)
    parse_sitting = staticmethod(parse_sitting)
    parse_deal = staticmethod(parse_deal)
    play = staticmethod(play)
    settle = staticmethod(settle)

    @staticmethod
    def parameters(preset: str) -> list[Parameter]:
        return describe_parameters(preset)

    deal_layout = staticmethod(deal_layout)
    pages: Pages = PAGES

    @staticmethod
    def record_schema() -> Mapping[str, Any]:
        return DEAL_RECORD

    @staticmethod
    def vocabulary() -> Vocabulary:
        return Vocabulary(
            games={PRESET: CONTRACTS},
            announcements=BONUSES,
            offences=("renons",),
            words={"sides": SIDES, "kontra_levels": KONTRA_NAMES},
        )

    @staticmethod
    def validate_table(table: Sequence[str], rules: RuleSet | None) -> list[Problem]:
        return validate_table(table)

    @staticmethod
    def validate_deal(deal: Deal, table: Sequence[str], rules: RuleSet, previous: Deal | None) -> list[Problem]:
        return validate_deal(deal, table, rules)

    @staticmethod
    def opening_problems(sitting: Sitting, rules: RuleSet, table_ok: bool) -> list[Problem]:
        """R7: radelci carried in belong to members at the table."""
        if not table_ok:
            return []
        return [
            problem(None, f"radelci.{name}", "not_member", player=name)
            for name in sitting.radelci
            if name not in sitting.table
        ]

    @staticmethod
    def table_accounts(rules: RuleSet) -> Mapping[str, str]:
        return NO_ACCOUNTS

    @staticmethod
    def opening_state(sitting: Sitting) -> TableState:
        return TableState(MappingProxyType(dict(sitting.radelci)), _NOTHING)

    @staticmethod
    def state(accounts: Accounts, previous_dealer: str | None = None) -> TableState:
        return TableState()  # no table account holds the radelci: a sitting starts without

    @staticmethod
    def accounts(state: TableState) -> dict[str, int]:
        return {}

    @staticmethod
    def accounts_before(event: Event) -> dict[str, int]:
        return {}

    @staticmethod
    def accounts_after(event: Event) -> dict[str, int]:
        return {}

    @staticmethod
    def state_as_json(state: TableState) -> dict[str, Any]:
        return {"radelci": dict(state.radelci), "totals": dict(state.totals)}

    @staticmethod
    def state_from_json(data: Mapping[str, Any]) -> TableState:
        return TableState(_counts(data.get("radelci")), _counts(data.get("totals")))

    @staticmethod
    def holdings_in_record(data: Mapping[str, Any]) -> dict[str, int]:
        return {}

    @staticmethod
    def record_holdings(accounts: Accounts, rules: RuleSet) -> dict[str, Any]:
        return {}

    @staticmethod
    def opening(table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
        return [], state

    @staticmethod
    def close(
        table: Sequence[str], state: TableState, rules: RuleSet, how: str, first_dealer: str
    ) -> tuple[Event, TableState]:
        """R80: the unused radelci's penalty; whatever `how` says, the radelci are what is settled."""
        closing = close(table, state.radelci, state.totals, rules)
        return closing, TableState(closing.radelci_after, closing.totals_after)

    @staticmethod
    def record_close(how: str) -> Any:
        return True  # the record says only that the sitting closed: the radelci settle either way

    @staticmethod
    def event_dict(event: Event, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        return event.as_dict(table)

    @staticmethod
    def sheet(state: TableState, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        """The sheet at the end: each member's total and the radelci held."""
        return {
            "totals": {member: state.totals.get(member, 0) for member in table},
            "radelci": {member: state.radelci.get(member, 0) for member in table},
        }


# The types it binds: mypy checks `Slovenian` against the protocol with them.
SLOVENIAN: Family[RuleSet, Deal, Sitting, TableState, Event] = Slovenian()


# The shared sitting loop bound to this family, for callers that know which family they hold.
check_sitting = functools.partial(sitting.check_sitting, SLOVENIAN)
settle_sitting = functools.partial(sitting.settle_sitting, SLOVENIAN)
replay = functools.partial(sitting.replay_with, SLOVENIAN)
check_deal = functools.partial(sitting.check_deal, SLOVENIAN)
