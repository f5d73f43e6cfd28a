"""Locks on PostgreSQL: only sitting rows are locked, in one order, so corrections and recording
never deadlock and two tables never wait on each other.

Real threads, real transactions (each thread has its own connection). Collected on PostgreSQL
only (tests/ledger/conftest.py): SQLite has no row locks, it serializes every writer.
"""

from __future__ import annotations

import io
import threading

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.utils import translation

from club.models import Deal
from club.scoping import scopes_disabled
from club.services.closing import close_sitting
from club.services.corrections import correct_deal
from club.services.deals import record_deal
from club.services.office import OfficeError
from club.services.seasons import save_season
from world.clubs import add_members
from world.records import danish_deal

pytestmark = pytest.mark.django_db(transaction=True)

TABLE_1 = "Anna Bent Carl Dorte"
TABLE_2 = "Frida Gorm Hanne"


def _in_threads(*jobs) -> list[BaseException]:
    """Run each job in its own thread and connection, started together; the errors they raised.
    A new thread starts without the test's disabled scopes (tests/conftest.py): each job gets them."""
    barrier = threading.Barrier(len(jobs))
    errors: list[BaseException] = []

    def run(job):
        try:
            with translation.override("en"), scopes_disabled():
                barrier.wait()
                job()
        except BaseException as error:  # noqa: BLE001 - the test asserts there are none
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a thread is still waiting: a lock was never released"
    return errors


@pytest.fixture
def second_table(club, members, make_table):
    members |= add_members(club, TABLE_2.split())
    return make_table(club, "Bord 2")


def _plain_deals(table: str, count: int) -> list[dict]:
    """`count` deals round the table, each won in the last trick by the forehand."""
    seats = table.split()
    return [danish_deal(seats[k % len(seats)], table, last_trick=seats[(k + 1) % len(seats)]) for k in range(count)]


def test_corrections_of_a_carried_sitting_while_the_next_sitting_and_another_table_record(
    club, make_season, start_sitting, evening, deal_1_king_lost, second_table
):
    season = make_season(club, close="carry", year=2024)
    carried = start_sitting(season)
    for record in evening:
        record_deal(carried, record)
    close_sitting(carried)  # carries its cups into the next sitting at Bord 1
    following = start_sitting(season)
    elsewhere = start_sitting(season, TABLE_2, at=second_table)
    corrected = carried.deals.get(number=1)

    def correct():
        for round_ in range(8):
            record = deal_1_king_lost if round_ % 2 == 0 else evening[0]
            correct_deal(corrected, record, reason=f"round {round_}")

    def record_at(sitting, table):
        def job():
            for record in _plain_deals(table, 12):
                record_deal(sitting, record)

        return job

    errors = _in_threads(correct, record_at(following, TABLE_1), record_at(elsewhere, TABLE_2))

    assert errors == []
    assert corrected.versions.count() == 9
    assert Deal.objects.filter(sitting=following).count() == 12
    assert Deal.objects.filter(sitting=elsewhere).count() == 12
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    assert "problems found: 0." in out.getvalue()


def test_a_deal_at_another_table_does_not_wait_for_a_sitting_held_at_the_first(
    season, start_sitting, evening, second_table
):
    held = start_sitting(season)
    elsewhere = start_sitting(season, TABLE_2, at=second_table)
    holding, release = threading.Event(), threading.Event()

    def hold_bord_1():
        # Records deal 1 at Bord 1 and keeps its transaction open: the sitting's lock is held.
        with scopes_disabled(), transaction.atomic():
            record_deal(held, evening[0])
            holding.set()
            release.wait(timeout=30)

    holder = threading.Thread(target=lambda: (hold_bord_1(), connection.close()))
    holder.start()
    try:
        assert holding.wait(timeout=30)
        # Any lock wait at all would fail here at once, rather than being timed.
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '1ms'")
            recorded = record_deal(elsewhere, danish_deal("Frida", TABLE_2, last_trick="Gorm"))
    finally:
        release.set()
        holder.join(timeout=30)

    assert recorded.deal.number == 1
    assert Deal.objects.filter(sitting=held).count() == 1


def test_a_season_edit_waits_for_a_sitting_being_started_and_then_keeps_its_price(season, start_sitting):
    """A sitting started in a transaction still open: an official's new point value for its season
    waits for it, then is refused, and the price stays."""
    holding, release = threading.Event(), threading.Event()
    outcome: list[str] = []

    def start_and_hold():
        with scopes_disabled(), transaction.atomic():
            start_sitting(season)
            holding.set()
            release.wait(timeout=30)

    def raise_the_price():
        try:
            with translation.override("en"), scopes_disabled():
                save_season(
                    season.club,
                    season=season,
                    name=season.name,
                    starts_on=season.starts_on,
                    ends_on=season.ends_on,
                    preset=season.preset,
                    overrides=season.overrides,
                    point_value_ore=season.point_value_ore * 100,
                    close=season.close,
                )
            outcome.append("saved")
        except OfficeError as error:
            outcome.append(str(error))
        finally:
            connection.close()

    holder = threading.Thread(target=lambda: (start_and_hold(), connection.close()))
    editor = threading.Thread(target=raise_the_price)
    holder.start()
    try:
        assert holding.wait(timeout=30)
        editor.start()
        editor.join(timeout=1)
        assert editor.is_alive(), outcome  # waiting for the sitting's transaction
    finally:
        release.set()
        holder.join(timeout=30)
        editor.join(timeout=30)

    assert outcome == ["The season has sittings: its rules and point value no longer change."]
    price = season.point_value_ore
    season.refresh_from_db()
    assert season.point_value_ore == price
