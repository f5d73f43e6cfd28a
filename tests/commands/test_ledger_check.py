"""`manage.py ledger_check`: the ledger agrees with a replay of every record, and says where not."""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.db.models import Sum
from django.utils import timezone, translation

import rules
from club import families
from club import triggers as club_triggers
from club.models import Deal, LedgerEntry, Sitting
from club.services import bookkeeping
from ledger import services as ledger
from ledger import triggers
from ledger.models import Account, Balance, Posting, Transaction, Unit

pytestmark = pytest.mark.django_db


def ledger_check(*args) -> tuple[str, str | None]:
    """(what it printed, the error it exited with or None)."""
    out = io.StringIO()
    with translation.override("en"):
        try:
            call_command("ledger_check", *args, stdout=out)
        except CommandError as error:
            return out.getvalue(), str(error)
    return out.getvalue(), None


SQLITE_GUARDS = [triggers, club_triggers]


def tamper(sql: str, params: list) -> None:
    """Change the ledger behind the services' back, as a bug or a hand in the database would."""
    with connection.cursor() as cursor:
        # PostgreSQL's append-only trigger refuses the UPDATE; a superuser can switch ordinary
        # triggers off for the moment. The demo's balance checks, deferred to a commit that never
        # comes in a test, run first: afterwards they would see the tampering and refuse it.
        # SQLite cannot switch a trigger off: its guards (`ledger.triggers`, `club.triggers`) are dropped
        # and made again.
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            cursor.execute("SET session_replication_role = replica")
        else:
            for guards in SQLITE_GUARDS:
                for trigger in guards.SQLITE_TRIGGERS:
                    cursor.execute(f"DROP TRIGGER {trigger}")
        cursor.execute(sql, params)
        if connection.vendor == "postgresql":
            cursor.execute("SET session_replication_role = origin")
        else:
            for guards in SQLITE_GUARDS:
                for statement in guards.SQLITE:
                    cursor.execute(statement)


def kept_balance(posting: Posting) -> int:
    """What the ledger keeps for the posting's account, book and month (before any tampering)."""
    month = posting.transaction.value_date.replace(day=1)
    return Balance.objects.get(account=posting.account, book=posting.transaction.book, month=month).amount


def demo_sitting(date: str, table: str = "Kakkelovnsbordet") -> Sitting:
    return Sitting.objects.get(table__club__slug="vestbyen", table__name=table, date=date)


def points_in(txn: Transaction, account: Account) -> int:
    return txn.postings.filter(account=account).aggregate(total=Sum("amount"))["total"]


def test_demo_ledger_agrees_with_every_record(demo):
    out, error = ledger_check()

    assert error is None
    transactions = Transaction.objects.count()
    assert re.search(
        rf"Checked 1 club, 6 tables, 34 sittings and {transactions} transactions in [0-9.]+ s; problems found: 0\.",
        out,
    )
    danish = io.StringIO()
    with translation.override("da"):
        call_command("ledger_check", stdout=danish)
    assert "Kontrollerede 1 klub, 6 borde, 34 spilleaftener og" in danish.getvalue()  # one club, not "1 klubber"


def test_a_tampered_posting_is_named_with_sitting_event_account_and_amounts(demo):
    sitting = demo_sitting("2026-10-22")
    txn = Transaction.objects.get(
        entry__sitting=sitting, entry__event="deal:3", reversed_by__isnull=True, entry__kind="deal"
    )
    posting = txn.postings.filter(account__kind=bookkeeping.MEMBER, rule="stake").get()
    before = points_in(txn, posting.account)
    kept = kept_balance(posting)

    tamper("UPDATE ledger_posting SET amount = amount + 10 WHERE id = %s", [posting.pk])
    out, error = ledger_check()

    name = posting.account.member.name
    assert (
        f"vestbyen / Kakkelovnsbordet / 2026-10-22 (sitting {sitting.pk}) / deal:3 / {name}: "
        f"posted {before + 10}, expected {before}"
    ) in out
    assert f"Transaction {txn.pk} (Kakkelovnsbordet 2026-10-22, deal:3): postings sum to 10, not 0." in out
    # The kept balance did not move with the hand in the database: the postings now say 10 more.
    book = f"season:{sitting.season_id}"
    assert f"Balance of {name} in {book}, 2026-10: kept {kept}, postings sum to {kept + 10}." in out
    # Nor did the seat's kept points at the sitting.
    seat = sitting.seats.get(member__account=posting.account)
    assert f"{sitting} / {name}: the seat keeps {seat.points} points, the postings say {seat.points + 10}" in out
    # The event, its transaction no longer balancing, the balance, the seat: four problems, a failing exit.
    assert error is not None and "problems found: 4." in error


