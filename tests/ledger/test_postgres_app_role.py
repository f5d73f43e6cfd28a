"""The app runs as a PostgreSQL role that owns nothing (scripts/app-role.sql, docs/operations.md): it records,
corrects, closes, takes payments and answers disputes, but cannot switch the ledger's triggers
off, nor change or remove history (postings, deal versions, deals, payments, ...) even by hand;
money it appends past the club's services, ledger_check names.

Collected on PostgreSQL only (tests/ledger/conftest.py).
"""

from __future__ import annotations

import datetime
import io
import re
from pathlib import Path

import psycopg
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse
from django.utils import translation
from psycopg import sql

from club.models import Club, ClubEvent, Member
from club.services import forgetting, money, payments
from club.services import members as member_office
from club.services.closing import close_sitting
from club.services.corrections import correct_deal, void_last_deal
from club.services.deals import record_deal
from club.services.disputes import close_dispute, raise_dispute, resolve_by_correction
from world.clubs import make_user

pytestmark = pytest.mark.django_db(transaction=True)

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "app-role.sql"


def _statements(role: str) -> list[str]:
    """scripts/app-role.sql with psql's :"app" and :"DBNAME" (the database it runs in) filled in,
    one statement at a time."""
    text = "\n".join(line for line in SCRIPT.read_text(encoding="utf-8").splitlines() if not line.startswith("--"))
    quoted = sql.Identifier(role).as_string(connection.connection)
    database = sql.Identifier(connection.settings_dict["NAME"]).as_string(connection.connection)
    text = text.replace(':"app"', quoted).replace(':"DBNAME"', database)
    return [s.strip() for s in text.split(";") if s.strip()]


@pytest.fixture
def app_role(db):
    """A login role for this test database, granted what the script grants (as the owner)."""
    role = f"{connection.settings_dict['NAME']}_app"[:63]
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
        if cursor.fetchone() is None:
            cursor.execute(
                sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(role)).as_string(connection.connection)
            )
        for statement in _statements(role):
            cursor.execute(statement)
    yield role
    with connection.cursor() as cursor:
        cursor.execute("RESET ROLE")
        cursor.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)).as_string(connection.connection))
        cursor.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(role)).as_string(connection.connection))


@pytest.fixture
def as_app(app_role):
    """A connection of its own, logged in as the app's role (trust authentication on the test server)."""
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"], port=settings["PORT"] or 5432, dbname=settings["NAME"], user=app_role, autocommit=True
    ) as conn:
        yield conn


@pytest.fixture
def posted(season, start_sitting, evening):
    sitting = start_sitting(season)
    record_deal(sitting, evening[0])
    return sitting


