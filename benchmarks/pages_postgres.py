"""Every page and API answer with a club's lifetime of deals of both families, on PostgreSQL.

    .venv/bin/python benchmarks/pages_postgres.py [--deals 100000] [--runs 30] [--keep]

Creates the database named by DATABASE_URL (default
postgres://postgres@127.0.0.1:5432/bench_scale; a throwaway: it is dropped first), migrates it and
fills it in the demo club's shape, scaled up: weekly evenings over up to eight years, six Danish
tables (vlk-2010) and three Hungarian ones (Paskievics with its carried pot, Magyar tarokk), a
season per game and year, sittings of 18 to 36 deals until `--deals` deals are played. The closed
sittings are settled by the rules engine and written as ``club.services.bookkeeping.post_event``
writes them (a few INSERTs a sitting); then, through the services as a club would: payments every
month, an open sitting at three tables with deals recorded, corrected and voided, a correction of
a closed sitting that re-settles the next one, a dispute.

Then it times, server side (Django's test Client against the real URLconf, as the club's admin),
each page a member or an official opens and each API list, and the five commonest API calls:
the median and p95 over `--runs` requests, and the queries one request makes. Goals: season
standings, the member page and the API balance <= 50 ms median; every page <= 150 ms median and <= 20 queries; the statement PDF <= 1 s.

The database is dropped at the end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import random
import sys
import time
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_scale")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")

import django  # noqa: E402

from benchmarks.ledger_postgres import bulk_post, recreate_database  # noqa: E402

SEED = 2026
SLUG = "bench-scale"
LAST_EVENING = datetime.date(2026, 11, 19)
TODAY = datetime.date(2026, 11, 26)
DANISH_TABLES = 6
# (table, preset, overrides, season name, how its sittings close)
HUNGARIAN_TABLES = (
    ("Asztal 1", "paskievics", {"pot": True}, "Paskievics", "carry"),
    ("Asztal 2", "paskievics", {"pot": True}, "Paskievics", "carry"),
    ("Asztal 3", "magyar", {}, "Magyar tarokk", "split"),
)
DEALS_A_SITTING = (18, 36)
EVENING_DEALS = (DANISH_TABLES + len(HUNGARIAN_TABLES)) * sum(DEALS_A_SITTING) / 2
YEARS = 8


def closed_sitting(season, table, members, record, day, held):
    """One closed sitting of `record`, settled from what the table `held` as it began, written in
    bulk; what the table holds after its close."""
    from django.db import transaction
    from django.utils import timezone

    from club.models import Deal, DealVersion, Seat, Sitting
    from club.services import bookkeeping
    from club.services.deals import parse_record

    family, ruleset = season.family, season.ruleset()
    names = record["table"]
    first_dealer = record["deals"][0]["dealer"]
    with transaction.atomic():
        sitting = Sitting.objects.create(
            season=season,
            table=table,
            date=day,
            first_dealer=members[first_dealer],
            closed_at=timezone.now(),
            closed_how=record["close"],
        )
        Seat.objects.bulk_create(
            Seat(sitting=sitting, member=members[name], position=i, name=name) for i, name in enumerate(names)
        )
        seats = Seat.objects.filter(sitting=sitting).select_related("member__account")
        accounts = bookkeeping.accounts_for(table, seats, family.rules_family.table_accounts(ruleset))
        count = len(record["deals"])
        rows = Deal.objects.bulk_create(Deal(sitting=sitting, number=n) for n in range(1, count + 1))
        versions = DealVersion.objects.bulk_create(
            DealVersion(deal=d, version=1, record=r) for d, r in zip(rows, record["deals"], strict=True)
        )
        settled = []  # (event, key, deal version) in the order the table played them
        funding = family.opening(names, held, ruleset)
        if funding is not None:
            settled.append((funding, "funding:1", None))
            held = {**held, **family.held_after(funding)}
        state = family.rules_family.state(held)
        for deal, version, data in zip(rows, versions, record["deals"], strict=True):
            deal.current_version = version
            deal.state_before = family.rules_family.state_as_json(state)  # the table state club.services keeps
            events, state = family.rules_family.play(parse_record(data, deal.number, family), names, state, ruleset)
            settled += [(event, f"{event.kind}:{deal.number}", version) for event in events]
        Deal.objects.bulk_update(rows, ["current_version", "state_before"], batch_size=500)
        sitting.state = family.rules_family.state_as_json(state)
        sitting.save(update_fields=["state"])
        closing = family.close(names, family.held_after(state), ruleset, record["close"], first_dealer)
        settled.append((closing, "close", None))
        bulk_post(sitting, settled, accounts, day)
    return {**held, **family.held_after(closing)}


def build_club(deals: int):
    """The club, its closed history in bulk, then a month's business through the services."""
    from club.models import Season, Table
    from club.services import bookkeeping
    from club.services import members as office
    from fixtures import hungarian_sittings
    from fixtures.sittings import MEMBERS

    rng = random.Random(SEED)
    admin = office.create_club(
        name="Benchmark Tarokklub", admin_email="anna@bench.example", admin_name="Anna", slug=SLUG
    )
    club = admin.club
    names = dict.fromkeys((*MEMBERS, *hungarian_sittings.MEMBERS))
    members = {name: admin if name == "Anna" else office.add_member(club, name=name) for name in names}
    for member in members.values():
        bookkeeping.member_account(member)

    evenings = max(1, math.ceil(deals / EVENING_DEALS))
    first = LAST_EVENING - datetime.timedelta(weeks=evenings - 1)
    seasons = {}
    for year in range(first.year, TODAY.year + 1):
        starts, ends = datetime.date(year, 1, 1), datetime.date(year, 12, 31)
        seasons[("vlk-2010", year)] = Season.objects.create(
            club=club, name=str(year), starts_on=starts, ends_on=ends, preset="vlk-2010", close="split"
        )
        for _table, preset, overrides, title, close in HUNGARIAN_TABLES:
            if (preset, year) not in seasons:
                seasons[(preset, year)] = Season.objects.create(
                    club=club,
                    name=f"{title} {year}",
                    starts_on=starts,
                    ends_on=ends,
                    preset=preset,
                    overrides=overrides,
                    close=close,
                )
    # (table, preset, overrides, close ways, the record maker)
    plan = [
        # Split: a bagud doubles what the cups hold, and cups carried for years outgrow any integer.
        (Table.objects.create(club=club, name=f"Bord {n}"), "vlk-2010", {}, ("split",), "danish")
        for n in range(1, DANISH_TABLES + 1)
    ]
    plan += [
        (Table.objects.create(club=club, name=name), preset, overrides, sitting_closes(close), "hungarian")
        for name, preset, overrides, _title, close in HUNGARIAN_TABLES
    ]
    held: dict[int, dict[str, int]] = {table.pk: {} for table, *_ in plan}
    play_history(plan, seasons, members, held, deals, 0, first, rng)
    business = this_months_business(club, admin, members, seasons, plan, rng, first)
    return club, admin, seasons, business


