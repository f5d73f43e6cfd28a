"""The test world as fixtures (a pytest plugin: tests/conftest.py loads it for every folder).

The defaults are one club, Tarokklubben Pagat, with Anna, Bent, Carl, Dorte and Erik (no logins),
Bord 1, and a vlk-2010 season around today; a folder's conftest overrides `club`, `season` or
`sitting_date` for its own scenario, and the rest follows from them.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.utils import timezone

from club.models import Club, Member, Season, Sitting, Table

from . import clubs
from .records import MEMBERS, SEATS


@pytest.fixture
def make_club(db) -> Callable[..., Club]:
    return clubs.make_club


@pytest.fixture
def make_season(db) -> Callable[..., Season]:
    return clubs.make_season


@pytest.fixture
def make_table(db) -> Callable[..., Table]:
    return clubs.make_table


@pytest.fixture
def club(make_club) -> Club:
    return make_club("Tarokklubben Pagat", "pagat", MEMBERS)


@pytest.fixture
def members(club) -> dict[str, Member]:
    return {member.name: member for member in club.members.all()}


@pytest.fixture
def season(club, make_season) -> Season:
    return make_season(club, name="Vinter")


@pytest.fixture
def table(club, make_table) -> Table:
    return make_table(club)


@pytest.fixture
def today() -> datetime.date:
    return timezone.localdate()


@pytest.fixture
def sitting_date(today) -> datetime.date:
    """The day `start_sitting` dates a sitting unless told."""
    return today


@pytest.fixture
def start_sitting(table, sitting_date) -> Callable[..., Sitting]:
    """`start_sitting(season, seated="Anna Bent Carl Dorte", at=table, date=sitting_date, ...)`:
    `world.clubs.start_sitting` with the folder's table and day."""

    def start(season: Season, seated=SEATS, *, at: Table | None = None, date=None, **more) -> Sitting:
        return clubs.start_sitting(season, seated, at=at or table, date=date or sitting_date, **more)

    return start


@pytest.fixture
def sitting(season, start_sitting) -> Sitting:
    """Anna, Bent, Carl and Dorte at Bord 1, Anna dealing first."""
    return start_sitting(season)
