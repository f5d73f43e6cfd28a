from django.urls import path, register_converter

from club import inputs  # noqa: F401 (registers <id:...>)
from club.months import Month

from . import sheets, views


class MonthConverter:
    """ "2026-11" in a URL <-> `Month(2026, 11)`; a month 13 or a year 0000 simply does not match (404)."""

    regex = r"\d{4}-\d{2}"

    def to_python(self, value: str) -> Month:
        return Month.parse(value)

    def to_url(self, value: Month) -> str:
        return str(value)


class WordConverter:
    """One of a few words in a URL, as it is; any other does not match (404)."""

    words: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.regex = "|".join(self.words)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class ExportConverter(WordConverter):
    words = tuple(views.EXPORTS)


class SheetConverter(WordConverter):
    words = sheets.FORMATS


register_converter(MonthConverter, "month")
register_converter(ExportConverter, "export")
register_converter(SheetConverter, "sheet")


def sheet_paths(route: str, view, name: str) -> list:
    """The route as each kind of sheet ("….csv", "….xlsx"), named "<name>-csv" and "<name>-xlsx"."""
    return [path(f"{route}.{kind}", view, {"kind": kind}, name=f"{name}-{kind}") for kind in sheets.FORMATS]


urlpatterns = [
    path(
        "c/<slug:slug>/members/<id:member_id>/statements/<month:month>/",
        views.member_statement,
        name="member-statement",
    ),
    path(
        "c/<slug:slug>/members/<id:member_id>/statements/<month:month>.pdf",
        views.member_statement_pdf,
        name="member-statement-pdf",
    ),
    path(
        "c/<slug:slug>/members/<id:member_id>/statements/<month:month>/send/",
        views.member_statement_send,
        name="member-statement-send",
    ),
    *sheet_paths("c/<slug:slug>/members/<id:member_id>/postings", views.member_postings, "member-postings"),
    path("c/<slug:slug>/members/<id:member_id>/data.json", views.member_data_json, name="member-data-json"),
    path("c/<slug:slug>/members/<id:member_id>/data.zip", views.member_data_csv, name="member-data-csv"),
    *sheet_paths("c/<slug:slug>/seasons/<id:season_id>/standings", views.season_standings, "season-standings"),
    path("c/<slug:slug>/office/exports/", views.office_exports, name="office_exports"),
    path("c/<slug:slug>/office/exports/<export:what>.<sheet:kind>", views.office_export, name="office_export"),
    path("c/<slug:slug>/deals/<id:deal_id>/audit/", views.deal_audit, name="deal-audit"),
    path("c/<slug:slug>/deals/<id:deal_id>/disputes/", views.raise_dispute, name="deal-dispute-raise"),
    path("c/<slug:slug>/disputes/<id:dispute_id>/resolve/", views.resolve_dispute, name="dispute-resolve"),
]
