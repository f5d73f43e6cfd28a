"""manage.py remind_debtors SLUG --over KR [--by LOGIN]

A payment reminder to every active member with an address who owes the club more than KR kroner,
queued in the outbox in his language, at most one a calendar month each
(club.services.reminders); the mail worker, `manage.py send_queued_mail`, sends them.
"""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from club.inputs import AmountRefused, ore_from_kroner
from club.management import arguments
from club.management.base import TranslatedCommand
from club.scoping import scope
from club.services import reminders
from club.services.office import OfficeError


class Command(TranslatedCommand):
    help = gettext_noop(
        "Queue a payment reminder to every active member with an address who owes the club more than an "
        "amount, at most one a month each."
    )

    def add_arguments(self, parser):
        arguments.add_club(parser)
        parser.add_argument(
            "--over", required=True, metavar="KR", help=_("Remind whoever owes more than this, in kroner (e.g. 100).")
        )
        arguments.add_by(parser)

    def handle(self, *args, slug, over, by=None, **options):
        club = arguments.club_named(slug)
        try:
            over_ore = ore_from_kroner(over)
        except AmountRefused as refused:
            raise CommandError(str(refused)) from None
        with scope(club=club):
            try:
                done = reminders.remind_debtors(club, over_ore, by=arguments.operator(by))
            except OfficeError as error:
                raise CommandError(str(error)) from None
        for member, _saldo in done.sent:
            self.stdout.write(member.email)
        self.stdout.write(self.style.SUCCESS(f"{club.name}: {done.said()}"))
