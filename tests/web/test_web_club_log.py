"""The club's log as lines its services write (club.models.ClubEvent): an action through the API is
the token's member's, a command's the operator's; every kind of line reads in each language; the
page costs a handful of queries; the lines are kept as written."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from club import audit
from club.models import ClubEvent, Member, Payment
from club.services import corrections, disputes, payments
from club.web.log import log_lines
from ledger.models import ImmutableLedgerError

pytestmark = pytest.mark.django_db


def rows(html: str) -> list[str]:
    """Each log line's sentence (without its time), whitespace squeezed, newest first."""
    found = re.findall(r"<li data-kind=.*?</li>", html, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", row.split("<br>", 1)[1]).split()) for row in found]


def log(client, slug: str, language: str = "en") -> list[str]:
    return rows(client.get(reverse("club_log", args=[slug]), HTTP_ACCEPT_LANGUAGE=language).text)


def test_a_sitting_started_and_closed_with_a_members_token_is_his(members, season, table, as_member, today):
    bent = members["Bent"]  # a scorer
    token = Token.objects.create(user=bent.user)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_ACCEPT_LANGUAGE="en")
    seated = [members[name].pk for name in ("Anna", "Bent", "Carl", "Dorte")]
    body = {"season": season.pk, "table": table.pk, "date": str(today), "first_dealer": seated[0], "members": seated}

    started = api.post("/api/sittings/", body, format="json")
    assert started.status_code == 201, started.content
    closed = api.post(f"/api/sittings/{started.json()['id']}/close/", {"how": "split"}, format="json")
    assert closed.status_code == 200, closed.content

    when = f"{today.day} {today:%b %Y}"
    assert log(as_member("Anna"), "nordvest")[:2] == [
        f"Bent closed the sitting at Bord 1 on {when}; the cups were split.",
        f"Bent started a sitting at Bord 1 on {when}.",
    ]
    lines = ClubEvent.objects.filter(club=season.club).order_by("-pk")[:2]
    assert [(e.kind, e.member_id, e.through) for e in lines] == [
        (ClubEvent.Kind.SITTING_CLOSED, bent.pk, "api"),
        (ClubEvent.Kind.SITTING_STARTED, bent.pk, "api"),
    ]


def test_a_commands_import_is_under_the_login_it_names_or_the_operator(members, as_member, tmp_path, monkeypatch):
    sheet = tmp_path / "medlemmer.csv"
    sheet.write_text('navn,email,rolle,saldo\nFrida,,medlem,"12,50"\n', encoding="utf-8")
    call_command("import_members", "nordvest", str(sheet), "--by", "anna", stdout=io.StringIO())
    monkeypatch.setattr(audit, "_os_user", lambda: "kasserer")
    sheet.write_text("navn,email,rolle,saldo\nGorm,,medlem,\n", encoding="utf-8")
    call_command("import_members", "nordvest", str(sheet), stdout=io.StringIO())

    assert log(as_member("Anna"), "nordvest")[:5] == [
        "kasserer (command line) imported 1 members from a spreadsheet.",
        "kasserer (command line) added the member Gorm (member).",
        "Anna imported 1 members from a spreadsheet.",
        "Anna carried over the saldo of Frida from paper: 12.50 kr.",
        "Anna added the member Frida (member).",
    ]
    assert set(ClubEvent.objects.filter(club=members["Anna"].club).values_list("through", flat=True)[:5]) == {"command"}
    with translation.override("da"):
        assert (
            log_lines(members["Anna"].club)[0].text
            == "kasserer (kommandolinjen) importerede 1 medlemmer fra et regneark."
        )


def test_a_commands_sitting_import_names_the_operator(members, season, table, as_member, tmp_path):
    record = {
        "table": ["Anna", "Bent", "Carl", "Dorte"],
        "deals": [
            {
                "dealer": "Anna",
                "players": ["Anna", "Bent", "Dorte"],
                "last_trick": "Bent",
                "counts": {"Anna": 39, "Dorte": 19},
            }
        ],
        "close": "split",
    }
    path = tmp_path / "sitting.json"
    import json

    path.write_text(json.dumps(record), encoding="utf-8")
    day = season.starts_on
    call_command(
        "import_sitting",
        str(path),
        "--club",
        "nordvest",
        "--season",
        season.name,
        "--table",
        table.name,
        "--date",
        str(day),
        "--by",
        "bent",
        stdout=io.StringIO(),
    )

    when = f"{day.day} {day:%b %Y}"
    assert log(as_member("Anna"), "nordvest")[:2] == [
        f"Bent closed the sitting at Bord 1 on {when}; the cups were split.",
        f"Bent imported a sitting at Bord 1 on {when}.",
    ]


# --- every kind, in every language ---------------------------------------------------------------


