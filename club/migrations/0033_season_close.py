"""A season closes (club.services.season_close): what it does with the tables' cups or pot
(`at_close`), when and by whom it was closed, and each table's settlement with its transactions.

On SQLite adding the columns rebuilds `club_season`, which drops its triggers: the club's current
set (as club 0031 froze it, unchanged) is dropped before and made again after.
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
        ("club", "0032_slovenian_language"),
        ("ledger", "0015_guards_search_path"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(drop_on_sqlite, create_on_sqlite),
        migrations.AddField(
            model_name="season",
            name="at_close",
            field=models.CharField(
                choices=[
                    ("split", "split what each table holds among the members who played there"),
                    ("carry", "carry what each table holds into the next season, at the money it holds"),
                ],
                default="carry",
                max_length=5,
                verbose_name="end of season",
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="closed_at",
            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name="closed"),
        ),
        migrations.AddField(
            model_name="season",
            name="closed_by",
            field=models.ForeignKey(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.CreateModel(
            name="SeasonSettlement",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "how",
                    models.CharField(
                        choices=[
                            ("split", "split what each table holds among the members who played there"),
                            ("carry", "carry what each table holds into the next season, at the money it holds"),
                        ],
                        max_length=5,
                        verbose_name="end of season",
                    ),
                ),
                ("held", models.JSONField(default=dict)),
                ("carried", models.JSONField(default=dict)),
                ("rest_ore", models.PositiveIntegerField(default=0)),
                ("recorded_at", models.DateTimeField(auto_now_add=True)),
                (
                    "after_sitting",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="club.sitting",
                    ),
                ),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="season_settlements", to="club.club"
                    ),
                ),
                (
                    "in_transaction",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="season_in",
                        to="ledger.transaction",
                    ),
                ),
                (
                    "into",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="carried_in",
                        to="club.season",
                    ),
                ),
                (
                    "out_transaction",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="season_out",
                        to="ledger.transaction",
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
                    "rest_transaction",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="season_rest",
                        to="ledger.transaction",
                    ),
                ),
                (
                    "season",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="settlements", to="club.season"
                    ),
                ),
                (
                    "split_transaction",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="season_split",
                        to="ledger.transaction",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="season_settlements", to="club.table"
                    ),
                ),
            ],
            options={
                "verbose_name": "season settlement",
                "verbose_name_plural": "season settlements",
                "ordering": ["season", "table"],
                "constraints": [
                    models.UniqueConstraint(fields=("season", "table"), name="one_settlement_per_season_and_table")
                ],
            },
        ),
        migrations.RunPython(create_on_sqlite, drop_on_sqlite),
    ]
