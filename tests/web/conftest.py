"""A club at one table, its members with logins, and one evening worked out by hand.

Nordvest Tarok plays vlk-2010 (fund 20, stake 5, last trick 20 from each, ultimo and bagud 40
from each, rounded count) with Anna, Bent, Carl and Dorte at Bord 1, seated in that order;
Anna deals first. With four at the table the member opposite the dealer sits out.

    start: both cups empty, each member pays 20 into each  A -40  B -40  C -40  D -40  cups 80/80
    deal 1  Anna deals, Bent forehand, Dorte middlehand (Carl sits out);
            Bent takes the last trick; Anna counts 39 (+15), Dorte 19 (-5), Bent pays 10
              stake Anna -10 (cups +5/+5), last trick Bent +40 / Anna -20 / Dorte -20
                                                           A -15  B +30  C   0  D -25  cups 85/85
    deal 2  Bent deals, Carl forehand, Anna middlehand (Dorte sits out);
            Carl melds 10 taroks with the Pagat (10 from each) and makes the Pagat ultimo:
            he takes the Pagatkop (90 after the stake) and 40 from each, plus the vlk fee of
            5 from each for the Pagat in the last trick; the cup is refilled with 20 from all
            four; Bent counts 30 (+5), Anna 25 (0), Carl pays 5
                                                           A -75  B -80  C+175  D -20  cups 80/90
    deal 3  Carl deals, Dorte forehand, Bent middlehand (Anna sits out);
            Dorte's King of hearts goes bagud: she doubles the Kongekop (95 after the stake),
            pays 40 to each and the vlk fee of 5 to each + 5 to the cup; Bent takes the last
            trick; Carl counts 40 (+15), Bent 20 (-5), Dorte pays 10
                                                           A   0  B +80  C +30  D-220  cups 85/195
    totals                                                 A-130  B -10  C+165  D-305  (cups 280)

Correcting deal 1 (Dorte had lost the King of spades during play: 5 to each of the two
others and 5 into the Kongekop) makes deal 1  A -10  B +35  D -40 (Kongekop 90), and so deal
3's bagud doubles 100, not 95: Dorte -225 there.
    totals after the correction                            A-125  B  -5  C+165  D-325  cups 85/205
"""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.utils import timezone

from club import services
from club.models import Club, Member, Season, Table

PASSWORD = "kort-og-kopper-2026"
SEATS = ("Anna", "Bent", "Carl", "Dorte")

DEAL_1 = {"dealer": "Anna", "players": ["Anna", "Bent", "Dorte"], "last_trick": "Bent", "counts": {"Anna": 39, "Dorte": 19}}
DEAL_2 = {
    "dealer": "Bent",
    "players": ["Bent", "Carl", "Anna"],
    "melds": {"Carl": {"taroks": 10, "pagat": True}},
    "pagat": {"holder": "Carl", "fate": "ultimo"},
    "last_trick": "Carl",
    "counts": {"Bent": 30, "Anna": 25},
}
DEAL_3 = {
    "dealer": "Carl",
    "players": ["Carl", "Dorte", "Bent"],
    "kings": {"hearts": {"holder": "Dorte", "fate": "bagud"}},
    "last_trick": "Bent",
    "counts": {"Carl": 40, "Bent": 20},
}
DEAL_1_CORRECTED = DEAL_1 | {"kings": {"spades": {"holder": "Dorte", "fate": "lost"}}}

TOTALS = {"Anna": -130, "Bent": -10, "Carl": 165, "Dorte": -305}
TOTALS_CORRECTED = {"Anna": -125, "Bent": -5, "Carl": 165, "Dorte": -325}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The real hasher is slow on purpose; these tests log in dozens of times.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_login_throttle():
    cache.clear()
    yield
    cache.clear()


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
