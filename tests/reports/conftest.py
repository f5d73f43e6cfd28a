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

from club.models import Member, Season
from club.services.corrections import correct_deal
from world import clubs
from world.clubs import start_sitting
from world.records import danish_deal

OCTOBER_SITTING = datetime.date(2026, 10, 20)
NOVEMBER_SITTING = datetime.date(2026, 11, 4)
CORRECTION_DAY = datetime.date(2026, 11, 20)

TABLE = ["Anna Jensen", "Bent Ørsted", "Carl Åberg"]
ANNA, BENT, CARL = TABLE


def booked_on(day: datetime.date):
    """Corrections are booked on today's date; pin "today" for the duration."""
    return mock.patch.object(timezone, "localdate", return_value=day)


# Helpers are fixtures too: this folder is no package, so tests cannot import from here.


@pytest.fixture(name="booked_on")
def booked_on_fixture():
    return booked_on


@pytest.fixture
def vestbyen(make_club, make_season, make_table):
    """The club with its season, table, members and users (by username); no sittings yet."""
    club = make_club(
        "Vestbyens Tarokklub",
        "vestbyen",
        [*TABLE, "Dorte Ærø"],
        roles={ANNA: Member.Role.SCORER, "Dorte Ærø": Member.Role.ADMIN},
        logins=True,
    )
    season = make_season(
        club,
        "vlk-2010",
        name="2026/27",
        starts_on=datetime.date(2026, 8, 1),
        ends_on=datetime.date(2027, 5, 31),
        point_value_ore=25,
        close=Season.Close.SPLIT,
    )
    members = {member.user.username: member for member in club.members.all()}
    return SimpleNamespace(club=club, season=season, table=make_table(club, "Bord 1"), **members)


def play(club, records: list[dict], date: datetime.date, *, close: bool = True):
    sitting = start_sitting(club.season, TABLE, at=club.table, date=date, by=club.anna.user)
    return sitting, clubs.play(sitting, records, by=club.anna.user, close=close)


@pytest.fixture
def autumn(vestbyen):
    """October and November as in the module docstring, correction included."""
    october, (october_deal,) = play(vestbyen, [danish_deal(ANNA, TABLE, last_trick=BENT)], OCTOBER_SITTING)
    november, november_deals = play(
        vestbyen,
        [
            danish_deal(ANNA, TABLE, last_trick=BENT),
            danish_deal(BENT, TABLE, last_trick=ANNA, melds={CARL: {"taroks": 11, "pagat": False}}),
        ],
        NOVEMBER_SITTING,
    )
    with booked_on(CORRECTION_DAY):
        correction = correct_deal(
            october_deal,
            danish_deal(ANNA, TABLE, last_trick=CARL),
            by=vestbyen.dorte.user,
            reason="Carl took the last trick, not Bent",
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
def other_club(make_club):
    club = make_club("Østerbro Tarok", "osterbro", ["Ebbe"], role=Member.Role.ADMIN, logins=True)
    return SimpleNamespace(club=club, ebbe=club.members.get())
