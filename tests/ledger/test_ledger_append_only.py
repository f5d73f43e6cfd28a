"""The ledger is append-only and double-entry, whatever the database: the models refuse to change
or delete a posting or a transaction, and posting refuses an event that does not balance.
Querysets too (`.update()`, `.delete()`, `bulk_update`), for postings, transactions, deal
versions and accounts: on SQLite that is the only guard. (On PostgreSQL the database refuses
too, for any SQL: test_postgres_guards.py.)"""

from __future__ import annotations

import pytest
from django.db import transaction

import rules
from club.models import DealVersion, Member
from club.services import bookkeeping
from club.services.deals import record_deal
from ledger.models import Account, ImmutableLedgerError, Posting, Transaction
from ledger.services import UnbalancedTransaction

pytestmark = pytest.mark.django_db


@pytest.fixture
def posted(season, start_sitting, evening):
    sitting = start_sitting(season)
    record_deal(sitting, evening[0])
    return sitting, Transaction.objects.get(entry__sitting=sitting, entry__event="deal:1")


def test_a_posting_cannot_be_changed_or_deleted_through_the_orm(posted):
    _sitting, txn = posted
    posting = txn.postings.first()
    points = posting.amount

    posting.amount = points + 100
    with pytest.raises(ImmutableLedgerError, match=f"Posting {posting.pk} is part of the ledger and cannot change"):
        posting.save()
    with pytest.raises(ImmutableLedgerError, match="cannot be deleted"):
        posting.delete()
    assert Posting.objects.get(pk=posting.pk).amount == points


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
    seats = sitting.seats.select_related("member__account")
    accounts = bookkeeping.accounts_for(sitting.table, seats, ("cup:pagat", "cup:king"))
    lopsided = rules.danish.Event(
        kind="deal",
        items=(
            rules.LineItem(rule="stake", ref="001 L258", postings={"Anna": -10, "cup:pagat": 5, "cup:king": 5}),
            # Dorte's 20 is missing:
            rules.LineItem(rule="last_trick", ref="001 L300", postings={"Bent": 40, "Anna": -20}),
        ),
        cups_before=rules.danish.Cups(85, 85),
        cups_after=rules.danish.Cups(90, 90),
        number=2,
    )
    before = counts()

    # post_event takes no savepoint of its own (it is one step of its caller's transaction): the
    # caller's block, here the test's own, is what the refusal rolls back, whole.
    with pytest.raises(UnbalancedTransaction, match="deal:2: postings sum to 20, not 0"), transaction.atomic():
        bookkeeping.post_event(
            sitting=sitting, event=lopsided, key="deal:2", accounts=accounts, value_date=sitting.date
        )
    assert counts() == before


def test_a_reversal_negates_every_posting_and_links_the_original(posted, postings):
    sitting, txn = posted
    reversal = bookkeeping.reverse(txn, value_date=txn.value_date, memo="test")

    assert reversal.reverses == txn and Transaction.objects.get(pk=txn.pk).reversed_by == reversal
    assert postings(reversal) == sorted((a, -p, rule) for a, p, rule in postings(txn))
    counting = bookkeeping.effective_transactions(table_id=sitting.table_id, sittings=(sitting.pk, sitting.pk))
    assert [t.entry.event for t in counting] == ["funding:1"]


# --- querysets too: the ORM's bulk writes are refused on every database ---------------------------


def _querysets(sitting, txn):
    """Each append-only model's rows of the posted deal, as a queryset, with a field to change."""
    return {
        "Posting": (Posting.objects.filter(transaction=txn), "amount", 0),
        "Transaction": (Transaction.objects.filter(pk=txn.pk), "memo", "tampered"),
        "DealVersion": (DealVersion.objects.filter(deal__sitting=sitting), "reason", "tampered"),
        "Account": (Account.objects.filter(member__name="Anna"), "owner", "member:0"),
    }


@pytest.mark.parametrize("model", ["Posting", "Transaction", "DealVersion", "Account"])
def test_queryset_update_delete_and_bulk_update_are_refused(posted, counts, model):
    sitting, txn = posted
    rows, field, value = _querysets(sitting, txn)[model]
    if model == "Account":
        value = Member.objects.get(name="Erik").pk  # reassigning Anna's account to Erik
    before, snapshot = counts(), list(rows.values())
    objects = list(rows)
    for obj in objects:
        setattr(obj, field, value)

    with pytest.raises(ImmutableLedgerError, match=f"{model} .*: update\\(\\) refused"):
        rows.update(**{field: value})
    with pytest.raises(ImmutableLedgerError, match=f"{model} .*: delete\\(\\) refused"):
        rows.delete()
    with pytest.raises(ImmutableLedgerError, match=f"{model} .*: bulk_update\\(\\) refused"):
        type(objects[0]).objects.bulk_update(objects, [field])
    with pytest.raises(ImmutableLedgerError, match=f"{model} {objects[0].pk} .* cannot change"):
        objects[0].save()

    assert counts() == before and list(rows.values()) == snapshot


def test_deleting_a_deal_version_through_a_related_manager_is_refused(posted):
    sitting, _txn = posted
    deal = sitting.deals.get()
    with pytest.raises(
        ImmutableLedgerError, match="DealVersion is a kept version of a deal's record: delete\\(\\) refused"
    ):
        deal.versions.all().delete()
    assert deal.versions.count() == 1
