"""Refused input says which deal, which field and why, and leaves no trace in the database."""

from __future__ import annotations

import pytest
from django.utils import translation

import rules
from club.models import Deal
from club.services.closing import close_sitting
from club.services.corrections import correct_deal
from club.services.deals import record_deal
from club.services.sittings import SittingError
from world.records import SEATS, danish_deal

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"melds": {"Carl": {"taroks": 30, "pagat": False}}}, "melds.Carl.taroks"),  # at most 22
        ({"last_trick": "Dorte"}, "last_trick"),  # Dorte sits out deal 2
        ({"players": ["Bent", "Anna", "Carl"]}, "players"),  # not the seat order from Bent
    ],
)
def test_an_invalid_record_names_deal_and_field_and_writes_nothing(
    season, start_sitting, evening, counts, change, field
):
    sitting = start_sitting(season)
    record_deal(sitting, evening[0])
    before = counts()

    with pytest.raises(rules.InvalidRecord) as refused:
        record_deal(sitting, evening[1] | change, idempotency_key="tap-1")

    errors = refused.value.as_dict()["errors"]
    assert [(e["deal"], e["field"]) for e in errors] == [(2, field)]
    assert errors[0]["code"] and errors[0]["message"] and errors[0]["message_da"]
    assert counts() == before  # no Deal, no DealVersion, no Transaction, no Posting
    # The key was not used up: the fixed record goes through under it.
    assert record_deal(sitting, evening[1], idempotency_key="tap-1").deal.number == 2


def test_a_record_that_is_no_deal_at_all_is_refused(season, start_sitting, counts):
    sitting = start_sitting(season)
    before = counts()
    with pytest.raises(rules.InvalidRecord) as refused:
        record_deal(sitting, ["not", "a", "deal"])
    assert [(e["deal"], e["field"], e["code"]) for e in refused.value.as_dict()["errors"]][0][:2] == (1, "")
    assert counts() == before


def test_recording_into_a_closed_sitting_is_refused(season, start_sitting, evening, counts):
    sitting = start_sitting(season)
    record_deal(sitting, evening[0])
    close_sitting(sitting)
    before = counts()

    with translation.override("en"), pytest.raises(SittingError, match="The sitting is closed"):
        record_deal(sitting, evening[1])
    with translation.override("en"), pytest.raises(SittingError, match="already closed"):
        close_sitting(sitting)
    assert counts() == before


def test_an_invalid_correction_is_refused_and_writes_nothing(season, start_sitting, evening, counts):
    sitting = start_sitting(season)
    for record in evening:
        record_deal(sitting, record)
    deal_2 = Deal.objects.get(sitting=sitting, number=2)
    before = counts()

    with pytest.raises(rules.InvalidRecord) as refused:
        correct_deal(deal_2, evening[1] | {"players": ["Bent", "Anna", "Carl"]}, reason="seat order")

    assert {(e["deal"], e["field"]) for e in refused.value.as_dict()["errors"]} == {(2, "players")}
    assert counts() == before
    assert Deal.objects.get(pk=deal_2.pk).current_version.version == 1


def test_a_correction_that_makes_a_later_deal_invalid_is_refused_whole(club, make_season, start_sitting, counts):
    """Deal 2 fines the previous dealer for not pushing the cups (ensartede); correcting deal 1's
    dealer makes that fine fall on the wrong member, and nothing is written."""
    ensartede = make_season(club, "ensartede", year=2024)
    sitting = start_sitting(ensartede)
    record_deal(sitting, danish_deal("Anna", SEATS, last_trick="Bent"))
    record_deal(
        sitting, danish_deal("Bent", SEATS, last_trick="Carl", fines=[{"player": "Anna", "offence": "cups_not_pushed"}])
    )
    before = counts()

    with pytest.raises(rules.InvalidRecord) as refused:
        correct_deal(sitting.deals.get(number=1), danish_deal("Dorte", SEATS, last_trick="Anna"), reason="Dorte dealt")

    assert {(e["deal"], e["field"]) for e in refused.value.as_dict()["errors"]} == {(2, "fines.0.player")}
    assert counts() == before
