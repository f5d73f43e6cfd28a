"""Each seat keeps what its member won or lost at the sitting (`Seat.points`): a season's chart reads
one row per member and sitting, never the season's postings. Seats of the sittings already settled
are summed once here; from then on `club.services.bookkeeping` adds each ledger entry's postings in
the `atomic()` block that posts it, and `ledger_check` finds a drifted seat.
"""

from django.db import migrations, models

# Before the ledger calls a posting's points its amount (ledger 0013).
BACKFILL = """
UPDATE club_seat SET points = COALESCE((
    SELECT SUM(p.points) FROM ledger_posting p
    JOIN club_ledgerentry e ON e.transaction_id = p.transaction_id
    JOIN club_member m ON m.account_id = p.account_id
    WHERE e.sitting_id = club_seat.sitting_id AND m.id = club_seat.member_id
), 0)
"""


class Migration(migrations.Migration):
    dependencies = [("club", "0011_seasons_are_ledger_books")]
    run_before = [("ledger", "0013_amounts_in_units_and_triggers_from_one_module")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="points",
            field=models.BigIntegerField(db_default=0, default=0, editable=False),
        ),
        migrations.RunSQL(BACKFILL, migrations.RunSQL.noop),
    ]
