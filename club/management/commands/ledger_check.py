"""Replay every table's history through the rules engine and compare it with the ledger.

The checks, each of which the ledger should pass by construction:

1. every event of every sitting holds exactly the money its current record settles to now
   (`club.services.replay.check_table`, segment by segment: a split close empties the cups, so the
   next sitting starts a fresh replay);
2. the table state kept with each deal and sitting (cups, previous dealer), from which recording
   and answering settle without a replay, is the state the replay reaches;
3. every transaction has postings, they sum to zero and they are in one unit (`ledger.checks`),
   and every account's unit is the one its books count: øre in the book of payments, points in a
   season's (`club.services.accounting.wrong_units`);
4. every reversal is the exact negation of the transaction it reverses (`ledger.checks`);
5. every payment's transaction moves exactly its amount between the member and the club's till,
   the till holds the sum of the payments, and each member's payments account the sum of his
   (`club.services.till.check`), so every saldo is what his postings say;
6. every balance the database keeps (per account, book and month: a season's points, the
   payments) is the sum of its postings (`ledger.checks`);
7. every seat's kept points (what its member won at the sitting) are the sum of his postings
   there (`club.services.bookkeeping.drifted_seats`);
8. every transaction is accounted for by exactly one club record (a ledger entry, a payment, a
   table's opening holding or a season's close),
   and every payment has its transaction (`club.services.accounting.check`): money moved past
   the club's services is named, with its book, date and postings; and the set of such
   transactions the database keeps for the pages is exactly these
   (`club.services.accounting.drifted_unaccounted`). Without `--club` every transaction of the
   ledger is checked; with it, those of the club and any that post to its accounts;
9. every season's point value is the one each of its ledger entries was posted at
   (`club.services.bookkeeping.repriced_seasons`): a saldo is points times the season's value, so
   a value changed after money was posted (past the database's guard, or by its owner) would
   change saldi without a posting;
10. the money across seasons (`club.services.season_close.check`): the kroner paid into every
    table account (its points in each season's book at that season's point value) equal the
    kroner paid out plus what it holds at the value of the season it holds them in; the club's
    carry account between seasons holds no money; each season's close carried exactly the money
    it held.

Exits non-zero when anything differs, after printing every difference.
"""

from __future__ import annotations

import time

from django.core.management.base import CommandError
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from club.management.base import TranslatedCommand
from club.models import Club, LedgerEntry, Payment, Table
from club.scoping import in_club_option_scope
from club.services import accounting, bookkeeping, season_close, till
from club.services.replay import Difference, StateDifference, check_table
from ledger import checks
from ledger.models import Account, Posting, Transaction


