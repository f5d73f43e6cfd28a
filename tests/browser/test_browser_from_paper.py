"""A club carried over from paper on a 360 px phone: thirty members from a spreadsheet with their
opening saldi (a bad row refused with its line first), the table's Pagatkop and Kongekop from
paper, one sitting played and split; every member's saldo and first statement to the øre, and
`ledger_check` finds nothing.

The spreadsheet and its saldi are tests/commands/test_import_members.py's. The sitting, by hand
(vlk-2010: stake 5, last trick 20 from each; rounded count), at 50 øre a point. Bo, Cecilie, Dan
and Ea sit at Bord 1 in that order; Bo deals, so Dan (opposite) sits out.

    from paper                                      cups 45/30 (not empty: no funding)
    deal 1  Bo deals; Cecilie takes the last trick; Bo counts 39 (+15), Ea 19 (-5)
            stake Bo -10; last trick Cecilie +40, Bo -20, Ea -20; count Bo +15, Ea -5, Cecilie -10
                                           totals  Bo -15  Cecilie +30  Dan 0  Ea -25   cups 50/35
    close   split 85 = 4·21 + 1: the odd point to the first dealer, Bo
                                                   Bo +22  Cecilie +21  Dan +21  Ea +21
                                           points  Bo  +7  Cecilie +51  Dan +21  Ea  -4  (sum 75)
                                at 50 øre a point  Bo +3,50  Cecilie +25,50  Dan +10,50  Ea -2,00 kr.
    saldo, with the opening one  Bo -12,50 + 3,50 = -9,00   Cecilie 7,25 + 25,50 = 32,75
                                 Dan -12,50 + 10,50 = -2,00   Ea 0,05 - 2,00 = -1,95 kr.
"""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from django.core.management import call_command
from django.utils import timezone, translation
from playwright.sync_api import expect

from club.models import Club, Member
from commands.test_import_members import SHEET, spreadsheet
from world.clubs import make_club, make_season, make_table

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "pagat-fra-papir-30"
SEATED = ("Bo Bech", "Cecilie Clausen", "Dan Dahl", "Ea Eriksen")
PLAYED_ORE = {"Bo Bech": 350, "Cecilie Clausen": 2550, "Dan Dahl": 1050, "Ea Eriksen": -200}


def kroner(ore: int) -> str:
    """An amount as the Danish statement writes it, without its sign: 9,00, 32,75, 1.234,56."""
    whole = f"{abs(ore) // 100:,}".replace(",", ".")
    return f"{whole},{abs(ore) % 100:02d}"


def verdict(ore: int) -> str:
    return "At betale" if ore < 0 else "Til gode" if ore > 0 else "Afregnet"


def upload(page, base: str, data: bytes) -> None:
    page.goto(f"{base}/c/papir/office/members/import/")
    page.set_input_files("#sheet-file", files=[{"name": "medlemmer.csv", "mimeType": "text/csv", "buffer": data}])
    page.click("#preview-import")


def test_a_club_from_paper_plays_its_first_sitting(live_server, phone, screenshot):
    page, base = phone, live_server.url
    club = make_club("Papirklubben", "papir", ["Kasserer Kim"], role=Member.Role.ADMIN, logins=True, password=PASSWORD)
    make_season(club, "vlk-2010", name="Efterår", point_value_ore=50)
    make_table(club, "Bord 1")
    page.goto(f"{base}/login/")
    page.fill("#id_username", "kasserer")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{base}/c/papir/")

    # A bad row is refused with its line, and nothing is imported.
    bad = [*SHEET[:6], ("Gry Gade", "", "kaptajn", "100", 10000), *SHEET[7:]]
    upload(page, base, spreadsheet(bad, delimiter=";", bom=True, danish=True))
    expect(page.locator('#import-problems li[data-line="8"]')).to_contain_text("linje 8")
    expect(page.locator('#import-problems li[data-line="8"]')).to_contain_text("kaptajn")
    screenshot("paper-01-bad-row")
    assert club.members.count() == 1

    # The spreadsheet as it should be: previewed, then imported.
    upload(page, base, spreadsheet(delimiter=";", bom=True, danish=True))
    expect(page.locator("#import-preview tbody tr")).to_have_count(30)
    screenshot("paper-02-preview")
    page.click("#confirm-import")
    expect(page.locator('#members li[data-member="Æbbe Ærø"]')).to_be_visible()

    # The table's cups from paper.
    page.goto(f"{base}/c/papir/office/tables/")
    page.click('#tables li[data-table="Bord 1"] a.table-opening')
    page.select_option("#id_season", label="Efterår")
    page.fill("#id_held_cup_pagat", "45")
    page.fill("#id_held_cup_king", "30")
    screenshot("paper-03-cups")
    page.click("#carry-over-table")
    expect(page.locator('#openings li[data-account="cup:pagat"]')).to_have_attribute("data-points", "45")
    expect(page.locator('#openings li[data-account="cup:king"]')).to_have_attribute("data-points", "30")

    # One sitting: a deal, then the split.
    page.goto(f"{base}/c/papir/sittings/new/")
    page.select_option("#id_season", label="Efterår")
    for seat, name in enumerate(SEATED):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.select_option("#id_first_dealer", label="Bo Bech")
    page.click("#start")
    expect(page.locator('[data-cup="pagat"]').first).to_have_text("45")
    page.click("#new-deal")
    page.click('#field-last_trick input[value="Cecilie Clausen"] + span')
    for role, points in (("dealer", 39), ("middlehand", 19)):
        field = page.locator(f"#id_{role}_count")
        field.fill(str(points))
        field.press("Tab")
    expect(page.locator('#preview-net .net [data-name="Cecilie Clausen"]')).to_have_attribute("data-points", "30")
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    page.click("details.danger-zone summary")
    page.click("#close-sitting")
    page.click("#confirm-close")
    expect(page.locator("#deal-1")).to_be_visible()

    # Every member's saldo and first statement, to the øre.
    expected = {name: ore + PLAYED_ORE.get(name, 0) for name, _email, _role, _typed, ore in SHEET}
    assert [expected[name] for name in SEATED] == [-900, 3275, -200, -195]
    page.goto(f"{base}/c/papir/office/members/")
    for name, ore in expected.items():
        expect(page.locator(f'#members li[data-member="{name}"] [data-saldo-ore]')).to_have_attribute(
            "data-saldo-ore", str(ore)
        )
    screenshot("paper-04-members")
    month = timezone.localdate().strftime("%Y-%m")
    for member in Member.objects.filter(club=club).exclude(name="Kasserer Kim"):
        ore = expected[member.name]
        pdf = page.request.get(f"{base}/c/papir/members/{member.pk}/statements/{month}.pdf").body()
        text = " ".join(pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
        assert f"{kroner(ore)} kr. {verdict(ore)} {kroner(ore)} kr." in text, (member.name, text)
        if member.name == "Bo Bech":
            assert "overført fra papir" in text.lower(), text
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", "--club", "papir", stdout=out)
    assert re.search(r"problems found: 0\.", out.getvalue())
    assert Club.objects.get(slug="papir").tables.get().openings.count() == 2
