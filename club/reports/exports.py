"""The exports: a member's postings with a running balance, a season's standings, the treasurer's
books (every member's saldo at a date, the payments and the till book of a period), each as a
`sheets.Sheet` that the reader takes as XLSX or as CSV in his conventions (club.reports.sheets);
and a member's data to take away (JSON, or a zip of CSV files).

The member's data is for scripts as much as for spreadsheets: its CSV files keep one convention
(`,` and a decimal point, UTF-8 with a byte order mark, ISO dates) whatever the reader's language.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import zipfile
from itertools import accumulate

from django.utils.translation import gettext as _

from club.models import Club, Member, Payment, Season
from club.services import money
from club.services.balances import season_standings
from club.services.bookkeeping import season_book
from club.services.member_data import member_data
from ledger.models import Posting

from .sheets import BOM, Kroner, Sheet, cell_text
from .statements import kroner


def member_postings(member: Member, season: Season | None = None) -> Sheet:
    """Every posting on the member's account in ledger order, with the balance after it
    (over the season when one is given, otherwise over all time). A posting no club record
    accounts for is there too, as the ledger has it, its kind saying so."""
    postings = Posting.objects.filter(account__member=member)
    if season is not None:
        postings = postings.filter(transaction__book=season_book(season.pk))
    rows_in_order = list(
        postings.select_related(
            "transaction__entry__sitting__table", "transaction__entry__deal_version__deal"
        ).order_by("transaction__value_date", "transaction_id", "id")
    )
    balances = accumulate(p.amount for p in rows_in_order)
    rows: list[list] = [
        [p.transaction.value_date, *_settled(p), p.rule, p.ref, p.amount, balance]
        for p, balance in zip(rows_in_order, balances)
    ]
    header = [
        _("value date"), _("sitting"), _("table"), _("deal"), _("event"), _("kind"),
        _("rule"), _("seed line"), _("points"), _("balance"),
    ]  # fmt: skip
    return Sheet(_("postings"), header, rows)


def _settled(posting: Posting) -> list:
    """The sitting, table, deal, event and kind a posting settles; blanks and "unaccounted" when
    no ledger entry accounts for it."""
    entry = getattr(posting.transaction, "entry", None)
    if entry is None:
        return ["", "", "", "", _("unaccounted")]
    number = entry.deal_version.deal.number if entry.deal_version is not None else ""
    return [entry.sitting.date, entry.sitting.table.name, number, entry.event, entry.get_kind_display()]


def season_standings_sheet(season: Season) -> Sheet:
    rows: list[list] = [
        [standing.name, standing.points, kroner(standing.points, season.point_value_ore)]
        for standing in season_standings(season)
    ]
    return Sheet(_("standings"), [_("member"), _("points"), _("kroner")], rows)


def saldi_at(club: Club, on: datetime.date) -> Sheet:
    """Every member's saldo at the end of `on` (by value dates), for the year's accounts: what the
    club owes him (+) or he owes the club (−), as `money.saldi` reads it; members by name."""
    found = money.saldi(club, before=on + datetime.timedelta(days=1))
    rows: list[list] = [
        [member.name, member.email, _("yes") if member.active else _("no"), Kroner(found.get(member.pk, 0))]
        for member in club.members.order_by("name", "pk")
    ]
    return Sheet(
        _("saldi %(date)s") % {"date": on.isoformat()}, [_("member"), _("email"), _("active"), _("saldo")], rows
    )


def _payments_in(club: Club, first: datetime.date, last: datetime.date):
    return (
        club.payments.filter(paid_on__range=(first, last))
        .select_related("member", "reverses")
        .order_by("paid_on", "pk")
    )


def payment_kind(payment: Payment) -> str:
    """ "paid in", "paid out", "carried over from paper", or the reversal of one of them."""
    kind = payment.get_method_display() if payment.is_opening else payment.get_direction_display()
    if payment.reverses_id:
        return _("reversal of %(kind)s") % {"kind": kind}
    return kind


def payments(club: Club, first: datetime.date, last: datetime.date) -> Sheet:
    """Every payment dated from `first` to `last` (both included), reversals and saldi carried
    over from paper too, oldest first: its amount as it moves the member's saldo (+ paid in)."""
    rows: list[list] = [
        [
            payment.paid_on,
            payment.pk,
            payment.member.name,
            payment_kind(payment),
            payment.get_method_display(),
            Kroner(payment.signed_ore),
            payment.reason if payment.reverses_id else payment.note_words,
            payment.reverses_id,
        ]
        for payment in _payments_in(club, first, last)
    ]
    header = [_("date"), _("number"), _("member"), _("kind"), _("method"), _("amount"), _("note"), _("reverses")]
    return Sheet(_("payments"), header, rows)


def till_book(club: Club, first: datetime.date, last: datetime.date) -> Sheet:
    """The till book (kassebog) from `first` to `last`: what the till held before, then every
    movement of cash in or out with what it holds after. A saldo carried over from paper moved no
    cash and is not in it."""
    cash = Payment.objects.filter(club=club).exclude(method=Payment.Method.OPENING)
    held = sum(payment.signed_ore for payment in cash.filter(paid_on__lt=first))
    rows: list[list] = [[first, None, _("brought forward"), None, None, Kroner(held)]]
    for payment in _payments_in(club, first, last).exclude(method=Payment.Method.OPENING):
        held += payment.signed_ore
        cash_in, cash_out = max(payment.signed_ore, 0), max(-payment.signed_ore, 0)
        text = f"{payment.member.name}: {payment_kind(payment)}, {payment.get_method_display()}"
        rows.append(
            [
                payment.paid_on,
                payment.pk,
                text,
                Kroner(cash_in) if cash_in else None,
                Kroner(cash_out) if cash_out else None,
                Kroner(held),
            ]
        )
    header = [_("date"), _("number"), _("text"), _("in"), _("out"), _("till")]
    return Sheet(_("till book"), header, rows)


def member_data_json(member: Member) -> str:
    return json.dumps(member_data(member), ensure_ascii=False, indent=2)


def member_data_zip(member: Member) -> bytes:
    """The member's data as one CSV file per kind, in a zip; a kind with no rows is an empty file."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for kind, rows in member_data(member).items():
            text = _csv(list(rows[0]), [list(row.values()) for row in rows]) if rows else BOM
            archive.writestr(f"{kind}.csv", text)
    return buffer.getvalue()


def _csv(header: list[str], rows: list[list]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([cell_text(cell) for cell in row] for row in rows)
    return BOM + out.getvalue()
