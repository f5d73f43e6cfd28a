"""A small club whose money is hand-computed, for statements, exports, audit and disputes.

Vestbyens Tarokklub plays vlk-2010 (fund 20, stake 5, last trick 20 from each) at 25 øre a
point. Anna Jensen, Bent Ørsted and Carl Åberg sit at Bord 1; Dorte Ærø is the club's official
and never plays. Every figure below is worked out by hand from the rules brief.

October, 20 Oct 2026 (closed, split):
    funding                 Anna -40  Bent -40  Carl -40   cups 60 + 60
    deal 1 (Anna deals, Bent takes the last trick)
        stake               Anna -10                       cups +5 +5
        last trick          Anna -20  Bent +40  Carl -20
    close: split 130        Anna +44  Bent +43  Carl +43   (130 = 3·43 + 1, the odd point to
                                                            the first dealer, Anna)
    October total           Anna -26  Bent +43  Carl -17

November, 4 Nov 2026 (closed, split):
    funding                 Anna -40  Bent -40  Carl -40
    deal 1 as in October    Anna -30  Bent +40  Carl -20
    deal 2 (Bent deals, Carl melds 11 taroks without the Pagat, Anna takes the last trick)
        stake               Bent -10                       cups +5 +5
        meld.taroks 15 each Anna -15  Bent -15  Carl +30
        last trick          Anna +40  Bent -20  Carl -20
    close: split 140        Anna +47  Bent +47  Carl +46   (140 = 3·46 + 2: Anna, then Bent)
    4 November total        Anna  +2  Bent  +2  Carl  -4

Correction booked 20 Nov 2026 of October's deal 1: Carl, not Bent, took the last trick.
    deal 1 becomes          Anna -30  Bent -20  Carl +40   (cups unchanged, so the close stands)
    change                  Anna   0  Bent -60  Carl +60

So November's statements: opening, sittings, corrections, closing (points; kroner at 0,25 kr.)
    Anna   -26   +2    0   -24   -6,00 kr.
    Bent   +43   +2  -60   -15   -3,75 kr.
    Carl   -17   -4  +60   +39   +9,75 kr.
"""

from __future__ import annotations

import datetime
from types import SimpleNamespace
from unittest import mock

import pytest
from django.utils import timezone

from club import services
from club.models import Club, Member, Season, Table

OCTOBER_SITTING = datetime.date(2026, 10, 20)
NOVEMBER_SITTING = datetime.date(2026, 11, 4)
CORRECTION_DAY = datetime.date(2026, 11, 20)

TABLE = ["Anna Jensen", "Bent Ørsted", "Carl Åberg"]
ANNA, BENT, CARL = TABLE


def deal(dealer: str, last_trick: str, **more) -> dict:
    """A vlk-2010 deal record; the players are the whole three-seat table from the dealer."""
    start = TABLE.index(dealer)
    return {"dealer": dealer, "players": TABLE[start:] + TABLE[:start], "last_trick": last_trick, **more}


def booked_on(day: datetime.date):
    """Corrections are booked on today's date; pin "today" for the duration."""
    return mock.patch.object(timezone, "localdate", return_value=day)


# Helpers are fixtures too: this folder is no package, so tests cannot import from here.


@pytest.fixture(name="deal")
def deal_fixture():
    return deal


@pytest.fixture(name="booked_on")
def booked_on_fixture():
    return booked_on


@pytest.fixture
def make_user(django_user_model):
    def make(username: str):
        return django_user_model.objects.create_user(username)  # no password: no slow hashing

    return make


@pytest.fixture
def vestbyen(db, make_user):
    """The club with its season, table, members and users; no sittings yet."""
    club = Club.objects.create(name="Vestbyens Tarokklub", slug="vestbyen")
    members = {}
    for name, username, role in [
        (ANNA, "anna", Member.Role.SCORER),
        (BENT, "bent", Member.Role.MEMBER),
        (CARL, "carl", Member.Role.MEMBER),
        ("Dorte Ærø", "dorte", Member.Role.ADMIN),
    ]:
        members[username] = Member.objects.create(club=club, name=name, user=make_user(username), role=role)
    season = Season.objects.create(
        club=club,
        name="2026/27",
        starts_on=datetime.date(2026, 8, 1),
        ends_on=datetime.date(2027, 5, 31),
        preset="vlk-2010",
        point_value_ore=25,
        close=Season.Close.SPLIT,
    )
    table = Table.objects.create(club=club, name="Bord 1")
    return SimpleNamespace(club=club, season=season, table=table, **members)


def play(club, records: list[dict], date: datetime.date, *, close: bool = True):
    seated = [Member.objects.get(club=club.club, name=name) for name in TABLE]
    sitting = services.start_sitting(
        season=club.season, table=club.table, members=seated, first_dealer=seated[0], date=date, by=club.anna.user
    )
    deals = [services.record_deal(sitting, record, by=club.anna.user).deal for record in records]
    if close:
        services.close_sitting(sitting, by=club.anna.user)
    return sitting, deals


@pytest.fixture
def autumn(vestbyen):
    """October and November as in the module docstring, correction included."""
    october, (october_deal,) = play(vestbyen, [deal(ANNA, BENT)], OCTOBER_SITTING)
    november, november_deals = play(
        vestbyen, [deal(ANNA, BENT), deal(BENT, ANNA, melds={CARL: {"taroks": 11, "pagat": False}})], NOVEMBER_SITTING
    )
    with booked_on(CORRECTION_DAY):
        correction = services.correct_deal(
            october_deal, deal(ANNA, CARL), by=vestbyen.dorte.user, reason="Carl took the last trick, not Bent"
        )
    october_deal.refresh_from_db()
    return SimpleNamespace(
        **vars(vestbyen),
        october=october,
        october_deal=october_deal,
        november=november,
        november_deals=november_deals,
        correction=correction.version,
    )


@pytest.fixture
def other_club(db, make_user):
    club = Club.objects.create(name="Østerbro Tarok", slug="osterbro")
    member = Member.objects.create(club=club, name="Ebbe", user=make_user("ebbe"), role=Member.Role.ADMIN)
    return SimpleNamespace(club=club, ebbe=member)
