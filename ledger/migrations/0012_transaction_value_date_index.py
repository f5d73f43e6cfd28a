"""Transactions by value date: a month's statement reads that month's transactions, not every
posting of the member's account."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("ledger", "0011_kept_balances")]

    operations = [
        migrations.AddIndex(
            model_name="transaction", index=models.Index(fields=["value_date"], name="transaction_value_date")
        ),
    ]
