"""Forgetting a member: his name, address and login become "Tidligere medlem N" everywhere his club
keeps them, the books stay whole (the evening of table_evening.py replays to the same money), the
log says who did it, and another club's rows stay as they were. On both databases."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from auditlog.models import LogEntry
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.mail import EmailMessage
from django.core.management import call_command
from django.db import connection
from django.urls import reverse
from django.utils import timezone, translation
from post_office.models import Email

from club.models import Club, ClubEvent, Deal, DealVersion, Dispute, Member, Payment
from club.services import forgetting, money, outbox, payments
from club.services import members as member_office
from club.services.closing import close_sitting
from club.services.disputes import close_dispute, raise_dispute
from club.services.office import OfficeError
from world.clubs import make_user

pytestmark = pytest.mark.django_db

ADDRESS = "dorte.dahl@example.org"
# What people typed naming her: forgetting her leaves it as it was typed (issue 36, N3).
NOTE = "Dorte Dahl betalte kontant"
COMMENT = "Dorte sagde bagud for sent"
# The evening closed with a split: 280 points in the cups, 70 to each of the four, on top of
# A -130  B -10  C +165  D -305 (table_evening.py), at the season's 1 øre a point.
NOW = timezone.now()
SALDI = {"Anna": -60, "Bent": 60, "Carl": 235, "Dorte Dahl": -235, "Erik": 0}


def ledger_check_problems() -> str:
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    return re.search(r"problems found: (\d+)", out.getvalue())[1]


def rows_naming(*words: str) -> set[tuple[str, object]]:
    """(table, first column) of every row of the database that holds one of `words` anywhere."""
    found = set()
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            cursor.execute(f'SELECT * FROM "{table}"')
            for row in cursor.fetchall():
                text = " ".join(str(value) for value in row)
                if any(word in text for word in words):
                    found.add((table, row[0]))
    return found


@pytest.fixture
def evening(played, members, club, make_club):
    """The evening closed and split; then Dorte renamed Dorte Dahl with an address (a login of its
    own), invited by mail, paid in cash with a note naming her, and named in a dispute."""
    anna = members["Anna"]
    close_sitting(played, by=anna.user, how="split")
    dorte = member_office.edit_member(
        members["Dorte"], name="Dorte Dahl", email=ADDRESS, role=Member.Role.SCORER, site_url="http://testserver/"
    )
    member_office.invite(dorte, base_url="http://testserver/")
    deal_3 = Deal.objects.get(sitting=played, number=3)
    raise_dispute(deal_3, member=members["Bent"], comment=COMMENT)
    return dorte


def test_refused_while_the_saldo_is_not_zero_then_forgotten_everywhere(evening, members, club, as_member, played):
    other = Member.objects.create(club=make_other_club(), name="Dorte")  # another club's Dorte: untouched
    dorte = evening
    assert {m.name: money.saldo(m) for m in club.members.all()} == SALDI

    with translation.override("en"), pytest.raises(OfficeError) as refused:
        forgetting.forget_member(dorte, by=members["Anna"].user)
    assert str(refused.value) == (
        "Dorte Dahl has a saldo of −2.35 kr.: settle it first, or confirm that it stays in the books."
    )
    assert Member.objects.get(pk=dorte.pk).name == "Dorte Dahl"

    payment = payments.record_payment(
        club,
        member=dorte,
        direction=Payment.Direction.IN,
        amount_ore=235,
        method=Payment.Method.CASH,
        paid_on=timezone.localdate(),
        note=NOTE,
    )
    forgotten = forgetting.forget_member(dorte, by=members["Anna"].user)

    assert forgotten.name == "Tidligere medlem 1"
    assert (forgotten.email, forgotten.user, forgotten.active) == ("", None, False)
    # The books: the same money, by the new name; the replay settles every deal as before.
    saldi = {m.name: money.saldo(m) for m in club.members.all()}
    assert saldi == {"Anna": -60, "Bent": 60, "Carl": 235, "Tidligere medlem 1": 0, "Erik": 0}
    assert ledger_check_problems() == "0"
    record = Deal.objects.get(sitting=played, number=3).current_version.record
    assert record["kings"]["hearts"]["holder"] == "Tidligere medlem 1"
    assert record["players"] == ["Carl", "Tidligere medlem 1", "Bent"]
    assert list(played.seats.order_by("position").values_list("name", flat=True)) == [
        "Anna",
        "Bent",
        "Carl",
        "Tidligere medlem 1",
    ]
    # Nowhere in the database, but the other club's Dorte and the entry that logged her, and the
    # words people typed: the payment's note (and its memo), the dispute's comment and its entry.
    dispute = Dispute.objects.get()
    assert rows_naming("Dorte", ADDRESS) == {
        ("club_member", other.pk),
        ("auditlog_logentry", *rows_of_other_club_log(other)),
        ("club_payment", payment.pk),
        ("ledger_transaction", payment.transaction_id),
        ("club_dispute", dispute.pk),
        ("auditlog_logentry", *entries_of(dispute)),
    }
    assert (Payment.objects.get().note, Dispute.objects.get().comment) == (NOTE, COMMENT)
    # Nor on the pages and in the exports.
    client = as_member("Anna")
    month = timezone.localdate()
    for page in (
        reverse("club_home", args=[club.slug]),
        reverse("sitting", args=[club.slug, played.pk]),
        reverse("club_log", args=[club.slug]),
        reverse("member", args=[club.slug, forgotten.pk]),
        reverse("member-data-json", args=[club.slug, forgotten.pk]),
        reverse("member-statement", args=[club.slug, forgotten.pk, f"{month:%Y-%m}"]),
        reverse("office_members", args=[club.slug]),
    ):
        answer = client.get(page)
        assert answer.status_code == 200, page
        untyped = answer.content.decode().replace(NOTE, "").replace(COMMENT, "")
        assert "Dorte" not in untyped and ADDRESS not in untyped, page
    archive = zipfile.ZipFile(
        io.BytesIO(client.get(reverse("member-data-csv", args=[club.slug, forgotten.pk])).content)
    )
    for name in archive.namelist():
        assert "Dorte" not in archive.read(name).decode("utf-8-sig").replace(NOTE, ""), name
    log = client.get(reverse("club_log", args=[club.slug])).content.decode()
    assert "Anna forgot a member: his name, address and login are Tidligere medlem 1 now." in log


def make_other_club():
    return Club.objects.create(name="Sydhavn Tarok", slug="sydhavn")


def entries_of(row) -> tuple:
    """The log's entries of `row`."""
    return tuple(
        LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(type(row)), object_id=row.pk)
        .values_list("pk", flat=True)
        .order_by("pk")
    )


