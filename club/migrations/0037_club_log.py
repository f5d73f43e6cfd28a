"""The club's log as lines of its own (club.models.ClubEvent): each service writes its line in its
transaction, with what it did (kind and data), who (a member, or a login of none), and through what
(a page, the API, a command's operator, the admin). What the old page reconstructed from
django-auditlog's field diffs, the corrections, the payments and the table openings is carried
over once, here (the old reader lives on only in this file), so old data reads as it did.

The line is kept as written: on PostgreSQL a trigger refuses any change but forgetting's
(`club_forget_events`, the owner's function, rewrites a forgotten member's former names and
addresses), and scripts/app-role.sql lets the app only add and read lines. The SQL is
`club.triggers`'s as it stands with this migration, frozen below: the earlier set dropped first,
this set made last.
"""

import json

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

CREATE = {
    "postgresql": (
        "\n"
        "CREATE OR REPLACE FUNCTION club_dealversion_append_only() RETURNS trigger SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'UPDATE' AND current_setting('club.forgetting', true) = 'on' THEN\n"
        "        RETURN NEW;\n"
        "    END IF;\n"
        "    RAISE EXCEPTION 'club_dealversion is append-only: % refused; record a new version instead', "
        "TG_OP USING ERRCODE = 'restrict_violation';\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_dealversion_append_only\n"
        "    BEFORE UPDATE OR DELETE ON club_dealversion\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_dealversion_append_only();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_clubevent_append_only() RETURNS trigger SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'UPDATE' AND current_setting('club.forgetting', true) = 'on' THEN\n"
        "        RETURN NEW;\n"
        "    END IF;\n"
        "    RAISE EXCEPTION 'club_clubevent is append-only: % refused; the log keeps what was done', TG_OP "
        "USING ERRCODE = 'restrict_violation';\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_clubevent_append_only\n"
        "    BEFORE UPDATE OR DELETE ON club_clubevent\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_clubevent_append_only();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_season_price_is_history() RETURNS trigger SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF EXISTS (SELECT 1 FROM club_sitting WHERE season_id = OLD.id) THEN\n"
        "        IF TG_OP = 'DELETE' THEN\n"
        "            RAISE EXCEPTION 'club_season has sittings: DELETE refused' USING ERRCODE = "
        "'restrict_violation';\n"
        "        END IF;\n"
        "        IF (NEW.preset, NEW.overrides, NEW.point_value_ore) IS DISTINCT FROM (OLD.preset, "
        "OLD.overrides, OLD.point_value_ore) THEN\n"
        "            RAISE EXCEPTION 'club_season has sittings: its preset, overrides and point value are "
        "history; UPDATE refused' USING ERRCODE = 'restrict_violation';\n"
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
        "CREATE OR REPLACE FUNCTION club_member_accounts_set_once() RETURNS trigger SET search_path = "
        "pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    RAISE EXCEPTION 'club_member account links are set once: UPDATE refused' USING ERRCODE = "
        "'restrict_violation';\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_member_accounts_set_once\n"
        "    BEFORE UPDATE ON club_member\n"
        "    FOR EACH ROW WHEN ((OLD.account_id IS NOT NULL AND NEW.account_id IS DISTINCT FROM "
        "OLD.account_id) OR (OLD.payments_account_id IS NOT NULL AND NEW.payments_account_id IS DISTINCT "
        "FROM OLD.payments_account_id)) EXECUTE FUNCTION club_member_accounts_set_once();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_seat_stats_changed() RETURNS trigger SET search_path = pg_catalog, "
        "public, pg_temp AS $$\n"
        "BEGIN\n"
        "    UPDATE club_seat SET changes = changes + 1 WHERE sitting_id = (SELECT d.sitting_id FROM "
        "club_deal d WHERE d.id = NEW.deal_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_seat_stats_changed\n"
        "    AFTER INSERT ON club_dealversion\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_seat_stats_changed();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_opens() RETURNS trigger SECURITY DEFINER SET "
        "search_path = pg_catalog, public, pg_temp AS $$\n"
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
        "CREATE OR REPLACE FUNCTION club_unaccounted_named() RETURNS trigger SECURITY DEFINER SET "
        "search_path = pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'INSERT' OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id THEN\n"
        "        DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id;\n"
        "    END IF;\n"
        "    IF TG_OP = 'UPDATE' THEN\n"
        "        INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id "
        "= OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE transaction_id "
        "= OLD.transaction_id);\n"
        "    END IF;\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_ledgerentry_names_a_transaction\n"
        "    AFTER INSERT OR UPDATE OF transaction_id ON club_ledgerentry\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_named();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_named() RETURNS trigger SECURITY DEFINER SET "
        "search_path = pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'INSERT' OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id THEN\n"
        "        DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id;\n"
        "    END IF;\n"
        "    IF TG_OP = 'UPDATE' THEN\n"
        "        INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id "
        "= OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE transaction_id "
        "= OLD.transaction_id);\n"
        "    END IF;\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_payment_names_a_transaction\n"
        "    AFTER INSERT OR UPDATE OF transaction_id ON club_payment\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_named();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_named() RETURNS trigger SECURITY DEFINER SET "
        "search_path = pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'INSERT' OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id THEN\n"
        "        DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id;\n"
        "    END IF;\n"
        "    IF TG_OP = 'UPDATE' THEN\n"
        "        INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id "
        "= OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE transaction_id "
        "= OLD.transaction_id);\n"
        "    END IF;\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_tableopening_names_a_transaction\n"
        "    AFTER INSERT OR UPDATE OF transaction_id ON club_tableopening\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_named();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_unnamed() RETURNS trigger SECURITY DEFINER SET "
        "search_path = pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id "
        "= OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE transaction_id "
        "= OLD.transaction_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_ledgerentry_unnames_a_transaction\n"
        "    AFTER DELETE ON club_ledgerentry\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_unnamed();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_unnamed() RETURNS trigger SECURITY DEFINER SET "
        "search_path = pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id "
        "= OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE transaction_id "
        "= OLD.transaction_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_payment_unnames_a_transaction\n"
        "    AFTER DELETE ON club_payment\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_unnamed();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_unnamed() RETURNS trigger SECURITY DEFINER SET "
        "search_path = pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id "
        "= OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE transaction_id "
        "= OLD.transaction_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_tableopening_unnames_a_transaction\n"
        "    AFTER DELETE ON club_tableopening\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_unnamed();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_settled() RETURNS trigger SECURITY DEFINER SET "
        "search_path = pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    DELETE FROM club_unaccountedtransaction WHERE transaction_id IN (NEW.split_transaction_id, "
        "NEW.out_transaction_id, NEW.in_transaction_id, NEW.rest_transaction_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_seasonsettlement_names_transactions\n"
        "    AFTER INSERT OR UPDATE ON club_seasonsettlement\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_settled();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_unsettled() RETURNS trigger SECURITY DEFINER SET "
        "search_path = pg_catalog, public, pg_temp AS $$\n"
        "BEGIN\n"
        "    INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.split_transaction_id WHERE "
        "OLD.split_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE "
        "transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE "
        "transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE "
        "transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "split_transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE out_transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE in_transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE rest_transaction_id = OLD.split_transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.split_transaction_id); INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.out_transaction_id WHERE "
        "OLD.out_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE "
        "transaction_id = OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id "
        "= OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.out_transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE "
        "transaction_id = OLD.out_transaction_id); INSERT INTO club_unaccountedtransaction (transaction_id) "
        "SELECT OLD.in_transaction_id WHERE OLD.in_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM "
        "club_ledgerentry WHERE transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_payment WHERE transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_tableopening WHERE transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE split_transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE out_transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE in_transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE rest_transaction_id = OLD.in_transaction_id)) AND NOT EXISTS (SELECT 1 "
        "FROM club_unaccountedtransaction WHERE transaction_id = OLD.in_transaction_id); INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.rest_transaction_id WHERE "
        "OLD.rest_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE "
        "transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE "
        "transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE "
        "transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "split_transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE out_transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE in_transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE rest_transaction_id = OLD.rest_transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.rest_transaction_id);\n"
        "    RETURN NULL;\n"
        "END;\n"
        "$$ LANGUAGE plpgsql;\n"
        "\n"
        "CREATE TRIGGER club_seasonsettlement_unnames_transactions\n"
        "    AFTER UPDATE OR DELETE ON club_seasonsettlement\n"
        "    FOR EACH ROW EXECUTE FUNCTION club_unaccounted_unsettled();\n",
        "\n"
        "CREATE OR REPLACE FUNCTION club_unaccounted_kept() RETURNS trigger SET search_path = pg_catalog, "
        "public, pg_temp AS $$\n"
        "BEGIN\n"
        "    IF TG_OP = 'UPDATE' THEN\n"
        "        RAISE EXCEPTION 'club_unaccountedtransaction is kept from the club records: UPDATE refused' "
        "USING ERRCODE = 'restrict_violation';\n"
        "    END IF;\n"
        "    IF TG_OP = 'INSERT' AND (\n"
        "        NOT EXISTS (SELECT 1 FROM ledger_transaction WHERE id = NEW.transaction_id) OR (EXISTS "
        "(SELECT 1 FROM club_ledgerentry WHERE transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_payment WHERE transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening "
        "WHERE transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "split_transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "out_transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "in_transaction_id = NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "rest_transaction_id = NEW.transaction_id))\n"
        "    ) THEN\n"
        "        RAISE EXCEPTION 'club_unaccountedtransaction is kept from the club records: INSERT of an "
        "accounted transaction refused' USING ERRCODE = 'restrict_violation';\n"
        "    END IF;\n"
        "    IF TG_OP = 'DELETE' AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.transaction_id)) THEN\n"
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
        "CREATE OR REPLACE FUNCTION club_forget_json(j jsonb, old text, new text, in_text boolean) RETURNS "
        "jsonb AS $$\n"
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
        "CREATE OR REPLACE FUNCTION club_forget_linked_logins(p_member bigint, his_user integer) RETURNS "
        "integer[] AS $$\n"
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
        "CREATE OR REPLACE FUNCTION club_forget_former_logins(p_member bigint, his_user integer) RETURNS "
        "integer[] AS $$\n"
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
        "CREATE OR REPLACE FUNCTION club_forget_log(p_club bigint, p_member bigint, his_user integer, "
        "p_forget_user boolean,\n"
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
        "            SELECT s.id FROM club_sitting s JOIN club_table t ON s.table_id = t.id WHERE t.club_id "
        "= p_club)\n"
        "        OR (ct.app_label, ct.model) = ('club', 'dispute') AND e.object_id IN (\n"
        "            SELECT x.id FROM club_dispute x JOIN club_deal d ON x.deal_id = d.id\n"
        "            JOIN club_sitting s ON d.sitting_id = s.id JOIN club_table t ON s.table_id = t.id WHERE "
        "t.club_id = p_club)\n"
        "        OR (ct.app_label, ct.model) = ('club', 'joinrequest') AND e.object_id IN (\n"
        "            SELECT j.id FROM club_joinrequest j JOIN club_member m ON j.member_id = m.id WHERE "
        "m.club_id = p_club)\n"
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
        "        WHERE sitting_id IN (SELECT sitting_id FROM club_seat WHERE member_id = p_member AND name = "
        "old);\n"
        "    UPDATE club_dealversion v\n"
        "        SET record = club_forget_json(v.record, old, new, false), reason = "
        "club_forget_text(v.reason, old, new)\n"
        "        FROM club_deal d, club_seat st\n"
        "        WHERE v.deal_id = d.id AND d.sitting_id = st.sitting_id AND st.member_id = p_member AND "
        "st.name = old;\n"
        "    UPDATE club_payment SET note = club_forget_text(note, old, new), reason = "
        "club_forget_text(reason, old, new)\n"
        "        WHERE club_id = p_club;\n"
        "    UPDATE club_tableopening SET reason = club_forget_text(reason, old, new) WHERE club_id = "
        "p_club;\n"
        "    UPDATE club_dispute x\n"
        "        SET comment = club_forget_text(x.comment, old, new), close_reason = "
        "club_forget_text(x.close_reason, old, new)\n"
        "        FROM club_deal d, club_sitting s, club_table t\n"
        "        WHERE x.deal_id = d.id AND d.sitting_id = s.id AND s.table_id = t.id AND t.club_id = "
        "p_club;\n"
        "    -- A payment's note or reversal's reason, and a correction's reason, as the ledger's memo.\n"
        "    UPDATE ledger_transaction SET memo = club_forget_text(memo, old, new)\n"
        "        WHERE memo IS DISTINCT FROM club_forget_text(memo, old, new) AND id IN (\n"
        "            SELECT transaction_id FROM club_payment WHERE club_id = p_club\n"
        "            UNION SELECT transaction_id FROM club_tableopening WHERE club_id = p_club\n"
        "            UNION SELECT e.transaction_id FROM club_ledgerentry e JOIN club_sitting s ON "
        "e.sitting_id = s.id\n"
        "                JOIN club_table t ON s.table_id = t.id WHERE t.club_id = p_club);\n"
        "    SELECT club_forget_log(p_club, p_member, his_user, p_forget_user, old, new);\n"
        "$$ LANGUAGE sql SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "CREATE OR REPLACE FUNCTION club_forget_member(p_club bigint, p_member bigint, p_new text, "
        "p_forget_user boolean)\n"
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
        "    IF p_forget_user AND EXISTS (SELECT 1 FROM club_member WHERE user_id = his_user AND id <> "
        "p_member) THEN\n"
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
        "            AND n NOT IN (SELECT st.name FROM club_seat st JOIN club_member m ON st.member_id = "
        "m.id\n"
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
        "        PERFORM club_forget_log(p_club, p_member, his_user, p_forget_user, his_username, "
        "'tidligere-' || login);\n"
        "    END LOOP;\n"
        "    PERFORM set_config('ledger.rewriting_memo', 'off', true);\n"
        "    PERFORM set_config('club.forgetting', 'off', true);\n"
        "END;\n"
        "$$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "CREATE OR REPLACE FUNCTION club_forget_events(p_club bigint, p_member bigint) RETURNS void AS $$\n"
        "    -- The values of a forgotten member the club's log keeps (club.audit.record_forgetting): his\n"
        "    -- former names (a rename) become his new one, the addresses he was invited at go.\n"
        "DECLARE\n"
        "    new_name text;\n"
        "BEGIN\n"
        "    SELECT name INTO new_name FROM club_member WHERE id = p_member AND club_id = p_club;\n"
        "    IF new_name IS NULL OR new_name !~ '^Tidligere medlem [0-9]+$' THEN\n"
        "        RAISE EXCEPTION 'member % of club % is not forgotten', p_member, p_club USING ERRCODE = "
        "'restrict_violation';\n"
        "    END IF;\n"
        "    PERFORM set_config('club.forgetting', 'on', true);\n"
        "    UPDATE club_clubevent SET data = data || jsonb_build_object('old', new_name, 'new', new_name)\n"
        "        WHERE club_id = p_club AND kind = 'member_renamed' AND data -> 'member' = "
        "to_jsonb(p_member);\n"
        "    UPDATE club_clubevent SET data = data || jsonb_build_object('email', '')\n"
        "        WHERE club_id = p_club AND kind = 'member_invited' AND data -> 'member' = "
        "to_jsonb(p_member);\n"
        "    PERFORM set_config('club.forgetting', 'off', true);\n"
        "END;\n"
        "$$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp;\n"
        "\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_member(bigint, bigint, text, boolean) FROM PUBLIC;\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_events(bigint, bigint) FROM PUBLIC;\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_name(bigint, bigint, integer, boolean, text, text) FROM "
        "PUBLIC;\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_log(bigint, bigint, integer, boolean, text, text) FROM "
        "PUBLIC;\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_former_logins(bigint, integer) FROM PUBLIC;\n"
        "REVOKE EXECUTE ON FUNCTION club_forget_linked_logins(bigint, integer) FROM PUBLIC;\n",
    ),
    "sqlite": (
        "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_update BEFORE UPDATE ON club_season WHEN "
        "NEW.preset IS NOT OLD.preset OR json(NEW.overrides) IS NOT json(OLD.overrides) OR "
        "NEW.point_value_ore IS NOT OLD.point_value_ore BEGIN SELECT RAISE(ABORT, 'club_season has sittings: "
        "its preset, overrides and point value are history; UPDATE refused') WHERE EXISTS (SELECT 1 FROM "
        "club_sitting WHERE season_id = OLD.id); END",
        "CREATE TRIGGER IF NOT EXISTS club_season_price_is_history_delete BEFORE DELETE ON club_season BEGIN "
        "SELECT RAISE(ABORT, 'club_season has sittings: DELETE refused') WHERE EXISTS (SELECT 1 FROM "
        "club_sitting WHERE season_id = OLD.id); END",
        "CREATE TRIGGER IF NOT EXISTS club_member_accounts_set_once BEFORE UPDATE ON club_member WHEN "
        "(OLD.account_id IS NOT NULL AND NEW.account_id IS NOT OLD.account_id) OR (OLD.payments_account_id "
        "IS NOT NULL AND NEW.payments_account_id IS NOT OLD.payments_account_id) BEGIN SELECT RAISE(ABORT, "
        "'club_member account links are set once: UPDATE refused'); END",
        "CREATE TRIGGER IF NOT EXISTS club_seat_stats_changed AFTER INSERT ON club_dealversion BEGIN UPDATE "
        "club_seat SET changes = changes + 1 WHERE sitting_id = (SELECT d.sitting_id FROM club_deal d WHERE "
        "d.id = NEW.deal_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_unaccounted_opens AFTER INSERT ON ledger_transaction BEGIN INSERT "
        "INTO club_unaccountedtransaction (transaction_id) VALUES (NEW.id); END",
        "CREATE TRIGGER IF NOT EXISTS club_ledgerentry_names_a_transaction AFTER INSERT ON club_ledgerentry "
        "BEGIN DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; END",
        "CREATE TRIGGER IF NOT EXISTS club_payment_names_a_transaction AFTER INSERT ON club_payment BEGIN "
        "DELETE FROM club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; END",
        "CREATE TRIGGER IF NOT EXISTS club_tableopening_names_a_transaction AFTER INSERT ON "
        "club_tableopening BEGIN DELETE FROM club_unaccountedtransaction WHERE transaction_id = "
        "NEW.transaction_id; END",
        "CREATE TRIGGER IF NOT EXISTS club_ledgerentry_renames_a_transaction AFTER UPDATE OF transaction_id "
        "ON club_ledgerentry WHEN NEW.transaction_id IS NOT OLD.transaction_id BEGIN DELETE FROM "
        "club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE OLD.transaction_id IS "
        "NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = OLD.transaction_id) "
        "OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT "
        "1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE split_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE out_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE in_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE rest_transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT 1 "
        "FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_payment_renames_a_transaction AFTER UPDATE OF transaction_id ON "
        "club_payment WHEN NEW.transaction_id IS NOT OLD.transaction_id BEGIN DELETE FROM "
        "club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE OLD.transaction_id IS "
        "NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = OLD.transaction_id) "
        "OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT "
        "1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE split_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE out_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE in_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE rest_transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT 1 "
        "FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_tableopening_renames_a_transaction AFTER UPDATE OF transaction_id "
        "ON club_tableopening WHEN NEW.transaction_id IS NOT OLD.transaction_id BEGIN DELETE FROM "
        "club_unaccountedtransaction WHERE transaction_id = NEW.transaction_id; INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE OLD.transaction_id IS "
        "NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = OLD.transaction_id) "
        "OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT "
        "1 FROM club_tableopening WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE split_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE out_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE in_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE rest_transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT 1 "
        "FROM club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_ledgerentry_unnames_a_transaction AFTER DELETE ON "
        "club_ledgerentry BEGIN INSERT INTO club_unaccountedtransaction (transaction_id) SELECT "
        "OLD.transaction_id WHERE OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM "
        "club_ledgerentry WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment "
        "WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE "
        "transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "split_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "out_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "in_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "rest_transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_payment_unnames_a_transaction AFTER DELETE ON club_payment BEGIN "
        "INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.transaction_id WHERE "
        "OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id "
        "= OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE transaction_id "
        "= OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_tableopening_unnames_a_transaction AFTER DELETE ON "
        "club_tableopening BEGIN INSERT INTO club_unaccountedtransaction (transaction_id) SELECT "
        "OLD.transaction_id WHERE OLD.transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM "
        "club_ledgerentry WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment "
        "WHERE transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE "
        "transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "split_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "out_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "in_transaction_id = OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "rest_transaction_id = OLD.transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_seasonsettlement_names_transactions AFTER INSERT ON "
        "club_seasonsettlement BEGIN DELETE FROM club_unaccountedtransaction WHERE transaction_id IN "
        "(NEW.split_transaction_id, NEW.out_transaction_id, NEW.in_transaction_id, NEW.rest_transaction_id); "
        "END",
        "CREATE TRIGGER IF NOT EXISTS club_seasonsettlement_renames_transactions AFTER UPDATE ON "
        "club_seasonsettlement BEGIN DELETE FROM club_unaccountedtransaction WHERE transaction_id IN "
        "(NEW.split_transaction_id, NEW.out_transaction_id, NEW.in_transaction_id, NEW.rest_transaction_id); "
        "INSERT INTO club_unaccountedtransaction (transaction_id) SELECT OLD.split_transaction_id WHERE "
        "OLD.split_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE "
        "transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE "
        "transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE "
        "transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "split_transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE out_transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE in_transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE rest_transaction_id = OLD.split_transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.split_transaction_id); INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.out_transaction_id WHERE "
        "OLD.out_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE "
        "transaction_id = OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id "
        "= OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.out_transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE "
        "transaction_id = OLD.out_transaction_id); INSERT INTO club_unaccountedtransaction (transaction_id) "
        "SELECT OLD.in_transaction_id WHERE OLD.in_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM "
        "club_ledgerentry WHERE transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_payment WHERE transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_tableopening WHERE transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE split_transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE out_transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE in_transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE rest_transaction_id = OLD.in_transaction_id)) AND NOT EXISTS (SELECT 1 "
        "FROM club_unaccountedtransaction WHERE transaction_id = OLD.in_transaction_id); INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.rest_transaction_id WHERE "
        "OLD.rest_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE "
        "transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE "
        "transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE "
        "transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "split_transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE out_transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE in_transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE rest_transaction_id = OLD.rest_transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.rest_transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_seasonsettlement_unnames_transactions AFTER DELETE ON "
        "club_seasonsettlement BEGIN INSERT INTO club_unaccountedtransaction (transaction_id) SELECT "
        "OLD.split_transaction_id WHERE OLD.split_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM "
        "club_ledgerentry WHERE transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_payment WHERE transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_tableopening WHERE transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE split_transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 "
        "FROM club_seasonsettlement WHERE out_transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 "
        "FROM club_seasonsettlement WHERE in_transaction_id = OLD.split_transaction_id) OR EXISTS (SELECT 1 "
        "FROM club_seasonsettlement WHERE rest_transaction_id = OLD.split_transaction_id)) AND NOT EXISTS "
        "(SELECT 1 FROM club_unaccountedtransaction WHERE transaction_id = OLD.split_transaction_id); INSERT "
        "INTO club_unaccountedtransaction (transaction_id) SELECT OLD.out_transaction_id WHERE "
        "OLD.out_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE "
        "transaction_id = OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id "
        "= OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.out_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.out_transaction_id)) AND NOT EXISTS (SELECT 1 FROM club_unaccountedtransaction WHERE "
        "transaction_id = OLD.out_transaction_id); INSERT INTO club_unaccountedtransaction (transaction_id) "
        "SELECT OLD.in_transaction_id WHERE OLD.in_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM "
        "club_ledgerentry WHERE transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_payment WHERE transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_tableopening WHERE transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE split_transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE out_transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE in_transaction_id = OLD.in_transaction_id) OR EXISTS (SELECT 1 FROM "
        "club_seasonsettlement WHERE rest_transaction_id = OLD.in_transaction_id)) AND NOT EXISTS (SELECT 1 "
        "FROM club_unaccountedtransaction WHERE transaction_id = OLD.in_transaction_id); INSERT INTO "
        "club_unaccountedtransaction (transaction_id) SELECT OLD.rest_transaction_id WHERE "
        "OLD.rest_transaction_id IS NOT NULL AND NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE "
        "transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE "
        "transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE "
        "transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE "
        "split_transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE out_transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE in_transaction_id = OLD.rest_transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement "
        "WHERE rest_transaction_id = OLD.rest_transaction_id)) AND NOT EXISTS (SELECT 1 FROM "
        "club_unaccountedtransaction WHERE transaction_id = OLD.rest_transaction_id); END",
        "CREATE TRIGGER IF NOT EXISTS club_unaccounted_insert_kept BEFORE INSERT ON "
        "club_unaccountedtransaction WHEN NOT EXISTS (SELECT 1 FROM ledger_transaction WHERE id = "
        "NEW.transaction_id) OR (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "NEW.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "NEW.transaction_id)) BEGIN SELECT RAISE(ABORT, 'club_unaccountedtransaction is kept from the club "
        "records: INSERT of an accounted transaction refused'); END",
        "CREATE TRIGGER IF NOT EXISTS club_unaccounted_delete_kept BEFORE DELETE ON "
        "club_unaccountedtransaction WHEN NOT (EXISTS (SELECT 1 FROM club_ledgerentry WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_payment WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_tableopening WHERE transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE split_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE out_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE in_transaction_id = "
        "OLD.transaction_id) OR EXISTS (SELECT 1 FROM club_seasonsettlement WHERE rest_transaction_id = "
        "OLD.transaction_id)) BEGIN SELECT RAISE(ABORT, 'club_unaccountedtransaction is kept from the club "
        "records: DELETE of an unaccounted transaction refused'); END",
        "CREATE TRIGGER IF NOT EXISTS club_unaccounted_update_kept BEFORE UPDATE ON "
        "club_unaccountedtransaction BEGIN SELECT RAISE(ABORT, 'club_unaccountedtransaction is kept from the "
        "club records: UPDATE refused'); END",
    ),
}

