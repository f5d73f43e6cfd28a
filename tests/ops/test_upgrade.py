"""docs/operations.md's upgrade and rollback, run as written there, on the database of this test run.

A club's database one migration behind the code stands for the version before the upgrade. The
upgrade's lines back it up (as the owner), migrate it and check the ledger; the club then books
something on the new version; the rollback's lines put the database aside and restore the
backup. Afterwards the database is where it was before the upgrade: the same migrations, every
balance the same, the later booking gone, the failed database kept. On PostgreSQL as in
production: an owner role migrates and backs up, the app role runs the site and ledger_check.

The lines are read from the document; only `systemctl`, `git` and `make install` are left out,
and paths, role and database names are put in for this run. The code stays this checkout's (no
`git checkout` of the old version), so the rollback's last line, the old version's ledger_check,
is run once the restored database is compared and migrated forward again.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import dj_database_url
import psycopg
import pytest
from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader

BASE = Path(settings.BASE_DIR)
DOC = BASE / "docs" / "operations.md"
MANAGE = BASE / "manage.py"

# Not run here: the services, the checkout and the packages are not the test's to change.
LEFT_OUT = ("systemctl ", "git ", "make install")

SETUP = """
import datetime
from club.models import Club, Season, Table
club = Club.objects.create(name="Nørrebro Tarok", slug="norrebro")
Season.objects.create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31))
Table.objects.create(club=club, name="Bord 1")
"""

# Hand-settled in tests/commands/conftest.py (vlk-2010, empty cups): Anna -26, Bent 43, Carl -17.
ONE_DEAL_SITTING = {
    "ruleset": "vlk-2010",
    "date": "2026-03-12",
    "table": ["Anna", "Bent", "Carl"],
    "deals": [{"dealer": "Anna", "players": ["Anna", "Bent", "Carl"], "last_trick": "Bent"}],
    "close": "split",
}

STATE = """
import json
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import Sum
from club.models import Table
from ledger.models import Account
members = Account.objects.filter(kind="member").annotate(balance=Sum("postings__amount"))
print(json.dumps({
    "migrations": sorted(MigrationRecorder.Migration.objects.filter(app="club").values_list("name", flat=True)),
    "members": sorted(members.values_list("member__name", "balance")),
    "tables": sorted(Table.objects.values_list("name", flat=True)),
}))
"""


def sh_lines(markdown: str) -> list[str]:
    """The lines of a text's ```sh blocks, without their comments."""
    blocks = re.findall(r"```sh\n(.*?)```", markdown, re.DOTALL)
    return [line.split("   #")[0].strip() for block in blocks for line in block.splitlines() if line.strip()]


def doc_lines() -> tuple[list[str], list[str]]:
    """(the upgrade's lines, the rollback's), as docs/operations.md writes them."""
    text = DOC.read_text(encoding="utf-8")
    upgrade = re.search(r"^## Upgrading\n(.*?)^### Rolling back\n(.*?)(?=^## |\Z)", text, re.DOTALL | re.MULTILINE)
    assert upgrade, "docs/operations.md has no upgrade and rollback"
    return sh_lines(upgrade.group(1)), sh_lines(upgrade.group(2))


def test_only_services_checkout_and_packages_are_left_out():
    upgrade, rollback = doc_lines()
    assert [line for line in upgrade + rollback if line.startswith(LEFT_OUT)] == [
        "systemctl stop tarokbog.service tarokbog-mail.timer",
        "git rev-parse HEAD > before-upgrade.commit",
        "git fetch --quiet origin",
        "git checkout --detach origin/main",
        "make install",
        "systemctl stop tarokbog.service tarokbog-mail.timer",
        'git checkout "$(cat before-upgrade.commit)"',
        "make install",
    ]


def git_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("git ")]