def rows_of_other_club_log(other: Member) -> tuple:
    return entries_of(other)


def test_a_confirmed_forgetting_keeps_the_saldo_and_numbers_go_on(evening, members, club):
    anna = members["Anna"].user
    erik = forgetting.forget_member(members["Erik"], by=anna)
    with translation.override("en"), pytest.raises(OfficeError, match="settle it first"):
        forgetting.forget_member(members["Carl"], by=anna)

    carl = forgetting.forget_member(members["Carl"], by=anna, confirmed=True)

    assert (erik.name, carl.name) == ("Tidligere medlem 1", "Tidligere medlem 2")
    assert money.saldo(carl) == 235
    assert ledger_check_problems() == "0"
    with translation.override("en"), pytest.raises(OfficeError, match="forgotten already"):
        forgetting.forget_member(carl, by=anna, confirmed=True)


def test_the_last_admin_and_a_member_at_an_open_sitting_are_not_forgotten(sitting, members):
    with translation.override("en"):
        with pytest.raises(OfficeError, match="sits at an open sitting"):
            forgetting.forget_member(members["Bent"], confirmed=True)
        with pytest.raises(OfficeError):
            forgetting.forget_member(members["Anna"], confirmed=True)


def test_the_office_forgets_only_for_officials(evening, members, club, as_member):
    erik = members["Erik"]
    page = reverse("office_member_forget", args=[club.slug, erik.pk])
    assert as_member("Bent").post(page).status_code == 403
    assert Member.objects.get(pk=erik.pk).name == "Erik"

    answer = as_member("Anna").post(page, {"confirmed": "1"})

    assert answer.status_code == 302
    assert Member.objects.get(pk=erik.pk).name == "Tidligere medlem 1"
    refused = as_member("Anna").post(reverse("office_member_forget", args=[club.slug, evening.pk]), follow=True)
    assert b"settle it first" in refused.content
    assert Member.objects.get(pk=evening.pk).name == "Dorte Dahl"


