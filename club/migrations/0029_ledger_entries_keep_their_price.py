"""Each ledger entry keeps the point value its season had when it was posted (a reversal: its
original's), so `ledger_check` names a season whose value changed after money was posted: a saldo
is points times the season's value, and such a change would move saldi without a posting.

Existing entries take their season's value as it stands now: the database refused every change of
a played season's value since club 0020 (on PostgreSQL, where a session could shadow the guard's
table, until club 0028), so it is the one they were posted at unless the books were already
tampered with.
"""

from django.db import migrations, models

FILL = """
UPDATE club_ledgerentry SET point_value_ore = (
    SELECT s.point_value_ore FROM club_sitting st JOIN club_season s ON s.id = st.season_id
    WHERE st.id = club_ledgerentry.sitting_id
)
"""


class Migration(migrations.Migration):
    dependencies = [("club", "0028_guards_search_path")]

    operations = [
        migrations.AddField(
            model_name="ledgerentry",
            name="point_value_ore",
            field=models.PositiveIntegerField(default=0),
            preserve_default=False,
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
    ]
