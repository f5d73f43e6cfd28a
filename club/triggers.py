"""The club's guards and counters in the database itself: the current SQL of every club trigger, in
this one place (the ledger's are in `ledger.triggers`). The services refuse first, with their own
message; these hold whatever SQL reaches the database.

- A deal version is never changed or deleted (PostgreSQL; on SQLite the model and its queryset
  refuse): a correction is a new version. Only forgetting a member rewrites one, while
  `club.forgetting` is on (local to its database transaction). The club's log (`club_clubevent`)
  is kept the same way; forgetting rewrites a member's values in it through `club_forget_events`.
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

- The transactions no club record accounts for are kept (`club_unaccountedtransaction`, as the
  ledger keeps balances): a new ledger transaction comes in, a ledger entry, payment or table
  opening that names it takes it out, and one that goes (or names another) puts it back when
  nothing else names it; in the database transaction that writes them (PostgreSQL: as the tables'
  owner, the app may only read it). Nothing else may write a row: only a transaction nothing
  names may come in, only one something names may leave. A pair of these is on the ledger's
  `ledger_transaction`; a ledger migration that rebuilds that table on SQLite must make them again
  (`ledger_check` names any transaction the set misses).

- Forgetting a member (`club.services.forgetting`) on PostgreSQL: `club_forget_member`, a function
  of the tables' owner (SECURITY DEFINER; scripts/app-role.sql grants the app role EXECUTE, again
  after every migrate) that rewrites one member's names where they name him as his (his seats,
  the records of the sittings he played, the log's entries of his own rows) and nothing anyone
  typed; it turns `club.forgetting` on while it runs and returns how many rows of each place changed.

Every PostgreSQL function runs with `ledger.triggers.SEARCH_PATH` (pg_temp last): no session's
temporary table (a `club_sitting` without rows, say) stands in for a table a guard reads.

`create` installs them all, `drop` removes them and the triggers earlier versions made (`RETIRED_*`).
A migration never runs this module: each that makes these carries the SQL of its time, frozen in
its file (club 0026, 0027, 0028, 0031: each drops the earlier set first and makes its own last;
club 0023 dropped the older ones), so a change here later changes no migration's past. A change to
this SQL goes with a new migration that freezes it; tests/ledger/test_trigger_migrations.py checks
that the latest one's is this module's. The forgetting functions read `club_tableopening` (club
0025) and the kept set of unaccounted transactions is club 0031's table, so no migration before
those may make the current set. On SQLite a migration that rebuilds one of these tables (or
`club_sitting`, which the season's guard reads) drops and makes them around it from its own copy.
"""

from __future__ import annotations

from ledger.triggers import SEARCH_PATH, plpgsql_trigger

DEALVERSION_REFUSED = "club_dealversion is append-only: % refused; record a new version instead"
CLUBEVENT_REFUSED = "club_clubevent is append-only: % refused; the log keeps what was done"
PRICE_COLUMNS = ("preset", "overrides", "point_value_ore")
PRICE_UPDATE_REFUSED = "club_season has sittings: its preset, overrides and point value are history; UPDATE refused"
PRICE_DELETE_REFUSED = "club_season has sittings: DELETE refused"
HAS_SITTINGS = "EXISTS (SELECT 1 FROM club_sitting WHERE season_id = OLD.id)"
LINKS_REFUSED = "club_member account links are set once: UPDATE refused"
LINKS_MOVED = (
    "(OLD.account_id IS NOT NULL AND NEW.account_id IS DISTINCT FROM OLD.account_id)"
    " OR (OLD.payments_account_id IS NOT NULL AND NEW.payments_account_id IS DISTINCT FROM OLD.payments_account_id)"
)
# The kept set of transactions no club record accounts for (club.models.UnaccountedTransaction).
KEPT = "club_unaccountedtransaction"
# The club's records that account for a ledger transaction, each by its `transaction_id`.
ACCOUNTING_TABLES = ("club_ledgerentry", "club_payment", "club_tableopening")


