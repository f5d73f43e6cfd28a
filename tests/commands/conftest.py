"""Fixtures for the officials' commands: a small hand-made club, and the demo club.

Loading the demo goes through the services deal by deal (some seconds), so `demo` loads it once
for this folder inside an outer transaction that is rolled back when the folder is done; every
test still runs in its own savepoint on top and sees the demo exactly as loaded. Tests that run
after it see the demo club too, so they look only at their own club.
"""

from __future__ import annotations

import copy
import io

import pytest
from django.core.management import call_command
from django.db import transaction

from club.models import Club

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
def club(make_club, make_season, make_table):
    """The test world's builders, for a club with no members yet: a 2026 vlk-2010 season and Bord 1."""
    club = make_club("Nørrebro Tarok", "norrebro")
    make_season(club, "vlk-2010", name="2026", year=2026)
    make_table(club, "Bord 1")
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
