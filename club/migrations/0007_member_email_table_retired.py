"""A member's email address (invitations, statements by mail), and tables that can be retired.

Members with a login take the login's address, so statements reach them without anyone typing it
again.
"""

from django.db import migrations, models


def emails_from_logins(apps, schema_editor):
    Member = apps.get_model("club", "Member")
    for member in Member.objects.exclude(user=None).exclude(user__email="").select_related("user"):
        member.email = member.user.email[:150]
        member.save(update_fields=["email"])


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0006_names_refuse_control_characters"),
    ]

    operations = [
        migrations.AddField(
            model_name="member",
            name="email",
            field=models.EmailField(blank=True, max_length=150, verbose_name="email"),
        ),
        migrations.AddField(
            model_name="table",
            name="active",
            field=models.BooleanField(default=True, verbose_name="in use"),
        ),
        migrations.RunPython(emails_from_logins, migrations.RunPython.noop),
    ]
