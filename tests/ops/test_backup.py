"""Backup → restore into an empty database reproduces every balance, and ledger_check passes.

The round trip runs on the database of this test run: SQLite (the backup is an online copy made
with SQLite's backup API) or PostgreSQL (pg_dump's custom format: schema, data, functions and
triggers; pg_restore into a new, empty database). It goes through django-dbbackup's commands, as
the README tells an operator to, in fresh processes, on databases of its own: the demo club
(21 sittings with corrections and reversals) plus one hand-settled sitting.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import dj_database_url
import psycopg
import pytest
from django.conf import settings
from django.db import connection

MANAGE = Path(settings.BASE_DIR) / "manage.py"

# Hand-settled in tests/commands/conftest.py (vlk-2010, empty cups): Anna -26, Bent 43, Carl -17.
ONE_DEAL_SITTING = {
    "ruleset": "vlk-2010",
    "date": "2026-03-12",
    "table": ["Anna", "Bent", "Carl"],
    "deals": [{"dealer": "Anna", "players": ["Anna", "Bent", "Carl"], "last_trick": "Bent"}],
    "close": "split",
}

SETUP = """
import datetime
from club.models import Club, Season, Table
club = Club.objects.create(name="Nørrebro Tarok", slug="norrebro")
Season.objects.create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31))
Table.objects.create(club=club, name="Bord 1")
"""

# Every account's balance: the sum of its postings, keyed by account id and what it belongs to.
BALANCES = """
import json
from django.db.models import Sum
from club.models import Table
from ledger.models import Account
tables = {f"table:{t.pk}": t.club.slug for t in Table.objects.select_related("club")}
rows = [
    (pk, member_club or tables[owner], kind, name, balance)
    for pk, owner, kind, member_club, name, balance in Account.objects.annotate(balance=Sum("postings__points"))
    .values_list("pk", "owner", "kind", "member__club__slug", "member__name", "balance")
]
print(json.dumps(sorted(rows)))
"""


def manage(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": url, "LANGUAGE_CODE": "en"}
    result = subprocess.run([sys.executable, MANAGE, *args], env=env, capture_output=True, text=True)
    assert result.returncode == 0, f"manage.py {' '.join(args)}:\n{result.stdout}\n{result.stderr}"
    return result


def balances(url: str) -> list[list]:
    return json.loads(manage(url, "shell", "-c", BALANCES).stdout.splitlines()[-1])


@pytest.fixture
def databases_for_round_trip(tmp_path):
    """(source, empty target) URLs of the same kind as this run's database."""
    if connection.vendor == "sqlite":
        yield f"sqlite:///{tmp_path / 'source.sqlite3'}", f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        return
    assert connection.vendor == "postgresql"
    config = dj_database_url.parse(os.environ["DATABASE_URL"])
    names = [f"{config['NAME']}_backup_source", f"{config['NAME']}_backup_restored"]
    admin = f"host={config['HOST']} port={config['PORT'] or 5432} user={config['USER']} dbname=postgres"
    if config.get("PASSWORD"):
        admin += f" password={config['PASSWORD']}"

    def recreate(create: bool) -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            for name in names:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                if create:
                    conn.execute(f'CREATE DATABASE "{name}"')

    recreate(create=True)
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    yield f"{base}/{names[0]}", f"{base}/{names[1]}"
    recreate(create=False)


def test_backup_and_restore_into_an_empty_database(databases_for_round_trip, tmp_path):
    source, restored = databases_for_round_trip
    manage(source, "migrate", "--noinput")
    manage(source, "load_demo")
    manage(source, "shell", "-c", SETUP)
    (tmp_path / "sitting.json").write_text(json.dumps(ONE_DEAL_SITTING), encoding="utf-8")
    club = ["--club", "norrebro", "--season", "2026", "--table", "Bord 1"]
    manage(source, "import_sitting", str(tmp_path / "sitting.json"), *club, "--create-members")
    before = balances(source)

    backup = tmp_path / "backup"
    manage(source, "dbbackup", "--output-path", str(backup))
    assert backup.stat().st_size > 0
    manage(restored, "dbrestore", "--noinput", "--input-path", str(backup))

    after = balances(restored)
    assert after == before
    members = {(club, name): balance for _pk, club, kind, name, balance in after if kind == "member"}
    assert {name: b for (club, name), b in members.items() if club == "norrebro"} == {
        "Anna": -26,
        "Bent": 43,
        "Carl": -17,
    }
    # The demo's 10 Danish members and the Hungarian circle's 9 others (issue 13, test_load_demo).
    assert len([club for club, _name in members if club == "vestbyen"]) == 10 + 9
    # Double entry: a club's accounts, members and table accounts (cups, pot) together, sum to zero.
    assert sum(row[4] or 0 for row in after if row[1] == "vestbyen") == 0
    check = manage(restored, "ledger_check")  # exits 1 on any difference
    assert "problems found: 0." in check.stdout
    assert "Checked 2 clubs" in check.stdout