@pytest.mark.parametrize("state", ["on its branch", "rolled back before"])
def test_the_upgrades_checkout_reaches_the_new_release_from_any_checkout(tmp_path, state):
    """The checkout's lines of the upgrade and the rollback, run as written in a clone of a
    repository with two releases: whether the clone is on its branch or on the detached commit
    an earlier rollback left, the upgrade reaches the newest release and the rollback the one before."""

    def git(*args: str, cwd: Path) -> str:
        env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t"}
        env["GIT_COMMITTER_EMAIL"] = "t@t"
        run = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)
        return run.stdout.strip()

    def sh(line: str, cwd: Path) -> None:
        subprocess.run(["bash", "-c", line], cwd=cwd, check=True, capture_output=True, text=True)

    origin, site = tmp_path / "origin", tmp_path / "site"
    origin.mkdir()
    git("init", "--quiet", "--initial-branch=main", cwd=origin)
    git("commit", "--quiet", "--allow-empty", "-m", "release 1", cwd=origin)
    first = git("rev-parse", "HEAD", cwd=origin)
    git("clone", "--quiet", str(origin), str(site), cwd=tmp_path)
    if state == "rolled back before":
        git("commit", "--quiet", "--allow-empty", "-m", "a release rolled back", cwd=origin)
        git("pull", "--quiet", "--ff-only", cwd=site)
        git("checkout", "--quiet", first, cwd=site)
    git("commit", "--quiet", "--allow-empty", "-m", "release 2", cwd=origin)
    newest = git("rev-parse", "HEAD", cwd=origin)
    upgrade, rollback = doc_lines()
    [save_commit, *upgrade_lines] = git_lines(upgrade)

    sh(save_commit, site)
    for line in upgrade_lines:
        sh(line, site)
    assert git("rev-parse", "HEAD", cwd=site) == newest

    for line in git_lines(rollback):
        sh(line, site)
    assert git("rev-parse", "HEAD", cwd=site) == first


def previous_club_migration() -> str:
    """The name of the club migration before the newest: where the 'old version' stands."""
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    [newest] = graph.leaf_nodes("club")
    [parent] = [app_name for app_name in graph.node_map[newest].parents if app_name.key[0] == "club"]
    return parent.key[1]


def manage(url: str, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": url, "LANGUAGE_CODE": "en"}
    result = subprocess.run([sys.executable, MANAGE, *args], env=env, capture_output=True, text=True)
    assert result.returncode == 0, f"manage.py {' '.join(args)}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def unscoped(script: str) -> str:
    """A `manage.py shell -c` script over every club: outside a request, club rows are read in
    a scope or with scopes disabled (club/scoping.py)."""
    return "from django_scopes import scopes_disabled\nwith scopes_disabled():\n" + textwrap.indent(
        script.strip(), "    "
    )


def state(url: str) -> dict:
    return json.loads(manage(url, "shell", "-c", unscoped(STATE)).splitlines()[-1])


def run(lines: list[str], env: dict[str, str]) -> str:
    script = "set -euo pipefail\n" + "\n".join(lines) + "\n"
    result = subprocess.run(["bash", "-c", script], cwd=BASE, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"{script}\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture
def club_database(tmp_path, worker_suffix):
    """(owner URL, app URL, names to put in the document's lines, the environment to run them in)."""
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "DEBUG"}}
    names = {"/srv/tarokbog/tarokbog.sqlite3": str(tmp_path / "tarokbog.sqlite3")}
    if connection.vendor == "sqlite":
        url = f"sqlite:///{tmp_path / 'tarokbog.sqlite3'}"
        yield url, url, names, env
        return
    assert connection.vendor == "postgresql"
    config = dj_database_url.parse(os.environ["DATABASE_URL"])
    base = config["NAME"] + worker_suffix
    owner, app, database = f"{base}_up_owner", f"{base}_up_app", f"{base}_upgrade"
    host, port = config["HOST"], str(config["PORT"] or 5432)
    admin = f"host={host} port={port} user={config['USER']} dbname=postgres"
    if config.get("PASSWORD"):
        admin += f" password={config['PASSWORD']}"

    def clean(create: bool) -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            for name in (database, f"{database}_failed_upgrade"):
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            for role in (owner, app):
                conn.execute(f'DROP ROLE IF EXISTS "{role}"')
            if create:
                conn.execute(f"CREATE ROLE \"{owner}\" LOGIN PASSWORD 'owner-secret'")
                conn.execute(f"CREATE ROLE \"{app}\" LOGIN PASSWORD 'app-secret'")
                conn.execute(f'CREATE DATABASE "{database}" OWNER "{owner}"')

    clean(create=True)
    names |= {
        "RENAME TO tarokbog_failed_upgrade": f"RENAME TO {database}_failed_upgrade",
        "ALTER DATABASE tarokbog ": f"ALTER DATABASE {database} ",
        "createdb --owner=tarokbog tarokbog": f"createdb --owner={owner} {database}",
        "app=tarokbog_app": f"app={app}",
        "sudo -u postgres ": "",  # as the superuser this test run connects as
    }
    env |= {"PGHOST": host, "PGPORT": port, "PGUSER": config["USER"], "PGPASSWORD": config.get("PASSWORD") or ""}
    yield (
        f"postgres://{owner}:owner-secret@{host}:{port}/{database}",
        f"postgres://{app}:app-secret@{host}:{port}/{database}",
        names,
        env,
    )
    clean(create=False)


