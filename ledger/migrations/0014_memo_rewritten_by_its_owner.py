"""A transaction's memo (the caller's words about it) may be rewritten on PostgreSQL by a caller's
privileged path that says so (`ledger.rewriting_memo`, local to its database transaction):
nothing else of a transaction, and nothing of a posting, ever changes. The triggers are the ones of
`ledger.triggers`: every earlier one dropped first, the current set made last."""

from django.db import migrations

from ledger import triggers


class Migration(migrations.Migration):
    dependencies = [("ledger", "0013_amounts_in_units_and_triggers_from_one_module")]

    operations = [
        migrations.RunPython(triggers.drop, triggers.create),
        migrations.RunPython(triggers.create, triggers.drop),
    ]
