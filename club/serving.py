"""Two middlewares about how the site answers on the wire, not what it answers.

`LocalHealthCheck`: a monitor on the machine itself asks `http://127.0.0.1:8000/healthz`, with a
loopback Host that ALLOWED_HOSTS (the public name) does not list. That one path, asked under a
loopback name, is answered here, before CommonMiddleware checks the Host; every other foreign
Host is still refused with 400 (quietly: settings.LOGGING).

`HeadWithoutBody`: Django answers HEAD as GET, body included; gunicorn then drops the body and
logs a warning for each such request. The body is dropped here instead, its Content-Length kept.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.http.request import split_domain_port

from club.health import healthz

HEALTHZ_PATH = "/healthz"


def is_loopback(host: str) -> bool:
    """'127.0.0.1:8000', '[::1]', 'localhost' -> True; a public name or address -> False."""
    domain, _port = split_domain_port(host)
    if domain == "localhost":
        return True
    try:
        return ipaddress.ip_address(domain.strip("[]")).is_loopback
    except ValueError:
        return False


class LocalHealthCheck:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info == HEALTHZ_PATH and is_loopback(request.META.get("HTTP_HOST", "")):
            return healthz(request)
        return self.get_response(request)


class HeadWithoutBody:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if request.method != "HEAD":
            return response
        if isinstance(response, HttpResponse):
            if not response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
            response.content = b""
        elif isinstance(response, StreamingHttpResponse):
            response.streaming_content = []  # the file, if any, is still closed with the response
        return response
