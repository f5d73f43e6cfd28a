"""What a family of games provides to the shared core: the `Family` protocol.

A family is one package under `rules/` (Danish Tarok, Hungarian tarokk, …) and one line in
`rules.registry`. The core knows no game: it reads a sitting's envelope, picks the family that owns
the preset, and runs one sitting loop (`rules.sitting`) that asks the family for everything else —
its presets and overrides, its record reader, its checks, the table state it carries from deal to
deal and from sitting to sitting (the Danish cups, the Hungarian pot), the settlement of a deal, the
sitting's opening and close, its problem texts, what forms and schemas offer a member, and the
words a page shows for its settlements, its table's accounts and its records (`rules.texts`).

`Family` is two protocols in one: `Engine`, what the sitting loop and the club's settling ask (records,
checks, table state, events), and `Presentation`, what forms, schemas and pages ask (texts, layout,
pages, vocabulary, parameters). The types a family uses for its rule set, deal, sitting, table state
and event are its own: the protocols take them as type parameters, and a family declares which it
binds (`DANISH: Family[RuleSet, Deal, Sitting, TableState, Event]`), so mypy checks every method of
it against the protocol and a caller holding one family sees its own types. The core reads of them
only what `RuleSetLike`, `DealLike`, `SittingLike` and `EventLike` declare.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from .events import LineItem
from .layout import Layout
from .pages import Pages
from .parameters import Parameter
from .problems import InvalidRecord, Problem, family_problem_maker
from .texts import Phrase, Text, Texts, gettext_noop, phrase

Accounts = Mapping[str, int]  # a table's own accounts ("cup:pagat", "pot", …) -> points
NO_ACCOUNTS: Mapping[str, str] = MappingProxyType({})  # the table accounts of a game that keeps none


class RuleSetLike(Protocol):
    """What the core reads of a rule set."""

    @property
    def preset(self) -> str: ...  # its id: "vlk-2010", "paskievics"


class DealLike(Protocol):
    """What the core reads of a read deal."""

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> str: ...


DealT_co = TypeVar("DealT_co", bound=DealLike, covariant=True)


class SittingLike(Protocol[DealT_co]):
    """What the core reads of a read sitting record: its envelope, and its deals."""

    @property
    def ruleset(self) -> str: ...  # the preset it plays

    @property
    def overrides(self) -> Mapping[str, Any]: ...

    @property
    def table(self) -> Sequence[str]: ...  # the seats' names; an unreadable one is falsy

    @property
    def deals(self) -> Sequence[DealT_co]: ...

    @property
    def close(self) -> str | None: ...  # how it closes ("split", "carry", the family's word) or None


class EventLike(Protocol):
    """What the core and the club read of an event."""

    @property
    def kind(self) -> str: ...  # "funding", "deal" or "close"

    @property
    def items(self) -> Sequence[LineItem]: ...

    @property
    def number(self) -> int | None: ...  # a deal's

    def net(self, members: Sequence[str]) -> dict[str, int]: ...


RuleSetT = TypeVar("RuleSetT", bound=RuleSetLike)
RuleSetT_contra = TypeVar("RuleSetT_contra", bound=RuleSetLike, contravariant=True)
DealT = TypeVar("DealT", bound=DealLike)
# A bound cannot name another type parameter, so the loop takes a sitting's deals as its family's
# deals (`rules.sitting`); each family's declaration checks that they are.
SittingT = TypeVar("SittingT", bound=SittingLike[Any])
StateT = TypeVar("StateT")  # a family's table state: the core only carries it from deal to deal
EventT = TypeVar("EventT", bound=EventLike)


class Marks(NamedTuple):
    """A member's marks on the game's own paper sheet (the Slovenian radelci): those he holds,
    drawn open, and those crossed off, drawn struck through."""

    held: int
    crossed_off: int


@dataclass(frozen=True)
class Vocabulary:
    """The words of a family's records, for forms and schemas: the keys and the values they take."""

    games: Mapping[str, tuple[str, ...]]  # preset -> the contracts or games a deal may name ("" none)
    announcements: tuple[str, ...]  # what a player can announce or make (figures, melds)
    offences: tuple[str, ...]  # what a fine can be for
    words: Mapping[str, tuple[str, ...]]  # any other closed set of words a record uses, by name