def sitting_closes(close: str) -> tuple[str, ...]:
    """How a table's sittings close in a season that closes `close`: a pot carried for years would
    outgrow any integer too, so now and then a carried pot is split."""
    return ("carry", "carry", "split") if close == "carry" else (close,)


def play_history(plan, seasons, members, held, deals: int, written: int, day, rng) -> None:
    """Closed sittings at every table, evening by evening from `day`, until `deals` are written."""
    from fixtures import hungarian_sittings
    from fixtures.sittings import random_sitting

    reported = written
    while written < deals:
        for table, preset, overrides, closes, maker in plan:
            count = min(rng.randint(*DEALS_A_SITTING), deals - written)
            if count <= 0:
                break
            close = rng.choice(closes)
            if maker == "danish":
                record = random_sitting(rng, preset, deals=count, close=close, opening_cups=None)
            else:
                record = hungarian_sittings.random_sitting(
                    rng, preset, count, close=close, overrides=overrides, opening_pot=None
                )
            season = seasons[(preset, day.year)]
            held[table.pk] = closed_sitting(season, table, members, record, day, held[table.pk])
            written += count
        day += datetime.timedelta(weeks=1)
        if written - reported >= 10_000:
            reported = written
            print(f"  {written:,} deals", flush=True)


def this_months_business(club, admin, members, seasons, plan, rng, first):
    """Through the services, as the club does it: payments each month, three open sittings with
    deals recorded, corrected and voided, a closed sitting corrected, a dispute."""
    from club.models import TILL_METHODS, Deal, Payment
    from club.services import payments
    from club.services.corrections import correct_deal, void_last_deal
    from club.services.deals import record_deals
    from club.services.disputes import raise_dispute
    from club.services.sittings import start_sitting
    from fixtures import hungarian_sittings
    from fixtures.sittings import random_sitting

    month = first.replace(day=1)
    user = admin.user
    payers = list(members.values())
    # What a treasurer records at the till: never the paper carry-over, which record_payment refuses.
    methods = [value for value, _label in TILL_METHODS]
    while month <= TODAY:
        for _ in range(4):
            payments.record_payment(
                club,
                member=rng.choice(payers),
                direction=rng.choice((Payment.Direction.IN, Payment.Direction.OUT)),
                amount_ore=rng.randrange(1000, 50_000, 50),
                method=rng.choice(methods),
                paid_on=min(month + datetime.timedelta(days=rng.randrange(28)), TODAY),
                by=user,
            )
        month = (month + datetime.timedelta(days=32)).replace(day=1)
    wrong = club.payments.order_by("-pk").first()
    payments.reverse_payment(wrong, reason="tastet forkert", by=user)

    # A closed sitting's deal corrected: its table's next sitting (opened below) re-settles too.
    bord_1 = plan[0][0]
    last_closed = bord_1.sittings.order_by("-pk").first()
    deal = last_closed.deals.order_by("number").first()
    correct_deal(deal, with_fine(deal.current_version.record), by=user, reason="bordet glemte en bøde")

    seated: set[str] = set()
    open_sittings = {}
    for (table, preset, overrides, _closes, maker), size in ((plan[0], 4), (plan[1], 3), (plan[DANISH_TABLES], 4)):
        while True:
            if maker == "danish":
                record = random_sitting(rng, preset, deals=200, table_size=size, close=None, opening_cups=None)
            else:
                record = hungarian_sittings.random_sitting(
                    rng, preset, 200, table_size=size, close=None, overrides=overrides, opening_pot=None
                )
            if not seated & set(record["table"]):
                break
        seated |= set(record["table"])
        sitting = start_sitting(
            season=seasons[(preset, TODAY.year)],
            table=table,
            members=[members[name] for name in record["table"]],
            first_dealer=members[record["deals"][0]["dealer"]],
            date=TODAY,
            by=user,
        )
        record_deals(sitting, record["deals"][:24], by=user)
        open_sittings[maker if maker not in open_sittings else f"{maker}-2"] = (sitting, record["deals"])
    danish, _records = open_sittings["danish"]
    for number in (3, 9):
        deal = Deal.objects.get(sitting=danish, number=number)
        correct_deal(deal, with_fine(deal.current_version.record), by=user, reason="glemt bøde")
    # The void takes the last deal of each open sitting; its next deal is the record's 25th.
    for sitting, _records in open_sittings.values():
        void_last_deal(sitting, by=user, reason="forkert indtastet")
    deal = Deal.objects.get(sitting=danish, number=5)
    raise_dispute(deal, member=members[danish.seats.first().name], comment="Var det ikke en solo?")
    return open_sittings