@pytest.mark.parametrize(
    ("statement", "refusal"),
    [
        (
            "ALTER TABLE ledger_posting DISABLE TRIGGER ledger_posting_append_only",
            "must be owner of table ledger_posting",
        ),
        ("ALTER TABLE ledger_posting DISABLE TRIGGER ALL", "must be owner of table ledger_posting"),
        (
            "ALTER TABLE club_dealversion DISABLE TRIGGER club_dealversion_append_only",
            "must be owner of table club_dealversion",
        ),
        (
            "DROP TRIGGER ledger_transaction_append_only ON ledger_transaction",
            "must be owner of (table|relation) ledger_transaction",
        ),
        ("SET session_replication_role = replica", 'permission denied to set parameter "session_replication_role"'),
        ("UPDATE ledger_posting SET amount = 0", "permission denied for table ledger_posting"),
        ("DELETE FROM ledger_transaction", "permission denied for table ledger_transaction"),
        ("UPDATE club_dealversion SET reason = 'tampered'", "permission denied for table club_dealversion"),
        ("UPDATE ledger_account SET owner = ''", "permission denied for table ledger_account"),
        ("UPDATE ledger_account SET unit = 'ore'", "permission denied for table ledger_account"),
        (
            "ALTER TABLE ledger_posting DISABLE TRIGGER ledger_posting_one_unit",
            "must be owner of table ledger_posting",
        ),
        ("TRUNCATE ledger_posting", "permission denied for table ledger_posting"),
        ("UPDATE club_payment SET amount_ore = 1", "permission denied for table club_payment"),
        ("DELETE FROM club_payment", "permission denied for table club_payment"),
        ("UPDATE club_deal SET number = number + 1", "permission denied for table club_deal"),
        ("DELETE FROM club_deal", "permission denied for table club_deal"),
        ("UPDATE club_ledgerentry SET event = 'deal:9'", "permission denied for table club_ledgerentry"),
        ("UPDATE club_sitting SET date = date - 1", "permission denied for table club_sitting"),
        ("DELETE FROM club_sitting", "permission denied for table club_sitting"),
        ("UPDATE club_seat SET name = 'Ib'", "permission denied for table club_seat"),
        ("UPDATE club_dispute SET comment = 'nothing'", "permission denied for table club_dispute"),
        ("DELETE FROM auditlog_logentry", "permission denied for table auditlog_logentry"),
        ("UPDATE club_clubevent SET data = '{}'", "permission denied for table club_clubevent"),
        ("DELETE FROM club_clubevent", "permission denied for table club_clubevent"),
        ("UPDATE club_paymentreminder SET saldo_ore = 0", "permission denied for table club_paymentreminder"),
        ("DELETE FROM club_paymentreminder", "permission denied for table club_paymentreminder"),
        ("UPDATE django_admin_log SET change_message = ''", "permission denied for table django_admin_log"),
        ("UPDATE club_tableopening SET points = 1", "permission denied for table club_tableopening"),
        (
            "SELECT club_forget_former_logins(1, NULL)",
            "permission denied for function club_forget_former_logins",
        ),
        # No temporary table to stand in for one of ours (scripts/app-role.sql).
        ("CREATE TEMP TABLE ledger_posting (transaction_id bigint)", "permission denied to create temporary tables"),
        ("CREATE TEMP TABLE club_sitting (season_id bigint)", "permission denied to create temporary tables"),
        # A row never moves to another club; the club's other columns are the owner's too.
        ("UPDATE club_season SET club_id = club_id", "permission denied for table club_season"),
        ("UPDATE club_table SET club_id = club_id", "permission denied for table club_table"),
        ("UPDATE club_club SET created_at = now()", "permission denied for table club_club"),
        ("UPDATE club_joinrequest SET user_id = user_id", "permission denied for table club_joinrequest"),
        ("UPDATE club_clubmail SET club_id = club_id", "permission denied for table club_clubmail"),
        ("UPDATE club_loginlanguage SET user_id = user_id", "permission denied for table club_loginlanguage"),
        # What migrate ran and the content types it made are the owner's.
        (
            "INSERT INTO django_migrations (app, name, applied) VALUES ('club', '9999_x', now())",
            "permission denied for table django_migrations",
        ),
        ("DELETE FROM django_migrations", "permission denied for table django_migrations"),
        ("UPDATE django_content_type SET model = 'member'", "permission denied for table django_content_type"),
        ("DELETE FROM django_content_type", "permission denied for table django_content_type"),
    ],
)
def test_the_app_role_cannot_switch_the_guards_off_or_change_the_ledger(posted, as_app, statement, refusal):
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match=refusal):
        as_app.execute(statement)
    triggers = as_app.execute(
        "SELECT count(*) FROM pg_trigger WHERE tgname = 'ledger_posting_append_only' AND tgenabled = 'O'"
    )
    assert triggers.fetchone() == (1,)


def test_the_app_role_cannot_move_a_members_account_or_club(posted, as_app):
    anna, bent = (seat.member for seat in posted.seats.select_related("member").order_by("position")[:2])
    with pytest.raises(psycopg.errors.RestrictViolation, match="club_member account links are set once"):
        as_app.execute("UPDATE club_member SET account_id = %s WHERE id = %s", [bent.account_id, anna.pk])
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied for table club_member"):
        as_app.execute("UPDATE club_member SET club_id = club_id + 1 WHERE id = %s", [anna.pk])
    as_app.execute("UPDATE club_member SET email = 'anna@example.org' WHERE id = %s", [anna.pk])
    assert Member.objects.filter(pk=anna.pk).values_list("account_id", "club_id", "email").get() == (
        anna.account_id,
        anna.club_id,
        "anna@example.org",
    )


