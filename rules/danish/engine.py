"""Danish Tarok as a `rules.family.Family`: its table state (the cups, and who dealt last), a deal's
funding and settlement, and the close of a sitting."""

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
from .messages import DANISH_MESSAGES, FAMILY, problem
from .pages import PAGES
from .parameters import describe as describe_parameters
from .presets import DEFAULT_PRESET, OFFENCES, PRESETS, RuleSet, resolve, ruleset
from .records import (
    COURT_CARDS,
    CULPRIT_CAUSES,
    KING_CUP,
    KING_FATES,
    MELD_LEVELS,
    PAGAT_CUP,
    PAGAT_FATES,
    SITTING_KEYS,
    SUITS,
    Cups,
    Deal,
    Sitting,
    parse_deal,
    parse_sitting,
)
from .schema import DEAL_RECORD
from .settlement import Event, close, fund, settle_deal
from .texts import TEXTS
from .validation import validate_deal, validate_table

# The table's own accounts, the Pagatkop and the Kongekop, by their kinds in the club's ledger:
# a preset keeps both or neither.
CUPS: Mapping[str, str] = MappingProxyType({PAGAT_CUP: "pagat_cup", KING_CUP: "king_cup"})


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
        raise InvalidRecord(sorted(problems, key=lambda p: p.field))  # by field, as `check_deal` gives them
    return settle(deal, table, state, rules)


def settle(deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
    """`play` for a deal that has passed `validate_deal` at this state already."""
    funding = fund(table, state.cups, rules)
    if funding is None:
        settled = settle_deal(deal, table, state.cups, rules)
        return [settled], TableState(settled.cups_after, deal.dealer)
    settled = settle_deal(deal, table, funding.cups_after, rules)
    return [funding, settled], TableState(settled.cups_after, deal.dealer)


class Danish:
    """The four Danish presets (vlk-2010, ensartede, schiellerup-1900, schwartz-1847), with the
    Pagatkop and Kongekop where the preset keeps them."""

    name = FAMILY
    title = "Danish Tarok"
    presets: Mapping[str, RuleSet] = PRESETS
    default_preset = DEFAULT_PRESET
    messages: Mapping[str, str] = DANISH_MESSAGES
    texts = TEXTS
    sitting_keys = SITTING_KEYS
    own_accounts: Mapping[str, str] = CUPS

    resolve = staticmethod(resolve)
    ruleset = staticmethod(ruleset)
    parse_sitting = staticmethod(parse_sitting)
    play = staticmethod(play)
    settle = staticmethod(settle)

    @staticmethod
    def parse_deal(data: Any, number: int, problems: list[Problem]) -> Deal | None:
        return parse_deal(data, number, problems)

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
            games={preset: () for preset in PRESETS},  # a Danish deal names no contract
            announcements=("taroks", "matadors", "suits", "kings"),
            offences=OFFENCES,
            words={
                "suits": SUITS,
                "court_cards": COURT_CARDS,
                "meld_levels": MELD_LEVELS,
                "pagat_fates": PAGAT_FATES,
                "king_fates": KING_FATES,
                "culprit_causes": CULPRIT_CAUSES,
            },
        )

    @staticmethod
    def validate_table(table: Sequence[str | None], rules: RuleSet | None) -> list[Problem]:
        return validate_table(table)

    @staticmethod
    def validate_deal(deal: Deal, table: Sequence[str], rules: RuleSet, previous: Deal | None) -> list[Problem]:
        return validate_deal(deal, table, rules, previous.dealer if previous is not None else None)

    @staticmethod
    def opening_problems(sitting: Sitting, rules: RuleSet, table_ok: bool) -> list[Problem]:
        """Carried cups in a preset without cups; checked at a table whose seats are sound."""
        if table_ok and not rules.cups and (sitting.cups.pagat or sitting.cups.king):
            return [problem(None, "cups", "no_cups_in_preset", preset=rules.preset)]
        return []

    @staticmethod
    def table_accounts(rules: RuleSet) -> Mapping[str, str]:
        return CUPS if rules.cups else NO_ACCOUNTS

    @staticmethod
    def opening_state(sitting: Sitting) -> TableState:
        return TableState(sitting.cups)

    @staticmethod
    def state(accounts: Accounts, previous_dealer: str | None = None) -> TableState:
        return TableState(Cups(accounts.get(PAGAT_CUP, 0), accounts.get(KING_CUP, 0)), previous_dealer)

    @staticmethod
    def accounts(state: TableState) -> dict[str, int]:
        return {PAGAT_CUP: state.cups.pagat, KING_CUP: state.cups.king}

    @staticmethod
    def accounts_before(event: Event) -> dict[str, int]:
        return {PAGAT_CUP: event.cups_before.pagat, KING_CUP: event.cups_before.king}

    @staticmethod
    def accounts_after(event: Event) -> dict[str, int]:
        return {PAGAT_CUP: event.cups_after.pagat, KING_CUP: event.cups_after.king}

    @staticmethod
    def state_as_json(state: TableState) -> dict[str, Any]:
        return {"pagat": state.cups.pagat, "king": state.cups.king, "previous_dealer": state.previous_dealer}

    @staticmethod
    def state_from_json(data: Mapping[str, Any]) -> TableState:
        return TableState(Cups(data.get("pagat", 0), data.get("king", 0)), data.get("previous_dealer"))

    @staticmethod
    def holdings_in_record(data: Mapping[str, Any]) -> dict[str, int]:
        cups = data.get("cups") or {}
        return {PAGAT_CUP: cups.get("pagat", 0), KING_CUP: cups.get("king", 0)}

    @staticmethod
    def record_holdings(accounts: Accounts, rules: RuleSet) -> dict[str, Any]:
        return {"cups": {"pagat": accounts.get(PAGAT_CUP, 0), "king": accounts.get(KING_CUP, 0)}}

    @staticmethod
    def opening(table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
        """An empty cup is funded as the sitting starts (000 L69), as before any deal."""
        funding = fund(table, state.cups, rules)
        if funding is None:
            return [], state
        return [funding], state._replace(cups=funding.cups_after)

    @staticmethod
    def close(
        table: Sequence[str], state: TableState, rules: RuleSet, how: str, first_dealer: str
    ) -> tuple[Event, TableState]:
        closing = close(table, state.cups, rules, how, first_dealer)
        return closing, state._replace(cups=closing.cups_after)

    @staticmethod
    def record_close(how: str) -> Any:
        return how  # "split" or "carry", as the record writes it

    @staticmethod
    def event_dict(event: Event, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        return event.as_dict(table, rules.cups)

    @staticmethod
    def sheet(state: TableState, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        return {}  # the ledger is the whole story


# The types it binds: mypy checks `Danish` against the protocol with them.
DANISH: Family[RuleSet, Deal, Sitting, TableState, Event] = Danish()


# The shared sitting loop bound to this family, for callers that know which family they hold.
check_sitting = functools.partial(sitting.check_sitting, DANISH)
settle_sitting = functools.partial(sitting.settle_sitting, DANISH)
replay = functools.partial(sitting.replay_with, DANISH)
