"""An evening at the card table on a 360 px phone: log in, start a sitting, enter three deals
(one with a Pagat ultimo, one with a King bagud), correct the first, and read the right totals.

The figures are worked out by hand (vlk-2010: fund 20, stake 5, last trick 20 from each,
ultimo and bagud 40 from each plus the cup, the vlk fee of 5 for a card in the last trick,
rounded count). Anna, Bent, Carl and Dorte sit in that order; Anna deals first.

    start                                              A -40  B -40  C -40  D -40   cups 80/80
    deal 1  Anna deals; Bent takes the last trick; Anna counts 39, Dorte 19
            stake A -10; last trick B +40 A -20 D -20; count A +15 D -5 B -10
                                               totals  A -55  B -10  C -40  D -65   cups 85/85
    deal 2  Bent deals; Carl melds 10 taroks with the Pagat and makes it ultimo; Bent counts
            30, Anna 25. stake B -10 (cups 90/90); meld C +20; ultimo C +90 +80, A B -40;
            fee C +10, A B -5; count B +5 C -5; refill of the Pagatkop: 20 from each of four
                                               totals  A-130  B -90  C+135  D -85   cups 80/90
    deal 3  Carl deals; Dorte's King of hearts goes bagud; Bent takes the last trick; Carl
            counts 40, Bent 20. stake C -10 (cups 85/95); last trick B +40 C D -20; bagud
            D -80 -95, B C +40, cup +95; fee D -15, B C +5, cup +5; count C +15 B -5 D -10
                                               totals  A-130  B -10  C+165  D-305   cups 85/195
    correct deal 1: Dorte lost the King of spades in play (-10 to the two others, -5 to the
            cup): deal 1 becomes A -10 B +35 D -40, the Kongekop 90, so deal 3's bagud
            doubles 100: Dorte -5 more there
                                               totals  A-125  B  -5  C+165  D-325   cups 85/205
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from card_table import PASSWORD, SEATS
from club.models import Deal, DealVersion

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def club(club, season, table):
    """Nordvest Tarok with the test world's season and Bord 1, and no sitting: the test starts it."""
    return club


def totals(page) -> list[int]:
    return [
        int(v)
        for v in page.locator("#totals td[data-points]").evaluate_all("cells => cells.map(c => c.dataset.points)")
    ]


def cups(page) -> tuple[int, int]:
    return int(page.locator("#cups-now [data-cup=pagat]").inner_text()), int(
        page.locator("#cups-now [data-cup=king]").inner_text()
    )


def checked(page, name: str):
    return page.locator(f'input[name="{name}"]:checked')


def tap(page, name: str, value: str) -> None:
    page.click(f'#field-{name} input[value="{value}"] + span')


def fill_count(page, role: str, points: int) -> None:
    field = page.locator(f"#id_{role}_count")
    field.fill(str(points))
    field.press("Tab")  # change fires on leaving the field


