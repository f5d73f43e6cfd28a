"""The import's maximum, a members' spreadsheet of 2,000 rows, through the office and the command, on PostgreSQL.

    .venv/bin/python benchmarks/import_members.py [--rows 2000] [--known 300] [--invite]

Creates the database named by DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_import;
a throwaway: it is dropped first, and at the end unless ``--keep``), migrates it and starts a club
as `create_club` does, with `--known` members added by hand: half of them without an address (the
sheet names them and gives each an address and a saldo), half with one (the sheet finds them by it
and gives a saldo). The other rows are new members, two in three with an address, nine in ten with
an opening saldo. Then, timed one after the other (the two previews leave nothing behind):

1. `manage.py import_members --dry-run` (the command's preview);
2. the office's preview (the file uploaded to Kontor → Overfør fra papir);
3. the office's import (the preview confirmed; with `--invite`, every imported member with an
   address invited: a mail each).

Each with its wall time, this process's CPU time, its queries and queries a row (`--slowest N`:
its N slowest statements); then `ledger_check` over the imported club. Goal: each of them under
10 s, well inside gunicorn's 30 s timeout (issue 36). It exits non-zero when an answer, the
members or the books are wrong (not for a goal missed).
"""

from __future__ import annotations

import argparse
import base64
import csv
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_import")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")

import django  # noqa: E402

from benchmarks.ledger_postgres import recreate_database  # noqa: E402

SLUG = "bench-import"
GOAL_SECONDS = 10
FIRST_NAMES = ("Anna", "Bent", "Carl", "Dorte", "Erik", "Frida", "Gorm", "Hanne", "Ib", "Jytte")
SURNAMES = ("Ærø", "Østergaard", "Åberg", "Jensen", "Nielsen", "Hansen", "Pedersen", "Andersen", "Larsen", "Sørensen")


