"""Nordvest Tarok at one table, its members with logins; the evening is in table_evening.py."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from club import services
from club.models import Club, Member, Season, Table
from table_evening import DEAL_1, DEAL_2, DEAL_3, PASSWORD, SEATS


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The real hasher is slow on purpose; these tests log in dozens of times.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def today() -> datetime.date:
    return timezone.localdate()


@pytest.fixture
def club(db) -> Club:
    return Club.objects.create(name="Nordvest Tarok", slug="nordvest")


@pytest.fixture
def members(club, django_user_model) -> dict[str, Member]:
    """Anna is the club admin, Bent to Dorte score; Erik is a member who only looks."""
    roles = {"Anna": Member.Role.ADMIN, "Erik": Member.Role.MEMBER}
    found = {}
    for name in (*SEATS, "Erik"):
        user = django_user_model.objects.create_user(name.lower(), password=PASSWORD)
        found[name] = Member.objects.create(club=club, name=name, user=user, role=roles.get(name, Member.Role.SCORER))
    return found


@pytest.fixture
def season(club, today) -> Season:
    return Season.objects.create(
        club=club,
        name="Vinter",
        starts_on=today - datetime.timedelta(days=60),
        ends_on=today + datetime.timedelta(days=60),
        preset="vlk-2010",
        close="split",
    )


@pytest.fixture
def table(club) -> Table:
    return Table.objects.create(club=club, name="Bord 1")


@pytest.fixture
def sitting(season, table, members, today):
    return services.start_sitting(
        season=season, table=table, members=[members[n] for n in SEATS], first_dealer=members["Anna"], date=today
    )


@pytest.fixture
def played(sitting, members):
    """The sitting after the three deals of the module docstring."""
    for record in (DEAL_1, DEAL_2, DEAL_3):
        services.record_deal(sitting, record, by=members["Anna"].user)
    return sitting


@pytest.fixture
def outsider(db, django_user_model):
    """An active member of another club: every page of Nordvest Tarok is 404 to him."""
    other = Club.objects.create(name="Sydhavn Tarok", slug="sydhavn")
    user = django_user_model.objects.create_user("olaf", password=PASSWORD)
    Member.objects.create(club=other, name="Olaf", user=user)
    return user


@pytest.fixture
def as_member(client, members):
    """A test client logged in as the named member (English pages, for wording checks)."""

    def login(name: str):
        client.force_login(members[name].user)
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
        return client

    return login
