"""Balances and cup contents read from the index alone (benchmarks/ledger_postgres.py).

`cups_of` sums the postings of a table's two cup accounts on every recorded deal. Without the
points in the index PostgreSQL scanned every posting of the club: record_deal took about
550 ms at a table with 10,000 earlier deals (2.9 million postings in the club), about 45 ms
with this covering index. It replaces the (account, transaction) index it extends.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0002_postgresql_guards"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="posting",
            name="ledger_post_account_4f70ff_idx",
        ),
        migrations.AddIndex(
            model_name="posting",
            index=models.Index(fields=["account", "transaction"], include=("points",), name="posting_account_points"),
        ),
    ]
