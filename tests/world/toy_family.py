"""A third family of games, Coin, for the proof that a family is one package: each deal one member
wins `stake` from each other member. It keeps no table accounts and no statistics of its own (the base family's defaults), and
declares its deal form (`rules.layout`) and its record's JSON Schema as data like the real families;
the fixture `toy_family` puts it in the registry for one test, so the club's form, sheet, pages and
API serve it with no line of their own."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence

import pytest

import rules
from club import families
from rules import layout, texts
from rules.envelope import Reader
from rules.family import BaseFamily
from rules.problems import problem
from rules.schema import DIALECT, NAME, closed_object, optional, ref


class CoinRules:
    def __init__(self, preset: str, stake: int):
        self.preset, self.stake = preset, stake


class CoinDeal:
    def __init__(self, number: int, dealer: str, winner: str | None):
        self.number, self.dealer, self.winner = number, dealer, winner


class CoinEvent:
    def __init__(self, kind: str, items: tuple[rules.LineItem, ...], number: int | None = None):
        self.kind, self.items, self.number = kind, items, number

    def net(self, members: Sequence[str]) -> dict[str, int]:
        return rules.events.net_of(self.items, members)


class CoinSitting:
    def __init__(self, ruleset: str, table: tuple[str, ...], deals: list[CoinDeal], close: str | None):
        self.ruleset, self.overrides, self.table, self.deals, self.close = ruleset, {}, table, deals, close


RECORD_SCHEMA = {
    "$schema": DIALECT,
    "title": "Coin deal",
    "description": "One deal of Coin: who dealt, and who won the stake from each other member.",
    **closed_object({"dealer": NAME, "winner": optional(ref("Winner"))}, ("dealer",)),
    "$defs": {"Winner": NAME | {"description": "Who wins the stake from each other member."}},
}

PHRASES = {
    key: texts.same(key)
    for key in ("holdings", "before", "after", "split", "carry", "carried", "funding", "funding_before")
}


class Coin(BaseFamily):
    """Everything the base family does not default: presets, the record, its check, its settlement."""

    name = "coin"
    title = "Coin"
    default_preset = "coin"
    sitting_keys = frozenset(("ruleset", "table", "deals", "close", "date"))
    texts = texts.Texts(accounts={}, rules={"win": texts.same("Win")}, phrases=PHRASES, words={}, fields={})

    def __init__(self):
        self.presets = {"coin": CoinRules("coin", 2)}

    def resolve(self, preset, overrides=None):
        if preset not in self.presets:
            return None, [problem(None, "ruleset", "unknown_ruleset", value=preset, choices="coin")]
        return self.presets[preset], []

    def table_sizes(self, rules_):
        return (2, 3, 4, 5)

    def record_schema(self):
        return RECORD_SCHEMA

    def deal_layout(self, rules_, table):
        """Who dealt, and who won: two rows of buttons."""
        fields = (
            layout.Field("dealer", layout.BUTTONS, "Dealer", ("dealer",), seats=True, required=True, always=True),
            layout.Field("winner", layout.BUTTONS, "Winner", ("winner",), seats=True),
        )
        return layout.Layout(
            (layout.Group(layout.BOX, "coin", ("Coin",), (layout.Row(fields),)),),
            rotations={dealer: {"dealer": dealer} for dealer in table},
            after={dealer: table[(table.index(dealer) + 1) % len(table)] for dealer in table},
            roles={"dealer": "Dealer"},
            sits_out="",
        )

    def parse_sitting(self, data):
        deals = [self.parse_deal(d, n, []) for n, d in enumerate(data["deals"], 1)]
        return CoinSitting(data["ruleset"], tuple(data["table"]), deals, data.get("close")), []

    def parse_deal(self, data, number, problems):
        """The shapes of `RECORD_SCHEMA`; who sits at the table is validation's question."""
        read, found = Reader(number, problems), len(problems)
        if not isinstance(data, Mapping):
            data = {}
        read.known_keys(data, RECORD_SCHEMA["properties"], "")
        if read.required(data, "dealer", "dealer", texts.gettext_noop("The dealer")):
            read.name(data["dealer"], "dealer")
        read.name(data.get("winner"), "winner")
        if len(problems) > found:
            return None
        return CoinDeal(number, data["dealer"], data.get("winner"))

    def validate_deal(self, deal, table, rules_, previous):
        if deal.winner is None:
            return [problem(deal.number, "winner", "required", what=texts.gettext_noop("The winner"))]
        if deal.winner not in table:
            return [problem(deal.number, "winner", "not_at_table", player=deal.winner)]
        return []

    def settle(self, deal, table, state, rules_):
        postings = {member: -rules_.stake for member in table if member != deal.winner}
        postings[deal.winner] = rules_.stake * (len(table) - 1)
        item = rules.LineItem(rule="win", ref="coin L1", postings=postings)
        return [CoinEvent("deal", (item,), deal.number)], state

    def close(self, table, state, rules_, how, first_dealer):
        return CoinEvent("close", ()), state


COIN = Coin()


@pytest.fixture
def toy_family(monkeypatch):
    """Coin in the registry, for one test: the rules' and the club's."""
    monkeypatch.setattr(rules.registry, "FAMILIES", (*rules.registry.FAMILIES, COIN))
    monkeypatch.setattr(rules, "FAMILIES", rules.registry.FAMILIES)  # the package's name for it: the API's schema
    by_preset = importlib.import_module("rules.replay")  # the module: the package's `replay` is its function
    monkeypatch.setattr(by_preset, "_BY_PRESET", {**by_preset._BY_PRESET, "coin": COIN})
    club_family = families.Family(COIN)
    monkeypatch.setattr(families, "FAMILIES", (*families.FAMILIES, club_family))
    monkeypatch.setattr(families, "_BY_NAME", {**families._BY_NAME, "coin": club_family})
    return COIN
