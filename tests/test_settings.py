"""Production settings: refuse to start without a secret or hosts, refuse values they cannot read,
and pass Django's deploy checks."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

MANAGE = Path(__file__).resolve().parent.parent / "manage.py"
SECRET = "x7Rq2-not-a-real-secret-but-long-and-varied-enough-9KpZw4vN"


def manage(*args, **env):
    """Run manage.py in a fresh process, since settings are read once at import."""
    return subprocess.run(
        [sys.executable, MANAGE, *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )


def test_production_settings_pass_deploy_checks():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=SECRET,
        ALLOWED_HOSTS="tarok.example.org",
        TRUST_X_FORWARDED_PROTO="1",  # behind a TLS proxy, as docs/operations.md's production example
    )

    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


SHOW_HTTPS = "from django.conf import settings as s; print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD)"


@pytest.mark.parametrize(("proxy", "https"), [("", "False False"), ("1", "True True")])
def test_plain_http_answers_until_a_tls_proxy_is_declared(proxy, https):
    """`make serve` tried on a laptop answers http://127.0.0.1:8000/; behind a proxy, https only."""
    env = {"DEBUG": "0", "SECRET_KEY": SECRET, "ALLOWED_HOSTS": "127.0.0.1", "TRUST_X_FORWARDED_PROTO": proxy}
    result = manage("shell", "-c", SHOW_HTTPS, **env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == f"{https} True True"  # HSTS as docs/operations.md tells it


def test_production_refuses_to_start_without_secret_key():
    result = manage("check", DEBUG="0", SECRET_KEY="")

    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def test_production_refuses_to_start_without_allowed_hosts():
    # Before, DEBUG=0 fell back to localhost-only and the real host got 400 for every page.
    result = manage("check", DEBUG="0", SECRET_KEY=SECRET, ALLOWED_HOSTS="")

    assert result.returncode != 0
    assert "Set ALLOWED_HOSTS" in result.stderr


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        # An unknown word stops the start-up, naming the variable, rather than meaning "off".
        ("DEBUG", "flase", "DEBUG='flase' is not a yes/no value"),
        ("TRUST_X_FORWARDED_PROTO", "maybe", "TRUST_X_FORWARDED_PROTO='maybe' is not a yes/no value"),
        ("CONN_MAX_AGE", "1 minute", "CONN_MAX_AGE='1 minute' is not a whole number"),
        ("LANGUAGE_CODE", "de", "LANGUAGE_CODE='de': use one of da, en"),
        ("TRUSTED_PROXIES", "10.0.0.300", "TRUSTED_PROXIES: '10.0.0.300' does not appear to be an IPv4"),
    ],
)
def test_a_value_the_settings_cannot_read_refuses_to_start(name, value, says):
    env = {"DEBUG": "0", "SECRET_KEY": SECRET, "ALLOWED_HOSTS": "tarok.example.org", name: value}
    result = manage("check", **env)

    # One line naming the variable and what it accepts, exit status 2, no traceback.
    assert result.returncode == 2
    assert result.stderr.startswith(f"manage.py: {says}")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(("value", "debug"), [("0", False), ("false", False), ("no", False), ("1", True), ("On", True)])
def test_debug_words_that_are_understood(value, debug):
    result = manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.DEBUG)",
        DEBUG=value,
        SECRET_KEY=SECRET,
        ALLOWED_HOSTS="tarok.example.org",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == str(debug)


def test_a_command_beside_production_env_without_its_database_says_which_it_uses(tmp_path):
    from club.startup import database_not_loaded

    demo = str(tmp_path / "tarokbog.sqlite3")
    assert database_not_loaded(tmp_path, {}, demo) is None  # a development checkout: nothing to say
    (tmp_path / "production.env").write_text("DATABASE_URL=postgres://tarokbog_app@/tarokbog\n")
    assert database_not_loaded(tmp_path, {"DATABASE_URL": "postgres://tarokbog_app@/tarokbog"}, demo) is None
    assert database_not_loaded(tmp_path, {}, demo) == (
        f"DATABASE_URL is not set, so this uses the SQLite file {demo}, not the database production.env "
        "names; load it first: set -a && . ./production.env && set +a"
    )
