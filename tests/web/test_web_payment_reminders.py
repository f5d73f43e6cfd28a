"""Payment reminders from Kontor → Debitorer (club.services.reminders): a mail to every active
member with an address who owes more than the amount typed, in his language, at most one a
calendar month each, one line in the club's log.

Nordvest Tarok (tests/web/conftest.py), saldi from paper and one payment, by hand:

    Bent   −1.234,50 + 500,00 = −734,50 kr.   address, Danish (the club's)   reminded
    Carl                        −150,00 kr.   address, English               reminded
    Dorte                       −100,00 kr.   address: not more than 100      not reminded
    Erik                        −300,00 kr.   no address                      named as such
    Frida                       −500,00 kr.   address, but no longer active   not reminded
    Anna                         +25,00 kr.   the club owes her               not reminded
"""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from post_office.models import Email

from club.models import ClubEvent, Member, Payment, PaymentReminder
from club.services import members as office
from club.services import opening, payments, reminders
from club.web.log import log_lines

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 3, 3)


@pytest.fixture
def owing(club, members):
    payments.save_payment_details(club, mobilepay="12 34 56", bank_account="1234 5678901234", note="")
    addresses = {"Anna": "anna@example.org", "Bent": "bent@example.org", "Carl": "carl@example.org"}
    for name, address in addresses.items():
        Member.objects.filter(pk=members[name].pk).update(email=address)
    Member.objects.filter(pk=members["Dorte"].pk).update(email="dorte@example.org")
    Member.objects.filter(pk=members["Carl"].pk).update(language="en")
    frida = office.add_member(club, name="Frida", email="frida@example.org")
    saldi = {"Anna": 2500, "Bent": -123450, "Carl": -15000, "Dorte": -10000, "Erik": -30000}
    for name, ore in saldi.items():
        opening.carry_over(members[name], ore, on=DAY)
    opening.carry_over(frida, -50000, on=DAY)
    office.set_member_active(frida, False)
    payments.record_payment(
        club,
        member=members["Bent"],
        direction=Payment.Direction.IN,
        amount_ore=50000,
        method=Payment.Method.MOBILEPAY,
        paid_on=DAY,
    )
    return {member.name: member for member in club.members.all()}


def remind(client, club, over: str, language: str = "en"):
    """The round asked for, and the debtors' page it leads to (which shows, and so uses up, its message)."""
    return client.post(
        reverse("office_debtors_remind", args=[club.slug]),
        {"over": over},
        HTTP_ACCEPT_LANGUAGE=language,
        follow=True,
    )


