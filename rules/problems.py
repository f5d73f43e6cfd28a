"""Problems: what is wrong with a record, said so a club member understands it.

A problem is a value, never an exception on its own: validation collects every problem of a
sitting so the table can fix them all at once. Each has the deal number (None for the sitting
itself), the field path inside the record, a stable code for programs, and a message in Danish
and English.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")

# code -> (English, Danish): the codes of the shared core. Each family keeps its own codes in its
# package and registers them (`register_messages`); placeholders are filled from a problem's
# parameters.
MESSAGES: dict[str, tuple[str, str]] = {
    # A record's shape, read by `rules.envelope.Reader` for every family: keys, types, words.
    "required": ("{what} is required.", "{what_da} skal udfyldes."),
    "wrong_type": ("Expected {expected}.", "Forventede {expected_da}."),
    "out_of_range": ("{value} is outside {low}..{high}.", "{value} ligger uden for {low}..{high}."),
    "unknown_value": (
        "'{value}' is not one of {choices}.",
        "'{value}' er ikke en af {choices}.",
    ),
    "unknown_key": (
        "'{key}' is not a field of the record here.",
        "'{key}' er ikke et felt i optegnelsen her.",
    ),
    # The envelope: the preset a sitting plays, its members' names and seats.
    "unknown_ruleset": (
        "No preset is called '{value}'; choose one of {choices}.",
        "Der findes ingen regelsæt ved navn '{value}'; vælg et af {choices}.",
    ),
    "empty_name": ("A member's name cannot be empty.", "Et medlems navn kan ikke være tomt."),
    "long_name": (
        "A member's name has at most {limit} characters, not {length}.",
        "Et medlems navn har højst {limit} tegn, ikke {length}.",
    ),
    "bad_name": (
        "A member's name must be valid Unicode text.",
        "Et medlems navn skal være gyldig Unicode-tekst.",
    ),
    "duplicate_member": (
        "{player} appears more than once.",
        "{player} står der mere end én gang.",
    ),
    "not_at_table": ("{player} is not at this table.", "{player} sidder ikke ved dette bord."),
    "not_active": (
        "{player} does not play this deal.",
        "{player} spiller ikke med i dette spil.",
    ),
    # Any bytes at all (`python -m rules replay`).
    "not_json": (
        "The record is not valid JSON: {error}.",
        "Optegnelsen er ikke gyldig JSON: {error}.",
    ),
    "not_utf8": (
        "The record is not UTF-8 text (byte {position}).",
        "Optegnelsen er ikke UTF-8-tekst (byte {position}).",
    ),
    "too_deep": (
        "The record nests deeper than {limit} levels.",
        "Optegnelsen er indlejret dybere end {limit} niveauer.",
    ),
    "number_too_long": (
        "A number in the record is too long to read (more than {limit} digits).",
        "Et tal i optegnelsen er for langt til at læse (mere end {limit} cifre).",
    ),
    # The club's limits on what it stores (club/inputs.py), said in the record's terms.
    "bad_character": (
        "The text contains a NUL character, a lone surrogate or an invisible direction control "
        "(U+202A to U+202E, U+2066 to U+2069), which is not kept.",
        "Teksten indeholder et NUL-tegn, en enlig surrogat eller et usynligt retningstegn "
        "(U+202A til U+202E, U+2066 til U+2069), som ikke gemmes.",
    ),
    "record_too_large": (
        "The deal record is {size} bytes as JSON; at most {limit} are kept.",
        "Spillets optegnelse fylder {size} byte som JSON; der gemmes højst {limit}.",
    ),
}


# family -> code -> (English, Danish): each family's own texts, found before the core's above.
FAMILY_MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}


def register_messages(family: str, messages: dict[str, tuple[str, str]]) -> None:
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
        english, danish = FAMILY_MESSAGES.get(self.family, MESSAGES).get(self.code) or MESSAGES[self.code]
        template = danish if language == "da" else english
        values = _DefaultDict(self.params)
        return template.format_map(values)

    def as_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "field": printable(self.field),
            "code": self.code,
            "message": self.message_in("en"),
            "message_da": self.message_in("da"),
        }


class _DefaultDict(dict[str, Any]):
    """Lets a Danish template ask for `x_da` and fall back to `x`; text comes out printable."""

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        return printable(value) if isinstance(value, str) else value

    def __missing__(self, key: str) -> Any:
        if key.endswith("_da") and key[:-3] in self:
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
