"""The families of games a season can play (`rules.FAMILIES`), behind one small interface for
`club.services`.

A season's preset names its family (`rules.family_of`). Services load a sitting, ask its family for
the table state, let the family settle, and post the events; every difference between the families
is behind the `rules.Family` protocol, and nothing here names one.

A table's own accounts are held as a mapping from the engine's account names ("cup:pagat",
"cup:king", "pot") to points — `club.services.bookkeeping.table_balances` answers in that shape.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.utils.functional import lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

import rules
from rules import texts as rules_texts
from rules.parameters import Parameter

Held = Mapping[str, int]  # a table's own accounts by engine name -> points


def language() -> str:
    """The page's interface language as the families write their texts: "da", "en", "hu", "sl"."""
    return (get_language() or settings.LANGUAGE_CODE).split("-")[0]


def _in_language(say: Callable[[str], str]) -> Any:
    """A family's text, in the language of the page it ends up on (resolved when shown)."""
    return lazy(lambda: say(language()), str)()


@dataclass(frozen=True)
class TableAccount:
    """One of a table's own accounts as the pages show it."""

    name: str  # the engine's account name: "cup:pagat", "cup:king", "pot"
    kind: str  # "cup" or "pot": pages mark its figure data-cup="pagat", data-pot="pot"
    key: str  # "pagat", "king", "pot"
    group: str  # "cups" or "pot": the score sheet's line of them is #cups-now or #pot-now
    label: Any  # the game's word: Pagatkop, Kongekop, kassza
    short: str  # the score sheet's column head
    title: Any = ""  # what the word means, for an <abbr> where the game's word needs one

    @classmethod
    def of(cls, name: str, texts: rules_texts.Texts) -> TableAccount:
        kind, _colon, key = name.partition(":")
        account = texts.accounts[name]
        meaning = account.meaning
        return cls(
            name,
            kind,
            key or kind,
            "cups" if kind == "cup" else kind,
            _in_language(lambda lang: texts.account(name, lang)),
            account.short,
            _in_language(lambda lang: rules_texts.say(meaning, lang)) if meaning else "",
        )


@dataclass(frozen=True)
class Holding:
    account: TableAccount
    points: int


@dataclass(frozen=True)
class Stat:
    """One figure of a member's page: a stable key (the page marks it data-stat="key")."""

    key: str
    label: Any
    value: int | float | None  # None: nothing to average yet
    decimals: int = 0


def _words(vocabulary: rules.Vocabulary) -> SimpleNamespace:
    """The closed sets of words of a family's records, by name, for forms and schemas."""
    contracts = sorted({contract for games in vocabulary.games.values() for contract in games})
    return SimpleNamespace(
        **vocabulary.words,
        offences=vocabulary.offences,
        announcements=vocabulary.announcements,
        figures=vocabulary.announcements,
        contracts=tuple(contracts),
    )


