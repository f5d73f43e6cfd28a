"""`manage.py help COMMAND` works for every command the project defines, in Danish and English.

It used to crash with "TypeError: expected string or bytes-like object, got '__proxy__'" (a lazy
`help` handed to argparse). The list of commands comes from the project's own apps, so a new
command is checked without anyone adding it here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import get_commands, load_command_class
from django.core.management.base import BaseCommand
from django.utils import translation

MANAGE = Path(settings.BASE_DIR) / "manage.py"
README = Path(settings.BASE_DIR) / "README.md"


def project_commands() -> list[tuple[str, str]]:
    """(app, command) for every command of an app in this checkout (not an installed library's)."""

    def ours(path: Path) -> bool:
        return path.is_relative_to(settings.BASE_DIR) and not path.is_relative_to(sys.prefix)

    project = {config.name for config in apps.get_app_configs() if ours(Path(config.path))}
    return sorted((app, name) for name, app in get_commands().items() if app in project)


COMMANDS = project_commands()


def readme_commands() -> set[str]:
    """Every `manage.py COMMAND` the README tells a reader to run."""
    return set(re.findall(r"manage\.py ([a-z_]+)", README.read_text()))


def test_every_command_the_readme_names_exists():
    named = readme_commands()
    assert {"ledger_check", "import_sitting", "export_sitting", "statements"} <= named  # the project's own
    assert sorted(named - set(get_commands()) - {"help"}) == []  # help is manage.py's own, not a command
    # The project's own, `make demo`'s load_demo among them.
    project = {name for _app, name in COMMANDS}
    assert {"load_demo", "ledger_check", "import_sitting", "export_sitting", "statements"} <= project


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("language", ["da", "en"])
@pytest.mark.parametrize(("app", "name"), COMMANDS, ids=[name for _app, name in COMMANDS])
def test_help_exits_0_and_shows_the_description_in_the_language(app, name, language):
    result = subprocess.run(
        [sys.executable, MANAGE, "help", name],
        env={**os.environ, "LANGUAGE_CODE": language},
        capture_output=True,
        text=True,
    )

    assert result.returncode == 0, result.stderr
    marked = load_command_class(app, name).help  # marked with gettext_noop, translated when shown
    with translation.override(language):
        description = translation.gettext(marked)
    assert description
    assert words(description) in words(result.stdout)
    if language == "da":
        assert description != marked, f"{name}'s help has no Danish translation"


@pytest.mark.parametrize(("app", "name"), COMMANDS, ids=[name for _app, name in COMMANDS])
def test_every_argument_has_help(app, name):
    own = {action.dest for action in BaseCommand().create_parser("manage.py", "x")._actions}
    parser = load_command_class(app, name).create_parser("manage.py", name)
    assert [action.dest for action in parser._actions if action.dest not in own and not action.help] == []
