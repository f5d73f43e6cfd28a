"""Forgetting a member on PostgreSQL takes his former logins too: `club_forget_member` (club.triggers)
rewrites the log of each login his row was linked to before that no member uses now and that is
no staff's, as it does his login of today's, and takes their addresses with his.

The SQL is `club.triggers`'s: this migration drops the club's triggers, and club 0028 (the
latest that changes them) makes the current set, whose kept table it creates.
"""

from django.db import migrations

from club import triggers


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0026_forget_member"),
    ]

    operations = [
        migrations.RunPython(triggers.drop, migrations.RunPython.noop),
    ]