def test_the_app_role_reads_the_ledger(posted, as_app):
    (postings,) = as_app.execute("SELECT count(*) FROM ledger_posting").fetchone()
    # The funding: each cup +80 and four members -20, 5 postings per cup (10); deal 1's 12.
    assert postings == 22


def test_the_app_runs_as_the_role(app_role, season, start_sitting, evening, deal_1_king_lost):
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
        cursor.execute("SELECT current_user")
        assert cursor.fetchone() == (app_role,)
    sitting = start_sitting(season)
    for record in evening:
        record_deal(sitting, record)
    correct_deal(sitting.deals.get(number=1), deal_1_king_lost, reason="Dorte lost the King of spades")
    close_sitting(sitting)
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    assert re.search(r"Checked 1 club, 1 table, 1 sitting and \d+ transactions .*problems found: 0\.", out.getvalue())


def test_money_the_app_role_appends_past_the_club_is_named_by_ledger_check(posted, as_app):
    """A balanced transaction, two postings on members' accounts in the season's book, written
    with the app role's own rights and no club record: the ledger's guards let it pass (it
    balances), ledger_check names it."""
    anna, bent = (seat.member for seat in posted.seats.select_related("member").order_by("position")[:2])
    book = f"season:{posted.season_id}"
    with as_app.transaction():
        (stray,) = as_app.execute(
            "INSERT INTO ledger_transaction (reference, book, value_date, created_at, memo)"
            " VALUES ('by hand', %s, '2024-03-08', now(), '') RETURNING id",
            [book],
        ).fetchone()
        as_app.execute(
            "INSERT INTO ledger_posting (transaction_id, account_id, amount, rule, ref, item)"
            " VALUES (%s, %s, 50000, '', '', 0), (%s, %s, -50000, '', '', 0)",
            [stray, anna.account_id, stray, bent.account_id],
        )

    out = io.StringIO()
    with translation.override("en"), pytest.raises(CommandError, match=r"problems found: 1\."):
        call_command("ledger_check", stdout=out)
    assert (
        f"Transaction {stray} (by hand) in book {book} on 2024-03-08 is accounted for by no club record: "
        f"{anna.name} +50000, {bent.name} -50000."
    ) in out.getvalue()


def test_the_app_runs_as_the_role_through_every_face(
    app_role, club, season, start_sitting, evening, deal_1_king_lost, client
):
    """What the app does in normal operation, web and API included, with only the role's rights:
    nothing legitimate is refused."""
    erik = club.members.get(name="Erik")
    erik.user = make_user("erik", password="not used")
    erik.role = Member.Role.ADMIN
    erik.save()
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
    sitting = start_sitting(season)
    for record in evening:
        record_deal(sitting, record)
    deal_1 = sitting.deals.get(number=1)
    dispute = raise_dispute(deal_1, member=club.members.get(name="Dorte"), comment="The King was lost")
    correction = correct_deal(deal_1, deal_1_king_lost, reason="Dorte lost the King of spades", by=erik.user)
    resolve_by_correction(dispute, by=erik, version=correction.version)
    other = raise_dispute(deal_1, member=club.members.get(name="Anna"), comment="Again")
    close_dispute(other, by=erik, reason="It stands")
    void_last_deal(sitting, reason="Dealt twice", by=erik.user)
    payments.close_and_settle(sitting, by=erik.user)
    anna = club.members.get(name="Anna")
    wrong = payments.record_payment(
        club, member=anna, direction="in", amount_ore=1000, method="cash", paid_on=sitting.date, by=erik.user
    )
    payments.reverse_payment(wrong, reason="Typed twice", by=erik.user)

    client.force_login(erik.user)
    pages = [
        reverse("member", args=[club.slug, anna.pk]),
        reverse("member-statement", args=[club.slug, anna.pk, f"{sitting.date:%Y-%m}"]),
        reverse("member-postings-csv", args=[club.slug, anna.pk]),
        reverse("sitting", args=[club.slug, sitting.pk]),
        reverse("deal-audit", args=[club.slug, deal_1.pk]),
        reverse("office_payments", args=[club.slug]),
        f"/api/members/{anna.pk}/balance/",
    ]
    assert [client.get(page).status_code for page in pages] == [200] * len(pages)
    paid = client.post(
        reverse("office_payments", args=[club.slug]),
        {"paid_on": f"{sitting.date}", "member": anna.pk, "direction": "in", "amount": "2,00", "method": "cash"},
    )
    assert paid.status_code == 302

    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    assert re.search(r"Checked 1 club, 1 table, 1 sitting and \d+ transactions .*problems found: 0\.", out.getvalue())


