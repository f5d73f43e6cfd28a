"""Every error answer in one place: the API's as JSON, whatever went wrong, and the site's pages.

- DRF's views: `api_exception_handler` adds what DRF leaves to Django: a body over the size
  limit is 413, any other suspicious request 400, a database that does not answer 503, and a
  404 says "Not found." (Django's `get_object_or_404` would name the model it looked in).
- Outside DRF's views (an unknown /api/ address, an error in a middleware): `handler400`,
  `handler403`, `handler404` and `handler500` answer JSON under /api/ and Django's pages
  elsewhere. `DatabaseOutage` turns an unreachable database into 503 even when DEBUG is on.
- `club.api.errors.SafeJSONRenderer` renders text a client sent back to it (an error echoing a
  lone surrogate) as \\u escapes instead of failing to encode it, so the 400 never breaks.
"""

from __future__ import annotations

import sys

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework.exceptions import NotFound, ParseError
from rest_framework.views import exception_handler

from .http_errors import RequestTooLarge, ServiceUnavailable

API_PREFIX = "/api/"
OUTAGE = (OperationalError, InterfaceError)


def api_exception_handler(exc, context):
    """DRF's handler, after translating what Django raises into API exceptions."""
    if isinstance(exc, (RequestDataTooBig, TooManyFieldsSent)):
        exc = RequestTooLarge()
    elif isinstance(exc, SuspiciousOperation):
        exc = ParseError(str(exc))
    elif isinstance(exc, OUTAGE):
        exc = ServiceUnavailable()
    elif isinstance(exc, Http404):
        exc = NotFound()
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, ServiceUnavailable):
        response["Retry-After"] = "5"
    return response


def _is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


def _json(detail: str, status_code: int) -> JsonResponse:
    response = JsonResponse({"detail": detail}, status=status_code)
    if status_code == 503:
        response["Retry-After"] = "5"
    return response


def handler400(request, exception=None):
    too_large = isinstance(exception, (RequestDataTooBig, TooManyFieldsSent))
    if _is_api(request):
        if too_large:
            return _json(str(RequestTooLarge().detail), 413)
        return _json(_("The request could not be read."), 400)
    if too_large:
        return HttpResponse(_("The request is too large."), status=413, content_type="text/plain; charset=utf-8")
    return defaults.bad_request(request, exception)


def handler403(request, exception=None):
    if _is_api(request):
        return _json(_("You do not have permission to perform this action."), 403)
    return defaults.permission_denied(request, exception)


def handler404(request, exception=None):
    if _is_api(request):
        return _json(_("Not found."), 404)
    return defaults.page_not_found(request, exception)


def handler500(request):
    if isinstance(sys.exc_info()[1], OUTAGE):
        return outage_answer(request)
    if _is_api(request):
        return _json(_("A server error occurred; it has been logged."), 500)
    return defaults.server_error(request)


def outage_answer(request):
    """503: the database does not answer (JSON under /api/)."""
    if _is_api(request):
        return _json(str(ServiceUnavailable().detail), 503)
    response = HttpResponse(str(ServiceUnavailable().detail), status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = "5"
    return response


class DatabaseOutage:
    """A view that finds the database gone answers 503 (JSON under /api/), with DEBUG on or off."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, OUTAGE):
            return outage_answer(request)
        return None
