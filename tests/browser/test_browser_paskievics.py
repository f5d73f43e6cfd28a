"""A Paskievics evening on a 360 px phone: start the sitting, record a 2 v 2 deal with a kontra and
an announced tulétroá, a self-call deal and a no-game deal, correct one, and read the right totals.

Paskievics with the ultimókassza (`"pot": true`; only no-game deals feed it, 5 from each, 002 L287,
L550). Anna, Bent, Carl and Dorte sit in that order; Dorte deals first. By hand (brief §1: parties
of two each win or lose the value, a lone player gets or pays it from or to each opponent):

    deal 1  Dorte deals; Anna plays `two` (L 2), calls the XX, Bent holds it: 2 v 2. Kontra on
            the game (×2, 002 L697): 50 ≥ 48 card points, the declarer's party wins 2·2 = 4
            each; Anna announced tulétroá, her party made it: 2 each (002 L735).
                                           A +6  B +6  C -6  D -6    totals  6  6  -6  -6   pot 0
    deal 2  Anna deals; Bent plays `three` (L 1) holding the XX himself (self-call, 1 v 3,
            002 L677); 30 < 48: he pays 1 to each.
                                           A +1  B -3  C +1  D +1    totals  7  3  -5  -5   pot 0
    deal 3  Bent deals; all pass: 5 each into the pot.
                                           A -5  B -5  C -5  D -5    totals  2 -2 -10 -10   pot 20
    correct deal 2 to 60 card points: Bent wins 1 from each (B +3, the others -1): B +6,
            the others -2 each.                                      totals  0  4 -12 -12   pot 20
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from club.models import Deal, DealVersion, Member

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "tulétroá-2026"
SEATS = ("Anna", "Bent", "Carl", "Dorte")


@pytest.fixture
def club(make_club, make_season, make_table):
    """Budai Tarokk Kör: four scorers, a Paskievics season around today that keeps the
    ultimókassza and carries it, and Magyar asztal."""
    club = make_club("Budai Tarokk Kör", "buda", SEATS, role=Member.Role.SCORER, logins=True, password=PASSWORD)
    make_season(club, "paskievics", name="Paskievics", overrides={"pot": True}, close="carry")
    make_table(club, "Magyar asztal")
    return club


def totals(page) -> list[int]:
    return [
        int(v)
        for v in page.locator("#totals td[data-points]").evaluate_all("cells => cells.map(c => c.dataset.points)")
    ]


def pot(page) -> int:
    return int(page.locator("#pot-now [data-pot]").inner_text())


def fill_number(page, field: str, value: int) -> None:
    box = page.locator(f"#id_{field}")
    box.fill(str(value))
    box.press("Tab")  # change fires on leaving the field


def nets(page) -> dict[str, int]:
    spans = page.locator("#preview-net .net [data-name]")
    return dict(spans.evaluate_all("ss => ss.map(s => [s.dataset.name, +s.dataset.points])"))


def test_a_paskievics_evening(club, live_server, phone, screenshot):
    page = phone

    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "anna")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{live_server.url}/c/buda/")

    # Start the sitting: four seats in order, Dorte deals first.
    page.click("#start-sitting")
    for seat, name in enumerate(SEATS):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.select_option("#id_first_dealer", label="Dorte")
    page.click("#start")
    expect(page.locator("#pot-now [data-pot]")).to_have_text("0")
    assert totals(page) == [0, 0, 0, 0]

    # Deal 1: 2 v 2, kontra on the game, tulétroá announced and made.
    page.click("#new-deal")
    expect(page.locator('#field-dealer input[value="Dorte"]')).to_be_checked()
    expect(page.locator("abbr", has_text="kontra").first).to_have_attribute("title", re.compile("×2"))
    page.locator('#field-contract input[value="two"] + span').click()
    page.locator('#field-declarer input[value="Anna"] + span').click()
    page.locator('#field-call_card input[value="20"] + span').click()
    page.locator('#field-partner input[value="Bent"] + span').click()
    # The kontra levels fold away under one line until asked for.
    levels = page.locator('#field-game_contra input[value="1"] + span')
    expect(levels).to_be_hidden()
    fold = page.locator("details", has=page.locator("#field-game_contra")).locator("summary")
    expect(fold).to_have_text("kontra på spillet")
    assert fold.bounding_box()["height"] >= 44
    fold.click()
    levels.click()
    page.click("details.announcements > summary")
    page.locator('#field-ann_0_figure input[value="trull"] + span').click()
    page.locator('#field-ann_0_by input[value="Anna"] + span').click()
    page.locator('#field-ann_0_outcome input[value="made"] + span').click()
    page.locator("details.announcements").evaluate("group => group.scrollIntoView({block: 'start'})")
    screenshot("hu-01-deal-1-announced", full_page=False)
    fill_number(page, "card_points", 50)
    expect(page.locator("#preview-net .net [data-name=Anna]")).to_have_attribute("data-points", "6")
    assert nets(page) == {"Anna": 6, "Bent": 6, "Carl": -6, "Dorte": -6}
    page.click("#settlement-detail summary")
    expect(page.locator("#settlement-lines [data-rule='trull.announced']")).to_be_visible()
    screenshot("hu-01-deal-1-form", full_page=False)
    page.locator("#settlement-detail").evaluate("preview => preview.scrollIntoView({block: 'start'})")
    screenshot("hu-02-deal-1-preview", full_page=False)
    page.dblclick("#save-deal")  # a double tap makes one deal
    expect(page.locator("#deal-1")).to_be_visible()
    assert totals(page) == [6, 6, -6, -6]
    assert Deal.objects.count() == 1

    # Deal 2: Bent calls the XX and holds it himself: a self-call, 1 v 3; he loses with 30.
    page.click("#new-deal")
    expect(page.locator('#field-dealer input[value="Anna"]')).to_be_checked()
    page.locator('#field-contract input[value="three"] + span').click()
    page.locator('#field-declarer input[value="Bent"] + span').click()
    page.locator('#field-call_card input[value="20"] + span').click()
    page.locator('#field-partner input[value="Bent"] + span').click()
    fill_number(page, "card_points", 30)
    expect(page.locator("#preview-net .net [data-name=Bent]")).to_have_attribute("data-points", "-3")
    assert nets(page) == {"Anna": 1, "Bent": -3, "Carl": 1, "Dorte": 1}
    page.click("#save-deal")
    expect(page.locator("#deal-2")).to_be_visible()
    assert totals(page) == [7, 3, -5, -5]

    # Deal 3: all pass, 5 each into the ultimókassza.
    page.click("#new-deal")
    expect(page.locator('#field-dealer input[value="Bent"]')).to_be_checked()
    page.locator('#field-no_game input[value="all_pass"] + span').click()
    expect(page.locator("#preview-net .net [data-name=Carl]")).to_have_attribute("data-points", "-5")
    expect(page.locator("#settlement-lines [data-pot]")).to_have_text("20")
    page.click("#save-deal")
    expect(page.locator("#deal-3")).to_be_visible()
    assert totals(page) == [2, -2, -10, -10]
    assert pot(page) == 20
    screenshot("hu-03-sitting-three-deals")

    # Correct deal 2: 60 card points, Bent wins. Previewed first, then confirmed.
    page.click("#deal-2 a.correct-link")
    expect(page.locator("#id_card_points")).to_have_value("30")
    expect(page.locator('#field-partner input[value="Bent"]')).to_be_checked()
    page.fill("#id_card_points", "60")
    page.fill("#id_reason", "Bent havde 60, ikke 30.")
    page.click("#preview-correction")
    changes = page.locator("#changes table")
    expect(changes).to_have_count(1)
    assert dict(
        changes.locator("tr[data-name]").evaluate_all("rs => rs.map(r => [r.dataset.name, +r.dataset.delta])")
    ) == {
        "Anna": -2,
        "Bent": 6,
        "Carl": -2,
        "Dorte": -2,
    }
    assert DealVersion.objects.count() == 3  # the preview writes nothing
    screenshot("hu-04-correction-preview")
    page.click("#confirm-correction")
    expect(page.locator("#deal-2 abbr")).to_be_visible()
    assert totals(page) == [0, 4, -12, -12]
    assert pot(page) == 20
    screenshot("hu-05-sitting-corrected")
