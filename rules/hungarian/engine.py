"""Hungarian tarokk as a `rules.family.Family`: its table state (the ultimókassza, `pot`, where the
game keeps one), a deal's settlement, and the close of a sitting."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from .. import sitting
from ..family import NO_ACCOUNTS, Accounts, BaseFamily, Family, Vocabulary
from ..pages import Pages
from ..parameters import Parameter
from ..problems import Problem
from .layout import deal_layout
from .messages import FAMILY, HUNGARIAN_MESSAGES
from .pages import PAGES
from .parameters import describe as describe_parameters
from .presets import (
    CONTRA_NAMES,
    FIGURES,
    HAND_BONUSES,
    HONOURS,
    KINGS,
    NO_GAMES,
    OFFENCES,
    PRESET_NAMES,
    PRESETS,
    RuleSet,
    resolve,
)
from .records import POT, SITTING_KEYS, Deal, Sitting, parse_deal, parse_sitting
from .schema import DEAL_RECORD
from .settlement import Event, close, settle_deal
from .texts import TEXTS
from .validation import validate_deal

# The table's own account, the ultimókassza, by its kind in the club's ledger.
KASSZA: Mapping[str, str] = MappingProxyType({POT: "pot"})


class TableState(NamedTuple):
    """What a table carries from deal to deal: the pot's content (0 where no pot is kept). A named
    tuple, as the Danish one: a replay makes one a deal."""

    pot: int = 0


class Hungarian(BaseFamily[RuleSet, Deal, Sitting, TableState, Event]):
    """The six games of Tolnai 1930 (Paskievics, Magyar tarokk, Királyhívó, Tapper, Strómann,
    Trisák), with the ultimókassza where a game keeps one."""

    name = FAMILY
    title = "Hungarian tarokk"
    presets: Mapping[str, RuleSet] = PRESETS
    preset_names = PRESET_NAMES
    default_preset = "paskievics"
    messages: Mapping[str, str] = HUNGARIAN_MESSAGES
    texts = TEXTS
    sitting_keys = frozenset(SITTING_KEYS)
    own_accounts: Mapping[str, str] = KASSZA
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
            games={preset: rules.contracts for preset, rules in PRESETS.items()},
            announcements=FIGURES,
            offences=OFFENCES,
            words={
                "no_games": NO_GAMES,
                "hand_bonuses": HAND_BONUSES,
                "honours": HONOURS,
                "kings": KINGS,
                "contra_levels": CONTRA_NAMES,  # by level: "" (none), kontra, rekontra, … (002 L697)
            },
        )

    def table_sizes(self, rules: RuleSet) -> tuple[int, ...]:
        return rules.table_sizes

    def validate_deal(self, deal: Deal, table: Sequence[str], rules: RuleSet, previous: Deal | None) -> list[Problem]:
        return validate_deal(deal, table, rules)

    def opening_problems(self, sitting: Sitting, rules: RuleSet, table_ok: bool) -> list[Problem]:
        """A carried pot in a game played without one."""
        if sitting.pot_given and not rules.pot:
            return [self.problem(None, "pot", "pot_not_kept", preset=rules.preset)]
        return []

    def settle(
        self, deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet
    ) -> tuple[list[Event], TableState]:
        """One `deal` event (its pot funding, if any, is its first item)."""
        settled = settle_deal(deal, table, state.pot, rules)
        return [settled], TableState(settled.pot_after)

    # --- the pot: the table's state and its account ---

    def table_accounts(self, rules: RuleSet) -> Mapping[str, str]:
        return KASSZA if rules.pot else NO_ACCOUNTS

    def opening_state(self, sitting: Sitting) -> TableState:
        return TableState(sitting.pot)

    def state(self, accounts: Accounts, previous_dealer: str | None = None) -> TableState:
        return TableState(accounts.get(POT, 0))

    def accounts(self, state: TableState) -> dict[str, int]:
        return {POT: state.pot}

    def accounts_before(self, event: Event) -> dict[str, int]:
        return {POT: event.pot_before}

    def accounts_after(self, event: Event) -> dict[str, int]:
        return {POT: event.pot_after}

    def state_as_json(self, state: TableState) -> dict[str, Any]:
        return {"pot": state.pot}

    def state_from_json(self, data: Mapping[str, Any]) -> TableState:
        return TableState(data.get("pot", 0))

    def holdings_in_record(self, data: Mapping[str, Any]) -> dict[str, int]:
        return {POT: data.get("pot", 0)}

    def record_holdings(self, accounts: Accounts, rules: RuleSet) -> dict[str, Any]:
        return {"pot": accounts.get(POT, 0)} if rules.pot else {}

    def close(
        self, table: Sequence[str], state: TableState, rules: RuleSet, how: str, first_dealer: str
    ) -> tuple[Event, TableState]:
        closing = close(table, state.pot, rules, how, first_dealer)
        return closing, TableState(closing.pot_after)

    def event_dict(self, event: Event, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        return event.as_dict(table, rules.pot)


# The types it binds: mypy checks `Hungarian` against the protocol with them.
HUNGARIAN: Family[RuleSet, Deal, Sitting, TableState, Event] = Hungarian()


# The shared sitting loop bound to this family, for callers that know which family they hold.
check_sitting = functools.partial(sitting.check_sitting, HUNGARIAN)
settle_sitting = functools.partial(sitting.settle_sitting, HUNGARIAN)
replay = functools.partial(sitting.replay_with, HUNGARIAN)
check_deal = functools.partial(sitting.check_deal, HUNGARIAN)
play, settle = HUNGARIAN.play, HUNGARIAN.settle
