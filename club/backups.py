"""Backups (django-dbbackup) named after the database they hold, not its settings alias.

dbbackup fills its filename template with the alias ("default"), so every backup was called
default-<host>-<time>; the database's own name (tarokbog, or the SQLite file's stem) says which
database a file restores. `manage.py dbbackup --clean` picks the files to prune by the same name
(club/management/commands/dbbackup.py).
"""

from __future__ import annotations

from pathlib import Path

from django.db import connections


def database_name(alias: str) -> str:
    """'tarokbog' for PostgreSQL's database tarokbog or SQLite's /srv/tarokbog/tarokbog.sqlite3."""
    return Path(str(connections[alias].settings_dict["NAME"])).stem


def backup_filename(databasename: str, servername: str, datetime: str, extension: str, content_type: str) -> str:
    """DBBACKUP_FILENAME_TEMPLATE: tarokbog-<host>-2026-11-01-033000.psql."""
    return f"{database_name(databasename)}-{servername}-{datetime}.{extension}"