def test_a_login_another_club_shares_stays_with_the_other_club(evening, members, club, make_club):
    """Dorte's login is also a member's of another club: that membership, and the login, stay."""
    dorte = evening
    elsewhere = make_club("Sydhavn Tarok", "sydhavn")
    other = Member.objects.create(club=elsewhere, name="Dorte Dahl", email=ADDRESS, user=dorte.user)
    login = dorte.user

    forgotten = forgetting.forget_member(dorte, by=members["Anna"].user, confirmed=True)

    assert forgotten.user is None
    login.refresh_from_db()
    assert (login.username, login.is_active) == (ADDRESS, True)
    assert Member.objects.filter(pk=other.pk).values_list("name", "email", "user_id").get() == (
        "Dorte Dahl",
        ADDRESS,
        login.pk,
    )
    assert ledger_check_problems() == "0"


def test_a_name_another_member_bore_at_a_seat_stays_in_his_records(evening, members, club, played):
    """Dorte sat the evening as "Dorte" and is Dorte Dahl now; Erik, who never sat, takes the name
    "Dorte" and is forgotten. Her seat and the evening's records keep "Dorte", and the books replay
    to the same money."""
    anna = members["Anna"]
    erik = member_office.edit_member(members["Erik"], name="Dorte", email="", role=Member.Role.MEMBER)
    records = [version.record for deal in played.deals.all() for version in deal.versions.all()]

    forgotten = forgetting.forget_member(erik, by=anna.user)

    assert forgotten.name == "Tidligere medlem 1"
    assert played.seats.get(member=members["Dorte"]).name == "Dorte"
    assert [version.record for deal in played.deals.all() for version in deal.versions.all()] == records
    assert any("Dorte" in str(record) for record in records)
    assert {name: money.saldo(members[name]) for name in ("Anna", "Bent", "Carl")} == {
        "Anna": SALDI["Anna"],
        "Bent": SALDI["Bent"],
        "Carl": SALDI["Carl"],
    }
    assert ledger_check_problems() == "0"


def _second_address(dorte, club):
    """Dorte given a second address (a login of its own), then paying her saldo off."""
    dorte = member_office.edit_member(
        dorte, name="Dorte Dahl", email="dorte@example.net", role=Member.Role.SCORER, site_url="http://testserver/"
    )
    payments.record_payment(
        club,
        member=dorte,
        direction=Payment.Direction.IN,
        amount_ore=235,
        method=Payment.Method.CASH,
        paid_on=timezone.localdate(),
    )
    return dorte


def assert_a_retired_login(login) -> None:
    login.refresh_from_db()
    assert (login.username, login.email, login.is_active) == (f"tidligere-{login.pk}", "", False)
    assert not login.has_usable_password()
    assert not Member.objects.filter(user=login).exists()


@pytest.mark.parametrize("signed_in", [False, True])
def test_every_address_he_had_goes_with_him(evening, members, club, signed_in):
    """Invited at one address, then given another: the change retires the first login (deletes it
    when nobody ever signed in with it), and once she is forgotten neither address is left
    anywhere: not in the invitation to the first, the club log's record of the change, nor either
    login or its log."""
    first_login = evening.user
    if signed_in:
        first_login.set_password("k0ngekop-42")
        first_login.last_login = timezone.now()
        first_login.save()
    dorte = _second_address(evening, club)
    if signed_in:
        assert_a_retired_login(first_login)
    else:
        assert not get_user_model().objects.filter(pk=first_login.pk).exists()
    second_login = dorte.user
    assert rows_naming(ADDRESS)  # the invitation and the log's change still hold the first address

    forgetting.forget_member(dorte, by=members["Anna"].user)

    assert rows_naming(ADDRESS, "dorte@example.net") == set()
    if signed_in:
        assert_a_retired_login(first_login)
    assert_a_retired_login(second_login)
    assert ledger_check_problems() == "0"


def test_a_login_left_behind_before_logins_were_retired_goes_with_him(evening, members, club, monkeypatch):
    """A login an address change left as it was (as the office did before it retired them): no
    member uses it, yet it holds her first address and her password. Forgetting her takes it too,
    found through the log's record of her row's change of login."""
    first_login = evening.user
    monkeypatch.setattr(member_office, "_retire_if_unused", lambda user: None)
    dorte = _second_address(evening, club)
    first_login.refresh_from_db()
    assert (first_login.username, first_login.is_active) == (ADDRESS, True)

    forgetting.forget_member(dorte, by=members["Anna"].user)

    assert rows_naming(ADDRESS, "dorte@example.net") == set()
    assert_a_retired_login(first_login)
    assert ledger_check_problems() == "0"


