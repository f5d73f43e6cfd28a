"""How the ledger holds up with a club's lifetime of deals, on PostgreSQL.

    .venv/bin/python benchmarks/ledger_postgres.py [--deals 100000] [--keep]

Creates the database named by DATABASE_URL (default
postgres://postgres@127.0.0.1:5432/tarokbog_bench; it must not exist or be a throwaway: it is
dropped first), migrates it, and fills one vlk-2010 season with `--deals` deals from
``fixtures.sittings.random_sitting``: 50-deal sittings over ten tables, closed by split or carry.

The history is settled by the rules engine event by event, exactly as ``club.services`` would
settle it, and written in one of two ways (``--path``): ``bulk`` (default) writes the rows
``club.services.bookkeeping.post_event`` would write, three INSERTs a sitting; ``post_event`` calls it once
per event (about 25 ms a deal here, too slow for 100,000). Sittings, seats, deals and versions
are bulk-created either way; PostgreSQL's guards (ledger migrations 0002 and 0009) check every transaction.
Then it times, each the best of several runs:

1. ``club.services.balances.season_standings`` (kept balances) against the raw SQL sum over the same postings
   (goal: within 1.5x);
2. ``club.services.deals.record_deal`` for each deal of a new 60-deal sitting at a busy table;
3. ``club.services.corrections.correct_deal`` of that sitting's deal 1, with a fine that moves both cups
   and so every later deal that takes or doubles them (goal: under 1 s).

The database is dropped at the end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tarokbog_bench")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

import django  # noqa: E402
import psycopg  # noqa: E402
from psycopg import sql  # noqa: E402

DEALS_PER_SITTING = 50
TABLES = 10
SEED = 2010


def recreate_database(url: str, *, drop_only: bool = False) -> None:
    import dj_database_url

    config = dj_database_url.parse(url)
    if "postgresql" not in config["ENGINE"]:
        sys.exit(f"This benchmark needs PostgreSQL, not {config['ENGINE']}.")
    server = psycopg.connect(
        dbname="postgres",
        user=config["USER"],
        password=config["PASSWORD"] or None,
        host=config["HOST"],
        port=config["PORT"] or 5432,
        autocommit=True,
    )
    with server:
        server.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(config["NAME"])))
        if not drop_only:
            server.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(config["NAME"])))


def bulk_post(sitting, settled, accounts, value_date) -> None:
    """The rows `club.services.bookkeeping.post_event` writes for each event, in three INSERTs a
    sitting.

    Same mapping (one transaction in the season's book per event with postings, one posting per
    line item and account, the club's entry saying which event it settles); PostgreSQL's deferred
    trigger still checks every transaction balances at COMMIT, and its statement trigger keeps the
    balances.
    """
    from django.db.models import F, OuterRef, Subquery, Sum
    from django.db.models.functions import Coalesce

    from club.models import LedgerEntry, Seat
    from club.services import bookkeeping
    from ledger.models import Posting, Transaction

    transactions, entries, postings = [], [], []
    book = bookkeeping.season_book(sitting.season_id)
    for event, key, version in settled:
        lines = [
            (accounts[name], points, item["rule"], item["ref"], index)
            for index, item in enumerate(event.items)
            for name, points in item["postings"].items()
        ]
        if not lines:
            continue
        txn = Transaction(reference=bookkeeping.reference(sitting, key), book=book, value_date=value_date)
        transactions.append(txn)
        entries.append(
            LedgerEntry(
                transaction=txn,
                kind=event.kind,
                sitting=sitting,
                event=key,
                deal_version=version,
                caused_by=version,
                point_value_ore=sitting.season.point_value_ore,  # the price it is posted at, as post_event keeps it
            )
        )
        postings += [
            Posting(transaction=txn, account=a, amount=p, rule=r, ref=ref, item=i) for a, p, r, ref, i in lines
        ]
    Transaction.objects.bulk_create(transactions)
    for row in (*entries, *postings):
        row.transaction_id = row.transaction.pk
    Posting.objects.bulk_create(postings, batch_size=5000)
    LedgerEntry.objects.bulk_create(entries)
    # What bookkeeping keeps with each entry it posts: the seats' points and their count of changes.
    posted = (
        Posting.objects.filter(transaction__entry__sitting=sitting, account__member=OuterRef("member_id"))
        .values("account_id")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    Seat.objects.filter(sitting=sitting).update(
        points=Coalesce(Subquery(posted), 0), changes=F("changes") + len(entries)
    )


def timed(function, runs: int) -> tuple[float, object]:
    """The best of `runs` wall-clock times, in seconds, and the last result."""
    best, result = float("inf"), None
    for _ in range(runs):
        started = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - started)
    return best, result


def build_history(deals: int, path: str):
    from django.db import transaction
    from django.utils import timezone

    import rules
    from club import families
    from club.models import Club, Deal, DealVersion, Member, Season, Seat, Sitting, Table
    from club.services import bookkeeping
    from club.services.deals import parse_record
    from club.services.sittings import state_as_json
    from fixtures.sittings import MEMBERS, random_sitting

    club = Club.objects.create(name="Benchmark Tarokklub", slug="bench")
    members = {name: Member.objects.create(club=club, name=name) for name in MEMBERS}
    for member in members.values():
        bookkeeping.member_account(member)
    season = Season.objects.create(
        club=club,
        name="Bench",
        starts_on=datetime.date(2020, 1, 1),
        ends_on=datetime.date(2030, 12, 31),
        preset="vlk-2010",
    )
    ruleset = season.ruleset()
    tables = [Table.objects.create(club=club, name=f"Bord {n}") for n in range(1, TABLES + 1)]
    cups = {table.pk: rules.danish.Cups() for table in tables}
    rng = random.Random(SEED)
    day = datetime.date(2020, 1, 1)
    written = 0
    while written < deals:
        table = tables[(written // DEALS_PER_SITTING) % TABLES]
        count = min(DEALS_PER_SITTING, deals - written)
        record = random_sitting(rng, "vlk-2010", deals=count, close=rng.choice(("split", "carry")), opening_cups=None)
        names = record["table"]
        with transaction.atomic():
            sitting = Sitting.objects.create(
                season=season,
                table=table,
                date=day,
                first_dealer=members[record["deals"][0]["dealer"]],
                closed_at=timezone.now(),
                closed_how=record["close"],
            )
            Seat.objects.bulk_create(
                Seat(sitting=sitting, member=members[name], position=i, name=name) for i, name in enumerate(names)
            )
            accounts = bookkeeping.accounts_for(
                table,
                Seat.objects.filter(sitting=sitting).select_related("member__account"),
                ("cup:pagat", "cup:king"),
            )
            rows = Deal.objects.bulk_create(Deal(sitting=sitting, number=n) for n in range(1, count + 1))
            versions = DealVersion.objects.bulk_create(
                DealVersion(deal=d, version=1, record=r) for d, r in zip(rows, record["deals"], strict=True)
            )
            for deal, version in zip(rows, versions, strict=True):
                deal.current_version = version

            settled = []  # (event, key, deal version) in the order the table played them
            state_cups = cups[table.pk]
            funding = rules.danish.fund(names, state_cups, ruleset)
            if funding is not None:
                settled.append((funding, "funding:1", None))
                state_cups = funding.cups_after
            state = rules.danish.TableState(state_cups)
            for deal, version, data in zip(rows, versions, record["deals"], strict=True):
                deal.state_before = state_as_json(state, families.of("vlk-2010"))  # the table state club.services keeps
                events, state = rules.danish.play(
                    parse_record(data, deal.number, families.of("vlk-2010")), names, state, ruleset
                )
                settled += [(event, f"{event.kind}:{deal.number}", version) for event in events]
            Deal.objects.bulk_update(rows, ["current_version", "state_before"], batch_size=500)
            sitting.state = state_as_json(state, families.of("vlk-2010"))
            sitting.save(update_fields=["state"])
            closing = rules.danish.close(names, state.cups, ruleset, record["close"], record["deals"][0]["dealer"])
            settled.append((closing, "close", None))
            cups[table.pk] = closing.cups_after
            if path == "post_event":
                for event, key, version in settled:
                    bookkeeping.post_event(
                        sitting=sitting,
                        event=event,
                        key=key,
                        accounts=accounts,
                        value_date=day,
                        deal_version=version,
                        caused_by=version,
                    )
            else:
                bulk_post(sitting, settled, accounts, day)
        written += count
        day += datetime.timedelta(days=1)
        if written % 10_000 == 0:
            print(f"  {written:,} deals", flush=True)
    return club, season, tables, members


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="time a database kept by an earlier --keep run (migrated to the current schema) instead of building one",
    )
    parser.add_argument(
        "--path",
        choices=("bulk", "post_event"),
        default="bulk",
        help="write the history in two INSERTs a sitting (bulk), or one post_event call per event",
    )
    args = parser.parse_args()
    url = os.environ["DATABASE_URL"]

    if not args.reuse:
        recreate_database(url)
    django.setup()
    from django.conf import settings

    settings.DEBUG = False  # no query log: a benchmark runs hundreds of thousands of queries
    from django.core.management import call_command
    from django.db import connection

    try:
        call_command("migrate", verbosity=0)
        if args.reuse:
            report(*kept_history())
            return
        print(f"Building {args.deals:,} deals (rules engine, then the {args.path} path) ...", flush=True)
        started = time.perf_counter()
        _club, season, tables, members = build_history(args.deals, args.path)
        build_seconds = time.perf_counter() - started
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
            cursor.execute("SELECT count(*) FROM ledger_posting")
            postings = cursor.fetchone()[0]
            cursor.execute("SELECT count(*) FROM ledger_transaction")
            transactions = cursor.fetchone()[0]
        print(f"  built in {build_seconds:.0f} s: {transactions:,} transactions, {postings:,} postings")
        report(season, tables, members)
    finally:
        connection.close()
        if not args.keep:
            recreate_database(url, drop_only=True)


def kept_history():
    """The club of an earlier --keep run, its tables free for a new sitting."""
    from django.db import connection

    from club.models import Club, Sitting
    from club.services.closing import close_sitting

    club = Club.objects.get(slug="bench")
    for sitting in Sitting.objects.filter(table__club=club, closed_at__isnull=True):
        close_sitting(sitting, how="split")
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    members = {m.name: m for m in club.members.select_related("account")}
    return club.seasons.get(), list(club.tables.order_by("pk")), members


def report(season, tables, members) -> None:
    from django.db import connection

    import rules
    from club import families
    from club.models import Deal
    from club.services import balances, corrections
    from club.services.bookkeeping import table_state
    from club.services.deals import record_deal
    from club.services.sittings import start_sitting

    def cups_of(table, before_sitting=None):
        return table_state(table, families.of("vlk-2010"), before_sitting=before_sitting).cups

    from fixtures.sittings import random_sitting

    # 1. Standings against the plain SQL sum over the same postings.
    raw_same_postings = """
        SELECT p.account_id, SUM(p.amount)
        FROM ledger_posting p
        JOIN ledger_transaction t ON t.id = p.transaction_id
        JOIN club_ledgerentry e ON e.transaction_id = t.id
        JOIN club_sitting s ON s.id = e.sitting_id
        JOIN ledger_account a ON a.id = p.account_id
        WHERE s.season_id = %s AND a.kind = 'member'
        GROUP BY p.account_id
    """

    def raw():
        with connection.cursor() as cursor:
            cursor.execute(raw_same_postings, [season.pk])
            return dict(cursor.fetchall())

    def raw_all():
        with connection.cursor() as cursor:
            cursor.execute("SELECT account_id, SUM(amount) FROM ledger_posting GROUP BY account_id")
            return dict(cursor.fetchall())

    standings_s, standings = timed(lambda: balances.season_standings(season), 7)
    raw_s, sums = timed(raw, 7)
    raw_all_s, _ = timed(raw_all, 7)
    by_member = {m.account.pk: m.pk for m in members.values()}
    assert {by_member[a]: p for a, p in sums.items()} == {s.member_id: s.points for s in standings}
    print(
        f"season_standings: {standings_s * 1000:.1f} ms; raw SQL, same postings: {raw_s * 1000:.1f} ms "
        f"({standings_s / raw_s:.2f}x, goal <= 1.5x); raw SUM over all postings: {raw_all_s * 1000:.1f} ms"
    )

    # 2. A new 60-deal sitting at the busiest table, through the services.
    table = tables[0]
    record = random_sitting(random.Random(SEED + 1), "vlk-2010", deals=60, table_size=4, close=None, opening_cups=None)
    seated = [members[name] for name in record["table"]]
    first_dealer = members[record["deals"][0]["dealer"]]
    sitting = start_sitting(
        season=season, table=table, members=seated, first_dealer=first_dealer, date=datetime.date(2030, 1, 1)
    )
    per_deal = []
    for number, deal in enumerate(record["deals"], start=1):
        started = time.perf_counter()
        record_deal(sitting, deal, number=number)
        per_deal.append(time.perf_counter() - started)
    print(
        f"record_deal: median {median(per_deal) * 1000:.1f} ms, slowest {max(per_deal) * 1000:.1f} ms "
        f"(60 deals at a table with {Deal.objects.filter(sitting__table=table).count() - 60:,} earlier deals)"
    )

    # 3. Correct deal 1: a misdeal fine puts 5 more into each cup, so every later take and bagud moves.
    deal_1 = Deal.objects.get(sitting=sitting, number=1)
    corrected = dict(deal_1.current_version.record)
    corrected["fines"] = [*corrected.get("fines", []), {"player": corrected["dealer"], "offence": "misdeal"}]
    started = time.perf_counter()
    correction = corrections.correct_deal(deal_1, corrected, reason="benchmark: the dealer misdealt")
    correct_s = time.perf_counter() - started
    # The ledger agrees with the rules engine's replay of the corrected sitting.
    opening = cups_of(table, before_sitting=sitting)
    replayed = rules.replay(
        {
            "ruleset": "vlk-2010",
            "table": record["table"],
            "cups": opening.as_dict(),
            "deals": [
                d.current_version.record for d in sitting.deals.select_related("current_version").order_by("number")
            ],
        }
    )["balances"]
    totals = balances.sitting_totals(sitting)
    assert {s.name: totals.get(s.member_id, 0) for s in sitting.seats.all()} == {
        n: replayed[n] for n in record["table"]
    }
    assert cups_of(table) == rules.danish.Cups(replayed["cup:pagat"], replayed["cup:king"])
    print(
        f"correct_deal of deal 1 in a 60-deal sitting: {correct_s * 1000:.0f} ms "
        f"({len(correction.differences)} events re-posted; goal < 1000 ms)"
    )


if __name__ == "__main__":
    from django_scopes import scopes_disabled

    with scopes_disabled():  # its own set-up reads and writes any club's rows (club/scoping.py)
        main()
