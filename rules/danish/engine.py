"""Danish Tarok as a `rules.family.Family`: its table state (the cups, and who dealt last), a deal's
funding and settlement, and the close of a sitting."""

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
from .messages import DANISH_MESSAGES, FAMILY
from .pages import PAGES
from .parameters import describe as describe_parameters
from .presets import DEFAULT_PRESET, OFFENCES, PRESET_NAMES, PRESETS, RuleSet, resolve
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
from .validation import TABLE_SIZES, validate_deal

# The table's own accounts, the Pagatkop and the Kongekop, by their kinds in the club's ledger:
# a preset keeps both or neither.
CUPS: Mapping[str, str] = MappingProxyType({PAGAT_CUP: "pagat_cup", KING_CUP: "king_cup"})


class TableState(NamedTuple):
    """What a table carries from deal to deal: the cups, and who dealt last."""

    cups: Cups = Cups()
    previous_dealer: str | None = None


class Danish(BaseFamily[RuleSet, Deal, Sitting, TableState, Event]):
    """The four Danish presets (vlk-2010, ensartede, schiellerup-1900, schwartz-1847), with the
    Pagatkop and Kongekop where the preset keeps them."""

    name = FAMILY
    title = "Danish Tarok"
    presets: Mapping[str, RuleSet] = PRESETS
    preset_names = PRESET_NAMES
    default_preset = DEFAULT_PRESET
    messages: Mapping[str, str] = DANISH_MESSAGES
    texts = TEXTS
    sitting_keys = SITTING_KEYS
    own_accounts: Mapping[str, str] = CUPS
    pages: Pages = PAGES
    seat_path = "table.{}"  # the Danish format's field paths (sitting-format.md)

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

    def table_sizes(self, rules: RuleSet) -> tuple[int, ...]:
        return TABLE_SIZES

    def validate_deal(self, deal: Deal, table: Sequence[str], rules: RuleSet, previous: Deal | None) -> list[Problem]:
        return validate_deal(deal, table, rules, previous.dealer if previous is not None else None)

    def validate_play(self, deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet) -> list[Problem]:
        """The deal against who dealt last, as the table state remembers."""
        return validate_deal(deal, table, rules, state.previous_dealer)

    def opening_problems(self, sitting: Sitting, rules: RuleSet, table_ok: bool) -> list[Problem]:
        """Carried cups in a preset without cups; checked at a table whose seats are sound."""
        if table_ok and not rules.cups and (sitting.cups.pagat or sitting.cups.king):
            return [self.problem(None, "cups", "no_cups_in_preset", preset=rules.preset)]
        return []

    def settle(
        self, deal: Deal, table: Sequence[str], state: TableState, rules: RuleSet
    ) -> tuple[list[Event], TableState]:
        """A funding event if a cup is empty, then the deal itself."""
        funding = fund(table, state.cups, rules)
        if funding is None:
            settled = settle_deal(deal, table, state.cups, rules)
            return [settled], TableState(settled.cups_after, deal.dealer)
        settled = settle_deal(deal, table, funding.cups_after, rules)
        return [funding, settled], TableState(settled.cups_after, deal.dealer)

    # --- the cups: the table's state and its accounts ---

    def table_accounts(self, rules: RuleSet) -> Mapping[str, str]:
        return CUPS if rules.cups else NO_ACCOUNTS

    def opening_state(self, sitting: Sitting) -> TableState:
        return TableState(sitting.cups)

    def state(self, accounts: Accounts, previous_dealer: str | None = None) -> TableState:
        return TableState(Cups(accounts.get(PAGAT_CUP, 0), accounts.get(KING_CUP, 0)), previous_dealer)

    def accounts(self, state: TableState) -> dict[str, int]:
        return {PAGAT_CUP: state.cups.pagat, KING_CUP: state.cups.king}

    def accounts_before(self, event: Event) -> dict[str, int]:
        return {PAGAT_CUP: event.cups_before.pagat, KING_CUP: event.cups_before.king}

    def accounts_after(self, event: Event) -> dict[str, int]:
        return {PAGAT_CUP: event.cups_after.pagat, KING_CUP: event.cups_after.king}

    def state_as_json(self, state: TableState) -> dict[str, Any]:
        return {"pagat": state.cups.pagat, "king": state.cups.king, "previous_dealer": state.previous_dealer}

    def state_from_json(self, data: Mapping[str, Any]) -> TableState:
        return TableState(Cups(data.get("pagat", 0), data.get("king", 0)), data.get("previous_dealer"))

    def holdings_in_record(self, data: Mapping[str, Any]) -> dict[str, int]:
        cups = data.get("cups") or {}
        return {PAGAT_CUP: cups.get("pagat", 0), KING_CUP: cups.get("king", 0)}

    def record_holdings(self, accounts: Accounts, rules: RuleSet) -> dict[str, Any]:
        return {"cups": {"pagat": accounts.get(PAGAT_CUP, 0), "king": accounts.get(KING_CUP, 0)}}

    def opening(self, table: Sequence[str], state: TableState, rules: RuleSet) -> tuple[list[Event], TableState]:
        """An empty cup is funded as the sitting starts (000 L69), as before any deal."""
        funding = fund(table, state.cups, rules)
        if funding is None:
            return [], state
        return [funding], state._replace(cups=funding.cups_after)

    def close(
        self, table: Sequence[str], state: TableState, rules: RuleSet, how: str, first_dealer: str
    ) -> tuple[Event, TableState]:
        closing = close(table, state.cups, rules, how, first_dealer)
        return closing, state._replace(cups=closing.cups_after)

    def event_dict(self, event: Event, table: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        return event.as_dict(table, rules.cups)


# The types it binds: mypy checks `Danish` against the protocol with them.
DANISH: Family[RuleSet, Deal, Sitting, TableState, Event] = Danish()


# The shared sitting loop bound to this family, for callers that know which family they hold.
check_sitting = functools.partial(sitting.check_sitting, DANISH)
settle_sitting = functools.partial(sitting.settle_sitting, DANISH)
replay = functools.partial(sitting.replay_with, DANISH)
play, settle = DANISH.play, DANISH.settle