def name(number: int) -> str:
    """A distinct name a club could have ("Anna Ærø 17"): no two of them look alike."""
    first = FIRST_NAMES[number % len(FIRST_NAMES)]
    last = SURNAMES[number // len(FIRST_NAMES) % len(SURNAMES)]
    return f"{first} {last} {number}"


def saldo(number: int) -> str:
    """A saldo as a club types it, or none for every tenth row; owed both ways."""
    if number % 10 == 9:
        return ""
    kroner = (number * 37) % 900 + 1
    return f"{'-' if number % 3 else ''}{kroner},{number % 100:02d}"


def build_club(known: int):
    """The club with its first official, and `known` members added by hand."""
    from club.models import Member
    from club.services import members

    admin = members.create_club(name="Importklubben", slug=SLUG, admin_email="formand@example.org")
    club = admin.club
    for number in range(known):
        email = f"kendt{number}@example.org" if number % 2 else ""
        members.add_member(club, name=name(number), email=email, role=Member.Role.MEMBER)
    return club, admin


def spreadsheet(rows: int, known: int) -> bytes:
    """The sheet: a row for each known member first (by name with a new address, or by his
    address), then new members."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow(["navn", "email", "rolle", "saldo"])
    for number in range(min(known, rows)):
        writer.writerow([name(number), f"kendt{number}@example.org", "", saldo(number)])
    for number in range(known, rows):
        email = f"ny{number}@example.org" if number % 3 else ""
        writer.writerow([name(number), email, "skriver" if number % 50 == 0 else "medlem", saldo(number)])
    return ("\ufeff" + out.getvalue()).encode()


def timed(label: str, rows: int, run, slowest: int = 0) -> tuple[str, float, float, int]:
    """Run it once: wall and CPU time, its statements (counted here: Django's log keeps 9,000)
    and, with `slowest`, the slowest of them."""
    from django.db import connection

    statements: list[tuple[float, str]] = []

    def timed_statement(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            statements.append((time.perf_counter() - started, sql[:140]))

    with connection.execute_wrapper(timed_statement):
        started, started_cpu = time.perf_counter(), time.process_time()
        run()
        elapsed, cpu = time.perf_counter() - started, time.process_time() - started_cpu
    queries = len(statements)
    print(f"  {label:28} {elapsed:8.2f} {cpu:8.2f} {queries:8} {queries / rows:8.1f}", flush=True)
    for seconds, sql in sorted(statements, reverse=True)[:slowest]:
        print(f"    {seconds * 1000:9.1f} ms  {sql}")
    return label, elapsed, cpu, queries


def run(rows: int, known: int, invite: bool, slowest: int) -> tuple[list[str], list[str]]:
    """What went wrong (an answer, the members, the books), and the goals missed."""
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse
    from django.utils import translation

    with translation.override("da"):
        club, admin = build_club(known)
    data = spreadsheet(rows, known)
    url = reverse("office_members_import", args=[club.slug])
    browser = Client(HTTP_ACCEPT_LANGUAGE="da")
    browser.force_login(admin.user)
    answers: dict[str, object] = {}

    def command_preview() -> None:
        with tempfile.NamedTemporaryFile(suffix=".csv") as sheet:
            sheet.write(data)
            sheet.flush()
            out = io.StringIO()
            call_command("import_members", club.slug, sheet.name, "--dry-run", stdout=out)
        answers["command"] = out.getvalue().splitlines()[-1]

    def office_preview() -> None:
        upload = io.BytesIO(data)
        upload.name = "medlemmer.csv"
        answers["preview"] = browser.post(url, {"sheet_file": upload})

    def office_import() -> None:
        sheet = base64.b64encode(data).decode("ascii")
        answers["import"] = browser.post(url, {"sheet": sheet, "confirmed": "1", "invite": "1" if invite else ""})

    print(f"{rows:,} rows, {min(known, rows):,} of them members the club has ({club.members.count()} before)")
    print(f"  {'':28} {'wall s':>8} {'cpu s':>8} {'queries':>8} {'a row':>8}")
    results = [
        timed("command: --dry-run", rows, command_preview, slowest),
        timed("office: preview", rows, office_preview, slowest),
        timed("office: import" + (" and invite" if invite else ""), rows, office_import, slowest),
    ]
    print(f"  command: {answers['command']}")
    preview, done = answers["preview"], answers["import"]
    problems = []
    if preview.status_code != 200:  # type: ignore[attr-defined]
        problems.append(f"the preview answered {preview.status_code}")  # type: ignore[attr-defined]
    if done.status_code != 302:  # type: ignore[attr-defined]
        problems.append(f"the import answered {done.status_code}")  # type: ignore[attr-defined]
    if (count := club.members.count()) != rows + 1 + max(0, known - rows):
        problems.append(f"the club has {count} members after the import")
    mails = club.mails.count()
    print(f"  {club.members.filter(user__isnull=False).count()} members with a login, {mails} invitations queued")
    if invite and not mails:
        problems.append("the import invited nobody")
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    print(f"  ledger_check: {out.getvalue().strip().splitlines()[-1]}")
    if "problems found: 0" not in out.getvalue():
        problems.append("ledger_check found problems")
    missed = [
        f"{label}: {elapsed:.1f} s > {GOAL_SECONDS} s"
        for label, elapsed, _cpu, _queries in results
        if elapsed > GOAL_SECONDS
    ]
    return problems, missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=2000, help="rows in the spreadsheet (the import's maximum: 2000)")
    parser.add_argument("--known", type=int, default=300, help="of them, members the club has already")
    parser.add_argument("--invite", action="store_true", help="the import invites the new members with an address")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument("--slowest", type=int, default=0, help="print the N slowest statements of each")
    args = parser.parse_args()
    url = os.environ["DATABASE_URL"]

    recreate_database(url)
    django.setup()
    from django.conf import settings

    settings.DEBUG = False
    from django.core.management import call_command
    from django.db import connection

    try:
        call_command("migrate", verbosity=0)
        problems, missed = run(args.rows, args.known, args.invite, args.slowest)
        print("Goals met." if not missed else "Missed:\n  " + "\n  ".join(missed))
        if problems:
            sys.exit("Broken:\n  " + "\n  ".join(problems))
    finally:
        connection.close()
        if not args.keep:
            recreate_database(url, drop_only=True)


if __name__ == "__main__":
    from django_scopes import scopes_disabled

    with scopes_disabled():  # its set-up writes the club's rows outside a request (club/scoping.py)
        main()
