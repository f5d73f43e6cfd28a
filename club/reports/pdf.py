"""Statements as A4 PDFs, rendered by WeasyPrint from the same template body as the web page.

The fonts are Debian's DejaVu (fonts-dejavu-core), found through fontconfig: they carry æ, ø
and å, and they are the same on every machine the PDFs are made on.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.text import slugify
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration

from club.models import Member
from club.months import Month
from club.services.season_summary import SeasonSummary

from .statements import Statement, build_statement


def render_statement_pdf(member: Member, year: int, month: int, language: str) -> bytes:
    """Member's statement for the month as PDF bytes, worded in `language` ("da", "en", "hu" or "sl")."""
    return statement_pdf(build_statement(member, Month(year, month)), language)


def statement_pdf(statement: Statement, language: str, font_config: FontConfiguration | None = None) -> bytes:
    """Render an already built statement; pass one `font_config` to reuse it across many."""
    with translation.override(language):
        html = render_to_string(
            "reports/statement_print.html", {"statement": statement, "generated": timezone.localdate()}
        )
    return HTML(string=html).write_pdf(font_config=font_config)


def statement_filename(statement: Statement) -> str:
    """ "vestbyen-2026-11-anna-jensen.pdf": club, month and member, in ASCII."""
    return f"{statement.club.slug}-{statement.month}-{ascii_slug(statement.member.name)}.pdf"


NORDIC_LETTERS = str.maketrans({"æ": "ae", "ø": "oe", "å": "aa", "Æ": "Ae", "Ø": "Oe", "Å": "Aa"})


def ascii_slug(name: str) -> str:
    # Django's slugify drops ø outright ("Søren" -> "sren"); spell it the Danish way first.
    return slugify(name.translate(NORDIC_LETTERS)) or "member"


def season_summary_pdf(summary: SeasonSummary, language: str) -> bytes:
    """A season's summary for the club's books (club.services.season_summary) as A4, in `language`."""
    with translation.override(language):
        html = render_to_string(
            "reports/season_summary_print.html", {"summary": summary, "generated": timezone.localdate()}
        )
    return HTML(string=html).write_pdf()


def season_summary_filename(summary: SeasonSummary) -> str:
    """ "vestbyen-season-foraar-2026.pdf" (å spelt aa): club and season, in ASCII."""
    return f"{summary.season.club.slug}-season-{ascii_slug(summary.season.name)}.pdf"
