"""Record a whole sitting from a sitting-format JSON file (docs/rules.md, "The sitting record")."""

from __future__ import annotations

import datetime
import json
import sys

from django.core.management.base import CommandError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import rules
from club.management import arguments
from club.management.base import TranslatedCommand
from club.models import Club, Table
from club.scoping import in_club_option_scope
from club.services.import_export import import_sitting
from club.services.sittings import SittingError


class Command(TranslatedCommand):
    help = gettext_noop(
        "Validate a sitting record as a whole, then record its seats, deals and close in one transaction."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help=_("The sitting record (JSON); - reads standard input."))
        parser.add_argument("--club", required=True, metavar="SLUG", help=_("The club's short name."))
        parser.add_argument(
            "--season", required=True, metavar="NAME", help=_("The club's season the sitting belongs to.")
        )
        parser.add_argument("--table", required=True, metavar="NAME", help=_("The club's table it was played at."))
        parser.add_argument(
            "--date",
            type=datetime.date.fromisoformat,
            metavar="YYYY-MM-DD",
            help=_("The sitting's date (default: the file's \"date\", else today)."),
        )
        parser.add_argument("--create-members", action="store_true", help=_("Add members the club does not know yet."))
        arguments.add_by(parser)

    @in_club_option_scope
    def handle(self, *args, file, club, season, table, date, create_members, by=None, **options):
        data = _read(file)
        club_obj = _get(Club.objects.filter(slug=club), _("No club has the short name %(name)s."), club)
        season_obj = _get(club_obj.seasons.filter(name=season), _("%(club)s has no season %(name)s."), season, club_obj)
        table_obj = _get(
            Table.objects.filter(club=club_obj, name=table), _("%(club)s has no table %(name)s."), table, club_obj
        )
        if date is None:
            date = _date_in(data)
        try:
            sitting = import_sitting(
                season=season_obj,
                table=table_obj,
                data=data,
                date=date,
                create_members=create_members,
                by=arguments.operator(by),
            )
        except rules.InvalidRecord as invalid:
            self.stderr.write(json.dumps(invalid.as_dict(), ensure_ascii=False, indent=2))
            raise CommandError(_("The sitting record is invalid; nothing was recorded.")) from None
        except SittingError as refused:
            raise CommandError(_("%(reason)s Nothing was recorded.") % {"reason": refused}) from None
        self.stdout.write(
            self.style.SUCCESS(
                _("Recorded sitting %(id)s: %(table)s %(date)s, %(deals)s deals%(closed)s.")
                % {
                    "id": sitting.pk,
                    "table": table_obj,
                    "date": date.isoformat(),
                    "deals": sitting.deals.count(),
                    "closed": _(", closed (%(how)s)") % {"how": sitting.closed_how} if sitting.closed_how else "",
                }
            )
        )


def _read(path: str):
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise CommandError(_("Cannot read %(path)s: %(error)s") % {"path": path, "error": error.strerror}) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise CommandError(_("%(path)s is not JSON: %(error)s") % {"path": path, "error": error}) from None
    except RecursionError:
        raise CommandError(_("%(path)s is not JSON: nested too deep.") % {"path": path}) from None


def _get(queryset, message: str, name: str, club=None):
    found = queryset.first()
    if found is None:
        raise CommandError(message % {"name": name, "club": club})
    return found


def _date_in(data) -> datetime.date:
    written = data.get("date") if isinstance(data, dict) else None
    if written is None:
        return timezone.localdate()
    try:
        return datetime.date.fromisoformat(written)
    except (TypeError, ValueError):
        raise CommandError(_("The file's date %(date)r is not YYYY-MM-DD.") % {"date": written}) from None
