"""Problems: what is wrong with a record, said so a club member understands it.

A problem is a value, never an exception on its own: validation collects every problem of a
sitting so the table can fix them all at once. Each has the deal number (None for the sitting
itself), the field path inside the record, a stable code for programs, and a message in English,
Danish and Hungarian.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")

# code -> (English, Danish, Hungarian): the codes of the shared core. Each family keeps its own
# codes in its package and registers them (`register_messages`); placeholders are filled from a problem's
# parameters.
Texts = tuple[str, str, str]  # (English, Danish, Hungarian)
LANGUAGES = ("en", "da", "hu")  # the order of a `Texts`; any other language reads English

MESSAGES: dict[str, Texts] = {
    # A record's shape, read by `rules.envelope.Reader` for every family: keys, types, words.
    "required": ("{what} is required.", "{what_da} skal udfyldes.", "{what_hu} megadása kötelező."),
    "wrong_type": ("Expected {expected}.", "Forventede {expected_da}.", "Ide {expected_hu} kell."),
    "out_of_range": (
        "{value} is outside {low}..{high}.",
        "{value} ligger uden for {low}..{high}.",
        "{value} kívül esik a {low}..{high} tartományon.",
    ),
    "unknown_value": (
        "'{value}' is not one of {choices}.",
        "'{value}' er ikke en af {choices}.",
        "'{value}' nem ezek egyike: {choices}.",
    ),
    "unknown_key": (
        "'{key}' is not a field of the record here.",
        "'{key}' er ikke et felt i optegnelsen her.",
        "'{key}' itt nem mezője a feljegyzésnek.",
    ),
    # The envelope: the preset a sitting plays, its members' names and seats.
    "unknown_ruleset": (
        "No preset is called '{value}'; choose one of {choices}.",
        "Der findes ingen regelsæt ved navn '{value}'; vælg et af {choices}.",
        "Nincs '{value}' nevű szabályrendszer; válasszon ezek közül: {choices}.",
    ),
    "empty_name": (
        "A member's name cannot be empty.",
        "Et medlems navn kan ikke være tomt.",
        "Egy tag neve nem lehet üres.",
    ),
    "long_name": (
        "A member's name has at most {limit} characters, not {length}.",
        "Et medlems navn har højst {limit} tegn, ikke {length}.",
        "Egy tag neve legfeljebb {limit} karakter lehet, nem {length}.",
    ),
    "bad_name": (
        "A member's name must be valid Unicode text.",
        "Et medlems navn skal være gyldig Unicode-tekst.",
        "Egy tag nevének érvényes Unicode-szövegnek kell lennie.",
    ),
    "duplicate_member": (
        "{player} appears more than once.",
        "{player} står der mere end én gang.",
        "{player} többször is szerepel.",
    ),
    "not_at_table": (
        "{player} is not at this table.",
        "{player} sidder ikke ved dette bord.",
        "{player} nem ül ennél az asztalnál.",
    ),
    "not_active": (
        "{player} does not play this deal.",
        "{player} spiller ikke med i dette spil.",
        "{player} nem játszik ebben a leosztásban.",
    ),
    # Any bytes at all (`python -m rules replay`).
    "not_json": (
        "The record is not valid JSON: {error}.",
        "Optegnelsen er ikke gyldig JSON: {error}.",
        "A feljegyzés nem érvényes JSON: {error}.",
    ),
    "not_utf8": (
        "The record is not UTF-8 text (byte {position}).",
        "Optegnelsen er ikke UTF-8-tekst (byte {position}).",
        "A feljegyzés nem UTF-8 szöveg ({position}. bájt).",
    ),
    "too_deep": (
        "The record nests deeper than {limit} levels.",
        "Optegnelsen er indlejret dybere end {limit} niveauer.",
        "A feljegyzés {limit} szintnél mélyebben ágyazódik.",
    ),
    "number_too_long": (
        "A number in the record is too long to read (more than {limit} digits).",
        "Et tal i optegnelsen er for langt til at læse (mere end {limit} cifre).",
        "A feljegyzés egyik száma túl hosszú az olvasáshoz ({limit} számjegynél több).",
    ),
    # The club's limits on what it stores (club/inputs.py), said in the record's terms.
    "bad_character": (
        "The text contains a NUL character, a lone surrogate or an invisible direction control "
        "(U+202A to U+202E, U+2066 to U+2069), which is not kept.",
        "Teksten indeholder et NUL-tegn, en enlig surrogat eller et usynligt retningstegn "
        "(U+202A til U+202E, U+2066 til U+2069), som ikke gemmes.",
        "A szöveg NUL-karaktert, magányos helyettesítő kódot vagy láthatatlan irányvezérlő karaktert (U+202A–U+202E, U+2066–U+2069) tartalmaz, amely nem tárolható.",
    ),
    "record_too_large": (
        "The deal record is {size} bytes as JSON; at most {limit} are kept.",
        "Spillets optegnelse fylder {size} byte som JSON; der gemmes højst {limit}.",
        "A leosztás feljegyzése JSON-ként {size} bájt; legfeljebb {limit} tárolható.",
    ),
}


# What a field should have held, for `wrong_type`: kind -> (English, Danish, Hungarian).
_EXPECTED: dict[str, Texts] = {
    "object": ("an object", "et objekt", "objektum"),
    "list": ("a list", "en liste", "lista"),
    "integer": ("a whole number", "et heltal", "egész szám"),
    "bool": ("true or false", "true eller false", "true vagy false"),
    "word": ("a word", "et ord", "szó"),
    "word_or_list": ("a word or a list", "et ord eller en liste", "szó vagy lista"),
    "preset": ("a preset id", "et regelsæt", "szabályrendszer-azonosító"),
    "name": ("a member's name", "et medlems navn", "egy tag neve"),
    "date": ("a date, YYYY-MM-DD", "en dato, ÅÅÅÅ-MM-DD", "ÉÉÉÉ-HH-NN alakú dátum"),
    "points": ("a whole number of points, 0 or more", "et helt antal point, 0 eller flere", "0 vagy több egész pont"),
}


def expecting(kind: str) -> dict[str, str]:
    """The parameters of a `wrong_type` problem saying what `kind` of value belongs there."""
    english, danish, hungarian = _EXPECTED[kind]
    return {"expected": english, "expected_da": danish, "expected_hu": hungarian}


# family -> code -> (English, Danish, Hungarian): each family's own texts, found before the core's.
FAMILY_MESSAGES: dict[str, dict[str, Texts]] = {}


def register_messages(family: str, messages: dict[str, Texts]) -> None:
    """A family adds its texts; its problems carry the family's name so they find them."""
    FAMILY_MESSAGES.setdefault(family, {}).update(messages)


