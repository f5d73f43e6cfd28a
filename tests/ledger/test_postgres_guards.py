"""PostgreSQL guards the ledger itself (ledger migrations 0002 and 0004, club 0004), whatever SQL
reaches it.

Collected on PostgreSQL only: tests/ledger/conftest.py deselects this module on SQLite, where
the models and services guard instead (test_ledger_append_only.py).
"""

from __future__ import annotations

import logging

import psycopg
import pytest
from django.db import DatabaseError, IntegrityError, connection, models, transaction

from club import families
from club.models import ClubEvent, Deal, DealVersion, Member, Season, Seat
from club.services import deals
from ledger import services as ledger_services
from ledger.models import Account, Balance, Posting, Transaction

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def posted(season, start_sitting, evening):
    sitting = start_sitting(season)
    deals.record_deal(sitting, evening[0])
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
        "INSERT INTO ledger_posting (transaction_id, account_id, amount, rule, ref, item) VALUES (%s, %s, %s, 'raw', '', 0)",
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
    assert sorted(Posting.objects.filter(transaction_id=txn_id).values_list("amount", flat=True)) == [-20, 20]


@pytest.mark.parametrize(
    ("sql", "operation"),
    [
        ("UPDATE ledger_posting SET amount = amount + 1 WHERE id = %(posting)s", "UPDATE"),
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

    assert Posting.objects.get(pk=posting.pk).amount == posting.amount
    assert Transaction.objects.get(pk=posted.pk).memo == ""


def test_queryset_update_and_delete_are_refused_too(posted):
    # A plain QuerySet, past the models' own guard (AppendOnlyQuerySet): the database refuses.
    raw = models.QuerySet(model=Posting).filter(transaction=posted)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        raw.update(amount=0)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        raw._raw_delete(connection.alias)
    assert sum(posted.postings.values_list("amount", flat=True)) == 0 and posted.postings.count() == 12


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


@pytest.mark.parametrize(
    ("sql", "operation"),
    [
        ("UPDATE club_clubevent SET data = '{}' WHERE id = %s", "UPDATE"),
        ("UPDATE club_clubevent SET member_id = NULL WHERE id = %s", "UPDATE"),
        ("DELETE FROM club_clubevent WHERE id = %s", "DELETE"),
    ],
)
def test_a_line_of_the_clubs_log_cannot_be_changed_or_deleted(posted, sql, operation):
    line = ClubEvent.objects.filter(kind=ClubEvent.Kind.SITTING_STARTED).get()
    with pytest.raises(DatabaseError, match=f"club_clubevent is append-only: {operation} refused"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [line.pk])
    assert ClubEvent.objects.get(pk=line.pk).data == line.data


def test_the_balance_trigger_firing_at_commit_is_a_logged_server_error(
    season, start_sitting, evening, monkeypatch, caplog
):
    """A bug in settlement that loses a posting: the service's own balance check is switched off
    so that the database's deferred trigger is what refuses it, at COMMIT."""
    sitting = start_sitting(season)
    # Settlement goes through the season's family (club.families): the Danish one.
    play = families.of("vlk-2010").rules_family.play

    def lossy_play(*args, **kwargs):
        events, state = play(*args, **kwargs)
        last = events[-1]
        item = last.items[-1]
        dropped = item | {"postings": dict(list(item["postings"].items())[:-1])}
        return [
            *events[:-1],
            last.__class__(last.kind, (*last.items[:-1], dropped), last.cups_before, last.cups_after, last.number),
        ], state

    monkeypatch.setattr(families.of("vlk-2010").rules_family, "play", lossy_play)
    monkeypatch.setattr(ledger_services, "_check_balanced", lambda postings, reference: None)

    with caplog.at_level(logging.ERROR, logger="club.services"), pytest.raises(IntegrityError, match="is unbalanced"):
        deals.record_deal(sitting, evening[0], number=1)

    assert "record_deal: sitting" in caplog.text and "refused by the database" in caplog.text
    assert not Deal.objects.filter(sitting=sitting).exists()


@pytest.fixture
def intruder():
    """A second session on the test database, as another program holding the app's password."""
    settings = connection.settings_dict
    with psycopg.connect(
        dbname=settings["NAME"],
        user=settings["USER"],
        host=settings["HOST"],
        port=settings["PORT"] or 5432,
        password=settings["PASSWORD"] or None,
    ) as session:
        yield session


def test_postings_raced_into_the_apps_next_transaction_are_refused(posted, intruder, evening):
    """The intruder guesses the id of the app's next ledger transaction, inserts balanced postings
    for it and keeps its database transaction open; the app records a deal and takes that id; the
    intruder commits. Its postings never land, whether the app's transaction is not yet written,
    written but not committed, or committed."""
    anna, bent = (Account.objects.get(member__name=name).pk for name in ("Anna", "Bent"))
    sitting = posted.entry.sitting
    with intruder.cursor() as cursor:
        cursor.execute("SELECT last_value + 1 FROM ledger_transaction_id_seq")
        next_id = cursor.fetchone()[0]
        with pytest.raises(psycopg.errors.RestrictViolation, match=f"ledger transaction {next_id} is committed"):
            cursor.execute(RACED_POSTINGS, [next_id, anna, next_id, bent])
    intruder.rollback()

    with transaction.atomic():
        recorded = deals.record_deal(sitting, evening[1])  # takes next_id, not yet committed
        (txn,) = recorded.transactions
        assert txn.pk == next_id
        with intruder.cursor() as cursor, pytest.raises(psycopg.errors.RestrictViolation, match="is committed"):
            cursor.execute(RACED_POSTINGS, [next_id, anna, next_id, bent])
        intruder.rollback()

    with intruder.cursor() as cursor, pytest.raises(psycopg.errors.RestrictViolation, match="is committed"):
        cursor.execute(RACED_POSTINGS, [next_id, anna, next_id, bent])
    intruder.rollback()
    assert 1000 not in Posting.objects.filter(transaction_id=next_id).values_list("amount", flat=True)
    assert sum(Posting.objects.filter(transaction_id=next_id).values_list("amount", flat=True)) == 0


def test_a_transaction_row_records_its_own_creator_whatever_the_insert_says(posted):
    seen = []
    # Empty, so refused at COMMIT anyway; what matters is the creator it carried until then.
    with pytest.raises(IntegrityError, match="has no postings"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO ledger_transaction (reference, value_date, created_at, memo, created_xact)"
                " VALUES ('raw', now(), now(), '', 1) RETURNING created_xact, pg_current_xact_id()::text::bigint"
            )
            seen.append(cursor.fetchone())
    ((created, current),) = seen
    assert created == current != 1


RACED_POSTINGS = (
    "INSERT INTO ledger_posting (transaction_id, account_id, amount, rule, ref, item)"
    " VALUES (%s, %s, 1000, 'raw', '', 0), (%s, %s, -1000, 'raw', '', 0)"
)


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE ledger_balance SET amount = amount + 1000",
        "DELETE FROM ledger_balance",
        "INSERT INTO ledger_balance (account_id, book, month, amount, last_posting)"
        " SELECT account_id, 'elsewhere', month, 1000, last_posting FROM ledger_balance LIMIT 1",
    ],
)
def test_a_balance_moves_only_with_a_posting(posted, sql):
    kept = sorted(Balance.objects.values_list("account_id", "book", "month", "amount"))
    operation = sql.split()[0]
    with pytest.raises(DatabaseError, match=f"ledger_balance is kept from the postings: {operation} refused"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert sorted(Balance.objects.values_list("account_id", "book", "month", "amount")) == kept


def test_postings_move_their_balances_in_the_same_transaction(posted):
    """Deal 1's postings are in the kept balances of their accounts, season and month."""
    for account_id, points in posted.postings.values_list("account_id", "amount"):
        assert Balance.objects.filter(account_id=account_id, book=posted.book).exists(), (account_id, points)
    summed = dict(
        Posting.objects.values_list("account_id")
        .annotate(total=models.Sum("amount"))
        .values_list("account_id", "total")
    )
    kept = dict(
        Balance.objects.values_list("account_id")
        .annotate(total=models.Sum("amount"))
        .values_list("account_id", "total")
    )
    assert kept == summed


def test_a_ledger_entry_moves_its_seats_in_the_same_transaction(posted):
    """Deal 1's postings are in the points of the seats of their members."""
    summed = dict(
        posted.postings.filter(account__member__isnull=False)
        .values_list("account__member__id")
        .annotate(total=models.Sum("amount"))
        .values_list("account__member__id", "total")
    )
    funding = Posting.objects.filter(transaction__entry__event="funding:1", account__member__isnull=False)
    for member_id, points in funding.values_list("account__member__id", "amount"):
        summed[member_id] = summed.get(member_id, 0) + points
    assert dict(Seat.objects.values_list("member_id", "points")) == summed


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
