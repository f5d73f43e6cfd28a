"""PostgreSQL guards the ledger itself, whatever code talks to it.

- A transaction whose postings do not sum to zero is refused at COMMIT: a DEFERRABLE INITIALLY
  DEFERRED constraint trigger, so the postings of one transaction may arrive in several INSERTs.
- UPDATE and DELETE of postings and transactions are refused: corrections are reversals.

TRUNCATE (used by test flushes, never by the application) fires no row triggers. On SQLite
these are no-ops; the service layer and the models check instead.
"""

from django.db import migrations

BALANCED = """
CREATE FUNCTION ledger_posting_balanced() RETURNS trigger AS $$
DECLARE
    total bigint;
BEGIN
    SELECT COALESCE(SUM(points), 0) INTO total FROM ledger_posting WHERE transaction_id = NEW.transaction_id;
    IF total <> 0 THEN
        RAISE EXCEPTION 'ledger transaction % is unbalanced: postings sum to %', NEW.transaction_id, total
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER ledger_posting_balanced
    AFTER INSERT ON ledger_posting
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION ledger_posting_balanced();
"""

APPEND_ONLY = """
CREATE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'ledger % is append-only: % refused; post a reversal instead', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_posting_append_only
    BEFORE UPDATE OR DELETE ON ledger_posting
    FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

CREATE TRIGGER ledger_transaction_append_only
    BEFORE UPDATE OR DELETE ON ledger_transaction
    FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS ledger_transaction_append_only ON ledger_transaction;
DROP TRIGGER IF EXISTS ledger_posting_append_only ON ledger_posting;
DROP FUNCTION IF EXISTS ledger_append_only();
DROP TRIGGER IF EXISTS ledger_posting_balanced ON ledger_posting;
DROP FUNCTION IF EXISTS ledger_posting_balanced();
"""


def create_guards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BALANCED, params=None)
        schema_editor.execute(APPEND_ONLY, params=None)


def drop_guards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial")]

    operations = [migrations.RunPython(create_guards, drop_guards)]
