"""PostgreSQL guards the ledger itself (migration 0002), whatever SQL reaches it.

Collected on PostgreSQL only: tests/ledger/conftest.py deselects this module on SQLite, where
the models and services guard instead (test_ledger_append_only.py).
"""

from __future__ import annotations

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from club import services
from ledger.models import Account, Posting, Transaction

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def posted(season, start, evening):
    sitting = start(season)
    services.record_deal(sitting, evening[0])
    return Transaction.objects.get(sitting=sitting, event="deal:1")


def _new_transaction(cursor, like: Transaction) -> int:
    cursor.execute(
        "INSERT INTO ledger_transaction (club_id, kind, sitting_id, event, value_date, created_at, memo)"
        " VALUES (%s, 'deal', %s, 'deal:99', %s, now(), 'raw') RETURNING id",
        [like.club_id, like.sitting_id, like.value_date],
    )
    return cursor.fetchone()[0]


def _insert_posting(cursor, txn_id: int, account_id: int, points: int) -> None:
    cursor.execute(
        "INSERT INTO ledger_posting (transaction_id, account_id, points, rule, ref, item) VALUES (%s, %s, %s, 'raw', '', 0)",
        [txn_id, account_id, points],
    )


def test_unbalanced_postings_are_refused_at_commit(posted):
    anna, bent = (Account.objects.get(member__name=name).pk for name in ("Anna", "Bent"))
    transactions, postings = Transaction.objects.count(), Posting.objects.count()

    with pytest.raises(IntegrityError, match=r"ledger transaction \d+ is unbalanced: postings sum to 15"):
        with transaction.atomic(), connection.cursor() as cursor:
            txn_id = _new_transaction(cursor, posted)
            _insert_posting(cursor, txn_id, anna, 20)
            _insert_posting(cursor, txn_id, bent, -5)
            # no error yet: the check is deferred to COMMIT

    assert (Transaction.objects.count(), Posting.objects.count()) == (transactions, postings)


def test_balanced_postings_may_arrive_in_several_inserts(posted):
    anna, bent = (Account.objects.get(member__name=name).pk for name in ("Anna", "Bent"))
    with transaction.atomic(), connection.cursor() as cursor:
        txn_id = _new_transaction(cursor, posted)
        _insert_posting(cursor, txn_id, anna, 20)
        _insert_posting(cursor, txn_id, bent, -20)
    assert sorted(Posting.objects.filter(transaction_id=txn_id).values_list("points", flat=True)) == [-20, 20]


@pytest.mark.parametrize(
    ("sql", "operation"),
    [
        ("UPDATE ledger_posting SET points = points + 1 WHERE id = %(posting)s", "UPDATE"),
        ("DELETE FROM ledger_posting WHERE id = %(posting)s", "DELETE"),
        ("UPDATE ledger_transaction SET memo = 'tampered' WHERE id = %(txn)s", "UPDATE"),
        ("DELETE FROM ledger_transaction WHERE id = %(txn)s", "DELETE"),
    ],
)
def test_raw_updates_and_deletes_are_refused(posted, sql, operation):
    posting = posted.postings.first()
    table = sql.split("ledger_", 1)[1].split(" ", 1)[0]

    with pytest.raises(DatabaseError, match=f"ledger_{table} is append-only: {operation} refused"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, {"posting": posting.pk, "txn": posted.pk})

    assert Posting.objects.get(pk=posting.pk).points == posting.points
    assert Transaction.objects.get(pk=posted.pk).memo == ""


def test_queryset_update_and_delete_are_refused_too(posted):
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        Posting.objects.filter(transaction=posted).update(points=0)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        Posting.objects.filter(transaction=posted).delete()
    assert sum(posted.postings.values_list("points", flat=True)) == 0 and posted.postings.count() == 12
