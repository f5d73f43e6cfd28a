"""The treasurer's books and a member's own account on a 360 px phone (issue 37): the member sees
his saldo and whom to pay on the club page and his payments on his page; the treasurer reads
Kontor → Debitorer sorted by saldo with its totals, reminds whoever owes more than 100 kr. (one
mail each in the outbox, none twice a month), and invites every member with an address and no
login at once.

Kassererklubben, by hand (saldi from paper, one payment):

    Frida  −300,00            address, no longer active      no reminder, no invitation
    Erik   −250,00            no address                     no reminder, no invitation
    Bent   −350,00 + 150,00 = −200,00   address, his own login   reminded (Danish)
    Carl   −120,50            address, no login yet, Magyar  reminded (Hungarian), invited
    Dorte  −100,00            address, no login yet          not more than 100: invited only
    Gorm    +75,00            address, no login yet          invited
    Anna      0,00            the treasurer                  not on the list

    the members owe the club  300,00 + 250,00 + 200,00 + 120,50 + 100,00 = 970,50 kr.
    the club owes the members                                           75,00 kr.
    all saldi together                                 −970,50 + 75,00 = −895,50 kr.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from post_office.models import Email

from club.models import Member, Payment, PaymentReminder
from club.services import members as office
from club.services import opening, payments
from club.web.templatetags import DA_MONTHS
from world.clubs import make_club

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "kassebog-og-kaffe-37"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
DAY = datetime.date(2026, 9, 1)
PAID_DAY = datetime.date(2026, 9, 15)
DEBTORS = [
    ("Frida", -30000, "−300,00 kr."),
    ("Erik", -25000, "−250,00 kr."),
    ("Bent", -20000, "−200,00 kr."),
    ("Carl", -12050, "−120,50 kr."),
    ("Dorte", -10000, "−100,00 kr."),
    ("Gorm", 7500, "75,00 kr."),
]


@pytest.fixture
def books():
    club = make_club(
        "Kassererklubben",
        "kasse",
        ["Anna", "Bent"],
        roles={"Anna": Member.Role.ADMIN},
        logins=True,
        password=PASSWORD,
    )
    payments.save_payment_details(club, mobilepay="12 34 56", bank_account="", note="")
    Member.objects.filter(club=club, name="Bent").update(email="bent@example.org")
    office.add_member(club, name="Carl", email="carl@example.org", language="hu")
    office.add_member(club, name="Dorte", email="dorte@example.org")
    office.add_member(club, name="Gorm", email="gorm@example.org")
    office.add_member(club, name="Erik")
    frida = office.add_member(club, name="Frida", email="frida@example.org")
    members = {member.name: member for member in club.members.all()}
    paper = {"Bent": -35000, "Carl": -12050, "Dorte": -10000, "Erik": -25000, "Frida": -30000, "Gorm": 7500}
    for name, ore in paper.items():
        opening.carry_over(members[name], ore, on=DAY)
    payments.record_payment(
        club,
        member=members["Bent"],
        direction=Payment.Direction.IN,
        amount_ore=15000,
        method=Payment.Method.MOBILEPAY,
        paid_on=PAID_DAY,
    )
    office.set_member_active(frida, False)
    return club, members


def nothing_wider_than_the_phone(page) -> None:
    """No table, and so no page, wider than the phone's 360 px."""
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth,"
        " ...[...document.querySelectorAll('table')].map(t => t.getBoundingClientRect().right)]"
    )
    assert max(widths) <= 360, widths


def totals_stand_as_the_rows(page) -> None:
    """The totals' words start where the members' names start and their amounts end where the
    saldi end, in figures of one width: each text's own box, not its cell's."""
    geometry = page.evaluate(
        """() => {
            const text = cell => {
                const range = document.createRange();
                range.selectNodeContents(cell);
                const box = range.getBoundingClientRect();
                return [Math.round(box.left), Math.round(box.right)];
            };
            const rows = [...document.querySelectorAll('#debtors tbody tr')];
            const totals = [...document.querySelectorAll('#debtors tfoot tr')];
            return {
                names: rows.map(row => text(row.querySelector('td a'))[0]),
                saldi: rows.map(row => text(row.querySelector('td.num'))[1]),
                words: totals.map(row => text(row.querySelector('th'))[0]),
                amounts: totals.map(row => text(row.querySelector('td.num'))[1]),
                figures: [...document.querySelectorAll('#debtors td.num')].map(
                    cell => getComputedStyle(cell).fontVariantNumeric),
            };
        }"""
    )
    assert len(geometry["words"]) == 3
    assert set(geometry["words"]) == set(geometry["names"]), geometry  # left, as the names
    assert set(geometry["amounts"]) == set(geometry["saldi"]), geometry  # right, as the saldi
    assert set(geometry["figures"]) == {"tabular-nums"}
    nothing_wider_than_the_phone(page)


