"""CSV exports: a member's postings with a running balance, a season's standings, and a member's
data to take away (JSON, or a zip of CSV files).

Comma-separated, UTF-8 with a byte-order mark (so Excel reads æ, ø and å right), ISO dates,
integer points and kroner with a decimal point: the files are meant for spreadsheets and
scripts alike, so numbers are not formatted for one locale.

Text a member can type (names, table names) could start a formula in a spreadsheet
(`=HYPERLINK(...)`): as the OWASP guidance on CSV injection says, a text cell starting with
`=`, `+`, `-`, `@`, a tab or a carriage return is written with a leading `'`, which a spreadsheet
shows as text. Numbers are written as numbers, minus sign and all.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from itertools import accumulate

from django.utils.translation import gettext as _

from club.models import Member, Season
from club.services.balances import season_standings
from club.services.bookkeeping import season_book
from club.services.member_data import member_data
from ledger.models import Posting

from .statements import kroner

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def member_postings_csv(member: Member, season: Season | None = None) -> str:
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
    rows = [
        [p.transaction.value_date.isoformat(), *_settled(p), p.rule, p.ref, p.amount, balance]
        for p, balance in zip(rows_in_order, balances)
    ]
    header = [
        _("value date"), _("sitting"), _("table"), _("deal"), _("event"), _("kind"),
        _("rule"), _("seed line"), _("points"), _("balance"),
    ]  # fmt: skip
    return _csv(header, rows)


def _settled(posting: Posting) -> list:
    """The sitting, table, deal, event and kind a posting settles; blanks and "unaccounted" when
    no ledger entry accounts for it."""
    entry = getattr(posting.transaction, "entry", None)
    if entry is None:
        return ["", "", "", "", _("unaccounted")]
    number = entry.deal_version.deal.number if entry.deal_version is not None else ""
    return [entry.sitting.date.isoformat(), entry.sitting.table.name, number, entry.event, entry.get_kind_display()]


def season_standings_csv(season: Season) -> str:
    rows = [
        [standing.name, standing.points, kroner(standing.points, season.point_value_ore)]
        for standing in season_standings(season)
    ]
    return _csv([_("member"), _("points"), _("kroner")], rows)


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


def cell_text(cell: object) -> object:
    """A text cell that a spreadsheet would read as a formula, made plain text; numbers as they are."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell
