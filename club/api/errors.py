"""The API's renderer and its error lists about the request itself; `club.errors` decides which
error answers are given, and `club.http_errors` holds the two refusals any request can meet.

Kept apart from `club.errors` because DRF imports the renderer and the parser while it loads
its settings, before a module importing `rest_framework.views` could finish loading.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import translation
from rest_framework.exceptions import ParseError
from rest_framework.renderers import JSONRenderer


def in_both_languages(render: Callable[[], Any]) -> tuple[Any, Any]:
    """What `render` says in English and in Danish, as the rules engine's problems carry both."""
    with translation.override("en"):
        en = render()
    with translation.override("da"):
        da = render()
    return en, da


def request_problem(field: str, code: str, message: Callable[[], str]) -> dict[str, Any]:
    """One entry of an `{"errors": [...]}` answer about the request itself (a header, a query
    parameter, the body's JSON) rather than the deal: no deal number, the engine's shape."""
    en, da = in_both_languages(lambda: str(message()))
    return {"deal": None, "field": field, "code": code, "message": en, "message_da": da}


class RequestProblems(Exception):
    """Answered 400 `{"errors": problems}` by the operations that record and correct deals."""

    def __init__(self, problems: list[dict[str, Any]]):
        super().__init__(problems)
        self.problems = problems


class UnreadableBody(ParseError):
    """A body that is not JSON, or too deep to read: `{"detail": ...}` on most operations, an
    error list where a deal is recorded or corrected (`problem`)."""

    def __init__(self, message: Callable[[], str]):
        super().__init__(message())
        self.problem = request_problem("", "parse_error", message)


class _AsciiJSONRenderer(JSONRenderer):
    ensure_ascii = True  # lone surrogates become \udXXX escapes


class SafeJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        try:
            return super().render(data, accepted_media_type, renderer_context)
        except UnicodeEncodeError:
            return _AsciiJSONRenderer().render(data, accepted_media_type, renderer_context)
