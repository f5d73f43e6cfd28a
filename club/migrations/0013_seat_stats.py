"""Each seat keeps its member's statistics of the sitting (`Seat.stats`, `club.services.stats`), so a
member's page sums one row per sitting, never a season's deals.

The statistics are counted by Python (the family's tally), so they are a cache: `Seat.changes`
counts, in the database, every deal version and ledger entry written for the sitting (both move a
member's figures), and `Seat.stats_of` says at which count the kept statistics were taken. A page
that finds them apart counts that sitting again. The count moves in the transaction that writes
the version or the entry, from triggers on both databases, so no write path can forget it.
"""

from django.db import migrations, models

# As in 0012: the postings of entry NEW.transaction_id per member, for that member's seat.
ENTRY_POINTS = (
    "SELECT SUM(p.points) FROM ledger_posting p JOIN club_member m ON m.account_id = p.account_id"
    " WHERE p.transaction_id = NEW.transaction_id AND m.id = club_seat.member_id"
)

VERSION_SEATS = "sitting_id = (SELECT d.sitting_id FROM club_deal d WHERE d.id = NEW.deal_id)"


def points_function(counted: str) -> str:
    """0012's PostgreSQL function that adds an entry's postings to the sitting's seats, `counted`
    the further assignments it makes."""
    return f"""
CREATE OR REPLACE FUNCTION club_keep_seat_points() RETURNS trigger AS $$
BEGIN
    UPDATE club_seat SET points = points + COALESCE(({ENTRY_POINTS}), 0){counted}
    WHERE sitting_id = NEW.sitting_id;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
"""


def points_trigger(counted: str) -> str:
    """0012's SQLite trigger, likewise."""
    return (
        "CREATE TRIGGER club_keep_seat_points AFTER INSERT ON club_ledgerentry BEGIN"
        f" UPDATE club_seat SET points = points + COALESCE(({ENTRY_POINTS}), 0){counted}"
        " WHERE sitting_id = NEW.sitting_id; END"
    )


COUNTED = ", changes = changes + 1"
CREATE = {
    "postgresql": (
        points_function(COUNTED),
        f"""
CREATE FUNCTION club_seat_stats_changed() RETURNS trigger AS $$
BEGIN
    UPDATE club_seat SET changes = changes + 1 WHERE {VERSION_SEATS};
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_seat_stats_changed
    AFTER INSERT ON club_dealversion
    FOR EACH ROW EXECUTE FUNCTION club_seat_stats_changed();
""",
    ),
    "sqlite": (
        points_trigger(COUNTED),
        "CREATE TRIGGER club_seat_stats_changed AFTER INSERT ON club_dealversion BEGIN"
        f" UPDATE club_seat SET changes = changes + 1 WHERE {VERSION_SEATS}; END",
    ),
}
DROP = {
    "postgresql": (
        "DROP TRIGGER IF EXISTS club_seat_stats_changed ON club_dealversion;"
        " DROP FUNCTION IF EXISTS club_seat_stats_changed();",
        points_function(""),
    ),
    "sqlite": ("DROP TRIGGER IF EXISTS club_seat_stats_changed", "DROP TRIGGER IF EXISTS club_keep_seat_points"),
}
# SQLite rebuilds club_seat to add a column, which a trigger naming it would break: 0012's trigger
# goes first and comes back (counting changes) after the columns.
UNHOOK = {"sqlite": ("DROP TRIGGER IF EXISTS club_keep_seat_points",)}
REHOOK = {"sqlite": (points_trigger(""),)}


def run(statements):
    def apply(apps, schema_editor):
        for statement in statements.get(schema_editor.connection.vendor, ()):
            schema_editor.execute(statement, params=None)

    return apply


FIELDS = {
    "changes": models.BigIntegerField(db_default=0, default=0, editable=False),
    "stats_of": models.BigIntegerField(null=True, editable=False),
    "stats": models.JSONField(null=True, editable=False),
}


class Migration(migrations.Migration):
    dependencies = [("club", "0012_seat_points")]

    operations = [
        migrations.RunPython(run(UNHOOK), run(REHOOK)),
        *(migrations.AddField(model_name="seat", name=name, field=field) for name, field in FIELDS.items()),
        migrations.RunPython(run(CREATE), run(DROP)),
    ]
