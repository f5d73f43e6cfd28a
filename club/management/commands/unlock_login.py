"""Lift a login lock (django-axes): forget a username's failed logins, from every address."""

from __future__ import annotations

from axes.utils import reset
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from club.inputs import login_username
from club.management.base import TranslatedCommand


class Command(TranslatedCommand):
    help = gettext_noop("Lift the login lock of a username: forget its failed logins, from every address.")

    def add_arguments(self, parser):
        parser.add_argument("username", metavar="USERNAME", help=_("The username as it is typed at the login."))

    def handle(self, *args, username, **options):
        name = login_username(username)  # as the failures were counted
        removed = reset(username=name)
        self.stdout.write(
            ngettext(
                "%(count)d failed login of %(username)s forgotten; it may log in again.",
                "%(count)d failed logins of %(username)s forgotten; it may log in again.",
                removed,
            )
            % {"count": removed, "username": name}
        )