def test_the_app_role_forgets_a_member_only_through_the_owners_function(
    app_role, as_app, club, season, start_sitting, evening, deal_1_king_lost
):
    """Forgetting rewrites history the role may not touch itself (seats, deal versions, the log):
    only through `club_forget_member`, only in the member's club, only what names her as hers (a
    payment's note and memo, a correction's reason stay as typed), and the books replay to the
    same money."""
    other = Member.objects.create(club=Club.objects.create(name="Sydhavn", slug="sydhavn"), name="Olaf")
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
    sitting = start_sitting(season)
    for record in evening:
        record_deal(sitting, record)
    correct_deal(sitting.deals.get(number=1), deal_1_king_lost, reason="Dorte lost the King of spades")
    close_sitting(sitting)
    dorte = club.members.get(name="Dorte")
    payment = payments.record_payment(
        club,
        member=dorte,
        direction="in",
        amount_ore=500,
        method="cash",
        paid_on=sitting.date,
        note="Dorte paid at the bar",
    )
    saldi = {m.pk: money.saldo(m) for m in club.members.all()}

    forgotten = forgetting.forget_member(dorte, confirmed=True)

    assert forgotten.name == "Tidligere medlem 1"
    assert {m.pk: money.saldo(m) for m in club.members.all()} == saldi
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    assert "problems found: 0." in out.getvalue()
    with connection.cursor() as cursor:
        cursor.execute("SELECT memo FROM ledger_transaction WHERE id = %s", [payment.transaction_id])
        assert cursor.fetchone() == ("Dorte paid at the bar",)
        cursor.execute("SELECT reason FROM club_dealversion WHERE reason <> '' ORDER BY id")
        assert cursor.fetchall() == [("Dorte lost the King of spades",)]
        cursor.execute("SELECT count(*) FROM club_dealversion WHERE record::text LIKE '%%Dorte%%'")
        assert cursor.fetchone() == (0,)
        cursor.execute("SELECT count(*) FROM club_seat WHERE name = 'Dorte'")
        assert cursor.fetchone() == (0,)
    # The function renames a member of the club it is given, to an unused "Tidligere medlem N", only.
    with pytest.raises(psycopg.errors.RestrictViolation, match="is no member of club"):
        as_app.execute("SELECT club_forget_member(%s, %s, 'Tidligere medlem 9', false)", [club.pk, other.pk])
    with pytest.raises(psycopg.errors.RestrictViolation, match="Tidligere medlem N"):
        as_app.execute("SELECT club_forget_member(%s, %s, 'Olafsen', false)", [other.club_id, other.pk])
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied for table ledger_transaction"):
        as_app.execute("SET ledger.rewriting_memo = 'on'")
        as_app.execute("UPDATE ledger_transaction SET memo = ''")
    assert Member.objects.get(pk=other.pk).name == "Olaf"


def test_the_app_role_forgets_his_former_logins_through_the_owners_function(app_role, club, monkeypatch):
    """Dorte was given one address, then another: her first login, left as it was (as the office
    did before it retired such logins), goes with her through `club_forget_member` too, and the
    log of either login keeps neither address."""
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
    dorte = club.members.get(name="Dorte")
    dorte = member_office.edit_member(dorte, name="Dorte", email="dorte@example.org", role=Member.Role.MEMBER)
    first_login = dorte.user
    monkeypatch.setattr(member_office, "_retire_if_unused", lambda user: None)
    dorte = member_office.edit_member(dorte, name="Dorte", email="dorte@example.net", role=Member.Role.MEMBER)
    second_login = dorte.user

    forgetting.forget_member(dorte)

    for login in (first_login, second_login):
        login.refresh_from_db()
        assert (login.username, login.email, login.is_active) == (f"tidligere-{login.pk}", "", False)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM auditlog_logentry WHERE concat_ws(' ', object_repr, changes_text, changes::text,"
            " serialized_data::text, additional_data::text, actor_email) ~ 'dorte@example'"
        )
        assert cursor.fetchone() == (0,)
        cursor.execute("SELECT count(*) FROM auth_user WHERE username ~ 'dorte@' OR email ~ 'dorte@'")
        assert cursor.fetchone() == (0,)
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    assert "problems found: 0." in out.getvalue()