# Every trigger and function of this set and of the sets before it, whichever exist.
DROP = {
    "postgresql": (
        "DROP TRIGGER IF EXISTS club_dealversion_append_only ON club_dealversion",
        "DROP TRIGGER IF EXISTS club_clubevent_append_only ON club_clubevent",
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
        "DROP TRIGGER IF EXISTS club_seasonsettlement_names_transactions ON club_seasonsettlement",
        "DROP TRIGGER IF EXISTS club_seasonsettlement_unnames_transactions ON club_seasonsettlement",
        "DROP TRIGGER IF EXISTS club_unaccounted_kept ON club_unaccountedtransaction",
        "DROP TRIGGER IF EXISTS club_keep_seat_points ON club_ledgerentry",
        "DROP TRIGGER IF EXISTS club_seat_points_kept_update ON club_seat",
        "DROP TRIGGER IF EXISTS club_seat_points_kept_insert ON club_seat",
        "DROP FUNCTION IF EXISTS club_dealversion_append_only()",
        "DROP FUNCTION IF EXISTS club_clubevent_append_only()",
        "DROP FUNCTION IF EXISTS club_season_price_is_history()",
        "DROP FUNCTION IF EXISTS club_member_accounts_set_once()",
        "DROP FUNCTION IF EXISTS club_seat_stats_changed()",
        "DROP FUNCTION IF EXISTS club_unaccounted_opens()",
        "DROP FUNCTION IF EXISTS club_unaccounted_named()",
        "DROP FUNCTION IF EXISTS club_unaccounted_unnamed()",
        "DROP FUNCTION IF EXISTS club_unaccounted_settled()",
        "DROP FUNCTION IF EXISTS club_unaccounted_unsettled()",
        "DROP FUNCTION IF EXISTS club_unaccounted_kept()",
        "DROP FUNCTION IF EXISTS club_forget_member(bigint, bigint, text, boolean)",
        "DROP FUNCTION IF EXISTS club_forget_events(bigint, bigint)",
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
        "DROP TRIGGER IF EXISTS club_seasonsettlement_names_transactions",
        "DROP TRIGGER IF EXISTS club_seasonsettlement_renames_transactions",
        "DROP TRIGGER IF EXISTS club_seasonsettlement_unnames_transactions",
        "DROP TRIGGER IF EXISTS club_unaccounted_insert_kept",
        "DROP TRIGGER IF EXISTS club_unaccounted_delete_kept",
        "DROP TRIGGER IF EXISTS club_unaccounted_update_kept",
        "DROP TRIGGER IF EXISTS club_keep_seat_points",
    ),
}


