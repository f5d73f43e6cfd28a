"""Loading the settings for manage.py and the WSGI server: a setting the environment gets wrong
(`DEBUG=flase`, a SECRET_KEY missing with DEBUG off) is one line naming the variable and what it
accepts, and exit status 2, instead of a traceback."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

CHECKOUT = Path(__file__).resolve().parent.parent


def load_settings(program: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
    from django.conf import settings

    try:
        settings.INSTALLED_APPS  # noqa: B018 -- reading one setting loads club/settings.py
    except ImproperlyConfigured as error:
        print(f"{program}: {error}", file=sys.stderr)
        sys.exit(2)
    if (warning := database_not_loaded(CHECKOUT, os.environ, str(settings.DATABASES["default"]["NAME"]))) is not None:
        print(f"{program}: {warning}", file=sys.stderr)


def database_not_loaded(checkout: Path, environ: Mapping[str, str], database: str) -> str | None:
    """A production checkout (a production.env beside manage.py) whose command runs without
    DATABASE_URL would read and write the demo's SQLite file: say so, and which file."""
    if environ.get("DATABASE_URL") or not (checkout / "production.env").exists():
        return None
    return (
        f"DATABASE_URL is not set, so this uses the SQLite file {database}, not the database "
        "production.env names; load it first: set -a && . ./production.env && set +a"
    )
