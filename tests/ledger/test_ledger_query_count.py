"""Recording a deal, and answering for it, costs the same SQL queries however long the sitting
and the table's history are: the engine starts from the table state kept with the sitting
(cups, previous dealer), nothing is loaded deal by deal, and no query lists ids that grow.

The counts are compared across sizes, not with a figure copied from the code's output.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from club.models import Deal, Member
from club.services.closing import close_sitting
from club.services.deals import record_deal, record_deals
from world.clubs import make_user
from world.records import SEATS, danish_deal

pytestmark = pytest.mark.django_db


def _plain(k: int) -> dict:
    """Deal `k` round Anna, Bent, Carl and Dorte: the forehand takes the last trick."""
    return danish_deal(SEATS[k % 4], SEATS, last_trick=SEATS[(k + 1) % 4])


def _sitting_with(start_sitting, season, table, deals: int):
    """An open sitting at `table` with `deals` deals recorded (through the services, in bulk)."""
    sitting = start_sitting(season, at=table)
    record_deals(sitting, [_plain(k) for k in range(deals)])
    return sitting


def _history(season, start_sitting, table, deals: int, per_sitting: int = 100):
    """`deals` earlier deals at one table, `per_sitting` to a sitting (cups carried), then an open one."""
    done = 0
    sitting = start_sitting(season, at=table)
    while done < deals:
        if done:
            close_sitting(sitting, how="carry")
            sitting = start_sitting(season, at=table)
        count = min(per_sitting, deals - done)
        record_deals(sitting, [_plain(done + k) for k in range(count)])
        done += count
    return sitting


def _queries(call) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        call()
    return [q["sql"] for q in captured.captured_queries]


def test_recording_after_5_or_1000_deals_of_the_sitting_costs_the_same_queries(
    club, season, make_table, start_sitting, in_ledger, replayed
):
    counted = {}
    for size in (5, 1000):
        table = make_table(club, f"Bord {size}")
        sitting = _sitting_with(start_sitting, season, table, size)
        counted[size] = _queries(lambda: record_deal(sitting, _plain(size), idempotency_key=f"k{size}"))
        assert Deal.objects.filter(sitting=sitting).count() == size + 1
        assert in_ledger(sitting) == replayed(sitting)  # and what it posted is what a replay settles
        close_sitting(sitting)

    assert len(counted[5]) == len(counted[1000]), "\n".join(counted[1000])


@pytest.mark.parametrize("per_sitting", [100, 1000], ids=["10 sittings of 100", "one of 1000"])
def test_recording_after_10_or_1000_earlier_deals_at_the_table_costs_the_same_queries(
    club, season, make_table, start_sitting, in_ledger, replayed, per_sitting
):
    counted = {}
    for earlier in (10, 1000):
        table = make_table(club, f"Bord {earlier}")
        sitting = _history(season, start_sitting, table, earlier, per_sitting)
        counted[earlier] = _queries(lambda: record_deal(sitting, _plain(earlier)))
        assert in_ledger(sitting) == replayed(sitting)
        close_sitting(sitting)

    assert len(counted[10]) == len(counted[1000]), "\n".join(counted[1000])


def test_posting_a_deal_through_the_api_costs_the_same_queries_after_5_or_1000_deals(
    club, season, make_table, start_sitting
):
    """Deal 1,001 through the API answers 201 with its settlement (on SQLite too: no query lists
    a thousand ids, which SQLite refuses as "Expression tree is too large").

    By hand: funding 20 from each of four fills each cup with 80; every deal's dealer stakes 5
    into each cup, so after 1,000 deals each holds 80 + 5,000 = 5,080, and 5,085 after deal
    1,001. Anna deals it (1,000 is a multiple of 4), Anna, Bent and Dorte play, forehand Bent
    takes the last trick, 20 from each of the other two: Anna -10 - 20 = -30, Bent +40, Dorte -20.
    """
    user = make_user("scorer", password="not used")
    Member.objects.filter(club=club, name="Anna").update(user=user, role=Member.Role.SCORER)
    api = APIClient()
    api.force_authenticate(user)
    counted = {}
    for size in (5, 1000):
        table = make_table(club, f"Bord {size}")
        sitting = _sitting_with(start_sitting, season, table, size)
        answers = []
        counted[size] = _queries(
            lambda: answers.append(api.post(f"/api/sittings/{sitting.pk}/deals/", _plain(size), format="json"))
        )
        assert answers[0].status_code == 201, answers[0].content
        assert answers[0].json()["number"] == size + 1
        if size == 1000:
            deal_event = answers[0].json()["events"][-1]
            assert deal_event["net"] == {"Anna": -30, "Bent": 40, "Carl": 0, "Dorte": -20}
            assert deal_event["cups_after"] == {"pagat": 5085, "king": 5085}
        close_sitting(sitting)

    assert len(counted[5]) == len(counted[1000]), "\n".join(counted[1000])
