"""Replay every table's history through the rules engine and compare it with the ledger.

Three checks, each of which the ledger should pass by construction:

1. every event of every sitting holds exactly the money its current record settles to now
   (`club.services.differences`, segment by segment: a split close empties the cups, so the
   next sitting starts a fresh replay);
2. every transaction's postings sum to zero;
3. every reversal is the exact negation of the transaction it reverses.

Exits non-zero when anything differs, after printing every difference.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterator

from django.core.management.base import CommandError
from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club import services
from club.management.base import TranslatedCommand
from club.models import Club, Season, Sitting, Table
from ledger.models import Account, Posting, Transaction


class Command(TranslatedCommand):
    help = gettext_lazy("Replay every table's sittings through the rules engine and compare them with the ledger.")

    def add_arguments(self, parser):
        parser.add_argument("--club", metavar="SLUG", help=_("Check only this club."))

    def handle(self, *args, club=None, **options):
        started = time.perf_counter()
        clubs = Club.objects.order_by("slug")
        if club is not None:
            clubs = clubs.filter(slug=club)
            if not clubs.exists():
                raise CommandError(_("No club has the short name %(slug)s.") % {"slug": club})
        names = {a.pk: str(a) for a in Account.objects.filter(club__in=clubs).select_related("member", "table")}

        problems = 0
        sittings = 0
        tables = Table.objects.filter(club__in=clubs).select_related("club").order_by("club__slug", "name")
        for table in tables:
            for start in _segment_starts(table):
                found, checked = _differences(table, start)
                sittings += checked
                for difference in found:
                    problems += 1
                    self._report_difference(table, difference, names)
        for line in _unbalanced(clubs):
            problems += 1
            self.stdout.write(line)
        for line in _bad_reversals(clubs, names):
            problems += 1
            self.stdout.write(line)

        transactions = Transaction.objects.filter(club__in=clubs).count()
        elapsed = time.perf_counter() - started
        summary = _(
            "Checked %(clubs)s clubs, %(tables)s tables, %(sittings)s sittings and %(transactions)s transactions "
            "in %(seconds).2f s; problems found: %(problems)s."
        ) % {
            "clubs": clubs.count(),
            "tables": tables.count(),
            "sittings": sittings,
            "transactions": transactions,
            "problems": problems,
            "seconds": elapsed,
        }
        if problems:
            raise CommandError(summary)
        self.stdout.write(self.style.SUCCESS(summary))

    def _report_difference(self, table: Table, difference: services.Difference, names: dict[int, str]) -> None:
        sitting = difference.sitting
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
                % {
                    "club": table.club.slug,
                    "table": table,
                    "date": sitting.date.isoformat(),
                    "sitting": sitting.pk,
                    "event": difference.key,
                    "account": names.get(account_id, account_id),
                    "posted": posted,
                    "expected": expected,
                }
            )


def _segment_starts(table: Table) -> Iterator[Sitting]:
    """The first sitting of the table and every sitting after one that split its cups.

    `differences` replays forward through carried cups and stops after a split, so these
    starting points cover every sitting exactly once.
    """
    previous_split = True
    for sitting in Sitting.objects.filter(table=table).order_by("pk").only("pk", "closed_how"):
        if previous_split:
            yield sitting
        previous_split = sitting.closed_how == Season.Close.SPLIT


def _differences(table: Table, start: Sitting) -> tuple[list[services.Difference], int]:
    sittings, expected = services.expected_events(table, start)
    return [pair for pair in services.compare(table, sittings, expected) if pair.differs], len(sittings)


def _unbalanced(clubs) -> Iterator[str]:
    rows = (
        Transaction.objects.filter(club__in=clubs)
        .annotate(total=Sum("postings__points"), lines=Count("postings"))
        .filter(Q(lines=0) | ~Q(total=0))
        .select_related("sitting__table")
        .order_by("pk")
    )
    for txn in rows:
        yield _("Transaction %(id)s (%(sitting)s, %(event)s): postings sum to %(total)s, not 0.") % {
            "id": txn.pk,
            "sitting": txn.sitting,
            "event": txn.event,
            "total": txn.total or 0,
        }


def _bad_reversals(clubs, names: dict[int, str]) -> Iterator[str]:
    """Reversals whose postings are not exactly the negated postings of their original."""
    reversals = list(Transaction.objects.filter(club__in=clubs, kind=Transaction.Kind.REVERSAL).select_related("sitting__table"))
    involved = [r.pk for r in reversals] + [r.reverses_id for r in reversals if r.reverses_id]
    lines: dict[int, list[tuple]] = defaultdict(list)
    for p in Posting.objects.filter(transaction_id__in=involved).values_list("transaction_id", "account_id", "points", "rule", "ref", "item"):
        lines[p[0]].append(p[1:])
    for reversal in reversals:
        if reversal.reverses_id is None:
            yield _("Reversal %(id)s (%(sitting)s, %(event)s) reverses nothing.") % {
                "id": reversal.pk,
                "sitting": reversal.sitting,
                "event": reversal.event,
            }
            continue
        negated = sorted((account, -points, rule, ref, item) for account, points, rule, ref, item in lines[reversal.reverses_id])
        if sorted(lines[reversal.pk]) != negated:
            yield _("Reversal %(id)s (%(sitting)s, %(event)s) does not negate transaction %(original)s: %(delta)s") % {
                "id": reversal.pk,
                "sitting": reversal.sitting,
                "event": reversal.event,
                "original": reversal.reverses_id,
                "delta": _net_by_account(lines[reversal.pk], lines[reversal.reverses_id], names),
            }


def _net_by_account(reversal: list[tuple], original: list[tuple], names: dict[int, str]) -> str:
    """Per account, what reversal and original leave together (zero everywhere when exact)."""
    net: dict[int, int] = defaultdict(int)
    for account, points, *_rest in reversal + original:
        net[account] += points
    return ", ".join(f"{names.get(a, a)} {p:+d}" for a, p in sorted(net.items()) if p) or _("the lines differ")
