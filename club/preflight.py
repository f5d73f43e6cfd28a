"""`make serve`'s look at a database before it migrates or serves: `python -m club.preflight VARIABLE`.

VARIABLE names the environment variable holding the database URL (DATABASE_URL or
MIGRATE_DATABASE_URL). The one problem found is one line naming that variable, exit status 2:
a URL whose scheme is unknown, a database that does not answer, or (with --no-pending)
migrations not yet applied. Exit 0 and no output when all is well.
"""

from __future__ import annotations

import argparse
import os
import sys

PROGRAM = "make serve"


def where(database: dict) -> str:
    """'tarokbog on 127.0.0.1:5432 as tarokbog_app', or a SQLite file's path; never the password."""
    if database["ENGINE"] == "django.db.backends.sqlite3":
        return str(database["NAME"])
    place = f"{database.get('HOST') or 'localhost'}:{database.get('PORT') or 5432}"
    return f"{database['NAME']} on {place} as {database.get('USER') or '(no user)'}"


def problem(variable: str, *, pending_is_a_problem: bool) -> str | None:
    from django.db import DatabaseError, connection
    from django.db.migrations.executor import MigrationExecutor

    try:
        connection.ensure_connection()
    except DatabaseError as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return f"{variable}: the database does not answer ({where(connection.settings_dict)}): {reason}"
    if pending_is_a_problem:
        executor = MigrationExecutor(connection)
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
        if plan:
            return (
                f"migrations are pending ({len(plan)}) on {where(connection.settings_dict)}; set "
                "MIGRATE_DATABASE_URL to the tables' owner (the same URL if the site connects as the "
                "owner) and run make serve again."
            )
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m club.preflight", description=__doc__)
    parser.add_argument("variable", help="the environment variable with the database URL")
    parser.add_argument("--no-pending", action="store_true", help="pending migrations are a problem too")
    args = parser.parse_args(argv)
    os.environ["DATABASE_URL"] = os.environ.get(args.variable, "")

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
    import django
    from django.core.exceptions import ImproperlyConfigured

    try:
        django.setup()
    except ImproperlyConfigured as error:  # a setting it cannot read, an unknown scheme too
        print(f"{PROGRAM}: {str(error).replace('DATABASE_URL:', f'{args.variable}:')}", file=sys.stderr)
        return 2
    found = problem(args.variable, pending_is_a_problem=args.no_pending)
    if found:
        print(f"{PROGRAM}: {found}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