def test_upgrade_and_rollback_as_the_document_says(club_database, tmp_path):
    owner_url, app_url, names, env = club_database
    production_env = tmp_path / "production.env"
    production_env.write_text(
        "DEBUG=0\nSECRET_KEY=x7Rq2-not-a-real-secret-but-long-and-varied-enough-9KpZw4vN\n"
        f"ALLOWED_HOSTS=tarok.example.org\nDATABASE_URL={app_url}\nMIGRATE_DATABASE_URL={owner_url}\n"
        f"LANGUAGE_CODE=en\nBACKUP_DIR={tmp_path / 'backups'}\n",
        encoding="utf-8",
    )
    names |= {
        "cd /srv/tarokbog": f"cd {BASE}",
        ". ./production.env": f". {production_env}",
        "before-upgrade.backup": str(tmp_path / "before-upgrade.backup"),
    }

    def concrete(lines: list[str]) -> list[str]:
        if connection.vendor == "sqlite":
            lines = [line for line in lines if not line.startswith(("psql", "sudo -u postgres"))]
        else:
            lines = [line for line in lines if not line.startswith("mv ")]
        for old, new in names.items():
            lines = [line.replace(old, new) for line in lines]
        return [line for line in lines if not line.startswith(LEFT_OUT)]

    # The version before the upgrade: one club migration behind, with a club and one sitting.
    manage(owner_url, "migrate", "--noinput")
    if connection.vendor == "postgresql":
        run([f'psql "{owner_url}" -v {names["app=tarokbog_app"]} -f scripts/app-role.sql'], env)
    manage(owner_url, "shell", "-c", unscoped(SETUP))
    (tmp_path / "sitting.json").write_text(json.dumps(ONE_DEAL_SITTING), encoding="utf-8")
    sitting = ["--club", "norrebro", "--season", "2026", "--table", "Bord 1", "--create-members"]
    manage(owner_url, "import_sitting", str(tmp_path / "sitting.json"), *sitting)
    previous = previous_club_migration()
    manage(owner_url, "migrate", "club", previous, "--noinput")
    before = state(owner_url)
    assert before["members"] == [["Anna", -26], ["Bent", 43], ["Carl", -17]]
    assert before["migrations"][-1] == previous

    upgrade, rollback = doc_lines()
    upgraded = run(concrete(upgrade), env)

    assert "problems found: 0." in upgraded
    after_upgrade = state(owner_url)
    assert len(after_upgrade["migrations"]) > len(before["migrations"])
    assert after_upgrade["members"] == before["members"]
    manage(
        owner_url,
        "shell",
        "-c",
        unscoped("from club.models import Club, Table; Table.objects.create(club=Club.objects.get(), name='Bord 2')"),
    )
    assert state(owner_url)["tables"] == ["Bord 1", "Bord 2"]

    *restore, check = concrete(rollback)
    assert check == ".venv/bin/python manage.py ledger_check"
    run(restore, env)

    assert state(owner_url) == before  # migrations, balances and tables as before the upgrade
    manage(owner_url, "migrate", "--noinput")
    [settings_loaded] = [line for line in restore if line.startswith("cd ")]
    assert "problems found: 0." in run([settings_loaded, check], env)
    if connection.vendor == "sqlite":
        assert (tmp_path / "tarokbog.sqlite3.failed-upgrade").exists()
    else:
        kept = names["RENAME TO tarokbog_failed_upgrade"].removeprefix("RENAME TO ")
        failed = owner_url.rsplit("/", 1)[0] + "/" + kept
        assert state(failed)["tables"] == ["Bord 1", "Bord 2"]