@pytest.fixture
def with_temporary(app_role):
    """The role as on a database where scripts/app-role.sql has not run since it took TEMPORARY: the
    guards alone must hold."""
    database = sql.Identifier(connection.settings_dict["NAME"])
    with connection.cursor() as cursor:
        cursor.execute(
            sql.SQL("GRANT TEMPORARY ON DATABASE {} TO {}")
            .format(database, sql.Identifier(app_role))
            .as_string(connection.connection)
        )
    return app_role


def test_no_temporary_table_stands_in_for_the_ledgers(posted, with_temporary, as_app):
    """N1: a session's own ledger_transaction (saying a committed transaction is its own) and
    ledger_posting (empty) do not let a posting into a committed transaction, nor an unbalanced one
    through, nor the kept balances astray: every guard reads public's tables."""
    anna, bent = (seat.member for seat in posted.seats.select_related("member").order_by("position")[:2])
    committed = posted.entries.order_by("pk").first().transaction_id
    balances = as_app.execute("SELECT account_id, book, month, amount FROM ledger_balance ORDER BY 1, 2, 3").fetchall()
    as_app.execute("CREATE TEMP TABLE ledger_transaction (id bigint, created_xact bigint, book text, value_date date)")
    as_app.execute("CREATE TEMP TABLE ledger_posting (transaction_id bigint, amount bigint, account_id bigint)")
    as_app.execute("CREATE TEMP TABLE ledger_account (id bigint, unit text)")
    postings = (
        "INSERT INTO public.ledger_posting (transaction_id, account_id, amount, rule, ref, item)"
        " VALUES (%s, %s, 50000, '', '', 0), (%s, %s, -1, '', '', 0)"
    )
    with pytest.raises(psycopg.errors.RestrictViolation, match=f"ledger transaction {committed} is committed"):
        with as_app.transaction():
            as_app.execute(
                "INSERT INTO ledger_transaction VALUES (%s, pg_current_xact_id()::text::bigint, 'x', now())",
                [committed],
            )
            as_app.execute(postings, [committed, anna.account_id, committed, bent.account_id])
    with pytest.raises(psycopg.errors.CheckViolation, match="is unbalanced: postings sum to 49999"):
        with as_app.transaction():
            (stray,) = as_app.execute(
                "INSERT INTO public.ledger_transaction (reference, book, value_date, created_at, memo)"
                " VALUES ('by hand', %s, '2024-03-08', now(), '') RETURNING id",
                [f"season:{posted.season_id}"],
            ).fetchone()
            as_app.execute(postings, [stray, anna.account_id, stray, bent.account_id])
    after = as_app.execute("SELECT account_id, book, month, amount FROM public.ledger_balance ORDER BY 1, 2, 3")
    assert after.fetchall() == balances
    (count,) = as_app.execute("SELECT count(*) FROM public.ledger_posting WHERE amount = 50000").fetchone()
    assert count == 0


def test_no_temporary_table_stands_in_for_a_seasons_sittings(posted, with_temporary, as_app):
    """N1: a session's own club_sitting, without rows, does not make a played season look unplayed:
    its point value stays."""
    as_app.execute("CREATE TEMP TABLE club_sitting (id bigint, season_id bigint)")
    with pytest.raises(psycopg.errors.RestrictViolation, match="club_season has sittings"):
        as_app.execute("UPDATE public.club_season SET point_value_ore = point_value_ore * 10")
    with pytest.raises(psycopg.errors.RestrictViolation, match="club_season has sittings"):
        as_app.execute("DELETE FROM public.club_season WHERE id = %s", [posted.season_id])
    posted.season.refresh_from_db()
    assert posted.season.point_value_ore == 1  # the test world's: a point is worth 1 øre


