"""A new club's first evening on a 360 px phone, from an empty database: `create_club`, the link
to set the first official's password, four members with addresses, a vlk-2010 season and a
Paskievics season with the ultimókassza, a table, a sitting with a deal, closed; money paid in
and out; the member list, the standings and the statement PDF agreeing on every saldo to the øre;
the monthly statements mailed.

The money, by hand (vlk-2010: fund 20, stake 5, last trick 20 from each; rounded count), the
season "Efterår" at 5 øre a point. Anna, Bent, Carl and Dorte sit at Vinduesbordet in that
order; Anna deals first, so Carl (opposite) sits out.

    start                                          A -40  B -40  C -40  D -40   cups 80/80
    deal 1  Anna deals; Bent takes the last trick; Anna counts 39 (+15), Dorte 19 (-5)
            stake A -10; last trick B +40, A -20, D -20; count A +15, D -5, B -10
                                           totals  A -55  B -10  C -40  D -65   cups 85/85
    close   split 170 = 4·42 + 2: the odd points to the first dealer Anna, then Bent
                                                   A +43  B +43  C +42  D +42
                                           points  A -12  B +33  C  +2  D -23
                                  at 5 øre a point A -0,60  B +1,65  C +0,10  D -1,15 kr.
    payments  Dorte pays in 2,00 kr. (MobilePay), Bent is paid out 1,65 kr. (cash), Erik pays
              20,00 kr. in advance (bank transfer)
    saldo     Anna -0,60  Bent 0,00  Carl +0,10  Dorte +0,85  Erik +20,00 kr.; the till 20,35 kr.
"""

from __future__ import annotations

import datetime
import io
import re
from unittest import mock

import pypdf
import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

from club.models import Club, Member, Season
from conftest import ARTIFACTS, PHONE

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "ultimo-i-kongekop-7"
MEMBERS = {"Bent": "scorer", "Carl": "member", "Dorte": "member", "Erik": "member"}


def tap(page, name: str, value: str) -> None:
    page.click(f'#field-{name} input[value="{value}"] + span')


def fill_count(page, role: str, points: int) -> None:
    field = page.locator(f"#id_{role}_count")
    field.fill(str(points))
    field.press("Tab")


def new_season(page, base: str, preset: str, name: str, point_value: int) -> None:
    page.goto(f"{base}/c/vestbyen/office/seasons/")
    page.select_option("#id_new_preset", preset)
    page.click("#new-season")
    today = timezone.localdate()
    page.fill("#id_name", name)
    page.fill("#id_starts_on", (today - datetime.timedelta(days=30)).isoformat())
    page.fill("#id_ends_on", (today + datetime.timedelta(days=150)).isoformat())
    page.fill("#id_point_value_ore", str(point_value))


def kroner(ore: int) -> str:
    """An amount as the Danish statement writes it, without its sign: 0,60, 0,85, 20,00."""
    return f"{abs(ore) // 100},{abs(ore) % 100:02d}"


def verdict(ore: int) -> str:
    return "At betale" if ore < 0 else "Til gode" if ore > 0 else "Afregnet"


