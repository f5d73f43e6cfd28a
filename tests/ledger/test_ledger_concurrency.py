"""Scorers at the same table record at the same moment. With a deal number, one deal is made
and the other scorer gets a clear DealConflict; without one, the second waits and records the
next deal; with the same idempotency key, both get the one deal.

PostgreSQL serializes them on the sitting's row lock; SQLite has none and reports a busy
writer at once, and record_deal waits and tries again (club.services.deals.SQLITE_WRITER_WAIT).
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.utils import translation

from club.models import Deal, DealVersion
from club.scoping import scope
from club.services import deals
from club.services.deals import Recorded
from ledger.models import Transaction

pytestmark = pytest.mark.django_db(transaction=True)


def _race(sitting, calls: list[dict]) -> list:
    """`record_deal(sitting, **call)` for each call in its own thread, released by a barrier, in
    the club's scope as a scorer's request would be (a new thread starts with none)."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)
    club = sitting.season.club_id

    def scorer(index: int) -> None:
        try:
            with translation.override("en"), scope(club=club):
                barrier.wait()
                outcomes[index] = deals.record_deal(sitting, **calls[index])
        except Exception as error:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[index] = error
        finally:
            connection.close()  # each thread has its own connection; Django leaves it open

    threads = [threading.Thread(target=scorer, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.fixture
def after_deal_1(season, start_sitting, evening):
    sitting = start_sitting(season)
    deals.record_deal(sitting, evening[0], number=1)
    return sitting


@pytest.mark.parametrize("round_", range(3))
def test_the_same_deal_number_at_once_makes_one_deal_and_one_conflict(after_deal_1, evening, round_):
    sitting = after_deal_1
    # Both saw deal 2 coming; they entered it differently.
    outcomes = _race(
        sitting, [{"record": evening[1], "number": 2}, {"record": evening[1] | {"melds": {}}, "number": 2}]
    )

    made = [o for o in outcomes if isinstance(o, Recorded)]
    refused = [o for o in outcomes if not isinstance(o, Recorded)]
    assert len(made) == 1 and len(refused) == 1, outcomes
    assert type(refused[0]) is deals.DealConflict
    assert str(refused[0]) in (
        "Deal 2 is already recorded; the next deal is 3.",
        "Deal 2 was just recorded by someone else.",
    )
    assert list(Deal.objects.filter(sitting=sitting).values_list("number", flat=True)) == [1, 2]
    assert DealVersion.objects.filter(deal__sitting=sitting).count() == 2
    assert Transaction.objects.filter(entry__sitting=sitting, entry__event="deal:2").count() == 1
    assert Deal.objects.get(sitting=sitting, number=2).current_version.record == made[0].version.record


def test_without_a_number_the_second_scorer_waits_and_records_the_next_deal(after_deal_1, evening, in_ledger, replayed):
    sitting = after_deal_1
    outcomes = _race(sitting, [{"record": evening[1]}, {"record": evening[2]}])

    assert all(isinstance(o, Recorded) and o.created for o in outcomes), outcomes
    assert sorted(o.deal.number for o in outcomes) == [2, 3]
    assert Transaction.objects.filter(entry__sitting=sitting, entry__kind="deal").count() == 3
    assert in_ledger(sitting) == replayed(sitting)


@pytest.mark.parametrize("number", [None, 2], ids=["key only", "key and number, as the deal form sends"])
def test_a_double_tap_racing_itself_makes_one_deal(after_deal_1, evening, number):
    sitting = after_deal_1
    call = {"record": evening[1], "idempotency_key": "tap-42", "number": number}
    outcomes = _race(sitting, [call, call])

    assert all(isinstance(o, Recorded) for o in outcomes), outcomes
    assert sorted(o.created for o in outcomes) == [False, True]
    assert outcomes[0].deal.pk == outcomes[1].deal.pk
    assert Deal.objects.filter(sitting=sitting).count() == 2
    assert Transaction.objects.filter(entry__sitting=sitting, entry__event="deal:2").count() == 1
