"""/healthz: 200 and JSON while the database answers, 503 and JSON when it does not."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings


@pytest.mark.django_db
def test_healthz_is_200_with_the_database(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-store" in response["Cache-Control"]


def test_healthz_is_503_when_the_database_cannot_be_opened(tmp_path):
    # A SQLite file in a folder that does not exist: every connection fails, as a stopped server would.
    script = (
        "from django.test import Client; r = Client().get('/healthz', HTTP_HOST='localhost'); "
        "print(r.status_code); print(r.content.decode())"
    )
    result = subprocess.run(
        [sys.executable, settings.BASE_DIR / "manage.py", "shell", "-c", script],
        env={**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'missing' / 'db.sqlite3'}", "DEBUG": "1"},
        capture_output=True,
        text=True,
    )

    status, body = result.stdout.splitlines()[-2:]
    assert status == "503"
    assert json.loads(body) == {"status": "error", "database": "unavailable"}
    assert "healthz: the database does not answer" in result.stderr  # logged with its traceback
    assert "Traceback" in result.stderr


@pytest.mark.django_db
@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8000", "[::1]", "[::1]:8000", "localhost:8000"])
def test_healthz_answers_a_local_monitor_asking_by_address(client, settings, host):
    settings.ALLOWED_HOSTS = ["tarok.example.org"]

    response = client.get("/healthz", HTTP_HOST=host)

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


@pytest.mark.django_db
@pytest.mark.parametrize(("host", "path"), [("10.0.0.7", "/healthz"), ("127.0.0.1", "/login/")])
def test_only_healthz_and_only_under_a_loopback_name_passes_without_allowed_hosts(client, settings, host, path):
    settings.ALLOWED_HOSTS = ["tarok.example.org"]

    assert client.get(path, HTTP_HOST=host).status_code == 400


def test_a_database_outage_mails_admins_nothing(tmp_path):
    # DEBUG off, ADMINS set, mail printed by the console backend: the 503 of an API call with a
    # token and of each /healthz probe is logged to standard error, and no error mail goes to ADMINS.
    script = (
        "from django.test import Client; c = Client(HTTP_HOST='localhost', HTTP_AUTHORIZATION='Token abc'); "
        "print([c.get(path).status_code for path in ('/api/clubs/', '/healthz', '/healthz')])"
    )
    result = subprocess.run(
        [sys.executable, settings.BASE_DIR / "manage.py", "shell", "-c", script],
        env={
            **os.environ,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'missing' / 'db.sqlite3'}",
            "DEBUG": "0",
            "SECRET_KEY": "x" * 50,
            "ALLOWED_HOSTS": "localhost",
            "ADMINS": "Anna Jensen <anna@example.org>",
            "EMAIL_DELIVERY": "console",
        },
        capture_output=True,
        text=True,
    )

    assert result.stdout.splitlines()[-1] == "[503, 503, 503]", result.stderr
    assert "Traceback" in result.stderr  # logged
    assert "anna@example.org" not in result.stdout + result.stderr  # and not mailed