def test_a_new_clubs_first_evening(live_server, phone, screenshot, send_queued_mail):
    page = phone
    base = live_server.url

    # The first run: the club, its first official and the link to set her password.
    out = io.StringIO()
    call_command(
        "create_club",
        "Vestbyens Tarokklub",
        "--admin",
        "anna@example.org",
        "--name",
        "Anna",
        "--slug",
        "vestbyen",
        "--url",
        base,
        stdout=out,
    )
    link = re.search(rf"{re.escape(base)}/password/set/\S+/", out.getvalue())[0]
    page.goto(link)
    expect(page.locator("h1")).to_have_text("Vælg din adgangskode")
    page.fill("#id_new_password1", PASSWORD)
    page.fill("#id_new_password2", PASSWORD)
    screenshot("first-01-set-password")
    page.locator("main button[type=submit]").click()
    expect(page.locator("h1")).to_have_text("Adgangskoden er valgt")
    # The link works once.
    page.goto(link)
    expect(page.locator(".problem-box")).to_contain_text("Linket virker ikke længere")

    page.goto(f"{base}/login/")
    expect(page.locator("#forgot")).to_have_text("Glemt adgangskode?")
    page.fill("#id_username", "anna@example.org")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{base}/c/vestbyen/")
    screenshot("first-02-club-home")

    # Four members with addresses.
    for name, role in MEMBERS.items():
        page.goto(f"{base}/c/vestbyen/office/members/new/")
        page.fill("#id_name", name)
        page.fill("#id_email", f"{name.lower()}@example.org")
        page.select_option("#id_role", role)
        if name == "Bent":
            screenshot("first-03-add-member")
        page.click("#save-member")
        expect(page.locator(f'#members li[data-member="{name}"]')).to_be_visible()
    screenshot("first-04-members")

    # A vlk-2010 season at 5 øre a point, and a Paskievics season with the ultimókassza.
    new_season(page, base, "vlk-2010", "Efterår", 5)
    expect(page.locator("#field-p_nolo label")).to_have_text("Nolo, fra hver")
    expect(page.locator("#parameters")).to_contain_text("Regelsættets egen: 25 · 001 L311")
    screenshot("first-05-season-vlk", full_page=False)
    page.click("#save-season")
    expect(page.locator('#seasons li[data-season="Efterår"]')).to_be_visible()
    new_season(page, base, "paskievics", "Tirsdage", 10)
    page.locator("#field-p_pot").scroll_into_view_if_needed()
    page.check("#id_p_pot")
    screenshot("first-06-season-paskievics", full_page=False)
    page.click("#save-season")
    expect(page.locator('#seasons li[data-season="Tirsdage"]')).to_be_visible()
    assert Season.objects.get(name="Tirsdage").overrides == {"pot": True}
    assert Season.objects.get(name="Efterår").overrides == {}

    # A table.
    page.goto(f"{base}/c/vestbyen/office/tables/")
    page.fill("#id_name", "Vinduesbordet")
    page.click("#add-table")
    expect(page.locator('#tables li[data-table="Vinduesbordet"]')).to_be_visible()
    screenshot("first-07-tables")

    # A sitting with a deal, closed with the split.
    page.goto(f"{base}/c/vestbyen/sittings/new/")
    page.select_option("#id_season", label="Efterår")
    for seat, name in enumerate(("Anna", "Bent", "Carl", "Dorte")):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.select_option("#id_first_dealer", label="Anna")
    page.click("#start")
    page.click("#new-deal")
    tap(page, "last_trick", "Bent")
    fill_count(page, "dealer", 39)
    fill_count(page, "middlehand", 19)
    expect(page.locator("#preview-net .net [data-name=Bent]")).to_have_attribute("data-points", "30")
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    page.click("details.danger-zone summary")
    page.click("#close-sitting")
    page.click("#confirm-close")

    club = Club.objects.get(slug="vestbyen")
    page.goto(f"{base}/c/vestbyen/office/members/")
    saldi = {
        name: int(page.locator(f'#members li[data-member="{name}"] [data-saldo-ore]').get_attribute("data-saldo-ore"))
        for name in ("Anna", "Bent", "Carl", "Dorte", "Erik")
    }
    assert saldi == {"Anna": -60, "Bent": 165, "Carl": 10, "Dorte": -115, "Erik": 0}
    expect(page.locator('#members li[data-member="Anna"] [data-saldo-ore]')).to_have_text("\u22120,60 kr.")
    screenshot("first-08-members-after-the-evening")

    # The treasurer records a payment in and a payout (and Erik pays in advance).
    for name, direction, amount, method in (
        ("Dorte", "in", "2,00", "mobilepay"),
        ("Bent", "out", "1,65", "cash"),
        ("Erik", "in", "20", "bank"),
    ):
        page.goto(f"{base}/c/vestbyen/office/payments/")
        page.select_option("#id_member", label=name)
        page.check(f'#field-direction input[value="{direction}"]')
        page.fill("#id_amount", amount)
        page.select_option("#id_method", method)
        if name == "Bent":
            screenshot("first-09-payout")
        page.click("#record-payment")
        expect(page.locator(".messages")).to_be_visible()
    expect(page.locator("#till")).to_have_attribute("data-till-ore", "2035")
    expect(page.locator("#till strong")).to_have_text("20,35 kr.")
    screenshot("first-10-payments")

    # The member list, each member's page, the standings and the statement PDF agree to the øre.
    expected = {"Anna": -60, "Bent": 0, "Carl": 10, "Dorte": 85, "Erik": 2000}
    page.goto(f"{base}/c/vestbyen/office/members/")
    for name, ore in expected.items():
        row = page.locator(f'#members li[data-member="{name}"] [data-saldo-ore]')
        expect(row).to_have_attribute("data-saldo-ore", str(ore))
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot("first-11-members-desktop")
    page.set_viewport_size(PHONE)
    month = timezone.localdate().strftime("%Y-%m")
    for name, ore in expected.items():
        member = Member.objects.get(club=club, name=name)
        page.goto(f"{base}/c/vestbyen/members/{member.pk}/")
        expect(page.locator("#saldo")).to_have_attribute("data-saldo-ore", str(ore))
        pdf = page.request.get(f"{base}/c/vestbyen/members/{member.pk}/statements/{month}.pdf").body()
        text = " ".join(pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
        # The saldo at the month's end (signed), then "at betale" / "til gode" and the amount.
        assert f"{kroner(ore)} kr. {verdict(ore)} {kroner(ore)} kr." in text, (name, text)
        if name == "Dorte":
            (ARTIFACTS / "first-statement-dorte.pdf").write_bytes(pdf)
    screenshot("first-12-member-page")
    page.goto(f"{base}/c/vestbyen/standings/")
    for name, ore in expected.items():
        if name != "Erik":  # Erik has not played this season: no row in its standings
            cell = page.locator(f'#standings tr[data-name="{name}"] [data-saldo-ore]')
            expect(cell).to_have_attribute("data-saldo-ore", str(ore))
    screenshot("first-13-standings")

    # The log tells it in sentences.
    page.goto(f"{base}/c/vestbyen/log/")
    expect(page.locator("#log")).to_contain_text("Anna tilføjede bordet Vinduesbordet.")
    expect(page.locator("#log")).to_contain_text("Dorte indbetalte 2,00 kr. (MobilePay; noteret af Anna).")
    expect(page.locator("#log")).to_contain_text("Bent fik udbetalt 1,65 kr. (kontant; noteret af Anna).")
    screenshot("first-14-log")

    # The month's statements, mailed: one message per member with an address, each with its PDF.
    # On the 1st of the next month, as the statements' timer runs them: a month still running is
    # never mailed.
    mail.outbox.clear()
    first_of_next = (timezone.localdate().replace(day=28) + datetime.timedelta(days=4)).replace(day=1)
    with mock.patch("django.utils.timezone.localdate", return_value=first_of_next):
        call_command("statements", "--month", month, "--email", "--club", "vestbyen", stdout=io.StringIO())
    send_queued_mail()
    addresses = sorted(f"{name.lower()}@example.org" for name in expected)
    assert sorted(m.to[0] for m in mail.outbox) == addresses
    for message in mail.outbox:
        (attachment,) = message.attachments
        assert attachment[2] == "application/pdf" and attachment[0].startswith(f"vestbyen-{month}-")
