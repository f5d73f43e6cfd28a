"""Problems: what is wrong with a record, said so a club member understands it.

A problem is a value, never an exception on its own: validation collects every problem of a
sitting so the table can fix them all at once. Each has the deal number (None for the sitting
itself), the field path inside the record, a stable code for programs and its parameters, and a
message: an English message id (`rules.texts`), said in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .texts import Text, gettext_noop, said, say

_SURROGATE = re.compile("[\ud800-\udfff]")

# code -> message id: the codes of the shared core. Each family keeps its own codes in its package
# and registers them (`register_messages`); placeholders are filled from a problem's parameters.
MESSAGES: dict[str, Text] = {
    # A record's shape, read by `rules.envelope.Reader` for every family: keys, types, words.
    "required": gettext_noop("{what} is required."),
    "wrong_type": gettext_noop("Expected {expected}."),
    "out_of_range": gettext_noop("{value} is outside {low}..{high}."),
    "unknown_value": gettext_noop("'{value}' is not one of {choices}."),
    "unknown_key": gettext_noop("'{key}' is not a field of the record here."),
    # The envelope: the preset a sitting plays, its members' names and seats.
    "unknown_ruleset": gettext_noop("No preset is called '{value}'; choose one of {choices}."),
    "empty_name": gettext_noop("A member's name cannot be empty."),
    "long_name": gettext_noop("A member's name has at most {limit} characters, not {length}."),
    "bad_name": gettext_noop("A member's name must be valid Unicode text."),
    "duplicate_member": gettext_noop("{player} appears more than once."),
    # The table check of `rules.family.BaseFamily`; a family may say them in its own words.
    "table_size": gettext_noop("A table seats {sizes} members, not {count}."),
    "reserved_name": gettext_noop("'{player}' is the name of one of the table's accounts; choose another name."),
    "not_at_table": gettext_noop("{player} is not at this table."),
    "not_active": gettext_noop("{player} does not play this deal."),
    # Any bytes at all (`python -m rules replay`).
    "not_json": gettext_noop("The record is not valid JSON: {error}."),
    "not_utf8": gettext_noop("The record is not UTF-8 text (byte {position})."),
    "too_deep": gettext_noop("The record nests deeper than {limit} levels."),
    "number_too_long": gettext_noop("A number in the record is too long to read (more than {limit} digits)."),
    # The club's limits on what it stores (club/inputs.py), said in the record's terms.
    "bad_character": gettext_noop(
        "The text contains a NUL character, a lone surrogate or an invisible direction control "
        "(U+202A to U+202E, U+2066 to U+2069), which is not kept."
    ),
    "record_too_large": gettext_noop("The deal record is {size} bytes as JSON; at most {limit} are kept."),
}


# What a field should have held, for `wrong_type`: kind -> its words.
_EXPECTED: dict[str, Text] = {
    "object": gettext_noop("an object"),
    "list": gettext_noop("a list"),
    "integer": gettext_noop("a whole number"),
    "bool": gettext_noop("true or false"),
    "word": gettext_noop("a word"),
    "word_or_list": gettext_noop("a word or a list"),
    "preset": gettext_noop("a preset id"),
    "name": gettext_noop("a member's name"),
    "date": gettext_noop("a date, YYYY-MM-DD"),
    "points": gettext_noop("a whole number of points, 0 or more"),
}


def expecting(kind: str) -> dict[str, Text]:
    """The parameters of a `wrong_type` problem saying what `kind` of value belongs there."""
    return {"expected": _EXPECTED[kind]}


# family -> code -> message id: each family's own texts, found before the core's.
FAMILY_MESSAGES: dict[str, dict[str, Text]] = {}


def register_messages(family: str, messages: dict[str, Text]) -> None:
    """A family adds its texts; its problems carry the family's name so they find them."""
    FAMILY_MESSAGES.setdefault(family, {}).update(messages)


def family_problem_maker(family: str) -> Callable[..., Problem]:
    """`problem` for one family: a code of its own catalogue or of the core's, else `KeyError`."""
    own = FAMILY_MESSAGES.setdefault(family, {})  # a family with no texts of its own speaks the core's

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
        """The message in `language` ("en", "da", "hu", "sl"; any other reads English)."""
        text = FAMILY_MESSAGES.get(self.family, MESSAGES).get(self.code) or MESSAGES[self.code]
        return say(text, language).format_map(_Values({key: said(value, language) for key, value in self.params}))

    def as_dict(self, language: str = "en") -> dict[str, Any]:
        """The problem as JSON: its code, its message in `language`, and its Danish message."""
        return {
            "deal": self.deal,
            "field": printable(self.field),
            "code": self.code,
            "message": self.message_in(language),
            "message_da": self.message_in("da"),
        }


class _Values(dict[str, Any]):
    """A message's values: text comes out printable, and a placeholder without a value as "?"."""

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        return printable(value) if isinstance(value, str) else value

    def __missing__(self, key: str) -> Any:
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

    def as_dict(self, language: str = "en") -> dict[str, Any]:
        return {"errors": [p.as_dict(language) for p in self.problems]}
