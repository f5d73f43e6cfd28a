-- The role Tarokbog connects as on PostgreSQL: it owns nothing, so it cannot switch a trigger
-- off (ALTER TABLE ... DISABLE TRIGGER needs the table's owner), set session_replication_role
-- (superusers only) or change the schema. History it may read and add to, never change or
-- remove: the ledger, deal versions and deals, ledger entries, sittings and seats, payments, the
-- tables' opening holdings, disputes, the statements and payment reminders mailed, the club's log
-- (club_clubevent) and the audit logs. Of those rows it may change only the few columns a
-- service keeps up to date, granted column by column below.
--
-- A superuser makes the role once:   CREATE ROLE tarokbog_app LOGIN PASSWORD '...';
-- Then the owner of the tables (the role that runs `manage.py migrate`) runs this file in the
-- app's database, after every migrate (new tables need their grants):
--
--   psql "$OWNER_DATABASE_URL" -v app=tarokbog_app -f scripts/app-role.sql
--
-- tests/ledger/test_postgres_app_role.py runs this file as it stands, and the app's whole
-- flow (web, API, ledger_check) as the role. Revoking a table's UPDATE revokes its column
-- grants too, so running this file again starts from the same place.
--
-- No temporary tables: a session's temporary table named like one of ours would be searched
-- before it (pg_temp comes first unless named). The guards' functions name their search path
-- (ledger/triggers.py, SEARCH_PATH) and so never read one; without TEMPORARY the role cannot make
-- one for anything else to trip over either. psql fills in :"DBNAME", the database it is run in
-- (its owner may revoke this; `createdb --owner` makes the tables' owner the database's).
REVOKE TEMPORARY ON DATABASE :"DBNAME" FROM PUBLIC;
REVOKE TEMPORARY ON DATABASE :"DBNAME" FROM :"app";
GRANT USAGE ON SCHEMA public TO :"app";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app";
REVOKE UPDATE, DELETE ON
    ledger_account, ledger_transaction, ledger_posting,
    club_dealversion, club_ledgerentry, club_payment, club_tableopening,
    club_deal, club_sitting, club_seat, club_dispute,
    club_seasonsettlement, club_statementmailing, club_paymentreminder, club_clubevent,
    auditlog_logentry, django_admin_log
FROM :"app";
-- Django's own bookkeeping: what migrate ran and the content types it made, the owner's alone.
REVOKE INSERT, UPDATE, DELETE ON django_migrations, django_content_type FROM :"app";
-- Kept by the ledger's own triggers (SECURITY DEFINER, ledger/triggers.py), never by the app.
REVOKE INSERT, UPDATE, DELETE ON ledger_balance FROM :"app";
-- The transactions no club record accounts for: kept by the club's triggers (SECURITY DEFINER,
-- club/triggers.py) with every transaction and record, never by the app.
REVOKE INSERT, UPDATE, DELETE ON club_unaccountedtransaction FROM :"app";
-- A correction makes its new version the deal's current one, and re-keeps the table state each
-- later deal begins with (club.services.corrections).
GRANT UPDATE (current_version_id, state_before) ON club_deal TO :"app";
-- A sitting keeps the table state after its last deal, and is closed once.
GRANT UPDATE (state, closed_at, closed_how) ON club_sitting TO :"app";
-- A seat keeps caches: its points and change count (club.services.bookkeeping, with each ledger
-- entry it posts; and club/triggers.py, with each deal version, running as the app) and its
-- statistics (club.services.stats).
GRANT UPDATE (points, changes, stats, stats_of) ON club_seat TO :"app";
-- A dispute is answered once: by a correction, or closed with a reason.
GRANT UPDATE (resolution, resolved_by_id, resolved_at, correction_id, close_reason) ON club_dispute TO :"app";
-- A member's ledger accounts are linked once, from empty, when he is first seated or first pays
-- (club.services.bookkeeping, till); club/triggers.py refuses moving a link once set. A member
-- never moves to another club (club_id), and everything else the office, joining and forgetting
-- change (club.services.members, joining, member_data, languages) is in this list.
REVOKE UPDATE ON club_member FROM :"app";
GRANT UPDATE (name, user_id, role, email, language, active, account_id, payments_account_id) ON club_member TO :"app";
-- Forgetting a member rewrites his name in history the app may not change: only through the
-- owner's function (club/triggers.py), which touches only his club's rows.
GRANT EXECUTE ON FUNCTION club_forget_member(bigint, bigint, text, boolean) TO :"app";
-- The club's log keeps a forgotten member's former names and addresses only until this owner's
-- function rewrites them (club.audit.record_forgetting); the app may only add and read lines.
GRANT EXECUTE ON FUNCTION club_forget_events(bigint, bigint) TO :"app";
-- The club's other tables: only the columns the office, joining and the counters change (the
-- models' `UPDATABLE`, club.models.GrantedColumns; a row never moves to another club or login).
REVOKE UPDATE ON club_club, club_season, club_table, club_joinrequest, club_loginlanguage, club_throttle, club_clubmail
FROM :"app";
GRANT UPDATE (name, slug, language, mobilepay, bank_account, payment_note) ON club_club TO :"app";
GRANT UPDATE (name, starts_on, ends_on, preset, overrides, point_value_ore, close, at_close, closed_at) ON club_season TO :"app";
GRANT UPDATE (name, active) ON club_table TO :"app";
-- A join request is answered once (club.services.joining).
GRANT UPDATE (decided_at, accepted) ON club_joinrequest TO :"app";
-- A login's chosen language (club.services.languages) and a limit's counter (club.services.throttle).
GRANT UPDATE (language) ON club_loginlanguage TO :"app";
GRANT UPDATE (attempts, last_attempt) ON club_throttle TO :"app";
