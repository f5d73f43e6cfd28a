"""Many tables recording at once through the API, with live score sheets on every phone, against
the production server (`scripts/serve`, which `make serve` runs: gunicorn, DEBUG off) on PostgreSQL.

    .venv/bin/python benchmarks/load_tables.py [--tables 50] [--phones 4] [--seconds 60]

Creates the database named by BENCH_DATABASE_URL (default
postgres://postgres@127.0.0.1:5432/bench_scale_load; a throwaway: dropped first and afterwards),
a club with one open sitting at each of `--tables` tables (four in five Danish vlk-2010, the rest
Paskievics with its pot), then starts `scripts/serve` with WEB_CONCURRENCY workers (2) and, for
`--seconds`:

- each table's scorer POSTs its next deal to /api/sittings/<id>/deals/ (a token), waits
  `--think` seconds, and goes on;
- each of `--phones` phones a table asks for the score sheet every 3 seconds, as htmx does
  (/c/<club>/sittings/<id>/sheet/?v=<version>: 204 while nothing changed, else the new sheet);
  its first answer, the whole sheet as the sitting page brings it, is not a refresh.

It prints the deals per second held, the median and p95 of a deal POST and of a sheet refresh,
the errors (any answer but 201, 200 or 204), and `manage.py ledger_check` afterwards.
Goal: p95 deal POST <= 2x p95 sheet refresh, 0 errors, ledger_check 0 problems.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_scale_load")
os.environ["DATABASE_URL"] = URL
# The server's secret: the phones' session cookie is made here and must hold there.
os.environ["SECRET_KEY"] = SECRET_KEY = "load-benchmark-" + "x" * 40
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

import django  # noqa: E402
import requests  # noqa: E402

from benchmarks.ledger_postgres import recreate_database  # noqa: E402

SLUG = "load"
POLL_SECONDS = 3.0  # hx-trigger="every 3s" (templates/club/partials/sheet.html)
DEALS = 400  # more than any table records in a run


def renamed(value, names: dict[str, str]):
    """A record with its players' names replaced (keys and values): each table seats its own members."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def build(tables: int, rng: random.Random):
    """The club, its seasons and one open sitting a table: [(sitting id, the deals to record)]."""
    import datetime

    from club.models import Season, Table
    from club.services import members as office
    from club.services.sittings import start_sitting
    from fixtures import hungarian_sittings
    from fixtures.sittings import random_sitting

    admin = office.create_club(name="Belastning", admin_email="anna@load.example", admin_name="Anna", slug=SLUG)
    club = admin.club
    today = datetime.date.today()
    year = {"starts_on": datetime.date(today.year, 1, 1), "ends_on": datetime.date(today.year, 12, 31)}
    danish = Season.objects.create(club=club, name="Dansk", preset="vlk-2010", close="split", **year)
    paskievics = Season.objects.create(
        club=club, name="Paskievics", preset="paskievics", overrides={"pot": True}, close="carry", **year
    )
    sittings = []
    for n in range(1, tables + 1):
        table = Table.objects.create(club=club, name=f"Bord {n}")
        if n % 5:
            season = danish
            record = random_sitting(rng, "vlk-2010", deals=DEALS, table_size=4, close=None, opening_cups=None)
        else:
            season = paskievics
            record = hungarian_sittings.random_sitting(
                rng, "paskievics", DEALS, table_size=4, close=None, overrides={"pot": True}, opening_pot=None
            )
        names = {name: f"{name} {n}" for name in record["table"]}
        record = renamed(record, names)
        seated = [office.add_member(club, name=name) for name in record["table"]]
        sitting = start_sitting(
            season=season,
            table=table,
            members=seated,
            first_dealer=next(m for m in seated if m.name == record["deals"][0]["dealer"]),
            date=today,
        )
        sittings.append((sitting.pk, record["deals"]))
    return admin, sittings


def credentials(admin) -> tuple[str, str]:
    """(the scorer's API token, a signed-in session cookie for the phones)."""
    from django.conf import settings
    from django.test import Client
    from rest_framework.authtoken.models import Token

    token = Token.objects.get_or_create(user=admin.user)[0].key
    browser = Client()
    browser.force_login(admin.user)
    return token, f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"