def with_fine(record: dict) -> dict:
    """The Danish record with a misdeal fine on its dealer: both cups move, and later deals with them."""
    return {**record, "fines": [*record.get("fines", []), {"player": record["dealer"], "offence": "misdeal"}]}


def pages(club, admin, seasons, open_sittings):
    """(label, method, path, body) of every page and API call timed, in the order printed."""
    from club.models import Deal, DealVersion, Sitting
    from club.services.sittings import next_deal_number

    base = f"/c/{club.slug}"
    danish, danish_records = open_sittings["danish"]
    hungarian, hungarian_records = open_sittings["hungarian"]
    # What the scorer enters next: the records' deals from the sitting's next number on.
    danish_rest = list(danish_records[next_deal_number(danish) - 1 :])
    hungarian_rest = list(hungarian_records[next_deal_number(hungarian) - 1 :])
    danish_season = seasons[("vlk-2010", TODAY.year)]
    hungarian_season = seasons[("paskievics", TODAY.year)]
    member = danish.seats.order_by("position").first().member
    corrected = DealVersion.objects.filter(deal__sitting=danish, version=2).first().deal
    closed = Sitting.objects.filter(table=danish.table, closed_at__isnull=False).order_by("-pk").first()
    a_deal = Deal.objects.filter(sitting=closed).order_by("number").first()
    month = f"{TODAY.year}-{TODAY.month - 1:02d}"
    return [
        ("club page", "get", f"{base}/", None),
        ("sitting (Danish, open)", "get", f"{base}/sittings/{danish.pk}/", None),
        ("sitting (Hungarian, open)", "get", f"{base}/sittings/{hungarian.pk}/", None),
        ("sitting (closed)", "get", f"{base}/sittings/{closed.pk}/", None),
        ("score sheet", "get", f"{base}/sittings/{danish.pk}/sheet/", None),
        ("deal form (Danish)", "get", f"{base}/sittings/{danish.pk}/deals/new/", None),
        ("deal form (Hungarian)", "get", f"{base}/sittings/{hungarian.pk}/deals/new/", None),
        ("season standings (Danish)", "get", f"{base}/standings/", None),
        ("season standings (Hungarian)", "get", f"{base}/seasons/{hungarian_season.pk}/", None),
        ("member page (Danish season)", "get", f"{base}/members/{member.pk}/?season={danish_season.pk}", None),
        ("member page (Hungarian season)", "get", f"{base}/members/{member.pk}/?season={hungarian_season.pk}", None),
        ("statement page", "get", f"{base}/members/{member.pk}/statements/{month}/", None),
        ("statement PDF", "get", f"{base}/members/{member.pk}/statements/{month}.pdf", None),
        ("audit page", "get", f"{base}/deals/{corrected.pk}/audit/", None),
        ("officials' log", "get", f"{base}/log/", None),
        ("office: members", "get", f"{base}/office/members/", None),
        ("office: seasons", "get", f"{base}/office/seasons/", None),
        ("office: payments", "get", f"{base}/office/payments/", None),
        ("office: tables", "get", f"{base}/office/tables/", None),
        ("API root", "get", "/api/", None),
        ("API clubs", "get", "/api/clubs/", None),
        ("API members", "get", "/api/members/", None),
        ("API seasons", "get", "/api/seasons/", None),
        ("API tables", "get", "/api/tables/", None),
        ("API payments", "get", "/api/payments/", None),
        ("API sittings", "get", "/api/sittings/", None),
        ("API deals", "get", "/api/deals/", None),
        ("API deals of a sitting", "get", f"/api/deals/?sitting={closed.pk}", None),
        ("API a sitting's deals", "get", f"/api/sittings/{danish.pk}/deals/", None),
        ("API statement PDF", "get", f"/api/members/{member.pk}/statements/{month}.pdf", None),
        # The five commonest calls: a deal recorded, the sitting and the settled deal read back,
        # the standings and a member's balance.
        ("API POST a deal (Danish)", "post", f"/api/sittings/{danish.pk}/deals/", danish_rest),
        ("API POST a deal (Hungarian)", "post", f"/api/sittings/{hungarian.pk}/deals/", hungarian_rest),
        ("API a sitting", "get", f"/api/sittings/{danish.pk}/", None),
        ("API a deal", "get", f"/api/deals/{a_deal.pk}/", None),
        ("API season standings", "get", f"/api/seasons/{danish_season.pk}/standings/", None),
        ("API member balance", "get", f"/api/members/{member.pk}/balance/", None),
    ]


