"""The mail worker sends each mail once: two runs at the same time, and a run killed (kill -9)
in the middle, deliver every queued mail exactly once to a real SMTP server, and a failed delivery
makes the command exit non-zero.

The worker runs as it does in production, `manage.py send_queued_mail` in its own process, on a
SQLite file of its own, delivering over SMTP to a sink in this test that answers like a mail server
and counts a mail as delivered once it has said "250" to its DATA.
"""

from __future__ import annotations

import os
import shutil
import signal
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings

BASE = Path(settings.BASE_DIR)
MAILS = 30

QUEUE = f"""
from django.core.mail import send_mail
for i in range({MAILS}):
    send_mail(f"mail {{i:02d}}", "Hej", "kasserer@example.org", ["medlem@example.org"])
"""


class Sink(socketserver.ThreadingTCPServer):
    """A mail server that keeps the subjects it accepted; `before_accepting` may stall or fail."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), SinkHandler)
        self.accepted: list[str] = []
        self.lock = threading.Lock()
        self.before_accepting: Callable[[str], bool] = lambda subject: True

    def port(self) -> int:
        return self.server_address[1]


class SinkHandler(socketserver.StreamRequestHandler):
    server: Sink

    def say(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self) -> None:
        self.say("220 sink ESMTP")
        while line := self.rfile.readline():
            verb = line[:4].upper()
            if verb in (b"EHLO", b"HELO"):
                self.say("250 sink")
            elif verb == b"DATA":
                self.say("354 end with <CRLF>.<CRLF>")
                subject = ""
                while (data := self.rfile.readline()) not in (b".\r\n", b""):
                    if data.startswith(b"Subject: "):
                        subject = data[9:].decode().strip()
                if not self.server.before_accepting(subject):
                    return  # hang up without "250": the mail was not delivered
                with self.server.lock:
                    self.server.accepted.append(subject)
                self.say("250 queued")
            elif verb == b"QUIT":
                self.say("221 bye")
                return
            else:  # MAIL FROM, RCPT TO, RSET, NOOP
                self.say("250 ok")


@pytest.fixture
def sink():
    server = Sink()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def migrated(tmp_path_factory) -> Path:
    """An empty site's SQLite file, migrated once for the module."""
    database = tmp_path_factory.mktemp("migrated") / "site.sqlite3"
    manage("migrate", "--noinput", env=environment(database))
    return database


@pytest.fixture
def site(tmp_path, sink, migrated):
    """The environment of a site on a copy of that file, delivering to the sink, with 30 mails queued."""
    database = tmp_path / "site.sqlite3"
    shutil.copy(migrated, database)
    env = environment(database) | {
        "OUTBOX_DIR": str(tmp_path / "outbox"),
        "EMAIL_DELIVERY": "smtp",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(sink.port()),
    }
    manage("shell", "-c", QUEUE, env=env)
    return env


def environment(database: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DATABASE_URL", "DJANGO_"))}
    return env | {"DATABASE_URL": f"sqlite:///{database}"}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, str(BASE / "manage.py"), *args], cwd=BASE, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return result


def worker(env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(BASE / "manage.py"), "send_queued_mail"],
        cwd=BASE,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


EVERY_MAIL = [f"mail {i:02d}" for i in range(MAILS)]


def test_two_runs_at_the_same_time_deliver_each_mail_once(site, sink):
    def slowly(subject: str) -> bool:
        time.sleep(0.02)
        return True

    sink.before_accepting = slowly
    first, second = worker(site), worker(site)
    outputs = [run.communicate(timeout=120) for run in (first, second)]

    assert [first.returncode, second.returncode] == [0, 0], outputs
    assert sorted(sink.accepted) == EVERY_MAIL


def test_a_run_killed_in_the_middle_sends_nothing_twice(site, sink):
    runs: list[subprocess.Popen[str]] = []

    def kill_at_the_eleventh(subject: str) -> bool:
        if len(sink.accepted) == 10:
            runs[0].send_signal(signal.SIGKILL)
            runs[0].wait()
            return False
        return True

    sink.before_accepting = kill_at_the_eleventh
    runs.append(worker(site))
    runs[0].communicate(timeout=120)
    assert runs[0].returncode == -signal.SIGKILL
    assert len(sink.accepted) == 10

    sink.before_accepting = lambda subject: True
    again = worker(site)  # the killed run's lock names a process that is gone: it is taken over
    out, err = again.communicate(timeout=120)

    assert again.returncode == 0, err
    assert sorted(sink.accepted) == EVERY_MAIL  # the ten before the kill were not sent again
    assert "20 mails sendt." in out


def test_a_run_finds_the_lock_of_a_run_that_is_sending(site, sink, tmp_path):
    from post_office.lockfile import FileLock

    (tmp_path / "outbox").mkdir(exist_ok=True)
    with FileLock(str(tmp_path / "outbox" / ".send_queued_mail")):  # this process stands for the other run
        run = worker(site)
        out, err = run.communicate(timeout=120)

    assert run.returncode == 0, err
    assert "En anden kørsel sender udbakken; denne sendte intet." in out
    assert sink.accepted == []


def test_a_failed_delivery_exits_non_zero(site, sink):
    sink.before_accepting = lambda subject: subject != "mail 07"
    run = worker(site)
    out, err = run.communicate(timeout=120)

    assert run.returncode == 1
    assert "29 mails sendt." in out
    assert "1 mail kunne ikke afleveres; den venter i udbakken" in err
    assert sorted(sink.accepted) == [subject for subject in EVERY_MAIL if subject != "mail 07"]
