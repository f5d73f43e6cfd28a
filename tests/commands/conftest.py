"""Fixtures for the officials' commands: a small hand-made club, and the demo club.

Loading the demo goes through the services deal by deal (some seconds), so `demo` loads it once
for this folder inside an outer transaction that is rolled back when the folder is done; every
test still runs in its own savepoint on top and sees the demo exactly as loaded. Tests that run
after it see the demo club too, so they look only at their own club.
"""

from __future__ import annotations

import copy
import datetime
import io

import pytest
from django.core.management import call_command
from django.db import transaction

from club.models import Club, Season, Table

# Hand-settled in test_import_export.py (vlk-2010, empty cups): Anna -26, Bent 43, Carl -17.
ONE_DEAL_SITTING = {
    "ruleset": "vlk-2010",
    "table": ["Anna", "Bent", "Carl"],
    "deals": [{"dealer": "Anna", "players": ["Anna", "Bent", "Carl"], "last_trick": "Bent"}],
    "close": "split",
}


@pytest.fixture
def one_deal_sitting() -> dict:
    return copy.deepcopy(ONE_DEAL_SITTING)


@pytest.fixture
def club(db):
    club = Club.objects.create(name="Nørrebro Tarok", slug="norrebro")
    Season.objects.create(
        club=club,
        name="2026",
        starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31),
        preset="vlk-2010",
    )
    Table.objects.create(club=club, name="Bord 1")
    return club


@pytest.fixture(scope="package")
def demo(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            call_command("load_demo", stdout=io.StringIO())
            yield Club.objects.get(slug="vestbyen")
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