def time_pages(
    club, admin, seasons, open_sittings, runs: int, only: str = ""
) -> list[tuple[str, float, float, int, int]]:
    """(label, median ms, p95 ms, queries, status) per page; every answer must be a success."""
    import json

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from rest_framework.authtoken.models import Token

    token = Token.objects.get_or_create(user=admin.user)[0].key
    browser = Client(HTTP_ACCEPT_LANGUAGE="da")
    browser.force_login(admin.user)
    api = Client(HTTP_AUTHORIZATION=f"Token {token}")
    results = []
    words = [word.strip() for word in only.split(",") if word.strip()]
    for label, method, path, body in pages(club, admin, seasons, open_sittings):
        if words and not any(word in label for word in words):
            continue
        client = api if path.startswith("/api/") else browser
        count = min(runs, 10) if "PDF" in label else runs
        times, cpu, queries, status = [], [], 0, 0
        connection.queries_log.clear()  # a full log (9,000 queries) would count every later page as 0
        for run in range(count + 1):  # the first run warms caches and is not counted
            payload = json.dumps(body.pop(0)) if method == "post" else None
            with CaptureQueriesContext(connection) as captured:
                started, started_cpu = time.perf_counter(), time.process_time()
                if payload is None:
                    response = client.get(path)
                else:
                    response = client.post(path, payload, content_type="application/json")
                elapsed, elapsed_cpu = time.perf_counter() - started, time.process_time() - started_cpu
            status = response.status_code
            if status >= 300:
                raise SystemExit(f"{label}: {method.upper()} {path} answered {status}: {response.content[:500]!r}")
            if run:
                times.append(elapsed * 1000)
                cpu.append(elapsed_cpu * 1000)
                queries = max(queries, len(captured.captured_queries))
        times.sort()
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        results.append((label, median(times), p95, queries, status))
        print(f"  {label:32} {median(times):8.1f} {p95:8.1f} {queries:5} {median(cpu):8.1f}", flush=True)
    return results


