"""manage.py statements --month 2026-11 [--club SLUG] [--language da] --out DIR

One PDF per member with activity in the month or a balance at its end, named like
vestbyen-2026-11-anna-jensen.pdf. On a terminal a progress bar redraws in place; piped into a
file or a log, it prints one plain line per statement instead.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from weasyprint.text.fonts import FontConfiguration

from club.management.base import TranslatedCommand
from club.models import Club
from club.reports.pdf import statement_filename, statement_pdf
from club.reports.statements import Month, build_statement, members_with_statements

BAR_WIDTH = 30


class Command(TranslatedCommand):
    help = gettext_noop("Write every member's monthly statement as a PDF.")

    def add_arguments(self, parser):
        parser.add_argument("--month", required=True, help=_("the month, as YYYY-MM"))
        parser.add_argument("--club", help=_("one club's short name (default: every club)"))
        parser.add_argument("--out", required=True, type=Path, help=_("directory for the PDFs (created if missing)"))
        parser.add_argument(
            "--language",
            default=settings.LANGUAGE_CODE,
            choices=[code for code, _name in settings.LANGUAGES],
            help=_("the statements' language"),
        )

    def handle(self, *args, month: str, club: str | None, out: Path, language: str, **options):
        try:
            parsed = Month.parse(month)
        except ValueError as error:
            raise CommandError(str(error)) from None
        clubs = Club.objects.all()
        if club:
            clubs = clubs.filter(slug=club)
            if not clubs.exists():
                raise CommandError(f"No club has the short name {club!r}.")
        out.mkdir(parents=True, exist_ok=True)

        members = [member for c in clubs for member in members_with_statements(c, parsed)]
        font_config = FontConfiguration()
        tty = self.stdout.isatty()
        for done, member in enumerate(members, start=1):
            statement = build_statement(member, parsed)
            path = out / statement_filename(statement)
            path.write_bytes(statement_pdf(statement, language, font_config))
            if tty:
                self._draw_bar(done, len(members), path.name)
            else:
                self.stdout.write(f"{done}/{len(members)} {path}")
        if tty and members:
            self.stdout.write("")
        self.stdout.write(f"{len(members)} statements for {parsed} in {out}")

    def _draw_bar(self, done: int, total: int, name: str) -> None:
        filled = BAR_WIDTH * done // total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.stdout.write(f"\r[{bar}] {done}/{total} {name[:40]:<40}", ending="")
        self.stdout.flush()
