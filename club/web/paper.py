"""The paper fallback: a blank score sheet to print for a table (a dead phone, a power cut) and a
played sitting's sheet as a print, both A4 PDFs rendered by WeasyPrint like the statements.

Generic over the game: the columns are the seats and the table's own accounts of the season's
family (`Family.accounts`: cups, a pot, or none), the rows a played sitting's events as its score
sheet has them (club.web.scoresheet); nothing here knows which game it prints.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override
from weasyprint import HTML

from .. import access, inputs
from ..models import Club, Member, Season, Sitting, Table
from ..reports.pdf import ascii_slug
from .forms import MAX_SEATS
from .scoresheet import scoresheet
from .views import _current_season, _sitting, club_page

BLANK_ROWS = 22  # one A4 page with the heads, the totals row and the note


def _pdf(template: str, context: dict, language: str) -> bytes:
    with override(language):
        html = render_to_string(template, context | {"printed": timezone.localdate()})
    return HTML(string=html).write_pdf()


def blank_sheet_pdf(table: Table, season: Season, language: str) -> bytes:
    """An empty score sheet for `table` in `season`'s game: its last seating's names (else empty
    heads, as many as the game seats at most), the table's own accounts, numbered empty rows."""
    last = table.sittings.order_by("-date", "-pk").first()
    names = last.seat_names() if last is not None else []
    if not names:
        names = [""] * max(season.family.seat_counts(season.ruleset(), MAX_SEATS) or (MAX_SEATS,))
    context = {
        "club": table.club,
        "table": table,
        "season": season,
        "names": names,
        "accounts": season.family.accounts(season.ruleset()),
        "rows": range(1, BLANK_ROWS + 1),
    }
    return _pdf("club/print/blank_sheet.html", context, language)


def sitting_pdf(sitting: Sitting, language: str) -> bytes:
    """The sitting's sheet as played: every deal with its dealer, each seat's change and running
    total, what the table's own accounts hold after it, and the totals."""
    context = {"club": sitting.season.club, "sitting": sitting, "sheet": scoresheet(sitting)}
    return _pdf("club/print/sitting.html", context, language)


def _pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@club_page
def table_blank_sheet(request: HttpRequest, club: Club, member: Member, table_id: int) -> HttpResponse:
    """Any member may print a blank sheet for a table; `?season=` picks the game (else the current season's)."""
    access.require(member, access.READ)
    table = get_object_or_404(Table, pk=table_id, club=club)
    season_id = inputs.optional_id(request.GET, "season")
    season = get_object_or_404(Season, pk=season_id, club=club) if season_id is not None else _current_season(club)
    if season is None:
        return HttpResponse(_("The club has no season yet: a sheet needs its game."), status=404)
    pdf = blank_sheet_pdf(table, season, request.LANGUAGE_CODE)
    return _pdf_response(pdf, f"{club.slug}-{ascii_slug(table.name)}-blank.pdf")


@club_page
def sitting_print(request: HttpRequest, club: Club, member: Member, sitting_id: int) -> HttpResponse:
    access.require(member, access.READ)
    sitting = _sitting(club, sitting_id)
    pdf = sitting_pdf(sitting, request.LANGUAGE_CODE)
    return _pdf_response(pdf, f"{club.slug}-{ascii_slug(sitting.table.name)}-{sitting.date.isoformat()}.pdf")
