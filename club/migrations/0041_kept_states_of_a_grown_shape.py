"""Kept table states in the shape their family keeps now: a Slovenian state gained the radelci
crossed off in the sitting (`crossed_off`, drawn ⊗ on the sheet). Sittings kept before lack it,
and `ledger_check` would name each of their states; their tables' states are made the replay's
(`club.services.replay.keep_replayed_states`: states only, never money).

Which tables need it is read through the historical models; only those are replayed, with the
services of this release (no database has such a table once it has run this).
"""

from django.db import migrations

import rules


def keep_grown_states(apps, schema_editor):
    Sitting = apps.get_model("club", "Sitting")
    tables = set()
    for table_id, preset, state in Sitting.objects.values_list("table_id", "season__preset", "state").iterator():
        if not state:
            continue
        family = rules.family_of(preset)
        if set(family.state_as_json(family.state_from_json(state))) != set(state):
            tables.add(table_id)
    if not tables:
        return
    from django_scopes import scopes_disabled

    from club.models import Table
    from club.services.replay import keep_replayed_states

    with scopes_disabled():
        for table in Table.objects.filter(pk__in=tables).order_by("pk"):
            keep_replayed_states(table)


class Migration(migrations.Migration):
    dependencies = [("club", "0040_payment_reminders")]

    operations = [migrations.RunPython(keep_grown_states, migrations.RunPython.noop, elidable=True)]