class Run:
    def __init__(self, base: str, until: float):
        self.base, self.until = base, until
        self.posts: list[float] = []
        self.refreshes: list[float] = []
        self.openings: list[float] = []
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def note(self, kind: list[float], started: float, response) -> None:
        elapsed = time.perf_counter() - started
        with self.lock:
            if response.status_code not in (200, 201, 204):
                self.errors.append(f"{response.status_code} {response.request.method} {response.request.url}")
            else:
                kind.append(elapsed * 1000)

    def scorer(self, sitting: int, deals: list[dict], token: str, think: float) -> None:
        session = requests.Session()
        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        url = f"{self.base}/api/sittings/{sitting}/deals/"
        time.sleep(random.uniform(0, think))
        for number, deal in enumerate(deals, start=1):
            if time.perf_counter() >= self.until:
                return
            started = time.perf_counter()
            response = session.post(
                url,
                data=json.dumps(deal),
                headers=headers | {"Idempotency-Key": f"{sitting}-{number}"},
                allow_redirects=False,
            )
            self.note(self.posts, started, response)
            if response.status_code != 201:
                return  # the rest of this table's deals would follow a gap
            time.sleep(think)

    def phone(self, sitting: int, cookie: str) -> None:
        session = requests.Session()
        url = f"{self.base}/c/{SLUG}/sittings/{sitting}/sheet/"
        version = ""
        time.sleep(random.uniform(0, POLL_SECONDS))
        opened = False  # the phone's first answer is the whole sheet, as the sitting page brings it
        while time.perf_counter() < self.until:
            started = time.perf_counter()
            response = session.get(
                url, params={"v": version}, headers={"Cookie": cookie, "HX-Request": "true"}, allow_redirects=False
            )
            self.note(self.refreshes if opened else self.openings, started, response)
            opened = True
            if response.status_code == 200 and (found := re.search(r'data-version="([^"]+)"', response.text)):
                version = found.group(1)
            time.sleep(POLL_SECONDS)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)] if ordered else float("nan")


def serve(port: int) -> subprocess.Popen:
    env = os.environ | {
        "SECRET_KEY": SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1",
        "PORT": str(port),
        "DATABASE_URL": URL,
        "MIGRATE_DATABASE_URL": URL,
        "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "2"),
    }
    server = subprocess.Popen(
        ["scripts/serve"],
        cwd=ROOT,
        env=env,
        stdout=open("/tmp/load_tables.access.log", "w"),
        stderr=open("/tmp/load_tables.serve.log", "w"),
        start_new_session=True,
    )
    for _ in range(600):
        try:
            if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1).ok:
                return server
        except requests.ConnectionError:
            pass
        if server.poll() is not None:
            sys.exit("scripts/serve stopped; see /tmp/load_tables.serve.log")
        time.sleep(0.5)
    sys.exit("scripts/serve did not answer within 5 minutes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=4, help="phones refreshing each table's score sheet")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=2.0, help="seconds a scorer waits between deals")
    parser.add_argument("--port", type=int, default=8765, help="0: any free port")
    parser.add_argument(
        "--strict", action="store_true", help="exit non-zero on any error answer or a failed check (a smoke run)"
    )
    args = parser.parse_args()
    if args.port == 0:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            args.port = s.getsockname()[1]

    recreate_database(URL)
    django.setup()
    from django.core.management import call_command
    from django.db import connection

    server = None
    try:
        call_command("migrate", verbosity=0)
        admin, sittings = build(args.tables, random.Random(19))
        token, cookie = credentials(admin)
        connection.close()
        server = serve(args.port)
        run = Run(f"http://127.0.0.1:{args.port}", time.perf_counter() + args.seconds)
        threads = [threading.Thread(target=run.scorer, args=(pk, deals, token, args.think)) for pk, deals in sittings]
        threads += [
            threading.Thread(target=run.phone, args=(pk, cookie)) for pk, _deals in sittings for _ in range(args.phones)
        ]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        print(
            f"{args.tables} tables, {args.phones} phones each, {elapsed:.0f} s, {os.environ.get('WEB_CONCURRENCY', '2')} "
            f"gunicorn workers: {len(run.posts)} deals ({len(run.posts) / elapsed:.1f} deals/s), "
            f"{len(run.refreshes)} sheet refreshes ({len(run.refreshes) / elapsed:.1f}/s)"
        )
        print(f"  deal POST:     median {median(run.posts):7.1f} ms, p95 {p95(run.posts):7.1f} ms")
        print(f"  sheet refresh: median {median(run.refreshes):7.1f} ms, p95 {p95(run.refreshes):7.1f} ms")
        ratio = p95(run.posts) / p95(run.refreshes)
        print(f"  p95 deal POST / p95 sheet refresh: {ratio:.2f} (goal <= 2); errors: {len(run.errors)}")
        for error in run.errors[:10]:
            print(f"    {error}")
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        server = None
        call_command("ledger_check", "--club", SLUG)
        if args.strict and (run.errors or not run.posts):
            sys.exit(f"{len(run.errors)} error answers, {len(run.posts)} deals posted")
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
        connection.close()
        recreate_database(URL, drop_only=True)


if __name__ == "__main__":
    from django_scopes import scopes_disabled

    with scopes_disabled():  # its own set-up reads and writes any club's rows (club/scoping.py)
        main()
