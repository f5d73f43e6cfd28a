"""The ledger's guards in the database itself, PostgreSQL and SQLite alike: the current SQL of every
trigger, in this one place. The models and `ledger.services` refuse first, with a clearer message;
these hold whatever code or hand reaches the database.

- Append only: UPDATE and DELETE of postings and transactions are refused (a correction is a
  reversal), and any UPDATE of an account (an account is never reassigned, its unit never changes).
  A transaction's memo alone may be rewritten on PostgreSQL while `ledger.rewriting_memo` is on
  (a caller's function as the tables' owner); on SQLite `ledger.services.rewrite_memos` drops the
  UPDATE guard for its statements and makes it again.
- A posting goes only to a transaction created by the current database transaction (PostgreSQL:
  `created_xact`, set whatever the INSERT says; SQLite: the transaction is *open*, a row in
  `ledger_open_transaction` whose deferred foreign key to an always empty table fails the COMMIT
  unless `ledger.services` closed it).
- A transaction has postings, they sum to zero (PostgreSQL: at COMMIT; SQLite: when closed), and
  they are all in one unit: points and øre never meet in one transaction.
- Balances per account, book and month are kept from the postings in the database transaction that
  writes them, and by nothing else (PostgreSQL: a statement trigger running as the tables' owner;
  SQLite: a row trigger, and `ledger_balance` refuses anything but the next posting of its row).

Every PostgreSQL function runs with `SEARCH_PATH` (pg_temp last): no session's temporary table
stands in for a table a guard reads.

`create` installs them all, `drop` removes whichever of them exist. A migration never runs this
module: each that makes triggers carries the SQL of its time, frozen in its file (ledger 0013,
0014, 0015: each drops the earlier set first and makes its own last), so a fresh database and an
old one end the same, and a change here later changes no migration's past. A change to this SQL
goes with a new migration that freezes it; tests/ledger/test_trigger_migrations.py checks that the
latest one's is this module's. On SQLite a migration that rebuilds one of these tables drops its
triggers: that migration makes them again from its own frozen copy too.
"""

from __future__ import annotations

import textwrap

# Every function of the guards looks its tables up here and in no session's own schema: pg_temp
# last, so a table a session makes (CREATE TEMP TABLE ledger_posting ...) never stands in for the
# real one (PostgreSQL searches pg_temp first unless it is named). The app role may make no temporary
# table at all (scripts/app-role.sql); this holds for any role.
SEARCH_PATH = "SET search_path = pg_catalog, public, pg_temp"


def plpgsql_trigger(
    function: str,
    body: str,
    *,
    fires: str,
    trigger: str = "",
    declare: str = "",
    definer: bool = False,
    deferred: bool = False,
    new_table: str = "",
    when: str = "",
) -> str:
    """A PL/pgSQL trigger function and the trigger that runs it, as one statement.

    `body` is what runs between BEGIN and END (indented as it reads, dedented here); `fires` when
    and on which table; `trigger` its name where it is not the function's; `declare` the one
    variable of DECLARE; `definer` runs it as the tables' owner; every function runs with `SEARCH_PATH`; `deferred` makes it a constraint
    trigger checked at COMMIT; `new_table` names the inserted rows of a statement trigger; `when`
    is the row trigger's condition.
    """
    security = f"{' SECURITY DEFINER' if definer else ''} {SEARCH_PATH}"
    declaration = f"DECLARE\n    {declare};\n" if declare else ""
    statements = textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
    kind = "CONSTRAINT TRIGGER" if deferred else "TRIGGER"
    deferral = "    DEFERRABLE INITIALLY DEFERRED\n" if deferred else ""
    referencing = f"    REFERENCING NEW TABLE AS {new_table}\n" if new_table else ""
    each = "STATEMENT" if new_table else "ROW"
    condition = f" WHEN ({when})" if when else ""
    return f"""
CREATE OR REPLACE FUNCTION {function}() RETURNS trigger{security} AS $$
{declaration}BEGIN
{statements}
END;
$$ LANGUAGE plpgsql;

CREATE {kind} {trigger or function}
    {fires}
{deferral}{referencing}    FOR EACH {each}{condition} EXECUTE FUNCTION {function}();
"""


