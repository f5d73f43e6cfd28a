"""Fixtures shared by the whole suite.

pytest-django supplies ``client``, ``admin_client`` and ``db``. The two clubs below (`two_clubs`) serve the
API's tests, the authorization matrices of the API and the web, and the hostile-input tests.

Two clubs with the same shape, for the API's tests. Every figure is worked out by hand.

Each club plays vlk-2010 (fund 20 to each cup, stake 5 to each cup, last trick 20 from each)
in season "2026". Anna is the club admin, Bent a scorer, Carl a member; Dorte, Erik, Finn and
Gitte have no login (Finn and Gitte never play). Bord 2 stays free for starting a sitting. Carl disputes deal 1 at Bord 1 (open).

Bord 1, 12 March 2026, open: Anna Bent Carl Dorte, deal 1 recorded (Carl sits out)
    funding                 Anna -40  Bent -40  Carl -40  Dorte -40     cups 80 + 80
    deal 1 (Anna deals; Bent melds 10 taroks with the Pagat, saves it, takes the last trick)
        stake               Anna -10                                   cups +5 +5
        meld.taroks         Anna -10  Bent +20             Dorte -10
        pagat_saved         Anna  -5  Bent +10             Dorte  -5
        last_trick          Anna -20  Bent +40             Dorte -20
        net                 Anna -45  Bent +70  Carl   0  Dorte -35    cups 85 + 85
Bord 3, 5 March 2026, closed by split: Anna Bent Dorte Erik (Carl did not sit here)
    funding                 each -40                                   cups 80 + 80
    deal 1 (Anna deals, players Anna Bent Erik, Erik takes the last trick)
        stake + last trick  Anna -30  Bent -20  Dorte   0  Erik +40    cups 85 + 85
    close: split 170        Anna +43  Bent +43  Dorte +42  Erik +42    (170 = 4·42 + 2: the
                                                                         first dealer Anna, then Bent)
Season standings: Erik +42, Bent +13, Carl -40, Dorte -73, Anna -112 (sum -170: the cups of Bord 1).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import ClassVar

import pytest
from django.core.cache import cache
from django.core.files.storage import FileSystemStorage
from django.db import connection, connections, transaction
from django.db.models.signals import post_migrate
from django.utils import translation
from rest_framework.test import APIClient

from club import triggers as club_triggers
from club.models import Club, Deal, Dispute, Member, Season, Sitting, Table
from club.scoping import scopes_disabled
from club.services import disputes
from ledger import triggers as ledger_triggers
from world import clubs
from world.records import danish_deal

# The test world's fixtures (club, members, season, table, start_sitting, ...) for every folder, and
# the lines said at the end of the run (from every pytest-xdist worker).
pytest_plugins = ["world.fixtures", "world.run_lines"]


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: a login lock or a throttle one test left in the
    process's cache would answer for the next test's client at the same address."""
    cache.clear()


OPEN_TABLE = "Anna Bent Carl Dorte"
CLOSED_TABLE = "Anna Bent Dorte Erik"
OPEN_DEAL_1 = danish_deal(
    "Anna",
    OPEN_TABLE,
    melds={"Bent": {"taroks": 10, "pagat": True}},
    pagat={"holder": "Bent", "fate": "saved"},
    last_trick="Bent",
)
# The next deal at Bord 1: Bent deals, Carl takes the last trick.
#   stake Bent -10 (cups +5 +5); last_trick Carl +40, Bent -20, Anna -20.
OPEN_DEAL_2 = danish_deal("Bent", OPEN_TABLE, last_trick="Carl")
CLOSED_DEAL_1 = danish_deal("Anna", CLOSED_TABLE, last_trick="Erik")
# Deal 1 at Bord 1 as corrected: Dorte, not Bent, took the last trick.
OPEN_DEAL_1_CORRECTED = OPEN_DEAL_1 | {"last_trick": "Dorte"}
CLOSED_DEAL_1_CORRECTED = CLOSED_DEAL_1 | {"last_trick": "Bent"}

OPEN_DATE = datetime.date(2026, 3, 12)
CLOSED_DATE = datetime.date(2026, 3, 5)


