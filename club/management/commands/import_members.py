"""Add a club's members from a spreadsheet (CSV), each with the saldo the paper books kept for him."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from club.management import arguments
from club.management.base import TranslatedCommand
from club.scoping import scope
from club.services import opening
from club.services.money import format_ore


class Command(TranslatedCommand):
    help = gettext_noop(
        "Add members from a CSV or XLSX file with the header name,email,role,saldo (or navn,email,rolle,saldo), "
        "each with his opening saldo in kroner (a member the club has already gets his address and saldo): "
        "all rows or none."
    )

    def add_arguments(self, parser):
        arguments.add_club(parser)
        parser.add_argument("file", metavar="FILE", help=_("The members' spreadsheet, as XLSX or saved as CSV."))
        parser.add_argument("--dry-run", action="store_true", help=_("Show what would be imported; import nothing."))
        arguments.add_date(parser, help=_("The day the saldi are carried over (default: today)."))
        arguments.add_by(parser)

    def handle(self, *args, slug, file, dry_run, date, by=None, **options):
        club = arguments.club_named(slug)
        try:
            data = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(
                _("Cannot read %(file)s: %(reason)s") % {"file": file, "reason": error.strerror}
            ) from None
        with scope(club=club):
            carried = opening.import_members(club, data, on=date, dry_run=dry_run, by=arguments.operator(by))
        for problem in carried.problems:
            self.stderr.write(_("line %(line)d: %(message)s") % {"line": problem.line, "message": problem.message})
        if carried.problems:
            raise CommandError(_("The spreadsheet has errors; nothing was imported."))
        for note in carried.notes:
            self.stdout.write(note)
        known = "\t" + _("a member already")
        for row in carried.rows:
            updates = known if row.line in carried.updated else ""
            self.stdout.write(f"{row.line}\t{row.name}\t{row.role}\t{format_ore(row.saldo_ore)}{updates}")
        values = {"count": len(carried.rows), "total": format_ore(carried.total_ore)}
        if dry_run:
            self.stdout.write(
                _("Would import %(count)d members, saldi %(total)s in all; nothing was imported.") % values
            )
        else:
            self.stdout.write(self.style.SUCCESS(_("Imported %(count)d members, saldi %(total)s in all.") % values))
