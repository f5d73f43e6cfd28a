"""The transactions no club record accounts for, kept by the database (`club.triggers`) as the ledger
keeps balances: the member's page, the API's balance and the statement flag money posted past the
club's services from these few rows instead of reading the member's every posting.

The table made, then the club's triggers: every earlier one dropped, the table filled with the
transactions nothing names today, this set made last. The SQL is `club.triggers`'s as it stands
with this migration, frozen below (a later change to the module is a later migration's).
"""

import django.db.models.deletion
from django.db import migrations, models

CREATE = {
    "postgresql": (
        "\n"
        "CREATE OR REPLACE FUNCTION club_dealversion_append_only() RETURNS trigger SET search_path = pg_catalog, "
        "public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'UPDATE' AND current_setting('club.forgetting', true) = 'on' THEN\n"
        "        RETURN NEW;\n"
        "    END IF;\n"
        "    RAISE EXCEPTION 'club_dealversion is append-only: % refused; record a new version instead', TG_OP "
        "USING ERRCODE = 'restrict_violation';\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_dealversion_append_only\n"
        "    BEFORE UPDATE OR DELETE ON club_dealversion\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_dealversion_append_only();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_season_price_is_history() RETURNS trigger SET search_path = pg_catalog, "
        "public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF EXISTS (SELECT 1 FROM club_sitting WHERE season_id = OLD.id) THEN\n"
        "        IF TG_OP = 'DELETE' THEN\n"
        "            RAISE EXCEPTION 'club_season has sittings: DELETE refused' USING ERRCODE = "
        "'restrict_violation';\n"
        "        END IF;\n"
        "        IF (NEW.preset, NEW.overrides, NEW.point_value_ore) IS DISTINCT FROM (OLD.preset, OLD.overrides, "
        "OLD.point_value_ore) THEN\n"
        "            RAISE EXCEPTION 'club_season has sittings: its preset, overrides and point value are history; "
        "UPDATE refused' USING ERRCODE = 'restrict_violation';\n"
        "        END IF;\n"
        "    END IF;\n"
        "    RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_season_price_is_history\n"
        "    BEFORE UPDATE OR DELETE ON club_season\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_season_price_is_history();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_member_accounts_set_once() RETURNS trigger SET search_path = pg_catalog, "
        "public, pg_temp AS $$\n"
        "BEGIN\n"
        "    RAISE EXCEPTION 'club_member account links are set once: UPDATE refused' USING ERRCODE = "
        "'restrict_violation';\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_member_accounts_set_once\n"
        "    BEFORE UPDATE ON club_member\n"
        "    FOR EACH ROW WHEN ((OLD.account_id IS NOT NULL AND NEW.account_id IS DISTINCT FROM OLD.account_id) OR "
        "(OLD.payments_account_id IS NOT NULL AND NEW.payments_account_id IS DISTINCT FROM "
        "OLD.payments_account_id)) EXECUTE FUNCTION club_member_accounts_set_once();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_seat_stats_changed() RETURNS trigger SET search_path = pg_catalog, public, "
        "pg_temp AS $$\n"
        "BEGIN\n"
        "    UPDATE club_seat SET changes = changes + 1 WHERE sitting_id = (SELECT d.sitting_id FROM club_deal d "
        "WHERE d.id = NEW.deal_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_seat_stats_changed\n"
        "    AFTER INSERT ON club_dealversion\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_seat_stats_changed();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_opens() RETURNS trigger SECURITY DEFINER SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    INSERT INTO club_unaccountedtransaction (transaction_id) VALUES (NEW.id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_unaccounted_opens\n"
        "    AFTER INSERT ON ledger_transaction\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_opens();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_named() RETURNS trigger SECURITY DEFINER SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'INSERT' OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id THEN\n"
        "        DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id;\n"
        "    END IF;\n"
        "    IF TG_OP = 'UPDATE' THEN\n"
        "        INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT "
        "1 FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id);\n"
        "    END IF;\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_ledgerentry_names_a_transaction\n"
        "    AFTER INSERT OR UPDATE OF transaction_id ON club_ledgerentry\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_named();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_named() RETURNS trigger SECURITY DEFINER SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'INSERT' OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id THEN\n"
        "        DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id;\n"
        "    END IF;\n"
        "    IF TG_OP = 'UPDATE' THEN\n"
        "        INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT "
        "1 FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id);\n"
        "    END IF;\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_payment_names_a_transaction\n"
        "    AFTER INSERT OR UPDATE OF transaction_id ON club_payment\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_named();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_named() RETURNS trigger SECURITY DEFINER SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'INSERT' OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id THEN\n"
        "        DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id;\n"
        "    END IF;\n"
        "    IF TG_OP = 'UPDATE' THEN\n"
        "        INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT "
        "1 FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id);\n"
        "    END IF;\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_tableopening_names_a_transaction\n"
        "    AFTER INSERT OR UPDATE OF transaction_id ON club_tableopening\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_named();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_unnamed() RETURNS trigger SECURITY DEFINER SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT "
        "1 FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_ledgerentry_unnames_a_transaction\n"
        "    AFTER DELETE ON club_ledgerentry\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_unnamed();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_unnamed() RETURNS trigger SECURITY DEFINER SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT "
        "1 FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_payment_unnames_a_transaction\n"
        "    AFTER DELETE ON club_payment\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_unnamed();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_unnamed() RETURNS trigger SECURITY DEFINER SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT "
        "1 FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_tableopening_unnames_a_transaction\n"
        "    AFTER DELETE ON club_tableopening\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_unnamed();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_kept() RETURNS trigger SET search_path = pg_catalog, public, "
        "pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'UPDATE' THEN\n"
        "        RAISE EXCEPTION 'club_unaccountedtransaction is kept from the club records: UPDATE refused' USING "
        "ERRCODE = 'restrict_violation';\n"
        "    END IF;\n"
        "    IF TG_OP = 'INSERT' AND (\n"
        "        NOT EXISTS (SELECT 1 FROM ledger_transaction WHERE id = NEW.transaction_id) OR (EXISTS (SELECT 1 "
        "FROM club_ledgerentry WHERE transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_payment "
        "WHERE transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id "
        "= NEW.transaction_id))\n"
        "    ) THEN\n"
        "        RAISE EXCEPTION 'club_unaccountedtransaction is kept from the club records: INSERT of an accounted "
        "transaction refused' USING ERRCODE = 'restrict_violation';\n"
        "    END IF;\n"
        "    IF TG_OP = 'DELETE' AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id)) THEN\n"
        "        RAISE EXCEPTION 'club_unaccountedtransaction is kept from the club records: DELETE of an "
        "unaccounted transaction refused' USING ERRCODE = 'restrict_violation';\n"
        "    END IF;\n"
        "    RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_unaccounted_kept\n"
        "    BEFORE INSERT OR UPDATE OR DELETE ON club_unaccountedtransaction\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_kept();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_forget_text(t text, old text, new text) RETURNS text AS $$\n"
        "    SELECT CASE WHEN t IS NULL OR t = '' THEN t ELSE regexp_replace(\n"
        "        t,\n"
        "        '(?<![[:alnum:]_])' || regexp_replace(old, '([.^$*+?()\\[\\]{}|\\\\-])', '\\\\\\1', 'g') || "
        "'(?![[:alnum:]_])',\n"
        "        replace(new, '\\', '\\\\'),\n"
        "        'g'\n"
        "    ) END;\n"
        "$$ LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "CREATE OR REPLACE FUNCTION club_forget_json(j jsonb, old text, new text, in_text boolean) RETURNS jsonb AS "
        "$$\n"
        "DECLARE\n"
        "    result jsonb;\n"
        "    k text;\n"
        "    v jsonb;\n"
        "BEGIN\n"
        "    IF j IS NULL THEN\n"
        "        RETURN NULL;\n"
        "    END IF;\n"
        "    CASE jsonb_typeof(j)\n"
        "    WHEN 'object' THEN\n"
        "        result := '{}'::jsonb;\n"
        "        FOR k, v IN SELECT * FROM jsonb_each(j) LOOP\n"
        "            result := result || jsonb_build_object(\n"
        "                CASE WHEN k = old THEN new ELSE k END, club_forget_json(v, old, new, in_text)\n"
        "            );\n"
        "        END LOOP;\n"
        "        RETURN result;\n"
        "    WHEN 'array' THEN\n"
        "        SELECT coalesce(jsonb_agg(club_forget_json(e, old, new, in_text) ORDER BY i), '[]'::jsonb)\n"
        "            INTO result FROM jsonb_array_elements(j) WITH ORDINALITY AS elements(e, i);\n"
        "        RETURN result;\n"
        "    WHEN 'string' THEN\n"
        "        IF j #>> '{}' = old THEN\n"
        "            RETURN to_jsonb(new);\n"
        "        ELSIF in_text THEN\n"
        "            RETURN to_jsonb(club_forget_text(j #>> '{}', old, new));\n"
        "        END IF;\n"
        "        RETURN j;\n"
        "    ELSE\n"
        "        RETURN j;\n"
        "    END CASE;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "CREATE OR REPLACE FUNCTION club_forget_linked_logins(p_member bigint, his_user integer) RETURNS integer[] "
        "AS $$\n"
        "    -- Every login his row was linked to, as the log kept each change, today's included.\n"
        "    SELECT ARRAY(\n"
        "        SELECT his_user WHERE his_user IS NOT NULL\n"
        "        UNION SELECT l::integer FROM (\n"
        "            SELECT jsonb_array_elements_text(e.changes -> 'user') AS l\n"
        "                FROM auditlog_logentry e JOIN django_content_type ct ON e.content_type_id = ct.id\n"
        "                WHERE (ct.app_label, ct.model) = ('club', 'member') AND e.object_id = p_member\n"
        "                    AND jsonb_typeof(e.changes -> 'user') = 'array'\n"
        "        ) said WHERE l ~ '^[0-9]{1,9}$'\n"
        "    );\n"
        "$$ LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "CREATE OR REPLACE FUNCTION club_forget_former_logins(p_member bigint, his_user integer) RETURNS integer[] "
        "AS $$\n"
        "    -- The logins his row was linked to before that nobody needs now: no member uses one and it\n"
        "    -- is no staff's (club.services.forgetting.his_logins). They go with him.\n"
        "    SELECT ARRAY(\n"
        "        SELECT u.id FROM auth_user u\n"
        "        WHERE u.id = ANY(club_forget_linked_logins(p_member, his_user)) AND u.id IS DISTINCT FROM "
        "his_user\n"
        "            AND NOT u.is_staff AND NOT u.is_superuser\n"
        "            AND NOT EXISTS (SELECT 1 FROM club_member m WHERE m.user_id = u.id)\n"
        "        ORDER BY u.id\n"
        "    );\n"
        "$$ LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "CREATE OR REPLACE FUNCTION club_forget_log(p_club bigint, p_member bigint, his_user integer, p_forget_user "
        "boolean,\n"
        "                                old text, new text) RETURNS void AS $$\n"
        "    -- The audit log's entries of the club's own objects (club.audit.club_log), and of the logins\n"
        "    -- forgotten with him: today's when it is forgotten too, and his former ones nobody needs.\n"
        "    WITH logins AS (\n"
        "        SELECT club_forget_linked_logins(p_member, his_user) AS linked,\n"
        "            club_forget_former_logins(p_member, his_user)\n"
        "                || CASE WHEN p_forget_user AND his_user IS NOT NULL THEN ARRAY[his_user] ELSE "
        "'{}'::integer[] END\n"
        "                AS forgotten\n"
        "    )\n"
        "    UPDATE auditlog_logentry e SET\n"
        "        object_repr = club_forget_text(e.object_repr, old, new),\n"
        "        changes_text = club_forget_text(e.changes_text, old, new),\n"
        "        changes = club_forget_json(e.changes, old, new, true),\n"
        "        serialized_data = club_forget_json(e.serialized_data, old, new, true),\n"
        "        additional_data = club_forget_json(e.additional_data, old, new, true),\n"
        "        actor_email = CASE WHEN e.actor_id = ANY(logins.linked) THEN '' ELSE e.actor_email END\n"
        "    FROM django_content_type ct, logins\n"
        "    WHERE e.content_type_id = ct.id AND (\n"
        "        (ct.app_label, ct.model) = ('club', 'club') AND e.object_id = p_club\n"
        "        OR (ct.app_label, ct.model) = ('club', 'member')\n"
        "            AND e.object_id IN (SELECT id FROM club_member WHERE club_id = p_club)\n"
        "        OR (ct.app_label, ct.model) = ('club', 'season')\n"
        "            AND e.object_id IN (SELECT id FROM club_season WHERE club_id = p_club)\n"
        "        OR (ct.app_label, ct.model) = ('club', 'table')\n"
        "            AND e.object_id IN (SELECT id FROM club_table WHERE club_id = p_club)\n"
        "        OR (ct.app_label, ct.model) = ('club', 'sitting') AND e.object_id IN (\n"
        "            SELECT s.id FROM club_sitting s JOIN club_table t ON s.table_id = t.id WHERE t.club_id = "
        "p_club)\n"
        "        OR (ct.app_label, ct.model) = ('club', 'dispute') AND e.object_id IN (\n"
        "            SELECT x.id FROM club_dispute x JOIN club_deal d ON x.deal_id = d.id\n"
        "            JOIN club_sitting s ON d.sitting_id = s.id JOIN club_table t ON s.table_id = t.id WHERE "
        "t.club_id = p_club)\n"
        "        OR (ct.app_label, ct.model) = ('club', 'joinrequest') AND e.object_id IN (\n"
        "            SELECT j.id FROM club_joinrequest j JOIN club_member m ON j.member_id = m.id WHERE m.club_id = "
        "p_club)\n"
        "        OR (ct.app_label, ct.model) = ('auth', 'user') AND e.object_id = ANY(logins.forgotten)\n"
        "    );\n"
        "$$ LANGUAGE sql SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "CREATE OR REPLACE FUNCTION club_forget_name(p_club bigint, p_member bigint, his_user integer, "
        "p_forget_user boolean,\n"
        "                                 old text, new text) RETURNS void AS $$\n"
        "    -- The records of a sitting name him only where his seat there bore this name: another member\n"
        "    -- who once had it keeps it, and a name the app set on him rewrites no record.\n"
        "    UPDATE club_sitting SET state = club_forget_json(state, old, new, false)\n"
        "        WHERE id IN (SELECT sitting_id FROM club_seat WHERE member_id = p_member AND name = old);\n"
        "    UPDATE club_deal SET state_before = club_forget_json(state_before, old, new, false)\n"
        "        WHERE sitting_id IN (SELECT sitting_id FROM club_seat WHERE member_id = p_member AND name = old);\n"
        "    UPDATE club_dealversion v\n"
        "        SET record = club_forget_json(v.record, old, new, false), reason = club_forget_text(v.reason, old, "
        "new)\n"
        "        FROM club_deal d, club_seat st\n"
        "        WHERE v.deal_id = d.id AND d.sitting_id = st.sitting_id AND st.member_id = p_member AND st.name = "
        "old;\n"
        "    UPDATE club_payment SET note = club_forget_text(note, old, new), reason = club_forget_text(reason, "
        "old, new)\n"
        "        WHERE club_id = p_club;\n"
        "    UPDATE club_tableopening SET reason = club_forget_text(reason, old, new) WHERE club_id = p_club;\n"
        "    UPDATE club_dispute x\n"
        "        SET comment = club_forget_text(x.comment, old, new), close_reason = "
        "club_forget_text(x.close_reason, old, new)\n"
        "        FROM club_deal d, club_sitting s, club_table t\n"
        "        WHERE x.deal_id = d.id AND d.sitting_id = s.id AND s.table_id = t.id AND t.club_id = p_club;\n"
        "    -- A payment's note or reversal's reason, and a correction's reason, as the ledger's memo.\n"
        "    UPDATE ledger_transaction SET memo = club_forget_text(memo, old, new)\n"
        "        WHERE memo IS DISTINCT FROM club_forget_text(memo, old, new) AND id IN (\n"
        "            SELECT transaction_id FROM club_payment WHERE club_id = p_club\n"
        "            UNION SELECT transaction_id FROM club_tableopening WHERE club_id = p_club\n"
        "            UNION SELECT e.transaction_id FROM club_ledgerentry e JOIN club_sitting s ON e.sitting_id = "
        "s.id\n"
        "                JOIN club_table t ON s.table_id = t.id WHERE t.club_id = p_club);\n"
        "    SELECT club_forget_log(p_club, p_member, his_user, p_forget_user, old, new);\n"
        "$$ LANGUAGE sql SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "CREATE OR REPLACE FUNCTION club_forget_member(p_club bigint, p_member bigint, p_new text, p_forget_user "
        "boolean)\n"
        "RETURNS void AS $$\n"
        "DECLARE\n"
        "    current_name text;\n"
        "    his_user integer;\n"
        "    his_email text;\n"
        "    his_username text;\n"
        "    forgotten integer[];\n"
        "    login integer;\n"
        "    names text[];\n"
        "    addresses text[];\n"
        "    old text;\n"
        "BEGIN\n"
        "    SELECT name, user_id, email INTO current_name, his_user, his_email\n"
        "        FROM club_member WHERE id = p_member AND club_id = p_club FOR UPDATE;\n"
        "    IF current_name IS NULL THEN\n"
        "        RAISE EXCEPTION 'member % is no member of club %', p_member, p_club USING ERRCODE = "
        "'restrict_violation';\n"
        "    END IF;\n"
        "    IF p_new !~ '^Tidligere medlem [0-9]+$'\n"
        "            OR EXISTS (SELECT 1 FROM club_member WHERE club_id = p_club AND name = p_new) THEN\n"
        "        RAISE EXCEPTION 'a forgotten member is called \"Tidligere medlem N\", unused in the club'\n"
        "            USING ERRCODE = 'restrict_violation';\n"
        "    END IF;\n"
        "    IF p_forget_user AND EXISTS (SELECT 1 FROM club_member WHERE user_id = his_user AND id <> p_member) "
        "THEN\n"
        "        RAISE EXCEPTION 'the login is another club''s member''s too' USING ERRCODE = "
        "'restrict_violation';\n"
        "    END IF;\n"
        "    -- Every name he had: now, at each of his seats, and before each rename the log kept; none\n"
        "    -- that another member of the club has now or had at a seat.\n"
        "    names := ARRAY(\n"
        "        SELECT DISTINCT n FROM (\n"
        "            SELECT current_name AS n\n"
        "            UNION SELECT name FROM club_seat WHERE member_id = p_member\n"
        "            UNION SELECT jsonb_array_elements_text(e.changes -> 'name')\n"
        "                FROM auditlog_logentry e JOIN django_content_type ct ON e.content_type_id = ct.id\n"
        "                WHERE (ct.app_label, ct.model) = ('club', 'member') AND e.object_id = p_member\n"
        "                    AND jsonb_typeof(e.changes -> 'name') = 'array'\n"
        "        ) said\n"
        "        WHERE n <> '' AND n NOT IN (SELECT name FROM club_member WHERE club_id = p_club AND id <> "
        "p_member)\n"
        "            AND n NOT IN (SELECT st.name FROM club_seat st JOIN club_member m ON st.member_id = m.id\n"
        "                          WHERE m.club_id = p_club AND st.member_id <> p_member)\n"
        "        ORDER BY n\n"
        "    );\n"
        "    forgotten := club_forget_former_logins(p_member, his_user);\n"
        "    IF p_forget_user AND his_user IS NOT NULL THEN\n"
        "        forgotten := his_user || forgotten;\n"
        "    END IF;\n"
        "    -- Every address he had: now, his login's and his former logins', and before each change the\n"
        "    -- log kept.\n"
        "    addresses := ARRAY(\n"
        "        SELECT DISTINCT a FROM (\n"
        "            SELECT his_email AS a\n"
        "            UNION SELECT email FROM auth_user WHERE id = his_user OR id = ANY(forgotten)\n"
        "            UNION SELECT jsonb_array_elements_text(e.changes -> 'email')\n"
        "                FROM auditlog_logentry e JOIN django_content_type ct ON e.content_type_id = ct.id\n"
        "                WHERE (ct.app_label, ct.model) = ('club', 'member') AND e.object_id = p_member\n"
        "                    AND jsonb_typeof(e.changes -> 'email') = 'array'\n"
        "        ) said\n"
        "        WHERE a <> '' AND a NOT IN (SELECT email FROM club_member WHERE club_id = p_club AND id <> "
        "p_member)\n"
        "    );\n"
        "    PERFORM set_config('club.forgetting', 'on', true);\n"
        "    PERFORM set_config('ledger.rewriting_memo', 'on', true);\n"
        "    -- The longest first: a name that holds a shorter one goes whole.\n"
        "    FOREACH old IN ARRAY ARRAY(SELECT x FROM unnest(names) x ORDER BY length(x) DESC, x) LOOP\n"
        "        PERFORM club_forget_name(p_club, p_member, his_user, p_forget_user, old, p_new);\n"
        "    END LOOP;\n"
        "    UPDATE club_seat SET name = p_new WHERE member_id = p_member;\n"
        "    FOREACH old IN ARRAY addresses LOOP\n"
        "        PERFORM club_forget_log(p_club, p_member, his_user, p_forget_user, old, '');\n"
        "    END LOOP;\n"
        "    FOREACH login IN ARRAY ARRAY(SELECT x FROM unnest(forgotten) x ORDER BY x) LOOP\n"
        "        SELECT username INTO his_username FROM auth_user WHERE id = login;\n"
        "        PERFORM club_forget_log(p_club, p_member, his_user, p_forget_user, his_username, 'tidligere-' || "
        "login);\n"
        "    END LOOP;\n"
        "    PERFORM set_config('ledger.rewriting_memo', 'off', true);\n"
        "    PERFORM set_config('club.forgetting', 'off', true);\n"
        "END;\n"
        "$$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_member(bigint, bigint, text, boolean) FROM PUBLIC;\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_name(bigint, bigint, integer, boolean, text, text) FROM PUBLIC;\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_log(bigint, bigint, integer, boolean, text, text) FROM PUBLIC;\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_former_logins(bigint, integer) FROM PUBLIC;\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_linked_logins(bigint, integer) FROM PUBLIC;\n",
    ),
    "sqlite": (
        "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_update BEFORE UPDATE ON club_season WHEN "
        "NEW.preset IS NOT OLD.preset OR json(NEW.overrides) IS NOT json(OLD.overrides) OR NEW.point_value_ore IS "
        "NOT OLD.point_value_ore BEGIN SELECT RAISE(ABORT, 'club_season has sittings: its preset, overrides and "
        "point value are history; UPDATE refused') WHERE EXISTS (SELECT 1 FROM club_sitting WHERE season_id = "
        "OLD.id); END",
        "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_delete BEFORE DELETE ON club_season BEGIN SELECT "
        "RAISE(ABORT, 'club_season has sittings: DELETE refused') WHERE EXISTS (SELECT 1 FROM club_sitting WHERE "
        "season_id = OLD.id); END",
        "CREATE TRIGGER IF NOT EXISTS club_member_accounts_set_once BEFORE UPDATE ON club_member WHEN "
        "(OLD.account_id IS NOT NULL AND NEW.account_id IS NOT OLD.account_id) OR (OLD.payments_account_id IS NOT "
        "NULL AND NEW.payments_account_id IS NOT OLD.payments_account_id) BEGIN SELECT RAISE(ABORT, 'club_member "
        "account links are set once: UPDATE refused'); END",
        "CREATE TRIGGER IF NOT EXISTS club_seat_stats_changed AFTER INSERT ON club_dealversion BEGIN UPDATE "
        "club_seat SET changes = changes + 1 WHERE sitting_id = (SELECT d.sitting_id FROM club_deal d WHERE d.id = "
        "NEW.deal_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_unaccounted_opens AFTER INSERT ON ledger_transaction BEGIN INSERT INTO "
        "club_unaccountedtransaction (transaction_id) VALUES (NEW.id); END",
        "CREATE TRIGGER IF NOT EXISTS club_ledgerentry_names_a_transaction AFTER INSERT ON club_ledgerentry BEGIN "
        "DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; END",
        "CREATE TRIGGER IF NOT EXISTS club_payment_names_a_transaction AFTER INSERT ON club_payment BEGIN DELETE "
        "FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; END",
        "CREATE TRIGGER IF NOT EXISTS club_tableopening_names_a_transaction AFTER INSERT ON club_tableopening BEGIN "
        "DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; END",
        "CREATE TRIGGER IF NOT EXISTS club_ledgerentry_renames_a_transaction AFTER UPDATE OF transaction_id ON "
        "club_ledgerentry WHEN NEW.transaction_id IS NOT OLD.transaction_id BEGIN DELETE FROM "
        "club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE OLD.transaction_id IS NOT "
        "NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = OLD.transaction_id) OR EXISTS "
        "(SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_payment_renames_a_transaction AFTER UPDATE OF transaction_id ON "
        "club_payment WHEN NEW.transaction_id IS NOT OLD.transaction_id BEGIN DELETE FROM "
        "club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE OLD.transaction_id IS NOT "
        "NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = OLD.transaction_id) OR EXISTS "
        "(SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_tableopening_renames_a_transaction AFTER UPDATE OF transaction_id ON "
        "club_tableopening WHEN NEW.transaction_id IS NOT OLD.transaction_id BEGIN DELETE FROM "
        "club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE OLD.transaction_id IS NOT "
        "NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = OLD.transaction_id) OR EXISTS "
        "(SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_ledgerentry_unnames_a_transaction AFTER DELETE ON club_ledgerentry BEGIN "
        "INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT "
        "1 FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_payment_unnames_a_transaction AFTER DELETE ON club_payment BEGIN INSERT "
        "INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE OLD.transaction_id IS "
        "NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_tableopening_unnames_a_transaction AFTER DELETE ON club_tableopening "
        "BEGIN INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR "
        "EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT "
        "1 FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_unaccounted_insert_kept BEFORE INSERT ON club_unaccountedtransaction "
        "WHEN NOT EXISTS (SELECT 1 FROM ledger_transaction WHERE id = NEW.transaction_id) OR (EXISTS (SELECT 1 FROM "
        "club_ledgerentry WHERE transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE "
        "transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "NEW.transaction_id)) BEGIN SELECT RAISE(ABORT, 'club_unaccountedtransaction is kept from the club records: "
        "INSERT of an accounted transaction refused'); END",
        "CREATE TRIGGER IF NOT EXISTS club_unaccounted_delete_kept BEFORE DELETE ON club_unaccountedtransaction "
        "WHEN NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = OLD.transaction_id) OR EXISTS "
        "(SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_tableopening WHERE transaction_id = OLD.transaction_id)) BEGIN SELECT RAISE(ABORT, "
        "'club_unaccountedtransaction is kept from the club records: DELETE of an unaccounted transaction "
        "refused'); END",
        "CREATE TRIGGER IF NOT EXISTS club_unaccounted_update_kept BEFORE UPDATE ON club_unaccountedtransaction "
        "BEGIN SELECT RAISE(ABORT, 'club_unaccountedtransaction is kept from the club records: UPDATE refused'); "
        "END",
    ),
}
DROP = {
    "postgresql": (
        "DROP TRIGGER IF EXISTS club_dealversion_append_only ON club_dealversion",
        "DROP TRIGGER IF EXISTS club_season_price_is_history ON club_season",
        "DROP TRIGGER IF EXISTS club_member_accounts_set_once ON club_member",
        "DROP TRIGGER IF EXISTS club_seat_stats_changed ON club_dealversion",
        "DROP TRIGGER IF EXISTS club_unaccounted_opens ON ledger_transaction",
        "DROP TRIGGER IF EXISTS club_ledgerentry_names_a_transaction ON club_ledgerentry",
        "DROP TRIGGER IF EXISTS club_payment_names_a_transaction ON club_payment",
        "DROP TRIGGER IF EXISTS club_tableopening_names_a_transaction ON club_tableopening",
        "DROP TRIGGER IF EXISTS club_ledgerentry_unnames_a_transaction ON club_ledgerentry",
        "DROP TRIGGER IF EXISTS club_payment_unnames_a_transaction ON club_payment",
        "DROP TRIGGER IF EXISTS club_tableopening_unnames_a_transaction ON club_tableopening",
        "DROP TRIGGER IF EXISTS club_unaccounted_kept ON club_unaccountedtransaction",
        "DROP TRIGGER IF EXISTS club_keep_seat_points ON club_ledgerentry",
        "DROP TRIGGER IF EXISTS club_seat_points_kept_update ON club_seat",
        "DROP TRIGGER IF EXISTS club_seat_points_kept_insert ON club_seat",
        "DROP FUNCTION IF EXISTS club_dealversion_append_only()",
        "DROP FUNCTION IF EXISTS club_season_price_is_history()",
        "DROP FUNCTION IF EXISTS club_member_accounts_set_once()",
        "DROP FUNCTION IF EXISTS club_seat_stats_changed()",
        "DROP FUNCTION IF EXISTS club_unaccounted_opens()",
        "DROP FUNCTION IF EXISTS club_unaccounted_named()",
        "DROP FUNCTION IF EXISTS club_unaccounted_unnamed()",
        "DROP FUNCTION IF EXISTS club_unaccounted_kept()",
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
        "DROP TRIGGER IF EXISTS club_unaccounted_opens",
        "DROP TRIGGER IF EXISTS club_ledgerentry_names_a_transaction",
        "DROP TRIGGER IF EXISTS club_payment_names_a_transaction",
        "DROP TRIGGER IF EXISTS club_tableopening_names_a_transaction",
        "DROP TRIGGER IF EXISTS club_ledgerentry_renames_a_transaction",
        "DROP TRIGGER IF EXISTS club_payment_renames_a_transaction",
        "DROP TRIGGER IF EXISTS club_tableopening_renames_a_transaction",
        "DROP TRIGGER IF EXISTS club_ledgerentry_unnames_a_transaction",
        "DROP TRIGGER IF EXISTS club_payment_unnames_a_transaction",
        "DROP TRIGGER IF EXISTS club_tableopening_unnames_a_transaction",
        "DROP TRIGGER IF EXISTS club_unaccounted_insert_kept",
        "DROP TRIGGER IF EXISTS club_unaccounted_delete_kept",
        "DROP TRIGGER IF EXISTS club_unaccounted_update_kept",
        "DROP TRIGGER IF EXISTS club_keep_seat_points",
    ),
}
FILL = "INSERT INTO club_unaccountedtransaction (transaction_id) SELECT t.id FROM ledger_transaction t WHERE NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = t.id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = t.id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = t.id))"


def create(apps, schema_editor) -> None:
    for statement in CREATE.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


def drop(apps, schema_editor) -> None:
    for statement in DROP.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


def fill(apps, schema_editor) -> None:
    """Every transaction no ledger entry, payment or table opening names, as the triggers keep them."""
    schema_editor.execute(FILL, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0030_payment_idempotency_keys"),
        ("ledger", "0015_guards_search_path"),
    ]

    operations = [
        migrations.CreateModel(
            name="UnaccountedTransaction",
            fields=[
                (
                    "transaction",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        primary_key=True,
                        related_name="unaccounted",
                        serialize=False,
                        to="ledger.transaction",
                    ),
                ),
            ],
            options={
                "verbose_name": "unaccounted transaction",
                "verbose_name_plural": "unaccounted transactions",
            },
        ),
        # After the table: dropping the current set names it.
        migrations.RunPython(drop, create),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.RunPython(create, drop),
    ]
