"""Payment reminders (club.services.reminders): one row per member reminded, at most one a month;
and their line in the club's log."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0039_the_log_and_the_forget_together"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="clubevent",
            name="kind",
            field=models.CharField(
                choices=[
                    ("club_created", "Club Created"),
                    ("club_renamed", "Club Renamed"),
                    ("payment_details", "Payment Details"),
                    ("statements_mailed", "Statements Mailed"),
                    ("member_added", "Member Added"),
                    ("member_deleted", "Member Deleted"),
                    ("member_renamed", "Member Renamed"),
                    ("member_role", "Member Role"),
                    ("member_active", "Member Active"),
                    ("member_email", "Member Email"),
                    ("member_invited", "Member Invited"),
                    ("member_forgotten", "Member Forgotten"),
                    ("join_asked", "Join Asked"),
                    ("join_answered", "Join Answered"),
                    ("season_created", "Season Created"),
                    ("season_deleted", "Season Deleted"),
                    ("season_renamed", "Season Renamed"),
                    ("season_dates", "Season Dates"),
                    ("season_rules", "Season Rules"),
                    ("season_point_value", "Season Point Value"),
                    ("season_sittings_close", "Season Sittings Close"),
                    ("season_at_close", "Season At Close"),
                    ("season_closed", "Season Closed"),
                    ("table_added", "Table Added"),
                    ("table_renamed", "Table Renamed"),
                    ("table_active", "Table Active"),
                    ("table_opening", "Table Opening"),
                    ("sitting_started", "Sitting Started"),
                    ("sitting_closed", "Sitting Closed"),
                    ("sitting_imported", "Sitting Imported"),
                    ("deal_corrected", "Deal Corrected"),
                    ("payment", "Payment"),
                    ("dispute_opened", "Dispute Opened"),
                    ("dispute_answered", "Dispute Answered"),
                    ("members_imported", "Members Imported"),
                    ("payment_reminders", "Payment Reminders"),
                ],
                max_length=32,
            ),
        ),
        migrations.CreateModel(
            name="PaymentReminder",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("month", models.DateField(verbose_name="month")),
                ("saldo_ore", models.BigIntegerField()),
                ("sent_at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="payment_reminders", to="club.club"
                    ),
                ),
                (
                    "member",
                    models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="+", to="club.member"),
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
                "verbose_name": "payment reminder",
                "verbose_name_plural": "payment reminders",
                "ordering": ["-sent_at", "-id"],
                "constraints": [
                    models.UniqueConstraint(fields=("member", "month"), name="one_payment_reminder_a_month")
                ],
            },
        ),
    ]