def test_an_evening_at_the_table(club, live_server, phone, screenshot):
    page = phone

    # Log in: the member lands on his club's page.
    page.goto(f"{live_server.url}/c/nordvest/")
    expect(page).to_have_url(re.compile(r"/login/\?next="))
    page.fill("#id_username", "anna")
    page.fill("#id_password", PASSWORD)
    screenshot("01-login")
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{live_server.url}/c/nordvest/")
    expect(page.locator("h1")).to_have_text("Nordvest Tarok")
    screenshot("02-club-home")

    # Start a sitting: four seats in order, Anna deals first; the cups are funded at once.
    page.click("#start-sitting")
    for seat, name in enumerate(SEATS):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.select_option("#id_first_dealer", label="Anna")
    screenshot("03-start-sitting")
    page.click("#start")
    expect(page.locator("#cups-now [data-cup=pagat]")).to_have_text("80")
    assert totals(page) == [-40, -40, -40, -40]
    assert cups(page) == (80, 80)
    screenshot("04-sitting-started")

    # Deal 1: the rotation is pre-filled; the live preview shows the settlement line by line.
    page.click("#new-deal")
    expect(checked(page, "dealer")).to_have_value("Anna")
    expect(checked(page, "forehand")).to_have_value("Bent")
    expect(checked(page, "middlehand")).to_have_value("Dorte")
    expect(page.locator("#sits-out")).to_have_text("Carl")
    tap(page, "last_trick", "Bent")
    fill_count(page, "dealer", 39)
    fill_count(page, "middlehand", 19)
    net = page.locator("#preview-net .net")
    expect(net.locator("[data-name=Bent]")).to_have_attribute("data-points", "30")
    expect(net.locator("[data-name=Anna]")).to_have_attribute("data-points", "-15")
    expect(net.locator("[data-name=Dorte]")).to_have_attribute("data-points", "-25")
    expect(page.locator("#preview-net [data-cup=king]")).to_have_text("85")
    page.click("#settlement-detail summary")
    page.locator("#settlement-detail").evaluate("preview => preview.scrollIntoView({block: 'start'})")
    screenshot("05-deal-1-preview")
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    assert totals(page) == [-55, -10, -40, -65]

    # Deal 2: a mistake first (Bent took the last trick, yet Carl's Pagat went ultimo): the
    # problem shows beside the Pagat's holder before anything is saved.
    page.click("#new-deal")
    expect(checked(page, "dealer")).to_have_value("Bent")
    expect(page.locator("#sits-out")).to_have_text("Dorte")
    page.click("details.melds summary")
    page.select_option("#id_forehand_taroks", "10")
    page.select_option("#id_forehand_pagat", "med")
    fill_count(page, "dealer", 30)
    fill_count(page, "middlehand", 25)
    page.click('#field-pagat input[value="Carl:ultimo"] + span')  # fills in the last trick: Carl
    tap(page, "last_trick", "Bent")
    # In Danish, the page's language: "Et ultimokort tager sidste stik: dets ejer skal være vinderen, Bent."
    expect(page.locator("#problems-pagat")).to_contain_text("vinderen, Bent")
    expect(page.locator("#preview-net .problem-count")).to_have_text("1 ting at rette")
    expect(page.locator("#form-problems")).to_be_hidden()  # a refused save's list; the preview moves nothing above
    page.locator("#field-pagat").evaluate("field => field.scrollIntoView({block: 'start'})")
    screenshot("06-deal-2-problem", full_page=False)
    tap(page, "last_trick", "Carl")
    expect(page.locator("#problems-pagat")).to_be_empty()
    expect(page.locator("#preview-net .net [data-name=Carl]")).to_have_attribute("data-points", "175")
    page.click("#settlement-detail summary")
    expect(page.locator("#settlement-detail [data-rule=pagat_ultimo]")).to_be_visible()
    screenshot("07-deal-2-preview")
    page.click("#save-deal")
    expect(page.locator("#deal-2")).to_be_visible()
    assert totals(page) == [-130, -90, 135, -85]
    assert cups(page) == (80, 90)

    # Deal 3: the King of hearts goes bagud. A double tap on save still makes one deal.
    page.click("#new-deal")
    expect(checked(page, "dealer")).to_have_value("Carl")
    page.click("details.kings summary")
    page.click('#field-king_hearts input[value="Dorte:bagud"] + span')
    tap(page, "last_trick", "Bent")
    fill_count(page, "dealer", 40)
    fill_count(page, "middlehand", 20)
    expect(page.locator("#preview-net .net [data-name=Dorte]")).to_have_attribute("data-points", "-220")
    page.dblclick("#save-deal")
    expect(page.locator("#deal-3")).to_be_visible()
    assert totals(page) == [-130, -10, 165, -305]
    assert cups(page) == (85, 195)
    assert Deal.objects.count() == 3
    screenshot("08-sitting-three-deals")

    # Correct deal 1: pre-filled, a reason, the changes to later deals previewed, then confirmed.
    page.click("#deal-1 a.correct-link")
    expect(checked(page, "last_trick")).to_have_value("Bent")
    expect(page.locator("#id_dealer_count")).to_have_value("39")
    page.click("details.kings summary")
    page.click('#field-king_spades input[value="Dorte:lost"] + span')
    page.fill("#id_reason", "Dorte tabte sparkongen i spillet; det blev glemt.")
    page.click("#preview-correction")
    changes = page.locator("#changes")
    expect(changes).to_be_visible()
    assert [re.search(r"\d+", h).group() for h in changes.locator("h3").all_inner_texts()] == [
        "1",
        "3",
    ]  # deals 1 and 3
    deal_1, deal_3 = changes.locator("table").all()
    assert deltas(deal_1) == {"Anna": 5, "Bent": 5, "Dorte": -15, "Kongekop": 5}
    assert deltas(deal_3) == {"Dorte": -5, "Kongekop": 5}
    assert DealVersion.objects.count() == 3  # nothing written by the preview
    screenshot("09-correction-preview")
    page.click("#confirm-correction")
    expect(page.locator("#deal-1 abbr")).to_be_visible()  # marked as corrected
    assert totals(page) == [-125, -5, 165, -325]
    assert cups(page) == (85, 205)
    screenshot("10-sitting-corrected")

    # The standings say the same, with the season chart drawn on the server.
    page.goto(f"{live_server.url}/c/nordvest/standings/")
    rows = page.locator("#standings tbody tr")
    assert rows.evaluate_all("rs => rs.map(r => [r.dataset.name, +r.dataset.points])") == [
        ["Carl", 165],
        ["Bent", -5],
        ["Anna", -125],
        ["Dorte", -325],
    ]
    expect(page.locator("figure.chart polyline")).to_have_count(4)
    screenshot("11-standings")

    page.click("text=Carl")
    expect(page.locator("[data-stat=deals_played]")).to_have_text("2")
    expect(page.locator("[data-card=Pagat] td").nth(1)).to_have_text("1")
    screenshot("12-member-carl")


def deltas(table) -> dict[str, int]:
    return {
        name: int(delta)
        for name, delta in table.locator("tbody tr").evaluate_all(
            "rs => rs.map(r => [r.dataset.name, r.dataset.delta])"
        )
    }
