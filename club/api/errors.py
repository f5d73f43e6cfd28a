"""The API's own error answers and its renderer; `club.errors` decides when they are given.

Kept apart from `club.errors` because DRF imports the renderer and the parser while it loads
its settings, before a module importing `rest_framework.views` could finish loading.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.renderers import JSONRenderer


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"

    def __init__(self):
        super().__init__(
            _("The request body is larger than %(limit)s bytes.") % {"limit": settings.DATA_UPLOAD_MAX_MEMORY_SIZE}
        )


class ServiceUnavailable(APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "unavailable"

    def __init__(self):
        super().__init__(_("The database is not answering; nothing was written. Try again in a moment."))


class _AsciiJSONRenderer(JSONRenderer):
    ensure_ascii = True  # lone surrogates become \udXXX escapes


class SafeJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        try:
            return super().render(data, accepted_media_type, renderer_context)
        except UnicodeEncodeError:
            return _AsciiJSONRenderer().render(data, accepted_media_type, renderer_context)