def test_a_drifted_seat_is_found(demo):
    """A hand in the database moves a seat's kept points: the postings did not move, the check says so."""
    sitting = demo_sitting("2026-10-22")
    seat = sitting.seats.order_by("position").first()
    posted = Posting.objects.filter(transaction__entry__sitting=sitting, account__member=seat.member).aggregate(
        total=Sum("amount")
    )["total"]
    assert seat.points == posted

    tamper("UPDATE club_seat SET points = points - 7 WHERE id = %s", [seat.pk])
    out, error = ledger_check()

    assert f"{sitting} / {seat.name}: the seat keeps {posted - 7} points, the postings say {posted}" in out
    assert error is not None and "problems found: 1." in error


def test_an_extra_balanced_transaction_for_an_event_is_found(demo):
    sitting = demo_sitting("2026-09-10")
    seats = list(sitting.seats.select_related("member__account"))
    payer, payee = seats[0], seats[1]
    # A bug posting a deal twice in part: balanced, so only the replay can see it.
    stray = rules.danish.Event(
        "deal",
        (rules.LineItem(rule="last_trick", ref="001 L300", postings={payer.name: -15, payee.name: 15}),),
        rules.danish.Cups(),
        rules.danish.Cups(),
    )
    bookkeeping.post_event(
        sitting=sitting,
        event=stray,
        key="deal:5",
        accounts=bookkeeping.accounts_for(sitting.table, seats, ("cup:pagat", "cup:king")),
        value_date=sitting.date,
    )
    posted = {
        seat.name: sum(
            points_in(t, seat.member.account) or 0
            for t in Transaction.objects.filter(
                entry__sitting=sitting, entry__event="deal:5", reversed_by__isnull=True
            ).exclude(reverses__isnull=False)
        )
        for seat in (payer, payee)
    }

    out, error = ledger_check()

    prefix = f"vestbyen / Kakkelovnsbordet / 2026-09-10 (sitting {sitting.pk}) / deal:5"
    assert f"{prefix} / {payer.name}: posted {posted[payer.name]}, expected {posted[payer.name] + 15}" in out
    assert f"{prefix} / {payee.name}: posted {posted[payee.name]}, expected {posted[payee.name] - 15}" in out
    assert error is not None and "problems found: 1." in error


def test_a_reversal_that_does_not_negate_its_original_is_found(demo):
    reversal = Transaction.objects.filter(
        entry__kind=LedgerEntry.Kind.REVERSAL, entry__sitting__table__club__slug="vestbyen"
    ).first()
    postings = list(reversal.postings.order_by("account_id"))
    first, second = postings[0], next(p for p in postings if p.account_id != postings[0].account_id)
    kept = {p.pk: kept_balance(p) for p in (first, second)}
    # Balanced, and reversed transactions count for nothing in the replay: only this check sees it.
    tamper("UPDATE ledger_posting SET amount = amount + 7 WHERE id = %s", [first.pk])
    tamper("UPDATE ledger_posting SET amount = amount - 7 WHERE id = %s", [second.pk])

    out, error = ledger_check()

    names = bookkeeping.account_names([demo])
    assert (
        f"Reversal {reversal.pk} ({reversal.entry.sitting}, {reversal.entry.event}) does not negate transaction "
        f"{reversal.reverses_id}: {names[first.account_id]} +7, {names[second.account_id]} -7"
    ) in out
    for posting, moved in ((first, 7), (second, -7)):  # the reversal's month, in its season's book
        month = f"{posting.transaction.value_date:%Y-%m}"
        book = posting.transaction.book
        assert (
            f"Balance of {names[posting.account_id]} in {book}, {month}: kept {kept[posting.pk]}, "
            f"postings sum to {kept[posting.pk] + moved}."
        ) in out
    # A member's posting also moved what his seat at the sitting should keep (a cup has no seat).
    sitting = reversal.entry.sitting
    seats = [
        (s, moved) for p, moved in ((first, 7), (second, -7)) for s in sitting.seats.filter(member__account=p.account)
    ]
    for seat, moved in seats:
        assert (
            f"{sitting} / {seat.name}: the seat keeps {seat.points} points, the postings say {seat.points + moved}"
            in out
        )
    assert error is not None and f"problems found: {3 + len(seats)}." in error


