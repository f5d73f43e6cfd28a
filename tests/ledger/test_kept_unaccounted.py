"""The transactions no club record accounts for, as the database keeps them (`club.triggers`, club
0028), on SQLite and PostgreSQL alike: a transaction comes in when written, leaves when a ledger
entry, a payment or a table opening names it, and comes back if that record goes; any other
write of the set is refused, whatever SQL reaches the database.
"""

from __future__ import annotations

import datetime

import pytest
from django.db import DatabaseError, connection, transaction

from club.models import LedgerEntry, Member, UnaccountedTransaction
from club.services import bookkeeping, payments
from club.services.deals import record_deal
from ledger import services as ledger
from ledger.models import ImmutableLedgerError, Transaction
from world.records import SEATS, danish_deal

pytestmark = pytest.mark.django_db

DAY = datetime.date(2024, 3, 8)


def kept() -> set[int]:
    return set(UnaccountedTransaction.objects.values_list("transaction_id", flat=True))


def computed() -> set[int]:
    return set(
        Transaction.objects.filter(entry__isnull=True, payment__isnull=True, table_opening__isnull=True).values_list(
            "pk", flat=True
        )
    )


@pytest.fixture
def stray(members, season):
    """Seven points from Bent to Anna, by hand: no club record names them."""
    anna, bent = members["Anna"], members["Bent"]
    for member in (anna, bent):
        bookkeeping.member_account(member)
    anna, bent = (Member.objects.get(pk=m.pk) for m in (anna, bent))
    lines = [ledger.Line(anna.account_id, 7), ledger.Line(bent.account_id, -7)]
    return ledger.post(reference="by hand", lines=lines, value_date=DAY, book=bookkeeping.season_book(season.pk))


@pytest.fixture
def paid(club, members):
    return payments.record_payment(
        club, member=members["Carl"], direction="in", amount_ore=500, method="cash", paid_on=DAY
    )


def test_only_the_transactions_no_record_names_are_kept(sitting, stray, paid):
    record_deal(sitting, danish_deal("Anna", SEATS, last_trick="Bent"))

    assert kept() == computed() == {stray.pk}
    assert not UnaccountedTransaction.objects.filter(transaction=paid.transaction).exists()
    assert LedgerEntry.objects.filter(sitting=sitting).exists()


def test_a_record_that_goes_puts_its_transaction_back(stray, paid):
    # As a hand in the database would (on PostgreSQL only the tables' owner may; the app may not).
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM club_payment WHERE id = %s", [paid.pk])

    assert kept() == computed() == {stray.pk, paid.transaction_id}


def _refused(sql: str, params: list) -> None:
    with pytest.raises(DatabaseError, match="club_unaccountedtransaction is kept"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(sql, params)


def test_the_database_refuses_any_other_write_of_the_set(stray, paid):
    _refused("INSERT INTO club_unaccountedtransaction (transaction_id) VALUES (%s)", [paid.transaction_id])
    _refused("DELETE FROM club_unaccountedtransaction WHERE transaction_id = %s", [stray.pk])
    _refused("UPDATE club_unaccountedtransaction SET transaction_id = %s", [paid.transaction_id])

    assert kept() == computed() == {stray.pk}


def test_the_orm_refuses_to_write_it(stray):
    row = UnaccountedTransaction.objects.get()
    with pytest.raises(ImmutableLedgerError):
        row.delete()
    with pytest.raises(ImmutableLedgerError):
        UnaccountedTransaction.objects.all().delete()
    with pytest.raises(ImmutableLedgerError):
        UnaccountedTransaction(transaction=stray).save()


def test_ledger_check_names_a_transaction_the_set_misses(stray):
    from io import StringIO

    from django.core.management import CommandError, call_command

    # Out of the set behind the triggers' back: PostgreSQL's replica role fires no trigger, and
    # SQLite's guard is dropped for the statement and made again.
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET session_replication_role = replica")
            cursor.execute("DELETE FROM club_unaccountedtransaction")
            cursor.execute("SET session_replication_role = origin")
        else:
            from club import triggers

            cursor.execute("DROP TRIGGER club_unaccounted_delete_kept")
            cursor.execute("DELETE FROM club_unaccountedtransaction")
            for statement in triggers.SQLITE:
                cursor.execute(statement)
    out = StringIO()

    with pytest.raises(CommandError):
        call_command("ledger_check", stdout=out)

    # In the club's language: "... is accounted for by no club record, but is not kept as unaccounted".
    said = [line for line in out.getvalue().splitlines() if "ikke gemt som uforklaret" in line]
    assert len(said) == 1 and said[0].startswith(f"Transaktion {stray.pk} (by hand)")
