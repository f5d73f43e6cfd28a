"""Statements are mailed once a month (club.services.mailings): the club records which month it
mailed, a second mailing of it is refused with the day it went out unless asked for again (and the
log names who asked), and a month still running is not mailed. The mail says the saldo, whether
the member owes or is owed, and how to pay, in his language.

Every date here is fixed: November 2026 of tests/reports/conftest.py, mailed "today" in December.
"""

from __future__ import annotations

import datetime
import io

import pytest
from django.core import mail
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation
from post_office.models import Email

from club.models import ClubEvent, Member, StatementMailing
from club.months import Month
from club.reports.mailing import send_statement, send_statements
from club.services import mailings, payments

NOVEMBER = Month(2026, 11)
IN_DECEMBER = datetime.date(2026, 12, 2)


@pytest.fixture
def addressed(autumn):
    Member.objects.filter(pk=autumn.anna.pk).update(email="anna@example.org")
    Member.objects.filter(pk=autumn.carl.pk).update(email="carl@example.org", language="en")
    return autumn


def test_a_month_is_mailed_once(addressed):
    club = addressed.club
    send_statements(club, NOVEMBER, today=IN_DECEMBER, by=addressed.dorte.user)
    assert Email.objects.count() == 2
    (first,) = StatementMailing.objects.filter(club=club)
    assert (first.month, first.member, first.again, first.sent_by) == (
        NOVEMBER.first_day,
        None,
        False,
        addressed.dorte.user,
    )

    with translation.override("en"), pytest.raises(mailings.MailingRefused) as refused:
        send_statements(club, NOVEMBER, today=IN_DECEMBER)
    assert str(refused.value).startswith("The statements of 2026-11 went out on ")
    assert refused.value.mailed == first
    assert Email.objects.count() == 2

    send_statements(club, NOVEMBER, today=IN_DECEMBER, again=True, by=addressed.dorte.user)
    assert Email.objects.count() == 4
    assert StatementMailing.objects.filter(club=club, again=True, sent_by=addressed.dorte.user).count() == 1
    logged = ClubEvent.objects.filter(club=club, kind=ClubEvent.Kind.STATEMENTS_MAILED)
    dorte = Member.objects.get(club=club, user=addressed.dorte.user).pk
    assert [(e.data, e.member_id) for e in logged] == [
        ({"month": "2026-11", "again": True, "member": None}, dorte),
        ({"month": "2026-11", "again": False, "member": None}, dorte),
    ]


def test_the_running_month_is_not_mailed(addressed):
    with translation.override("en"), pytest.raises(mailings.MailingRefused, match="2026-11 is not over yet"):
        send_statements(addressed.club, NOVEMBER, today=datetime.date(2026, 11, 30))
    with pytest.raises(mailings.MailingRefused):
        send_statement(addressed.carl, NOVEMBER, today=datetime.date(2026, 11, 4))
    assert not Email.objects.exists() and not StatementMailing.objects.exists()


def test_the_command_refuses_a_second_mailing_with_its_date(addressed):
    out = io.StringIO()
    call_command("statements", "--month", "2026-11", "--email", "--language", "en", stdout=out)
    with translation.override("en"), pytest.raises(CommandError) as refused:
        call_command("statements", "--month", "2026-11", "--email", "--language", "en", stdout=out)
    assert "The statements of 2026-11 went out on " in str(refused.value)
    assert "--again --by LOGIN" in str(refused.value)
    with pytest.raises(CommandError, match="--by LOGIN"):
        call_command("statements", "--month", "2026-11", "--email", "--again", "--language", "en", stdout=out)
    assert Email.objects.count() == 2
    call_command(
        "statements", "--month", "2026-11", "--email", "--again", "--by", "dorte", "--language", "en", stdout=out
    )
    assert Email.objects.count() == 4
    assert StatementMailing.objects.get(again=True).sent_by == addressed.dorte.user


def test_the_command_mails_no_running_month_but_writes_its_preview(addressed, tmp_path):
    running = str(mailings.running_month())
    with translation.override("en"), pytest.raises(CommandError, match="is not over yet"):
        call_command("statements", "--month", running, "--email", "--language", "en", stdout=io.StringIO())
    call_command("statements", "--month", running, "--out", str(tmp_path), "--language", "en", stdout=io.StringIO())
    assert not Email.objects.exists()


def test_the_office_send_button_once_then_again(addressed, client):
    client.force_login(addressed.dorte.user)
    url = reverse("member-statement-send", args=["vestbyen", addressed.carl.pk, "2026-11"])
    client.post(url, HTTP_ACCEPT_LANGUAGE="en")
    second = client.post(url, HTTP_ACCEPT_LANGUAGE="en", follow=True).content.decode()
    assert "The statements of 2026-11 went out on " in second
    assert "Email it again to carl@example.org" in second
    assert Email.objects.count() == 1
    client.post(url, {"again": "1"}, HTTP_ACCEPT_LANGUAGE="en")
    assert Email.objects.count() == 2


def test_the_mail_says_the_saldo_and_how_to_pay(addressed, send_queued_mail):
    payments.save_payment_details(
        addressed.club, mobilepay="12 34 56", bank_account="1234 5678901234", note="Skriv dit navn som tekst."
    )
    send_statements(addressed.club, NOVEMBER, today=IN_DECEMBER)
    send_queued_mail()
    anna = next(m for m in mail.outbox if m.to == ["anna@example.org"])  # Danish; owes 6,00 kr.
    assert "Din saldo den 30.11.2026: −6,00 kr." in anna.body
    assert "Du skylder Vestbyens Tarokklub 6,00 kr." in anna.body
    assert "MobilePay: 12 34 56" in anna.body and "Bankkonto: 1234 5678901234" in anna.body
    assert "Skriv dit navn som tekst." in anna.body
    carl = next(m for m in mail.outbox if m.to == ["carl@example.org"])  # English; is owed 9,75 kr.
    assert "Your saldo on " in carl.body and "9.75 kr." in carl.body
    assert "Vestbyens Tarokklub owes you 9.75 kr." in carl.body
    assert "MobilePay" not in carl.body


def test_the_office_sets_how_to_pay(addressed, client):
    client.force_login(addressed.dorte.user)
    url = reverse("office_payment_details", args=["vestbyen"])
    assert client.get(url).status_code == 200
    answer = client.post(url, {"mobilepay": "12345", "bank_account": "1234 1234567890", "payment_note": "Tak"})
    assert answer.status_code == 302
    addressed.club.refresh_from_db()
    assert (addressed.club.mobilepay, addressed.club.bank_account, addressed.club.payment_note) == (
        "12345",
        "1234 1234567890",
        "Tak",
    )
    refused = client.post(
        url, {"mobilepay": "call me", "bank_account": "", "payment_note": ""}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert refused.status_code == 200 and "A MobilePay number is digits." in refused.content.decode()