@dataclass
class ClubWorld:
    club: Club
    season: Season
    members: dict[str, Member]
    users: dict[str, object]  # role -> user: "admin" (Anna), "scorer" (Bent), "member" (Carl)
    open_table: Table
    free_table: Table
    open_sitting: Sitting
    closed_sitting: Sitting
    open_deal: Deal
    closed_deal: Deal
    dispute: Dispute  # Carl's, open, on deal 1 at Bord 1

    # The records above, for tests (this folder is no package: tests reach them through here).
    open_deal_1: ClassVar[dict] = OPEN_DEAL_1
    open_deal_2: ClassVar[dict] = OPEN_DEAL_2
    open_deal_1_corrected: ClassVar[dict] = OPEN_DEAL_1_CORRECTED
    closed_deal_1_corrected: ClassVar[dict] = CLOSED_DEAL_1_CORRECTED

    def start_body(self) -> dict:
        """A valid POST /api/sittings/ body: Bord 2, Erik Finn Gitte (nobody of them sits at an open
        sitting: a member sits at one open sitting at a time), Erik deals first."""
        seated = [self.members[name].pk for name in ("Erik", "Finn", "Gitte")]
        return {
            "season": self.season.pk,
            "table": self.free_table.pk,
            "members": seated,
            "first_dealer": seated[0],
            "date": "2026-03-19",
        }


def build_club(slug: str) -> ClubWorld:
    roles = {"Anna": Member.Role.ADMIN, "Bent": Member.Role.SCORER, "Carl": Member.Role.MEMBER}
    club = clubs.make_club(
        f"Tarokklubben {slug.title()}",
        slug,
        "Anna Bent Carl Dorte Erik Finn Gitte".split(),
        roles=roles,
        usernames={name: f"{slug}-{role}" for name, role in roles.items()},  # no password: hashing is slow
    )
    members = {m.name: m for m in club.members.all()}
    users = {role: members[name].user for name, role in roles.items()}
    season = clubs.make_season(club, name="2026", year=2026)
    open_table, free_table, closed_table = (clubs.make_table(club, f"Bord {n}") for n in (1, 2, 3))

    closed_sitting = clubs.start_sitting(season, CLOSED_TABLE, at=closed_table, date=CLOSED_DATE)
    [closed_deal] = clubs.play(closed_sitting, [CLOSED_DEAL_1], close="split")
    open_sitting = clubs.start_sitting(season, OPEN_TABLE, at=open_table, date=OPEN_DATE)
    [open_deal] = clubs.play(open_sitting, [OPEN_DEAL_1])
    dispute = disputes.raise_dispute(open_deal, member=members["Carl"], comment="Bent had only 9 taroks")
    return ClubWorld(
        club,
        season,
        members,
        users,
        open_table,
        free_table,
        open_sitting,
        closed_sitting,
        open_deal,
        closed_deal,
        dispute,
    )


def build_two_clubs() -> dict[str, ClubWorld]:
    return {"a": build_club("vestby"), "b": build_club("oestby")}


@pytest.fixture
def two_clubs(module_two_clubs, db) -> dict[str, ClubWorld]:
    """Club "a" (the requester's, in most tests) and club "b" (another club); whatever a test
    writes is rolled back after it."""
    return module_two_clubs