def test_a_former_login_another_club_uses_stays_with_the_other_club(evening, members, club, make_club):
    """Her first login is also a member's of another club: the address change leaves it, and
    forgetting her leaves it, with that membership, as it was."""
    first_login = evening.user
    elsewhere = make_club("Sydhavn Tarok", "sydhavn")
    other = Member.objects.create(club=elsewhere, name="Dorte Dahl", email=ADDRESS, user=first_login)
    dorte = _second_address(evening, club)
    first_login.refresh_from_db()
    assert (first_login.username, first_login.is_active) == (ADDRESS, True)

    forgetting.forget_member(dorte, by=members["Anna"].user)

    first_login.refresh_from_db()
    assert (first_login.username, first_login.email, first_login.is_active) == (ADDRESS, ADDRESS, True)
    assert Member.objects.filter(pk=other.pk).values_list("name", "email", "user_id").get() == (
        "Dorte Dahl",
        ADDRESS,
        first_login.pk,
    )
    assert not rows_naming("dorte@example.net")
    assert ledger_check_problems() == "0"


# --- a forget that forgets one member and nothing else (issue 36: N2, N3, N9) ----------------------


def what_people_typed() -> dict:
    """Every note, memo, reason, dispute and log entry as it stands."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, memo FROM ledger_transaction ORDER BY id")
        memos = cursor.fetchall()
    entries = LogEntry.objects.order_by("pk").values_list(
        "pk", "object_repr", "changes_text", "changes", "serialized_data", "additional_data", "actor_email"
    )
    return {
        "payments": list(Payment.objects.order_by("pk").values_list("pk", "note", "reason")),
        "memos": memos,
        "disputes": list(Dispute.objects.order_by("pk").values_list("pk", "comment", "close_reason")),
        "corrections": list(DealVersion.objects.order_by("pk").values_list("pk", "reason")),
        "log": {entry[0]: entry for entry in entries},
    }


def test_forgetting_rewords_nothing_anyone_typed(evening, members, club, as_member):
    """N3: a member renamed through the words to hide ("snyd", "kontant") and then forgotten: every
    payment note, memo, dispute comment and log entry but his own rows' stays as it was typed, and
    the forget's log entry names the official and counts what it rewrote where."""
    anna = members["Anna"]
    ib = member_office.add_member(club, name="Ib")
    for name in ("snyd", "kontant", "Ib Holm"):
        ib = member_office.edit_member(ib, name=name, email="", role=Member.Role.MEMBER)
    carl = members["Carl"]
    payments.record_payment(
        club,
        member=carl,
        direction=Payment.Direction.IN,
        amount_ore=500,
        method=Payment.Method.CASH,
        paid_on=timezone.localdate(),
        note="kontant ved baren, ikke snyd",
    )
    dispute = Dispute.objects.get()
    close_dispute(dispute, by=anna, reason="Intet snyd: Anna talte kontant")
    raise_dispute(Deal.objects.get(number=2), member=carl, comment="Anna snyd? Ib Holm så det")
    his_rows = set(entries_of(ib))
    typed = what_people_typed()

    forgotten = forgetting.forget_member(ib, by=anna.user)

    after = what_people_typed()
    assert {key: after[key] for key in ("payments", "memos", "disputes", "corrections")} == {
        key: typed[key] for key in ("payments", "memos", "disputes", "corrections")
    }
    assert after["payments"][-1][1] == "kontant ved baren, ikke snyd"
    assert "Ib Holm så det" in after["disputes"][-1][1]
    # Every audit entry but his row's four (added, three renames) is as it was.
    assert set(after["log"]) == set(typed["log"])
    assert {pk: after["log"][pk] for pk in typed["log"] if pk not in his_rows} == {
        pk: entry for pk, entry in typed["log"].items() if pk not in his_rows
    }
    assert len(his_rows) == 4
    for pk in his_rows:
        assert not {"Ib", "snyd", "kontant", "Ib Holm"} & set(str(after["log"][pk]).split("'")), after["log"][pk]
    # The club's log: his renames read his new name, and the forget's line is Anna's, with the counts.
    renames = ClubEvent.objects.filter(kind=ClubEvent.Kind.MEMBER_RENAMED, data__member=ib.pk)
    assert [(event.data["old"], event.data["new"]) for event in renames] == [("Tidligere medlem 1",) * 2] * 3
    entry = ClubEvent.objects.get(kind=ClubEvent.Kind.MEMBER_FORGOTTEN)
    assert (entry.member, entry.data) == (
        anna,
        {
            "member": ib.pk,
            "rewritten": {
                "seats": 0,
                "sittings": 0,
                "deals": 0,
                "deal_versions": 0,
                "log_entries": 4,
                "log_actors": 0,
                "mails": 0,
                "files": 0,
                "logins": 0,
            },
        },
    )
    assert forgotten.name == "Tidligere medlem 1"
    log = as_member("Anna").get(reverse("club_log", args=[club.slug])).content.decode()
    assert (
        "Anna forgot a member: his name, address and login are Tidligere medlem 1 now. "
        "Rewritten: log entries of his own rows 4." in log
    )
    assert ledger_check_problems() == "0"


