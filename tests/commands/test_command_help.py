"""The project's commands: `manage.py help COMMAND` works for each, in Danish and English (a lazy
`help` must reach argparse as text), every argument has help, and the documentation and the
commands agree (the commands and make targets are read from README.md and docs/*.md, not listed
here).

The list of commands comes from the project's own apps, so a new command is checked without
anyone adding it here.
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
DOCS = sorted((Path(settings.BASE_DIR) / "docs").glob("*.md"))
MAKEFILE = Path(settings.BASE_DIR) / "Makefile"


def project_commands() -> list[tuple[str, str]]:
    """(app, command) for every command of an app in this checkout (not an installed library's)."""

    def ours(path: Path) -> bool:
        return path.is_relative_to(settings.BASE_DIR) and not path.is_relative_to(sys.prefix)

    project = {config.name for config in apps.get_app_configs() if ours(Path(config.path))}
    return sorted((app, name) for name, app in get_commands().items() if app in project)


COMMANDS = project_commands()


def documentation() -> str:
    """The README and every page of docs/, where a reader learns the commands."""
    return "\n".join(path.read_text(encoding="utf-8") for path in [README, *DOCS])


def commands_named(text: str) -> set[str]:
    """Every `manage.py COMMAND` in a text."""
    return set(re.findall(r"manage\.py ([a-z_]+)", text))


def test_every_command_the_documentation_names_exists():
    named = commands_named(documentation())
    assert commands_named(README.read_text(encoding="utf-8")), "README.md names no manage.py command"
    assert sorted(named - set(get_commands()) - {"help"}) == []  # help is manage.py's own, not a command


def test_every_command_of_the_project_is_documented_or_run_by_make():
    """An official learns the commands from the README and docs/; the one they do not name,
    `make demo`'s load_demo, runs through the Makefile's target."""
    named = commands_named(documentation()) | commands_named(MAKEFILE.read_text(encoding="utf-8"))
    assert [name for _app, name in COMMANDS if name not in named] == []


def make_targets_named(text: str) -> set[str]:
    """Every `make TARGET` in a text, at a line's start or in backquotes."""
    return set(re.findall(r"(?:^|`)make ([a-z][a-z-]*)", text, flags=re.MULTILINE))


def test_every_make_target_the_documentation_names_is_in_the_makefile():
    named = make_targets_named(documentation())
    targets = set(re.findall(r"^([a-z][a-z-]*):", MAKEFILE.read_text(encoding="utf-8"), flags=re.MULTILINE))
    assert make_targets_named(README.read_text(encoding="utf-8")) >= {"demo", "test", "serve"}
    assert sorted(named - targets) == []


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
