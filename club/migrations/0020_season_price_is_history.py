"""A season's rules and point value are history once it has a sitting, whatever SQL reaches the
database, on PostgreSQL and SQLite alike.

A saldo is points × the season's point value, read when shown (club.services.money), and a
sitting's funding and deals were settled by the season's preset and overrides: changing any of
them once a sitting exists rewrites every saldo and statement of the season while every posting
still balances, so `ledger_check` would not notice. An UPDATE that changes `preset`, `overrides`
or `point_value_ore` of a season with sittings is refused, and so is a DELETE of such a season.
`close` is only the default for sittings not yet closed (a closed sitting keeps its own
`closed_how`, which replays read), so it may still change. The service refuses first, with its
own message (club.services.seasons.save_season); these triggers hold when it is bypassed.

On SQLite a later migration that rebuilds club_season drops these triggers, and one that rebuilds
club_sitting breaks on them: such a migration must drop and create them again (`run` here).
"""

from django.db import migrations

GUARDED = ("preset", "overrides", "point_value_ore")
UPDATE_REFUSED = "club_season has sittings: its preset, overrides and point value are history; UPDATE refused"
DELETE_REFUSED = "club_season has sittings: DELETE refused"
HAS_SITTINGS = "EXISTS (SELECT 1 FROM club_sitting WHERE season_id = OLD.id)"

# SQLite stores a JSONField as text: json() compares it without the writer's spacing.
SQLITE = [
    "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_update BEFORE UPDATE ON club_season"
    " WHEN NEW.preset IS NOT OLD.preset OR json(NEW.overrides) IS NOT json(OLD.overrides)"
    " OR NEW.point_value_ore IS NOT OLD.point_value_ore"
    f" BEGIN SELECT RAISE(ABORT, '{UPDATE_REFUSED}') WHERE {HAS_SITTINGS}; END",
    "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_delete BEFORE DELETE ON club_season"
    f" BEGIN SELECT RAISE(ABORT, '{DELETE_REFUSED}') WHERE {HAS_SITTINGS}; END",
]
SQLITE_TRIGGERS = ["club_season_price_is_history_update", "club_season_price_is_history_delete"]

CREATE = {
    "postgresql": (
        f"""
CREATE FUNCTION club_season_price_is_history() RETURNS trigger AS $$
BEGIN
    IF {HAS_SITTINGS} THEN
        IF TG_OP = 'DELETE' THEN
            RAISE EXCEPTION '{DELETE_REFUSED}' USING ERRCODE = 'restrict_violation';
        END IF;
        IF ({", ".join(f"NEW.{c}" for c in GUARDED)}) IS DISTINCT FROM ({", ".join(f"OLD.{c}" for c in GUARDED)}) THEN
            RAISE EXCEPTION '{UPDATE_REFUSED}' USING ERRCODE = 'restrict_violation';
        END IF;
    END IF;
    RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_season_price_is_history
    BEFORE UPDATE OR DELETE ON club_season
    FOR EACH ROW EXECUTE FUNCTION club_season_price_is_history();
""",
    ),
    "sqlite": SQLITE,
}
DROP = {
    "postgresql": (
        "DROP TRIGGER IF EXISTS club_season_price_is_history ON club_season;"
        " DROP FUNCTION IF EXISTS club_season_price_is_history();",
    ),
    "sqlite": tuple(f"DROP TRIGGER IF EXISTS {name}" for name in SQLITE_TRIGGERS),
}


def run(statements):
    def apply(apps, schema_editor):
        for statement in statements.get(schema_editor.connection.vendor, ()):
            schema_editor.execute(statement, params=None)

    return apply


class Migration(migrations.Migration):
    dependencies = [("club", "0019_season_presets_from_the_families")]

    operations = [migrations.RunPython(run(CREATE), run(DROP))]
