"""Join requests (club.services.joining), members' names checked as names (format characters
refused, club.inputs.check_name), and every login's username as `club.inputs.login_address`
reads it: NFKC, case-folded, since logins are now found by exact equality with that form.

A username is rewritten only if no other login has, or would get, the same form: two logins that
fold to one are never merged; the migration names them, and an operator decides (the login page
still finds each by what is stored, typed exactly).
"""

import unicodedata

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import club.inputs

MAX_USERNAME = 150


def _folded(text):
    # As club.inputs.login_address, written out: a migration keeps what it did when it was written.
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text.strip()).casefold())


def normalise_usernames(apps, schema_editor):
    users = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    rows = list(users.objects.using(schema_editor.connection.alias).values_list("pk", "username"))
    claimed = {}
    for pk, username in rows:
        claimed.setdefault(_folded(username), []).append(pk)
    for pk, username in rows:
        folded = _folded(username)
        if folded == username:
            continue
        if len(claimed[folded]) > 1 or len(folded) > MAX_USERNAME:
            print(f"\n  login {pk} ({username!r}) is kept as it is: {folded!r} is taken or too long.", end="")
            continue
        users.objects.using(schema_editor.connection.alias).filter(pk=pk).update(username=folded)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0013_seat_stats"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="member",
            name="name",
            field=models.CharField(max_length=80, validators=[club.inputs.check_name], verbose_name="name"),
        ),
        migrations.CreateModel(
            name="JoinRequest",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="asked at")),
                ("decided_at", models.DateTimeField(blank=True, null=True, verbose_name="answered at")),
                ("accepted", models.BooleanField(blank=True, null=True, verbose_name="accepted")),
                (
                    "member",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="join_requests",
                        to="club.member",
                        verbose_name="member",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="join_requests",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="login",
                    ),
                ),
            ],
            options={
                "verbose_name": "join request",
                "verbose_name_plural": "join requests",
                "ordering": ["created_at", "id"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("decided_at__isnull", True)),
                        fields=("member",),
                        name="one_open_join_request_per_member",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("accepted__isnull", True), ("decided_at__isnull", True)),
                            models.Q(("accepted__isnull", False), ("decided_at__isnull", False)),
                            _connector="OR",
                        ),
                        name="join_request_open_or_decided",
                    ),
                ],
            },
        ),
        migrations.RunPython(normalise_usernames, migrations.RunPython.noop),
    ]
