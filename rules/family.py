"""What a family of games provides to the shared core: the `Family` protocol.

A family is one package under `rules/` (Danish Tarok, Hungarian tarokk, …) and one line in
`rules.registry`. The core knows no game: it reads a sitting's envelope, picks the family that owns
the preset, and runs one sitting loop (`rules.sitting`) that asks the family for everything else —
its presets and overrides, its record reader, its checks, the table state it carries from deal to
deal and from sitting to sitting (the Danish cups, the Hungarian pot), the settlement of a deal, the
sitting's opening and close, its problem texts, what forms and schemas offer a member, and the
words a page shows for its settlements, its table's accounts and its records (`rules.texts`).

The types a family uses for its rule set, deal, sitting, table state and events are its own; the
protocol names them `Any` and promises only what the core and the club read of them:

- a rule set has `.preset` (its id);
- a sitting has `.ruleset`, `.overrides`, `.table` (names; an unreadable one is falsy), `.deals`
  (each with `.number` and `.dealer`) and `.close` (`"split"`, `"carry"` or None);
- an event has `.kind` ("funding", "deal" or "close"), `.items` (`rules.events.LineItem`s),
  `.number` (a deal's) and `.net(members)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .layout import Layout
from .pages import Pages
from .parameters import Parameter
from .problems import Problem
from .texts import Texts

Accounts = Mapping[str, int]  # a table's own accounts ("cup:pagat", "pot", …) -> points


@dataclass(frozen=True)
class Vocabulary:
    """The words of a family's records, for forms and schemas: the keys and the values they take."""

    games: Mapping[str, tuple[str, ...]]  # preset -> the contracts or games a deal may name ("" none)
    announcements: tuple[str, ...]  # what a player can announce or make (figures, melds)
    offences: tuple[str, ...]  # what a fine can be for
    words: Mapping[str, tuple[str, ...]]  # any other closed set of words a record uses, by name


class Family(Protocol):
    """A family of games: everything the shared sitting loop and the club ask of one."""

    name: str  # "danish", "hungarian": the key of its problem texts and of `rules.FAMILIES`
    title: str  # "Danish Tarok", in English
    presets: Mapping[str, Any]  # preset id -> its rule set
    default_preset: str  # what a record without `ruleset` plays (only the registry's first family's is used)
    messages: Mapping[str, str]  # its problem codes -> their message ids (`rules.texts`)
    sitting_keys: frozenset[str]  # the envelope keys of its sitting record
    texts: Texts  # what its settlements, accounts and records are called on a page (message ids)
    # Its table's own accounts ("cup:pagat", "pot") -> their kinds in the club's ledger ("pagat_cup",
    # "pot"): every account any of its rule sets posts to (`table_accounts`), each kind its own.
    ledger_kinds: Mapping[str, str]
    pages: Pages  # who played a deal, and what a member's page counts of it

    # --- presets and overrides ------------------------------------------------------------

    def resolve(self, preset: Any, overrides: Mapping[str, Any] | None = None) -> tuple[Any | None, list[Problem]]:
        """The rule set of `preset` with `overrides`, or None and every problem of them."""

    def ruleset(self, preset: str, overrides: Mapping[str, Any] | None = None) -> Any:
        """`resolve`, raising `InvalidRecord` instead of answering problems."""

    def parameters(self, preset: str) -> list[Parameter]:
        """What a season of `preset` may change, each with its default, meaning and seed line."""
        ...

    def vocabulary(self) -> Vocabulary:
        """The closed sets of words its records use."""

    def record_schema(self) -> Mapping[str, Any]:
        """The JSON Schema (draft 2020-12) of its deal record, `$defs` included: the shapes
        `parse_deal` reads without a shape problem. Read it, never change it."""

    def deal_layout(self, rules: Any, table: Sequence[str]) -> Layout:
        """The deal form of `rules` at `table`: what a scorer fills in and where it goes in the record."""

    # --- records and checks ---------------------------------------------------------------

    def parse_sitting(self, data: Any) -> tuple[Any | None, list[Problem]]:
        """A whole sitting record: the sitting (None if unreadable) and every shape problem."""

    def parse_deal(self, data: Any, number: int, problems: list[Problem]) -> Any | None:
        """One deal record numbered `number`: the deal, or None with its problems added to `problems`."""

    def validate_table(self, table: Sequence[str], rules: Any | None) -> list[Problem]:
        """The seats, against the preset where one is known."""

    def validate_deal(self, deal: Any, table: Sequence[str], rules: Any, previous: Any | None) -> list[Problem]:
        """Every problem of a read deal at this table; `previous` is the sitting's deal before it.
        The problems of one field come in the order they were found; across fields in no order
        (every caller sorts or groups them by field)."""

    def opening_problems(self, sitting: Any, rules: Any, table_ok: bool) -> list[Problem]:
        """What is wrong with what the sitting says the table held as it began."""

    # --- the table's state and settlement ---------------------------------------------------

    def table_accounts(self, rules: Any) -> tuple[str, ...]:
        """The names of the table's own accounts this rule set posts to (none, the cups, the pot)."""

    def opening_state(self, sitting: Any) -> Any:
        """The table state a sitting record begins with."""

    def state(self, accounts: Accounts, previous_dealer: str | None = None) -> Any:
        """The table state from what the table's accounts hold (and who dealt last)."""

    def accounts(self, state: Any) -> dict[str, int]:
        """What the table's accounts hold in `state`."""

    def accounts_before(self, event: Any) -> dict[str, int]:
        """What the table's accounts held before `event`."""

    def accounts_after(self, event: Any) -> dict[str, int]:
        """What the table's accounts hold after `event`."""

    def state_as_json(self, state: Any) -> dict[str, Any]:
        """The table state as a JSON object, to keep between deals."""

    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        """The table state back from `state_as_json`."""

    def holdings_in_record(self, data: Mapping[str, Any]) -> dict[str, int]:
        """What a sitting record's envelope says the table held as it began, by account."""

    def record_holdings(self, accounts: Accounts, rules: Any) -> dict[str, Any]:
        """The sitting-record envelope keys that say what the table holds (the inverse)."""

    def opening(self, table: Sequence[str], state: Any, rules: Any) -> tuple[list[Any], Any]:
        """The events of a sitting's start (a funding, where the game has one) and the state after."""

    def play(self, deal: Any, table: Sequence[str], state: Any, rules: Any) -> tuple[list[Any], Any]:
        """`validate_deal` at this state, then `settle`; raises `InvalidRecord` with every problem,
        sorted by field."""

    def settle(self, deal: Any, table: Sequence[str], state: Any, rules: Any) -> tuple[list[Any], Any]:
        """The events of one validated deal and the state after it."""

    def close(self, table: Sequence[str], state: Any, rules: Any, how: str, first_dealer: str) -> tuple[Any, Any]:
        """The close event of a sitting (`how` is "split" or "carry") and the state after it."""

    def event_dict(self, event: Any, table: Sequence[str], rules: Any) -> dict[str, Any]:
        """The event as `python -m rules replay` prints it; a deal's `net` lists every member of
        `table` (the sitting's balances sum it member by member)."""
