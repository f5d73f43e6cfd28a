"""The transactions no club record accounts for, kept by the database (`club.triggers`) as the ledger
keeps balances: the member's page, the API's balance and the statement flag money posted past the
club's services from these few rows instead of reading the member's every posting.

The table made, then the club's triggers: every earlier one dropped, the table filled with the
transactions nothing names today, the current set made last.
"""

import django.db.models.deletion
from django.db import migrations, models

from club import triggers


def fill(apps, schema_editor) -> None:
    """Every transaction no ledger entry, payment or table opening names, as the triggers keep them."""
    schema_editor.execute(
        f"INSERT INTO {triggers.KEPT} (transaction_id) SELECT t.id FROM ledger_transaction t"
        f" WHERE NOT {triggers.named('t.id')}",
        params=None,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0027_forget_former_logins"),
        ("ledger", "0014_memo_rewritten_by_its_owner"),
    ]

    operations = [
        migrations.CreateModel(
            name="UnaccountedTransaction",
            fields=[
                (
                    "transaction",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        primary_key=True,
                        related_name="unaccounted",
                        serialize=False,
                        to="ledger.transaction",
                    ),
                ),
            ],
            options={
                "verbose_name": "unaccounted transaction",
                "verbose_name_plural": "unaccounted transactions",
            },
        ),
        # After the table: dropping the current set names it.
        migrations.RunPython(triggers.drop, triggers.create),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.RunPython(triggers.create, triggers.drop),
    ]
