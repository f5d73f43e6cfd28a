"""Each ledger transaction counts in its season's book ("season:<id>"), a payment's in the book
of payments ("payments"), so the ledger keeps each member's balance per season and his payments
(ledger 0011, which runs after this). The books of transactions already posted are written here,
once, past the ledger's append-only guard."""

import importlib

from django.db import migrations

BOOKS = """
UPDATE ledger_transaction SET book = 'season:' || (
    SELECT s.season_id FROM club_ledgerentry e JOIN club_sitting s ON s.id = e.sitting_id
    WHERE e.transaction_id = ledger_transaction.id
)
WHERE id IN (SELECT transaction_id FROM club_ledgerentry);
UPDATE ledger_transaction SET book = 'payments'
WHERE id IN (SELECT transaction_id FROM club_payment WHERE transaction_id IS NOT NULL)
"""


def write_books(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute("ALTER TABLE ledger_transaction DISABLE TRIGGER ledger_transaction_append_only")
        for statement in BOOKS.strip().split(";\n"):
            schema_editor.execute(statement)
        schema_editor.execute("ALTER TABLE ledger_transaction ENABLE TRIGGER ledger_transaction_append_only")
    else:
        guards = importlib.import_module("ledger.migrations.0009_guards_hold_under_races_on_both_databases")
        schema_editor.execute("DROP TRIGGER IF EXISTS ledger_transaction_append_only_update")
        for statement in BOOKS.strip().split(";\n"):
            schema_editor.execute(statement)
        for statement in guards.SQLITE:
            schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0010_ledger_entries_member_accounts"),
        ("ledger", "0010_transaction_book"),
    ]
    run_before = [("ledger", "0011_kept_balances")]

    operations = [migrations.RunPython(write_books, migrations.RunPython.noop)]
