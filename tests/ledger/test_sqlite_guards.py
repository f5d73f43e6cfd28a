"""SQLite guards the ledger itself (`ledger.triggers`), through raw SQL and the
querysets that pass the models by: what PostgreSQL refuses (test_postgres_guards.py), SQLite
refuses too.

Collected on SQLite only (tests/ledger/conftest.py deselects it on PostgreSQL).
"""

from __future__ import annotations

import pytest
from django.db import DatabaseError, IntegrityError, connection, models, transaction

from club.models import Season
from club.services.deals import record_deal
from ledger.models import Account, Balance, ImmutableLedgerError, Posting, Transaction

pytestmark = pytest.mark.django_db


@pytest.fixture
def posted(season, start_sitting, evening):
    sitting = start_sitting(season)
    record_deal(sitting, evening[0])
    return Transaction.objects.get(entry__sitting=sitting, entry__event="deal:1")


@pytest.fixture
def anna_bent():
    return [Account.objects.get(member__name=name).pk for name in ("Anna", "Bent")]


def _new_transaction(cursor) -> int:
    cursor.execute(
        "INSERT INTO ledger_transaction (reference, value_date, created_at, memo)"
        " VALUES ('raw', '2024-03-07', '2024-03-07 20:00', '')"
    )
    return cursor.lastrowid


def _insert_postings(cursor, txn_id: int, lines: list[tuple[int, int]]) -> None:
    # One INSERT of several rows, as bulk_create writes them.
    values = ", ".join(["(%s, %s, %s, 'raw', '', 0)"] * len(lines))
    params = [value for account, points in lines for value in (txn_id, account, points)]
    cursor.execute(
        f"INSERT INTO ledger_posting (transaction_id, account_id, amount, rule, ref, item) VALUES {values}", params
    )


def _close(cursor, txn_id: int) -> None:
    cursor.execute("DELETE FROM ledger_open_transaction WHERE transaction_id = %s", [txn_id])


def test_postings_added_to_a_committed_transaction_are_refused(posted, anna_bent):
    anna, bent = anna_bent
    count = Posting.objects.count()
    # Balanced, so no balance check would notice: the transaction is closed, and stays so.
    with pytest.raises(IntegrityError, match="ledger transaction is committed: no posting may be added to it"):
        with transaction.atomic(), connection.cursor() as cursor:
            _insert_postings(cursor, posted.pk, [(anna, 1000), (bent, -1000)])
    assert Posting.objects.count() == count


def test_a_new_transaction_with_balanced_postings_closes(posted, anna_bent):
    anna, bent = anna_bent
    with transaction.atomic(), connection.cursor() as cursor:
        txn_id = _new_transaction(cursor)
        _insert_postings(cursor, txn_id, [(anna, 20)])
        _insert_postings(cursor, txn_id, [(bent, -20)])  # several INSERTs, as on PostgreSQL
        _close(cursor, txn_id)
    assert sorted(Posting.objects.filter(transaction_id=txn_id).values_list("amount", flat=True)) == [-20, 20]


def test_an_unbalanced_transaction_cannot_close(posted, anna_bent):
    anna, bent = anna_bent
    with pytest.raises(IntegrityError, match="ledger transaction is unbalanced: its postings do not sum to zero"):
        with transaction.atomic(), connection.cursor() as cursor:
            txn_id = _new_transaction(cursor)
            _insert_postings(cursor, txn_id, [(anna, 20), (bent, -5)])
            _close(cursor, txn_id)


def test_a_transaction_without_postings_cannot_close(posted):
    transactions = Transaction.objects.count()
    with pytest.raises(IntegrityError, match="ledger transaction has no postings"):
        with transaction.atomic(), connection.cursor() as cursor:
            _close(cursor, _new_transaction(cursor))
    assert Transaction.objects.count() == transactions


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lines", [[(0, 20), (1, -5)], []], ids=["unbalanced", "empty"])
def test_a_transaction_left_open_is_refused_at_commit(posted, anna_bent, lines):
    """A writer that knows nothing of closing (any SQL but `ledger.services`): its COMMIT fails, so
    an unbalanced or empty transaction never lands."""
    transactions, postings = Transaction.objects.count(), Posting.objects.count()
    with pytest.raises(IntegrityError, match="FOREIGN KEY constraint failed"):
        with transaction.atomic(), connection.cursor() as cursor:
            txn_id = _new_transaction(cursor)
            if lines:
                _insert_postings(cursor, txn_id, [(anna_bent[i], points) for i, points in lines])
    assert (Transaction.objects.count(), Posting.objects.count()) == (transactions, postings)