def test_every_guard_function_names_its_search_path(db):
    """Every function the migrations made in public (the guards, the counters, forgetting) runs with
    `pg_catalog, public, pg_temp`: no session's temporary table, nor any schema before public, is
    searched before ours."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace"
            " AND NOT coalesce('search_path=pg_catalog, public, pg_temp' = ANY(proconfig), false) ORDER BY 1"
        )
        assert cursor.fetchall() == []
        cursor.execute("SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace")
        assert cursor.fetchone()[0] >= 20


def test_a_season_repriced_by_any_means_is_named_by_ledger_check(posted, app_role):
    """The price is part of the books: changed past every guard (here by the tables' owner with
    the triggers off), ledger_check, run as the app, names the season."""
    season = posted.season
    with connection.cursor() as cursor:
        cursor.execute("SET session_replication_role = replica")
        cursor.execute("UPDATE club_season SET point_value_ore = point_value_ore * 10 WHERE id = %s", [season.pk])
        cursor.execute("SET session_replication_role = origin")
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
    entries = posted.entries.count()
    out = io.StringIO()
    with translation.override("en"), pytest.raises(CommandError, match=r"problems found: 1\."):
        call_command("ledger_check", stdout=out)
    assert (
        f"{posted.season.club.slug} / season {season.name}: a point is worth 10 øre now, but {entries} ledger"
        f" entries were posted at 1 øre: its saldi changed without a posting"
    ) in out.getvalue()


def test_the_offices_other_writes_pass_as_the_role(app_role, club, season, client):
    """The columns the role may write are the ones the office, joining, languages, the limits and
    the admin write (club.models.GrantedColumns): a season edited, a table renamed and retired, a
    join request answered, a language chosen, a limit counted, the club renamed in the admin."""
    from club.models import JoinRequest, Table
    from club.services import joining, languages, seasons, tables, throttle

    erik = club.members.get(name="Erik")
    login = make_user("erik@example.org", password="not used", is_staff=True, is_superuser=True)
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
    seasons.save_season(
        club,
        season=season,
        name="Forår",
        starts_on=season.starts_on,
        ends_on=season.ends_on,
        preset=season.preset,
        overrides=season.overrides,
        point_value_ore=25,
        close=season.close,
    )
    table = tables.add_table(club, name="Bord 8")
    tables.rename_table(table, name="Bordet")
    tables.set_table_active(tables.add_table(club, name="Bord 9"), False)
    asked = JoinRequest.objects.create(member=erik, user=login)
    joining.decline(login, asked.pk)
    languages.choose(login, "en")
    languages.choose(login, "hu")
    assert throttle.attempt(throttle.Limit("test", 2, 60), "somebody")
    assert throttle.attempt(throttle.Limit("test", 2, 60), "somebody")
    client.force_login(login)
    changed = client.post(
        reverse("admin:club_club_change", args=[club.pk]), {"name": "Vestbyen", "slug": club.slug, "language": "da"}
    )
    assert changed.status_code == 302
    season.refresh_from_db()
    club.refresh_from_db()
    assert (season.name, season.point_value_ore, club.name) == ("Forår", 25, "Vestbyen")
    assert set(Table.objects.filter(club=club).values_list("name", "active")) >= {("Bord 9", False), ("Bordet", True)}


def test_a_payment_sent_twice_is_one_payment_as_the_role(app_role, club, client):
    """N6 as the app role: the API's Idempotency-Key and the office form's own key each record one
    payment for two sends."""
    from rest_framework.test import APIClient

    from club.models import Payment

    erik = club.members.get(name="Erik")
    erik.user = make_user("erik", password="not used")
    erik.role = Member.Role.ADMIN
    erik.save()
    anna = club.members.get(name="Anna")
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
    api = APIClient()
    api.force_login(erik.user)
    body = {"member": anna.pk, "direction": "in", "amount_ore": 700, "method": "cash", "paid_on": "2024-03-08"}
    answers = [api.post("/api/payments/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1") for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 200]
    client.force_login(erik.user)
    page = client.get(reverse("office_payments", args=[club.slug])).text
    key = re.search(r'name="idempotency_key" value="([0-9a-f]{32})"', page).group(1)
    form = {"paid_on": "2024-03-08", "member": anna.pk, "direction": "in", "amount": "2,00", "method": "cash"}
    sent = [
        client.post(reverse("office_payments", args=[club.slug]), form | {"idempotency_key": key}) for _ in range(2)
    ]
    assert [s.status_code for s in sent] == [302, 302]
    assert sorted(Payment.objects.filter(member=anna).values_list("amount_ore", flat=True)) == [200, 700]


def test_the_log_keeps_no_former_name_of_a_member_forgotten_as_the_role(app_role, as_app, club, members):
    """The club's log names members by id; the two values of his it keeps (a former name, the
    address he was invited at) the owner's `club_forget_events` rewrites for the role, which may
    itself only add and read lines."""
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
    anna = club.members.get(name="Anna")
    dorte = member_office.edit_member(
        club.members.get(name="Dorte"), name="Dorte Dahl", email="dorte@example.org", role=Member.Role.MEMBER, by=anna
    )
    member_office.invite(dorte, base_url="http://testserver/", by=anna)

    forgetting.forget_member(dorte, by=anna.user)

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM club_clubevent WHERE data::text ~ 'Dorte|dorte@'")
        assert cursor.fetchone() == (0,)
    kept = ClubEvent.objects.filter(kind__in=["member_renamed", "member_invited"]).values_list("kind", "data")
    assert sorted(kept) == [
        ("member_invited", {"member": dorte.pk, "email": ""}),
        ("member_renamed", {"member": dorte.pk, "old": "Tidligere medlem 1", "new": "Tidligere medlem 1"}),
    ]
    # Only a forgotten member's lines, and nothing of the lines but those values.
    with pytest.raises(psycopg.errors.RestrictViolation, match="is not forgotten"):
        as_app.execute("SELECT club_forget_events(%s, %s)", [club.pk, anna.pk])
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied for table club_clubevent"):
        as_app.execute("SET club.forgetting = 'on'")
        as_app.execute("UPDATE club_clubevent SET data = '{}'")


def test_payment_reminders_are_sent_as_the_role_and_kept_as_sent(app_role, as_app, club, members):
    """A round of reminders writes its rows, mails and log line as the app role; the role cannot
    change or delete a reminder (a second one the same month stays refused)."""
    from club.models import PaymentReminder
    from club.services import opening, reminders

    Member.objects.filter(pk=members["Bent"].pk).update(email="bent@example.org")
    opening.carry_over(members["Bent"], -20000, on=datetime.date(2025, 3, 3))
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
    done = reminders.remind_debtors(club, 10000)
    assert [(m.name, ore) for m, ore in done.sent] == [("Bent", -20000)]
    assert PaymentReminder.objects.get().saldo_ore == -20000
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied for table club_paymentreminder"):
        as_app.execute("UPDATE club_paymentreminder SET month = month - 31")


def test_an_import_writes_its_rows_together_as_the_role(app_role, club, members, client):
    """N4 as the app role: the office's import writes its new members and logins, a first address
    for a member added by hand, and the saldi from paper in bulk, within the role's grants; the
    ledger's deferred checks pass at COMMIT and `ledger_check` finds nothing."""
    import base64
    import csv

    from club.services import opening

    anna = members["Anna"]
    anna.role, anna.user = Member.Role.ADMIN, make_user("anna-import", password="not used")
    anna.save()
    out = io.StringIO()
    sheet = csv.writer(out, delimiter=";")
    sheet.writerow(["navn", "email", "rolle", "saldo"])
    sheet.writerow(["Bent", "bent@example.org", "", "-12,50"])  # a member the club has, his first address
    sheet.writerows([f"Ny {i}", f"ny{i}@example.org" if i % 2 else "", "medlem", f"{i + 1},25"] for i in range(40))
    data = out.getvalue().encode()
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(app_role)).as_string(connection.connection))
    client.force_login(anna.user)

    done = client.post(
        reverse("office_members_import", args=[club.slug]),
        {"sheet": base64.b64encode(data).decode("ascii"), "confirmed": "1"},
    )

    assert done.status_code == 302
    bent = club.members.get(name="Bent")
    assert (bent.email, bent.user.username, money.saldo(bent)) == ("bent@example.org", "bent@example.org", -1250)
    assert money.saldo(club.members.get(name="Ny 39")) == 4025
    assert opening.till.holding(club, "opening") == -1250 + sum(100 * (i + 1) + 25 for i in range(40))
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    assert "problems found: 0" in out.getvalue()
