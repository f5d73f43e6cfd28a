"""Previews show the money a deal or a correction would move, and write nothing at all."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import rules
from club.models import Deal
from club.services.closing import close_sitting
from club.services.corrections import correct_deal, preview_correction
from club.services.deals import preview_deal, record_deal

pytestmark = pytest.mark.django_db


def _writes(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE")]


def test_preview_deal_settles_the_next_deal_and_writes_nothing(season, start_sitting, evening, counts):
    sitting = start_sitting(season)
    record_deal(sitting, evening[0])
    before = counts()

    with CaptureQueriesContext(connection) as captured:
        held, events = preview_deal(sitting, evening[1])

    assert _writes(captured.captured_queries) == []
    assert counts() == before
    assert held == {"cup:pagat": 85, "cup:king": 85}
    [event] = events
    assert (event.kind, event.number) == ("deal", 2)
    assert event.net(sitting.seat_names()) == {"Anna": 150, "Bent": -85, "Carl": -45, "Dorte": -20}
    assert event.cups_after == rules.danish.Cups(80, 90)


def test_preview_correction_lists_the_differences_and_writes_nothing(
    season, start_sitting, evening, deal_1_king_lost, counts
):
    sitting = start_sitting(season)
    for record in evening:
        record_deal(sitting, record)
    close_sitting(sitting)
    deal_1 = Deal.objects.get(sitting=sitting, number=1)
    before = counts()

    with CaptureQueriesContext(connection) as captured:
        differences = preview_correction(deal_1, deal_1_king_lost)

    assert _writes(captured.captured_queries) == []
    assert counts() == before
    assert Deal.objects.get(pk=deal_1.pk).current_version.version == 1
    # deal 1: the King lost; deal 3: the bagud doubles 5 more; the split shares 10 more.
    assert [(d.key, sum(v for v in d.delta().values() if v > 0)) for d in differences] == [
        ("deal:1", 15),
        ("deal:3", 5),
        ("close", 10),
    ]
    # ... and the correction then moves exactly that money.
    made = correct_deal(deal_1, deal_1_king_lost, reason="King of spades lost")
    assert [(d.key, d.delta()) for d in made.differences] == [(d.key, d.delta()) for d in differences]


def test_preview_of_an_invalid_record_raises_and_writes_nothing(season, start_sitting, evening, counts):
    sitting = start_sitting(season)
    before = counts()
    with pytest.raises(rules.InvalidRecord):
        preview_deal(sitting, evening[0] | {"last_trick": "Carl"})  # Carl sits out
    assert counts() == before
