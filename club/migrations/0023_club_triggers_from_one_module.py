"""The club's triggers are the ones of `club.triggers` from here on: whatever earlier versions made
is dropped here, before the ledger renames the columns some of them read (ledger 0013), and the
set of its time is made by club 0027 (the current one by the latest migration that changes it). A seat's points are no longer kept by a trigger but by
`club.services.bookkeeping`, in the `atomic()` block that posts each ledger entry."""

from django.db import migrations

# The SQL this migration ran, frozen as `club.triggers` stood in its time (a later change to the module
# is a later migration's): a fresh database and an old one pass through the same guards.
DROP = {
    "postgresql": (
        "DROP TRIGGER IF EXISTS club_dealversion_append_only ON club_dealversion",
        "DROP TRIGGER IF EXISTS club_season_price_is_history ON club_season",
        "DROP TRIGGER IF EXISTS club_member_accounts_set_once ON club_member",
        "DROP TRIGGER IF EXISTS club_seat_stats_changed ON club_dealversion",
        "DROP TRIGGER IF EXISTS club_keep_seat_points ON club_ledgerentry",
        "DROP TRIGGER IF EXISTS club_seat_points_kept_update ON club_seat",
        "DROP TRIGGER IF EXISTS club_seat_points_kept_insert ON club_seat",
        "DROP FUNCTION IF EXISTS club_dealversion_append_only()",
        "DROP FUNCTION IF EXISTS club_season_price_is_history()",
        "DROP FUNCTION IF EXISTS club_member_accounts_set_once()",
        "DROP FUNCTION IF EXISTS club_seat_stats_changed()",
        "DROP FUNCTION IF EXISTS club_keep_seat_points()",
        "DROP FUNCTION IF EXISTS club_seat_points_kept()",
    ),
    "sqlite": (
        "DROP TRIGGER IF EXISTS club_season_price_is_history_update",
        "DROP TRIGGER IF EXISTS club_season_price_is_history_delete",
        "DROP TRIGGER IF EXISTS club_member_accounts_set_once",
        "DROP TRIGGER IF EXISTS club_seat_stats_changed",
        "DROP TRIGGER IF EXISTS club_keep_seat_points",
    ),
}


def drop(apps, schema_editor) -> None:
    for statement in DROP.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("club", "0022_login_emails_folded")]
    run_before = [("ledger", "0013_amounts_in_units_and_triggers_from_one_module")]

    operations = [migrations.RunPython(drop, migrations.RunPython.noop)]
