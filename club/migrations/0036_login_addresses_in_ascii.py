"""Every stored address with a domain outside ASCII in IDNA's ASCII form, as `club.inputs.login_address`
now reads it ("anna@bücher.dk" is "anna@xn--bcher-kva.dk"): a login's username and address, and a
member's address. Every lookup compares them by exact equality, so an address stored in Unicode
would no longer be found.

An address is rewritten only if no other login (no other member of the club) has, or would get,
the same form: the migration names those, and an operator decides.
"""

from django.conf import settings
from django.db import migrations


def _ascii(address):
    # As club.inputs.login_address, written out: a migration keeps what it did when it was written.
    local, at, domain = address.rpartition("@")
    if not at or domain.isascii():
        return address
    try:
        return f"{local}@{domain.encode('idna').decode('ascii')}"
    except UnicodeError:
        return address


def _rewrite(model, field, using, within=None):
    """Rewrite `field` of each row unless another row (of the same `within`, if given) has or
    would get the same form."""
    group = within or "pk"
    rows = [
        (pk, key if within else None, value)
        for pk, key, value in model.objects.using(using).values_list("pk", group, field)
        if value
    ]
    claimed = {}
    for pk, key, value in rows:
        claimed.setdefault((key, _ascii(value)), []).append(pk)
    for pk, key, value in rows:
        written = _ascii(value)
        if written == value:
            continue
        if len(claimed[(key, written)]) > 1:
            print(f"\n  {model.__name__} {pk} keeps its {field} {value!r}: {written!r} is another's too.", end="")
            continue
        model.objects.using(using).filter(pk=pk).update(**{field: written})


def addresses_in_ascii(apps, schema_editor):
    using = schema_editor.connection.alias
    users = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    _rewrite(users, "username", using)
    _rewrite(users, "email", using)
    # Members of different clubs may share an address; within one club they may not.
    _rewrite(apps.get_model("club", "Member"), "email", using, within="club_id")


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0035_season_settlements_account_for_their_transactions"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # An address in ASCII is the same address: there is nothing to undo.
    operations = [migrations.RunPython(addresses_in_ascii, migrations.RunPython.noop)]
