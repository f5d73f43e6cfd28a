"""The arguments the club's bookkeeping commands share: the club by its short name, and the day."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _

from club.audit import Actor, Through
from club.models import Club


def add_club(parser: CommandParser) -> None:
    """The club's short name, first on the line; `club_named` finds it."""
    parser.add_argument("slug", metavar="SLUG", help=_("The club's short name."))


def add_date(parser: CommandParser, help: str) -> None:
    """`--date YYYY-MM-DD`, the day it is booked on; `help` says what is booked and its default."""
    parser.add_argument("--date", type=datetime.date.fromisoformat, metavar="YYYY-MM-DD", help=help)


def club_named(slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise CommandError(_("No club has the short name %(name)s.") % {"name": slug})
    return club


def add_by(parser: CommandParser) -> None:
    """`--by LOGIN`: who runs the command, as the club's log names him."""
    parser.add_argument(
        "--by",
        metavar="LOGIN",
        help=_("Who runs it, for the club's log: a login (default: your user name on this machine)."),
    )


def operator(by: str | None) -> Actor:
    """The command's operator as the services take him (`by=`): the login `--by` names, read in the
    club's log as its member's name; else the name given, or the machine's user name."""
    user = get_user_model().objects.filter(username=by).first() if by else None
    return Actor.command(by or "") if user is None else Actor(user=user, through=Through.COMMAND, operator=by or "")