class Family:
    """What the club's pages and services add to one family of games: its words in the page's
    language, its table's accounts as pages show them. Everything else, services ask the rules family
    itself (`rules_family`, a `rules.Family`); it does the arithmetic."""

    def __init__(self, family: rules.AnyFamily):
        self.rules_family = family
        self.name = family.name
        self.pages = family.pages
        self.words = _words(family.vocabulary())
        self.texts = family.texts
        self.table_accounts = {name: TableAccount.of(name, family.texts) for name in family.own_accounts}
        # A settlement's and a close's lines of the table's accounts: "Kopper før", "A kassza".
        self.holdings_label, self.before_label, self.after_label = (
            self.phrase(key) for key in ("holdings", "before", "after")
        )
        self.stat_cards = self.pages.stat_cards
        # The melds a member's page counts, each by its words.
        self.meld_kinds = tuple((kind, _(label)) for kind, label in self.pages.meld_kinds)

    def seat_counts(self, ruleset: Any, most: int) -> tuple[int, ...]:
        """How many may sit down at a table of this game (up to `most`), as the family declares."""
        return tuple(count for count in self.rules_family.table_sizes(ruleset) if count <= most)

    def opening(self, names: Sequence[str], held: Held, ruleset: Any) -> Any | None:
        """The event that funds the table as a sitting starts, if any."""
        events, _state = self.rules_family.opening(names, self.rules_family.state(held), ruleset)
        return events[0] if events else None

    def held_after(self, event_or_state: Any) -> dict[str, int]:
        """What the table's accounts hold after an event (or in a table state)."""
        if hasattr(event_or_state, "items"):  # an event
            return self.rules_family.accounts_after(event_or_state)
        return self.rules_family.accounts(event_or_state)

    def close(
        self, names: Sequence[str], held: Held, ruleset: Any, how: str, first_dealer: str, state: Any = None
    ) -> Any:
        """The close event of a sitting whose table holds `held`; `state`, the table state kept with
        the sitting, where the caller has it (a family's state may hold more than its accounts: the
        radelci of Slovenian tarok are in no account)."""
        if state is None:
            state = self.rules_family.state(held)
        closing, _state = self.rules_family.close(names, state, ruleset, how, first_dealer)
        return closing

    # -- what the club's pages ask -----------------------------------------------------------

    def accounts(self, ruleset: Any) -> tuple[TableAccount, ...]:
        """The table's own accounts this game keeps, as the pages show them (maybe none)."""
        return tuple(self.table_accounts[name] for name in self.rules_family.table_accounts(ruleset))

    def keeps(self, ruleset: Any) -> str:
        """What the game's table keeps from deal to deal, so what a close splits or carries:
        "cups", "pot", or "" (nothing: Schwartz 1847, Magyar, Királyhívó, a Paskievics without
        its ultimókassza)."""
        return next((account.group for account in self.accounts(ruleset)), "")

    def may_keep(self, parameters: Sequence[Parameter]) -> bool:
        """Whether a season may switch one of the family's table accounts on ("pot" in Paskievics
        and Tapper): a parameter named after the account."""
        keys = {account.key for account in self.table_accounts.values()}
        return any(parameter.name in keys for parameter in parameters)

    def close_phrase(self, how: str, ruleset: Any) -> Any:
        """What a close does ("split the cups among the table"), or that the game keeps nothing to split."""
        if self.keeps(ruleset):
            return self.phrase(how)
        # A game that keeps no account may still settle something at the close (its `close` phrase:
        # the Slovenian radelci still held).
        return self.phrase("close") if "close" in self.texts.phrases else NOTHING_TO_SPLIT

    def holdings(self, held: Held, ruleset: Any) -> list[Holding]:
        """What each of the game's own accounts holds; accounts of another game are not shown."""
        return [Holding(account, held.get(account.name, 0)) for account in self.accounts(ruleset)]

    def describe_holdings(self, held: Held, ruleset: Any) -> str:
        """The holdings in words, for a message: "Pagatkop 50 and Kongekop 0"."""
        return str(_(" and ")).join(f"{h.account.label} {h.points}" for h in self.holdings(held, ruleset))

    def describe_state(self, state: Mapping[str, Any]) -> str:
        """A table state as kept (JSON), for an operator: what the game's accounts hold, by their
        names ("Pagatkop 85"), then everything else it keeps by the engine's own key
        ("previous_dealer Anna", "radelci {...}")."""
        if not state:
            return str(_("nothing"))
        engine = self.rules_family
        held = engine.accounts(engine.state_from_json(state))
        parts = [f"{self.table_accounts[name].label} {points}" for name, points in held.items()]
        # The keys that hold the accounts' figures: those a state made of the accounts alone writes.
        figures = {key for key, value in engine.state_as_json(engine.state(held)).items() if isinstance(value, int)}
        for key, value in state.items():
            if value is None or key in figures:
                continue
            shown = value if isinstance(value, (int, str)) else json.dumps(value, ensure_ascii=False, sort_keys=True)
            parts.append(f"{key} {shown}")
        return ", ".join(parts)

    def phrase(self, key: str, **values: Any) -> Any:
        """One of the family's sentences or headings (`rules.texts.Texts.phrases`), lazily."""
        return _in_language(lambda lang: self.texts.phrase(key, lang, **values))

    def rule_name(self, rule: str) -> str:
        """A settlement line's rule as a short name: "Giverens indskud", "kassza →"."""
        return self.texts.rule(rule, language())

    def account_name(self, name: str) -> str:
        """A table account's name ("Pagatkop", "kassza"); a member's account is its member's name."""
        return self.texts.account(name, language())

    def term(self, word: str) -> Any:
        """A word of the family's records in the language of the page it ends up on, lazily (for
        a form's choices, made once): the same word the family's other pages use."""
        return _in_language(lambda lang: self.texts.word(word, lang))

    def word(self, word: Any) -> str:
        """A word of the family's records in the page's language: "tabt", "tulétroá"."""
        return self.texts.word(word, language())

    def field_name(self, path: str) -> str:
        """A record's field by its dotted path, in words: "meldinger · Carl · tarokker"."""
        return self.texts.field(path, language())

    def describe_record(self, record: Any) -> list[str]:
        """A deal record as a scorer would say it, one sentence per part."""
        return self.texts.describe(record, language())

    def stat_rows(self, counts: Any) -> list[Stat]:
        return [Stat(row.key, _(row.label), row.value, row.decimals) for row in self.pages.stat_rows(counts)]


NOTHING_TO_SPLIT = _("nothing to split: the game keeps no cups and no pot")

FAMILIES = tuple(Family(family) for family in rules.FAMILIES)
_BY_NAME = {family.name: family for family in FAMILIES}


def of(preset: Any) -> Family:
    """The family a preset id belongs to; an unknown one is the first family's to refuse."""
    return _BY_NAME[rules.family_of(preset).name]


def preset_name(preset: str) -> str:
    """A rule set's name as players say it ("Királyhívó"), as its family names it; an unknown id
    as it is. The same in every language."""
    return of(preset).rules_family.preset_names.get(preset, preset)


def is_preset(preset: Any) -> bool:
    """Whether some family plays `preset`."""
    return isinstance(preset, str) and preset in of(preset).rules_family.presets


def preset_choices() -> list[tuple[str, str]]:
    """Every preset of every family, for a season's choice (grouped by family), by its name."""
    return [(p, preset_name(p)) for family in FAMILIES for p in family.rules_family.presets]


def cups() -> tuple[TableAccount, ...]:
    """Every cup a table may keep, of every family: a table serves the seasons of any family in turn."""
    return tuple(account for family in FAMILIES for account in family.table_accounts.values() if account.kind == "cup")


def table_account_name(name: str) -> str:
    """A table account's name ("Pagatkop", "kassza") from the family that keeps it."""
    keeper = next((family for family in FAMILIES if name in family.rules_family.own_accounts), FAMILIES[0])
    return keeper.account_name(name)


DEFAULT_PRESET = rules.FAMILIES[0].default_preset  # what a record without `ruleset` plays
