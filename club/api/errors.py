"""The API's renderer; `club.errors` decides which error answers are given, and
`club.http_errors` holds the two refusals any request can meet.

Kept apart from `club.errors` because DRF imports the renderer and the parser while it loads
its settings, before a module importing `rest_framework.views` could finish loading.
"""

from __future__ import annotations

from rest_framework.renderers import JSONRenderer


class _AsciiJSONRenderer(JSONRenderer):
    ensure_ascii = True  # lone surrogates become \udXXX escapes


class SafeJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        try:
            return super().render(data, accepted_media_type, renderer_context)
        except UnicodeEncodeError:
            return _AsciiJSONRenderer().render(data, accepted_media_type, renderer_context)