def test_forgetting_leaves_another_clubs_login_its_lock_its_log_and_its_mail(evening, members, club, make_club):
    """N2: a throwaway member given another club's member's address (the office asks her to join),
    then none, then forgotten: her login's lock, its access log and the request's mail to her stay."""
    sofie_address = "sofie@example.org"
    sofie = make_user(sofie_address, "k0ngekop-42", email=sofie_address)
    Member.objects.create(club=make_club("Østerbro Tarok", "osterbro"), name="Sofie", email=sofie_address, user=sofie)
    AccessAttempt.objects.create(
        username=sofie_address, ip_address="203.0.113.9", user_agent="x", failures_since_start=5, attempt_time=NOW
    )
    AccessFailureLog.objects.create(username=sofie_address, ip_address="203.0.113.9", user_agent="x", locked_out=True)
    AccessLog.objects.create(username=sofie_address, ip_address="203.0.113.9", user_agent="x", attempt_time=NOW)
    throwaway = member_office.add_member(club, name="Smid Væk", email=sofie_address, site_url="http://testserver/")
    (asked,) = Email.objects.filter(to__icontains=sofie_address)
    throwaway = member_office.edit_member(throwaway, name="Smid Væk", email="", role=Member.Role.MEMBER)

    forgetting.forget_member(throwaway, by=members["Anna"].user)

    assert [
        model.objects.filter(username=sofie_address).count() for model in (AccessAttempt, AccessFailureLog, AccessLog)
    ] == [1, 1, 1]
    assert AccessAttempt.objects.get(username=sofie_address).failures_since_start == 5
    assert list(Email.objects.filter(to__icontains=sofie_address)) == [asked]
    sofie.refresh_from_db()
    assert (sofie.username, sofie.email, sofie.is_active) == (sofie_address, sofie_address, True)


def test_forgetting_takes_his_mail_its_files_and_his_logins_access_log(
    evening, members, club, client, django_capture_on_commit_callbacks
):
    """N9: his statement waiting in the outbox (its PDF on disk), his password-reset mail and his
    login's access log go with him; another member's mail and its file stay."""
    dorte, carl = evening, members["Carl"]
    carl = member_office.edit_member(carl, name="Carl", email="carl@example.org", role=Member.Role.MEMBER)
    statements = {}
    for member in (dorte, carl):
        message = EmailMessage("Kontoudtog", "Se vedhæftet.", to=[member.email])
        message.attach(f"{member.name}.pdf", b"%PDF-1.4 " + member.name.encode(), "application/pdf")
        statements[member.name] = outbox.queue(message, club=club)
    files = {name: Path(mail.attachments.get().file.path) for name, mail in statements.items()}
    assert all(path.exists() for path in files.values())
    assert client.post(reverse("password_reset"), {"email": ADDRESS}).status_code == 302
    (reset,) = Email.objects.filter(to__icontains=ADDRESS, club_mail__isnull=True)
    AccessLog.objects.create(username=ADDRESS, ip_address="203.0.113.7", user_agent="x", attempt_time=NOW)
    payments.record_payment(
        club,
        member=dorte,
        direction=Payment.Direction.IN,
        amount_ore=235,
        method=Payment.Method.CASH,
        paid_on=timezone.localdate(),
    )

    with django_capture_on_commit_callbacks(execute=True):
        forgetting.forget_member(dorte, by=members["Anna"].user)

    assert not Email.objects.filter(pk__in=[reset.pk, statements["Dorte Dahl"].pk]).exists()
    assert not Email.objects.filter(to__icontains=ADDRESS).exists()  # the invitation too
    assert not files["Dorte Dahl"].exists()
    assert files["Carl"].exists() and Email.objects.filter(pk=statements["Carl"].pk).exists()
    assert not AccessLog.objects.filter(username=ADDRESS).exists()
    counts = ClubEvent.objects.get(kind=ClubEvent.Kind.MEMBER_FORGOTTEN).data["rewritten"]
    # The invitation, the statement and the reset; the statement's PDF; today's login and the first.
    assert (counts["mails"], counts["files"], counts["logins"]) == (3, 1, 1)
