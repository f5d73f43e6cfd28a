"""The ledger's guards, in the database itself on PostgreSQL and on SQLite alike.

PostgreSQL. A posting must be written in the database transaction that created its ledger
transaction. 0004 compared the transaction row's creator (its xmin) and let a posting through
when the row was not visible at all, so a session could insert postings for the transaction id
the application was about to take and commit them after it. Now every transaction row records the
database transaction that created it (`created_xact`, set by a trigger whatever the INSERT says),
and a posting is refused unless its transaction is visible and was created by the current
database transaction, however two sessions interleave.

SQLite has no deferred triggers, so a transaction is *open* while its postings arrive: a row in
`ledger_open_transaction`, added with the transaction, whose deferred foreign key to an always
empty table fails the COMMIT unless the row is gone by then. `ledger.services` closes it (deletes
the row) after the postings; closing refuses a transaction without postings or whose postings do
not sum to zero; a posting is refused unless its transaction is open. UPDATE and DELETE of
postings and transactions, and any UPDATE of an account, are refused, as on PostgreSQL (0002,
0004). A table rebuild by a later SQLite migration of these tables drops their triggers: such a
migration must create them again (`create_guards` here).
"""

from django.db import migrations

POSTGRES = """
ALTER TABLE ledger_transaction ADD COLUMN created_xact bigint NOT NULL DEFAULT pg_current_xact_id()::text::bigint;

CREATE FUNCTION ledger_transaction_created_xact() RETURNS trigger AS $$
BEGIN
    NEW.created_xact := pg_current_xact_id()::text::bigint;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_transaction_created_xact
    BEFORE INSERT ON ledger_transaction
    FOR EACH ROW EXECUTE FUNCTION ledger_transaction_created_xact();

CREATE OR REPLACE FUNCTION ledger_posting_to_open_transaction() RETURNS trigger AS $$
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
"""

POSTGRES_DROP = """
DROP TRIGGER IF EXISTS ledger_transaction_created_xact ON ledger_transaction;
DROP FUNCTION IF EXISTS ledger_transaction_created_xact();
ALTER TABLE ledger_transaction DROP COLUMN IF EXISTS created_xact;
"""

# SQLite: one statement per item (the backend runs one at a time).
SQLITE = [
    "CREATE TABLE IF NOT EXISTS ledger_never_closed (id integer PRIMARY KEY)",
    "CREATE TABLE IF NOT EXISTS ledger_open_transaction ("
    " transaction_id integer PRIMARY KEY,"
    " must_close integer NOT NULL REFERENCES ledger_never_closed (id) DEFERRABLE INITIALLY DEFERRED)",
    "CREATE TRIGGER IF NOT EXISTS ledger_transaction_opens AFTER INSERT ON ledger_transaction BEGIN"
    " INSERT INTO ledger_open_transaction (transaction_id, must_close) VALUES (NEW.id, NEW.id); END",
    "CREATE TRIGGER IF NOT EXISTS ledger_posting_to_open_transaction BEFORE INSERT ON ledger_posting"
    " WHEN NOT EXISTS (SELECT 1 FROM ledger_open_transaction WHERE transaction_id = NEW.transaction_id) BEGIN"
    " SELECT RAISE(ABORT, 'ledger transaction is committed: no posting may be added to it;"
    " post a new transaction instead'); END",
    "CREATE TRIGGER IF NOT EXISTS ledger_transaction_closes BEFORE DELETE ON ledger_open_transaction BEGIN"
    " SELECT RAISE(ABORT, 'ledger transaction has no postings')"
    "  WHERE NOT EXISTS (SELECT 1 FROM ledger_posting WHERE transaction_id = OLD.transaction_id);"
    " SELECT RAISE(ABORT, 'ledger transaction is unbalanced: its postings do not sum to zero')"
    "  WHERE (SELECT SUM(points) FROM ledger_posting WHERE transaction_id = OLD.transaction_id) <> 0; END",
    "CREATE TRIGGER IF NOT EXISTS ledger_open_transaction_not_changed BEFORE UPDATE ON ledger_open_transaction"
    " BEGIN SELECT RAISE(ABORT, 'ledger_open_transaction: UPDATE refused'); END",
    *(
        f"CREATE TRIGGER IF NOT EXISTS ledger_{table}_append_only_{op.lower()} BEFORE {op} ON ledger_{table}"
        f" BEGIN SELECT RAISE(ABORT, 'ledger_{table} is append-only: {op} refused; post a reversal instead'); END"
        for table in ("posting", "transaction")
        for op in ("UPDATE", "DELETE")
    ),
    "CREATE TRIGGER IF NOT EXISTS ledger_account_not_reassigned BEFORE UPDATE ON ledger_account"
    " BEGIN SELECT RAISE(ABORT, 'ledger account cannot be reassigned: UPDATE refused'); END",
]

SQLITE_TRIGGERS = [
    "ledger_transaction_opens",
    "ledger_posting_to_open_transaction",
    "ledger_transaction_closes",
    "ledger_open_transaction_not_changed",
    "ledger_posting_append_only_update",
    "ledger_posting_append_only_delete",
    "ledger_transaction_append_only_update",
    "ledger_transaction_append_only_delete",
    "ledger_account_not_reassigned",
]


def create_guards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(POSTGRES, params=None)
    elif schema_editor.connection.vendor == "sqlite":
        for statement in SQLITE:
            schema_editor.execute(statement, params=None)


def drop_guards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(POSTGRES_DROP, params=None)
    elif schema_editor.connection.vendor == "sqlite":
        for trigger in SQLITE_TRIGGERS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {trigger}", params=None)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0008_ledger_knows_no_domain")]

    operations = [migrations.RunPython(create_guards, drop_guards)]
