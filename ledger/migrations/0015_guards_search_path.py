"""Every function of the ledger's guards runs with its own search path, `pg_catalog, public, pg_temp`
(`ledger.triggers.SEARCH_PATH`): a session's temporary table named like a ledger table (CREATE TEMP
TABLE ledger_posting ...) no longer stands in for it, so no session can shadow what a guard reads.
The trigger SQL is `ledger.triggers`'s as it stands with this migration (frozen below; a later
change to the module is a later migration's): every earlier one dropped first, this set made last.
"""

from django.db import migrations

CREATE = {
    "postgresql": (
        """
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'ledger % is append-only: % refused; post a reversal instead', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_posting_append_only
    BEFORE UPDATE OR DELETE ON ledger_posting
    FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
""",
        """
CREATE OR REPLACE FUNCTION ledger_transaction_append_only() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND current_setting('ledger.rewriting_memo', true) = 'on'
            AND to_jsonb(NEW) - 'memo' = to_jsonb(OLD) - 'memo' THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'ledger % is append-only: % refused; post a reversal instead', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_transaction_append_only
    BEFORE UPDATE OR DELETE ON ledger_transaction
    FOR EACH ROW EXECUTE FUNCTION ledger_transaction_append_only();
""",
        """
CREATE OR REPLACE FUNCTION ledger_account_not_reassigned() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
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
""",
        """
CREATE OR REPLACE FUNCTION ledger_transaction_created_xact() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    NEW.created_xact := pg_current_xact_id()::text::bigint;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_transaction_created_xact
    BEFORE INSERT ON ledger_transaction
    FOR EACH ROW EXECUTE FUNCTION ledger_transaction_created_xact();
""",
        """
CREATE OR REPLACE FUNCTION ledger_posting_to_open_transaction() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    creator bigint;
BEGIN
    SELECT created_xact INTO creator FROM ledger_transaction WHERE id = NEW.transaction_id;
    IF NOT FOUND OR creator <> pg_current_xact_id()::text::bigint THEN
        RAISE EXCEPTION 'ledger transaction % is committed: no posting may be added to it; post a new transaction instead',
            NEW.transaction_id USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_posting_to_open_transaction
    BEFORE INSERT ON ledger_posting
    FOR EACH ROW EXECUTE FUNCTION ledger_posting_to_open_transaction();
""",
        """
CREATE OR REPLACE FUNCTION ledger_posting_balanced() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    total bigint;
BEGIN
    SELECT COALESCE(SUM(amount), 0) INTO total FROM ledger_posting WHERE transaction_id = NEW.transaction_id;
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
""",
        """
CREATE OR REPLACE FUNCTION ledger_transaction_has_postings() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
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
""",
        """
CREATE OR REPLACE FUNCTION ledger_posting_one_unit() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF EXISTS (
        SELECT 1 FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
        WHERE p.transaction_id = NEW.transaction_id
          AND a.unit <> (SELECT unit FROM ledger_account WHERE id = NEW.account_id)
    ) THEN
        RAISE EXCEPTION 'ledger transaction % mixes units: its postings must all be in one unit', NEW.transaction_id
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_posting_one_unit
    AFTER INSERT ON ledger_posting
    FOR EACH ROW EXECUTE FUNCTION ledger_posting_one_unit();
""",
        """
CREATE OR REPLACE FUNCTION ledger_keep_balances() RETURNS trigger SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    INSERT INTO ledger_balance AS b (account_id, book, month, amount, last_posting)
    SELECT p.account_id, t.book, date_trunc('month', t.value_date)::date, SUM(p.amount), MAX(p.id)
    FROM new_postings p JOIN ledger_transaction t ON t.id = p.transaction_id
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (account_id, book, month) DO UPDATE
        SET amount = b.amount + EXCLUDED.amount, last_posting = GREATEST(b.last_posting, EXCLUDED.last_posting);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_keep_balances
    AFTER INSERT ON ledger_posting
    REFERENCING NEW TABLE AS new_postings
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_keep_balances();
""",
        """
CREATE OR REPLACE FUNCTION ledger_balance_kept() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF pg_trigger_depth() < 2 THEN
        RAISE EXCEPTION 'ledger_balance is kept from the postings: % refused', TG_OP USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_balance_kept
    BEFORE INSERT OR UPDATE OR DELETE ON ledger_balance
    FOR EACH ROW EXECUTE FUNCTION ledger_balance_kept();
""",
    ),
    "sqlite": (
        "CREATE TRIGGER IF NOT EXISTS ledger_transaction_opens AFTER INSERT ON ledger_transaction BEGIN INSERT INTO ledger_open_transaction (transaction_id, must_close) VALUES (NEW.id, NEW.id); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_posting_to_open_transaction BEFORE INSERT ON ledger_posting WHEN NOT EXISTS (SELECT 1 FROM ledger_open_transaction WHERE transaction_id = NEW.transaction_id) BEGIN SELECT RAISE(ABORT, 'ledger transaction is committed: no posting may be added to it; post a new transaction instead'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_posting_one_unit AFTER INSERT ON ledger_posting WHEN EXISTS (SELECT 1 FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id WHERE p.transaction_id = NEW.transaction_id AND a.unit <> (SELECT unit FROM ledger_account WHERE id = NEW.account_id)) BEGIN SELECT RAISE(ABORT, 'ledger transaction mixes units: its postings must all be in one unit'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_transaction_closes BEFORE DELETE ON ledger_open_transaction BEGIN SELECT RAISE(ABORT, 'ledger transaction has no postings')  WHERE NOT EXISTS (SELECT 1 FROM ledger_posting WHERE transaction_id = OLD.transaction_id); SELECT RAISE(ABORT, 'ledger transaction is unbalanced: its postings do not sum to zero')  WHERE (SELECT SUM(amount) FROM ledger_posting WHERE transaction_id = OLD.transaction_id) <> 0; END",
        "CREATE TRIGGER IF NOT EXISTS ledger_open_transaction_not_changed BEFORE UPDATE ON ledger_open_transaction BEGIN SELECT RAISE(ABORT, 'ledger_open_transaction: UPDATE refused'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_posting_append_only_update BEFORE UPDATE ON ledger_posting BEGIN SELECT RAISE(ABORT, 'ledger_posting is append-only: UPDATE refused; post a reversal instead'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_posting_append_only_delete BEFORE DELETE ON ledger_posting BEGIN SELECT RAISE(ABORT, 'ledger_posting is append-only: DELETE refused; post a reversal instead'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_transaction_append_only_update BEFORE UPDATE ON ledger_transaction BEGIN SELECT RAISE(ABORT, 'ledger_transaction is append-only: UPDATE refused; post a reversal instead'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_transaction_append_only_delete BEFORE DELETE ON ledger_transaction BEGIN SELECT RAISE(ABORT, 'ledger_transaction is append-only: DELETE refused; post a reversal instead'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_account_not_reassigned BEFORE UPDATE ON ledger_account BEGIN SELECT RAISE(ABORT, 'ledger account cannot be reassigned: UPDATE refused'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_keep_balances AFTER INSERT ON ledger_posting BEGIN INSERT INTO ledger_balance (account_id, book, month, amount, last_posting) SELECT NEW.account_id, t.book, strftime('%Y-%m-01', t.value_date), NEW.amount, NEW.id FROM ledger_transaction t WHERE t.id = NEW.transaction_id ON CONFLICT (account_id, book, month) DO UPDATE SET amount = amount + excluded.amount, last_posting = excluded.last_posting; END",
        "CREATE TRIGGER IF NOT EXISTS ledger_balance_insert_kept BEFORE INSERT ON ledger_balance WHEN NOT EXISTS (SELECT 1 FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id WHERE p.id = NEW.last_posting AND p.account_id = NEW.account_id AND t.book = NEW.book AND strftime('%Y-%m-01', t.value_date) = NEW.month AND p.amount = NEW.amount) BEGIN SELECT RAISE(ABORT, 'ledger_balance is kept from the postings: INSERT refused'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_balance_update_kept BEFORE UPDATE ON ledger_balance WHEN NEW.account_id <> OLD.account_id OR NEW.book <> OLD.book OR NEW.month <> OLD.month OR NEW.last_posting <= OLD.last_posting OR NOT EXISTS (SELECT 1 FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id WHERE p.id = NEW.last_posting AND p.account_id = NEW.account_id AND t.book = NEW.book AND strftime('%Y-%m-01', t.value_date) = NEW.month AND p.amount = NEW.amount - OLD.amount) BEGIN SELECT RAISE(ABORT, 'ledger_balance is kept from the postings: UPDATE refused'); END",
        "CREATE TRIGGER IF NOT EXISTS ledger_balance_delete_kept BEFORE DELETE ON ledger_balance BEGIN SELECT RAISE(ABORT, 'ledger_balance is kept from the postings: DELETE refused'); END",
    ),
}
DROP = {
    "postgresql": (
        "DROP TRIGGER IF EXISTS ledger_posting_append_only ON ledger_posting",
        "DROP TRIGGER IF EXISTS ledger_transaction_append_only ON ledger_transaction",
        "DROP TRIGGER IF EXISTS ledger_account_not_reassigned ON ledger_account",
        "DROP TRIGGER IF EXISTS ledger_transaction_created_xact ON ledger_transaction",
        "DROP TRIGGER IF EXISTS ledger_posting_to_open_transaction ON ledger_posting",
        "DROP TRIGGER IF EXISTS ledger_posting_balanced ON ledger_posting",
        "DROP TRIGGER IF EXISTS ledger_transaction_has_postings ON ledger_transaction",
        "DROP TRIGGER IF EXISTS ledger_posting_one_unit ON ledger_posting",
        "DROP TRIGGER IF EXISTS ledger_keep_balances ON ledger_posting",
        "DROP TRIGGER IF EXISTS ledger_balance_kept ON ledger_balance",
        "DROP FUNCTION IF EXISTS ledger_append_only()",
        "DROP FUNCTION IF EXISTS ledger_transaction_append_only()",
        "DROP FUNCTION IF EXISTS ledger_account_not_reassigned()",
        "DROP FUNCTION IF EXISTS ledger_transaction_created_xact()",
        "DROP FUNCTION IF EXISTS ledger_posting_to_open_transaction()",
        "DROP FUNCTION IF EXISTS ledger_posting_balanced()",
        "DROP FUNCTION IF EXISTS ledger_transaction_has_postings()",
        "DROP FUNCTION IF EXISTS ledger_posting_one_unit()",
        "DROP FUNCTION IF EXISTS ledger_keep_balances()",
        "DROP FUNCTION IF EXISTS ledger_balance_kept()",
    ),
    "sqlite": (
        "DROP TRIGGER IF EXISTS ledger_transaction_opens",
        "DROP TRIGGER IF EXISTS ledger_posting_to_open_transaction",
        "DROP TRIGGER IF EXISTS ledger_posting_one_unit",
        "DROP TRIGGER IF EXISTS ledger_transaction_closes",
        "DROP TRIGGER IF EXISTS ledger_open_transaction_not_changed",
        "DROP TRIGGER IF EXISTS ledger_posting_append_only_update",
        "DROP TRIGGER IF EXISTS ledger_posting_append_only_delete",
        "DROP TRIGGER IF EXISTS ledger_transaction_append_only_update",
        "DROP TRIGGER IF EXISTS ledger_transaction_append_only_delete",
        "DROP TRIGGER IF EXISTS ledger_account_not_reassigned",
        "DROP TRIGGER IF EXISTS ledger_keep_balances",
        "DROP TRIGGER IF EXISTS ledger_balance_insert_kept",
        "DROP TRIGGER IF EXISTS ledger_balance_update_kept",
        "DROP TRIGGER IF EXISTS ledger_balance_delete_kept",
    ),
}


def create(apps, schema_editor) -> None:
    for statement in CREATE.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


def drop(apps, schema_editor) -> None:
    for statement in DROP.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0014_memo_rewritten_by_its_owner")]

    operations = [
        migrations.RunPython(drop, create),
        migrations.RunPython(create, drop),
    ]
