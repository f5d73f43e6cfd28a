"""Clubs, seasons, tables and sittings for the Django tests, each built one way.

Everything goes through the models and `club.services` as the site does; the fixtures of
`world.fixtures` call these with a folder's scenario.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence

from django.contrib.auth import get_user_model
from django.utils import timezone

from club import families
from club.models import Club, Deal, Member, Season, Sitting, Table
from club.services import bookkeeping, sittings
from club.services.closing import close_sitting
from club.services.deals import record_deal

from .records import SEATS


def make_user(username: str, password: str | None = None, **fields):
    """A login; without a password none is hashed (hashing is slow on purpose)."""
    return get_user_model().objects.create_user(username, password=password, **fields)


def make_club(
    name: str,
    slug: str,
    members: Iterable[str] = (),
    *,
    role: str = Member.Role.MEMBER,
    roles: Mapping[str, str] | None = None,
    logins: bool = False,
    usernames: Mapping[str, str] | None = None,
    password: str | None = None,
) -> Club:
    """A club and its `members` (see `add_members`)."""
    club = Club.objects.create(name=name, slug=slug)
    add_members(club, members, role=role, roles=roles, logins=logins, usernames=usernames, password=password)
    return club


def add_members(
    club: Club,
    names: Iterable[str],
    *,
    role: str = Member.Role.MEMBER,
    roles: Mapping[str, str] | None = None,
    logins: bool = False,
    usernames: Mapping[str, str] | None = None,
    password: str | None = None,
) -> dict[str, Member]:
    """Members by name, in the order given: each has `role` unless `roles` names another. A member
    logs in as `usernames[name]`, or with `logins` as the first word of the name in lower case
    ("Anna Jensen": anna); the others have no login."""
    roles, usernames = roles or {}, usernames or {}
    added = {}
    for name in names:
        username = usernames.get(name) or (name.split()[0].lower() if logins else None)
        user = make_user(username, password) if username else None
        added[name] = Member.objects.create(club=club, name=name, user=user, role=roles.get(name, role))
    return added


def make_season(
    club: Club,
    preset: str = "vlk-2010",
    *,
    name: str | None = None,
    year: int | None = None,
    starts_on: datetime.date | None = None,
    ends_on: datetime.date | None = None,
    close: str = Season.Close.SPLIT,
    overrides: dict | None = None,
    point_value_ore: int = 1,
) -> Season:
    """A season of `preset`: the whole `year`, or from `starts_on` to `ends_on`, or else sixty days
    either side of today. Its name is `name`, or the year, preset and close."""
    if year is not None:
        starts_on, ends_on = datetime.date(year, 1, 1), datetime.date(year, 12, 31)
    today = timezone.localdate()
    starts_on = starts_on or today - datetime.timedelta(days=60)
    ends_on = ends_on or today + datetime.timedelta(days=60)
    return Season.objects.create(
        club=club,
        name=name or f"{starts_on.year} {preset} {close}",
        starts_on=starts_on,
        ends_on=ends_on,
        preset=preset,
        overrides=overrides or {},
        close=close,
        point_value_ore=point_value_ore,
    )


def make_table(club: Club, name: str = "Bord 1") -> Table:
    return Table.objects.create(club=club, name=name)


def cups_of(table: Table, *, before_sitting: Sitting | None = None):
    """What a Danish table's Pagatkop and Kongekop hold now, or as a sitting began (`rules.danish.Cups`)."""
    return bookkeeping.table_state(table, families.of("vlk-2010"), before_sitting=before_sitting).cups


def start_sitting(
    season: Season,
    seated: Sequence[Member] | Sequence[str] | str = SEATS,
    *,
    at: Table,
    date: datetime.date,
    first_dealer: Member | str | None = None,
    by=None,
) -> Sitting:
    """A sitting started through the services: `seated` are members of the season's club (or their
    names, in a list or one string) in seat order; the first of them deals unless `first_dealer`
    (a member or a name) says otherwise."""
    if isinstance(seated, str):
        seated = seated.split()
    seats = [seat if isinstance(seat, Member) else season.club.members.get(name=seat) for seat in seated]
    dealer = first_dealer if first_dealer is not None else seats[0]
    if not isinstance(dealer, Member):
        dealer = next(seat for seat in seats if seat.name == dealer)
    return sittings.start_sitting(season=season, table=at, members=seats, first_dealer=dealer, date=date, by=by)


def play(sitting: Sitting, records: Iterable[dict], *, by=None, close: bool | str = False) -> list[Deal]:
    """Each record as a deal of `sitting`, in order, through the services; then, with `close`, the
    sitting closed as the season says (True) or as `close` says ("split", "carry")."""
    deals = [record_deal(sitting, record, by=by).deal for record in records]
    if close:
        close_sitting(sitting, how=None if close is True else close, by=by)
    return deals
