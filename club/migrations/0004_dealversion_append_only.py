"""A deal version is never changed or deleted, whatever SQL reaches PostgreSQL: a correction is a
new version. (On SQLite the model and its queryset refuse instead.) TRUNCATE fires no row trigger."""

from django.db import migrations

APPEND_ONLY = """
CREATE FUNCTION club_dealversion_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'club_dealversion is append-only: % refused; record a new version instead', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_dealversion_append_only
    BEFORE UPDATE OR DELETE ON club_dealversion
    FOR EACH ROW EXECUTE FUNCTION club_dealversion_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS club_dealversion_append_only ON club_dealversion;
DROP FUNCTION IF EXISTS club_dealversion_append_only();
"""


def create_guard(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(APPEND_ONLY, params=None)


def drop_guard(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("club", "0003_kept_table_state")]

    operations = [migrations.RunPython(create_guard, drop_guard)]
