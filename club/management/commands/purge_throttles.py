"""Delete the throttle's rows whose window has passed (club.services.throttle.purge_expired)."""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext

from club.management.base import TranslatedCommand
from club.services import throttle


class Command(TranslatedCommand):
    help = gettext_noop("Delete the password reset throttle's counts whose hour has passed.")

    def handle(self, *args, **options):
        purged = throttle.purge_expired()
        self.stdout.write(
            ngettext("%(count)d expired throttle count deleted.", "%(count)d expired throttle counts deleted.", purged)
            % {"count": purged}
        )
