"""The application `make serve` gives gunicorn (`club.serve:application`): `club.wsgi`'s, warmed up.

Loaded once in gunicorn's master (`--preload`), before it listens and forks its workers: one
request for the login page goes through the whole stack in-process (URLconf and views imported,
templates compiled, translations read), so the first visitor's request is as quick as the next.
The database connections it may have opened are closed before the fork.
"""

from __future__ import annotations

import io
import sys

from django.conf import settings
from django.db import connections

from club.wsgi import application


def _a_host() -> str:
    for host in settings.ALLOWED_HOSTS:
        if host != "*":
            return host.lstrip(".")
    return "localhost"


def _ignore_start(status, headers, exc_info=None):
    return lambda data: None


def warm_up() -> None:
    host = _a_host()
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": "/login/",
        "SERVER_NAME": host,
        "SERVER_PORT": "443",
        "HTTP_HOST": host,
        "HTTP_X_FORWARDED_PROTO": "https",  # as a TLS proxy would say it, so no redirect answers instead
        "wsgi.url_scheme": "https",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
    }
    for _chunk in application(environ, _ignore_start):
        pass
    connections.close_all()


warm_up()
