"""Balances kept by the database: one row per account, book and month of value dates, moved by
every posting in the database transaction that writes it, and by nothing else (the triggers that
keep and guard them are in `ledger.triggers`, installed by ledger 0013). Existing postings are
summed once here. `ledger.checks.drifted_balances` recomputes every row from the postings.
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


def backfill(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor in ("postgresql", "sqlite"):
        month = PG_MONTH if vendor == "postgresql" else SQLITE_MONTH
        schema_editor.execute(BACKFILL.format(month=month), params=None)


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
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
