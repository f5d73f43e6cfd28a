"""Close a season: what each table's cups or pot hold of it is split or carried into the next
season (club.services.season_close); `--dry-run` shows it and writes nothing."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from club.management import arguments
from club.management.base import TranslatedCommand
from club.models import SeasonEnd
from club.scoping import scope
from club.services import season_close
from club.services.office import OfficeError


class Command(TranslatedCommand):
    help = gettext_noop(
        "Close a season: what each table's cups or pot hold of it is split among the members who played there "
        "or carried into the next season at the money it holds, as the season says; no sitting of it starts again."
    )

    def add_arguments(self, parser):
        arguments.add_club(parser)
        parser.add_argument("season", metavar="SEASON", help=_("The season's name."))
        parser.add_argument(
            "--how", choices=SeasonEnd.values, help=_("split or carry (default: what the season says).")
        )
        parser.add_argument("--into", metavar="SEASON", help=_("The season to carry into (default: the next one)."))
        parser.add_argument("--dry-run", action="store_true", help=_("Show what the close would do; write nothing."))
        arguments.add_by(parser)

    def handle(self, *args, slug, season, how, into, dry_run, by=None, **options):
        club = arguments.club_named(slug)
        with scope(club=club):
            found = club.seasons.filter(name=season).first()
            target = club.seasons.filter(name=into).first() if into else None
            if found is None:
                raise CommandError(_("%(club)s has no season %(name)s.") % {"club": slug, "name": season})
            if into and target is None:
                raise CommandError(_("%(club)s has no season %(name)s.") % {"club": slug, "name": into})
            try:
                if dry_run:
                    plan = season_close.preview(found, how=how, into=target)
                else:
                    plan = season_close.close_season(found, how=how, into=target, by=arguments.operator(by))
            except OfficeError as error:
                raise CommandError(str(error)) from None
            for line in plan.describe() or [_("No table holds points of %(season)s.") % {"season": found}]:
                self.stdout.write(line)
        if dry_run:
            self.stdout.write(_("Dry run: nothing was written."))
        else:
            self.stdout.write(self.style.SUCCESS(_("%(season)s is closed.") % {"season": found}))
