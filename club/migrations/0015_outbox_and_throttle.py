"""The outbox's link from a queued mail to its club, and the password reset's throttle counts."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0014_join_requests_and_login_addresses"),
        ("post_office", "0014_alter_email_recipient_delivery_status_and_more"),
    ]

    operations = [
        migrations.CreateModel(
            name="ClubMail",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="mails", to="club.club"
                    ),
                ),
                (
                    "email",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE, related_name="club_mail", to="post_office.email"
                    ),
                ),
            ],
            options={
                "verbose_name": "club mail",
                "verbose_name_plural": "club mails",
            },
        ),
        migrations.CreateModel(
            name="Throttle",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("scope", models.CharField(max_length=30)),
                ("key", models.CharField(max_length=64)),
                ("attempts", models.JSONField(default=list)),
                ("last_attempt", models.DateTimeField(db_index=True)),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("scope", "key"), name="throttle_one_row_per_key")],
            },
        ),
    ]
