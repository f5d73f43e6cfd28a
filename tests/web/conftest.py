"""Nordvest Tarok on the test world (tests/world): its members with logins, Bord 1, the world's
season and sitting; the evening is in table_evening.py."""

from __future__ import annotations

import pytest

from club.models import Club, Member
from table_evening import DEAL_1, DEAL_2, DEAL_3, PASSWORD, SEATS
from world.clubs import play


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The real hasher is slow on purpose; these tests log in dozens of times.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def club(make_club) -> Club:
    """Anna is the club admin, Bent to Dorte score; Erik is a member who only looks. Each logs in
    with their name in lower case. The season, Bord 1 and the sitting are the test world's."""
    return make_club(
        "Nordvest Tarok",
        "nordvest",
        (*SEATS, "Erik"),
        role=Member.Role.SCORER,
        roles={"Anna": Member.Role.ADMIN, "Erik": Member.Role.MEMBER},
        logins=True,
        password=PASSWORD,
    )


@pytest.fixture
def played(sitting, members):
    """The sitting after the three deals of the module docstring."""
    play(sitting, [DEAL_1, DEAL_2, DEAL_3], by=members["Anna"].user)
    return sitting


@pytest.fixture
def outsider(make_club):
    """An active member of another club: every page of Nordvest Tarok is 404 to him."""
    return make_club("Sydhavn Tarok", "sydhavn", ["Olaf"], logins=True, password=PASSWORD).members.get().user


@pytest.fixture
def as_member(client, members):
    """A test client logged in as the named member (English pages, for wording checks)."""

    def login(name: str):
        client.force_login(members[name].user)
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
        return client

    return login
