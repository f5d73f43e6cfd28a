"""More of the ledger's guards on PostgreSQL: no posting to a committed transaction, no transaction
without postings, no account reassigned. Their SQL, as it stands now, is in `ledger.triggers`,
installed by ledger 0013."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("ledger", "0003_posting_account_points_index")]

    operations = [migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop)]