@pytest.fixture
def every_kind(played, members, season, make_table, today):
    """One line of each kind of the club's log, the rows they name made through the services."""
    from club.services import opening, tables

    club, anna = played.table.club, members["Anna"]
    deal = played.deals.get(number=1)
    corrections.correct_deal(deal, deal.current_version.record | {"last_trick": "Dorte"}, by=anna.user, reason="stik")
    paid = payments.record_payment(
        club,
        member=members["Bent"],
        direction=Payment.Direction.IN,
        amount_ore=500,
        method=Payment.Method.CASH,
        paid_on=today,
        by=anna.user,
    )
    payments.reverse_payment(paid, reason="fejl", by=anna.user)
    dispute = disputes.raise_dispute(deal, member=members["Erik"], comment="Pagat?")
    disputes.close_dispute(dispute, by=anna, reason="Den står")
    from club.services.closing import close_sitting

    close_sitting(played, by=anna.user, how="split")
    spare = tables.add_table(club, name="Vinduesbordet", by=anna.user)
    opening.carry_over_table(spare, season, {"cup:pagat": 45}, by=anna.user)
    carl, erik = members["Carl"].pk, members["Erik"].pk
    record = audit.record
    kinds = ClubEvent.Kind
    record(club, kinds.CLUB_CREATED, by=anna, name=club.name)
    record(club, kinds.CLUB_RENAMED, by=anna, old="Nordvest", new=club.name)
    record(club, kinds.PAYMENT_DETAILS, by=anna)
    record(club, kinds.STATEMENTS_MAILED, by=anna, month="2026-11", again=True, member=carl)
    record(club, kinds.PAYMENT_REMINDERS, by=anna, over_ore=10000, month="2026-11", count=12, skipped=3)
    record(club, kinds.MEMBER_ADDED, by=anna, member=erik, role="member")
    record(club, kinds.MEMBER_DELETED, by=anna, name="Ivan")
    record(club, kinds.MEMBER_RENAMED, by=anna, member=erik, old="Erk", new="Erik")
    record(club, kinds.MEMBER_ROLE, by=anna, member=carl, role="admin")
    record(club, kinds.MEMBER_ACTIVE, by=anna, member=carl, active=False)
    record(club, kinds.MEMBER_EMAIL, by=anna, member=carl)
    record(club, kinds.MEMBER_INVITED, by=anna, member=carl, email="carl@example.org")
    record(club, kinds.MEMBER_FORGOTTEN, by=anna, member=erik)
    record(club, kinds.MEMBERS_IMPORTED, by=audit.Actor.command("kasserer"), count=2)
    record(club, kinds.JOIN_ASKED, by=anna, member=carl)
    record(club, kinds.JOIN_ANSWERED, by=members["Carl"], member=carl, accepted=True)
    record(
        club,
        kinds.SEASON_CREATED,
        by=anna,
        season=season.pk,
        name=season.name,
        preset=season.preset,
        overrides={"stake": 10},
    )
    record(club, kinds.SEASON_DELETED, by=anna, name="Sommer")
    record(club, kinds.SEASON_RENAMED, by=anna, season=season.pk, old="Vintr", new=season.name)
    record(club, kinds.SEASON_DATES, by=anna, season=season.pk)
    record(club, kinds.SEASON_RULES, by=anna, season=season.pk, preset=season.preset, overrides={})
    record(club, kinds.SEASON_POINT_VALUE, by=anna, season=season.pk, ore=25)
    record(club, kinds.SEASON_SITTINGS_CLOSE, by=anna, season=season.pk, carry=True)
    record(club, kinds.SEASON_AT_CLOSE, by=anna, season=season.pk, at_close="carry")
    record(club, kinds.SEASON_CLOSED, by=anna, season=season.pk, how="split", into=None)
    record(club, kinds.TABLE_RENAMED, by=anna, table=spare.pk, old="Vindue", new="Vinduesbordet")
    record(club, kinds.TABLE_ACTIVE, by=audit.Actor.api(anna.user), table=spare.pk, active=False)
    record(club, kinds.SITTING_IMPORTED, by=anna, sitting=played.pk)
    return club


def sentences(club, language: str) -> dict[int, str]:
    """Each line's sentence by its event, in `language`."""
    from club.web.log import _lines

    events = list(ClubEvent.objects.filter(club=club).order_by("pk"))
    with translation.override(language):
        return {event.pk: " ".join(line.text for line in _lines(club, [event])) for event in events}


def test_every_kind_is_a_sentence_in_each_language(every_kind):
    kinds = dict(ClubEvent.objects.filter(club=every_kind).values_list("pk", "kind"))
    assert set(kinds.values()) == set(ClubEvent.Kind.values)
    english = sentences(every_kind, "en")
    assert all(english.values()), [kinds[pk] for pk, text in english.items() if not text]
    for language in ("da", "hu", "sl"):
        said = sentences(every_kind, language)
        untranslated = [kinds[pk] for pk, text in said.items() if not text or text == english[pk]]
        assert untranslated == [], language
        for leak in ("%(", "None", "{"):
            assert not any(leak in text for text in said.values()), (language, leak)


