"""What the ledger's guards need on each database (`ledger.triggers` holds the triggers themselves,
installed by ledger 0013).

PostgreSQL. A posting must be written in the database transaction that created its ledger
transaction, however two sessions interleave: every transaction row records the database
transaction that created it (`created_xact`, set by a trigger whatever the INSERT says).

SQLite has no deferred triggers, so a transaction is *open* while its postings arrive: a row in
`ledger_open_transaction`, added with the transaction, whose deferred foreign key to an always
empty table (`ledger_never_closed`) fails the COMMIT unless the row is gone by then.
"""

from django.db import migrations

POSTGRES = (
    "ALTER TABLE ledger_transaction ADD COLUMN created_xact bigint NOT NULL DEFAULT pg_current_xact_id()::text::bigint"
)
POSTGRES_DROP = "ALTER TABLE ledger_transaction DROP COLUMN IF EXISTS created_xact"

SQLITE = [
    "CREATE TABLE IF NOT EXISTS ledger_never_closed (id integer PRIMARY KEY)",
    "CREATE TABLE IF NOT EXISTS ledger_open_transaction ("
    " transaction_id integer PRIMARY KEY,"
    " must_close integer NOT NULL REFERENCES ledger_never_closed (id) DEFERRABLE INITIALLY DEFERRED)",
]


def create_tables(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(POSTGRES, params=None)
    elif schema_editor.connection.vendor == "sqlite":
        for statement in SQLITE:
            schema_editor.execute(statement, params=None)


def drop_tables(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(POSTGRES_DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0008_ledger_knows_no_domain")]

    operations = [migrations.RunPython(create_tables, drop_tables)]
