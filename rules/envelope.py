"""Reading a record's JSON with field paths: what every family's parser shares.

`Reader` checks shapes and types (an object, a whole number in a range, a known word, a member's
name, no key the format lacks) and collects a `Problem` for each mistake instead of raising, so a
phone form or an import file learns about every mistake at once.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar, cast

from .problems import Problem, expecting, problem

T = TypeVar("T")

NAME_LIMIT = 60  # characters in a member's name: a scorer's line, long enough for any real name

MakeProblem = Callable[..., Problem]


def name_problem(value: Any) -> tuple[str, dict[str, Any]] | None:
    """What is wrong with `value` as a member's name: (code, params), or None when it is fine."""
    if not isinstance(value, str):
        return "wrong_type", expecting("name")
    if not value.strip():
        return "empty_name", {}
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from a JSON "\ud800" escape
        return "bad_name", {}
    if len(value) > NAME_LIMIT:
        return "long_name", {"limit": NAME_LIMIT, "length": len(value)}
    return None


class Reader:
    """Reads one JSON value with a field path, collecting problems instead of raising."""

    def __init__(self, deal: int | None, problems: list[Problem], make: MakeProblem = problem):
        self.deal = deal
        self.problems = problems
        self.make = make

    def fail(self, path: str, code: str, **params: Any) -> None:
        self.problems.append(self.make(self.deal, path, code, **params))

    def obj(self, value: Any, path: str) -> Mapping[str, Any] | None:
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.fail(path, "wrong_type", **expecting("object"))
            return None
        return value

    def known_keys(self, data: Mapping[str, Any], keys: Collection[str], path: str) -> None:
        """`unknown_key` for each key the format does not have here: a misspelt key never means "nothing"."""
        for key in data:
            if key not in keys:
                self.fail(f"{path}.{key}" if path else str(key), "unknown_key", key=key)

    def list_(self, value: Any, path: str) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(path, "wrong_type", **expecting("list"))
            return []
        return value

    def int_(
        self, value: Any, path: str, low: int | None = None, high: int | None = None, code: str = "out_of_range"
    ) -> int | None:
        # bool is an int in Python; a checkbox value is never a count.
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, "wrong_type", **expecting("integer"))
            return None
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(path, code, value=value, low=low, high=high)
            return None
        return value

    def typed(self, value: Any, path: str, kind: type[T], expected_kind: str) -> T | None:
        """`value` if it is a `kind` (None stays None), else `wrong_type` saying `expected_kind`."""
        if value is None or isinstance(value, kind):
            return value
        self.fail(path, "wrong_type", **expecting(expected_kind))
        return None

    def bool_(self, value: Any, path: str) -> bool | None:
        return self.typed(value, path, bool, "bool")

    def word(self, value: Any, path: str) -> str | None:
        return self.typed(value, path, str, "word")

    def name(self, value: Any, path: str) -> str | None:
        """A member named in a record; whether he sits at the table is validation's question."""
        if value is None:
            return None
        wrong = name_problem(value)
        if wrong is not None:
            code, params = wrong
            self.fail(path, code, **params)
            return None
        return cast(str, value)  # name_problem found nothing wrong: a str

    def choice(self, value: Any, path: str, choices: Collection[str], code: str = "unknown_value") -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or value not in choices:
            self.fail(path, code, value=value, choices=", ".join(choices))
            return None
        return value

    def required(self, data: Mapping[str, Any], key: str, path: str, what: str) -> bool:
        """`required` naming the field by `what`, its key, the same in every language."""
        if data.get(key) is None:
            self.fail(path, "required", what=what)
            return False
        return True


def read_date(read: Any, value: Any) -> None:
    """The sitting's date, YYYY-MM-DD: the club's export writes it, the engine only checks it.
    `read` is a family's reader (anything with `fail(path, code, **params)`)."""
    if value is None:
        return
    try:
        ok = type(value) is str and len(value) == 10 and bool(datetime.date.fromisoformat(value))
    except ValueError:
        ok = False
    if not ok:
        read.fail("date", "wrong_type", **expecting("date"))