def family_problem_maker(family: str) -> Callable[..., Problem]:
    """`problem` for one family: a code of its own catalogue or of the core's, else `KeyError`."""
    own = FAMILY_MESSAGES[family]

    def make(deal: int | None, field: str, code: str, **params: Any) -> Problem:
        if code not in own and code not in MESSAGES:
            raise KeyError(code)
        return Problem(deal, field, code, tuple(sorted(params.items())), family)

    return make


@dataclass(frozen=True)
class Problem:
    deal: int | None
    field: str
    code: str
    params: tuple[tuple[str, Any], ...] = ()
    family: str = ""  # whose message catalogue speaks first; "" = the core's alone

    @property
    def message(self) -> str:
        return self.message_in("en")

    def message_in(self, language: str) -> str:
        texts = FAMILY_MESSAGES.get(self.family, MESSAGES).get(self.code) or MESSAGES[self.code]
        index = LANGUAGES.index(language) if language in LANGUAGES else 0
        return texts[index].format_map(_DefaultDict(self.params))

    def as_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "field": printable(self.field),
            "code": self.code,
            "message": self.message_in("en"),
            "message_da": self.message_in("da"),
        }


class _DefaultDict(dict[str, Any]):
    """Lets a template ask for `x_da` or `x_hu` and fall back to `x`; text comes out printable."""

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        return printable(value) if isinstance(value, str) else value

    def __missing__(self, key: str) -> Any:
        if key.endswith(("_da", "_hu")) and key[:-3] in self:
            return self[key[:-3]]
        return "?"


def has_lone_surrogate(text: str) -> bool:
    """Whether `text` holds half a UTF-16 pair, which is no character (JSON lets "\\ud800" in)."""
    return not text.isascii() and _SURROGATE.search(text) is not None


def printable(text: str) -> str:
    """`text` with any lone surrogate (which no UTF-8 output can hold) shown as U+FFFD."""
    if text.isascii():
        return text
    return _SURROGATE.sub("\ufffd", text)


def problem(deal: int | None, field: str, code: str, **params: Any) -> Problem:
    """A problem with one of the core's codes."""
    if code not in MESSAGES:
        raise KeyError(code)
    return Problem(deal, field, code, tuple(sorted(params.items())))


class InvalidRecord(ValueError):
    """Raised when a record is refused; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(f"deal {p.deal} {p.field}: {p.message}" for p in problems))

    def as_dict(self) -> dict[str, Any]:
        return {"errors": [p.as_dict() for p in self.problems]}
