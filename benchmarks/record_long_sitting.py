"""Does recording a deal cost more as the sitting grows? Deal 1,001 against deal 6, through the API.

    .venv/bin/python benchmarks/record_long_sitting.py [--posts 15] [--long 1000] [--only sqlite|postgres]

On SQLite (a fresh file in a temporary folder) and on PostgreSQL (the database named by
BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tarokbog_bench_record; it is
dropped and created afresh, and dropped again at the end), it migrates, starts two sittings of
vlk-2010 at two tables and records 5 deals in one and 1,000 in the other through
`club.services.deals.record_deals`. Then it POSTs the next deal of each through the API with a token,
alternating between the two, `--posts` times each: deals 6, 7, ... against 1,001, 1,002, ...
It prints the median time of each and their ratio (goal: at most 1.2x). Each database runs in
a process of its own (Django's settings are read once). `--long` makes the long sitting shorter
(a smoke run: `benchmarks/smoke`).
"""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
POSTGRES_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tarokbog_bench_record")
SMALL, LARGE = 5, 1000  # LARGE: --long
SEATS = (("Anna", "Bent", "Carl", "Dorte"), ("Erik", "Frida", "Gorm", "Hanne"))


def deal(dealer: str, seats) -> dict:
    """A plain deal: the dealer stakes into both cups, forehand takes the last trick."""
    import rules

    players = list(rules.danish.seat_order_from(dealer, list(seats)))
    return {"dealer": dealer, "players": players, "last_trick": players[1]}


def measure(posts: int, long: int) -> tuple[list[float], list[float]]:
    import django

    django.setup()
    from django.conf import settings

    settings.DEBUG = False  # no query log
    settings.ALLOWED_HOSTS = ["testserver"]
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from club.models import Club, Member, Season, Table
    from club.services.deals import record_deals
    from club.services.sittings import start_sitting

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Benchmark", slug="bench")
    user = get_user_model().objects.create_user("scorer", password="not used")
    members = {name: Member.objects.create(club=club, name=name) for seats in SEATS for name in seats}
    members["Anna"].user = user
    members["Anna"].save()
    season = Season.objects.create(
        club=club,
        name="Bench",
        starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31),
        preset="vlk-2010",
    )
    sittings = []
    for size, seats in zip((SMALL, long), SEATS, strict=True):
        table = Table.objects.create(club=club, name=f"Bord {size}")
        people = [members[name] for name in seats]
        sitting = start_sitting(
            season=season, table=table, members=people, first_dealer=people[0], date=datetime.date(2026, 3, 12)
        )
        record_deals(sitting, [deal(seats[k % 4], seats) for k in range(size)])
        sittings.append((sitting, seats, size))

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    times: dict[int, list[float]] = {SMALL: [], long: []}
    for n in range(posts + 1):  # the first round warms up (imports, caches) and is not counted
        for sitting, seats, size in sittings:
            number = size + n + 1
            body = deal(seats[(number - 1) % 4], seats)
            started = time.perf_counter()
            answer = api.post(f"/api/sittings/{sitting.pk}/deals/?number={number}", body, format="json")
            elapsed = time.perf_counter() - started
            assert answer.status_code == 201, (answer.status_code, answer.content[:300])
            if n:
                times[size].append(elapsed)
    return times[SMALL], times[long]


def child(database: str, posts: int, long: int) -> None:
    if database == "postgres":
        os.environ["DATABASE_URL"] = POSTGRES_URL
        from benchmarks.ledger_postgres import recreate_database

        recreate_database(POSTGRES_URL)
        try:
            small, large = measure(posts, long)
        finally:
            from django.db import connection

            connection.close()
            recreate_database(POSTGRES_URL, drop_only=True)
    else:
        with tempfile.TemporaryDirectory() as folder:
            os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
            small, large = measure(posts, long)
    ratio = median(large) / median(small)
    print(
        f"{database}: deal {SMALL + 1}.. median {median(small) * 1000:.1f} ms, "
        f"deal {long + 1}.. median {median(large) * 1000:.1f} ms ({posts} each): "
        f"ratio {ratio:.2f}x (goal <= 1.2x)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--posts", type=int, default=15, help="deals posted to each sitting (after one warm-up)")
    parser.add_argument("--long", type=int, default=LARGE, help="deals recorded in the long sitting first")
    parser.add_argument("--only", choices=("sqlite", "postgres"))
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
    if args.only:
        child(args.only, args.posts, args.long)
        return
    for database in ("sqlite", "postgres"):
        subprocess.run(
            [sys.executable, __file__, "--only", database, "--posts", str(args.posts), "--long", str(args.long)],
            check=True,
            cwd=ROOT,
        )


if __name__ == "__main__":
    from django_scopes import scopes_disabled

    with scopes_disabled():  # its own set-up reads and writes any club's rows (club/scoping.py)
        main()