# A season's close (club.services.season_close) names up to four transactions of one settlement row.
SETTLEMENT = "club_seasonsettlement"
SETTLEMENT_COLUMNS = ("split_transaction_id", "out_transaction_id", "in_transaction_id", "rest_transaction_id")


def named(txn: str) -> str:
    """SQL: a club record names the ledger transaction `txn`."""
    return (
        "("
        + " OR ".join(
            [
                *(f"EXISTS (SELECT 1 FROM {t} WHERE transaction_id = {txn})" for t in ACCOUNTING_TABLES),
                *(f"EXISTS (SELECT 1 FROM {SETTLEMENT} WHERE {column} = {txn})" for column in SETTLEMENT_COLUMNS),
            ]
        )
        + ")"
    )


def unnamed_back(old: str) -> str:
    """SQL: the transaction `old` a record named before goes back to the kept set when nothing names it now."""
    return (
        f"INSERT INTO {KEPT} (transaction_id) SELECT {old} WHERE {old} IS NOT NULL"
        f" AND NOT {named(old)}"
        f" AND NOT EXISTS (SELECT 1 FROM {KEPT} WHERE transaction_id = {old})"
    )


UNACCOUNTED_INSERT_REFUSED = f"{KEPT} is kept from the club records: INSERT of an accounted transaction refused"
UNACCOUNTED_DELETE_REFUSED = f"{KEPT} is kept from the club records: DELETE of an unaccounted transaction refused"
UNACCOUNTED_UPDATE_REFUSED = f"{KEPT} is kept from the club records: UPDATE refused"
# The transaction a record named before (`OLD`) goes back to the kept set when nothing names it now.
_UNNAMED_BACK = unnamed_back("OLD.transaction_id")
_SETTLED = ", ".join(f"NEW.{column}" for column in SETTLEMENT_COLUMNS)
_UNSETTLED_BACK = "; ".join(unnamed_back(f"OLD.{column}") for column in SETTLEMENT_COLUMNS)
VERSION_SEATS = "sitting_id = (SELECT d.sitting_id FROM club_deal d WHERE d.id = NEW.deal_id)"
# The forgetting functions the tables' owner runs for the app (EXECUTE taken from PUBLIC), as
# DROP FUNCTION and REVOKE name them.
FORGET_PRIVILEGED = (
    "club_forget_member(bigint, bigint, text, boolean)",
    "club_forget_events(bigint, bigint)",
    "club_forget_former_logins(bigint, integer)",
    "club_forget_linked_logins(bigint, integer)",
)
FORGET_REVOKED = "".join(f"REVOKE EXECUTE ON FUNCTION {function} FROM PUBLIC;\n" for function in FORGET_PRIVILEGED)


def _logged_before(column: str) -> str:
    """Each value the member's `column` had before a change the audit log kept."""
    return f"""
            UNION SELECT jsonb_array_elements_text(e.changes -> '{column}')
                FROM auditlog_logentry e JOIN django_content_type ct ON e.content_type_id = ct.id
                WHERE (ct.app_label, ct.model) = ('club', 'member') AND e.object_id = p_member
                    AND jsonb_typeof(e.changes -> '{column}') = 'array'"""