class Engine(Protocol[RuleSetT, DealT, SittingT, StateT, EventT]):
    """What the sitting loop (`rules.sitting`) and the club's settling ask of a family."""

    name: str  # "danish", "hungarian": the key of its problem texts and of `rules.FAMILIES`
    presets: Mapping[str, RuleSetT]  # preset id -> its rule set
    default_preset: str  # what a record without `ruleset` plays (only the registry's first family's is used)
    sitting_keys: frozenset[str]  # the envelope keys of its sitting record
    # Its table's own accounts, each declared once: the engine's name ("cup:pagat", "pot") -> its
    # kind in the club's ledger ("pagat_cup", "pot"); every account any of its rule sets keeps.
    own_accounts: Mapping[str, str]

    # --- presets and overrides ------------------------------------------------------------

    def resolve(self, preset: Any, overrides: Mapping[str, Any] | None = None) -> tuple[RuleSetT | None, list[Problem]]:
        """The rule set of `preset` with `overrides`, or None and every problem of them."""

    def ruleset(self, preset: str, overrides: Mapping[str, Any] | None = None) -> RuleSetT:
        """`resolve`, raising `InvalidRecord` instead of answering problems."""

    # --- records and checks ---------------------------------------------------------------

    def parse_sitting(self, data: Any) -> tuple[SittingT | None, list[Problem]]:
        """A whole sitting record: the sitting (None if unreadable) and every shape problem."""

    def parse_deal(self, data: Any, number: int, problems: list[Problem]) -> DealT | None:
        """One deal record numbered `number`: the deal, or None with its problems added to `problems`."""

    def table_sizes(self, rules: RuleSetT) -> tuple[int, ...]:
        """How many members a table of `rules` seats, smallest first."""

    def validate_table(self, table: Sequence[str], rules: RuleSetT | None) -> list[Problem]:
        """The seats, against the preset where one is known."""

    def validate_deal(
        self, deal: DealT, table: Sequence[str], rules: RuleSetT, previous: DealT | None
    ) -> list[Problem]:
        """Every problem of a read deal at this table; `previous` is the sitting's deal before it.
        The problems of one field come in the order they were found; across fields in no order
        (every caller sorts or groups them by field)."""

    def opening_problems(self, sitting: SittingT, rules: RuleSetT, table_ok: bool) -> list[Problem]:
        """What is wrong with what the sitting says the table held as it began."""

    # --- the table's state and settlement ---------------------------------------------------

    def table_accounts(self, rules: RuleSetT) -> Mapping[str, str]:
        """The part of `own_accounts` this rule set posts to (none, the cups, the pot): name -> ledger kind."""

    def opening_state(self, sitting: SittingT) -> StateT:
        """The table state a sitting record begins with."""

    def state(self, accounts: Accounts, previous_dealer: str | None = None) -> StateT:
        """The table state from what the table's accounts hold (and who dealt last)."""

    def accounts(self, state: StateT) -> dict[str, int]:
        """What the table's accounts hold in `state`."""

    def accounts_before(self, event: EventT) -> dict[str, int]:
        """What the table's accounts held before `event`."""

    def accounts_after(self, event: EventT) -> dict[str, int]:
        """What the table's accounts hold after `event`."""

    def state_as_json(self, state: StateT) -> dict[str, Any]:
        """The table state as a JSON object, to keep between deals."""

    def state_from_json(self, data: Mapping[str, Any]) -> StateT:
        """The table state back from `state_as_json`."""

    def holdings_in_record(self, data: Mapping[str, Any]) -> dict[str, int]:
        """What a sitting record's envelope says the table held as it began, by account."""

    def record_holdings(self, accounts: Accounts, rules: RuleSetT) -> dict[str, Any]:
        """The sitting-record envelope keys that say what the table holds (the inverse)."""

    def opening(self, table: Sequence[str], state: StateT, rules: RuleSetT) -> tuple[list[EventT], StateT]:
        """The events of a sitting's start (a funding, where the game has one) and the state after."""

    def play(self, deal: DealT, table: Sequence[str], state: StateT, rules: RuleSetT) -> tuple[list[EventT], StateT]:
        """`validate_deal` at this state, then `settle`; raises `InvalidRecord` with every problem,
        sorted by field."""

    def settle(self, deal: DealT, table: Sequence[str], state: StateT, rules: RuleSetT) -> tuple[list[EventT], StateT]:
        """The events of one validated deal and the state after it."""

    def close(
        self, table: Sequence[str], state: StateT, rules: RuleSetT, how: str, first_dealer: str
    ) -> tuple[EventT, StateT]:
        """The close event of a sitting (`how`: "split" or "carry", or the family's own word, as its
        sitting record's `close` says) and the state after it."""

    def record_close(self, how: str) -> Any:
        """A sitting record's `close` for a sitting closed `how` ("split", "carry"): the value its
        format writes there (the inverse of `SittingLike.close`)."""

    def event_dict(self, event: EventT, table: Sequence[str], rules: RuleSetT) -> dict[str, Any]:
        """The event as `python -m rules replay` prints it; a deal's `net` lists every member of
        `table` (the sitting's balances sum it member by member)."""

    def sheet(self, state: StateT, table: Sequence[str], rules: RuleSetT) -> dict[str, Any]:
        """What the replay's answer adds beside the balances about the table's own sheet at the
        end (the Slovenian running totals and radelci); {} where the ledger is the whole story."""

    def marks(self, state: StateT, table: Sequence[str], rules: RuleSetT) -> dict[str, Marks]:
        """Each member's marks on the game's own sheet in `state`; {} for a game that draws none.
        A family that draws them names them in its `texts.phrases["marks"]`."""


