"""PostgreSQL guards the ledger itself (ledger migrations 0002 and 0004, club 0004), whatever SQL
reaches it.

Collected on PostgreSQL only: tests/ledger/conftest.py deselects this module on SQLite, where
the models and services guard instead (test_ledger_append_only.py).
"""

from __future__ import annotations

import logging

import pytest
from django.db import DatabaseError, IntegrityError, connection, models, transaction

from club import families, services
from club.models import Deal, DealVersion, Member
from ledger import services as ledger_services
from ledger.models import Account, Posting, Transaction

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def posted(season, start, evening):
    sitting = start(season)
    services.record_deal(sitting, evening[0])
    return Transaction.objects.get(entry__sitting=sitting, entry__event="deal:1")


def _new_transaction(cursor, like: Transaction) -> int:
    cursor.execute(
        "INSERT INTO ledger_transaction (reference, value_date, created_at, memo)"
        " VALUES ('raw', %s, now(), 'raw') RETURNING id",
        [like.value_date],
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
    # A plain QuerySet, past the models' own guard (AppendOnlyQuerySet): the database refuses.
    raw = models.QuerySet(model=Posting).filter(transaction=posted)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        raw.update(points=0)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        raw._raw_delete(connection.alias)
    assert sum(posted.postings.values_list("points", flat=True)) == 0 and posted.postings.count() == 12


def test_postings_added_to_a_committed_transaction_are_refused(posted):
    anna, bent = (Account.objects.get(member__name=name).pk for name in ("Anna", "Bent"))
    # Balanced, so the balance check alone would let it through.
    with pytest.raises(
        IntegrityError, match=rf"ledger transaction {posted.pk} is committed: no posting may be added to it"
    ):
        with transaction.atomic(), connection.cursor() as cursor:
            _insert_posting(cursor, posted.pk, anna, 20)
            _insert_posting(cursor, posted.pk, bent, -20)
    assert posted.postings.count() == 12


def test_a_transaction_without_postings_is_refused_at_commit(posted):
    transactions = Transaction.objects.count()
    with pytest.raises(IntegrityError, match=r"ledger transaction \d+ has no postings"):
        with transaction.atomic(), connection.cursor() as cursor:
            _new_transaction(cursor, posted)
    assert Transaction.objects.count() == transactions


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE ledger_account SET owner = 'member:' || %(other)s WHERE id = %(account)s",
        "UPDATE ledger_account SET kind = 'pagat_cup', owner = 'table:' || %(table)s WHERE id = %(account)s",
    ],
    ids=["to another member", "to a cup"],
)
def test_an_account_cannot_be_reassigned(posted, sql):
    anna = Account.objects.get(member__name="Anna")
    erik = Member.objects.get(name="Erik")  # has no account yet; the unique owner key would allow it
    with pytest.raises(DatabaseError, match=rf"ledger account {anna.pk} cannot be reassigned: UPDATE refused"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, {"other": erik.pk, "account": anna.pk, "table": posted.entry.sitting.table_id})
    assert Account.objects.get(pk=anna.pk).owner == anna.owner


@pytest.mark.parametrize(
    ("sql", "operation"),
    [
        ("UPDATE club_dealversion SET record = '{}' WHERE id = %s", "UPDATE"),
        ("UPDATE club_dealversion SET reason = 'tampered' WHERE id = %s", "UPDATE"),
        ("DELETE FROM club_dealversion WHERE id = %s", "DELETE"),
    ],
)
def test_a_deal_version_cannot_be_changed_or_deleted(posted, sql, operation):
    version = posted.entry.deal_version
    with pytest.raises(DatabaseError, match=f"club_dealversion is append-only: {operation} refused"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [version.pk])
    assert DealVersion.objects.get(pk=version.pk).record == version.record


def test_the_balance_trigger_firing_at_commit_is_a_logged_server_error(season, start, evening, monkeypatch, caplog):
    """A bug in settlement that loses a posting: the service's own balance check is switched off
    so that the database's deferred trigger is what refuses it, at COMMIT."""
    sitting = start(season)
    # Settlement goes through the season's family (club.families) since issue 13: the Danish one.
    play = families.DANISH.play

    def lossy_play(*args, **kwargs):
        events, state = play(*args, **kwargs)
        last = events[-1]
        item = last.items[-1]
        dropped = item._replace(postings=dict(list(item.postings.items())[:-1]))
        return [
            *events[:-1],
            last.__class__(last.kind, (*last.items[:-1], dropped), last.cups_before, last.cups_after, last.number),
        ], state

    monkeypatch.setattr(families.DANISH, "play", lossy_play)
    monkeypatch.setattr(ledger_services, "_check_balanced", lambda postings, reference: None)

    with caplog.at_level(logging.ERROR, logger="club.services"), pytest.raises(IntegrityError, match="is unbalanced"):
        services.record_deal(sitting, evening[0], number=1)

    assert "record_deal: sitting" in caplog.text and "refused by the database" in caplog.text
    assert not Deal.objects.filter(sitting=sitting).exists()