def test_club_option_checks_that_club_only(demo, club):
    out, error = ledger_check("--club", "norrebro")

    assert error is None
    assert "Checked 1 club, 1 table, 0 sittings and 0 transactions" in out


def test_unknown_club_is_an_error(club):
    _out, error = ledger_check("--club", "nowhere")

    assert error == "No club has the short name nowhere."


def test_a_drifted_kept_table_state_is_found(demo):
    """Recording settles from the state kept with the sitting and each deal; the replay checks it."""
    sitting = demo_sitting("2026-10-22")
    deal = sitting.deals.get(number=3)
    kept = deal.state_before
    Deal.objects.filter(pk=deal.pk).update(state_before=kept | {"pagat": kept["pagat"] + 7})
    Sitting.objects.filter(pk=sitting.pk).update(state=sitting.state | {"previous_dealer": None})

    out, error = ledger_check()

    where = f"vestbyen / Kakkelovnsbordet / 2026-10-22 (sitting {sitting.pk})"
    assert (
        f"{where} / state before deal 3: kept Pagatkop {kept['pagat'] + 7}, Kongekop {kept['king']}, "
        f"previous_dealer {kept['previous_dealer']}, replayed Pagatkop {kept['pagat']}, Kongekop {kept['king']}, "
        f"previous_dealer {kept['previous_dealer']}"
    ) in out
    last = sitting.state
    assert (
        f"{where} / state after the last deal: kept Pagatkop {last['pagat']}, Kongekop {last['king']}, "
        f"replayed Pagatkop {last['pagat']}, Kongekop {last['king']}, previous_dealer {last['previous_dealer']}"
    ) in out
    assert error is not None and "problems found: 2." in error


def test_a_season_repriced_after_money_was_posted_is_named(demo):
    """A saldo is points times the season's point value: a value changed after money was posted
    (past the database's guard) moves every saldo of the season without a posting."""
    sitting = demo_sitting("2026-10-22")
    season = sitting.season
    entries = LedgerEntry.objects.filter(sitting__season=season).count()
    tamper("UPDATE club_season SET point_value_ore = point_value_ore * 10 WHERE id = %s", [season.pk])

    out, error = ledger_check()

    assert (
        f"vestbyen / season {season.name}: a point is worth {season.point_value_ore * 10} øre now, but {entries}"
        f" ledger entries were posted at {season.point_value_ore} øre: its saldi changed without a posting"
    ) in out
    assert error is not None and "problems found: 1." in error


def test_a_transaction_without_postings_is_named(demo):
    sitting = demo_sitting("2026-10-22")
    # PostgreSQL refuses it at COMMIT (test_postgres_guards.py), and Django's test teardown checks
    # deferred constraints: tamper() writes it with the triggers off, as a hand in the database would.
    tamper(
        "INSERT INTO ledger_transaction (reference, value_date, created_at, memo) VALUES ('deal:99', %s, %s, '')",
        [sitting.date, timezone.now()],
    )
    tamper(
        "INSERT INTO club_ledgerentry (transaction_id, kind, sitting_id, event, point_value_ore)"
        " SELECT MAX(id), 'deal', %s, 'deal:99', %s FROM ledger_transaction",
        [sitting.pk, sitting.season.point_value_ore],
    )
    empty = Transaction.objects.get(entry__sitting=sitting, entry__event="deal:99")

    out, error = ledger_check()

    assert f"Transaction {empty.pk} (Kakkelovnsbordet 2026-10-22, deal:99) has no postings." in out
    assert "sum to None" not in out and "sum to 0, not 0" not in out
    assert error is not None and "problems found: 1." in error