def create(apps, schema_editor) -> None:
    for statement in CREATE.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


def drop(apps, schema_editor) -> None:
    for statement in DROP.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


# --- the log as club.web.log read it before this migration, once, into lines -------------------

# The kinds this migration writes (club.models.ClubEvent.Kind, as it stands here).
PAGE = "page"


def _changes(entry) -> dict[str, tuple[str, str]]:
    """auditlog's changes as (old, new) text, with its "None" read as empty."""
    found = {}
    for name, values in (entry.changes if isinstance(entry.changes, dict) else {}).items():
        if isinstance(values, list) and len(values) == 2:
            old, new = (("" if v in (None, "None") else str(v)) for v in values)
            found[name] = (old, new)
    return found


def _json_object(text: str) -> dict:
    """A JSONField's value as auditlog keeps it (json.dumps); anything else is no rule."""
    try:
        value = json.loads(text) if text else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


class _Legacy:
    """One club's old log: auditlog's entries of its objects, its corrections, payments and table
    openings, each as the lines (kind, data) the page showed, with who and when."""

    def __init__(self, apps, club):
        self.apps, self.club = apps, club
        model = apps.get_model
        self.Member = model("club", "Member")
        self.Season = model("club", "Season")
        self.members = {m.pk: m for m in self.Member.objects.filter(club=club)}
        self.by_user = {m.user_id: m.pk for m in self.members.values() if m.user_id is not None}
        self.by_name = {m.name: m.pk for m in self.members.values()}
        self.seasons = {s.pk: s for s in self.Season.objects.filter(club=club)}
        self.season_by_name = {s.name: s.pk for s in self.seasons.values()}
        self.lines: list = []

    def add(self, at, user_id, said) -> None:
        """`said`: the entry's lines in the order the page showed them (newest first): written
        last first, so that the newest-first page shows them in that order."""
        member = self.by_user.get(user_id) if user_id is not None else None
        user = user_id if member is None else None
        for kind, data in reversed(said):
            self.lines.append((at, kind, data, member, user))

    def audit_entries(self) -> None:
        model = self.apps.get_model
        LogEntry, ContentType = model("auditlog", "LogEntry"), model("contenttypes", "ContentType")
        club = self.club
        objects = {
            "club": ([club.pk], self._club),
            "member": (list(self.members), self._member),
            "season": (list(self.seasons), self._season),
            "table": (list(model("club", "Table").objects.filter(club=club).values_list("pk", flat=True)), self._table),
            "sitting": (
                list(model("club", "Sitting").objects.filter(table__club=club).values_list("pk", flat=True)),
                self._sitting,
            ),
            "dispute": (
                list(
                    model("club", "Dispute")
                    .objects.filter(deal__sitting__table__club=club)
                    .values_list("pk", flat=True)
                ),
                self._dispute,
            ),
            "joinrequest": (
                list(model("club", "JoinRequest").objects.filter(member__club=club).values_list("pk", flat=True)),
                self._join_request,
            ),
        }
        for name, (pks, say) in objects.items():
            content_type = ContentType.objects.filter(app_label="club", model=name).first()
            if content_type is None or not pks:
                continue
            entries = LogEntry.objects.filter(content_type=content_type, object_id__in=pks).order_by("timestamp", "pk")
            for entry in entries.iterator():
                said = list(say(entry, _changes(entry)))
                if said:
                    self.add(entry.timestamp, entry.actor_id, said)

    # Each model's lines, as club.web.log's sayers said them.
    def _club(self, entry, change):
        if entry.action == ADDED:
            yield "club_created", {"name": entry.object_repr}
        elif "name" in change:
            yield "club_renamed", {"old": change["name"][0], "new": change["name"][1]}
        if {"mobilepay", "bank_account", "payment_note"} & set(change):
            yield "payment_details", {}
        if "statements_mailed" in change:
            again, month = change["statements_mailed"]
            month, _sep, name = month.partition(" (")
            yield "statements_mailed", {"month": month, "again": bool(again), "member": self.by_name.get(name[:-1])}

    def _member(self, entry, change):
        pk = int(entry.object_id)
        if entry.action == ADDED:
            yield "member_added", {"member": pk, "role": change.get("role", ("", ""))[1]}
            return
        if entry.action != CHANGED:
            return
        if "name" in change:
            yield "member_renamed", {"member": pk, "old": change["name"][0], "new": change["name"][1]}
        if "role" in change:
            yield "member_role", {"member": pk, "role": change["role"][1]}
        if "active" in change:
            yield "member_active", {"member": pk, "active": change["active"][1] == "True"}
        if "email" in change:
            yield "member_email", {"member": pk}
        if "forgotten" in change:
            yield "member_forgotten", {"member": pk}
        if "invited" in change:
            yield "member_invited", {"member": pk, "email": change["invited"][1]}

    def _join_request(self, entry, change):
        JoinRequest = self.apps.get_model("club", "JoinRequest")
        member = JoinRequest.objects.filter(pk=int(entry.object_id)).values_list("member_id", flat=True).first()
        if entry.action == ADDED:
            yield "join_asked", {"member": member}
        elif "accepted" in change and change["accepted"][1] in ("True", "False"):
            yield "join_answered", {"member": member, "accepted": change["accepted"][1] == "True"}

    def _season(self, entry, change):
        pk = int(entry.object_id)
        season = self.seasons[pk]
        fields = (entry.serialized_data or {}).get("fields", {}) if isinstance(entry.serialized_data, dict) else {}
        preset = change.get("preset", ("", ""))[1] or fields.get("preset", "") or season.preset
        overrides = _json_object(change.get("overrides", ("", ""))[1])
        if entry.action == ADDED:
            name = change.get("name", ("", entry.object_repr))[1] or entry.object_repr
            yield "season_created", {"season": pk, "name": name, "preset": preset, "overrides": overrides}
            return
        if entry.action != CHANGED:
            return
        if "name" in change:
            yield "season_renamed", {"season": pk, "old": change["name"][0], "new": change["name"][1]}
        if {"starts_on", "ends_on"} & set(change):
            yield "season_dates", {"season": pk}
        if {"preset", "overrides"} & set(change):
            yield "season_rules", {"season": pk, "preset": preset, "overrides": overrides}
        if "point_value_ore" in change:
            yield "season_point_value", {"season": pk, "ore": change["point_value_ore"][1]}
        if "season_closed" in change:
            how, _sep, into = change["season_closed"][1].partition(":")
            yield "season_closed", {"season": pk, "how": how, "into": self.season_by_name.get(into)}
        if "at_close" in change:
            yield "season_at_close", {"season": pk, "at_close": change["at_close"][1]}
        if "close" in change:
            yield "season_sittings_close", {"season": pk, "carry": change["close"][1] == "carry"}

    def _table(self, entry, change):
        pk = int(entry.object_id)
        if entry.action == ADDED:
            yield "table_added", {"table": pk}
            return
        if "name" in change and entry.action == CHANGED:
            yield "table_renamed", {"table": pk, "old": change["name"][0], "new": change["name"][1]}
        if "active" in change:
            yield "table_active", {"table": pk, "active": change["active"][1] == "True"}

    def _sitting(self, entry, change):
        pk = int(entry.object_id)
        if entry.action == ADDED:
            yield "sitting_started", {"sitting": pk}
        elif change.get("closed_at", ("", ""))[1]:
            yield "sitting_closed", {"sitting": pk, "carried": change.get("closed_how", ("", ""))[1] == "carry"}

    def _dispute(self, entry, change):
        pk = int(entry.object_id)
        if entry.action == ADDED:
            yield "dispute_opened", {"dispute": pk}
        elif change.get("resolution", ("", ""))[1] in ("corrected", "closed"):
            yield "dispute_answered", {"dispute": pk}

    def records(self) -> None:
        """Corrections, payments and table openings: each its line, when it was recorded."""
        model = self.apps.get_model
        versions = model("club", "DealVersion").objects.filter(deal__sitting__table__club=self.club, version__gt=1)
        for version in versions.order_by("entered_at", "pk").iterator():
            void = isinstance(version.record, dict) and version.record == {"void": True}
            self.add(
                version.entered_at, version.entered_by_id, [("deal_corrected", {"version": version.pk, "void": void})]
            )
        for payment in model("club", "Payment").objects.filter(club=self.club).order_by("recorded_at", "pk").iterator():
            self.add(payment.recorded_at, payment.recorded_by_id, [("payment", {"payment": payment.pk})])
        openings = model("club", "TableOpening").objects.filter(club=self.club).order_by("recorded_at", "pk")
        for opening in openings.iterator():
            self.add(opening.recorded_at, opening.recorded_by_id, [("table_opening", {"opening": opening.pk})])


