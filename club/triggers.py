"""The club's guards and counters in the database itself: the current SQL of every club trigger, in
this one place (the ledger's are in `ledger.triggers`). The services refuse first, with their own
message; these hold whatever SQL reaches the database.

- A deal version is never changed or deleted (PostgreSQL; on SQLite the model and its queryset
  refuse): a correction is a new version.
- A season's rules and point value are history once it has a sitting: an UPDATE of `preset`,
  `overrides` or `point_value_ore`, or a DELETE, of a season with sittings is refused. A saldo is
  points × the season's point value, and its sittings were settled by its preset and overrides:
  changing them would rewrite every saldo while every posting still balances. (`close` is only the
  default for sittings not yet closed, so it may change.)
- A member's ledger accounts are linked once, from empty, and never moved: another link would show
  another account's postings as his saldo.
- Each new deal version counts as a change of its sitting's seats (`Seat.changes`), so kept
  statistics taken at an older count are counted again (`club.services.stats`). A seat's points,
  and the change a ledger entry makes, are kept by `club.services.bookkeeping` in the `atomic()`
  block that posts: every ledger entry is written there.

`create` installs them all, `drop` removes them and the triggers earlier versions made (`RETIRED_*`).
The latest migration that changes this SQL calls `drop` first and `create` last (club 0023 and
0024); earlier migrations make no trigger. On SQLite a migration that rebuilds one of these tables
(or `club_sitting`, which the season's guard reads) drops and creates them around it.
"""

from __future__ import annotations

DEALVERSION_REFUSED = "club_dealversion is append-only: % refused; record a new version instead"
PRICE_COLUMNS = ("preset", "overrides", "point_value_ore")
PRICE_UPDATE_REFUSED = "club_season has sittings: its preset, overrides and point value are history; UPDATE refused"
PRICE_DELETE_REFUSED = "club_season has sittings: DELETE refused"
HAS_SITTINGS = "EXISTS (SELECT 1 FROM club_sitting WHERE season_id = OLD.id)"
LINKS_REFUSED = "club_member account links are set once: UPDATE refused"
LINKS_MOVED = (
    "(OLD.account_id IS NOT NULL AND NEW.account_id IS DISTINCT FROM OLD.account_id)"
    " OR (OLD.payments_account_id IS NOT NULL AND NEW.payments_account_id IS DISTINCT FROM OLD.payments_account_id)"
)
VERSION_SEATS = "sitting_id = (SELECT d.sitting_id FROM club_deal d WHERE d.id = NEW.deal_id)"

POSTGRESQL = (
    f"""
CREATE OR REPLACE FUNCTION club_dealversion_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '{DEALVERSION_REFUSED}', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_dealversion_append_only
    BEFORE UPDATE OR DELETE ON club_dealversion
    FOR EACH ROW EXECUTE FUNCTION club_dealversion_append_only();
""",
    f"""
CREATE OR REPLACE FUNCTION club_season_price_is_history() RETURNS trigger AS $$
BEGIN
    IF {HAS_SITTINGS} THEN
        IF TG_OP = 'DELETE' THEN
            RAISE EXCEPTION '{PRICE_DELETE_REFUSED}' USING ERRCODE = 'restrict_violation';
        END IF;
        IF ({", ".join(f"NEW.{c}" for c in PRICE_COLUMNS)}) IS DISTINCT FROM ({", ".join(f"OLD.{c}" for c in PRICE_COLUMNS)}) THEN
            RAISE EXCEPTION '{PRICE_UPDATE_REFUSED}' USING ERRCODE = 'restrict_violation';
        END IF;
    END IF;
    RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_season_price_is_history
    BEFORE UPDATE OR DELETE ON club_season
    FOR EACH ROW EXECUTE FUNCTION club_season_price_is_history();
""",
    f"""
CREATE OR REPLACE FUNCTION club_member_accounts_set_once() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '{LINKS_REFUSED}' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_member_accounts_set_once
    BEFORE UPDATE ON club_member
    FOR EACH ROW WHEN ({LINKS_MOVED}) EXECUTE FUNCTION club_member_accounts_set_once();
""",
    f"""
CREATE OR REPLACE FUNCTION club_seat_stats_changed() RETURNS trigger AS $$
BEGIN
    UPDATE club_seat SET changes = changes + 1 WHERE {VERSION_SEATS};
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_seat_stats_changed
    AFTER INSERT ON club_dealversion
    FOR EACH ROW EXECUTE FUNCTION club_seat_stats_changed();
""",
)
POSTGRESQL_TRIGGERS = (
    ("club_dealversion_append_only", "club_dealversion"),
    ("club_season_price_is_history", "club_season"),
    ("club_member_accounts_set_once", "club_member"),
    ("club_seat_stats_changed", "club_dealversion"),
)
POSTGRESQL_FUNCTIONS = (
    "club_dealversion_append_only",
    "club_season_price_is_history",
    "club_member_accounts_set_once",
    "club_seat_stats_changed",
)

