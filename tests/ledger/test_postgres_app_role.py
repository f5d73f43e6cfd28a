"""The app runs as a PostgreSQL role that owns nothing (scripts/app-role.sql, README): it records,
corrects and closes, but cannot switch the ledger's triggers off, nor change a posting or a deal
version even by hand.

Collected on PostgreSQL only (tests/ledger/conftest.py).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import translation
from psycopg import sql

from club import services

pytestmark = pytest.mark.django_db(transaction=True)

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "app-role.sql"


def _statements(role: str) -> list[str]:
    """scripts/app-role.sql with psql's :"app" filled in, one statement at a time."""
    text = "\n".join(line for line in SCRIPT.read_text(encoding="utf-8").splitlines() if not line.startswith("--"))
    quoted = sql.Identifier(role).as_string(connection.connection)
    return [s.strip() for s in text.replace(':"app"', quoted).split(";") if s.strip()]


@pytest.fixture
def app_role(db):
    """A login role for this test database, granted what the script grants (as the owner)."""
    role = f"{connection.settings_dict['NAME']}_app"[:63]
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
        if cursor.fetchone() is None:
            cursor.execute(
                sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(role)).as_string(connection.connection)
            )
        for statement in _statements(role):
            cursor.execute(statement)
    yield role
    with connection.cursor() as cursor:
        cursor.execute("RESET ROLE")
        cursor.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)).as_string(connection.connection))
        cursor.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(role)).as_string(connection.connection))


@pytest.fixture
def as_app(app_role):
    """A connection of its own, logged in as the app's role (trust authentication on the test server)."""
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"], port=settings["PORT"] or 5432, dbname=settings["NAME"], user=app_role, autocommit=True
    ) as conn:
        yield conn


@pytest.fixture
def posted(season, start_sitting, evening):
    sitting = start_sitting(season)
    services.record_deal(sitting, evening[0])
    return sitting


@pytest.mark.parametrize(
    ("statement", "refusal"),
    [
        (
            "ALTER TABLE ledger_posting DISABLE TRIGGER ledger_posting_append_only",
            "must be owner of table ledger_posting",
        ),
        ("ALTER TABLE ledger_posting DISABLE TRIGGER ALL", "must be owner of table ledger_posting"),
        (
            "ALTER TABLE club_dealversion DISABLE TRIGGER club_dealversion_append_only",
            "must be owner of table club_dealversion",
        ),
        (
            "DROP TRIGGER ledger_transaction_append_only ON ledger_transaction",
            "must be owner of (table|relation) ledger_transaction",
        ),
        ("SET session_replication_role = replica", 'permission denied to set parameter "session_replication_role"'),
        ("UPDATE ledger_posting SET points = 0", "permission denied for table ledger_posting"),
        ("DELETE FROM ledger_transaction", "permission denied for table ledger_transaction"),
        ("UPDATE club_dealversion SET reason = 'tampered'", "permission denied for table club_dealversion"),
        ("UPDATE ledger_account SET owner = ''", "permission denied for table ledger_account"),
        ("TRUNCATE ledger_posting", "permission denied for table ledger_posting"),
    ],
)
def test_the_app_role_cannot_switch_the_guards_off_or_change_the_ledger(posted, as_app, statement, refusal):
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match=refusal):
        as_app.execute(statement)
    triggers = as_app.execute(
        "SELECT count(*) FROM pg_trigger WHERE tgname = 'ledger_posting_append_only' AND tgenabled = 'O'"
    )
    assert triggers.fetchone() == (1,)


def test_the_app_role_reads_the_ledger(posted, as_app):
    (postings,) = as_app.execute("SELECT count(*) FROM ledger_posting").fetchone()
    # The funding: each cup +80 and four members -20, 5 postings per cup (10); deal 1's 12.
    assert postings == 22


def test_the_app_runs_as_the_role(app_role, season, start_sitting, evening, deal_1_king_lost):
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
        cursor.execute("SELECT current_user")
        assert cursor.fetchone() == (app_role,)
    sitting = start_sitting(season)
    for record in evening:
        services.record_deal(sitting, record)
    services.correct_deal(sitting.deals.get(number=1), deal_1_king_lost, reason="Dorte lost the King of spades")
    services.close_sitting(sitting)
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    assert re.search(r"Checked 1 club, 1 table, 1 sitting and \d+ transactions .*problems found: 0\.", out.getvalue())