# The pages a member opens most, and a program polls: 50 ms (issue 40); a PDF 1 s; any other 150 ms.
FIFTY_MS = ("season standings", "member page", "API member balance")


def check_goals(results) -> list[str]:
    misses = []
    for label, med, _p95, queries, _status in results:
        limit = 1000 if "PDF" in label else (50 if label.startswith(FIFTY_MS) else 150)
        if med > limit:
            misses.append(f"{label}: median {med:.1f} ms > {limit} ms")
        if queries > 20:
            misses.append(f"{label}: {queries} queries > 20")
    return misses


def records_file(url: str) -> Path:
    """Where a kept database's open sittings' records wait for the next run (--reuse)."""
    import dj_database_url

    return Path("/tmp") / f"{dj_database_url.parse(url)['NAME']}.open-sittings.json"


def kept_club(url: str):
    """The club of an earlier --keep run, and its open sittings' records."""
    import json

    from club.models import Club, Sitting

    club = Club.objects.get(slug=SLUG)
    admin = club.members.get(name="Anna")
    seasons = {(s.preset, s.starts_on.year): s for s in club.seasons.all()}
    records = json.loads(records_file(url).read_text())
    open_sittings = {key: (Sitting.objects.get(pk=pk), deals) for key, (pk, deals) in records.items()}
    return club, admin, seasons, open_sittings


