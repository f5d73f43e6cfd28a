"""How long 100 monthly statements take, and how much memory, data and PDFs apart.

    .venv/bin/python -m benchmarks.statements                 # SQLite (in memory)
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python -m benchmarks.statements

Builds a throw-away test database (Django's test database, dropped afterwards) with one club:
100 members, 10 tables, October and November 2026 played through `club.services` (one sitting
a week per table, 4 at a table, random valid vlk-2010 deals from `fixtures.sittings`), and a
correction a week booked in November. Then, for every member:

1. the statement data (`build_statement`), timed;
2. the A4 PDF (`statement_pdf`, one shared WeasyPrint font configuration, as the management
   command does), timed;
3. both again under tracemalloc for the Python heap's peak (slower, so not timed).

ru_maxrss is the whole process's peak resident set, setup included.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import resource
import time
import tracemalloc
from typing import Any

import django

FIRST_NAMES = ("Anna", "Bent", "Carl", "Dorte", "Erik", "Frida", "Gorm", "Hanne", "Ib", "Jytte")
SURNAMES = ("Ærø", "Østergaard", "Åberg", "Jensen", "Nielsen", "Hansen", "Pedersen", "Andersen", "Larsen", "Sørensen")
MONTHS = ((2026, 10), (2026, 11))


def renamed(value: Any, names: dict[str, str]) -> Any:
    """A generated record with the generator's member names replaced by the club's."""
    if isinstance(value, dict):
        return {names.get(key, key): renamed(item, names) for key, item in value.items()}
    if isinstance(value, list):
        return [renamed(item, names) for item in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def build_club(members_count: int, tables_count: int, deals: int, seed: int):
    from club.models import Club, Member, Season, Table
    from club.services.closing import close_sitting
    from club.services.corrections import correct_deal
    from club.services.deals import record_deal
    from club.services.sittings import start_sitting
    from fixtures.sittings import random_sitting

    rng = random.Random(seed)
    club = Club.objects.create(name="Benchmarkens Tarokklub", slug="benchmark")
    names = [f"{first} {last}" for last in SURNAMES for first in FIRST_NAMES][:members_count]
    members = [Member.objects.create(club=club, name=name) for name in names]
    season = Season.objects.create(
        club=club,
        name="2026",
        starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31),
        point_value_ore=25,
    )
    tables = [Table.objects.create(club=club, name=f"Bord {n}") for n in range(1, tables_count + 1)]

    evenings = [datetime.date(2026, 10, 6) + datetime.timedelta(weeks=w) for w in range(8)]  # Tuesdays to 24 Nov
    first_deals = []
    seats_an_evening = 4 * tables_count
    for week, evening in enumerate(evenings):
        # Turn by turn, so everyone plays in November; shuffled within the evening.
        seated = [members[(week * seats_an_evening + i) % len(members)] for i in range(seats_an_evening)]
        rng.shuffle(seated)
        for table_number, table in enumerate(tables):
            four = seated[4 * table_number : 4 * table_number + 4]
            record = random_sitting(rng, "vlk-2010", deals, table_size=4, opening_cups=None)
            record = renamed(record, dict(zip(record["table"], (m.name for m in four))))
            dealer = next(m for m in four if m.name == record["deals"][0]["dealer"])
            sitting = start_sitting(season=season, table=table, members=four, first_dealer=dealer, date=evening)
            recorded = [record_deal(sitting, deal) for deal in record["deals"]]
            close_sitting(sitting, how="split")
            first_deals.append(recorded[0].deal)
    # A correction a week in November: deal 1 of a random sitting, its last trick moved on.
    for _ in range(4):
        deal = rng.choice(first_deals)
        record = dict(deal.current_version.record)
        if record.get("last_trick") and not any(k in record for k in ("pagat", "kings", "nolo", "tout", "culprit")):
            players = record["players"]
            record["last_trick"] = players[(players.index(record["last_trick"]) + 1) % 3]
            correct_deal(deal, record, reason="Benchmark: the last trick went to the next player")
    return club


def run(members_count: int, tables_count: int, deals: int, seed: int, language: str) -> None:
    from django.db import connection
    from weasyprint.text.fonts import FontConfiguration

    from club.months import Month
    from club.reports.pdf import statement_pdf
    from club.reports.statements import build_statement, members_with_statements
    from ledger.models import Posting, Transaction

    started = time.perf_counter()
    club = build_club(members_count, tables_count, deals, seed)
    print(f"database: {connection.vendor}; setup {time.perf_counter() - started:.1f} s: "
          f"{Transaction.objects.count()} transactions, {Posting.objects.count()} postings")  # fmt: skip

    month = Month(*MONTHS[-1])
    members = members_with_statements(club, month)
    print(f"statements for {month}: {len(members)} members")

    started, cpu = time.perf_counter(), time.process_time()
    statements = [build_statement(member, month) for member in members]
    data_seconds, data_cpu = time.perf_counter() - started, time.process_time() - cpu

    font_config = FontConfiguration()
    statement_pdf(statements[0], language, font_config)  # warm the fonts once, as a long run would
    started, cpu = time.perf_counter(), time.process_time()
    sizes = [len(statement_pdf(statement, language, font_config)) for statement in statements]
    pdf_seconds, pdf_cpu = time.perf_counter() - started, time.process_time() - cpu

    started = time.perf_counter()
    tracemalloc.start()
    for member in members:
        statement_pdf(build_statement(member, month), language, font_config)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    traced_seconds = time.perf_counter() - started

    count = len(statements)
    # CPU time next to wall time: on a busy machine the wall clock measures the neighbours too.
    print(f"statement data: {data_seconds:.2f} s wall, {data_cpu:.2f} s CPU for {count} "
          f"({1000 * data_seconds / count:.1f} ms each)")  # fmt: skip
    print(f"PDFs:           {pdf_seconds:.2f} s wall, {pdf_cpu:.2f} s CPU for {count} "
          f"({1000 * pdf_seconds / count:.0f} ms each, {sum(sizes) / count / 1024:.0f} KiB average)")  # fmt: skip
    print(
        f"peak Python heap (tracemalloc) over data + PDFs: {peak / 2**20:.1f} MiB (traced pass {traced_seconds:.0f} s)"
    )
    print(
        f"peak resident set (ru_maxrss), whole process:   {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=100)
    parser.add_argument("--tables", type=int, default=10, help="4 members a table; at most members / 4")
    parser.add_argument("--deals", type=int, default=12, help="deals per sitting")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--language", default="da")
    args = parser.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args.members, args.tables, args.deals, args.seed, args.language)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    from django_scopes import scopes_disabled

    with scopes_disabled():  # its own set-up reads and writes any club's rows (club/scoping.py)
        main()
