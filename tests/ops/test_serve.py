"""`make serve`, the production command, really serves the site.

Starts `make serve` (gunicorn, DEBUG=0) on a free local port with a fresh SQLite database and a
fresh STATIC_ROOT, so it migrates and collects from nothing; then fetches a page, its CSS and the
htmx script as a browser behind a TLS proxy would (X-Forwarded-Proto: https), and /healthz; then
stops it with SIGTERM and reads its access log. It always uses SQLite: what is under test is the
serving, and the PostgreSQL run of the suite must not migrate a shared database.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import time
from pathlib import Path

import brotli
import pytest
from django.conf import settings

BASE = Path(settings.BASE_DIR)
TEN_YEARS = "max-age=315360000"
PROXIED = {"X-Forwarded-Proto": "https"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def production_env(tmp: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "DEBUG"}}
    env.update(
        DATABASE_URL=f"sqlite:///{tmp / 'serve.sqlite3'}",
        STATIC_ROOT=str(tmp / "static"),
        SECRET_KEY="x7Rq2-not-a-real-secret-but-long-and-varied-enough-9KpZw4vN",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        TRUST_X_FORWARDED_PROTO="1",
        WEB_CONCURRENCY="2",
    )
    env.update(extra)
    return env


class Server:
    def __init__(self, port: int, process: subprocess.Popen, log: Path):
        self.port, self.process, self.log = port, process, log

    def get(
        self, path: str, headers: dict[str, str] | None = None, method: str = "GET"
    ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, headers=headers or {})
            response = conn.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            conn.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("serve")
    port = free_port()
    log = tmp / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["make", "--no-print-directory", "serve"],
            cwd=BASE,
            env=production_env(tmp, HOST="127.0.0.1", PORT=str(port)),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # make, the script and gunicorn's workers: one group to stop
        )
    running = Server(port, process, log)
    deadline = time.monotonic() + 300  # install, migrate + collectstatic on a busy machine
    try:
        while True:
            assert process.poll() is None, f"make serve stopped:\n{log.read_text()}"
            try:
                if running.get("/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, f"make serve did not answer:\n{log.read_text()}"
            time.sleep(0.5)
        yield running
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=60)


def decoded(headers: dict[str, str], body: bytes) -> bytes:
    encoding = headers.get("content-encoding")
    if encoding == "br":
        return brotli.decompress(body)
    if encoding == "gzip":
        return gzip.decompress(body)
    return body


def test_healthz_answers_json_about_the_database(server):
    status, headers, body = server.get("/healthz")

    # Plain http too: a load balancer asks without TLS, so /healthz is exempt from the redirect.
    assert status == 200
    assert headers["content-type"] == "application/json"
    assert json.loads(body) == {"status": "ok", "database": "ok"}


def test_debug_is_off_and_plain_http_is_sent_to_https(server):
    status, headers, _body = server.get("/login/")
    assert status == 301
    assert headers["location"] == f"https://127.0.0.1:{server.port}/login/"

    status, _headers, body = server.get("/no-such-page/", PROXIED)
    assert status == 404
    assert b"URLconf" not in body  # Django's technical 404 page shows only with DEBUG on


def test_page_css_and_htmx_compressed_with_long_cache(server):
    status, headers, body = server.get("/login/", {**PROXIED, "Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    html = decoded(headers, body).decode()
    css = re.search(r'href="(/static/club/site\.[0-9a-f]{12}\.css)"', html).group(1)
    htmx = re.search(r'src="(/static/django_htmx/htmx-2\.min\.[0-9a-f]{12}\.js)"', html).group(1)

    for path, source in [
        (css, BASE / "club/static/club/site.css"),
        (htmx, Path(__import__("django_htmx").__file__).parent / "static/django_htmx/htmx-2.min.js"),
    ]:
        for accept in ["br, gzip", "gzip"]:
            status, headers, body = server.get(path, {**PROXIED, "Accept-Encoding": accept})
            assert status == 200, path
            assert headers["content-encoding"] == accept.split(",")[0], path
            assert TEN_YEARS in headers["cache-control"] and "immutable" in headers["cache-control"], path
            assert decoded(headers, body) == source.read_bytes(), path


def test_the_service_worker_keeps_the_hashed_shell(server):
    status, headers, body = server.get("/sw.js", PROXIED)

    assert status == 200
    assert headers["content-type"] == "text/javascript; charset=utf-8"
    script = decoded(headers, body).decode()
    assert re.search(r'"/static/club/site\.[0-9a-f]{12}\.css"', script)
    assert 'url.pathname.indexOf("/static/") === 0' in script


def test_one_access_line_per_request(server):
    server.get("/healthz?access-log-probe", PROXIED)
    time.sleep(0.5)

    lines = [line for line in server.log.read_text().splitlines() if "access-log-probe" in line]
    assert len(lines) == 1
    assert re.fullmatch(r'127\.0\.0\.1 "GET /healthz\?access-log-probe HTTP/1\.1" 200 \d+ \d+ms "[^"]*"', lines[0])


def lines_written_by(server: Server, request) -> list[str]:
    """The log lines the server writes while `request()` runs."""
    before = len(server.log.read_text().splitlines())
    request()
    time.sleep(0.5)
    return server.log.read_text().splitlines()[before:]


def test_a_foreign_host_leaves_one_access_line_and_no_traceback(server):
    lines = lines_written_by(server, lambda: server.get("/login/?foreign-host-probe", {"Host": "scanner.example"}))

    assert len(lines) == 1
    assert re.fullmatch(r'127\.0\.0\.1 "GET /login/\?foreign-host-probe HTTP/1\.1" 400 \d+ \d+ms "[^"]*"', lines[0])


def test_head_leaves_one_access_line_and_no_warning(server):
    lines = lines_written_by(server, lambda: server.get("/login/?head-probe", PROXIED, method="HEAD"))

    assert len(lines) == 1
    assert re.fullmatch(r'127\.0\.0\.1 "HEAD /login/\?head-probe HTTP/1\.1" 200 0 \d+ms "[^"]*"', lines[0])


def serve(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """scripts/serve, what `make serve` runs once the packages are installed."""
    return subprocess.run(["scripts/serve"], cwd=BASE, env=env, capture_output=True, text=True, timeout=120)


CLOSED_PORT = "postgres://tarokbog:secret@127.0.0.1:9/tarokbog"  # the discard port: nothing listens


@pytest.mark.parametrize(
    ("variables", "says"),
    [
        ({"DEBUG": "flase"}, "make serve: DEBUG='flase' is not a yes/no value: use 1 or 0 (or true/false).\n"),
        ({"DEBUG": "1"}, "make serve: DEBUG=1: make serve runs with DEBUG off; unset DEBUG or set it to 0.\n"),
        (
            {"DATABASE_URL": "postgress://tarokbog:secret@127.0.0.1/tarokbog"},
            "make serve: DATABASE_URL: the scheme 'postgress' is unknown; "
            "use postgres://USER:PASSWORD@HOST:PORT/NAME or sqlite:///PATH.\n",
        ),
        (
            {"DATABASE_URL": CLOSED_PORT},
            "make serve: DATABASE_URL: the database does not answer (tarokbog on 127.0.0.1:9 as tarokbog): "
            'connection failed: connection to server at "127.0.0.1", port 9 failed: Connection refused\n',
        ),
        (
            {"DEBUG": "Off", "DATABASE_URL": CLOSED_PORT},  # a false word is kept: the next check speaks
            "make serve: DATABASE_URL: the database does not answer (tarokbog on 127.0.0.1:9 as tarokbog): "
            'connection failed: connection to server at "127.0.0.1", port 9 failed: Connection refused\n',
        ),
        (
            {"MIGRATE_DATABASE_URL": CLOSED_PORT},
            "make serve: MIGRATE_DATABASE_URL: the database does not answer (tarokbog on 127.0.0.1:9 as tarokbog): "
            'connection failed: connection to server at "127.0.0.1", port 9 failed: Connection refused\n',
        ),
    ],
    ids=[
        "debug-misspelt",
        "debug-on",
        "unknown-scheme",
        "database-unreachable",
        "debug-off-kept",
        "migrate-database-unreachable",
    ],
)
def test_serve_names_the_problem_in_one_line(tmp_path, variables, says):
    result = serve(production_env(tmp_path, PORT=str(free_port()), **variables))

    assert result.returncode == 2
    assert result.stderr == says
    assert "secret" not in result.stderr


def test_preflight_names_pending_migrations(tmp_path):
    # An empty SQLite file stands in for a PostgreSQL database nobody has migrated yet: scripts/serve
    # migrates SQLite itself, so its check for pending migrations is run directly, as it runs it.
    env = production_env(tmp_path)
    result = subprocess.run(
        [".venv/bin/python", "-m", "club.preflight", "DATABASE_URL", "--no-pending"],
        cwd=BASE,
        env=env,
        capture_output=True,
        text=True,
    )

    assert result.returncode == 2
    assert re.fullmatch(
        rf"make serve: migrations are pending \(\d+\) on {tmp_path / 'serve.sqlite3'}; set MIGRATE_DATABASE_URL "
        r"to the tables' owner \(the same URL if the site connects as the owner\) and run make serve again\.\n",
        result.stderr,
    )


@pytest.mark.parametrize(
    ("missing", "says"),
    [("SECRET_KEY", "set SECRET_KEY"), ("ALLOWED_HOSTS", "set ALLOWED_HOSTS")],
)
def test_make_serve_refuses_to_start_without(tmp_path, missing, says):
    env = production_env(tmp_path, PORT=str(free_port()))
    env[missing] = ""

    result = subprocess.run(
        ["make", "--no-print-directory", "serve"], cwd=BASE, env=env, capture_output=True, text=True
    )

    assert result.returncode != 0
    assert says in result.stderr
    assert not (tmp_path / "serve.sqlite3").exists()  # refused before migrating anything
