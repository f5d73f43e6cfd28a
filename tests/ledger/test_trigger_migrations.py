"""Each migration that makes the guards carries the SQL of its own time, frozen in its file: no
migration runs `ledger.triggers` or `club.triggers`, whose SQL is today's, and the latest one of
each app makes exactly what the module holds now (a change to the module goes with a migration).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from club import triggers as club_triggers
from ledger import triggers as ledger_triggers

ROOT = Path(__file__).resolve().parents[2]
# The latest migration of each app that makes its guards.
LATEST = {
    "ledger": ("ledger.migrations.0015_guards_search_path", ledger_triggers),
    "club": ("club.migrations.0039_the_log_and_the_forget_together", club_triggers),
}


@pytest.mark.parametrize("app", sorted(LATEST))
def test_the_latest_migration_makes_the_modules_sql(app):
    name, module = LATEST[app]
    migration = importlib.import_module(name)
    assert migration.CREATE == {"postgresql": module.POSTGRESQL, "sqlite": module.SQLITE}


@pytest.mark.parametrize("app", sorted(LATEST))
def test_no_migration_runs_todays_trigger_sql(app):
    running = [
        path.name
        for path in sorted((ROOT / app / "migrations").glob("0*.py"))
        if re.search(
            r"^\s*(from (ledger|club) import triggers|from (ledger|club)\.triggers import|import (ledger|club)\.triggers)",
            path.read_text(encoding="utf-8"),
            re.MULTILINE,
        )
    ]
    assert running == []


def test_a_later_migration_is_the_latest_that_makes_the_guards():
    """A migration after the latest listed here that makes triggers must take its place in LATEST."""
    for app, (name, _module) in LATEST.items():
        latest = name.rsplit(".", 1)[1]
        later = [
            path.name
            for path in sorted((ROOT / app / "migrations").glob("0*.py"))
            if path.stem > latest
            and re.search(r"CREATE (OR REPLACE FUNCTION|TRIGGER)", path.read_text(encoding="utf-8"))
        ]
        assert later == [], f"{app}: {later} make guards; LATEST names {latest}"
