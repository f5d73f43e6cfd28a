"""Every account has a unit, points or øre, and a posting's (and a kept balance's) `points` become
its `amount`, in its account's unit; the database refuses a transaction whose postings mix units.

Existing accounts are points here; the caller moves those of its money in øre (club 0024). The
triggers are the ones of `ledger.triggers` from here on: whatever earlier versions made is
dropped first and the current set made last, so a fresh database and an old one end the same.
"""

from django.db import migrations, models

from ledger import triggers


class Migration(migrations.Migration):
    dependencies = [("ledger", "0012_transaction_value_date_index")]

    operations = [
        migrations.RunPython(triggers.drop, migrations.RunPython.noop),
        migrations.RemoveIndex(model_name="posting", name="posting_account_points"),
        migrations.RenameField(model_name="posting", old_name="points", new_name="amount"),
        migrations.RenameField(model_name="balance", old_name="points", new_name="amount"),
        migrations.AddIndex(
            model_name="posting",
            index=models.Index(fields=["account", "transaction"], include=("amount",), name="posting_account_amount"),
        ),
        migrations.AddField(
            model_name="account",
            name="unit",
            field=models.CharField(choices=[("points", "points"), ("ore", "øre")], default="points", max_length=6),
            preserve_default=False,
        ),
        migrations.RunPython(triggers.create, triggers.drop),
    ]
