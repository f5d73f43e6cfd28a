from django.urls import path, register_converter

from club import inputs  # noqa: F401 (registers <id:...>)
from club.months import Month

from . import views


class MonthConverter:
    """ "2026-11" in a URL <-> `Month(2026, 11)`; a month 13 or a year 0000 simply does not match (404)."""

    regex = r"\d{4}-\d{2}"

    def to_python(self, value: str) -> Month:
        return Month.parse(value)

    def to_url(self, value: Month) -> str:
        return str(value)


register_converter(MonthConverter, "month")

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
    path("c/<slug:slug>/members/<id:member_id>/postings.csv", views.member_postings_csv, name="member-postings-csv"),
    path("c/<slug:slug>/members/<id:member_id>/data.json", views.member_data_json, name="member-data-json"),
    path("c/<slug:slug>/members/<id:member_id>/data.zip", views.member_data_csv, name="member-data-csv"),
    path("c/<slug:slug>/seasons/<id:season_id>/standings.csv", views.season_standings_csv, name="season-standings-csv"),
    path("c/<slug:slug>/deals/<id:deal_id>/audit/", views.deal_audit, name="deal-audit"),
    path("c/<slug:slug>/deals/<id:deal_id>/disputes/", views.raise_dispute, name="deal-dispute-raise"),
    path("c/<slug:slug>/disputes/<id:dispute_id>/resolve/", views.resolve_dispute, name="dispute-resolve"),
]
