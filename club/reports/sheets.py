"""A table of figures as the reader's spreadsheet opens it: XLSX, or CSV in his conventions.

A `Sheet` is a header and rows of cells: text, whole numbers, dates and `Kroner` (øre, shown as
kroner). Each export builds one; this module writes it:

- XLSX (openpyxl): numbers as numbers, kroner with two decimals, dates as dates; any spreadsheet
  opens it as it is, whatever its locale.
- CSV in the reader's language's conventions, which is what Excel expects when it opens a CSV by a
  double click: where the decimal separator is a comma (Danish, Magyar, Slovenian) the fields are
  separated by `;` and kroner are written `-3,75`; in English by `,` and `-3.75`. Always UTF-8
  with a byte order mark (so Excel reads æ, ø and å right), ISO dates (every locale of Excel reads
  them as dates), no thousands separators (a `.` would read as a decimal point in English).

Text a member can type (names, table names) could start a formula in a spreadsheet
(`=HYPERLINK(...)`): as the OWASP guidance on CSV injection says, a CSV text cell starting with
`=`, `+`, `-`, `@`, a tab or a carriage return is written with a leading `'`; in XLSX every text
cell is stored as text, never as a formula.
"""

from __future__ import annotations

import csv
import datetime
import io
from dataclasses import dataclass, field
from decimal import Decimal

from django.http import HttpResponse
from django.utils import formats
from openpyxl import Workbook
from openpyxl.styles import Font

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FORMATS = ("csv", "xlsx")
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
KRONER_FORMAT = "#,##0.00"  # Excel shows it in the reader's own separators
DATE_FORMAT = "yyyy-mm-dd"


@dataclass(frozen=True)
class Kroner:
    """An amount in øre, written as kroner with two decimals."""

    ore: int

    @property
    def decimal(self) -> Decimal:
        return Decimal(self.ore) / 100


# A Decimal is an amount in kroner too (a statement's `kroner`), written with two decimals.
Cell = str | int | Kroner | Decimal | datetime.date | None


def _amount(cell: Cell) -> Decimal | None:
    if isinstance(cell, Kroner):
        return cell.decimal
    return cell if isinstance(cell, Decimal) else None


@dataclass
class Sheet:
    title: str  # the worksheet's name (at most 31 characters in XLSX)
    header: list[str]
    rows: list[list[Cell]] = field(default_factory=list)


def cell_text(cell: object) -> object:
    """A text cell that a spreadsheet would read as a formula, made plain text; numbers as they are."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def csv_conventions(language: str) -> tuple[str, str]:
    """(field separator, decimal separator) for a reader of `language`: Django's decimal
    separator for it, and `;` wherever that is a comma, as the reader's Excel expects."""
    decimal = formats.get_format("DECIMAL_SEPARATOR", lang=language, use_l10n=True)
    return (";" if decimal == "," else ","), decimal


def csv_bytes(sheet: Sheet, language: str) -> bytes:
    delimiter, decimal = csv_conventions(language)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow([cell_text(cell) for cell in sheet.header])
    writer.writerows([_csv_cell(cell, decimal) for cell in row] for row in sheet.rows)
    return (BOM + out.getvalue()).encode("utf-8")


def _csv_cell(cell: Cell, decimal: str) -> object:
    if (amount := _amount(cell)) is not None:
        return f"{amount:.2f}".replace(".", decimal)
    if isinstance(cell, datetime.date):
        return cell.isoformat()
    return cell_text(cell)


def xlsx_bytes(sheet: Sheet) -> bytes:
    book = Workbook()
    page = book.active
    assert page is not None  # a new workbook has its one sheet
    page.title = _sheet_title(sheet.title)
    page.append(sheet.header)
    for cell in page[1]:
        cell.font = Font(bold=True)
        cell.data_type = "s"
    for row in sheet.rows:
        page.append([cell.decimal if isinstance(cell, Kroner) else cell for cell in row])
        for value, written in zip(row, page[page.max_row]):
            if _amount(value) is not None:
                written.number_format = KRONER_FORMAT
            elif isinstance(value, datetime.date):
                written.number_format = DATE_FORMAT
            elif isinstance(value, str):
                written.data_type = "s"  # "=..." stays text: openpyxl would take it for a formula
    page.freeze_panes = "A2"
    for index, head in enumerate(sheet.header):
        widest = max([len(head), *(len(_shown(row[index])) for row in sheet.rows)])
        page.column_dimensions[page.cell(1, index + 1).column_letter].width = min(max(widest + 2, 8), 50)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _shown(cell: Cell) -> str:
    if (amount := _amount(cell)) is not None:
        return f"{amount:,.2f}"
    return "" if cell is None else str(cell)


def _sheet_title(title: str) -> str:
    # Excel refuses these characters in a sheet's name, and more than 31 of any.
    return "".join(" " if char in "[]:*?/\\" else char for char in title)[:31] or "Sheet"


def response(sheet: Sheet, kind: str, filename: str, language: str) -> HttpResponse:
    """The sheet as a download: `kind` "csv" or "xlsx"; `filename` without its extension."""
    if kind == "xlsx":
        answer = HttpResponse(xlsx_bytes(sheet), content_type=XLSX_TYPE)
    else:
        answer = HttpResponse(csv_bytes(sheet, language), content_type="text/csv; charset=utf-8")
    answer["Content-Disposition"] = f'attachment; filename="{filename}.{kind}"'
    return answer