def sign_in(page, base: str, login: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", login)
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{base}/c/kasse/")


def test_the_member_sees_what_he_owes_and_the_treasurer_reminds_and_invites(
    live_server, browser, phone, screenshot, books
):
    club, members = books
    base = live_server.url

    # Bent, on his phone: his saldo and whom to pay on the club page, his payment on his page.
    sign_in(phone, base, "bent")
    saldo = phone.locator("#my-saldo")
    expect(saldo).to_have_attribute("data-saldo-ore", "-20000")
    expect(saldo).to_contain_text("−200,00 kr.")
    expect(saldo).to_contain_text("at betale")
    expect(phone.locator("#how-to-pay")).to_have_text("Betal til · MobilePay: 12 34 56")
    screenshot("treasurer-01-member-club-page", full_page=False)
    phone.goto(f"{base}/c/kasse/members/{members['Bent'].pk}/")
    paid = phone.locator("#his-payments tbody tr")
    expect(paid).to_have_count(1)
    expect(paid.first).to_have_attribute("data-signed-ore", "15000")
    expect(paid.first).to_contain_text("150,00 kr.")
    expect(phone.locator("#carried-over tbody tr").first).to_have_attribute("data-signed-ore", "-35000")
    screenshot("treasurer-02-member-page")

    # Anna, the treasurer, on hers: the debtors by saldo, with the totals.
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True, locale="da-DK"
    )
    page = context.new_page()
    sign_in(page, base, "anna")
    page.goto(f"{base}/c/kasse/office/debtors/")
    rows = page.locator("#debtors tbody tr")
    expect(rows).to_have_count(len(DEBTORS))
    assert [
        (
            row.get_attribute("data-member"),
            int(row.get_attribute("data-saldo-ore") or ""),
            row.locator("td.num").inner_text(),
        )
        for row in rows.all()
    ] == [(name, ore, text) for name, ore, text in DEBTORS]
    expect(page.locator("#owed-to-club")).to_have_attribute("data-ore", "97050")
    expect(page.locator("#owed-to-club td")).to_have_text("970,50 kr.")
    expect(page.locator("#owed-by-club td")).to_have_text("75,00 kr.")
    expect(page.locator("#net td")).to_have_text("−895,50 kr.")
    totals_stand_as_the_rows(page)
    page.screenshot(path=str(ARTIFACTS / "treasurer-03-debtors.png"), full_page=True)

    # A reminder to whoever owes more than 100 kr.: Bent and Carl, one mail each, in their languages.
    page.locator("#remind summary").tap()
    expect(page.locator("#id_over")).to_have_value("100")
    page.locator("#send-reminders").tap()
    expect(page.locator(".messages")).to_have_text("2 påmindelser i kø; 1 har ingen adresse")
    page.screenshot(path=str(ARTIFACTS / "treasurer-04-reminded.png"))
    mails = Email.objects.filter(club_mail__club=club)
    assert sorted((mail.to[0], mail.subject) for mail in mails) == [
        ("bent@example.org", "Betalingspåmindelse fra Kassererklubben"),
        ("carl@example.org", "Fizetési emlékeztető: Kassererklubben"),
    ]
    bent = mails.get(to=["bent@example.org"]).message
    assert "−200,00 kr." in bent and "Du skylder Kassererklubben 200,00 kr." in bent and "MobilePay: 12 34 56" in bent
    assert "120,50 kr." in mails.get(to=["carl@example.org"]).message
    assert sorted(PaymentReminder.objects.values_list("member__name", "saldo_ore")) == [
        ("Bent", -20000),
        ("Carl", -12050),
    ]

    # The same round again this month: nobody gets a second.
    page.locator("#remind summary").tap()
    page.locator("#send-reminders").tap()
    expect(page.locator(".messages")).to_have_text(
        "0 påmindelser i kø; 2 fik allerede en i denne måned; 1 har ingen adresse"
    )
    assert Email.objects.filter(club_mail__club=club).count() == 2

    # Each row says when its member was last reminded, and at what saldo; his office page lists it.
    today = timezone.localdate()
    said_today = f"{today.day}. {DA_MONTHS[today.month - 1]} {today.year}"
    page.goto(f"{base}/c/kasse/office/debtors/")
    reminded = page.locator("#debtors tbody .reminded")
    expect(reminded).to_have_count(2)
    expect(page.locator("#debtors tr[data-member=Bent] .reminded")).to_have_text(
        f"Sidste påmindelse {said_today}: saldo −200,00 kr."
    )
    expect(page.locator("#debtors tr[data-member=Carl] .reminded")).to_have_text(
        f"Sidste påmindelse {said_today}: saldo −120,50 kr."
    )
    totals_stand_as_the_rows(page)
    page.screenshot(path=str(ARTIFACTS / "treasurer-05-debtors-reminded.png"), full_page=True)
    page.goto(f"{base}/c/kasse/office/members/{members['Bent'].pk}/")
    his = page.locator("#his-reminders tbody tr")
    expect(his).to_have_count(1)
    expect(his.first).to_have_text(f"{said_today}−200,00 kr.")
    nothing_wider_than_the_phone(page)
    page.locator("#his-reminders").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "treasurer-06-his-reminders.png"))

    # Everyone with an address and no login is invited at once: Carl, Dorte and Gorm.
    page.goto(f"{base}/c/kasse/office/members/")
    page.locator("#invite-all summary").tap()
    page.locator("#invite-all button[type=submit]").tap()
    expect(page.locator(".messages")).to_have_text("3 invitationer i kø: mailarbejderen sender dem.")
    invited = Email.objects.filter(club_mail__club=club).exclude(pk__in=[mail.pk for mail in mails])
    assert sorted(mail.to[0] for mail in invited) == ["carl@example.org", "dorte@example.org", "gorm@example.org"]
    assert all("/password/set/" in mail.message for mail in invited)
    context.close()
