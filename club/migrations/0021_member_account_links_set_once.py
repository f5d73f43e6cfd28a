"""A member's ledger accounts are linked once, from empty, and never moved: pointing `account_id`
or `payments_account_id` at another account would show another account's postings as his saldo.
The app links them when the member is first seated or first pays (club.services.bookkeeping,
till), so the app role keeps UPDATE on those columns (scripts/app-role.sql); this guard refuses
every change of a link already set, on PostgreSQL and SQLite alike.

On SQLite a later migration that rebuilds club_member drops this trigger: it must create it again.
"""

from django.db import migrations

REFUSED = "club_member account links are set once: UPDATE refused"
MOVED = (
    "(OLD.account_id IS NOT NULL AND NEW.account_id IS DISTINCT FROM OLD.account_id)"
    " OR (OLD.payments_account_id IS NOT NULL AND NEW.payments_account_id IS DISTINCT FROM OLD.payments_account_id)"
)

CREATE = {
    "postgresql": (
        f"""
CREATE FUNCTION club_member_accounts_set_once() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '{REFUSED}' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_member_accounts_set_once
    BEFORE UPDATE ON club_member
    FOR EACH ROW WHEN ({MOVED}) EXECUTE FUNCTION club_member_accounts_set_once();
""",
    ),
    "sqlite": (
        f"CREATE TRIGGER club_member_accounts_set_once BEFORE UPDATE ON club_member WHEN {MOVED.replace('IS DISTINCT FROM', 'IS NOT')}"
        f" BEGIN SELECT RAISE(ABORT, '{REFUSED}'); END",
    ),
}
DROP = {
    "postgresql": (
        "DROP TRIGGER IF EXISTS club_member_accounts_set_once ON club_member;"
        " DROP FUNCTION IF EXISTS club_member_accounts_set_once();",
    ),
    "sqlite": ("DROP TRIGGER IF EXISTS club_member_accounts_set_once",),
}


def run(statements):
    def apply(apps, schema_editor):
        for statement in statements.get(schema_editor.connection.vendor, ()):
            schema_editor.execute(statement, params=None)

    return apply


class Migration(migrations.Migration):
    dependencies = [("club", "0020_season_price_is_history")]

    operations = [migrations.RunPython(run(CREATE), run(DROP))]
