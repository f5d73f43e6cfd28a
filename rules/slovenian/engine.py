"""Slovenian tarok as a `rules.family.BaseFamily`: its table state (the radelci each member holds,
and the sheet's running totals), a deal's settlement, and the close of a sitting.

The family keeps no table account in the ledger (the base's `own_accounts`, empty): the radelci are
the table's state, carried from deal to deal within a sitting (`state_as_json` / `state_from_json`),
and what the ledger posts are money points (R81, R82).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from .. import sitting
from ..family import Accounts, BaseFamily, Family, Marks, Vocabulary
from ..pages import Pages
from ..parameters import Parameter
from ..problems import Problem
from .layout import deal_layout
from .messages import FAMILY, SLOVENIAN_MESSAGES
from .pages import PAGES
from .parameters import describe as describe_parameters
from .presets import (
    BONUSES,
    CONTRACTS,
    KONTRA_NAMES,
    PRESET,
    PRESET_NAMES,
    PRESETS,
    SIDES,
    TABLE_SIZES,
    RuleSet,
    resolve,
)
from .records import SITTING_KEYS, Deal, Sitting, parse_deal, parse_sitting
from .schema import DEAL_RECORD
from .settlement import Event, close, settle_deal
from .texts import TEXTS
from .validation import validate_deal

_NOTHING: Mapping[str, int] = MappingProxyType({})


class TableState(NamedTuple):
    """What a table carries from deal to deal: the radelci each member holds (R7), the sheet's
    running totals of the sitting, and the radelci crossed off in it (R52, R61: the paper sheet
    keeps them, struck through). A member not named holds none and has written nothing."""

    radelci: Mapping[str, int] = _NOTHING
    totals: Mapping[str, int] = _NOTHING
    crossed_off: Mapping[str, int] = _NOTHING


def _counts(data: Any) -> dict[str, int]:
    """A {member: whole number} map from JSON, anything else left out."""
    if not isinstance(data, Mapping):
        return {}
    return {str(name): value for name, value in data.items() if type(value) is int}


class Slovenian(BaseFamily[RuleSet, Deal, Sitting, TableState, Event]):
    """Slovenian tarok (slovenian-tarok.md): one rule set with the 22 club parameters of §11."""

    name = FAMILY
    title = "Slovenian tarok"
    presets: Mapping[str, RuleSet] = PRESETS
    preset_names = PRESET_NAMES
    default_preset = PRESET
    messages: Mapping[str, str] = SLOVENIAN_MESSAGES
    texts = TEXTS
    sitting_keys = frozenset(SITTING_KEYS)
    pages: Pages = PAGES

    resolve = staticmethod(resolve)
    parse_sitting = staticmethod(parse_sitting)
    parse_deal = staticmethod(parse_deal)
    deal_layout = staticmethod(deal_layout)

    def parameters(self, preset: str) -> list[Parameter]:
        return describe_parameters(preset)

    def record_schema(self) -> Mapping[str, Any]:
        return DEAL_RECORD

    def vocabulary(self) -> Vocabulary:
        return Vocabulary(
            games={PRESET: CONTRACTS},
            announcements=BONUSES,
            offences=("renons",),
            words={"sides": SIDES, "kontra_levels": KONTRA_NAMES},
        )

    def table_sizes(self, rules: RuleSet) -> tuple[int, ...]:
        return TABLE_SIZES  # R1

    def validate_deal(self, deal: Deal, table: Sequence[str], rules: RuleSet, previous: Deal | None) -> list[Problem]:
        return validate_deal(deal, table, rules)

    def opening_problems(self, sitting: Sitting, rules: RuleSet, table_ok: bool) -> list[Problem]:
        """R7: radelci carried in belong to members at the table."""
        if not table_ok:
            return []
        return [
            self.problem(None, f"radelci.{name}", "not_member", player=name)
            for name in sitting.radelci
            if name not in sitting.table
        ]

    def settle(
        self, deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet
    ) -> tuple[list[Event], TableState]:
        settled = settle_deal(deal, table, state.radelci, state.totals, rules)
        crossed_off = dict(state.crossed_off)
        for member, count in settled.crossed_off.items():
            crossed_off[member] = crossed_off.get(member, 0) + count
        return [settled], TableState(settled.radelci_after, settled.totals_after, crossed_off)

    def state(self, accounts: Accounts, previous_dealer: str | None = None) -> TableState:
        return TableState()  # no table account holds the radelci: a sitting starts without

    def opening_state(self, sitting: Sitting) -> TableState:
        return TableState(MappingProxyType(dict(sitting.radelci)), _NOTHING)

    def state_as_json(self, state: TableState) -> dict[str, Any]:
        return {"radelci": dict(state.radelci), "totals": dict(state.totals), "crossed_off": dict(state.crossed_off)}

    def state_from_json(self, data: Mapping[str, Any]) -> TableState:
        return TableState(_counts(data.get("radelci")), _counts(data.get("totals")), _counts(data.get("crossed_off")))

    def close(
        self, table: Sequence[str], state: TableState, rules: RuleSet, how: str, first_dealer: str
    ) -> tuple[Event, TableState]:
        """R80: the unused radelci's penalty; whatever `how` says, the radelci are what is settled."""
        closing = close(table, state.radelci, state.totals, rules)
        return closing, TableState(closing.radelci_after, closing.totals_after, state.crossed_off)

    def record_close(self, how: str) -> Any:
        return True  # the record says only that the sitting closed: the radelci settle either way

    def event_dict(self, event: Event, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        return event.as_dict(table)

    def sheet(self, state: TableState, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        """The sheet at the end: each member's total and the radelci held."""
        return {
            "totals": {member: state.totals.get(member, 0) for member in table},
            "radelci": {member: state.radelci.get(member, 0) for member in table},
        }

    def marks(self, state: TableState, table: Sequence[str], rules: RuleSet) -> dict[str, Marks]:
        """The radelci as the paper sheet draws them: a circle for each, struck through once crossed off."""
        return {member: Marks(state.radelci.get(member, 0), state.crossed_off.get(member, 0)) for member in table}


# The types it binds: mypy checks `Slovenian` against the protocol with them.
SLOVENIAN: Family[RuleSet, Deal, Sitting, TableState, Event] = Slovenian()

play, settle = SLOVENIAN.play, SLOVENIAN.settle

# The shared sitting loop bound to this family, for callers that know which family they hold.
check_sitting = functools.partial(sitting.check_sitting, SLOVENIAN)
settle_sitting = functools.partial(sitting.settle_sitting, SLOVENIAN)
replay = functools.partial(sitting.replay_with, SLOVENIAN)
check_deal = functools.partial(sitting.check_deal, SLOVENIAN)
