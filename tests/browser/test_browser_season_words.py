"""The season form of a Hungarian rule set on a Magyar official's phone: his own language chosen on
his account page, the rule set named as players name it, choices and defaults in words."""

from __future__ import annotations

from playwright.sync_api import expect

from card_table import PASSWORD
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
