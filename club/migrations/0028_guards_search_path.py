"""Every function of the club's guards and of forgetting a member runs with its own search path,
`pg_catalog, public, pg_temp` (`ledger.triggers.SEARCH_PATH`): a session's temporary table named
like a club table (CREATE TEMP TABLE club_sitting ...) no longer stands in for it, so a season with
sittings keeps its price whatever the session made. The SQL is `club.triggers`'s as it stands with
this migration (frozen below; a later change to the module is a later migration's), with the
club's triggers: every earlier one dropped first, this set made last.
"""

from django.db import migrations

CREATE = {
    "postgresql": (
        """
CREATE OR REPLACE FUNCTION club_dealversion_append_only() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND current_setting('club.forgetting', true) = 'on' THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'club_dealversion is append-only: % refused; record a new version instead', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_dealversion_append_only
    BEFORE UPDATE OR DELETE ON club_dealversion
    FOR EACH ROW EXECUTE FUNCTION club_dealversion_append_only();
""",
        """
CREATE OR REPLACE FUNCTION club_season_price_is_history() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM club_sitting WHERE season_id = OLD.id) THEN
        IF TG_OP = 'DELETE' THEN
            RAISE EXCEPTION 'club_season has sittings: DELETE refused' USING ERRCODE = 'restrict_violation';
        END IF;
        IF (NEW.preset, NEW.overrides, NEW.point_value_ore) IS DISTINCT FROM (OLD.preset, OLD.overrides, OLD.point_value_ore) THEN
            RAISE EXCEPTION 'club_season has sittings: its preset, overrides and point value are history; UPDATE refused' USING ERRCODE = 'restrict_violation';
        END IF;
    END IF;
    RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_season_price_is_history
    BEFORE UPDATE OR DELETE ON club_season
    FOR EACH ROW EXECUTE FUNCTION club_season_price_is_history();
""",
        """
CREATE OR REPLACE FUNCTION club_member_accounts_set_once() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'club_member account links are set once: UPDATE refused' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_member_accounts_set_once
    BEFORE UPDATE ON club_member
    FOR EACH ROW WHEN ((OLD.account_id IS NOT NULL AND NEW.account_id IS DISTINCT FROM OLD.account_id) OR (OLD.payments_account_id IS NOT NULL AND NEW.payments_account_id IS DISTINCT FROM OLD.payments_account_id)) EXECUTE FUNCTION club_member_accounts_set_once();
""",
        """
CREATE OR REPLACE FUNCTION club_seat_stats_changed() RETURNS trigger SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    UPDATE club_seat SET changes = changes + 1 WHERE sitting_id = (SELECT d.sitting_id FROM club_deal d WHERE d.id = NEW.deal_id);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER club_seat_stats_changed
    AFTER INSERT ON club_dealversion
    FOR EACH ROW EXECUTE FUNCTION club_seat_stats_changed();
""",
        r"""
CREATE OR REPLACE FUNCTION club_forget_text(t text, old text, new text) RETURNS text AS $$
    SELECT CASE WHEN t IS NULL OR t = '' THEN t ELSE regexp_replace(
        t,
        '(?<![[:alnum:]_])' || regexp_replace(old, '([.^$*+?()\[\]{}|\\-])', '\\\1', 'g') || '(?![[:alnum:]_])',
        replace(new, '\', '\\'),
        'g'
    ) END;
$$ LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp;

CREATE OR REPLACE FUNCTION club_forget_json(j jsonb, old text, new text, in_text boolean) RETURNS jsonb AS $$
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
$$ LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp;

CREATE OR REPLACE FUNCTION club_forget_linked_logins(p_member bigint, his_user integer) RETURNS integer[] AS $$
    -- Every login his row was linked to, as the log kept each change, today's included.
    SELECT ARRAY(
        SELECT his_user WHERE his_user IS NOT NULL
        UNION SELECT l::integer FROM (
            SELECT jsonb_array_elements_text(e.changes -> 'user') AS l
                FROM auditlog_logentry e JOIN django_content_type ct ON e.content_type_id = ct.id
                WHERE (ct.app_label, ct.model) = ('club', 'member') AND e.object_id = p_member
                    AND jsonb_typeof(e.changes -> 'user') = 'array'
        ) said WHERE l ~ '^[0-9]{1,9}$'
    );
$$ LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp;

CREATE OR REPLACE FUNCTION club_forget_former_logins(p_member bigint, his_user integer) RETURNS integer[] AS $$
    -- The logins his row was linked to before that nobody needs now: no member uses one and it
    -- is no staff's (club.services.forgetting.his_logins). They go with him.
    SELECT ARRAY(
        SELECT u.id FROM auth_user u
        WHERE u.id = ANY(club_forget_linked_logins(p_member, his_user)) AND u.id IS DISTINCT FROM his_user
            AND NOT u.is_staff AND NOT u.is_superuser
            AND NOT EXISTS (SELECT 1 FROM club_member m WHERE m.user_id = u.id)
        ORDER BY u.id
    );
$$ LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp;

CREATE OR REPLACE FUNCTION club_forget_log(p_club bigint, p_member bigint, his_user integer, p_forget_user boolean,
                                old text, new text) RETURNS void AS $$
    -- The audit log's entries of the club's own objects (club.audit.club_log), and of the logins
    -- forgotten with him: today's when it is forgotten too, and his former ones nobody needs.
    WITH logins AS (
        SELECT club_forget_linked_logins(p_member, his_user) AS linked,
            club_forget_former_logins(p_member, his_user)
                || CASE WHEN p_forget_user AND his_user IS NOT NULL THEN ARRAY[his_user] ELSE '{}'::integer[] END
                AS forgotten
    )
    UPDATE auditlog_logentry e SET
        object_repr = club_forget_text(e.object_repr, old, new),
        changes_text = club_forget_text(e.changes_text, old, new),
        changes = club_forget_json(e.changes, old, new, true),
        serialized_data = club_forget_json(e.serialized_data, old, new, true),
        additional_data = club_forget_json(e.additional_data, old, new, true),
        actor_email = CASE WHEN e.actor_id = ANY(logins.linked) THEN '' ELSE e.actor_email END
    FROM django_content_type ct, logins
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
        OR (ct.app_label, ct.model) = ('auth', 'user') AND e.object_id = ANY(logins.forgotten)
    );
$$ LANGUAGE sql SET search_path = pg_catalog, public, pg_temp;

CREATE OR REPLACE FUNCTION club_forget_name(p_club bigint, p_member bigint, his_user integer, p_forget_user boolean,
                                 old text, new text) RETURNS void AS $$
    -- The records of a sitting name him only where his seat there bore this name: another member
    -- who once had it keeps it, and a name the app set on him rewrites no record.
    UPDATE club_sitting SET state = club_forget_json(state, old, new, false)
        WHERE id IN (SELECT sitting_id FROM club_seat WHERE member_id = p_member AND name = old);
    UPDATE club_deal SET state_before = club_forget_json(state_before, old, new, false)
        WHERE sitting_id IN (SELECT sitting_id FROM club_seat WHERE member_id = p_member AND name = old);
    UPDATE club_dealversion v
        SET record = club_forget_json(v.record, old, new, false), reason = club_forget_text(v.reason, old, new)
        FROM club_deal d, club_seat st
        WHERE v.deal_id = d.id AND d.sitting_id = st.sitting_id AND st.member_id = p_member AND st.name = old;
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
$$ LANGUAGE sql SET search_path = pg_catalog, public, pg_temp;

CREATE OR REPLACE FUNCTION club_forget_member(p_club bigint, p_member bigint, p_new text, p_forget_user boolean)
RETURNS void AS $$
DECLARE
    current_name text;
    his_user integer;
    his_email text;
    his_username text;
    forgotten integer[];
    login integer;
    names text[];
    addresses text[];
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
    -- that another member of the club has now or had at a seat.
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
            AND n NOT IN (SELECT st.name FROM club_seat st JOIN club_member m ON st.member_id = m.id
                          WHERE m.club_id = p_club AND st.member_id <> p_member)
        ORDER BY n
    );
    forgotten := club_forget_former_logins(p_member, his_user);
    IF p_forget_user AND his_user IS NOT NULL THEN
        forgotten := his_user || forgotten;
    END IF;
    -- Every address he had: now, his login's and his former logins', and before each change the
    -- log kept.
    addresses := ARRAY(
        SELECT DISTINCT a FROM (
            SELECT his_email AS a
            UNION SELECT email FROM auth_user WHERE id = his_user OR id = ANY(forgotten)
            UNION SELECT jsonb_array_elements_text(e.changes -> 'email')
                FROM auditlog_logentry e JOIN django_content_type ct ON e.content_type_id = ct.id
                WHERE (ct.app_label, ct.model) = ('club', 'member') AND e.object_id = p_member
                    AND jsonb_typeof(e.changes -> 'email') = 'array'
        ) said
        WHERE a <> '' AND a NOT IN (SELECT email FROM club_member WHERE club_id = p_club AND id <> p_member)
    );
    PERFORM set_config('club.forgetting', 'on', true);
    PERFORM set_config('ledger.rewriting_memo', 'on', true);
    -- The longest first: a name that holds a shorter one goes whole.
    FOREACH old IN ARRAY ARRAY(SELECT x FROM unnest(names) x ORDER BY length(x) DESC, x) LOOP
        PERFORM club_forget_name(p_club, p_member, his_user, p_forget_user, old, p_new);
    END LOOP;
    UPDATE club_seat SET name = p_new WHERE member_id = p_member;
    FOREACH old IN ARRAY addresses LOOP
        PERFORM club_forget_log(p_club, p_member, his_user, p_forget_user, old, '');
    END LOOP;
    FOREACH login IN ARRAY ARRAY(SELECT x FROM unnest(forgotten) x ORDER BY x) LOOP
        SELECT username INTO his_username FROM auth_user WHERE id = login;
        PERFORM club_forget_log(p_club, p_member, his_user, p_forget_user, his_username, 'tidligere-' || login);
    END LOOP;
    PERFORM set_config('ledger.rewriting_memo', 'off', true);
    PERFORM set_config('club.forgetting', 'off', true);
END;
$$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp;

REVOKE EXECUTE ON FUNCTION club_forget_member(bigint, bigint, text, boolean) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION club_forget_name(bigint, bigint, integer, boolean, text, text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION club_forget_log(bigint, bigint, integer, boolean, text, text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION club_forget_former_logins(bigint, integer) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION club_forget_linked_logins(bigint, integer) FROM PUBLIC;
""",
    ),
    "sqlite": (
        "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_update BEFORE UPDATE ON club_season WHEN NEW.preset IS NOT OLD.preset OR json(NEW.overrides) IS NOT json(OLD.overrides) OR NEW.point_value_ore IS NOT OLD.point_value_ore BEGIN SELECT RAISE(ABORT, 'club_season has sittings: its preset, overrides and point value are history; UPDATE refused') WHERE EXISTS (SELECT 1 FROM club_sitting WHERE season_id = OLD.id); END",
        "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_delete BEFORE DELETE ON club_season BEGIN SELECT RAISE(ABORT, 'club_season has sittings: DELETE refused') WHERE EXISTS (SELECT 1 FROM club_sitting WHERE season_id = OLD.id); END",
        "CREATE TRIGGER IF NOT EXISTS club_member_accounts_set_once BEFORE UPDATE ON club_member WHEN (OLD.account_id IS NOT NULL AND NEW.account_id IS NOT OLD.account_id) OR (OLD.payments_account_id IS NOT NULL AND NEW.payments_account_id IS NOT OLD.payments_account_id) BEGIN SELECT RAISE(ABORT, 'club_member account links are set once: UPDATE refused'); END",
        "CREATE TRIGGER IF NOT EXISTS club_seat_stats_changed AFTER INSERT ON club_dealversion BEGIN UPDATE club_seat SET changes = changes + 1 WHERE sitting_id = (SELECT d.sitting_id FROM club_deal d WHERE d.id = NEW.deal_id); END",
    ),
}
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
        "DROP FUNCTION IF EXISTS club_forget_member(bigint, bigint, text, boolean)",
        "DROP FUNCTION IF EXISTS club_forget_name(bigint, bigint, integer, boolean, text, text)",
        "DROP FUNCTION IF EXISTS club_forget_log(bigint, bigint, integer, boolean, text, text)",
        "DROP FUNCTION IF EXISTS club_forget_former_logins(bigint, integer)",
        "DROP FUNCTION IF EXISTS club_forget_linked_logins(bigint, integer)",
        "DROP FUNCTION IF EXISTS club_forget_json(jsonb, text, text, boolean)",
        "DROP FUNCTION IF EXISTS club_forget_text(text, text, text)",
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


def create(apps, schema_editor) -> None:
    for statement in CREATE.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


def drop(apps, schema_editor) -> None:
    for statement in DROP.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0027_forget_former_logins"),
        ("ledger", "0015_guards_search_path"),
    ]

    operations = [
        migrations.RunPython(drop, create),
        migrations.RunPython(create, drop),
    ]
