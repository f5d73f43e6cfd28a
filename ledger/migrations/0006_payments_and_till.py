"""Money outside the sittings: a payments account per member (øre), a till per club, and transfers without a sitting."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0008_idempotency_keys_with_user_and_sitting"),
        ("ledger", "0005_table_accounts_both_families"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="account",
            name="account_is_a_member_or_a_table_account",
        ),
        migrations.AddField(
            model_name="account",
            name="payer",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="payment_accounts",
                to="club.member",
            ),
        ),
        migrations.AlterField(
            model_name="account",
            name="kind",
            field=models.CharField(
                choices=[
                    ("member", "member"),
                    ("pagat_cup", "Pagatkop"),
                    ("king_cup", "Kongekop"),
                    ("pot", "ultimókassza"),
                    ("payments", "payments"),
                    ("till", "till"),
                ],
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="transaction",
            name="kind",
            field=models.CharField(
                choices=[
                    ("funding", "funding"),
                    ("deal", "deal"),
                    ("close", "close"),
                    ("reversal", "reversal"),
                    ("transfer", "transfer"),
                ],
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="transaction",
            name="sitting",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="transactions",
                to="club.sitting",
            ),
        ),
        migrations.AddConstraint(
            model_name="account",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(
                        ("kind", "member"), ("member__isnull", False), ("payer__isnull", True), ("table__isnull", True)
                    ),
                    models.Q(
                        ("kind__in", ["pagat_cup", "king_cup", "pot"]),
                        ("member__isnull", True),
                        ("payer__isnull", True),
                        ("table__isnull", False),
                    ),
                    models.Q(
                        ("kind", "payments"),
                        ("member__isnull", True),
                        ("payer__isnull", False),
                        ("table__isnull", True),
                    ),
                    models.Q(
                        ("kind", "till"), ("member__isnull", True), ("payer__isnull", True), ("table__isnull", True)
                    ),
                    _connector="OR",
                ),
                name="account_is_a_member_table_payments_or_till_account",
            ),
        ),
        migrations.AddConstraint(
            model_name="account",
            constraint=models.UniqueConstraint(
                condition=models.Q(("payer__isnull", False)), fields=("payer",), name="one_payments_account_per_member"
            ),
        ),
        migrations.AddConstraint(
            model_name="account",
            constraint=models.UniqueConstraint(
                condition=models.Q(("kind", "till")), fields=("club",), name="one_till_per_club"
            ),
        ),
    ]