def finish_club(url: str, extend_to: int = 0):
    """An interrupted fill (its process stopped while writing the history) finished: the history
    played on to `extend_to` deals if asked, then this month's business through the services."""
    import json

    from django.db.models import Min

    from club.models import Club, Sitting

    club = Club.objects.get(slug=SLUG)
    admin = club.members.get(name="Anna")
    members = {m.name: m for m in club.members.select_related("account")}
    seasons = {(s.preset, s.starts_on.year): s for s in club.seasons.all()}
    hungarian = {
        name: (preset, overrides, sitting_closes(close)) for name, preset, overrides, _title, close in HUNGARIAN_TABLES
    }
    plan = [
        (
            table,
            *hungarian.get(table.name, ("vlk-2010", {}, ("split",))),
            "hungarian" if table.name in hungarian else "danish",
        )
        for table in club.tables.order_by("pk")
    ]
    first = Sitting.objects.filter(table__club=club).aggregate(first=Min("date"))["first"]
    if extend_to:
        from django.db.models import Max

        from club.models import Deal
        from club.services import bookkeeping

        held = {table.pk: bookkeeping.table_balances(table) for table, *_ in plan}
        written = Deal.objects.filter(sitting__table__club=club).count()
        last = Sitting.objects.filter(table__club=club).aggregate(last=Max("date"))["last"]
        print(f"Extending {written:,} deals to {extend_to:,} ...", flush=True)
        play_history(
            plan, seasons, members, held, extend_to, written, last + datetime.timedelta(weeks=1), random.Random(written)
        )
    open_sittings = this_months_business(club, admin, members, seasons, plan, random.Random(SEED + 1), first)
    kept = {key: (sitting.pk, records) for key, (sitting, records) in open_sittings.items()}
    records_file(url).write_text(json.dumps(kept))
    return club, admin, seasons, open_sittings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=30, help="timed requests per page (PDFs: at most 10)")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument("--reuse", action="store_true", help="time the database an earlier --keep run filled")
    parser.add_argument(
        "--finish", action="store_true", help="finish a fill that was stopped (this month's business), then time it"
    )
    parser.add_argument("--extend", action="store_true", help="with --finish: play the history on to --deals first")
    parser.add_argument(
        "--only", default="", help="time only the pages whose label contains one of these comma-separated words"
    )
    args = parser.parse_args()
    url = os.environ["DATABASE_URL"]

    if not (args.reuse or args.finish):
        recreate_database(url)
    django.setup()
    from django.conf import settings

    settings.DEBUG = False
    from django.core.management import call_command
    from django.db import connection
    from django.utils import translation

    try:
        call_command("migrate", verbosity=0)
        if args.reuse or args.finish:
            kept = finish_club(url, args.deals if args.extend else 0) if args.finish else kept_club(url)
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE")
            print(
                f"  {'page':32} {'median':>8} {'p95':>8} {'queries':>5} {'cpu':>8}   (ms; {args.runs} requests; cpu: this process's)"
            )
            misses = check_goals(time_pages(*kept, args.runs, args.only))
            print("Goals met." if not misses else "Missed:\n  " + "\n  ".join(misses))
            return
        print(f"Filling {args.deals:,} deals of both families ...", flush=True)
        started = time.perf_counter()
        with translation.override("da"):
            club, admin, seasons, open_sittings = build_club(args.deals)
        fill_seconds = time.perf_counter() - started
        if args.keep:
            import json

            kept = {key: (sitting.pk, records) for key, (sitting, records) in open_sittings.items()}
            records_file(url).write_text(json.dumps(kept))
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
            counts = {}
            for table in ("club_deal", "club_sitting", "ledger_transaction", "ledger_posting", "club_payment"):
                cursor.execute(f"SELECT count(*) FROM {table}")
                counts[table] = cursor.fetchone()[0]
        print(
            f"  filled in {fill_seconds:.0f} s: {counts['club_deal']:,} deals in {counts['club_sitting']:,} sittings, "
            f"{counts['ledger_transaction']:,} transactions, {counts['ledger_posting']:,} postings, "
            f"{counts['club_payment']:,} payments"
        )
        print(
            f"  {'page':32} {'median':>8} {'p95':>8} {'queries':>5} {'cpu':>8}   (ms; {args.runs} requests; cpu: this process's)"
        )
        results = time_pages(club, admin, seasons, open_sittings, args.runs, args.only)
        misses = check_goals(results)
        print("Goals met." if not misses else "Missed:\n  " + "\n  ".join(misses))
    finally:
        connection.close()
        if not (args.keep or args.reuse or args.finish):
            recreate_database(url, drop_only=True)


if __name__ == "__main__":
    from django_scopes import scopes_disabled

    with scopes_disabled():  # its own set-up reads and writes any club's rows (club/scoping.py)
        main()
