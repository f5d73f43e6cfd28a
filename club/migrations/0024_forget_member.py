"""Forgetting a member on PostgreSQL (club.services.forgetting): one function, owned by the role
that migrates and so by the tables' owner, that replaces one member's name by "Tidligere medlem N"
in his club's rows the app may not change itself (seats' names, deal versions, payments, table
openings, the audit log). SECURITY DEFINER, with EXECUTE taken from PUBLIC (scripts/app-role.sql
grants it to the app role): the app can rename only a member of the club it names, only to a
"Tidligere medlem N" the club does not use, and nothing else. A deal version's guard lets an
update through only while this function runs (`club.forgetting`, local to its transaction).
"""

from django.db import migrations

FUNCTIONS = r"""
CREATE FUNCTION club_forget_text(t text, old text, new text) RETURNS text AS $$
    SELECT CASE WHEN t IS NULL OR t = '' THEN t ELSE regexp_replace(
        t,
        '(?<![[:alnum:]_])' || regexp_replace(old, '([.^$*+?()\[\]{}|\\-])', '\\\1', 'g') || '(?![[:alnum:]_])',
        replace(new, '\', '\\'),
        'g'
    ) END;
$$ LANGUAGE sql IMMUTABLE;

CREATE FUNCTION club_forget_json(j jsonb, old text, new text, in_text boolean) RETURNS jsonb AS $$
DECLARE
    result jsonb;
    k text;
    v jsonb;
BEGIN
    IF j IS NULL THEN
        RETURN NULL;
    END IF;
    CASE jsonb_typeof(j)
    WHEN 'object' THEN
        result := '{}'::jsonb;
        FOR k, v IN SELECT * FROM jsonb_each(j) LOOP
            result := result || jsonb_build_object(
                CASE WHEN k = old THEN new ELSE k END, club_forget_json(v, old, new, in_text)
            );
        END LOOP;
        RETURN result;
    WHEN 'array' THEN
        SELECT coalesce(jsonb_agg(club_forget_json(e, old, new, in_text) ORDER BY i), '[]'::jsonb)
            INTO result FROM jsonb_array_elements(j) WITH ORDINALITY AS elements(e, i);
        RETURN result;
    WHEN 'string' THEN
        IF j #>> '{}' = old THEN
            RETURN to_jsonb(new);
        ELSIF in_text THEN
            RETURN to_jsonb(club_forget_text(j #>> '{}', old, new));
        END IF;
        RETURN j;
    ELSE
        RETURN j;
    END CASE;
END;
$$ LANGUAGE plpgsql IMMUTABLE;

CREATE OR REPLACE FUNCTION club_dealversion_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND current_setting('club.forgetting', true) = 'on' THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'club_dealversion is append-only: % refused; record a new version instead', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION club_forget_log(p_club bigint, p_member bigint, his_user integer, p_forget_user boolean,
                                old text, new text) RETURNS void AS $$
    -- The audit log's entries of the club's own objects (club.audit.club_log), and of his login
    -- when it is forgotten too.
    UPDATE auditlog_logentry e SET
        object_repr = club_forget_text(e.object_repr, old, new),
        changes_text = club_forget_text(e.changes_text, old, new),
        changes = club_forget_json(e.changes, old, new, true),
        serialized_data = club_forget_json(e.serialized_data, old, new, true),
        additional_data = club_forget_json(e.additional_data, old, new, true),
        actor_email = CASE WHEN his_user IS NOT NULL AND e.actor_id = his_user THEN '' ELSE e.actor_email END
    FROM django_content_type ct
    WHERE e.content_type_id = ct.id AND (
        (ct.app_label, ct.model) = ('club', 'club') AND e.object_id = p_club
        OR (ct.app_label, ct.model) = ('club', 'member')
            AND e.object_id IN (SELECT id FROM club_member WHERE club_id = p_club)
        OR (ct.app_label, ct.model) = ('club', 'season')
            AND e.object_id IN (SELECT id FROM club_season WHERE club_id = p_club)
        OR (ct.app_label, ct.model) = ('club', 'table')
            AND e.object_id IN (SELECT id FROM club_table WHERE club_id = p_club)
        OR (ct.app_label, ct.model) = ('club', 'sitting') AND e.object_id IN (
            SELECT s.id FROM club_sitting s JOIN club_table t ON s.table_id = t.id WHERE t.club_id = p_club)
        OR (ct.app_label, ct.model) = ('club', 'dispute') AND e.object_id IN (
            SELECT x.id FROM club_dispute x JOIN club_deal d ON x.deal_id = d.id
            JOIN club_sitting s ON d.sitting_id = s.id JOIN club_table t ON s.table_id = t.id WHERE t.club_id = p_club)
        OR (ct.app_label, ct.model) = ('club', 'joinrequest') AND e.object_id IN (
            SELECT j.id FROM club_joinrequest j JOIN club_member m ON j.member_id = m.id WHERE m.club_id = p_club)
        OR p_forget_user AND his_user IS NOT NULL
            AND (ct.app_label, ct.model) = ('auth', 'user') AND e.object_id = his_user
    );
$$ LANGUAGE sql;

CREATE FUNCTION club_forget_name(p_club bigint, p_member bigint, his_user integer, p_forget_user boolean,
                                 old text, new text) RETURNS void AS $$
    UPDATE club_sitting SET state = club_forget_json(state, old, new, false)
        WHERE id IN (SELECT sitting_id FROM club_seat WHERE member_id = p_member);
    UPDATE club_deal SET state_before = club_forget_json(state_before, old, new, false)
        WHERE sitting_id IN (SELECT sitting_id FROM club_seat WHERE member_id = p_member);
    UPDATE club_dealversion v
        SET record = club_forget_json(v.record, old, new, false), reason = club_forget_text(v.reason, old, new)
        FROM club_deal d, club_sitting s, club_table t
        WHERE v.deal_id = d.id AND d.sitting_id = s.id AND s.table_id = t.id AND t.club_id = p_club;
    UPDATE club_payment SET note = club_forget_text(note, old, new), reason = club_forget_text(reason, old, new)
        WHERE club_id = p_club;
    UPDATE club_tableopening SET reason = club_forget_text(reason, old, new) WHERE club_id = p_club;
    UPDATE club_dispute x
        SET comment = club_forget_text(x.comment, old, new), close_reason = club_forget_text(x.close_reason, old, new)
        FROM club_deal d, club_sitting s, club_table t
        WHERE x.deal_id = d.id AND d.sitting_id = s.id AND s.table_id = t.id AND t.club_id = p_club;
    -- A payment's note or reversal's reason, and a correction's reason, as the ledger's memo.
    UPDATE ledger_transaction SET memo = club_forget_text(memo, old, new)
        WHERE memo IS DISTINCT FROM club_forget_text(memo, old, new) AND id IN (
            SELECT transaction_id FROM club_payment WHERE club_id = p_club
            UNION SELECT transaction_id FROM club_tableopening WHERE club_id = p_club
            UNION SELECT e.transaction_id FROM club_ledgerentry e JOIN club_sitting s ON e.sitting_id = s.id
                JOIN club_table t ON s.table_id = t.id WHERE t.club_id = p_club);
    SELECT club_forget_log(p_club, p_member, his_user, p_forget_user, old, new);
$$ LANGUAGE sql;

CREATE FUNCTION club_forget_member(p_club bigint, p_member bigint, p_new text, p_forget_user boolean)
RETURNS void AS $$
DECLARE
    current_name text;
    his_user integer;
    his_email text;
    his_username text;
    names text[];
    old text;
BEGIN
    SELECT name, user_id, email INTO current_name, his_user, his_email
        FROM club_member WHERE id = p_member AND club_id = p_club FOR UPDATE;
    IF current_name IS NULL THEN
        RAISE EXCEPTION 'member % is no member of club %', p_member, p_club USING ERRCODE = 'restrict_violation';
    END IF;
    IF p_new !~ '^Tidligere medlem [0-9]+$'
            OR EXISTS (SELECT 1 FROM club_member WHERE club_id = p_club AND name = p_new) THEN
        RAISE EXCEPTION 'a forgotten member is called "Tidligere medlem N", unused in the club'
            USING ERRCODE = 'restrict_violation';
    END IF;
    IF p_forget_user AND EXISTS (SELECT 1 FROM club_member WHERE user_id = his_user AND id <> p_member) THEN
        RAISE EXCEPTION 'the login is another club''s member''s too' USING ERRCODE = 'restrict_violation';
    END IF;
    -- Every name he had: now, at each of his seats, and before each rename the log kept; none
    -- that another member of the club has now.
    names := ARRAY(
        SELECT DISTINCT n FROM (
            SELECT current_name AS n
            UNION SELECT name FROM club_seat WHERE member_id = p_member
            UNION SELECT jsonb_array_elements_text(e.changes -> 'name')
                FROM auditlog_logentry e JOIN django_content_type ct ON e.content_type_id = ct.id
                WHERE (ct.app_label, ct.model) = ('club', 'member') AND e.object_id = p_member
                    AND jsonb_typeof(e.changes -> 'name') = 'array'
        ) said
        WHERE n <> '' AND n NOT IN (SELECT name FROM club_member WHERE club_id = p_club AND id <> p_member)
        ORDER BY n
    );
    PERFORM set_config('club.forgetting', 'on', true);
    PERFORM set_config('ledger.rewriting_memo', 'on', true);
    -- The longest first: a name that holds a shorter one goes whole.
    FOREACH old IN ARRAY ARRAY(SELECT x FROM unnest(names) x ORDER BY length(x) DESC, x) LOOP
        PERFORM club_forget_name(p_club, p_member, his_user, p_forget_user, old, p_new);
    END LOOP;
    UPDATE club_seat SET name = p_new WHERE member_id = p_member;
    IF his_email <> '' THEN
        PERFORM club_forget_log(p_club, p_member, his_user, p_forget_user, his_email, '');
    END IF;
    IF p_forget_user AND his_user IS NOT NULL THEN
        SELECT username INTO his_username FROM auth_user WHERE id = his_user;
        PERFORM club_forget_log(p_club, p_member, his_user, p_forget_user, his_username, 'tidligere-' || his_user);
    END IF;
    PERFORM set_config('ledger.rewriting_memo', 'off', true);
    PERFORM set_config('club.forgetting', 'off', true);
END;
$$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp;

REVOKE EXECUTE ON FUNCTION club_forget_member(bigint, bigint, text, boolean) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION club_forget_name(bigint, bigint, integer, boolean, text, text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION club_forget_log(bigint, bigint, integer, boolean, text, text) FROM PUBLIC;
"""

DROP = """
DROP FUNCTION IF EXISTS club_forget_member(bigint, bigint, text, boolean);
DROP FUNCTION IF EXISTS club_forget_name(bigint, bigint, integer, boolean, text, text);
DROP FUNCTION IF EXISTS club_forget_log(bigint, bigint, integer, boolean, text, text);
DROP FUNCTION IF EXISTS club_forget_json(jsonb, text, text, boolean);
DROP FUNCTION IF EXISTS club_forget_text(text, text, text);
CREATE OR REPLACE FUNCTION club_dealversion_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'club_dealversion is append-only: % refused; record a new version instead', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
"""


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FUNCTIONS, params=None)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0023_table_openings"),
        ("ledger", "0013_memo_rewritten_by_its_owner"),
        ("auditlog", "__latest__"),
        ("contenttypes", "__latest__"),
    ]

    operations = [migrations.RunPython(create, drop)]
