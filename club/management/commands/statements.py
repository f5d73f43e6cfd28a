"""manage.py statements --month 2026-11|previous [--club SLUG] [--language da] (--out DIR | --email [--again --by LOGIN])

One PDF per member with activity in the month or a balance at its end, named like
vestbyen-2026-11-anna-jensen.pdf: written to DIR, or queued in the outbox as a mail to each member with
an email address (the members without one are named at the end); the mail worker,
`manage.py send_queued_mail`, sends them. `--month previous` is the month before today's
(in the site's time zone), for a timer that runs on the first of each month. A month is mailed once
and only once it is over (club.services.mailings): a second `--email` of it is refused with the
day it went out, unless `--again --by LOGIN` (the log names who asked). On a terminal a progress bar redraws in place;
piped into a file or a log, it prints one plain line per statement instead.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from weasyprint.text.fonts import FontConfiguration

from club.audit import Actor
from club.management import arguments
from club.management.base import TranslatedCommand
from club.models import Club
from club.months import Month
from club.reports.mailing import send_statements
from club.reports.pdf import statement_filename, statement_pdf
from club.reports.statements import build_statement, members_with_statements
from club.scoping import in_club_option_scope
from club.services import mailings

BAR_WIDTH = 30
PREVIOUS = "previous"


def this_month() -> Month:
    today = timezone.localdate()
    return Month(today.year, today.month)


class Command(TranslatedCommand):
    help = gettext_noop("Write every member's monthly statement as a PDF, or queue it in the outbox as a mail to him.")

    def add_arguments(self, parser):
        parser.add_argument(
            "--month", required=True, help=_("the month, as YYYY-MM, or previous: the month before this one")
        )
        parser.add_argument("--club", help=_("one club's short name (default: every club)"))
        parser.add_argument("--out", type=Path, help=_("directory for the PDFs (created if missing)"))
        parser.add_argument(
            "--email",
            action="store_true",
            help=_(
                "queue each member with an email address his PDF in the outbox "
                "(manage.py send_queued_mail sends them), and name the rest"
            ),
        )
        parser.add_argument(
            "--again",
            action="store_true",
            help=_("with --email: mail a month whose statements went out already, again (needs --by)"),
        )
        parser.add_argument("--by", metavar="LOGIN", help=_("with --again: the login of the official who asks"))
        parser.add_argument(
            "--language",
            default=settings.LANGUAGE_CODE,
            choices=[code for code, _name in settings.LANGUAGES],
            help=_(
                "the language of the PDFs written to --out and of what this command prints (mail speaks each member's own)"
            ),
        )

    @in_club_option_scope
    def handle(
        self,
        *args,
        month: str,
        club: str | None,
        out: Path | None,
        email: bool,
        language: str,
        again: bool = False,
        by: str | None = None,
        **options,
    ):
        if not email and out is None:
            raise CommandError(_("Say where the statements go: --out DIR, --email, or both."))
        try:
            parsed = this_month().previous() if month.strip() == PREVIOUS else Month.parse(month)
        except ValueError as error:
            raise CommandError(str(error)) from None
        clubs = Club.objects.all()
        if club:
            clubs = clubs.filter(slug=club)
            if not clubs.exists():
                raise CommandError(f"No club has the short name {club!r}.")
        if email:
            asker = self._asker(again, by)
            with translation.override(language):
                for one in clubs:  # all of them may be mailed, or none is
                    try:
                        mailings.check(one, parsed, again=again)
                    except mailings.MailingRefused as refused:
                        hint = _(" --again --by LOGIN sends them again.") if refused.mailed else ""
                        raise CommandError(f"{one.name}: {refused}{hint}") from None
            self._mail(clubs, parsed, language, again=again, by=asker)
        if out is not None:
            self._write(clubs, parsed, out, language)

    def _asker(self, again: bool, by: str | None) -> Actor:
        """Who mails, as the log names him: the official who asks to send a month again, else the
        login `--by` names or whoever runs the command."""
        if not again:
            return arguments.operator(by)
        if not by:
            raise CommandError(_("Say who asks to send them again: --by LOGIN."))
        user = get_user_model().objects.filter(username=by).first()
        if user is None:
            raise CommandError(_("No login is called %(name)s.") % {"name": by})
        return arguments.operator(by)

    def _mail(self, clubs, month: Month, language: str, *, again: bool, by) -> None:
        for club in clubs:
            mailing = send_statements(
                club, month, progress=lambda m: self.stdout.write(f"{m.email}"), again=again, by=by
            )
            with translation.override(language):
                self.stdout.write(
                    ngettext(
                        "%(club)s: %(count)d statement for %(month)s queued in the outbox; "
                        "the mail worker (manage.py send_queued_mail) sends it.",
                        "%(club)s: %(count)d statements for %(month)s queued in the outbox; "
                        "the mail worker (manage.py send_queued_mail) sends them.",
                        len(mailing.sent),
                    )
                    % {"club": club.name, "count": len(mailing.sent), "month": month}
                )
                if mailing.without_address:
                    names = ", ".join(m.name for m in mailing.without_address)
                    self.stdout.write(_("No email address, not mailed: %(names)s") % {"names": names})

    def _write(self, clubs, parsed: Month, out: Path, language: str) -> None:
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
        with translation.override(language):
            summary = ngettext(
                "%(count)d statement for %(month)s in %(folder)s.",
                "%(count)d statements for %(month)s in %(folder)s.",
                len(members),
            )
        self.stdout.write(self.style.SUCCESS(summary % {"count": len(members), "month": parsed, "folder": out}))

    def _draw_bar(self, done: int, total: int, name: str) -> None:
        filled = BAR_WIDTH * done // total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.stdout.write(f"\r[{bar}] {done}/{total} {name[:40]:<40}", ending="")
        self.stdout.flush()
