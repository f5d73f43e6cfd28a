"""`manage.py dbbackup` names each file after the database, the host and the time, and `--clean`
keeps the newest BACKUP_KEEP of them: on the database of this test run (SQLite or PostgreSQL)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import dj_database_url
import psycopg
import pytest
from django.conf import settings
from django.db import connection

MANAGE = Path(settings.BASE_DIR) / "manage.py"


@pytest.fixture
def database(tmp_path, worker_suffix):
    """(a URL of a database of its own, its name, the extension dbbackup gives its backups)."""
    if connection.vendor == "sqlite":
        yield f"sqlite:///{tmp_path / 'tarokclub.sqlite3'}", "tarokclub", "sqlite3"
        return
    config = dj_database_url.parse(os.environ["DATABASE_URL"])
    name = f"{config['NAME']}{worker_suffix}_names"
    admin = f"host={config['HOST']} port={config['PORT'] or 5432} user={config['USER']} dbname=postgres"
    if config.get("PASSWORD"):
        admin += f" password={config['PASSWORD']}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    yield os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/" + name, name, "psql.bin"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_backups_are_named_after_the_database_and_clean_keeps_the_newest(database, tmp_path):
    url, name, extension = database
    backups = tmp_path / "backups"
    env = {**os.environ, "DATABASE_URL": url, "BACKUP_DIR": str(backups), "BACKUP_KEEP": "2"}
    for _ in range(3):
        subprocess.run(
            [sys.executable, MANAGE, "dbbackup", "--clean", "--servername", "tarokhost"],
            env=env,
            check=True,
            capture_output=True,
        )
        time.sleep(1.1)  # the time in the name is to the second

    files = sorted(path.name for path in backups.iterdir() if not path.name.endswith(".metadata"))
    assert len(files) == 2
    for file in files:
        assert re.fullmatch(rf"{name}-tarokhost-\d{{4}}-\d\d-\d\d-\d{{6}}\.{re.escape(extension)}", file)