POSTGRESQL = (
    plpgsql_trigger(
        "ledger_append_only",
        """
        RAISE EXCEPTION 'ledger % is append-only: % refused; post a reversal instead', TG_TABLE_NAME, TG_OP
            USING ERRCODE = 'restrict_violation';
        """,
        trigger="ledger_posting_append_only",
        fires="BEFORE UPDATE OR DELETE ON ledger_posting",
    ),
    # A transaction's memo (the caller's words about it) is the one thing that may change, and only
    # while a caller's privileged path says so (`ledger.rewriting_memo`, local to its database
    # transaction): a function of the tables' owner that the caller makes. The app role may not
    # update a transaction at all (scripts/app-role.sql).
    plpgsql_trigger(
        "ledger_transaction_append_only",
        """
        IF TG_OP = 'UPDATE' AND current_setting('ledger.rewriting_memo', true) = 'on'
                AND to_jsonb(NEW) - 'memo' = to_jsonb(OLD) - 'memo' THEN
            RETURN NEW;
        END IF;
        RAISE EXCEPTION 'ledger % is append-only: % refused; post a reversal instead', TG_TABLE_NAME, TG_OP
            USING ERRCODE = 'restrict_violation';
        """,
        fires="BEFORE UPDATE OR DELETE ON ledger_transaction",
    ),
    plpgsql_trigger(
        "ledger_account_not_reassigned",
        """
        IF NEW IS DISTINCT FROM OLD THEN
            RAISE EXCEPTION 'ledger account % cannot be reassigned: UPDATE refused', OLD.id USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NEW;
        """,
        fires="BEFORE UPDATE ON ledger_account",
    ),
    plpgsql_trigger(
        "ledger_transaction_created_xact",
        """
        NEW.created_xact := pg_current_xact_id()::text::bigint;
        RETURN NEW;
        """,
        fires="BEFORE INSERT ON ledger_transaction",
    ),
    plpgsql_trigger(
        "ledger_posting_to_open_transaction",
        """
        SELECT created_xact INTO creator FROM ledger_transaction WHERE id = NEW.transaction_id;
        IF NOT FOUND OR creator <> pg_current_xact_id()::text::bigint THEN
            RAISE EXCEPTION 'ledger transaction % is committed: no posting may be added to it; post a new transaction instead',
                NEW.transaction_id USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NEW;
        """,
        declare="creator bigint",
        fires="BEFORE INSERT ON ledger_posting",
    ),
    # Deferred to COMMIT: the postings of one transaction may arrive in several INSERTs.
    plpgsql_trigger(
        "ledger_posting_balanced",
        """
        SELECT COALESCE(SUM(amount), 0) INTO total FROM ledger_posting WHERE transaction_id = NEW.transaction_id;
        IF total <> 0 THEN
            RAISE EXCEPTION 'ledger transaction % is unbalanced: postings sum to %', NEW.transaction_id, total
                USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
        """,
        declare="total bigint",
        fires="AFTER INSERT ON ledger_posting",
        deferred=True,
    ),
    plpgsql_trigger(
        "ledger_transaction_has_postings",
        """
        IF NOT EXISTS (SELECT 1 FROM ledger_posting WHERE transaction_id = NEW.id) THEN
            RAISE EXCEPTION 'ledger transaction % has no postings', NEW.id USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
        """,
        fires="AFTER INSERT ON ledger_transaction",
        deferred=True,
    ),
    # After each row, at the end of its statement: it sees every posting of the transaction so far,
    # in this INSERT and the earlier ones (only this database transaction may add them).
    plpgsql_trigger(
        "ledger_posting_one_unit",
        """
        IF EXISTS (
            SELECT 1 FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
            WHERE p.transaction_id = NEW.transaction_id
              AND a.unit <> (SELECT unit FROM ledger_account WHERE id = NEW.account_id)
        ) THEN
            RAISE EXCEPTION 'ledger transaction % mixes units: its postings must all be in one unit', NEW.transaction_id
                USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
        """,
        fires="AFTER INSERT ON ledger_posting",
    ),
    # Runs as the tables' owner (the app role may not write balances), in account order so two
    # writers never wait on each other in a circle.
    plpgsql_trigger(
        "ledger_keep_balances",
        """
        INSERT INTO ledger_balance AS b (account_id, book, month, amount, last_posting)
        SELECT p.account_id, t.book, date_trunc('month', t.value_date)::date, SUM(p.amount), MAX(p.id)
        FROM new_postings p JOIN ledger_transaction t ON t.id = p.transaction_id
        GROUP BY 1, 2, 3
        ORDER BY 1, 2, 3
        ON CONFLICT (account_id, book, month) DO UPDATE
            SET amount = b.amount + EXCLUDED.amount, last_posting = GREATEST(b.last_posting, EXCLUDED.last_posting);
        RETURN NULL;
        """,
        definer=True,
        fires="AFTER INSERT ON ledger_posting",
        new_table="new_postings",
    ),
    plpgsql_trigger(
        "ledger_balance_kept",
        """
        IF pg_trigger_depth() < 2 THEN
            RAISE EXCEPTION 'ledger_balance is kept from the postings: % refused', TG_OP USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NEW;
        """,
        fires="BEFORE INSERT OR UPDATE OR DELETE ON ledger_balance",
    ),
)

