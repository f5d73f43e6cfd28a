"""record_deal reports a lost race as DealConflict only when the database names one of the two
constraints racing scorers trip (the deal number in the sitting, the idempotency key); any other
IntegrityError is a server error, logged, never "Deal ? was just recorded by someone else"
(test_postgres_guards.py: the balance trigger firing at commit)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from club.models import Deal, DealVersion, Sitting
from club.services import deals
from club.services.deals import record_deal

pytestmark = pytest.mark.django_db(transaction=True)


def _integrity_error(write) -> IntegrityError:
    with pytest.raises(IntegrityError) as caught, transaction.atomic():
        write()
    return caught.value


@pytest.fixture
def recorded(season, start_sitting, evening):
    sitting = start_sitting(season)
    return record_deal(sitting, evening[0], idempotency_key="tap-1")


def test_the_two_race_constraints_are_told_from_any_other(recorded):
    deal, version = recorded.deal, recorded.version
    same_number = _integrity_error(lambda: Deal.objects.create(sitting_id=deal.sitting_id, number=deal.number))
    same_key = _integrity_error(
        lambda: DealVersion.objects.create(deal=deal, version=2, record={}, idempotency_key=version.idempotency_key)
    )
    same_version = _integrity_error(lambda: DealVersion.objects.create(deal=deal, version=version.version, record={}))
    second_open_sitting = _integrity_error(
        lambda: Sitting.objects.create(
            season_id=deal.sitting.season_id,
            table_id=deal.sitting.table_id,
            date=deal.sitting.date,
            first_dealer_id=deal.sitting.first_dealer_id,
        )
    )

    assert deals._lost_a_race(same_number) and deals._lost_a_race(same_key)
    assert not deals._lost_a_race(same_version)
    assert not deals._lost_a_race(second_open_sitting)
