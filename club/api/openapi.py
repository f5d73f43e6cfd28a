"""The schema's answers: every status code an operation can give is in the OpenAPI document.

The views declare what is theirs (201, 409, the error list of a refused deal); this adds what
any operation may answer, as `club.errors` and DRF give it, unless the view said otherwise:

- 401 without valid credentials (a wrong token is refused even where none is needed);
- 403 where a requester is needed (a role that may not, or a session without its CSRF token);
- 404 where the path names an object, or a list is paged (a page past the end);
- 400 where a body or a query parameter is read (a paged list reads `?page=` and `?page_size=`);
  413 and 415 where a body is read;
- 503 while the database does not answer.

Recording and correcting a deal answer every 400 as the rules engine's error list
(`club.api.views.ERROR_LIST_ACTIONS`).

Free text (`club.api.serializers.TextField`) shows `club.inputs`' rule as a pattern: no NUL, no
bidirectional control, and something besides white space where the text may not be blank.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.permissions import AllowAny

from . import serializers as s

JSON = "application/json"


def _detail(description: str) -> OpenApiResponse:
    return OpenApiResponse(s.DetailSerializer, description=description)


UNAUTHENTICATED = _detail("No credentials, or credentials that are not valid.")
FORBIDDEN = _detail("The requester's role may not do this (or a session's request lacks its CSRF token).")
NOT_FOUND = _detail("No such object in the requester's clubs (or no such page).")
TOO_LARGE = _detail("The body is larger than 256 KiB.")
UNSUPPORTED = _detail("The body is not JSON.")
UNAVAILABLE = _detail("The database is not answering; nothing was written. Try again in a moment.")
FIELD_ERRORS = OpenApiResponse(
    {
        "type": "object",
        "description": 'What is wrong, by field (`{"season": ["Expected a whole number."]}`), or `{"detail": ...}`.',
        "additionalProperties": {},
    },
    description="A query parameter or a field of the body is wrong; nothing was written.",
)


class ApiSchema(AutoSchema):
    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        # Here rather than in get_response_serializers, which @extend_schema replaces.
        bodies = super()._get_response_bodies(direction)
        for code, response in self._answers_of_any_operation(self.get_response_serializers()).items():
            if str(code) not in bodies:
                bodies[str(code)] = self._get_response_for_code(response, str(code), [JSON], direction)
        return bodies

    def _answers_of_any_operation(self, declared: Any) -> dict[int, OpenApiResponse]:
        from .views import ERROR_LIST_ACTIONS, ERRORS  # the views import this module's siblings

        public = any(isinstance(p, AllowAny) for p in self.view.get_permissions())
        answers: dict[int, OpenApiResponse] = {401: UNAUTHENTICATED}
        if public:
            return answers
        answers[403] = FORBIDDEN
        paged = getattr(self.view, "pagination_class", None) is not None and self._is_list_view(declared)
        if "{" in self.path or paged:
            answers[404] = NOT_FOUND
        reads_body = self.method in ("POST", "PUT", "PATCH")
        if reads_body or paged or self._reads_query_parameters():
            error_list = getattr(self.view, "action", None) in ERROR_LIST_ACTIONS and reads_body
            answers[400] = ERRORS if error_list else FIELD_ERRORS
        if reads_body:
            answers[413] = TOO_LARGE
            answers[415] = UNSUPPORTED
        answers[503] = UNAVAILABLE
        return answers

    def _reads_query_parameters(self) -> bool:
        return any(
            isinstance(p, OpenApiParameter) and p.location == OpenApiParameter.QUERY
            for p in self.get_override_parameters()
        )


# What `club.inputs.bad_character` refuses, as a JSON Schema class (lone surrogates cannot be sent as UTF-8).
REFUSED_CHARACTERS = r"\x00\u202a-\u202e\u2066-\u2069"
ANY_TEXT = rf"^[^{REFUSED_CHARACTERS}]*$"
NOT_BLANK_TEXT = rf"^[^{REFUSED_CHARACTERS}]*[^\s{REFUSED_CHARACTERS}][^{REFUSED_CHARACTERS}]*$"


class TextFieldSchema(OpenApiSerializerFieldExtension):
    target_class = "club.api.serializers.TextField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema, direction):
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        if self.target.allow_blank:
            return schema | {"pattern": ANY_TEXT}
        return schema | {"minLength": 1, "pattern": NOT_BLANK_TEXT}


def drop_field_titles(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular's postprocessing hook (SPECTACULAR_SETTINGS): a field's title is its model
    field's label ("Navn" for the name of a club, a member, a table, a season), which generators
    take for a type's name; the property's own name and description say it."""
    for component in result.get("components", {}).get("schemas", {}).values():
        for field in component.get("properties", {}).values():
            field.pop("title", None)
    return result
