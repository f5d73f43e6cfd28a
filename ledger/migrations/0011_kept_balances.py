"""Balances kept by the database: one row per account, book and month of value dates, moved by
every posting in the database transaction that writes it, and by nothing else.

PostgreSQL: a statement trigger on ledger_posting adds each INSERT's postings to their rows (in
account order, so two writers never wait on each other in a circle); it runs as the tables' owner,
and a row trigger on ledger_balance refuses any write that does not come from it. SQLite: a row
trigger adds each posting; ledger_balance refuses an INSERT or UPDATE that is not exactly the
next posting of its account, book and month, and any DELETE. Existing postings are summed once
here. `ledger.checks.drifted_balances` recomputes every row from the postings.
"""

import django.db.models.deletion
from django.db import migrations, models

BACKFILL = """
INSERT INTO ledger_balance (account_id, book, month, points, last_posting)
SELECT p.account_id, t.book, {month}, SUM(p.points), MAX(p.id)
FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id
GROUP BY p.account_id, t.book, {month}
"""
PG_MONTH = "date_trunc('month', t.value_date)::date"
SQLITE_MONTH = "strftime('%Y-%m-01', t.value_date)"

POSTGRES = """
CREATE FUNCTION ledger_keep_balances() RETURNS trigger SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
    INSERT INTO ledger_balance AS b (account_id, book, month, points, last_posting)
    SELECT p.account_id, t.book, date_trunc('month', t.value_date)::date, SUM(p.points), MAX(p.id)
    FROM new_postings p JOIN ledger_transaction t ON t.id = p.transaction_id
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (account_id, book, month) DO UPDATE
        SET points = b.points + EXCLUDED.points, last_posting = GREATEST(b.last_posting, EXCLUDED.last_posting);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_keep_balances
    AFTER INSERT ON ledger_posting
    REFERENCING NEW TABLE AS new_postings
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_keep_balances();

CREATE FUNCTION ledger_balance_kept() RETURNS trigger AS $$
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
"""

POSTGRES_DROP = """
DROP TRIGGER IF EXISTS ledger_balance_kept ON ledger_balance;
DROP FUNCTION IF EXISTS ledger_balance_kept();
DROP TRIGGER IF EXISTS ledger_keep_balances ON ledger_posting;
DROP FUNCTION IF EXISTS ledger_keep_balances();
"""

# The posting `p` (of transaction `t`) is this balance row's, by account, book and month.
_OF_ROW = (
    "p.id = NEW.last_posting AND p.account_id = NEW.account_id AND t.book = NEW.book"
    " AND strftime('%Y-%m-01', t.value_date) = NEW.month"
)
SQLITE = [
    "CREATE TRIGGER IF NOT EXISTS ledger_keep_balances AFTER INSERT ON ledger_posting BEGIN"
    " INSERT INTO ledger_balance (account_id, book, month, points, last_posting)"
    " SELECT NEW.account_id, t.book, strftime('%Y-%m-01', t.value_date), NEW.points, NEW.id"
    " FROM ledger_transaction t WHERE t.id = NEW.transaction_id"
    " ON CONFLICT (account_id, book, month) DO UPDATE"
    " SET points = points + excluded.points, last_posting = excluded.last_posting; END",
    "CREATE TRIGGER IF NOT EXISTS ledger_balance_insert_kept BEFORE INSERT ON ledger_balance"
    " WHEN NOT EXISTS (SELECT 1 FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id"
    f" WHERE {_OF_ROW} AND p.points = NEW.points)"
    " BEGIN SELECT RAISE(ABORT, 'ledger_balance is kept from the postings: INSERT refused'); END",
    "CREATE TRIGGER IF NOT EXISTS ledger_balance_update_kept BEFORE UPDATE ON ledger_balance"
    " WHEN NEW.account_id <> OLD.account_id OR NEW.book <> OLD.book OR NEW.month <> OLD.month"
    " OR NEW.last_posting <= OLD.last_posting"
    " OR NOT EXISTS (SELECT 1 FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id"
    f" WHERE {_OF_ROW} AND p.points = NEW.points - OLD.points)"
    " BEGIN SELECT RAISE(ABORT, 'ledger_balance is kept from the postings: UPDATE refused'); END",
    "CREATE TRIGGER IF NOT EXISTS ledger_balance_delete_kept BEFORE DELETE ON ledger_balance"
    " BEGIN SELECT RAISE(ABORT, 'ledger_balance is kept from the postings: DELETE refused'); END",
]
SQLITE_TRIGGERS = [
    "ledger_keep_balances",
    "ledger_balance_insert_kept",
    "ledger_balance_update_kept",
    "ledger_balance_delete_kept",
]


def create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(BACKFILL.format(month=PG_MONTH), params=None)
        schema_editor.execute(POSTGRES, params=None)
    elif vendor == "sqlite":
        schema_editor.execute(BACKFILL.format(month=SQLITE_MONTH), params=None)
        for statement in SQLITE:
            schema_editor.execute(statement, params=None)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(POSTGRES_DROP, params=None)
    elif schema_editor.connection.vendor == "sqlite":
        for trigger in SQLITE_TRIGGERS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {trigger}", params=None)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0010_transaction_book")]

    operations = [
        migrations.CreateModel(
            name="Balance",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("book", models.CharField(max_length=64)),
                ("month", models.DateField()),
                ("points", models.BigIntegerField()),
                ("last_posting", models.BigIntegerField()),
                (
                    "account",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="balances", to="ledger.account"
                    ),
                ),
            ],
            options={"verbose_name": "balance", "verbose_name_plural": "balances"},
        ),
        migrations.AddConstraint(
            model_name="balance",
            constraint=models.UniqueConstraint(
                fields=("account", "book", "month"), name="one_balance_per_book_and_month"
            ),
        ),
        migrations.RunPython(create, drop),
    ]
