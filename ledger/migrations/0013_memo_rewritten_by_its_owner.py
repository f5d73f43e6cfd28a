"""A transaction's memo (the caller's words about it) may be rewritten on PostgreSQL by a caller's
privileged path that says so (`ledger.rewriting_memo`, local to its database transaction): nothing
else of a transaction, and nothing of a posting, ever changes. The app role may not update
transactions at all (scripts/app-role.sql); the tables' owner's function that forgets a member
(club migration 0024) is such a path. SQLite keeps no trigger here: the models refuse instead."""

from django.db import migrations

MEMO = """
CREATE FUNCTION ledger_transaction_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND current_setting('ledger.rewriting_memo', true) = 'on'
            AND to_jsonb(NEW) - 'memo' = to_jsonb(OLD) - 'memo' THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'ledger % is append-only: % refused; post a reversal instead', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER ledger_transaction_append_only ON ledger_transaction;
CREATE TRIGGER ledger_transaction_append_only
    BEFORE UPDATE OR DELETE ON ledger_transaction
    FOR EACH ROW EXECUTE FUNCTION ledger_transaction_append_only();
"""

BACK = """
DROP TRIGGER ledger_transaction_append_only ON ledger_transaction;
CREATE TRIGGER ledger_transaction_append_only
    BEFORE UPDATE OR DELETE ON ledger_transaction
    FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
DROP FUNCTION ledger_transaction_append_only();
"""


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(MEMO, params=None)


def backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACK, params=None)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0012_transaction_value_date_index")]

    operations = [migrations.RunPython(forward, backward)]