# One statement per item. SQLite stores a JSONField as text: json() compares it without the
# writer's spacing.
SQLITE = (
    "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_update BEFORE UPDATE ON club_season"
    " WHEN NEW.preset IS NOT OLD.preset OR json(NEW.overrides) IS NOT json(OLD.overrides)"
    " OR NEW.point_value_ore IS NOT OLD.point_value_ore"
    f" BEGIN SELECT RAISE(ABORT, '{PRICE_UPDATE_REFUSED}') WHERE {HAS_SITTINGS}; END",
    "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_delete BEFORE DELETE ON club_season"
    f" BEGIN SELECT RAISE(ABORT, '{PRICE_DELETE_REFUSED}') WHERE {HAS_SITTINGS}; END",
    "CREATE TRIGGER IF NOT EXISTS club_member_accounts_set_once BEFORE UPDATE ON club_member"
    f" WHEN {LINKS_MOVED.replace('IS DISTINCT FROM', 'IS NOT')}"
    f" BEGIN SELECT RAISE(ABORT, '{LINKS_REFUSED}'); END",
    "CREATE TRIGGER IF NOT EXISTS club_seat_stats_changed AFTER INSERT ON club_dealversion BEGIN"
    f" UPDATE club_seat SET changes = changes + 1 WHERE {VERSION_SEATS}; END",
)
SQLITE_TRIGGERS = (
    "club_season_price_is_history_update",
    "club_season_price_is_history_delete",
    "club_member_accounts_set_once",
    "club_seat_stats_changed",
)

# What earlier versions made and the current set has not: seat points kept by a trigger on each
# ledger entry (now `club.services.bookkeeping`), and PostgreSQL's guard that let only it through.
RETIRED_POSTGRESQL_TRIGGERS = (
    ("club_keep_seat_points", "club_ledgerentry"),
    ("club_seat_points_kept_update", "club_seat"),
    ("club_seat_points_kept_insert", "club_seat"),
)
RETIRED_POSTGRESQL_FUNCTIONS = ("club_keep_seat_points", "club_seat_points_kept")
RETIRED_SQLITE_TRIGGERS = ("club_keep_seat_points",)


def create(apps, schema_editor) -> None:
    """Every current trigger (a migration's RunPython)."""
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        for statement in POSTGRESQL:
            schema_editor.execute(statement, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE:
            schema_editor.execute(statement, params=None)


def drop(apps, schema_editor) -> None:
    """Every current and retired trigger, whichever exist (a migration's RunPython)."""
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        for name, table in POSTGRESQL_TRIGGERS + RETIRED_POSTGRESQL_TRIGGERS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}", params=None)
        for name in POSTGRESQL_FUNCTIONS + RETIRED_POSTGRESQL_FUNCTIONS:
            schema_editor.execute(f"DROP FUNCTION IF EXISTS {name}()", params=None)
    elif vendor == "sqlite":
        for name in SQLITE_TRIGGERS + RETIRED_SQLITE_TRIGGERS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}", params=None)
