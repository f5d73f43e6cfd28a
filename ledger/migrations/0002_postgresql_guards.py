"""PostgreSQL's first guards of the ledger: a transaction's postings sum to zero (at COMMIT), and
postings and transactions are append-only. Their SQL, as it stands now, is in `ledger.triggers`,
installed by ledger 0013."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial")]

    operations = [migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop)]