ADDED, CHANGED = 0, 1  # auditlog's LogEntry.Action: CREATE, UPDATE


def carry_the_old_log(apps, schema_editor) -> None:
    """Every line the old page showed, once, as a line of the new log, oldest first (a page
    shows lines of one time in the order they were written, last first)."""
    ClubEvent = apps.get_model("club", "ClubEvent")
    for club in apps.get_model("club", "Club").objects.order_by("pk"):
        legacy = _Legacy(apps, club)
        legacy.audit_entries()
        legacy.records()
        # Oldest first; of one moment, the old page's sources in reverse (it showed the audit's
        # lines, then the corrections', the payments', the tables').
        legacy.lines.sort(key=lambda line: line[0])
        ClubEvent.objects.bulk_create(
            ClubEvent(club=club, at=at, kind=kind, data=data, member_id=member, user_id=user, through=PAGE)
            for at, kind, data, member, user in legacy.lines
        )


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0036_login_addresses_in_ascii"),
        ("auditlog", "__latest__"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ClubEvent",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("club_created", "Club Created"),
                            ("club_renamed", "Club Renamed"),
                            ("payment_details", "Payment Details"),
                            ("statements_mailed", "Statements Mailed"),
                            ("member_added", "Member Added"),
                            ("member_deleted", "Member Deleted"),
                            ("member_renamed", "Member Renamed"),
                            ("member_role", "Member Role"),
                            ("member_active", "Member Active"),
                            ("member_email", "Member Email"),
                            ("member_invited", "Member Invited"),
                            ("member_forgotten", "Member Forgotten"),
                            ("join_asked", "Join Asked"),
                            ("join_answered", "Join Answered"),
                            ("season_created", "Season Created"),
                            ("season_deleted", "Season Deleted"),
                            ("season_renamed", "Season Renamed"),
                            ("season_dates", "Season Dates"),
                            ("season_rules", "Season Rules"),
                            ("season_point_value", "Season Point Value"),
                            ("season_sittings_close", "Season Sittings Close"),
                            ("season_at_close", "Season At Close"),
                            ("season_closed", "Season Closed"),
                            ("table_added", "Table Added"),
                            ("table_renamed", "Table Renamed"),
                            ("table_active", "Table Active"),
                            ("table_opening", "Table Opening"),
                            ("sitting_started", "Sitting Started"),
                            ("sitting_closed", "Sitting Closed"),
                            ("sitting_imported", "Sitting Imported"),
                            ("deal_corrected", "Deal Corrected"),
                            ("payment", "Payment"),
                            ("dispute_opened", "Dispute Opened"),
                            ("dispute_answered", "Dispute Answered"),
                            ("members_imported", "Members Imported"),
                        ],
                        max_length=32,
                    ),
                ),
                ("data", models.JSONField(blank=True, default=dict)),
                (
                    "through",
                    models.CharField(
                        choices=[("page", "Page"), ("api", "Api"), ("command", "Command"), ("admin", "Admin")],
                        default="page",
                        max_length=8,
                    ),
                ),
                ("operator", models.CharField(blank=True, max_length=150)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="events", to="club.club"
                    ),
                ),
                (
                    "member",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="club.member",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-at", "-id"],
                "indexes": [models.Index(fields=["club", "-at", "-id"], name="club_event_newest_first")],
            },
        ),
        migrations.RunPython(carry_the_old_log, migrations.RunPython.noop),
        migrations.RunPython(drop, create),
        migrations.RunPython(create, drop),
    ]
