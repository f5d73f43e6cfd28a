"""Each seat keeps what its member won or lost at the sitting (`Seat.points`), moved by the
database in the transaction that writes each ledger entry of the sitting, and by nothing else: a
season's chart reads one row per member and sitting, never the season's postings.

Both databases: a row trigger on club_ledgerentry adds the entry's postings to the seats of their
members. PostgreSQL also refuses any other change of a seat's points (a row trigger on club_seat
that lets only the entry's trigger through); on SQLite `ledger_check` finds a drifted seat.
Seats of the sittings already settled are summed once here.
"""

from django.db import migrations, models

# The postings of entry NEW.transaction_id per member, added to that member's seat at NEW.sitting_id.
ENTRY_POINTS = (
    "SELECT SUM(p.points) FROM ledger_posting p JOIN club_member m ON m.account_id = p.account_id"
    " WHERE p.transaction_id = NEW.transaction_id AND m.id = club_seat.member_id"
)
BACKFILL = """
UPDATE club_seat SET points = COALESCE((
    SELECT SUM(p.points) FROM ledger_posting p
    JOIN club_ledgerentry e ON e.transaction_id = p.transaction_id
    JOIN club_member m ON m.account_id = p.account_id
    WHERE e.sitting_id = club_seat.sitting_id AND m.id = club_seat.member_id
), 0)
"""

POSTGRES = f"""
CREATE FUNCTION club_keep_seat_points() RETURNS trigger AS $$
BEGIN
    UPDATE club_seat SET points = points + COALESCE(({ENTRY_POINTS}), 0)
    WHERE sitting_id = NEW.sitting_id;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_keep_seat_points
    AFTER INSERT ON club_ledgerentry
    FOR EACH ROW EXECUTE FUNCTION club_keep_seat_points();

CREATE FUNCTION club_seat_points_kept() RETURNS trigger AS $$
BEGIN
    IF pg_trigger_depth() < 2 THEN
        RAISE EXCEPTION 'club_seat.points is kept from the ledger entries: % refused', TG_OP
            USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_seat_points_kept_update
    BEFORE UPDATE ON club_seat
    FOR EACH ROW WHEN (NEW.points IS DISTINCT FROM OLD.points) EXECUTE FUNCTION club_seat_points_kept();

CREATE TRIGGER club_seat_points_kept_insert
    BEFORE INSERT ON club_seat
    FOR EACH ROW WHEN (NEW.points <> 0) EXECUTE FUNCTION club_seat_points_kept();
"""
POSTGRES_DROP = """
DROP TRIGGER IF EXISTS club_seat_points_kept_insert ON club_seat;
DROP TRIGGER IF EXISTS club_seat_points_kept_update ON club_seat;
DROP FUNCTION IF EXISTS club_seat_points_kept();
DROP TRIGGER IF EXISTS club_keep_seat_points ON club_ledgerentry;
DROP FUNCTION IF EXISTS club_keep_seat_points();
"""
SQLITE = (
    "CREATE TRIGGER IF NOT EXISTS club_keep_seat_points AFTER INSERT ON club_ledgerentry BEGIN"
    f" UPDATE club_seat SET points = points + COALESCE(({ENTRY_POINTS}), 0)"
    " WHERE sitting_id = NEW.sitting_id; END"
)


def create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    schema_editor.execute(BACKFILL, params=None)
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES, params=None)
    elif vendor == "sqlite":
        schema_editor.execute(SQLITE, params=None)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(POSTGRES_DROP, params=None)
    elif schema_editor.connection.vendor == "sqlite":
        schema_editor.execute("DROP TRIGGER IF EXISTS club_keep_seat_points", params=None)


class Migration(migrations.Migration):
    dependencies = [("club", "0011_seasons_are_ledger_books")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="points",
            field=models.BigIntegerField(db_default=0, default=0, editable=False),
        ),
        migrations.RunPython(create, drop),
    ]
