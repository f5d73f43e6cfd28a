"""What a family calls things on a page, in each interface language: `Texts`.

The club shows a settlement line by its rule ("Giverens indskud", "kassza →"), a table's own
accounts by their names (the Pagatkop, the kassza), a deal record as sentences a scorer would say
and a changed field of it in words. Those are the family's knowledge, so the family writes them —
in English, Danish and Magyar (`LANGUAGES`) — and the club only picks the page's language. The
game's own words stay in the game's language whatever the page's (pagát, ultimó, bagud, Pagatkop).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

LANGUAGES = ("en", "da", "hu")
Text = Mapping[str, str]  # an interface language -> the words in it ("en" is always there)


def say(text: Text, language: str) -> str:
    """`text` in `language`, or in English where it has no such language."""
    return text.get(language) or text["en"]


def same(words: str) -> Text:
    """A game word that every language says alike ("Pagatkop", "kassza")."""
    return {"en": words}


@dataclass(frozen=True)
class TableAccountTexts:
    """One of the table's own accounts: its name, its column head, and what the name means."""

    name: Text
    short: str  # the score sheet's column head, narrow enough for a phone
    meaning: Text | None = None  # for an <abbr> where the game's word needs explaining


Describer = Callable[[Mapping[str, Any], "Texts", str], list[str]]


@dataclass(frozen=True)
class Texts:
    """A family's words for the club's pages.

    `phrases` holds the family's sentences and headings by key — `holdings` (the accounts as one:
    "Kopperne", "A kassza"), `before` and `after` (a settlement's line of them), `split` and `carry`
    (what a close does to them), `carried` (a carrying close posts nothing), `funding` and
    `funding_before` (an opening event, with `%(number)s`). A rule key missing from `rules` may be
    `head.tail` with `head.*` there: its `%(tail)s` is the tail's word in `words`
    ("fine.revoke" -> "Bøde: kulørsvig").
    """

    accounts: Mapping[str, TableAccountTexts]  # engine account name ("cup:pagat", "pot") -> its texts
    rules: Mapping[str, Text]  # a line item's rule key -> its short name
    phrases: Mapping[str, Text]
    words: Mapping[str, Text]  # a record's words (fates, offences, levels, figures, …) -> in words
    fields: Mapping[str, Text]  # a record's keys -> in words, for a field that changed
    describer: Describer = field(repr=False, default=lambda record, texts, language: [])

    def rule(self, rule: str, language: str) -> str:
        """A settlement line's rule by its short name; an unknown rule is shown as its key."""
        if rule in self.rules:
            return say(self.rules[rule], language)
        head, _dot, tail = rule.partition(".")
        pattern = self.rules.get(f"{head}.*")
        if pattern is None:
            return rule
        return say(pattern, language) % {"tail": self.word(tail, language)}

    def account(self, name: str, language: str) -> str:
        """A table account's name; an account the family does not keep is shown as its key."""
        account = self.accounts.get(name)
        return say(account.name, language) if account else name

    def phrase(self, key: str, language: str, **values: Any) -> str:
        text = say(self.phrases[key], language)
        return text % values if values else text

    def word(self, word: Any, language: str) -> str:
        """A record's word in `language`; a list word by word; a word without a name as written."""
        if isinstance(word, str):
            return say(self.words[word], language) if word in self.words else word
        if isinstance(word, list):
            return ", ".join(self.word(part, language) for part in word)
        return "?" if word is None else str(word)

    def field(self, path: str, language: str) -> str:
        """A record's field by its dotted path, in words: melds.Carl.taroks -> meldinger · Carl · tarokker."""
        return " · ".join(say(self.fields[part], language) if part in self.fields else part for part in path.split("."))

    def describe(self, record: Any, language: str) -> list[str]:
        """A deal record as a scorer would say it, one sentence per part (none for a non-record)."""
        return self.describer(record, self, language) if isinstance(record, dict) else []
