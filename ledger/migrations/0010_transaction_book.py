"""A transaction counts in a book the caller names (e.g. a season): balances are kept per account,
book and month (0011). Existing transactions get their books from their callers (club 0011)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("ledger", "0009_guards_hold_under_races_on_both_databases")]

    operations = [
        migrations.AddField(
            model_name="transaction",
            name="book",
            field=models.CharField(blank=True, default="", db_default="", max_length=64),
        ),
    ]
