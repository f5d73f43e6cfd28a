"""Hungarian tarokk as a `rules.family.Family`: its table state (the ultimókassza, `pot`, where the
game keeps one), a deal's settlement, and the close of a sitting."""

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
from .messages import FAMILY, HUNGARIAN_MESSAGES, problem
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
    PRESETS,
    RuleSet,
    resolve,
    ruleset,
)
from .records import POT, SITTING_KEYS, Deal, Sitting, parse_deal, parse_sitting
from .schema import DEAL_RECORD
from .settlement import Event, close, settle_deal
from .texts import TEXTS
from .validation import validate_deal, validate_table

# The table's own account, the ultimókassza, by its kind in the club's ledger.
KASSZA: Mapping[str, str] = MappingProxyType({POT: "pot"})


class TableState(NamedTuple):
    """What a table carries from deal to deal: the pot's content (0 where no pot is kept). A named
    tuple, as the Danish one: a replay makes one a deal."""

    pot: int = 0


def play(deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
    """Settle one deal at a table: one `deal` event (its pot funding, if any, is its first item).

    Raises `InvalidRecord` with every problem when the deal is refused; nothing is settled then.
    """
    problems = validate_deal(deal, table, rules)
    if problems:
        raise InvalidRecord(sorted(problems, key=lambda p: p.field))  # by field, as `check_deal` gives them
    return settle(deal, table, state, rules)


def settle(deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
    """`play` for a deal that has passed `validate_deal` already."""
    settled = settle_deal(deal, table, state.pot, rules)
    return [settled], TableState(settled.pot_after)


class Hungarian:
    """The six games of Tolnai 1930 (Paskievics, Magyar tarokk, Királyhívó, Tapper, Strómann,
    Trisák), with the ultimókassza where a game keeps one."""

    name = FAMILY
    title = "Hungarian tarokk"
    presets: Mapping[str, RuleSet] = PRESETS
    default_preset = "paskievics"
    messages: Mapping[str, str] = HUNGARIAN_MESSAGES
    texts = TEXTS
    sitting_keys = frozenset(SITTING_KEYS)
    own_accounts: Mapping[str, str] = KASSZA

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

    @staticmethod
    def validate_table(table: Sequence[str], rules: RuleSet | None) -> list[Problem]:
        """The seats against the game's table sizes; unchecked while the preset is unknown."""
        return validate_table(table, rules) if rules is not None else []

    @staticmethod
    def validate_deal(deal: Deal, table: Sequence[str], rules: RuleSet, previous: Deal | None) -> list[Problem]:
        return validate_deal(deal, table, rules)

    @staticmethod
    def opening_problems(sitting: Sitting, rules: RuleSet, table_ok: bool) -> list[Problem]:
        """A carried pot in a game played without one."""
        if sitting.pot_given and not rules.pot:
            return [problem(None, "pot", "pot_not_kept", preset=rules.preset)]
        return []

    @staticmethod
    def table_accounts(rules: RuleSet) -> Mapping[str, str]:
        return KASSZA if rules.pot else NO_ACCOUNTS

    @staticmethod
    def opening_state(sitting: Sitting) -> TableState:
        return TableState(sitting.pot)

    @staticmethod
    def state(accounts: Accounts, previous_dealer: str | None = None) -> TableState:
        return TableState(accounts.get(POT, 0))

    @staticmethod
    def accounts(state: TableState) -> dict[str, int]:
        return {POT: state.pot}

    @staticmethod
    def accounts_before(event: Event) -> dict[str, int]:
        return {POT: event.pot_before}

    @staticmethod
    def accounts_after(event: Event) -> dict[str, int]:
        return {POT: event.pot_after}

    @staticmethod
    def state_as_json(state: TableState) -> dict[str, Any]:
        return {"pot": state.pot}

    @staticmethod
    def state_from_json(data: Mapping[str, Any]) -> TableState:
        return TableState(data.get("pot", 0))

    @staticmethod
    def holdings_in_record(data: Mapping[str, Any]) -> dict[str, int]:
        return {POT: data.get("pot", 0)}

    @staticmethod
    def record_holdings(accounts: Accounts, rules: RuleSet) -> dict[str, Any]:
        return {"pot": accounts.get(POT, 0)} if rules.pot else {}

    @staticmethod
    def opening(table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
        """Nothing happens as a sitting starts: an empty pot is funded by the deal that finds it so."""
        return [], state

    @staticmethod
    def close(
        table: Sequence[str], state: TableState, rules: RuleSet, how: str, first_dealer: str
    ) -> tuple[Event, TableState]:
        closing = close(table, state.pot, rules, how, first_dealer)
        return closing, TableState(closing.pot_after)

    @staticmethod
    def record_close(how: str) -> Any:
        return how  # "split" or "carry", as the record writes it

    @staticmethod
    def event_dict(event: Event, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        return event.as_dict(table, rules.pot)

    @staticmethod
    def sheet(state: TableState, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        return {}  # the ledger is the whole story


# The types it binds: mypy checks `Hungarian` against the protocol with them.
HUNGARIAN: Family[RuleSet, Deal, Sitting, TableState, Event] = Hungarian()


# The shared sitting loop bound to this family, for callers that know which family they hold.
check_sitting = functools.partial(sitting.check_sitting, HUNGARIAN)
settle_sitting = functools.partial(sitting.settle_sitting, HUNGARIAN)
replay = functools.partial(sitting.replay_with, HUNGARIAN)
check_deal = functools.partial(sitting.check_deal, HUNGARIAN)
