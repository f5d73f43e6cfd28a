"""What the engines say, as message ids: English, marked for `makemessages`, translated by gettext.

The engines stay free of Django: every text they produce is an English message id with its
parameters, marked with `gettext_noop` (or `pgettext_lazy` where one English word has two
meanings) so that `manage.py makemessages` collects it from `rules/` into the club's catalogues
(locale/da, locale/hu, locale/sl django.po). Whoever shows a text picks the language: the club translates with
Django's gettext (`use_translator`), `python -m rules` with the stdlib's, from the same compiled
catalogues (English needs none).

`Texts` is what a family calls things on a page: a settlement line by its rule ("Giverens indskud",
"kassza →"), a table's own accounts by their names (the Pagatkop, the kassza), a deal record as
sentences a scorer would say and a changed field of it in words. The game's own words stay in the
game's language whatever the page's (pagát, ultimó, bagud, Pagatkop): they are `same`, never looked up.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "da", "hu", "sl")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


class Term(str):
    """A message id (the English words), translated wherever it is shown; `context` tells apart
    one English word that has two meanings."""

    context: str | None = None


class Word(str):
    """A game word that every language says alike ("Pagatkop", "kassza"): never translated."""


Text = str  # a message id (`Term`), or a `Word`; a plain string reads as a message id


def gettext_noop(message: str) -> Term:
    """Marks `message` for the catalogues; it is translated where it is shown."""
    return Term(message)


def pgettext_lazy(context: str, message: str) -> Term:
    """`gettext_noop` for an English word with more than one meaning: `context` says which."""
    term = Term(message)
    term.context = context
    return term


def same(words: str) -> Word:
    return Word(words)


Translator = Callable[[str, "str | None", str], str]  # (message id, context, language) -> the words


@cache
def _catalogue(language: str) -> gettext.NullTranslations:
    return gettext.translation("django", LOCALE_DIR, [language], fallback=True)


def _stdlib_translator(message: str, context: str | None, language: str) -> str:
    catalogue = _catalogue(language)
    return catalogue.pgettext(context, message) if context else catalogue.gettext(message)


_translator: list[Translator] = [_stdlib_translator]


def use_translator(translator: Translator) -> None:
    """Who translates from now on (the club: Django's gettext, which reads the same catalogues)."""
    _translator[0] = translator


def say(text: Text, language: str) -> str:
    """`text` in `language`; English, a game word, or a text without a translation as written."""
    if isinstance(text, Word) or language not in LANGUAGES[1:]:
        return str(text)
    return _translator[0](str(text), getattr(text, "context", None), language)


@dataclass(frozen=True)
class Phrase:
    """A message id with its values (`{name}` placeholders), said in a language when shown; a value
    that is a `Term` or a `Phrase` is said in that language too."""

    text: Text
    values: tuple[tuple[str, Any], ...] = ()

    def say(self, language: str) -> str:
        return say(self.text, language).format_map({key: said(value, language) for key, value in self.values})

    def __str__(self) -> str:
        return self.say("en")


def phrase(text: Text, **values: Any) -> Phrase:
    return Phrase(text, tuple(sorted(values.items())))


def said(value: Any, language: str) -> Any:
    """A message's value in `language`: a `Term` or `Phrase` translated, anything else as it is."""
    if isinstance(value, Phrase):
        return value.say(language)
    if isinstance(value, Term):
        return say(value, language)
    return value


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
    (what a close does to them), `close` (what the close of a game without accounts settles,
    where it settles something), `carried` (a carrying close posts nothing), `funding` and
    `funding_before` (an opening event, with `%(number)s`). A rule key missing from `rules` may be
    `head.tail` with `head.*` there: its `%(tail)s` is the tail's word in `words`
    ("fine.revoke" -> "Fine: revoke", in Danish "Bøde: kulørsvigt").
    """

    accounts: Mapping[str, TableAccountTexts]  # engine account name ("cup:pagat", "pot") -> its texts
    rules: Mapping[str, Text]  # a line item's rule key -> its short name (a message id)
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


@dataclass
class Sentences:
    """A describer's sentences so far: each said in `language` from the family's table of them."""

    table: Mapping[str, Text]
    texts: Texts
    language: str
    lines: list[str] = field(default_factory=list)

    def said(self, key: str, **values: Any) -> None:
        self.lines.append(say(self.table[key], self.language) % values)

    def word(self, value: Any) -> str:
        return self.texts.word(value, self.language)
