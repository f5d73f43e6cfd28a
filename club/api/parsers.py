"""The API's JSON parser, bounded: the body's size and its nesting are checked before decoding.

Python's JSON decoder recurses once per level, so a body nested 50,000 deep would end in a
RecursionError (a 500); and DRF reads the request stream itself, past Django's
DATA_UPLOAD_MAX_MEMORY_SIZE. Here a body over `club.settings.DATA_UPLOAD_MAX_MEMORY_SIZE` answers 413 and one
nested deeper than `club.inputs.MAX_JSON_DEPTH` answers 400, both as JSON.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.parsers import JSONParser
from rest_framework.utils import json

from club import inputs

from ..http_errors import RequestTooLarge
from .errors import UnreadableBody


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        request = parser_context.get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        if (
            declared
            and declared.isascii()
            and declared.isdigit()
            and int(declared) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        ):
            raise RequestTooLarge()
        body = stream.read(settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
        if len(body) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            raise RequestTooLarge()
        try:
            text = body.decode(parser_context.get("encoding", settings.DEFAULT_CHARSET))
        except UnicodeDecodeError as error:
            not_utf8 = str(error)
            raise UnreadableBody(
                lambda: _("JSON parse error - the body is not UTF-8: %(error)s") % {"error": not_utf8}
            ) from None
        if inputs.json_depth_exceeds(text):
            raise UnreadableBody(
                lambda: _("JSON parse error - nested deeper than %(limit)s levels.") % {"limit": inputs.MAX_JSON_DEPTH}
            )
        try:
            return json.loads(text, parse_constant=json.strict_constant if self.strict else None)
        except ValueError as error:
            not_json = str(error)
        raise UnreadableBody(lambda: _("JSON parse error - %(error)s") % {"error": not_json})