# (trigger, table) and the functions they run, as `POSTGRESQL` makes them.
POSTGRESQL_TRIGGERS = (
    ("ledger_posting_append_only", "ledger_posting"),
    ("ledger_transaction_append_only", "ledger_transaction"),
    ("ledger_account_not_reassigned", "ledger_account"),
    ("ledger_transaction_created_xact", "ledger_transaction"),
    ("ledger_posting_to_open_transaction", "ledger_posting"),
    ("ledger_posting_balanced", "ledger_posting"),
    ("ledger_transaction_has_postings", "ledger_transaction"),
    ("ledger_posting_one_unit", "ledger_posting"),
    ("ledger_keep_balances", "ledger_posting"),
    ("ledger_balance_kept", "ledger_balance"),
)
POSTGRESQL_FUNCTIONS = (
    "ledger_append_only",
    "ledger_transaction_append_only",
    "ledger_account_not_reassigned",
    "ledger_transaction_created_xact",
    "ledger_posting_to_open_transaction",
    "ledger_posting_balanced",
    "ledger_transaction_has_postings",
    "ledger_posting_one_unit",
    "ledger_keep_balances",
    "ledger_balance_kept",
)

# The posting `p` (of transaction `t`) is this balance row's, by account, book and month.
_OF_ROW = (
    "p.id = NEW.last_posting AND p.account_id = NEW.account_id AND t.book = NEW.book"
    " AND strftime('%Y-%m-01', t.value_date) = NEW.month"
)
# The tables `ledger_never_closed` and `ledger_open_transaction` are ledger 0009's.
# One statement per item: the backend runs one at a time.
SQLITE = (
    "CREATE TRIGGER IF NOT EXISTS ledger_transaction_opens AFTER INSERT ON ledger_transaction BEGIN"
    " INSERT INTO ledger_open_transaction (transaction_id, must_close) VALUES (NEW.id, NEW.id); END",
    "CREATE TRIGGER IF NOT EXISTS ledger_posting_to_open_transaction BEFORE INSERT ON ledger_posting"
    " WHEN NOT EXISTS (SELECT 1 FROM ledger_open_transaction WHERE transaction_id = NEW.transaction_id) BEGIN"
    " SELECT RAISE(ABORT, 'ledger transaction is committed: no posting may be added to it;"
    " post a new transaction instead'); END",
    "CREATE TRIGGER IF NOT EXISTS ledger_posting_one_unit AFTER INSERT ON ledger_posting"
    " WHEN EXISTS (SELECT 1 FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id"
    " WHERE p.transaction_id = NEW.transaction_id"
    " AND a.unit <> (SELECT unit FROM ledger_account WHERE id = NEW.account_id)) BEGIN"
    " SELECT RAISE(ABORT, 'ledger transaction mixes units: its postings must all be in one unit'); END",
    "CREATE TRIGGER IF NOT EXISTS ledger_transaction_closes BEFORE DELETE ON ledger_open_transaction BEGIN"
    " SELECT RAISE(ABORT, 'ledger transaction has no postings')"
    "  WHERE NOT EXISTS (SELECT 1 FROM ledger_posting WHERE transaction_id = OLD.transaction_id);"
    " SELECT RAISE(ABORT, 'ledger transaction is unbalanced: its postings do not sum to zero')"
    "  WHERE (SELECT SUM(amount) FROM ledger_posting WHERE transaction_id = OLD.transaction_id) <> 0; END",
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
    "CREATE TRIGGER IF NOT EXISTS ledger_keep_balances AFTER INSERT ON ledger_posting BEGIN"
    " INSERT INTO ledger_balance (account_id, book, month, amount, last_posting)"
    " SELECT NEW.account_id, t.book, strftime('%Y-%m-01', t.value_date), NEW.amount, NEW.id"
    " FROM ledger_transaction t WHERE t.id = NEW.transaction_id"
    " ON CONFLICT (account_id, book, month) DO UPDATE"
    " SET amount = amount + excluded.amount, last_posting = excluded.last_posting; END",
    "CREATE TRIGGER IF NOT EXISTS ledger_balance_insert_kept BEFORE INSERT ON ledger_balance"
    " WHEN NOT EXISTS (SELECT 1 FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id"
    f" WHERE {_OF_ROW} AND p.amount = NEW.amount)"
    " BEGIN SELECT RAISE(ABORT, 'ledger_balance is kept from the postings: INSERT refused'); END",
    "CREATE TRIGGER IF NOT EXISTS ledger_balance_update_kept BEFORE UPDATE ON ledger_balance"
    " WHEN NEW.account_id <> OLD.account_id OR NEW.book <> OLD.book OR NEW.month <> OLD.month"
    " OR NEW.last_posting <= OLD.last_posting"
    " OR NOT EXISTS (SELECT 1 FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id"
    f" WHERE {_OF_ROW} AND p.amount = NEW.amount - OLD.amount)"
    " BEGIN SELECT RAISE(ABORT, 'ledger_balance is kept from the postings: UPDATE refused'); END",
    "CREATE TRIGGER IF NOT EXISTS ledger_balance_delete_kept BEFORE DELETE ON ledger_balance"
    " BEGIN SELECT RAISE(ABORT, 'ledger_balance is kept from the postings: DELETE refused'); END",
)
SQLITE_TRIGGERS = (
    "ledger_transaction_opens",
    "ledger_posting_to_open_transaction",
    "ledger_posting_one_unit",
    "ledger_transaction_closes",
    "ledger_open_transaction_not_changed",
    "ledger_posting_append_only_update",
    "ledger_posting_append_only_delete",
    "ledger_transaction_append_only_update",
    "ledger_transaction_append_only_delete",
    "ledger_account_not_reassigned",
    "ledger_keep_balances",
    "ledger_balance_insert_kept",
    "ledger_balance_update_kept",
    "ledger_balance_delete_kept",
)


def sqlite_trigger(name: str) -> str:
    """The statement of `SQLITE` that makes the trigger `name`."""
    [statement] = [s for s in SQLITE if s.startswith(f"CREATE TRIGGER IF NOT EXISTS {name} ")]
    return statement


def create(apps, schema_editor) -> None:
    """Every current trigger (a migration's RunPython)."""
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        for statement in POSTGRESQL:
            schema_editor.execute(statement, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE:
            schema_editor.execute(statement, params=None)


def drop(apps, schema_editor) -> None:
    """Every current trigger, whichever exist (a migration's RunPython)."""
    for statement in drop_statements(schema_editor.connection.vendor):
        schema_editor.execute(statement, params=None)


def drop_statements(vendor: str) -> list[str]:
    if vendor == "postgresql":
        return [f"DROP TRIGGER IF EXISTS {name} ON {table}" for name, table in POSTGRESQL_TRIGGERS] + [
            f"DROP FUNCTION IF EXISTS {name}()" for name in POSTGRESQL_FUNCTIONS
        ]
    if vendor == "sqlite":
        return [f"DROP TRIGGER IF EXISTS {name}" for name in SQLITE_TRIGGERS]
    return []
