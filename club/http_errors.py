"""The two refusals any request can meet besides Django's own: a body over the size limit (413)
and a database that does not answer (503).

They are DRF exceptions, so the API renders them as JSON, and `club.errors` reads their
messages for the site's pages too. This module imports no `rest_framework.views`: DRF loads the
API's parser (which raises `RequestTooLarge`) while it reads its settings.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException


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
