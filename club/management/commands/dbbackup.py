"""manage.py dbbackup: django-dbbackup's command, pruning (--clean) the files named after the database.

The files are named after the database (club.backups); dbbackup's own --clean looks for the
settings alias ("default") in their names and so would find none to delete.
"""

from __future__ import annotations

from dbbackup.management.commands.dbbackup import Command as DbbackupCommand  # type: ignore[import-untyped]
from django.utils.translation import gettext_noop

from club.backups import database_name
from club.management.base import TranslatedCommand


class Command(TranslatedCommand, DbbackupCommand):
    help = gettext_noop("Back up the database to BACKUP_DIR, named after it, the host and the time.")

    def _cleanup_old_backups(self, database=None, servername=None):
        super()._cleanup_old_backups(database=database_name(database or "default"), servername=servername)
