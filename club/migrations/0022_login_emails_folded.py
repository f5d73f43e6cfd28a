"""Every login's stored address as `club.inputs.login_address` reads it (NFKC, case-folded), as
0014 did for usernames: a password reset and the search for an address's login compare it by
exact equality, so an address stored with capitals (a `createsuperuser` login, say) would never
be found.

An address is rewritten only if no other login has, or would get, the same form: the migration
names those, and an operator decides.
"""

import unicodedata

from django.conf import settings
from django.db import migrations


def _folded(text):
    # As club.inputs.login_address, written out: a migration keeps what it did when it was written.
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text.strip()).casefold())


def fold_emails(apps, schema_editor):
    users = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    rows = [
        (pk, email)
        for pk, email in users.objects.using(schema_editor.connection.alias).values_list("pk", "email")
        if email
    ]
    claimed = {}
    for pk, email in rows:
        claimed.setdefault(_folded(email), []).append(pk)
    for pk, email in rows:
        folded = _folded(email)
        if folded == email:
            continue
        if len(claimed[folded]) > 1:
            print(f"\n  login {pk} ({email!r}) keeps its address as it is: {folded!r} is another login's too.", end="")
            continue
        users.objects.using(schema_editor.connection.alias).filter(pk=pk).update(email=folded)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0021_member_account_links_set_once"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # Folded addresses stay folded: there is nothing to undo.
    operations = [migrations.RunPython(fold_emails, migrations.RunPython.noop)]