@pytest.mark.parametrize(
    ("sql", "refusal"),
    [
        (
            "UPDATE ledger_posting SET amount = amount + 1 WHERE transaction_id = %(txn)s",
            "ledger_posting is append-only: UPDATE refused",
        ),
        ("DELETE FROM ledger_posting WHERE transaction_id = %(txn)s", "ledger_posting is append-only: DELETE refused"),
        (
            "UPDATE ledger_transaction SET memo = 'tampered' WHERE id = %(txn)s",
            "ledger_transaction is append-only: UPDATE refused",
        ),
        ("DELETE FROM ledger_transaction WHERE id = %(txn)s", "ledger_transaction is append-only: DELETE refused"),
        ("UPDATE ledger_account SET owner = 'member:0'", "ledger account cannot be reassigned: UPDATE refused"),
    ],
)
def test_raw_updates_and_deletes_are_refused(posted, sql, refusal):
    postings = sorted(posted.postings.values_list("account_id", "amount"))
    with pytest.raises(DatabaseError, match=refusal), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, {"txn": posted.pk})
    assert sorted(posted.postings.values_list("account_id", "amount")) == postings
    assert Transaction.objects.get(pk=posted.pk).memo == ""


def test_querysets_past_the_models_are_refused_by_the_database(posted, anna_bent):
    # Plain querysets and the base manager skip AppendOnlyQuerySet; SQLite's triggers do not.
    raw = models.QuerySet(model=Posting).filter(transaction=posted)
    with pytest.raises(DatabaseError, match="append-only: UPDATE refused"), transaction.atomic():
        raw.update(amount=0)
    with pytest.raises(DatabaseError, match="append-only: UPDATE refused"), transaction.atomic():
        Posting._base_manager.filter(transaction=posted).update(amount=0)
    with pytest.raises(DatabaseError, match="append-only: DELETE refused"), transaction.atomic():
        raw._raw_delete(connection.alias)
    with pytest.raises(IntegrityError, match="is committed"), transaction.atomic():
        Posting._base_manager.bulk_create(
            [Posting(transaction=posted, account_id=anna_bent[0], amount=0, rule="", ref="", item=0)]
        )
    assert sum(posted.postings.values_list("amount", flat=True)) == 0 and posted.postings.count() == 12


@pytest.mark.parametrize(
    ("sql", "refusal"),
    [
        (
            "UPDATE ledger_balance SET amount = amount + 1000",
            "ledger_balance is kept from the postings: UPDATE refused",
        ),
        ("DELETE FROM ledger_balance", "ledger_balance is kept from the postings: DELETE refused"),
        (
            "INSERT INTO ledger_balance (account_id, book, month, amount, last_posting)"
            " SELECT account_id, 'elsewhere', month, 1000, last_posting FROM ledger_balance LIMIT 1",
            "ledger_balance is kept from the postings: INSERT refused",
        ),
    ],
)
def test_a_balance_moves_only_with_a_posting(posted, sql, refusal):
    kept = sorted(Balance.objects.values_list("account_id", "book", "month", "amount"))
    with pytest.raises(DatabaseError, match=refusal), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql)
    assert sorted(Balance.objects.values_list("account_id", "book", "month", "amount")) == kept
    with pytest.raises(ImmutableLedgerError):
        Balance.objects.update(amount=0)


@pytest.mark.parametrize(
    "change", ["point_value_ore = point_value_ore * 100", "preset = 'dtf-2019'", "overrides = '{\"nolo\": 30}'"]
)
def test_a_played_seasons_rules_and_price_are_refused_by_raw_sql(season, posted, change):
    with pytest.raises(IntegrityError, match="club_season has sittings: its preset, overrides and point value are"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"UPDATE club_season SET {change} WHERE id = %s", [season.pk])
    with pytest.raises(IntegrityError, match="club_season has sittings: DELETE refused"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("DELETE FROM club_season WHERE id = %s", [season.pk])
    assert Season.objects.filter(pk=season.pk).values_list("preset", "overrides", "point_value_ore").get() == (
        "vlk-2010",
        {},
        1,
    )
    with connection.cursor() as cursor:  # its name and how its next sitting ends still change
        cursor.execute("UPDATE club_season SET name = 'Forår', close = 'carry' WHERE id = %s", [season.pk])
    assert Season.objects.filter(pk=season.pk).values_list("name", "close").get() == ("Forår", "carry")


def test_a_season_without_sittings_changes_by_raw_sql(club, make_season):
    season = make_season(club, "vlk-2010", year=2031)
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE club_season SET point_value_ore = 25, name = 'Sommer', close = 'carry' WHERE id = %s", [season.pk]
        )
    season.refresh_from_db()
    assert (season.point_value_ore, season.name, season.close) == (25, "Sommer", "carry")
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM club_season WHERE id = %s", [season.pk])
    assert not Season.objects.filter(pk=season.pk).exists()


def test_a_members_account_link_once_set_is_refused_by_raw_sql(posted, anna_bent):
    anna, bent = anna_bent
    with pytest.raises(IntegrityError, match="club_member account links are set once: UPDATE refused"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE club_member SET account_id = %s WHERE account_id = %s", [bent, anna])
    assert Account.objects.get(pk=anna).member.name == "Anna"
