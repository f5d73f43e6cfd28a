"""A language for each club (its members' mail, default Danish), each member (empty: the club's)
and each login that chose one (its pages and its own mail), club.services.languages."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def unhook(apps, schema_editor):
    """SQLite rebuilds club_member to add a column, which an older version's trigger naming it would
    break (club 0023 drops it for good)."""
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute("DROP TRIGGER IF EXISTS club_keep_seat_points", params=None)


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("club", "0016_payment_opening"),
    ]

    operations = [
        migrations.RunPython(unhook, migrations.RunPython.noop),
        migrations.CreateModel(
            name="LoginLanguage",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="chosen_language",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "language",
                    models.CharField(
                        choices=[("da", "Danish"), ("en", "English"), ("hu", "Hungarian")],
                        max_length=5,
                        verbose_name="language",
                    ),
                ),
            ],
            options={
                "verbose_name": "login's language",
                "verbose_name_plural": "logins' languages",
            },
        ),
        migrations.AddField(
            model_name="club",
            name="language",
            field=models.CharField(
                choices=[("da", "Danish"), ("en", "English"), ("hu", "Hungarian")],
                default="da",
                max_length=5,
                verbose_name="language",
            ),
        ),
        migrations.AddField(
            model_name="member",
            name="language",
            field=models.CharField(
                blank=True,
                choices=[("da", "Danish"), ("en", "English"), ("hu", "Hungarian")],
                max_length=5,
                verbose_name="language",
            ),
        ),
    ]
