"""A request with a foreign Host header is refused quietly, and a HEAD request gets no body.

Scanners send foreign Host headers all day: each is answered 400 with nothing but gunicorn's
access line (tests/ops/test_serve.py reads that log): no traceback on standard error and no
mail to ADMINS. HEAD is answered with GET's headers and no body, so gunicorn has none to drop.
"""

from __future__ import annotations

import io
import sys

import pytest
from django.core import mail
from django.core.handlers.wsgi import WSGIHandler


@pytest.mark.django_db
def test_a_foreign_host_is_400_without_a_log_line_or_a_mail(client, settings, capfd):
    settings.ALLOWED_HOSTS = ["tarok.example.org"]
    settings.ADMINS = [("Anna", "anna@example.org")]

    response = client.get("/login/", HTTP_HOST="scanner.example")

    assert response.status_code == 400
    assert mail.outbox == []
    assert capfd.readouterr().err == ""


def wsgi(method: str, path: str) -> tuple[str, dict[str, str], bytes]:
    """The site's answer as a WSGI server gets it (the test client drops a HEAD body itself)."""
    answer: dict = {}

    def start_response(status, headers, exc_info=None):
        answer.update(status=status, headers=dict(headers))
        return lambda data: None

    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "HTTP_HOST": "localhost",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
    }
    response = WSGIHandler()(environ, start_response)
    try:
        body = b"".join(response)
    finally:
        response.close()
    return answer["status"], answer["headers"], body


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/login/", "/healthz", "/sw.js"])
def test_head_has_the_headers_of_get_and_no_body(path):
    get_status, get_headers, get_body = wsgi("GET", path)
    head_status, head_headers, head_body = wsgi("HEAD", path)

    assert head_status == get_status == "200 OK"
    assert get_body != b""
    assert head_body == b""
    assert head_headers["Content-Length"] == str(len(get_body))
    assert head_headers["Content-Type"] == get_headers["Content-Type"]
