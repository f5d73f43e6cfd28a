"""Statements are mailed once a month (`StatementMailing`, club.services.mailings), and a club
names how its members pay it (MobilePay number, bank account, a free text) for the statement's mail.

On SQLite the club's triggers (as club 0031 froze them, unchanged) are dropped before and made again after,
as any rebuilt table may take them with it.
"""

import importlib

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# The club's triggers as club 0031 froze them (this migration changes none of them).
triggers = importlib.import_module("club.migrations.0031_kept_unaccounted_transactions")


def drop_on_sqlite(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        triggers.drop(apps, schema_editor)


def create_on_sqlite(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        triggers.create(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0033_season_close"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(drop_on_sqlite, create_on_sqlite),
        migrations.AddField(
            model_name="club",
            name="bank_account",
            field=models.CharField(blank=True, default="", max_length=40, verbose_name="bank account"),
        ),
        migrations.AddField(
            model_name="club",
            name="mobilepay",
            field=models.CharField(blank=True, default="", max_length=20, verbose_name="MobilePay number"),
        ),
        migrations.AddField(
            model_name="club",
            name="payment_note",
            field=models.TextField(blank=True, default="", max_length=500, verbose_name="how to pay"),
        ),
        migrations.CreateModel(
            name="StatementMailing",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("month", models.DateField(verbose_name="month")),
                ("again", models.BooleanField(default=False)),
                ("sent_at", models.DateTimeField(auto_now_add=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="statement_mailings", to="club.club"
                    ),
                ),
                (
                    "member",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="club.member",
                    ),
                ),
                (
                    "sent_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "statement mailing",
                "verbose_name_plural": "statement mailings",
                "ordering": ["-sent_at", "-id"],
            },
        ),
        migrations.RunPython(create_on_sqlite, drop_on_sqlite),
    ]