class Command(TranslatedCommand):
    help = gettext_noop("Replay every table's sittings through the rules engine and compare them with the ledger.")

    def add_arguments(self, parser):
        parser.add_argument("--club", metavar="SLUG", help=_("Check only this club."))

    @in_club_option_scope
    def handle(self, *args, club=None, **options):
        started = time.perf_counter()
        clubs = Club.objects.order_by("slug")
        if club is not None:
            clubs = clubs.filter(slug=club)
            if not clubs.exists():
                raise CommandError(_("No club has the short name %(slug)s.") % {"slug": club})
        names = bookkeeping.account_names(clubs)

        problems = 0
        sittings = 0
        tables = Table.objects.filter(club__in=clubs).select_related("club").order_by("club__slug", "name")
        for table in tables:
            check = check_table(table)
            sittings += check.sittings
            for difference in check.differences:
                problems += 1
                self._report_difference(table, difference, names)
            for state in check.states:
                problems += 1
                self._report_state(table, state)
        accounts = Account.objects.filter(pk__in=list(names))
        theirs = Transaction.objects.all() if club is None else _touching(clubs, accounts)
        for line in [
            *accounting.check(theirs, Payment.objects.filter(club__in=clubs), names),
            *accounting.drifted_unaccounted(theirs, names),
            *checks.unbalanced(theirs, _entry_name),
            *checks.mixed_units(theirs, _entry_name),
            *accounting.wrong_units(accounts, names),
            *checks.bad_reversals(theirs, names, _entry_name),
            *till.check(clubs),
            *checks.drifted_balances(accounts, lambda pk: names.get(pk, str(pk))),
            *bookkeeping.drifted_seats(clubs),
            *bookkeeping.repriced_seasons(clubs),
            *season_close.check(clubs),
        ]:
            problems += 1
            self.stdout.write(line)

        transactions = theirs.count()
        elapsed = time.perf_counter() - started
        counted = {
            "clubs": ngettext("%(n)s club", "%(n)s clubs", n := clubs.count()) % {"n": n},
            "tables": ngettext("%(n)s table", "%(n)s tables", n := tables.count()) % {"n": n},
            "sittings": ngettext("%(n)s sitting", "%(n)s sittings", sittings) % {"n": sittings},
            "transactions": ngettext("%(n)s transaction", "%(n)s transactions", transactions) % {"n": transactions},
        }
        summary = _(
            "Checked %(clubs)s, %(tables)s, %(sittings)s and %(transactions)s in %(seconds).2f s; "
            "problems found: %(problems)s."
        ) % {**counted, "problems": problems, "seconds": elapsed}
        if problems:
            raise CommandError(summary)
        self.stdout.write(self.style.SUCCESS(summary))

    def _report_difference(self, table: Table, difference: Difference, names: dict[int, str]) -> None:
        for account_id in sorted(set(difference.posted) | set(difference.expected)):
            posted = difference.posted.get(account_id, 0)
            expected = difference.expected.get(account_id, 0)
            if posted == expected:
                continue
            self.stdout.write(
                _(
                    "%(club)s / %(table)s / %(date)s (sitting %(sitting)s) / %(event)s / %(account)s: "
                    "posted %(posted)s, expected %(expected)s"
                )
                % (
                    _where(table, difference.sitting)
                    | {
                        "event": difference.key,
                        "account": names.get(account_id, account_id),
                        "posted": posted,
                        "expected": expected,
                    }
                )
            )

    def _report_state(self, table: Table, state: StateDifference) -> None:
        family = state.sitting.season.family
        where = _where(table, state.sitting) | {
            "kept": family.describe_state(state.kept),
            "replayed": family.describe_state(state.replayed),
        }
        if state.deal is None:
            line = _(
                "%(club)s / %(table)s / %(date)s (sitting %(sitting)s) / state after the last deal: kept %(kept)s, replayed %(replayed)s"
            )
        else:
            where["number"] = state.deal.number
            line = _(
                "%(club)s / %(table)s / %(date)s (sitting %(sitting)s) / state before deal %(number)s: kept %(kept)s, replayed %(replayed)s"
            )
        self.stdout.write(line % where)


def _touching(clubs, accounts) -> QuerySet[Transaction]:
    """The transactions of the clubs: those their entries and payments account for, and any
    other that posts to one of their accounts."""
    settled = LedgerEntry.objects.filter(sitting__table__club__in=clubs).values("pk")
    paid = Payment.objects.filter(club__in=clubs, transaction__isnull=False).values("transaction_id")
    posted = Posting.objects.filter(account__in=accounts).values("transaction_id")
    return Transaction.objects.filter(Q(pk__in=settled) | Q(pk__in=paid) | Q(pk__in=posted))


def _entry_name(txn: Transaction) -> str:
    """ "Bord 1 2026-01-08, deal:3": the sitting and event a transaction settles, or the payment
    it records ("payment 12")."""
    entry = LedgerEntry.objects.select_related("sitting__table").filter(pk=txn.pk).first()
    if entry is not None:
        return f"{entry.sitting}, {entry.event}"
    payment = Payment.objects.filter(transaction=txn).values_list("pk", flat=True).first()
    return _("payment %(id)s") % {"id": payment} if payment is not None else txn.reference


def _where(table: Table, sitting) -> dict:
    return {"club": table.club.slug, "table": table, "date": sitting.date.isoformat(), "sitting": sitting.pk}
