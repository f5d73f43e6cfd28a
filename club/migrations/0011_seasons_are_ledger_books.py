"""Each ledger transaction counts in its season's book ("season:<id>"), a payment's in the book
of payments ("payments"), so the ledger keeps each member's balance per season and his payments
(ledger 0011, which runs after this). The books of transactions already posted are written here,
once, past the ledger's append-only guard of a database made by an older version (a fresh one has
none yet: ledger 0013 installs the guards, `ledger.triggers`)."""

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
        schema_editor.execute("ALTER TABLE ledger_transaction DISABLE TRIGGER USER")
        for statement in BOOKS.strip().split(";\n"):
            schema_editor.execute(statement)
        schema_editor.execute("ALTER TABLE ledger_transaction ENABLE TRIGGER USER")
    else:
        # Made again with the others by ledger 0013.
        schema_editor.execute("DROP TRIGGER IF EXISTS ledger_transaction_append_only_update")
        for statement in BOOKS.strip().split(";\n"):
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0010_ledger_entries_member_accounts"),
        ("ledger", "0010_transaction_book"),
    ]
    run_before = [("ledger", "0011_kept_balances")]

    operations = [migrations.RunPython(write_books, migrations.RunPython.noop)]
