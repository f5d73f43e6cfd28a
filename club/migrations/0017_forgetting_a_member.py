"""Forgetting a member (club.services.member_data.forget_member) renames him in the deal records
of his sittings. Deal versions stay append-only for everything else: PostgreSQL's guard (0004)
lets an UPDATE through only when the transaction has named the forgotten name and its
replacement (transaction-local settings) and the new row is the old one with exactly that name,
as a whole JSON string or key, replaced in its record."""

from django.db import migrations

GUARD = """
CREATE OR REPLACE FUNCTION club_dealversion_append_only() RETURNS trigger AS $$
DECLARE
    forgotten text := coalesce(current_setting('tarokbog.forget_name', true), '');
    replacement text := coalesce(current_setting('tarokbog.forget_as', true), '');
BEGIN
    IF TG_OP = 'UPDATE' AND forgotten <> '' AND replacement <> ''
        AND NEW.id = OLD.id AND NEW.deal_id = OLD.deal_id AND NEW.version = OLD.version
        AND NEW.entered_by_id IS NOT DISTINCT FROM OLD.entered_by_id AND NEW.entered_at = OLD.entered_at
        AND NEW.reason = OLD.reason AND NEW.idempotency_key IS NOT DISTINCT FROM OLD.idempotency_key
        AND NEW.record = replace(OLD.record::text, to_json(forgotten)::text, to_json(replacement)::text)::jsonb
    THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'club_dealversion is append-only: % refused; record a new version instead', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
"""

ORIGINAL = """
CREATE OR REPLACE FUNCTION club_dealversion_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'club_dealversion is append-only: % refused; record a new version instead', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
"""


def allow_forgetting(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(GUARD, params=None)


def refuse_all(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(ORIGINAL, params=None)


class Migration(migrations.Migration):
    dependencies = [("club", "0016_payment_opening")]

    operations = [migrations.RunPython(allow_forgetting, refuse_all)]
