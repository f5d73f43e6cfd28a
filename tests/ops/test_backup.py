"""Backup → restore into an empty database reproduces every balance, and ledger_check passes.

The round trip runs on the database of this test run: SQLite (the backup is an online copy made
with SQLite's backup API) or PostgreSQL (pg_dump's custom format: schema, data, functions and
triggers; pg_restore into a new, empty database). On databases of its own: the demo club (21
sittings with corrections and reversals) plus one hand-settled sitting. On PostgreSQL as in
production: an owner role migrates and backs up, the app role gets its grants.

The restore runs the documentation's own lines (docs/operations.md, "Backups"), read from the file, in a shell: only the
role and database names, the backup file and (on SQLite) the database URL are put in.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import dj_database_url
import psycopg
import pytest
from django.conf import settings
from django.db import connection

MANAGE = Path(settings.BASE_DIR) / "manage.py"
OPERATIONS = Path(settings.BASE_DIR) / "docs" / "operations.md"

# Hand-settled in tests/commands/conftest.py (vlk-2010, empty cups): Anna -26, Bent 43, Carl -17.
ONE_DEAL_SITTING = {
    "ruleset": "vlk-2010",
    "date": "2026-03-12",
    "table": ["Anna", "Bent", "Carl"],
    "deals": [{"dealer": "Anna", "players": ["Anna", "Bent", "Carl"], "last_trick": "Bent"}],
    "close": "split",
}

# An operator's shell sees no club's rows until told which (club.scoping): these see every club.
SETUP = """
import datetime
from club.models import Club, Season, Table
from club.scoping import scopes_disabled
with scopes_disabled():
    club = Club.objects.create(name="Nørrebro Tarok", slug="norrebro")
    Season.objects.create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31))
    Table.objects.create(club=club, name="Bord 1")
"""

# Every account's balance: the sum of its postings, keyed by account id and what it belongs to.
BALANCES = """
import json
from django.db.models import Sum
from club.models import Club, Member, Table
from club.scoping import scopes_disabled
from ledger.models import Account
with scopes_disabled():
    clubs = {f"table:{t.pk}": t.club.slug for t in Table.objects.select_related("club")}
    clubs |= {f"member:{m.pk}": m.club.slug for m in Member.objects.select_related("club")}
    clubs |= {f"club:{c.pk}": c.slug for c in Club.objects.all()}
rows = [
    (pk, clubs[owner], kind, name, balance)
    for pk, owner, kind, name, balance in Account.objects.annotate(balance=Sum("postings__amount"))
    .values_list("pk", "owner", "kind", "member__name", "balance")
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


def documented_restore_lines() -> list[str]:
    """The commands of docs/operations.md's restore recipe, as written there, without their comments."""
    text = OPERATIONS.read_text(encoding="utf-8")
    block = re.search(r"To restore,.*?```sh\n(.*?)```", text, re.DOTALL)
    assert block, "docs/operations.md has no restore recipe"
    return [line.split("   #")[0].strip() for line in block.group(1).splitlines() if line.strip()]


@pytest.fixture
def round_trip(tmp_path, worker_suffix):
    """(source URL, the documented lines made concrete for this run, the environment to run them in)."""
    backup = tmp_path / "backup"
    lines = [line.replace("backups/FILE", str(backup)) for line in documented_restore_lines()]
    env = {**os.environ, "LANGUAGE_CODE": "en"}
    if connection.vendor == "sqlite":
        restored = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        # createdb and psql are the recipe's PostgreSQL lines; SQLite's URL is the one in the comment.
        lines = [
            f"export DATABASE_URL={restored}" if line.startswith("export DATABASE_URL=") else line
            for line in lines
            if not line.startswith(("createdb", "psql"))
        ]
        yield f"sqlite:///{tmp_path / 'source.sqlite3'}", backup, lines, env
        return
    assert connection.vendor == "postgresql"
    config = dj_database_url.parse(os.environ["DATABASE_URL"])
    base = config["NAME"] + worker_suffix
    owner, app, source, restored = f"{base}_owner", f"{base}_app", f"{base}_backup_source", f"{base}_restored"
    host, port = config["HOST"], str(config["PORT"] or 5432)
    admin = f"host={host} port={port} user={config['USER']} dbname=postgres"
    if config.get("PASSWORD"):
        admin += f" password={config['PASSWORD']}"

    def clean(create: bool) -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            for name in (source, restored):
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            for role in (owner, app):
                conn.execute(f'DROP ROLE IF EXISTS "{role}"')
            if create:
                conn.execute(f"CREATE ROLE \"{owner}\" LOGIN PASSWORD 'owner-secret'")
                conn.execute(f"CREATE ROLE \"{app}\" LOGIN PASSWORD 'app-secret'")
                conn.execute(f'CREATE DATABASE "{source}" OWNER "{owner}"')

    clean(create=True)
    names = {"tarokbog_restored": restored, "tarokbog_app": app, "tarokbog:": f"{owner}:", "=tarokbog ": f"={owner} "}
    for old, new in names.items():
        lines = [line.replace(old, new).replace("127.0.0.1:5432", f"{host}:{port}") for line in lines]
    # createdb runs as a superuser, as the recipe says: the one this test run connects as.
    env |= {"PGHOST": host, "PGPORT": port, "PGUSER": config["USER"], "PGPASSWORD": config.get("PASSWORD") or ""}
    yield f"postgres://{owner}:owner-secret@{host}:{port}/{source}", backup, lines, env
    clean(create=False)


def test_backup_and_restore_into_an_empty_database_as_documented(round_trip, tmp_path):
    source, backup, restore_lines, env = round_trip
    manage(source, "migrate", "--noinput")
    manage(source, "load_demo")
    manage(source, "shell", "-c", SETUP)
    (tmp_path / "sitting.json").write_text(json.dumps(ONE_DEAL_SITTING), encoding="utf-8")
    club = ["--club", "norrebro", "--season", "2026", "--table", "Bord 1"]
    manage(source, "import_sitting", str(tmp_path / "sitting.json"), *club, "--create-members")
    before = balances(source)
    manage(source, "dbbackup", "--output-path", str(backup))
    assert backup.stat().st_size > 0

    script = "set -euo pipefail\n" + "\n".join(restore_lines) + "\necho DATABASE_URL=$DATABASE_URL\n"
    result = subprocess.run(
        ["bash", "-c", script], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"{script}\n{result.stdout}\n{result.stderr}"
    # The last of the recipe's lines is ledger_check, which exits 1 on any difference.
    assert "problems found: 0." in result.stdout
    assert "Checked 2 clubs" in result.stdout
    restored = result.stdout.strip().splitlines()[-1].removeprefix("DATABASE_URL=")

    after = balances(restored)
    assert after == before
    members = {(club, name): balance for _pk, club, kind, name, balance in after if kind == "member"}
    assert {name: b for (club, name), b in members.items() if club == "norrebro"} == {
        "Anna": -26,
        "Bent": 43,
        "Carl": -17,
    }
    # The demo's 10 Danish members, the Hungarian circle's 9 others and the Slovenian circle's 5 (test_load_demo).
    assert len([club for club, _name in members if club == "vestbyen"]) == 10 + 9 + 5
    # Double entry: a club's accounts, members and table accounts (cups, pot) together, sum to zero.
    assert sum(row[4] or 0 for row in after if row[1] == "vestbyen") == 0
