"""Each seat keeps its member's statistics of the sitting (`Seat.stats`, `club.services.stats`), so a
member's page sums one row per sitting, never a season's deals.

The statistics are counted by Python (the family's tally), so they are a cache: `Seat.changes`
counts every deal version (a trigger, `club.triggers`) and ledger entry (`club.services.bookkeeping`)
written for the sitting, and `Seat.stats_of` says at which count the kept statistics were taken. A
page that finds them apart counts that sitting again.
"""

from django.db import migrations, models

# SQLite rebuilds club_seat to add a column, which an older version's trigger naming it would break.
UNHOOK = {"sqlite": ("DROP TRIGGER IF EXISTS club_keep_seat_points",)}


def unhook(apps, schema_editor):
    for statement in UNHOOK.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


FIELDS = {
    "changes": models.BigIntegerField(db_default=0, default=0, editable=False),
    "stats_of": models.BigIntegerField(null=True, editable=False),
    "stats": models.JSONField(null=True, editable=False),
}


class Migration(migrations.Migration):
    dependencies = [("club", "0012_seat_points")]

    operations = [
        migrations.RunPython(unhook, migrations.RunPython.noop),
        *(migrations.AddField(model_name="seat", name=name, field=field) for name, field in FIELDS.items()),
    ]