def said(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_the_debtors_page_offers_a_reminder_from_100_kroner(owing, club, as_member):
    page = as_member("Anna").get(reverse("office_debtors", args=[club.slug])).content.decode()
    assert 'action="/c/nordvest/office/debtors/remind/"' in page
    assert 'name="over" value="100"' in page


def test_each_active_member_with_an_address_owing_more_gets_one_mail_in_his_language(owing, club, as_member):
    today = timezone.localdate()

    done = remind(as_member("Anna"), club, "100")

    assert done.redirect_chain == [(reverse("office_debtors", args=[club.slug]), 302)]
    assert said(done) == ["2 reminders queued; 1 has no address"]
    mails = {email.to[0]: email for email in Email.objects.filter(club_mail__club=club)}
    assert sorted(mails) == ["bent@example.org", "carl@example.org"]
    bent = mails["bent@example.org"]
    assert bent.subject == "Betalingspåmindelse fra Nordvest Tarok"
    assert f"Din saldo den {today:%d.%m.%Y}: −734,50 kr." in bent.message
    assert "Du skylder Nordvest Tarok 734,50 kr." in bent.message
    assert "MobilePay: 12 34 56\nBankkonto: 1234 5678901234" in bent.message
    carl = mails["carl@example.org"]
    assert carl.subject == "Payment reminder from Nordvest Tarok"
    assert "You owe Nordvest Tarok 150.00 kr." in carl.message and "MobilePay: 12 34 56" in carl.message
    rows = PaymentReminder.objects.filter(club=club).values_list("member__name", "month", "saldo_ore", "sent_by")
    anna = owing["Anna"].user.pk
    assert sorted(rows) == [("Bent", today.replace(day=1), -73450, anna), ("Carl", today.replace(day=1), -15000, anna)]
    assert log_lines(club)[0].text == "Anna reminded 2 members who owed the club more than 100.00 kr. to pay."


def test_a_second_round_the_same_month_skips_whoever_had_one(owing, club, as_member):
    client = as_member("Anna")
    remind(client, club, "100")

    again = remind(client, club, "0", language="da")

    # Dorte owes more than 0 kr. and had none yet; Bent and Carl had theirs.
    assert said(again) == ["1 påmindelse i kø; 2 fik allerede en i denne måned; 1 har ingen adresse"]
    assert sorted(Email.objects.filter(club_mail__club=club).values_list("to", flat=True)) == [
        ["bent@example.org"],
        ["carl@example.org"],
        ["dorte@example.org"],
    ]
    assert ClubEvent.objects.filter(club=club, kind=ClubEvent.Kind.PAYMENT_REMINDERS).count() == 2
    nobody = remind(client, club, "0", language="da")
    assert said(nobody) == ["0 påmindelser i kø; 3 fik allerede en i denne måned; 1 har ingen adresse"]
    assert ClubEvent.objects.filter(club=club, kind=ClubEvent.Kind.PAYMENT_REMINDERS).count() == 2  # nothing done


def test_next_month_they_are_reminded_again(owing, club):
    first = reminders.remind_debtors(club, 10000, today=datetime.date(2026, 11, 30))
    later = reminders.remind_debtors(club, 10000, today=datetime.date(2026, 12, 1))
    assert [m.name for m, _ore in first.sent] == [m.name for m, _ore in later.sent] == ["Bent", "Carl"]
    months = PaymentReminder.objects.filter(club=club).values_list("month", flat=True)
    assert sorted(set(months)) == [datetime.date(2026, 11, 1), datetime.date(2026, 12, 1)]


def test_one_reminder_a_member_and_month_in_the_database_too(owing, club):
    reminders.remind_debtors(club, 10000)
    bent = PaymentReminder.objects.get(member=owing["Bent"])
    with pytest.raises(IntegrityError), transaction.atomic():
        PaymentReminder.objects.create(club=club, member=owing["Bent"], month=bent.month, saldo_ore=-1)


@pytest.mark.parametrize(
    ("over", "refusal"),
    [
        ("", "This field is required."),
        (
            "hundred",
            'Write the amount in kroner as 1.234,50 or 1234,50 (digits 0–9, at most two decimals), not "hundred".',
        ),
        ("100.000,01", "An amount from 0,00 to 100.000,00 kr."),
    ],
)
def test_an_amount_that_is_none_is_refused_and_nothing_is_sent(owing, club, as_member, over, refusal):
    refused = remind(as_member("Anna"), club, over)
    assert refused.status_code == 400
    assert refusal in refused.content.decode().replace("&quot;", '"')
    assert not PaymentReminder.objects.exists() and not Email.objects.exists()


def test_reminding_is_a_post_of_an_official(owing, club, as_member):
    url = reverse("office_debtors_remind", args=[club.slug])
    assert as_member("Anna").get(url).status_code == 405
    assert as_member("Bent").post(url, {"over": "100"}).status_code == 403
    assert not PaymentReminder.objects.exists()


def test_the_command_reminds_and_names_who_ran_it(owing, club):
    out = io.StringIO()
    call_command("remind_debtors", "nordvest", "--over", "200", "--by", "anna", stdout=out)
    assert out.getvalue().splitlines() == [
        "bent@example.org",
        "Nordvest Tarok: 1 påmindelse i kø; 1 har ingen adresse",
    ]
    line = ClubEvent.objects.get(kind=ClubEvent.Kind.PAYMENT_REMINDERS)
    assert (line.member, line.through, line.data["over_ore"]) == (owing["Anna"], "command", 20000)
    with pytest.raises(CommandError, match=r'1\.234,50 eller 1234,50 .*, ikke "lots"'):
        call_command("remind_debtors", "nordvest", "--over", "lots")
    with pytest.raises(CommandError, match="nowhere"):
        call_command("remind_debtors", "nowhere", "--over", "100")


# --- each member's reminders: the last on the debtors' page, all on his office page ---------------

OCTOBER_2024 = datetime.datetime(2024, 10, 5, 10, 0, tzinfo=datetime.UTC)  # 12:00 in Copenhagen


def earlier_reminder(club, member, saldo_ore: int) -> PaymentReminder:
    """A reminder from October 2024, a month no round of the test's own day can be in."""
    month = datetime.date(2024, 10, 1)
    return PaymentReminder.objects.create(
        club=club, member=member, month=month, saldo_ore=saldo_ore, sent_at=OCTOBER_2024
    )


def debtors_page(client, club) -> str:
    return client.get(reverse("office_debtors", args=[club.slug])).content.decode()


def reminded_on_rows(page: str) -> dict[str, tuple[str, str, str]]:
    """Member -> (day sent, saldo then in øre, the words) of his row's last reminder."""
    found = {}
    for name, row in re.findall(r'<tr data-member="([^"]+)"(.*?)</tr>', page, re.S):
        last = re.search(r'data-sent-on="([^"]+)" data-saldo-ore="([^"]+)">([^<]+)</small>', row)
        if last:
            found[name] = last.groups()
    return found


def test_the_debtors_page_says_when_each_member_was_last_reminded(owing, club, as_member):
    today = timezone.localdate()
    earlier_reminder(club, owing["Bent"], -123450)
    earlier_reminder(club, owing["Erik"], -30000)
    reminders.remind_debtors(club, 10000)  # Bent and Carl today; Erik has no address

    page = debtors_page(as_member("Anna"), club)

    # Bent's last is today's at −734,50, not October's at −1.234,50; Erik's is October's; Dorte,
    # Frida and Anna were never reminded.
    assert reminded_on_rows(page) == {
        "Bent": (
            f"{today:%Y-%m-%d}",
            "-73450",
            f"Last reminder {today.day} {today:%b} {today.year}: saldo −734.50 kr.",
        ),
        "Erik": ("2024-10-05", "-30000", "Last reminder 5 Oct 2024: saldo −300.00 kr."),
        "Carl": (
            f"{today:%Y-%m-%d}",
            "-15000",
            f"Last reminder {today.day} {today:%b} {today.year}: saldo −150.00 kr.",
        ),
    }
    danish = as_member("Anna").get(reverse("office_debtors", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="da")
    assert "Sidste påmindelse 5. okt. 2024: saldo −300,00 kr." in danish.content.decode()


def test_the_members_office_page_lists_his_reminders_the_last_first(owing, club, as_member):
    today = timezone.localdate()
    earlier_reminder(club, owing["Bent"], -123450)
    reminders.remind_debtors(club, 10000)
    client = as_member("Anna")

    bent = client.get(reverse("office_member_edit", args=[club.slug, owing["Bent"].pk])).content.decode()
    dorte = client.get(reverse("office_member_edit", args=[club.slug, owing["Dorte"].pk])).content.decode()

    rows = re.findall(
        r'<tr data-sent-on="([^"]+)" data-saldo-ore="([^"]+)"><td>([^<]+)</td><td class="num">([^<]+)<', bent
    )
    assert rows == [
        (f"{today:%Y-%m-%d}", "-73450", f"{today.day} {today:%b} {today.year}", "−734.50 kr."),
        ("2024-10-05", "-123450", "5 Oct 2024", "−1,234.50 kr."),
    ]
    assert '<p id="his-reminders">No payment reminder has been sent to him.</p>' in dorte


def page_queries(client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def test_reading_the_reminders_costs_the_same_queries_for_3_or_33_members_reminded(owing, club, as_member):
    earlier_reminder(club, owing["Bent"], -123450)
    reminders.remind_debtors(club, 10000)
    client = as_member("Anna")
    debtors_url = reverse("office_debtors", args=[club.slug])
    bent_url = reverse("office_member_edit", args=[club.slug, owing["Bent"].pk])
    client.get(debtors_url)  # the session's first page keeps the login's language in it: not the page's cost
    few = page_queries(client, debtors_url), page_queries(client, bent_url)
    assert len(reminders.last_reminders(club)) == 2

    for k in range(30):
        member = office.add_member(club, name=f"Skylder {k:02}", email=f"skylder{k}@example.org")
        opening.carry_over(member, -20000 - k, on=DAY)
        earlier_reminder(club, member, -19000)
    earlier_reminder(club, owing["Carl"], -14000)
    reminders.remind_debtors(club, 10000)  # the 30 new ones today, Bent and Carl this month already

    many = page_queries(client, debtors_url), page_queries(client, bent_url)
    assert len(reminders.last_reminders(club)) == 32
    assert PaymentReminder.objects.filter(club=club).count() == 1 + 2 + 30 + 1 + 30
    assert debtors_page(client, club).count('class="reminded"') == 32
    assert [len(queries) for queries in many] == [len(queries) for queries in few], "\n".join(many[0])
