"""Forgetting a member on PostgreSQL (club.services.forgetting): one function, owned by the role
that migrates and so by the tables' owner, that replaces one member's name by "Tidligere medlem N"
in his club's rows the app may not change itself (seats' names, deal versions, payments, table
openings, the audit log). SECURITY DEFINER, with EXECUTE taken from PUBLIC (scripts/app-role.sql
grants it to the app role): the app can rename only a member of the club it names, only to a
"Tidligere medlem N" the club does not use, and nothing else. A deal version's guard lets an
update through only while this function runs (`club.forgetting`, local to its transaction).

The SQL is `club.triggers`'s: this migration drops the club's triggers, and club 0028 (the
latest that changes them) makes the current set, whose kept table it creates.
"""

from django.db import migrations

from club import triggers


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0025_table_openings"),
        ("ledger", "0014_memo_rewritten_by_its_owner"),
        ("auditlog", "__latest__"),
        ("contenttypes", "__latest__"),
    ]

    operations = [
        migrations.RunPython(triggers.drop, migrations.RunPython.noop),
    ]
