"""Recording a deal costs the same number of SQL queries however long the club's history is:
nothing is loaded deal by deal, balances and cups are sums the database computes."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

import rules
from club import services
from club.models import Deal, DealVersion
from ledger import services as ledger

pytestmark = pytest.mark.django_db

# The figure the lead quotes; if it changes, say why in the commit. It counts the savepoints
# of the nested atomic blocks (a test runs inside a transaction).
QUERIES_PER_DEAL = 15

DEALERS = ("Anna", "Bent", "Carl", "Dorte")
PER_SITTING = 100


def _history(season, start, deal_record, deals: int):
    """`deals` earlier deals at one table, 100 to a sitting (cups carried on), then an open one.

    Faster than `record_deal` in a loop, and the same rows: the rules engine settles each deal
    and `ledger.services.post_event` posts it, as `record_deal` does; the deals and versions
    are bulk-created.
    """
    sitting = start(season)
    done = 0
    while done < deals:
        if done:
            services.close_sitting(sitting, how="carry")
            sitting = start(season)
        count = min(PER_SITTING, deals - done)
        records = [deal_record(DEALERS[(done + k) % 4]) for k in range(count)]
        with transaction.atomic():
            _post_deals(sitting, records)
        done += count
    return sitting


def _post_deals(sitting, records):
    seats = list(sitting.seats.select_related("member__account"))
    accounts = ledger.accounts_for(sitting.table, seats)
    names, ruleset = [s.name for s in seats], sitting.season.ruleset()
    deals = Deal.objects.bulk_create(Deal(sitting=sitting, number=n) for n in range(1, len(records) + 1))
    versions = DealVersion.objects.bulk_create(DealVersion(deal=d, version=1, record=r) for d, r in zip(deals, records, strict=True))
    for deal, version in zip(deals, versions, strict=True):
        deal.current_version = version
    Deal.objects.bulk_update(deals, ["current_version"])
    state = rules.TableState(ledger.cups_of(sitting.table))
    for deal, version, record in zip(deals, versions, records, strict=True):
        events, state = rules.play(services.parse_record(record, deal.number), names, state, ruleset)
        for event in events:
            ledger.post_event(
                sitting=sitting, event=event, key=f"{event.kind}:{deal.number}", accounts=accounts,
                value_date=sitting.date, deal_version=version, caused_by=version,
            )


@pytest.mark.parametrize("earlier", [10, 1000])
def test_record_deal_costs_a_fixed_number_of_queries(season, start, deal_record, in_ledger, replayed, earlier):
    sitting = _history(season, start, deal_record, earlier)
    assert Deal.objects.filter(sitting__season=season).count() == earlier
    next_dealer = DEALERS[earlier % 4]

    with CaptureQueriesContext(connection) as captured:
        recorded = services.record_deal(sitting, deal_record(next_dealer), idempotency_key=f"after-{earlier}")

    assert recorded.created and recorded.deal.number == (earlier - 1) % PER_SITTING + 2
    assert len(captured.captured_queries) == QUERIES_PER_DEAL, "\n".join(q["sql"] for q in captured.captured_queries)
    assert in_ledger(sitting) == replayed(sitting)  # the history is the ledger record_deal would have made