POSTGRESQL = (
    plpgsql_trigger(
        "club_dealversion_append_only",
        f"""
        IF TG_OP = 'UPDATE' AND current_setting('club.forgetting', true) = 'on' THEN
            RETURN NEW;
        END IF;
        RAISE EXCEPTION '{DEALVERSION_REFUSED}', TG_OP USING ERRCODE = 'restrict_violation';
        """,
        fires="BEFORE UPDATE OR DELETE ON club_dealversion",
    ),
    # The club's log (club.models.ClubEvent): only forgetting a member rewrites a line, through
    # `club_forget_events` below (the app role may only add and read lines).
    plpgsql_trigger(
        "club_clubevent_append_only",
        f"""
        IF TG_OP = 'UPDATE' AND current_setting('club.forgetting', true) = 'on' THEN
            RETURN NEW;
        END IF;
        RAISE EXCEPTION '{CLUBEVENT_REFUSED}', TG_OP USING ERRCODE = 'restrict_violation';
        """,
        fires="BEFORE UPDATE OR DELETE ON club_clubevent",
    ),
    plpgsql_trigger(
        "club_season_price_is_history",
        f"""
        IF {HAS_SITTINGS} THEN
            IF TG_OP = 'DELETE' THEN
                RAISE EXCEPTION '{PRICE_DELETE_REFUSED}' USING ERRCODE = 'restrict_violation';
            END IF;
            IF ({", ".join(f"NEW.{c}" for c in PRICE_COLUMNS)}) IS DISTINCT FROM ({", ".join(f"OLD.{c}" for c in PRICE_COLUMNS)}) THEN
                RAISE EXCEPTION '{PRICE_UPDATE_REFUSED}' USING ERRCODE = 'restrict_violation';
            END IF;
        END IF;
        RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
        """,
        fires="BEFORE UPDATE OR DELETE ON club_season",
    ),
    plpgsql_trigger(
        "club_member_accounts_set_once",
        f"""
        RAISE EXCEPTION '{LINKS_REFUSED}' USING ERRCODE = 'restrict_violation';
        """,
        fires="BEFORE UPDATE ON club_member",
        when=LINKS_MOVED,
    ),
    plpgsql_trigger(
        "club_seat_stats_changed",
        f"""
        UPDATE club_seat SET changes = changes + 1 WHERE {VERSION_SEATS};
        RETURN NULL;
        """,
        fires="AFTER INSERT ON club_dealversion",
    ),
    # The kept set of unaccounted transactions, as the tables' owner (the app may only read it).
    plpgsql_trigger(
        "club_unaccounted_opens",
        f"""
        INSERT INTO {KEPT} (transaction_id) VALUES (NEW.id);
        RETURN NULL;
        """,
        definer=True,
        fires="AFTER INSERT ON ledger_transaction",
    ),
    *(
        plpgsql_trigger(
            "club_unaccounted_named",
            f"""
            IF TG_OP = 'INSERT' OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id THEN
                DELETE FROM {KEPT} WHERE transaction_id = NEW.transaction_id;
            END IF;
            IF TG_OP = 'UPDATE' THEN
                {_UNNAMED_BACK};
            END IF;
            RETURN NULL;
            """,
            trigger=f"{table}_names_a_transaction",
            definer=True,
            fires=f"AFTER INSERT OR UPDATE OF transaction_id ON {table}",
        )
        for table in ACCOUNTING_TABLES
    ),
    *(
        plpgsql_trigger(
            "club_unaccounted_unnamed",
            f"""
            {_UNNAMED_BACK};
            RETURN NULL;
            """,
            trigger=f"{table}_unnames_a_transaction",
            definer=True,
            fires=f"AFTER DELETE ON {table}",
        )
        for table in ACCOUNTING_TABLES
    ),
    # A season's settlement names its transactions as it is made; on an UPDATE (the app may make
    # none) the new ones leave the set first, then the old ones nothing names go back.
    plpgsql_trigger(
        "club_unaccounted_settled",
        f"""
        DELETE FROM {KEPT} WHERE transaction_id IN ({_SETTLED});
        RETURN NULL;
        """,
        trigger=f"{SETTLEMENT}_names_transactions",
        definer=True,
        fires=f"AFTER INSERT OR UPDATE ON {SETTLEMENT}",
    ),
    plpgsql_trigger(
        "club_unaccounted_unsettled",
        f"""
        {_UNSETTLED_BACK};
        RETURN NULL;
        """,
        trigger=f"{SETTLEMENT}_unnames_transactions",
        definer=True,
        fires=f"AFTER UPDATE OR DELETE ON {SETTLEMENT}",
    ),
    plpgsql_trigger(
        "club_unaccounted_kept",
        f"""
        IF TG_OP = 'UPDATE' THEN
            RAISE EXCEPTION '{UNACCOUNTED_UPDATE_REFUSED}' USING ERRCODE = 'restrict_violation';
        END IF;
        IF TG_OP = 'INSERT' AND (
            NOT EXISTS (SELECT 1 FROM ledger_transaction WHERE id = NEW.transaction_id) OR {named("NEW.transaction_id")}
        ) THEN
            RAISE EXCEPTION '{UNACCOUNTED_INSERT_REFUSED}' USING ERRCODE = 'restrict_violation';
        END IF;
        IF TG_OP = 'DELETE' AND NOT {named("OLD.transaction_id")} THEN
            RAISE EXCEPTION '{UNACCOUNTED_DELETE_REFUSED}' USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
        """,
        fires=f"BEFORE INSERT OR UPDATE OR DELETE ON {KEPT}",
    ),
    # Forgetting a member (club.services.forgetting): the functions that rewrite his names in the
    # history the app may not change. SECURITY DEFINER, EXECUTE taken from PUBLIC. Every one runs
    # with the guards' search path (`SEARCH_PATH`: no session's temporary table stands in).
    r"""
CREATE OR REPLACE FUNCTION club_forget_value(t text, olds text[], news text[]) RETURNS text AS $$
    -- `t` replaced by its new value when it is one of `olds`, whole: a text that only holds one stays.
    SELECT coalesce(news[array_position(olds, t)], t);
$$ LANGUAGE sql IMMUTABLE {SEARCH_PATH};

CREATE OR REPLACE FUNCTION club_forget_json(j jsonb, olds text[], news text[]) RETURNS jsonb AS $$
    -- Every string and key of `j` that is one of `olds` replaced (club.services.forgetting.renamed_json).
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
            result := result || jsonb_build_object(club_forget_value(k, olds, news), club_forget_json(v, olds, news));
        END LOOP;
        RETURN result;
    WHEN 'array' THEN
        SELECT coalesce(jsonb_agg(club_forget_json(e, olds, news) ORDER BY i), '[]'::jsonb)
            INTO result FROM jsonb_array_elements(j) WITH ORDINALITY AS elements(e, i);
        RETURN result;
    WHEN 'string' THEN
        RETURN to_jsonb(club_forget_value(j #>> '{}', olds, news));
    ELSE
        RETURN j;
    END CASE;
END;
$$ LANGUAGE plpgsql IMMUTABLE {SEARCH_PATH};

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
$$ LANGUAGE sql STABLE {SEARCH_PATH};

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
$$ LANGUAGE sql STABLE {SEARCH_PATH};

""".replace("{SEARCH_PATH}", SEARCH_PATH)
    # The same statement goes on, as an f-string: the raw text above keeps its backslashes and braces.
    + f"""CREATE OR REPLACE FUNCTION club_forget_member(p_club bigint, p_member bigint, p_new text, p_forget_user boolean)
RETURNS jsonb AS $$
    -- Only what names him as his (club.services.forgetting): his seats, the records of the sittings
    -- he played where his seat bore the name, and the log's entries of his own rows. Nothing anyone
    -- typed (notes, memos, reasons, comments, other log entries). Returns the rows changed per place.
DECLARE
    current_name text;
    his_user integer;
    his_email text;
    forgotten integer[];
    his_logins integer[];
    names text[];
    addresses text[];
    olds text[];
    news text[];
    changed integer;
    counts jsonb := '{{}}'::jsonb;
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
            UNION SELECT name FROM club_seat WHERE member_id = p_member{_logged_before("name")}
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
    -- The logins whose log is his: those forgotten with him, and his that the office deleted unused.
    his_logins := forgotten || ARRAY(
        SELECT l FROM unnest(club_forget_linked_logins(p_member, his_user)) l
        WHERE NOT EXISTS (SELECT 1 FROM auth_user WHERE id = l)
    );
    -- Every address he had: now, his login's and his former logins', and before each change the
    -- log kept.
    addresses := ARRAY(
        SELECT DISTINCT a FROM (
            SELECT his_email AS a
            UNION SELECT email FROM auth_user WHERE id = his_user OR id = ANY(forgotten){_logged_before("email")}
        ) said
        WHERE a <> '' AND a NOT IN (SELECT email FROM club_member WHERE club_id = p_club AND id <> p_member)
    );
    PERFORM set_config('club.forgetting', 'on', true);
    -- A sitting's records name him only where his seat there bore one of his names: another
    -- member who once had it keeps it, and a name the app set on him rewrites no record.
    UPDATE club_sitting s SET state = club_forget_json(s.state, ARRAY[st.name], ARRAY[p_new])
        FROM club_seat st
        WHERE st.sitting_id = s.id AND st.member_id = p_member AND st.name = ANY(names)
            AND s.state IS DISTINCT FROM club_forget_json(s.state, ARRAY[st.name], ARRAY[p_new]);
    GET DIAGNOSTICS changed = ROW_COUNT;
    counts := counts || jsonb_build_object('sittings', changed);
    UPDATE club_deal d SET state_before = club_forget_json(d.state_before, ARRAY[st.name], ARRAY[p_new])
        FROM club_seat st
        WHERE st.sitting_id = d.sitting_id AND st.member_id = p_member AND st.name = ANY(names)
            AND d.state_before IS DISTINCT FROM club_forget_json(d.state_before, ARRAY[st.name], ARRAY[p_new]);
    GET DIAGNOSTICS changed = ROW_COUNT;
    counts := counts || jsonb_build_object('deals', changed);
    UPDATE club_dealversion v SET record = club_forget_json(v.record, ARRAY[st.name], ARRAY[p_new])
        FROM club_deal d, club_seat st
        WHERE v.deal_id = d.id AND d.sitting_id = st.sitting_id AND st.member_id = p_member AND st.name = ANY(names)
            AND v.record IS DISTINCT FROM club_forget_json(v.record, ARRAY[st.name], ARRAY[p_new]);
    GET DIAGNOSTICS changed = ROW_COUNT;
    counts := counts || jsonb_build_object('deal_versions', changed);
    UPDATE club_seat SET name = p_new WHERE member_id = p_member AND name <> p_new;
    GET DIAGNOSTICS changed = ROW_COUNT;
    counts := counts || jsonb_build_object('seats', changed);
    -- His own entries in the log: an address goes blank, a forgotten login's name is its retired
    -- one, a name of his is his new one (the first that matches wins, as in the service's dict).
    olds := addresses || ARRAY(SELECT username FROM auth_user WHERE id = ANY(forgotten) ORDER BY id) || names;
    news := array_fill(''::text, ARRAY[cardinality(addresses)])
        || ARRAY(SELECT 'tidligere-' || id FROM auth_user WHERE id = ANY(forgotten) ORDER BY id)
        || array_fill(p_new, ARRAY[cardinality(names)]);
    WITH his AS (
        SELECT e.id,
            club_forget_value(e.object_repr, olds, news) AS object_repr,
            club_forget_value(e.changes_text, olds, news) AS changes_text,
            club_forget_json(e.changes, olds, news) AS changes,
            club_forget_json(e.serialized_data, olds, news) AS serialized_data,
            club_forget_json(e.additional_data, olds, news) AS additional_data
        FROM auditlog_logentry e JOIN django_content_type ct ON e.content_type_id = ct.id
        WHERE (ct.app_label, ct.model) = ('club', 'member') AND e.object_id = p_member
            OR (ct.app_label, ct.model) = ('club', 'joinrequest') AND e.changes -> 'member' ->> 1 = p_member::text
            OR (ct.app_label, ct.model) = ('auth', 'user') AND e.object_id = ANY(his_logins)
    )
    UPDATE auditlog_logentry e SET
        object_repr = his.object_repr, changes_text = his.changes_text, changes = his.changes,
        serialized_data = his.serialized_data, additional_data = his.additional_data
    FROM his
    WHERE e.id = his.id AND (e.object_repr, e.changes_text, e.changes, e.serialized_data, e.additional_data)
        IS DISTINCT FROM (his.object_repr, his.changes_text, his.changes, his.serialized_data, his.additional_data);
    GET DIAGNOSTICS changed = ROW_COUNT;
    counts := counts || jsonb_build_object('log_entries', changed);
    UPDATE auditlog_logentry SET actor_email = '' WHERE actor_id = ANY(his_logins) AND actor_email <> '';
    GET DIAGNOSTICS changed = ROW_COUNT;
    counts := counts || jsonb_build_object('log_actors', changed);
    PERFORM set_config('club.forgetting', 'off', true);
    RETURN counts;
END;
$$ LANGUAGE plpgsql SECURITY DEFINER {SEARCH_PATH};

CREATE OR REPLACE FUNCTION club_forget_events(p_club bigint, p_member bigint) RETURNS void AS $$
    -- The values of a forgotten member the club's log keeps (club.audit.record_forgetting): his
    -- former names (a rename) become his new one, the addresses he was invited at go.
DECLARE
    new_name text;
BEGIN
    SELECT name INTO new_name FROM club_member WHERE id = p_member AND club_id = p_club;
    IF new_name IS NULL OR new_name !~ '^Tidligere medlem [0-9]+$' THEN
        RAISE EXCEPTION 'member % of club % is not forgotten', p_member, p_club USING ERRCODE = 'restrict_violation';
    END IF;
    PERFORM set_config('club.forgetting', 'on', true);
    UPDATE club_clubevent SET data = data || jsonb_build_object('old', new_name, 'new', new_name)
        WHERE club_id = p_club AND kind = 'member_renamed' AND data -> 'member' = to_jsonb(p_member);
    UPDATE club_clubevent SET data = data || jsonb_build_object('email', '')
        WHERE club_id = p_club AND kind = 'member_invited' AND data -> 'member' = to_jsonb(p_member);
    PERFORM set_config('club.forgetting', 'off', true);
END;
$$ LANGUAGE plpgsql SECURITY DEFINER {SEARCH_PATH};

{FORGET_REVOKED}""",
)
POSTGRESQL_TRIGGERS = (
    ("club_dealversion_append_only", "club_dealversion"),
    ("club_clubevent_append_only", "club_clubevent"),
    ("club_season_price_is_history", "club_season"),
    ("club_member_accounts_set_once", "club_member"),
    ("club_seat_stats_changed", "club_dealversion"),
    ("club_unaccounted_opens", "ledger_transaction"),
    *((f"{table}_names_a_transaction", table) for table in ACCOUNTING_TABLES),
    *((f"{table}_unnames_a_transaction", table) for table in ACCOUNTING_TABLES),
    (f"{SETTLEMENT}_names_transactions", SETTLEMENT),
    (f"{SETTLEMENT}_unnames_transactions", SETTLEMENT),
    ("club_unaccounted_kept", KEPT),
)
# (name and argument types: how DROP FUNCTION names them)
POSTGRESQL_FUNCTIONS = (
    "club_dealversion_append_only()",
    "club_clubevent_append_only()",
    "club_season_price_is_history()",
    "club_member_accounts_set_once()",
    "club_seat_stats_changed()",
    "club_unaccounted_opens()",
    "club_unaccounted_named()",
    "club_unaccounted_unnamed()",
    "club_unaccounted_settled()",
    "club_unaccounted_unsettled()",
    "club_unaccounted_kept()",
    *FORGET_PRIVILEGED,
    "club_forget_json(jsonb, text[], text[])",
    "club_forget_value(text, text[], text[])",
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
    "CREATE TRIGGER IF NOT EXISTS club_unaccounted_opens AFTER INSERT ON ledger_transaction BEGIN"
    f" INSERT INTO {KEPT} (transaction_id) VALUES (NEW.id); END",
    *(
        f"CREATE TRIGGER IF NOT EXISTS {table}_names_a_transaction AFTER INSERT ON {table} BEGIN"
        f" DELETE FROM {KEPT} WHERE transaction_id = NEW.transaction_id; END"
        for table in ACCOUNTING_TABLES
    ),
    *(
        f"CREATE TRIGGER IF NOT EXISTS {table}_renames_a_transaction AFTER UPDATE OF transaction_id ON {table}"
        f" WHEN NEW.transaction_id IS NOT OLD.transaction_id BEGIN"
        f" DELETE FROM {KEPT} WHERE transaction_id = NEW.transaction_id; {_UNNAMED_BACK}; END"
        for table in ACCOUNTING_TABLES
    ),
    *(
        f"CREATE TRIGGER IF NOT EXISTS {table}_unnames_a_transaction AFTER DELETE ON {table} BEGIN {_UNNAMED_BACK}; END"
        for table in ACCOUNTING_TABLES
    ),
    f"CREATE TRIGGER IF NOT EXISTS {SETTLEMENT}_names_transactions AFTER INSERT ON {SETTLEMENT} BEGIN"
    f" DELETE FROM {KEPT} WHERE transaction_id IN ({_SETTLED}); END",
    f"CREATE TRIGGER IF NOT EXISTS {SETTLEMENT}_renames_transactions AFTER UPDATE ON {SETTLEMENT} BEGIN"
    f" DELETE FROM {KEPT} WHERE transaction_id IN ({_SETTLED}); {_UNSETTLED_BACK}; END",
    f"CREATE TRIGGER IF NOT EXISTS {SETTLEMENT}_unnames_transactions AFTER DELETE ON {SETTLEMENT} BEGIN"
    f" {_UNSETTLED_BACK}; END",
    f"CREATE TRIGGER IF NOT EXISTS club_unaccounted_insert_kept BEFORE INSERT ON {KEPT}"
    f" WHEN NOT EXISTS (SELECT 1 FROM ledger_transaction WHERE id = NEW.transaction_id) OR {named('NEW.transaction_id')}"
    f" BEGIN SELECT RAISE(ABORT, '{UNACCOUNTED_INSERT_REFUSED}'); END",
    f"CREATE TRIGGER IF NOT EXISTS club_unaccounted_delete_kept BEFORE DELETE ON {KEPT}"
    f" WHEN NOT {named('OLD.transaction_id')}"
    f" BEGIN SELECT RAISE(ABORT, '{UNACCOUNTED_DELETE_REFUSED}'); END",
    f"CREATE TRIGGER IF NOT EXISTS club_unaccounted_update_kept BEFORE UPDATE ON {KEPT}"
    f" BEGIN SELECT RAISE(ABORT, '{UNACCOUNTED_UPDATE_REFUSED}'); END",
)
SQLITE_TRIGGERS = (
    "club_season_price_is_history_update",
    "club_season_price_is_history_delete",
    "club_member_accounts_set_once",
    "club_seat_stats_changed",
    "club_unaccounted_opens",
    *(f"{table}_{what}_a_transaction" for what in ("names", "renames", "unnames") for table in ACCOUNTING_TABLES),
    *(f"{SETTLEMENT}_{what}_transactions" for what in ("names", "renames", "unnames")),
    "club_unaccounted_insert_kept",
    "club_unaccounted_delete_kept",
    "club_unaccounted_update_kept",
)

# What earlier versions made and the current set has not: seat points kept by a trigger on each
# ledger entry (now `club.services.bookkeeping`), and PostgreSQL's guard that let only it through.
RETIRED_POSTGRESQL_TRIGGERS = (
    ("club_keep_seat_points", "club_ledgerentry"),
    ("club_seat_points_kept_update", "club_seat"),
    ("club_seat_points_kept_insert", "club_seat"),
)
RETIRED_POSTGRESQL_FUNCTIONS = (
    "club_keep_seat_points()",
    "club_seat_points_kept()",
    # Forgetting before club 0038 rewrote his names as words in any text of the club (issue 36, N3).
    "club_forget_name(bigint, bigint, integer, boolean, text, text)",
    "club_forget_log(bigint, bigint, integer, boolean, text, text)",
    "club_forget_json(jsonb, text, text, boolean)",
    "club_forget_text(text, text, text)",
)
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
            schema_editor.execute(f"DROP FUNCTION IF EXISTS {name}", params=None)
    elif vendor == "sqlite":
        for name in SQLITE_TRIGGERS + RETIRED_SQLITE_TRIGGERS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}", params=None)
