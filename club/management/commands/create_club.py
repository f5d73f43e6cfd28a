"""manage.py create_club "Vestbyens Tarokklub" --admin anna@example.org [--name Anna] [--slug vestbyen]

The first run of a new club: the club, its first official (the club admin role) with a login, and a
one-time link to set his password, printed (it expires: PASSWORD_RESET_TIMEOUT).
"""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import CommandError
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from club.management import arguments
from club.management.base import TranslatedCommand
from club.scoping import scopes_disabled
from club.services import members
from club.services.office import OfficeError


class Command(TranslatedCommand):
    help = gettext_noop("Create a club and its first official, and print a one-time link to set his password.")

    def add_arguments(self, parser):
        parser.add_argument("club", help=_('the club\'s name, e.g. "Vestbyens Tarokklub"'))
        parser.add_argument("--admin", required=True, help=_("the first official's email address (his login)"))
        parser.add_argument("--name", help=_("the first official's name in the club (default: from the address)"))
        parser.add_argument(
            "--slug", help=_("the club's short name in its addresses, /c/SLUG/ (default: from its name)")
        )
        parser.add_argument(
            "--language",
            default=settings.LANGUAGE_CODE,
            choices=[code for code, _name in settings.LANGUAGES],
            help=_("the language of what this command prints"),
        )
        parser.add_argument(
            "--url",
            default="http://127.0.0.1:8000",
            help=_("the site's address, put before the link (default: http://127.0.0.1:8000)"),
        )
        arguments.add_by(parser)

    # The club does not exist before it: no scope names it yet.
    @scopes_disabled()
    def handle(
        self,
        *args,
        club: str,
        admin: str,
        name: str | None,
        slug: str | None,
        language: str,
        url: str,
        by: str | None = None,
        **options,
    ):
        with translation.override(language):
            try:
                member = members.create_club(
                    name=club, admin_email=admin, admin_name=name, slug=slug, by=arguments.operator(by)
                )
            except OfficeError as error:
                raise CommandError(str(error)) from None
            assert member.user is not None
            link = url.rstrip("/") + members.set_password_path(member.user)
            self.stdout.write(
                _("Created %(club)s (/c/%(slug)s/) with %(name)s as its club admin, login %(login)s.")
                % {
                    "club": member.club.name,
                    "slug": member.club.slug,
                    "name": member.name,
                    "login": member.user.username,
                }
            )
            self.stdout.write(
                _("Set the password here (the link works once, for %(days)d days):") % {"days": members.link_days()}
            )
            self.stdout.write(link)
