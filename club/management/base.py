"""The base of the project's management commands."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext


class TranslatedCommand(BaseCommand):
    """A command whose `help` is marked with gettext_noop (a plain str, found by makemessages).

    argparse wants a str, not Django's lazy proxy (`manage.py help X` used to crash with
    "expected string or bytes-like object, got '__proxy__'"), so `help` is translated here, when
    the parser is built, in the language active then (LANGUAGE_CODE). Arguments' help strings
    use plain gettext in add_arguments, which also runs while the parser is built.
    """

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        self.help = gettext(self.help)
        return super().create_parser(prog_name, subcommand, **kwargs)
