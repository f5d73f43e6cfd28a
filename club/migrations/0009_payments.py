"""Payments: money between a member and the club's till, kept as it was recorded (a reversal names what it reverses)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0008_idempotency_keys_with_user_and_sitting"),
        ("ledger", "0005_table_accounts_both_families"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Payment",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "direction",
                    models.CharField(
                        choices=[("in", "paid in"), ("out", "paid out")], max_length=3, verbose_name="direction"
                    ),
                ),
                ("amount_ore", models.PositiveBigIntegerField(verbose_name="amount in øre")),
                (
                    "method",
                    models.CharField(
                        choices=[("cash", "cash"), ("mobilepay", "MobilePay"), ("bank", "bank transfer")],
                        max_length=10,
                        verbose_name="method",
                    ),
                ),
                ("paid_on", models.DateField(verbose_name="date")),
                ("note", models.CharField(blank=True, max_length=200, verbose_name="note")),
                ("reason", models.TextField(blank=True, verbose_name="reason")),
                ("recorded_at", models.DateTimeField(auto_now_add=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="payments", to="club.club"
                    ),
                ),
                (
                    "member",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="payments", to="club.member"
                    ),
                ),
                (
                    "recorded_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "reverses",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="reversed_by",
                        to="club.payment",
                    ),
                ),
                (
                    "sitting",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="payments",
                        to="club.sitting",
                    ),
                ),
                (
                    "transaction",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="payment",
                        to="ledger.transaction",
                    ),
                ),
            ],
            options={
                "verbose_name": "payment",
                "verbose_name_plural": "payments",
                "ordering": ["-paid_on", "-id"],
                "constraints": [
                    models.CheckConstraint(condition=models.Q(("amount_ore__gt", 0)), name="payment_amount_positive"),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("reason", ""), ("reverses__isnull", True)),
                            models.Q(("reverses__isnull", False), models.Q(("reason", ""), _negated=True)),
                            _connector="OR",
                        ),
                        name="payment_reversal_has_a_reason",
                    ),
                ],
            },
        ),
    ]
