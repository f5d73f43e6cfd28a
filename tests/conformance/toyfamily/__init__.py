"""Kasse, a toy family used only by the tests: proof that a family is one package on the base family
(`rules.family.BaseFamily`) and one line in the registry, with no code in `club/`.

Three members at a table; each deal one of them declares and wins or loses `stake` (2) from each
opponent; a lost game also pays 1 into the table's kasse (a table account of its own). A sitting's
close "split" pays the kasse out to the members in equal shares (what cannot be shared stays);
"carry" keeps it for the next sitting.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import rules
from rules import layout, texts
from rules.envelope import Reader
from rules.events import net_of
from rules.family import BaseFamily
from rules.problems import InvalidRecord, problem
from rules.schema import DIALECT, NAME, closed_object

KASSE = "kasse"


@dataclass(frozen=True)
class KasseRules:
    preset: str
    stake: int


@dataclass(frozen=True)
class KasseDeal:
    number: int
    dealer: str
    declarer: str
    won: bool


@dataclass
class KasseSitting:
    ruleset: str
    table: tuple[str, ...]
    deals: list[KasseDeal]
    close: str | None
    kasse: int = 0
    overrides: Mapping[str, Any] = ()  # type: ignore[assignment]


@dataclass(frozen=True)
class KasseEvent:
    kind: str
    items: tuple[rules.LineItem, ...]
    kasse_before: int
    kasse_after: int
    number: int | None = None

    def net(self, members):
        return net_of(self.items, members)


RECORD_SCHEMA = {
    "$schema": DIALECT,
    "title": "Kasse deal",
    "description": "One deal of Kasse: who dealt, who declared, and whether he won (left out: he lost).",
    **closed_object({"dealer": NAME, "declarer": NAME, "won": {"type": "boolean"}}, ("dealer", "declarer")),
    "examples": [{"dealer": "Anna", "declarer": "Bent", "won": True}],
}

PHRASES = {
    key: texts.same(key)
    for key in ("holdings", "before", "after", "split", "carry", "carried", "funding", "funding_before")
}
TEXTS = texts.Texts(
    accounts={KASSE: texts.TableAccountTexts(texts.same("kasse"), "kasse")},
    rules={"game": texts.same("game"), "kasse": texts.same("kasse"), "split": texts.same("split")},
    phrases=PHRASES,
    words={},
    fields={},
)


class Kasse(BaseFamily[KasseRules, KasseDeal, KasseSitting, int, KasseEvent]):
    name = "kasse"
    title = "Kasse"
    default_preset = "kasse"
    preset_names = {"kasse": "Kasse"}
    presets = {"kasse": KasseRules("kasse", 2)}
    sitting_keys = frozenset(("ruleset", "table", "deals", "close", "date", KASSE))
    own_accounts = {KASSE: "kasse"}
    texts = TEXTS

    def resolve(self, preset, overrides=None):
        if preset not in self.presets:
            return None, [problem(None, "ruleset", "unknown_ruleset", value=preset, choices="kasse")]
        return self.presets[preset], []

    def table_sizes(self, rules_):
        return (3,)

    def record_schema(self):
        return RECORD_SCHEMA

    def deal_layout(self, rules_, table):
        fields = (
            layout.Field("dealer", layout.BUTTONS, "Dealer", ("dealer",), seats=True, required=True, always=True),
            layout.Field("declarer", layout.BUTTONS, "Declarer", ("declarer",), seats=True, required=True),
            layout.Field("won", layout.CHECK, "Won", ("won",)),
        )
        return layout.Layout(
            (layout.Group(layout.BOX, "kasse", ("Kasse",), (layout.Row(fields),)),),
            rotations={dealer: {"dealer": dealer} for dealer in table},
            after={dealer: table[(table.index(dealer) + 1) % len(table)] for dealer in table},
            roles={"dealer": "Dealer"},
            sits_out="",
        )

    def parse_sitting(self, data):
        problems: list = []
        if not isinstance(data, Mapping):
            raise InvalidRecord([problem(None, "", "wrong_type", expected="an object")])
        deals = [self.parse_deal(d, n, problems) for n, d in enumerate(data.get("deals", []), 1)]
        sitting = KasseSitting(
            data["ruleset"], tuple(data["table"]), [d for d in deals if d], data.get("close"), data.get(KASSE, 0)
        )
        return sitting, problems

    def parse_deal(self, data, number, problems):
        read, found = Reader(number, problems), len(problems)
        if not isinstance(data, Mapping):
            data = {}
        read.known_keys(data, RECORD_SCHEMA["properties"], "")
        for key in ("dealer", "declarer"):
            if read.required(data, key, key, key):
                read.name(data[key], key)
        read.bool_(data.get("won"), "won")
        if len(problems) > found:
            return None
        return KasseDeal(number, data["dealer"], data["declarer"], bool(data.get("won")))

    def validate_deal(self, deal, table, rules_, previous):
        return [
            problem(deal.number, key, "not_at_table", player=getattr(deal, key))
            for key in ("dealer", "declarer")
            if getattr(deal, key) not in table
        ]

    def settle(self, deal, table, kasse, rules_):
        sign = 1 if deal.won else -1
        postings = {member: -sign * rules_.stake for member in table if member != deal.declarer}
        postings[deal.declarer] = sign * rules_.stake * (len(table) - 1)
        items = [rules.LineItem(rule="game", ref="kasse L1", postings=postings)]
        if not deal.won:
            items.append(rules.LineItem(rule="kasse", ref="kasse L2", postings={deal.declarer: -1, KASSE: 1}))
        after = kasse + (not deal.won)
        return [KasseEvent("deal", tuple(items), kasse, after, deal.number)], after

    def close(self, table, kasse, rules_, how, first_dealer):
        share = kasse // len(table) if how == "split" else 0
        items = ()
        if share:
            postings = {member: share for member in table} | {KASSE: -share * len(table)}
            items = (rules.LineItem(rule="split", ref="kasse L3", postings=postings),)
        return KasseEvent("close", items, kasse, kasse - share * len(table)), kasse - share * len(table)

    # --- the kasse: the table's state is what it holds ---

    def state(self, accounts, previous_dealer=None):
        return accounts.get(KASSE, 0)

    def opening_state(self, sitting):
        return sitting.kasse

    def accounts(self, state):
        return {KASSE: state}

    def accounts_before(self, event):
        return {KASSE: event.kasse_before}

    def accounts_after(self, event):
        return {KASSE: event.kasse_after}

    def state_as_json(self, state):
        return {KASSE: state}

    def state_from_json(self, data):
        return data.get(KASSE, 0)

    def holdings_in_record(self, data):
        return {KASSE: data.get(KASSE, 0)}

    def record_holdings(self, accounts, rules_):
        return {KASSE: accounts.get(KASSE, 0)}


KASSE_FAMILY = Kasse()
