"""The ledger is append-only and double-entry, whatever the database: the models refuse to change
or delete a posting or a transaction, and posting refuses an event that does not balance.
(On PostgreSQL the database refuses too, for any SQL: test_postgres_guards.py.)"""

from __future__ import annotations

import pytest

import rules
from club import services
from ledger import services as ledger
from ledger.models import ImmutableLedgerError, Posting, Transaction

pytestmark = pytest.mark.django_db


@pytest.fixture
def posted(season, start, evening):
    sitting = start(season)
    services.record_deal(sitting, evening[0])
    return sitting, Transaction.objects.get(sitting=sitting, event="deal:1")


def test_a_posting_cannot_be_changed_or_deleted_through_the_orm(posted):
    _sitting, txn = posted
    posting = txn.postings.first()
    points = posting.points

    posting.points = points + 100
    with pytest.raises(ImmutableLedgerError, match=f"Posting {posting.pk} is part of the ledger and cannot change"):
        posting.save()
    with pytest.raises(ImmutableLedgerError, match="cannot be deleted"):
        posting.delete()
    assert Posting.objects.get(pk=posting.pk).points == points


def test_a_transaction_cannot_be_changed_or_deleted_through_the_orm(posted):
    _sitting, txn = posted
    txn.memo = "tampered"
    with pytest.raises(ImmutableLedgerError, match=f"Transaction {txn.pk} is part of the ledger and cannot change"):
        txn.save()
    with pytest.raises(ImmutableLedgerError, match="cannot be deleted"):
        txn.delete()
    assert Transaction.objects.get(pk=txn.pk).memo == ""
    assert txn.postings.count() == 12


def test_post_event_refuses_an_unbalanced_event_and_writes_nothing(posted, counts):
    sitting, _txn = posted
    accounts = ledger.accounts_for(sitting.table, sitting.seats.select_related("member__account"))
    lopsided = rules.Event(
        kind="deal",
        items=(
            rules.LineItem("stake", "001 L258", {"Anna": -10, "cup:pagat": 5, "cup:king": 5}),
            rules.LineItem("last_trick", "001 L300", {"Bent": 40, "Anna": -20}),  # Dorte's 20 is missing
        ),
        cups_before=rules.Cups(85, 85),
        cups_after=rules.Cups(90, 90),
        number=2,
    )
    before = counts()

    with pytest.raises(ledger.UnbalancedTransaction, match="deal:2: postings sum to 20, not 0"):
        ledger.post_event(sitting=sitting, event=lopsided, key="deal:2", accounts=accounts, value_date=sitting.date)
    assert counts() == before


def test_a_reversal_negates_every_posting_and_links_the_original(posted, postings):
    _sitting, txn = posted
    reversal = ledger.reverse(txn, value_date=txn.value_date, memo="test")

    assert reversal.reverses == txn and Transaction.objects.get(pk=txn.pk).reversed_by == reversal
    assert postings(reversal) == sorted((a, -p, rule) for a, p, rule in postings(txn))
    assert list(ledger.effective_transactions([txn.sitting]).values_list("event", flat=True)) == ["funding:1"]
