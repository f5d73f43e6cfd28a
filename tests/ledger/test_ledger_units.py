"""Every account is in points or in øre, set when it is opened and never changed; the postings of one
transaction are all in one unit. `ledger.services` refuses first (`MixedUnits`); the database
refuses the same SQL from anywhere (`ledger.triggers`), on SQLite and PostgreSQL alike."""

from __future__ import annotations

import datetime

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from ledger import services as ledger
from ledger.models import Account, ImmutableLedgerError, Posting, Transaction, Unit

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 3, 12)


@pytest.fixture
def accounts():
    """Two accounts in points and two in øre, of owners the ledger gives no meaning."""
    return {
        "points": [ledger.account(f"t:{n}", "score", Unit.POINTS) for n in (1, 2)],
        "ore": [ledger.account(f"t:{n}", "cash", Unit.ORE) for n in (1, 2)],
    }


def test_an_account_keeps_the_unit_it_was_opened_in(accounts):
    assert [a.unit for a in accounts["points"] + accounts["ore"]] == ["points", "points", "ore", "ore"]
    assert ledger.account("t:1", "cash", Unit.ORE) == accounts["ore"][0]
    with pytest.raises(ledger.MixedUnits, match=r"account t:1 \(cash\) is in ore, not points"):
        ledger.account("t:1", "cash", Unit.POINTS)
    with pytest.raises(ledger.MixedUnits, match=r"account t:2 \(score\) is in points, not ore"):
        ledger.accounts("t:2", ["score", "cash"], Unit.ORE)


def test_a_transaction_in_one_unit_is_posted(accounts):
    first, second = accounts["ore"]
    txn = ledger.post(
        reference="paid", lines=[ledger.Line(first.pk, 2500), ledger.Line(second.pk, -2500)], value_date=DAY
    )
    assert sorted(txn.postings.values_list("amount", flat=True)) == [-2500, 2500]
    assert ledger.balances([first.pk, second.pk]) == {first.pk: 2500, second.pk: -2500}


def test_post_refuses_points_and_ore_in_one_transaction(accounts):
    points, ore = accounts["points"][0], accounts["ore"][1]
    with pytest.raises(ledger.MixedUnits, match="mixed: postings in ore and points; a transaction has one unit"):
        ledger.post(reference="mixed", lines=[ledger.Line(points.pk, 20), ledger.Line(ore.pk, -20)], value_date=DAY)
    assert not Transaction.objects.filter(reference="mixed").exists()


def _insert(cursor, txn_id: int, lines: list[tuple[int, int]]) -> None:
    values = ", ".join(["(%s, %s, %s, 'raw', '', 0)"] * len(lines))
    params = [value for account, amount in lines for value in (txn_id, account, amount)]
    cursor.execute(
        f"INSERT INTO ledger_posting (transaction_id, account_id, amount, rule, ref, item) VALUES {values}", params
    )


@pytest.mark.parametrize("statements", [1, 2], ids=["one INSERT", "two INSERTs"])
def test_the_database_refuses_postings_in_two_units(accounts, statements):
    """Past the service, straight into the tables: balanced, so only the unit is wrong."""
    lines = [(accounts["points"][0].pk, 20), (accounts["ore"][0].pk, -20)]
    count = Posting.objects.count()
    with pytest.raises(IntegrityError, match="mixes units: its postings must all be in one unit"):
        with transaction.atomic():
            txn = Transaction.objects.create(reference="raw", value_date=DAY)
            with connection.cursor() as cursor:
                for part in [lines] if statements == 1 else [lines[:1], lines[1:]]:
                    _insert(cursor, txn.pk, part)
    assert Posting.objects.count() == count


def test_an_accounts_unit_never_changes(accounts):
    account = accounts["points"][0]
    account.unit = Unit.ORE
    with pytest.raises(ImmutableLedgerError, match="cannot change"):
        account.save()
    with pytest.raises(DatabaseError, match="cannot be reassigned: UPDATE refused"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE ledger_account SET unit = 'ore' WHERE id = %s", [account.pk])
    assert Account.objects.get(pk=account.pk).unit == "points"


def test_many_transactions_posted_together_are_each_checked_first(accounts):
    # `post_many` (an import's opening saldi) refuses as `post` does, before it writes any of them.
    (p1, p2), (o1, o2) = accounts["points"], accounts["ore"]
    balanced = ledger.Entry("a", (ledger.Line(o1.pk, 5), ledger.Line(o2.pk, -5)), DAY, book="b")
    before = Transaction.objects.count()
    with pytest.raises(ledger.MixedUnits, match="mixed: postings in ore and points; a transaction has one unit"):
        ledger.post_many([balanced, ledger.Entry("mixed", (ledger.Line(o1.pk, 5), ledger.Line(p1.pk, -5)), DAY)])
    with pytest.raises(ledger.UnbalancedTransaction, match="odd: postings sum to 1, not 0"):
        ledger.post_many([balanced, ledger.Entry("odd", (ledger.Line(p1.pk, 3), ledger.Line(p2.pk, -2)), DAY)])
    assert Transaction.objects.count() == before

    made = ledger.post_many([balanced, ledger.Entry("c", (ledger.Line(p1.pk, 7), ledger.Line(p2.pk, -7)), DAY)])

    assert [(t.reference, t.book) for t in made] == [("a", "b"), ("c", "")]
    assert ledger.balances([o1.pk, o2.pk, p1.pk, p2.pk]) == {o1.pk: 5, o2.pk: -5, p1.pk: 7, p2.pk: -7}
    # Many owners' accounts of one kind, the ones not opened yet opened at once, each in its unit.
    found = ledger.accounts_of(["t:1", "t:3", "t:4"], "cash", Unit.ORE)
    assert found["t:1"] == o1 and {a.unit for a in found.values()} == {"ore"}
    with pytest.raises(ledger.MixedUnits, match=r"account t:1 \(score\) is in points, not ore"):
        ledger.accounts_of(["t:1"], "score", Unit.ORE)
