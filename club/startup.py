"""Loading the settings for manage.py and the WSGI server: a setting the environment gets wrong
(`DEBUG=flase`, a SECRET_KEY missing with DEBUG off) is one line naming the variable and what it
accepts, and exit status 2, instead of a traceback."""

from __future__ import annotations

import os
import sys

from django.core.exceptions import ImproperlyConfigured


def load_settings(program: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
    from django.conf import settings

    try:
        settings.INSTALLED_APPS  # noqa: B018 -- reading one setting loads club/settings.py
    except ImproperlyConfigured as error:
        print(f"{program}: {error}", file=sys.stderr)
        sys.exit(2)
