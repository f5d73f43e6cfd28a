"""The ledger's accounts of money in øre say so (ledger 0013 opened every existing account in
points): a member's payments account, the club's till and its opening-balance account, and any
account with a posting in the book of payments. The club's current triggers (`club.triggers`) are
made by the latest migration that changes them (club 0027).

The ledger refuses any UPDATE of an account: its guard is lifted for this one statement (switched
off on PostgreSQL, dropped and made again as ledger 0013 made it on SQLite).
"""

from django.db import migrations

IN_ORE = """
UPDATE ledger_account SET unit = 'ore'
WHERE kind IN ('payments', 'till', 'opening')
   OR id IN (SELECT p.account_id FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id
             WHERE t.book = 'payments')
"""

# The ledger's guard as ledger 0013 made it on SQLite, frozen here with the migration.
ACCOUNT_NOT_REASSIGNED = "CREATE TRIGGER IF NOT EXISTS ledger_account_not_reassigned BEFORE UPDATE ON ledger_account BEGIN SELECT RAISE(ABORT, 'ledger account cannot be reassigned: UPDATE refused'); END"


def money_in_ore(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute("ALTER TABLE ledger_account DISABLE TRIGGER ledger_account_not_reassigned")
        schema_editor.execute(IN_ORE)
        schema_editor.execute("ALTER TABLE ledger_account ENABLE TRIGGER ledger_account_not_reassigned")
    else:
        schema_editor.execute("DROP TRIGGER IF EXISTS ledger_account_not_reassigned")
        schema_editor.execute(IN_ORE)
        schema_editor.execute(ACCOUNT_NOT_REASSIGNED)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0023_club_triggers_from_one_module"),
        ("ledger", "0013_amounts_in_units_and_triggers_from_one_module"),
    ]

    operations = [migrations.RunPython(money_in_ore, migrations.RunPython.noop)]
