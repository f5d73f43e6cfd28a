"""More of the ledger's guards in PostgreSQL itself (0002 has the balance and append-only ones):

- postings are refused for a transaction committed earlier: a transaction's postings arrive in
  the database transaction that created it (a row whose creator is no longer in progress is
  committed: `pg_xact_status` of its xmin, widened to a full transaction id);
- a transaction without postings is refused at COMMIT (a deferred constraint trigger, like the
  balance check: the postings follow the transaction's own INSERT);
- an account is never reassigned: UPDATE of ledger_account (member, table, kind, club) is refused.

On SQLite these are no-ops; the models and their querysets refuse instead.
"""

from django.db import migrations

COMMITTED = """
CREATE FUNCTION ledger_posting_to_open_transaction() RETURNS trigger AS $$
DECLARE
    creator xid;
    now_full bigint := pg_current_xact_id()::text::bigint;
    creator_full bigint;
BEGIN
    SELECT xmin INTO creator FROM ledger_transaction WHERE id = NEW.transaction_id;
    IF NOT FOUND THEN
        RETURN NEW;  -- the foreign key refuses it
    END IF;
    -- xmin is 32 bits: widen it to the full id nearest to ours (the circular comparison
    -- PostgreSQL uses for xids). A savepoint's own id is a little above the transaction's.
    creator_full := ((now_full >> 32) << 32) | creator::text::bigint;
    IF creator_full - now_full > 2147483648 THEN
        creator_full := creator_full - 4294967296;
    ELSIF now_full - creator_full > 2147483648 THEN
        creator_full := creator_full + 4294967296;
    END IF;
    IF creator_full < 0 OR pg_xact_status(creator_full::text::xid8) IS DISTINCT FROM 'in progress' THEN
        RAISE EXCEPTION 'ledger transaction % is committed: no posting may be added to it; post a new transaction instead',
            NEW.transaction_id USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_posting_to_open_transaction
    BEFORE INSERT ON ledger_posting
    FOR EACH ROW EXECUTE FUNCTION ledger_posting_to_open_transaction();
"""

NOT_EMPTY = """
CREATE FUNCTION ledger_transaction_has_postings() RETURNS trigger AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM ledger_posting WHERE transaction_id = NEW.id) THEN
        RAISE EXCEPTION 'ledger transaction % has no postings', NEW.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER ledger_transaction_has_postings
    AFTER INSERT ON ledger_transaction
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION ledger_transaction_has_postings();
"""

NOT_REASSIGNED = """
CREATE FUNCTION ledger_account_not_reassigned() RETURNS trigger AS $$
BEGIN
    IF NEW IS DISTINCT FROM OLD THEN
        RAISE EXCEPTION 'ledger account % cannot be reassigned: UPDATE refused', OLD.id USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_account_not_reassigned
    BEFORE UPDATE ON ledger_account
    FOR EACH ROW EXECUTE FUNCTION ledger_account_not_reassigned();
"""

DROP = """
DROP TRIGGER IF EXISTS ledger_account_not_reassigned ON ledger_account;
DROP FUNCTION IF EXISTS ledger_account_not_reassigned();
DROP TRIGGER IF EXISTS ledger_transaction_has_postings ON ledger_transaction;
DROP FUNCTION IF EXISTS ledger_transaction_has_postings();
DROP TRIGGER IF EXISTS ledger_posting_to_open_transaction ON ledger_posting;
DROP FUNCTION IF EXISTS ledger_posting_to_open_transaction();
"""


def create_guards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for sql in (COMMITTED, NOT_EMPTY, NOT_REASSIGNED):
            schema_editor.execute(sql, params=None)


def drop_guards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0003_posting_account_points_index")]

    operations = [migrations.RunPython(create_guards, drop_guards)]