class Presentation(Protocol[RuleSetT_contra]):
    """What forms, schemas and pages ask of a family: its words, its deal form, its pages."""

    title: str  # "Danish Tarok", in English
    preset_names: Mapping[str, str]  # each preset as players name it ("Királyhívó"), in every language
    messages: Mapping[str, str]  # its problem codes -> their message ids (`rules.texts`)
    texts: Texts  # what its settlements, accounts and records are called on a page (message ids)
    pages: Pages  # who played a deal, and what a member's page counts of it

    def parameters(self, preset: str) -> list[Parameter]:
        """What a season of `preset` may change, each with its default, meaning and seed line."""
        ...

    def vocabulary(self) -> Vocabulary:
        """The closed sets of words its records use."""

    def record_schema(self) -> Mapping[str, Any]:
        """The JSON Schema (draft 2020-12) of its deal record, `$defs` included: the shapes
        `parse_deal` reads without a shape problem. Read it, never change it."""

    def deal_layout(self, rules: RuleSetT_contra, table: Sequence[str]) -> Layout:
        """The deal form of `rules` at `table`: what a scorer fills in and where it goes in the record."""


class Family(
    Engine[RuleSetT, DealT, SittingT, StateT, EventT],
    Presentation[RuleSetT],
    Protocol[RuleSetT, DealT, SittingT, StateT, EventT],
):
    """A family of games: everything the shared sitting loop and the club ask of one."""


# Any family, whichever types it binds: what the registry lists and a caller that picks one by preset holds.
AnyFamily = Family[Any, Any, Any, Any, Any]