def test_the_pages_lines_in_danish_name_who_and_what(every_kind):
    danish = sentences(every_kind, "da")
    assert (
        "Anna oprettede sæsonen Vinter (VLK 2010). Sæsonen Vinter spiller sin egen regel: Giveren betaler dette i hver kop: 10."
        in (danish.values())
    )
    assert "Anna importerede en spilleaften ved Bord 1 den" in list(danish.values())[-1]
    assert "kasserer (kommandolinjen) importerede 2 medlemmer fra et regneark." in danish.values()
    assert "Anna inviterede Carl til at logge ind (carl@example.org)." in danish.values()
    assert "Anna mindede 12 medlemmer, der skyldte klubben mere end 100,00 kr., om at betale." in danish.values()


def test_the_log_page_costs_a_handful_of_queries(every_kind, as_member, django_assert_max_num_queries):
    client = as_member("Anna")
    for _ in range(2):  # 60-odd lines: a full page and another
        for event in ClubEvent.objects.filter(club=every_kind).order_by("pk")[:30]:
            audit.record(every_kind, event.kind, by=event.member, **event.data)
    assert ClubEvent.objects.filter(club=every_kind).count() > 50

    with django_assert_max_num_queries(20):
        page = client.get(reverse("club_log", args=["nordvest"]))
    # Fifty lines; a season's own rule is a line of its own beside its creation.
    said = rows(page.text)
    own_rule = "The season Vinter plays its own rule: The dealer pays this into each cup: 10."
    assert own_rule in said and len([text for text in said if text != own_rule]) == 50


def test_a_line_is_kept_as_written(played, members):
    line = audit.record(played.table.club, ClubEvent.Kind.MEMBER_EMAIL, by=members["Anna"], member=members["Carl"].pk)
    line.data = {"member": members["Bent"].pk}
    with pytest.raises(ImmutableLedgerError):
        line.save()
    with pytest.raises(ImmutableLedgerError):
        line.delete()
    with pytest.raises(ImmutableLedgerError):
        ClubEvent.objects.filter(pk=line.pk).update(kind=ClubEvent.Kind.MEMBER_ROLE)
    with pytest.raises(ImmutableLedgerError):
        ClubEvent.objects.filter(pk=line.pk).delete()
    assert ClubEvent.objects.get(pk=line.pk).data == {"member": members["Carl"].pk}


def test_the_old_log_carried_over_reads_as_the_services_own_lines(played, members, as_member, today):
    """Migration 0037 turns what the old page read (auditlog's diffs, corrections, payments, table
    openings) into lines: done through the pages, the same sentences in the same order as the
    lines the services wrote themselves (the old page also had the test world's own set-up)."""
    import importlib

    from django.apps import apps

    from club.web.log import _lines

    client = as_member("Anna")
    client.post(reverse("office_member_new", args=["nordvest"]), {"name": "Frida", "role": "member"})
    frida = Member.objects.get(name="Frida")
    client.post(reverse("office_member_active", args=["nordvest", frida.pk]), {"active": "0"})
    client.post(reverse("office_tables", args=["nordvest"]), {"name": "Vinduesbordet"})
    deal = played.deals.get(number=2)
    corrections.correct_deal(deal, deal.current_version.record, by=members["Anna"].user, reason="tjek")
    payments.record_payment(
        played.table.club,
        member=members["Bent"],
        direction=Payment.Direction.OUT,
        amount_ore=1250,
        method=Payment.Method.MOBILEPAY,
        paid_on=today,
        by=members["Anna"].user,
    )
    as_member("Erik").post(reverse("deal-dispute-raise", args=["nordvest", deal.pk]), {"comment": "Pagat?"})
    dispute = deal.disputes.get()
    client = as_member("Anna")
    client.post(reverse("dispute-resolve", args=["nordvest", dispute.pk]), {"action": "closed", "reason": "Ja."})
    client.post(reverse("sitting_close", args=["nordvest", played.pk]), {"how": "split", "confirmed": "on"})
    club = played.table.club
    written = list(ClubEvent.objects.filter(club=club).order_by("-at", "-pk"))

    migration = importlib.import_module("club.migrations.0037_club_log")
    migration.carry_the_old_log(apps, None)

    carried = list(ClubEvent.objects.filter(club=club, pk__gt=max(e.pk for e in written)).order_by("-at", "-pk"))
    with translation.override("en"):
        own = [line.text for line in _lines(club, written)]
        old = [line.text for line in _lines(club, carried)]
    assert len(own) == 9  # the start, Frida added and retired, the table, correction, payment, dispute twice, close
    assert [text for text in old if text in own] == own
