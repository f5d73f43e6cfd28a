"""Carry over what a table's cups or pot held in points on paper, before its first sitting."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from club import families
from club.management import arguments
from club.management.base import TranslatedCommand
from club.scoping import scope
from club.services import opening
from club.services.office import OfficeError


def holding(text: str) -> tuple[str, int]:
    """ "cup:pagat=45" -> ("cup:pagat", 45)."""
    name, equals, points = text.partition("=")
    if not equals or not points.strip().isdigit():
        raise ValueError(text)
    return name.strip(), int(points)


class Command(TranslatedCommand):
    help = gettext_noop(
        "Carry over what a table's cups or pot held in points on paper, before its first sitting: "
        "ACCOUNT=POINTS for each of the accounts its season's game keeps (cup:pagat, cup:king, pot)."
    )

    def add_arguments(self, parser):
        arguments.add_club(parser)
        parser.add_argument("table", metavar="TABLE", help=_("The table's name."))
        parser.add_argument("season", metavar="SEASON", help=_("The name of the season the table is to play."))
        parser.add_argument(
            "holdings",
            metavar="ACCOUNT=POINTS",
            nargs="+",
            type=holding,
            help=_("What an account held in points: cup:pagat=45, cup:king=30, pot=60."),
        )
        arguments.add_date(parser, help=_("The day the holdings are carried over (default: today)."))
        arguments.add_by(parser)

    def handle(self, *args, slug, table, season, holdings, date, by=None, **options):
        club = arguments.club_named(slug)
        with scope(club=club):
            found_table = club.tables.filter(name=table).first()
            found_season = club.seasons.filter(name=season).first()
            if found_table is None:
                raise CommandError(_("%(club)s has no table %(name)s.") % {"club": slug, "name": table})
            if found_season is None:
                raise CommandError(_("%(club)s has no season %(name)s.") % {"club": slug, "name": season})
            try:
                carried = opening.carry_over_table(
                    found_table, found_season, dict(holdings), on=date, by=arguments.operator(by)
                )
            except OfficeError as error:
                raise CommandError(str(error)) from None
        for row in carried:
            self.stdout.write(f"{families.table_account_name(row.account)}\t{row.points}")
        self.stdout.write(self.style.SUCCESS(_("%(table)s holds its cups or pot from paper.") % {"table": table}))
