-- The role Tarokbog connects as on PostgreSQL: it owns nothing, so it cannot switch a trigger
-- off (ALTER TABLE ... DISABLE TRIGGER needs the table's owner), set session_replication_role
-- (superusers only) or change the schema. The ledger and the deal versions it may read and add
-- to, never change.
--
-- A superuser makes the role once:   CREATE ROLE tarokbog_app LOGIN PASSWORD '...';
-- Then the owner of the tables (the role that runs `manage.py migrate`) runs this file in the
-- app's database, after every migrate (new tables need their grants):
--
--   psql "$OWNER_DATABASE_URL" -v app=tarokbog_app -f scripts/app-role.sql
--
-- tests/ledger/test_postgres_app_role.py runs this file as it stands.
GRANT USAGE ON SCHEMA public TO :"app";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app";
REVOKE UPDATE, DELETE ON ledger_account, ledger_transaction, ledger_posting, club_dealversion, club_ledgerentry FROM :"app";
REVOKE INSERT, UPDATE, DELETE ON ledger_balance FROM :"app";
