"""The ledger stops knowing the club, step one: every account gets an owner key and every
transaction a reference string, filled from the club links they replace ("member:17",
"table:3", "club:1"; "sitting:12 deal:3", "payment member:17"). Migration 0008 drops the links once the club keeps its own
(club 0010 runs in between and copies them).

The ledger's triggers of a database made by an older version would refuse the filling UPDATEs on
PostgreSQL: they are switched off for this migration's own statements only (a fresh database has
none yet: ledger 0013 installs them).
"""

from django.db import migrations, models

FILL = """
UPDATE ledger_account SET owner = CASE
    WHEN member_id IS NOT NULL THEN 'member:' || member_id
    WHEN payer_id IS NOT NULL THEN 'member:' || payer_id
    WHEN kind = 'till' THEN 'club:' || club_id
    ELSE 'table:' || table_id
END;
UPDATE ledger_transaction SET reference = 'sitting:' || sitting_id || ' ' || event WHERE sitting_id IS NOT NULL;
UPDATE ledger_transaction SET reference = event || COALESCE(' member:' || (
    SELECT a.payer_id FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
    WHERE p.transaction_id = ledger_transaction.id AND a.payer_id IS NOT NULL
    ORDER BY p.id LIMIT 1
), '') WHERE sitting_id IS NULL;
"""

GUARDED = ("ledger_account", "ledger_transaction")


def fill(apps, schema_editor):
    postgres = schema_editor.connection.vendor == "postgresql"
    if postgres:
        for table in GUARDED:
            schema_editor.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
    for statement in FILL.strip().split(";\n"):
        schema_editor.execute(statement.strip().rstrip(";"))
    if postgres:
        for table in GUARDED:
            schema_editor.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")


class Migration(migrations.Migration):
    dependencies = [("ledger", "0006_payments_and_till")]

    operations = [
        migrations.AddField(
            model_name="account",
            name="owner",
            field=models.CharField(max_length=64, default=""),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="transaction",
            name="reference",
            field=models.CharField(max_length=100, default=""),
            preserve_default=False,
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
