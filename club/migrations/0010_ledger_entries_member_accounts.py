"""The club keeps its own links into the ledger: which sitting event each ledger transaction
settles (`LedgerEntry`; a payment's transaction is linked from its `Payment` already), each
member's account (`Member.account`) and payments account (`Member.payments_account`), copied from the columns
ledger 0008 then drops (this runs between ledger 0007 and 0008)."""

import django.db.models.deletion
from django.db import migrations, models

COPY = [
    """
    INSERT INTO club_ledgerentry (transaction_id, kind, sitting_id, event, deal_version_id, caused_by_id)
    SELECT id, kind, sitting_id, event, deal_version_id, caused_by_id FROM ledger_transaction
    WHERE sitting_id IS NOT NULL
    """,
    """
    UPDATE club_member SET account_id = (SELECT a.id FROM ledger_account a WHERE a.member_id = club_member.id)
    """,
    """
    UPDATE club_member SET payments_account_id = (
        SELECT a.id FROM ledger_account a WHERE a.payer_id = club_member.id
    )
    """,
]


def copy(apps, schema_editor):
    for statement in COPY:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0009_payments"),
        ("ledger", "0007_account_owner_transaction_reference"),
    ]
    run_before = [("ledger", "0008_ledger_knows_no_domain")]

    operations = [
        migrations.CreateModel(
            name="LedgerEntry",
            fields=[
                (
                    "transaction",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        primary_key=True,
                        related_name="entry",
                        serialize=False,
                        to="ledger.transaction",
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("funding", "funding"),
                            ("deal", "deal"),
                            ("close", "close"),
                            ("reversal", "reversal"),
                        ],
                        max_length=10,
                    ),
                ),
                ("event", models.CharField(max_length=20)),
                (
                    "caused_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="caused_entries",
                        to="club.dealversion",
                    ),
                ),
                (
                    "deal_version",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="entries",
                        to="club.dealversion",
                    ),
                ),
                (
                    "sitting",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="entries", to="club.sitting"
                    ),
                ),
            ],
            options={
                "verbose_name": "ledger entry",
                "verbose_name_plural": "ledger entries",
                "ordering": ["transaction"],
                "indexes": [models.Index(fields=["sitting", "event"], name="ledger_entry_sitting_event")],
            },
        ),
        migrations.AddField(
            model_name="member",
            name="account",
            field=models.OneToOneField(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="member",
                to="ledger.account",
            ),
        ),
        migrations.AddField(
            model_name="member",
            name="payments_account",
            field=models.OneToOneField(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="payer",
                to="ledger.account",
            ),
        ),
        migrations.RunPython(copy, migrations.RunPython.noop),
    ]