def test_the_payments_and_the_till_are_checked(demo):
    from club.models import Payment

    payment = Payment.objects.filter(club__slug="vestbyen", reverses__isnull=True, reversed_by__isnull=True).first()
    # The member's side of the payment posts one øre too many, and a balancing øre leaves the till;
    # the kept balances follow, so the ledger agrees with itself and only the payments disagree.
    for kind, change in (("payments", 1), ("till", -1)):
        posting = payment.transaction.postings.get(account__kind=kind)
        tamper("UPDATE ledger_posting SET amount = amount + %s WHERE id = %s", [change, posting.pk])
        tamper(
            "UPDATE ledger_balance SET amount = amount + %s WHERE account_id = %s AND book = %s AND month = %s",
            [change, posting.account_id, "payments", payment.paid_on.replace(day=1)],
        )

    out, error = ledger_check()

    assert f"vestbyen / payment {payment.pk} ({payment.member.name}, {payment.paid_on})" in out
    assert f"vestbyen / {payment.member.name}: payments account holds" in out
    assert "vestbyen / till: holds" in out
    assert error is not None and "problems found: 3." in error


def test_a_transaction_no_club_record_accounts_for_is_named(demo):
    """Balanced, between two members of one sitting, in the season's book: the ledger agrees with
    itself and the replay only reads what entries account for, so only this check sees it."""
    sitting = demo_sitting("2026-10-22")
    first, second = (seat.member for seat in sitting.seats.select_related("member").order_by("position")[:2])
    stray = ledger.post(
        reference="by hand",
        lines=[ledger.Line(first.account_id, 2000), ledger.Line(second.account_id, -2000)],
        value_date=datetime.date(2026, 10, 23),
        book=bookkeeping.season_book(sitting.season_id),
    )

    out, error = ledger_check()

    named = (
        f"Transaction {stray.pk} (by hand) in book season:{sitting.season_id} on 2026-10-23 is accounted for "
        f"by no club record: {first.name} +2000, {second.name} -2000."
    )
    assert named in out
    assert error is not None and "problems found: 1." in error
    # Checking the club alone finds it too: it posts to the club's members.
    out, error = ledger_check("--club", "vestbyen")
    assert named in out
    assert error is not None and "problems found: 1." in error


def test_a_transaction_on_nobodys_accounts_is_named(demo):
    """Accounts no club owns: found when the whole ledger is checked."""
    stray = ledger.post(
        reference="nobody",
        lines=[
            ledger.Line(ledger.account("x:1", "x", Unit.POINTS).pk, 5),
            ledger.Line(ledger.account("x:2", "x", Unit.POINTS).pk, -5),
        ],
        value_date=datetime.date(2026, 1, 2),
    )
    first, second = stray.postings.order_by("pk").values_list("account_id", flat=True)

    out, error = ledger_check()

    assert (
        f"Transaction {stray.pk} (nobody) in book — on 2026-01-02 is accounted for by no club record: "
        f"account {first} +5, account {second} -5."
    ) in out
    assert error is not None and "problems found: 1." in error


def test_a_transaction_mixing_units_is_named(demo):
    """Balanced, but points and øre: an account's unit changed behind the ledger's back."""
    stray = ledger.post(
        reference="nobody",
        lines=[
            ledger.Line(ledger.account("x:1", "x", Unit.POINTS).pk, 5),
            ledger.Line(ledger.account("x:2", "x", Unit.POINTS).pk, -5),
        ],
        value_date=datetime.date(2026, 1, 2),
    )
    tamper("UPDATE ledger_account SET unit = 'ore' WHERE owner = 'x:2'", [])

    out, error = ledger_check()

    assert f"Transaction {stray.pk} (nobody) mixes units: its postings are in points and in øre." in out
    assert error is not None and "problems found: 2." in error  # and accounted for by no club record