@pytest.fixture(scope="module")
def module_two_clubs(django_db_setup, django_db_blocker) -> dict[str, ClubWorld]:
    """The two clubs, built once for a whole module, as Django's `setUpTestData` does.

    They are written inside a transaction that stays open for the module; each test's `db`
    fixture then runs in a savepoint inside it and rolls back to it, so one test's POST never
    reaches the next test, and the module's end rolls everything back.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_two_clubs()
        transaction.set_rollback(True)


@pytest.fixture
def api():
    """`api(user)`: a client logged in as `user` (None: anonymous), answering in English."""

    def client_for(user=None) -> APIClient:
        client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
        if user is not None:
            client.force_login(user)
        return client

    return client_for


# --- club scopes --------------------------------------------------------------------------------


@pytest.fixture(scope="session", autouse=True)
def club_scopes_disabled_for_the_tests_own_code():
    """A test's own set-up and checks are not a view: they read and write any club's rows, as a
    management command does. Session-wide, so module-scoped worlds (`module_two_clubs`) are built
    inside it too. Requests through the test client and the live server still run in the scope
    their URL calls for (club.scoping.ClubScope enters it inside this one)."""
    with scopes_disabled():
        yield


# --- SQLite's ledger guards and the flush after a transactional test --------------------------

# The triggers, some of which refuse DELETE on SQLite (lists of statements and trigger names): the
# ledger's, and the club's (a played season's).
_SQLITE_GUARDS = [ledger_triggers, club_triggers]
_SQLITE_TRIGGERS = [name for module in _SQLITE_GUARDS for name in module.SQLITE_TRIGGERS]


def _sqlite_guards_stand(connection) -> None:
    """The triggers stand, as `ledger.triggers` and `club.triggers` make them."""
    with connection.cursor() as cursor:
        named = ", ".join(["%s"] * len(_SQLITE_TRIGGERS))
        cursor.execute(
            f"SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ({named})", _SQLITE_TRIGGERS
        )
        if cursor.fetchone()[0] < len(_SQLITE_TRIGGERS):
            for module in _SQLITE_GUARDS:
                for statement in module.SQLITE:
                    cursor.execute(statement)


def _guards_stand_after_the_flush(sender, using, **kwargs) -> None:
    # A flush ends with post_migrate: the guards stand again before anything else writes, a module's
    # or a package's world built next (`module_two_clubs`, the demo club) included, in whatever
    # order pytest-xdist hands out the files.
    if sender.label == "ledger" and connections[using].vendor == "sqlite":
        _sqlite_guards_stand(connections[using])


@pytest.fixture(scope="session", autouse=True)
def _sqlite_guards_after_every_flush():
    post_migrate.connect(_guards_stand_after_the_flush, dispatch_uid="tests-sqlite-guards")
    yield
    post_migrate.disconnect(dispatch_uid="tests-sqlite-guards")


@pytest.fixture(autouse=True)
def sqlite_ledger_guards_stand(request):
    """On SQLite the ledger's (and a played season's) triggers refuse DELETE, and a transactional test ends with a flush
    (DELETE of every row; PostgreSQL's TRUNCATE fires no row trigger). Their triggers are dropped
    just before that flush, and stand again after it (the flush's post_migrate) and before every other test."""
    marker = request.node.get_closest_marker("django_db")
    fixtures = set(request.fixturenames)
    if (marker is None and not {"db", "transactional_db", "live_server"} & fixtures) or connection.vendor != "sqlite":
        yield
        return
    transactional = bool(
        (marker is not None and marker.kwargs.get("transaction")) or {"transactional_db", "live_server"} & fixtures
    )
    # The database fixture first, so this one's teardown comes before its flush.
    request.getfixturevalue("transactional_db" if transactional else "db")
    _sqlite_guards_stand(connection)
    yield
    if transactional:
        with connection.cursor() as cursor:
            for trigger in _SQLITE_TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {trigger}")


# --- the language ------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the default language (Danish): a request or a command that an earlier test
    of the same process ran leaves its language active in the thread."""
    translation.deactivate()


# --- the mail outbox ---------------------------------------------------------------------------

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture(autouse=True, scope="session")
def outbox_files(tmp_path_factory):
    """Attachments waiting in the outbox are written under pytest's temporary folder, not the checkout."""
    from post_office.models import Attachment

    field = Attachment._meta.get_field("file")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(field, "storage", FileSystemStorage(location=tmp_path_factory.mktemp("outbox")))
        yield


@pytest.fixture
def send_queued_mail(settings):
    """`send_queued_mail()`: the outbox's worker, once (what `manage.py send_queued_mail` runs, without
    its lock file and its closing of the database connection, which would end the test's
    transaction). It delivers into `django.core.mail.outbox` unless a test names another backend
    in settings.POST_OFFICE. Returns (sent, failed, requeued). One batch of every due mail: the
    command's one-at-a-time loop is tested in its own process (tests/ops/test_mail_once.py)."""
    from post_office.mail import send_queued

    settings.POST_OFFICE = settings.POST_OFFICE | {"BACKENDS": {"default": LOCMEM}, "BATCH_SIZE": 100}
    return send_queued
