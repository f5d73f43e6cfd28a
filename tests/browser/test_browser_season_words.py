"""The season form of a Hungarian rule set on a Magyar official's phone: his own language chosen on
his account page, the rule set named as players name it, choices and defaults in words."""

from __future__ import annotations

from playwright.sync_api import expect

from card_table import PASSWORD, sign_in
from club.models import Member


def test_a_magyar_officials_season_form(live_server, club, phone, screenshot):
    Member.objects.filter(club=club, name="Anna").update(role=Member.Role.ADMIN)
    base = live_server.url
    page = phone
    page.goto(f"{base}/login/")
    page.fill("#id_username", "anna")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.goto(f"{base}/account/")
    page.select_option("#id_language", "hu")
    page.locator("#language-form button[type=submit]").click()
    expect(page.locator("html")).to_have_attribute("lang", "hu")

    page.goto(f"{base}/c/nordvest/office/seasons/new/?preset=kiralyhivo")

    expect(page.locator("h1 small")).to_have_text("Királyhívó")
    parameters = page.locator("#parameters")
    expect(parameters).to_contain_text("A szabályrendszeré: a nagyobb")
    expect(parameters).not_to_contain_text("silent_vs_contra")
    expect(page.locator("#id_p_silent_vs_contra option")).to_have_text(["a nagyobb", "helyettesíti", "szorozza"])
    screenshot("season-form-hu")

    # Each parameter says its whole sentence at 360 px: no label cut off or run out of its box.
    cut = page.eval_on_selector_all(
        "#parameters label", "labels => labels.filter(l => l.scrollWidth > l.clientWidth + 1).map(l => l.textContent)"
    )
    assert cut == []


# Each visible tick box's width, and the sentence beside it (a tick box is a flex item of its label).
TICK_BOXES = """() => [...document.querySelectorAll('input[type=checkbox], input[type=radio]')]
    .filter(e => e.checkVisibility())
    .map(e => [e.closest('label')?.textContent.trim().slice(0, 40), Math.round(e.getBoundingClientRect().width)])"""


def test_a_tick_box_beside_a_sentence_that_wraps_keeps_its_size(live_server, sitting, phone, screenshot):
    """At 360 px a vlk-2010 season's yes/no parameters and "settled at the table" wrap onto two
    lines; the tick box beside them once shrank to 13 or 14 px, half the others."""
    Member.objects.filter(club=sitting.season.club, name="Anna").update(role=Member.Role.ADMIN)
    page = phone
    url = sign_in(page, live_server.url, sitting)
    page.goto(f"{live_server.url}/c/nordvest/office/seasons/new/?preset=vlk-2010")
    boxes = page.evaluate(TICK_BOXES)
    assert len(boxes) >= 5
    page.locator("#field-p_last_trick_needs_no_ultimo_card").scroll_into_view_if_needed()
    screenshot("season-form-tick-boxes", full_page=False)
    page.goto(url)
    page.locator("details.danger-zone summary").click()
    page.click("#close-sitting")
    expect(page.locator("#confirm-close")).to_be_visible()
    boxes += page.evaluate(TICK_BOXES)
    assert {width for _, width in boxes} == {22}, boxes  # 1.4rem