def test_an_account_in_another_unit_than_its_book_counts_is_named(demo):
    """A member's payments account in points: the book of payments counts øre, and each of his
    payments now mixes his points with the till's øre."""
    account = Account.objects.filter(kind="payments", payer__club=demo).order_by("pk").first()
    payments = Posting.objects.filter(account=account).values("transaction_id").distinct().count()
    assert account.unit == "ore" and payments > 0
    tamper("UPDATE ledger_account SET unit = 'points' WHERE id = %s", [account.pk])

    out, error = ledger_check("--club", "vestbyen")

    name = account.payer.name
    assert f"{name} (payments) is kept in points, but has postings in book payments, which counts øre." in out
    assert out.count("mixes units") == payments
    assert error is not None and f"problems found: {1 + payments}." in error


def test_a_payment_without_its_transaction_and_one_accounted_twice_are_named(demo):
    from club.models import Payment

    paid = Payment.objects.filter(club__slug="vestbyen", reverses__isnull=True, reversed_by__isnull=True)
    payment = paid.first()
    sitting = demo_sitting("2026-10-22")
    # A ledger entry claiming the payment's transaction for a sitting's event no record has.
    tamper(
        "INSERT INTO club_ledgerentry (transaction_id, kind, sitting_id, event, point_value_ore)"
        " VALUES (%s, 'deal', %s, 'deal:99', %s)",
        [payment.transaction_id, sitting.pk, sitting.season.point_value_ore],
    )
    # A payment written without its transaction: it names no money.
    lost = Payment.objects.create(
        club=payment.club, member=payment.member, direction="in", amount_ore=700, method="cash", paid_on=sitting.date
    )
    till_account = payment.transaction.postings.get(account__kind=bookkeeping.TILL).account_id
    with translation.override("en"):
        names = bookkeeping.account_names([demo])

    out, error = ledger_check()

    assert (
        f"Transaction {payment.transaction_id} ({payment.transaction.reference}) in book payments on "
        f"{payment.paid_on} is accounted for twice, by a ledger entry and by payment {payment.pk}: "
        f"{names[payment.member.payments_account_id]} {payment.signed_ore:+d}, "
        f"{names[till_account]} {-payment.signed_ore:+d}."
    ) in out
    assert (
        f"vestbyen / payment {lost.pk} ({payment.member.name}, {sitting.date}, 700 øre) has no ledger transaction."
    ) in out
    assert "its ledger transaction does not move 700 øre" not in out  # named once, above
    # The replay also sees the payment's money under an event no record settles (one difference),
    # and his payments account and the till no longer hold what the payments sum to (700 øre more).
    assert f"vestbyen / {payment.member.name}: payments account holds" in out
    assert "vestbyen / till: holds" in out
    assert error is not None and "problems found: 5." in error


@pytest.mark.parametrize("family", families.FAMILIES, ids=lambda family: family.name)
def test_a_kept_state_is_told_in_its_own_games_words(family):
    """`ledger_check` tells a drifted state as its game keeps it: its own accounts by their names,
    each at what it holds, and no other game's words (a Slovenian state says nothing of cups)."""
    engine = family.rules_family
    held = {name: 10 * (i + 1) for i, name in enumerate(engine.own_accounts)}
    state = engine.state_as_json(engine.state(held, previous_dealer="Anna"))

    with translation.override("da"):
        said = family.describe_state(state)

    for i, name in enumerate(engine.own_accounts):
        assert f"{family.table_accounts[name].label} {10 * (i + 1)}" in said
    others = {str(a.label) for f in families.FAMILIES if f is not family for a in f.table_accounts.values()}
    assert not {label for label in others if label in said}, said
    assert "None" not in said