class BaseFamily(Generic[RuleSetT, DealT, SittingT, StateT, EventT]):
    """A family with the core's defaults: a family's package subclasses it and writes only what is
    its own (as a payment provider subclasses pretix's `BasePaymentProvider`).

    What a family must write: its attributes (`name`, `title`, `presets`, `default_preset`,
    `sitting_keys`, `texts`), `resolve`, `parse_sitting`, `parse_deal`, `table_sizes`,
    `validate_deal`, `settle`, `close`, `record_schema` and `deal_layout`. The rest has a default:
    `ruleset` and `play` once for every family, the table check (`validate_table`: the table's
    size, no member twice, none called like one of the table's accounts), and the state plumbing of
    a family whose table keeps no account (its state starts empty and holds nothing a page shows).
    """

    name: str
    title: str
    presets: Mapping[str, RuleSetT]
    default_preset: str
    sitting_keys: frozenset[str]
    texts: Texts
    preset_names: Mapping[str, str] = MappingProxyType({})  # a preset without a name shows its id
    messages: Mapping[str, str] = MappingProxyType({})
    own_accounts: Mapping[str, str] = NO_ACCOUNTS
    pages: Pages = Pages()
    # How a seat's field path is written in a problem: "table[2]" (the Danish format writes "table.2").
    seat_path = "table[{}]"

    def problem(self, deal: int | None, field: str, code: str, **params: Any) -> Problem:
        """A problem of this family's records: its own texts first, then the core's."""
        return family_problem_maker(self.name)(deal, field, code, **params)

    # --- presets and overrides ------------------------------------------------------------

    def resolve(self, preset: Any, overrides: Mapping[str, Any] | None = None) -> tuple[RuleSetT | None, list[Problem]]:
        raise NotImplementedError

    def ruleset(self, preset: str, overrides: Mapping[str, Any] | None = None) -> RuleSetT:
        resolved, problems = self.resolve(preset, overrides)
        if resolved is None:
            raise InvalidRecord(problems)
        return resolved

    def parameters(self, preset: str) -> list[Parameter]:
        return []  # a season changes nothing of the preset

    # --- the table ------------------------------------------------------------------------

    def table_sizes(self, rules: RuleSetT) -> tuple[int, ...]:
        raise NotImplementedError

    def _sizes(self, rules: RuleSetT | None) -> tuple[int, ...]:
        """The table sizes of `rules`; of an unknown rule set, the sizes every preset agrees on."""
        if rules is not None:
            return self.table_sizes(rules)
        agreed = {self.table_sizes(preset) for preset in self.presets.values()}
        return agreed.pop() if len(agreed) == 1 else ()

    def reserved_name(self, member: str) -> bool:
        """Whether no member may be called `member`: the name of one of the table's accounts."""
        return member in self.own_accounts

    def validate_table(self, table: Sequence[str], rules: RuleSetT | None) -> list[Problem]:
        """The seats: as many as the game seats, none twice, none a table account's name. A name
        that could not be read (None or "") has its problem already and is not compared."""
        problems = []
        sizes = self._sizes(rules)
        if sizes and len(table) not in sizes:
            preset = rules.preset if rules is not None else ""
            said = _either([str(size) for size in sizes])
            problems.append(self.problem(None, "table", "table_size", count=len(table), preset=preset, sizes=said))
        seen: set[str] = set()
        for i, member in enumerate(table):
            if not member:
                continue
            if self.reserved_name(member):
                problems.append(self.problem(None, self.seat_path.format(i), "reserved_name", player=member))
            if member in seen:
                problems.append(self.problem(None, self.seat_path.format(i), "duplicate_member", player=member))
            seen.add(member)
        return problems

    def opening_problems(self, sitting: SittingT, rules: RuleSetT, table_ok: bool) -> list[Problem]:
        return []  # a sitting of a game without table accounts begins with nothing to check

    # --- a deal ---------------------------------------------------------------------------

    def validate_deal(
        self, deal: DealT, table: Sequence[str], rules: RuleSetT, previous: DealT | None
    ) -> list[Problem]:
        raise NotImplementedError

    def validate_play(self, deal: DealT, table: Sequence[str], state: StateT, rules: RuleSetT) -> list[Problem]:
        """`validate_deal` at this table state (the Danish state knows who dealt last)."""
        return self.validate_deal(deal, table, rules, None)

    def play(self, deal: DealT, table: Sequence[str], state: StateT, rules: RuleSetT) -> tuple[list[EventT], StateT]:
        problems = self.validate_play(deal, table, state, rules)
        if problems:
            raise InvalidRecord(sorted(problems, key=lambda p: p.field))  # by field, as `check_deal` gives them
        return self.settle(deal, table, state, rules)

    def settle(self, deal: DealT, table: Sequence[str], state: StateT, rules: RuleSetT) -> tuple[list[EventT], StateT]:
        raise NotImplementedError

    # --- the table's state: by default a game whose table keeps no account ------------------

    def table_accounts(self, rules: RuleSetT) -> Mapping[str, str]:
        return self.own_accounts

    def state(self, accounts: Accounts, previous_dealer: str | None = None) -> StateT:
        return None  # type: ignore[return-value]  # a family that carries nothing from deal to deal

    def opening_state(self, sitting: SittingT) -> StateT:
        return self.state({})

    def accounts(self, state: StateT) -> dict[str, int]:
        return {}

    def accounts_before(self, event: EventT) -> dict[str, int]:
        return {}

    def accounts_after(self, event: EventT) -> dict[str, int]:
        return {}

    def state_as_json(self, state: StateT) -> dict[str, Any]:
        return {}

    def state_from_json(self, data: Mapping[str, Any]) -> StateT:
        return self.state({})

    def holdings_in_record(self, data: Mapping[str, Any]) -> dict[str, int]:
        return {}

    def record_holdings(self, accounts: Accounts, rules: RuleSetT) -> dict[str, Any]:
        return {}

    def opening(self, table: Sequence[str], state: StateT, rules: RuleSetT) -> tuple[list[EventT], StateT]:
        return [], state  # nothing is funded as a sitting starts

    def close(
        self, table: Sequence[str], state: StateT, rules: RuleSetT, how: str, first_dealer: str
    ) -> tuple[EventT, StateT]:
        raise NotImplementedError

    def record_close(self, how: str) -> Any:
        return how

    def event_dict(self, event: EventT, table: Sequence[str], rules: RuleSetT) -> dict[str, Any]:
        """The event's kind, its deal's number, its line items and each member's net."""
        shown: dict[str, Any] = {"kind": event.kind}
        if event.number is not None:
            shown["number"] = event.number
        return shown | {"items": list(event.items), "net": event.net(table)}

    def sheet(self, state: StateT, table: Sequence[str], rules: RuleSetT) -> dict[str, Any]:
        return {}  # the ledger is the whole story

    def marks(self, state: StateT, table: Sequence[str], rules: RuleSetT) -> dict[str, Marks]:
        return {}  # no marks beside the totals

    # --- presentation ---------------------------------------------------------------------

    def vocabulary(self) -> Vocabulary:
        """No closed set of words beyond a member's name; no contract named."""
        return Vocabulary(games={preset: () for preset in self.presets}, announcements=(), offences=(), words={})

    def record_schema(self) -> Mapping[str, Any]:
        raise NotImplementedError

    def deal_layout(self, rules: RuleSetT, table: Sequence[str]) -> Layout:
        raise NotImplementedError


def _either(sizes: list[str]) -> Text | Phrase:
    """ "4 or 5" in words, or the one size there is."""
    said: Text | Phrase = sizes[0]
    for size in sizes[1:]:
        said = phrase(gettext_noop("{some} or {last}"), some=said, last=size)
    return said
