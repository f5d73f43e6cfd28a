"""The card table at 360×740 in Debian's Chromium: taps counted, Back
after Save, undo, offline, several phones.

The sitting is started through the services (the start page has its own test); everything a
scorer does afterwards goes through the page. Figures by hand, vlk-2010 (fund 20, stake 5 into
each cup, last trick 20 from each, Pagat saved 5 from each, ultimo and bagud 40 from each plus
the cup, the vlk fee of 5 for a card in the last trick, rounded count). Anna, Bent, Carl and
Dorte sit in that order; Anna deals first, so deal 1 is Anna, Bent (forehand), Dorte
(middlehand), Carl sits out; deal 2 is Bent, Carl, Anna, Dorte sits out.

    start                                      A -40  B -40  C -40  D -40   cups 80/80
    plain deal 1: Bent saves the Pagat and takes the last trick; Anna counts 39, Dorte 19
      stake A -10 (cups 85/85); Pagat saved B +10, A D -5; last trick B +40, A D -20;
      count A +15, D -5, B -10 (as the evening test's deal 1)
      deal:  A -20  B +40  D -30                totals  A -60  B  0   C -40  D -70   cups 85/85
    deal 2: Carl's Pagat goes ultimo, Anna's King of hearts bagud; Bent counts 30, Anna 25
      stake B -10 (cups 90/90); ultimo C +90 (the Pagatkop) +40 +40, A B -40;
      fee C +10, A B -5; bagud A -80 -90 (into the Kongekop, doubling it to 180), B C +40;
      fee A -15, B C +5, Kongekop +5 (185); count B +5 C -5 (the evening test's deal 2);
      the empty Pagatkop is refilled: 20 from each of four (80)
      deal:  A -250  B -25  C +200  D -20       totals  A -310 B -25  C +160 D -90   cups 80/185
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from card_table import (
    AFTER_PLAIN,
    AFTER_ULTIMO,
    START,
    Taps,
    cups,
    enter_plain_deal,
    go_offline,
    go_online,
    grid_button,
    seg_button,
    sign_in,
    totals,
    wait_for_the_server,
)
from club.models import Deal, DealVersion, LedgerEntry, Sitting
from club.services.closing import close_sitting
from club.services.corrections import correct_deal
from club.services.deals import record_deal
from ledger.models import Transaction
from world.clubs import add_members, make_table, start_sitting

PHONE = {"width": 360, "height": 740}  # as conftest.PHONE

pytestmark = pytest.mark.django_db(transaction=True)


def record_plain_deal(page) -> None:
    enter_plain_deal(Taps(page))
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()


def test_taps_a_plain_deal_from_the_score_sheet_takes_four(sitting, live_server, phone, screenshot):
    page = phone
    sign_in(page, live_server.url, sitting)
    expect(page.locator("#totals")).to_be_visible()
    assert totals(page) == START
    taps = Taps(page)
    enter_plain_deal(taps)
    # Who pays what is in sight beside the save button, without scrolling.
    net = page.locator("#preview-net .net")
    expect(net.locator("[data-name=Bent]")).to_have_attribute("data-points", "40")
    expect(net.locator("[data-name=Anna]")).to_have_attribute("data-points", "-20")
    expect(net.locator("[data-name=Dorte]")).to_have_attribute("data-points", "-30")
    expect(page.locator("#preview-net [data-cup=king]")).to_have_text("85")
    for selector in (
        "#preview-net",
        "#save-next",
        grid_button("pagat", "Bent", "saved"),
        seg_button("last_trick", "Bent"),
    ):
        box = page.locator(selector).bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], selector
    # Rule keys only in the line-by-line detail, which opens on request.
    expect(page.locator("#settlement-detail [data-rule=pagat_saved]")).to_be_hidden()
    screenshot("card-table-01-deal-form", full_page=False)
    page.click("#settlement-detail summary")
    expect(page.locator("#settlement-detail [data-rule=pagat_saved]")).to_be_visible()
    page.click("#settlement-detail summary")
    taps.tap("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    assert totals(page) == AFTER_PLAIN
    assert cups(page) == (85, 85)
    assert (taps.taps, taps.typed) == (4, 2)  # docs/development.md states it: 4 taps and two counts
    screenshot("card-table-02-score-sheet")


def test_taps_a_pagat_ultimo_with_a_king_bagud_takes_five(sitting, live_server, phone):
    page = phone
    sign_in(page, live_server.url, sitting)
    record_plain_deal(page)

    taps = Taps(page)
    taps.tap("#new-deal")
    expect(page.locator("h1")).to_contain_text("2")
    taps.tap(grid_button("pagat", "Carl", "ultimo"))  # Carl takes the last trick with it: filled in
    expect(page.locator('#field-last_trick input[value="Carl"]')).to_be_checked()
    taps.tap("details.kings summary")
    taps.tap(grid_button("king_hearts", "Anna", "bagud"))
    taps.type("#id_dealer_count", "30")
    taps.type("#id_middlehand_count", "25")
    net = page.locator("#preview-net .net")
    expect(net.locator("[data-name=Carl]")).to_have_attribute("data-points", "200")
    expect(net.locator("[data-name=Anna]")).to_have_attribute("data-points", "-250")
    expect(net.locator("[data-name=Bent]")).to_have_attribute("data-points", "-25")
    expect(net.locator("[data-name=Dorte]")).to_have_attribute("data-points", "-20")
    taps.tap("#save-deal")
    expect(page.locator("#deal-2")).to_be_visible()
    assert totals(page) == AFTER_ULTIMO
    assert cups(page) == (80, 185)
    assert (taps.taps, taps.typed) == (5, 2)  # docs/development.md states it: 5 taps and two counts


def test_back_after_save_then_save_records_no_second_deal(sitting, live_server, phone):
    page = phone
    sign_in(page, live_server.url, sitting)
    enter_plain_deal(Taps(page))
    page.click("#save-next")
    # "Save and next": the next deal's form, with word of the saved one.
    expect(page.locator(".messages")).to_contain_text("1")
    expect(page.locator("h1")).to_contain_text("2")
    expect(page.locator('#field-dealer input[value="Bent"]')).to_be_checked()
    page.go_back()
    # Never the old deal's values as a new deal: a fresh form (no-store, autocomplete off).
    expect(page.locator("h1")).to_contain_text("2")
    expect(page.locator("#id_dealer_count")).to_have_value("")
    expect(page.locator('#field-pagat input[value="Bent:saved"]')).not_to_be_checked()
    page.click("#save-deal")
    expect(page.locator("#form-problems")).to_be_visible()
    expect(page.locator("#form-problems")).to_be_focused()
    assert Deal.objects.count() == 1

    # The same deal again, same dealer, as an old page would send it: asked, not recorded.
    record = Deal.objects.get().current_version.record
    form = page.locator("#deal-form")
    form.evaluate(
        """(form, record) => {
            form.querySelector('input[name=number]').value = '1';
            form.querySelector('input[name=idempotency_key]').value = 'another-key';
        }""",
        record,
    )
    page.fill("#id_dealer_count", "39")
    page.fill("#id_middlehand_count", "19")
    page.locator(grid_button("pagat", "Bent", "saved")).click()
    page.locator(seg_button("last_trick", "Bent")).click()
    page.click("#field-players summary")
    page.locator(seg_button("dealer", "Anna")).click()  # forehand and middlehand follow the seats
    expect(page.locator('#field-forehand input[value="Bent"]')).to_be_checked()
    expect(page.locator('#field-middlehand input[value="Dorte"]')).to_be_checked()
    page.click("#save-deal")
    # An old page for deal 1, which is taken: the deal saved first beside this one, and a question
    # ("Spil 1 er allerede gemt af Anna — er det samme spil?"); it never moves on by itself.
    expect(page.locator(".same-deal")).to_contain_text("Spil 1 er allerede gemt af Anna")
    expect(page.locator(".same-deal")).to_be_focused()
    expect(page.locator("h1")).to_contain_text("Spil 1")
    assert Deal.objects.count() == 1
    page.click("#save-deal")
    expect(page.locator(".same-deal")).to_contain_text("er det samme spil?")
    assert Deal.objects.count() == 1


def test_back_stale_out_of_range_count_shows_a_problem_not_an_old_preview(sitting, live_server, phone):
    page = phone
    sign_in(page, live_server.url, sitting)
    enter_plain_deal(Taps(page))
    expect(page.locator("#preview-net [data-name=Bent]")).to_have_attribute("data-points", "40")
    page.fill("#id_dealer_count", "90")
    page.locator("#id_dealer_count").dispatch_event("change")
    expect(page.locator("#preview-net .net")).to_have_count(0)
    expect(page.locator("#preview-net .problem-count")).to_be_visible()
    expect(page.locator("#problems-dealer_count")).not_to_be_empty()
    expect(page.locator("#id_dealer_count")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#preview-net a.problem-count[href='#field-dealer_count']")).to_be_visible()
    expect(page.locator("#form-problems")).to_be_hidden()
    page.click("#save-deal")
    expect(page.locator("#form-problems")).to_be_focused()
    expect(page.locator("#form-problems a[href='#field-dealer_count']")).to_be_visible()
    expect(page.locator("#id_dealer_count")).to_have_attribute("aria-invalid", "true")
    assert Deal.objects.count() == 0


def test_nothing_moves_under_the_thumb_while_a_deal_is_filled_in(sitting, live_server, phone):
    page = phone
    sign_in(page, live_server.url, sitting)
    page.click("#new-deal")
    last_trick, count = page.locator(seg_button("last_trick", "Bent")), page.locator("#id_dealer_count")
    before = (last_trick.bounding_box(), count.bounding_box())
    page.locator(grid_button("pagat", "Bent", "saved")).click()
    # The preview answers the Pagat: the last trick and the counts are not answered yet.
    expect(page.locator("#preview-net .unanswered")).to_have_text("Ikke besvaret endnu: Sidste stik til")
    assert (last_trick.bounding_box(), count.bounding_box()) == before
    expect(page.locator("#form-problems")).to_be_hidden()
    expect(page.locator("#problems-last_trick")).to_be_empty()
    expect(page.locator("#preview-net .unanswered a")).to_have_attribute("href", "#field-last_trick")
    last_trick.click()
    expect(page.locator("#preview-net .net")).to_be_visible()
    assert count.bounding_box() == before[1]


def test_undo_voids_the_last_deal_and_the_totals_return(sitting, live_server, phone, screenshot):
    page = phone
    sign_in(page, live_server.url, sitting)
    record_plain_deal(page)
    assert totals(page) == AFTER_PLAIN
    page.click("#undo summary")
    page.fill("#id_void_reason", "Tastet to gange")
    page.click("#void-deal")
    expect(page.locator("#deal-1.void")).to_be_visible()
    assert totals(page) == START
    assert cups(page) == (80, 80)
    deal = Deal.objects.get()
    assert deal.current_version.version == 2 and deal.current_version.record == {"void": True}
    assert deal.current_version.reason == "Tastet to gange"
    assert Transaction.objects.filter(entry__kind=LedgerEntry.Kind.REVERSAL).count() == 1  # deal 1's posting, reversed
    # The next deal is dealt by Anna again: the voided deal was never played.
    page.click("#new-deal")
    expect(page.locator("h1")).to_contain_text("2")
    expect(page.locator('#field-dealer input[value="Anna"]')).to_be_checked()
    page.goto(f"{live_server.url}/c/nordvest/deals/{deal.pk}/audit/")
    expect(page.locator("main")).to_contain_text("Tastet to gange")
    screenshot("card-table-03-audit")


def test_offline_a_saved_deal_waits_and_is_sent_once_when_back_online(sitting, live_server, phone):
    page = phone
    sign_in(page, live_server.url, sitting)
    taps = Taps(page)
    enter_plain_deal(taps)
    expect(page.locator("#preview-net [data-name=Bent]")).to_have_attribute("data-points", "40")
    go_offline(page)
    expect(page.locator("#offline-banner")).to_be_visible()
    page.click("#save-deal")
    expect(page.locator("#offline-queue")).to_contain_text("venter")
    waiting = json.loads(page.evaluate("localStorage.getItem('tarokbog.waiting')"))
    assert [(w["number"], w["state"]) for w in waiting] == [(1, "waiting")] and waiting[0]["key"]
    assert Deal.objects.count() == 0
    go_online(page)
    expect(page.locator("#deal-1")).to_be_visible()
    assert totals(page) == AFTER_PLAIN
    assert Deal.objects.count() == 1
    anna = sitting.seats.get(name="Anna").member.user  # keys are kept per user and sitting
    assert DealVersion.objects.get().idempotency_key == f"{anna.pk}:{sitting.pk}:{waiting[0]['key']}"
    assert page.evaluate("localStorage.getItem('tarokbog.waiting')") == "[]"


def test_offline_a_conflict_is_shown_not_lost(sitting, live_server, phone):
    page = phone
    sign_in(page, live_server.url, sitting)
    enter_plain_deal(Taps(page))
    go_offline(page)
    page.click("#save-deal")
    expect(page.locator("#offline-queue")).to_contain_text("venter")
    # Meanwhile another phone records deal 1.
    record_deal(sitting, {"dealer": "Anna", "players": ["Anna", "Bent", "Dorte"], "last_trick": "Bent"}, number=1)
    go_online(page)
    expect(page.locator("#offline-queue .conflict")).to_contain_text("1")
    assert Deal.objects.count() == 1
    waiting = json.loads(page.evaluate("localStorage.getItem('tarokbog.waiting')"))
    assert [w["state"] for w in waiting] == ["conflict"]


def test_phones_a_second_phone_sees_a_deal_within_five_seconds(sitting, live_server, phone, browser):
    page = phone
    url = sign_in(page, live_server.url, sitting)
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="da-DK").new_page()
    try:
        sign_in(other, live_server.url, sitting)
        expect(other.locator("#totals")).to_be_visible()
        enter_plain_deal(Taps(page))
        page.click("#save-deal")
        expect(page.locator("#deal-1")).to_be_visible()
        expect(other.locator("#deal-1")).to_be_visible(timeout=5_000)
        assert totals(other) == AFTER_PLAIN
        assert other.url == url
    finally:
        other.context.close()


def test_the_statement_fits_a_phone(sitting, live_server, phone, screenshot):
    """The month's statement at 360 px: nothing wider than the screen (it was 472 px)."""
    page = phone
    sign_in(page, live_server.url, sitting)
    record_plain_deal(page)
    # A correction with a long reason (it once made the page 472 px wide): Dorte, not Bent, took
    # the last trick, so D +40, A B -20 for it; Anna's share is the same.
    wait_for_the_server()
    deal = sitting.deals.get(number=1)
    record = deal.current_version.record | {"last_trick": "Dorte"}
    correct_deal(deal, record, reason="Dorte tog sidste stik og ikke Bent; det blev opdaget ved opgørelsen bagefter")
    anna = sitting.seats.get(name="Anna").member
    month = sitting.date.strftime("%Y-%m")
    page.goto(f"{live_server.url}/c/nordvest/members/{anna.pk}/statements/{month}/")
    expect(page.locator("h1")).to_contain_text("Opgørelse")
    # Anna: −40 at the start, −20 in deal 1 either way (she pays 20 for the last trick to Bent
    # or to Dorte): −60 points, at the season's 1 øre a point a saldo of −0,60 kr., written with
    # a minus sign.
    expect(page.locator(".closing-kroner")).to_have_attribute("data-saldo-ore", "-60")
    expect(page.locator(".closing-kroner")).to_have_text("\u22120,60 kr.")
    # On a phone the reason stands under its deal, not in a column squeezed beside it.
    expect(page.locator("table.corrections .reason-below")).to_be_visible()
    expect(page.locator("table.corrections .reason-below")).to_contain_text("opdaget ved opgørelsen")
    wide = page.evaluate(
        "[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > 361).map(e => e.tagName + '.' + e.className + ':' + Math.round(e.getBoundingClientRect().right))"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], wide
    screenshot("card-table-04-statement")


def test_the_start_page_proposes_only_members_free_to_sit_down(sitting, live_server, phone):
    """Bord 1's evening is closed, and Carl has sat down at Bord 2 with Erik and Frida: the start
    page proposes Bord 1's last seating without Carl, so one tap starts it, no refusal."""
    close_sitting(sitting, how="carry")
    club = sitting.table.club
    add_members(club, ["Erik", "Frida"])
    start_sitting(sitting.season, ["Erik", "Carl", "Frida"], at=make_table(club, "Bord 2"), date=sitting.date)
    page = phone
    sign_in(page, live_server.url, sitting)
    page.goto(f"{live_server.url}/c/nordvest/sittings/new/")
    proposed = [page.locator(f"#id_seat_{seat} option:checked").inner_text() for seat in range(5)]
    assert proposed == ["Anna", "Bent", "Dorte", "---------", "---------"]
    expect(page.locator("#id_first_dealer option:checked")).to_have_text("Anna")
    expect(page.locator("#seats-hint")).to_have_text(
        "3 til 5 medlemmer; lad de sidste pladser stå tomme, når I er færre."
    )
    page.click("#start")
    expect(page.locator("#new-deal")).to_be_visible()
    started = Sitting.objects.get(table=sitting.table, closed_at__isnull=True)
    assert started.seat_names() == ["Anna", "Bent", "Dorte"]


def test_a_link_to_a_field_and_back_stay_within_the_form_and_keep_what_was_entered(sitting, live_server, phone):
    page = phone
    sign_in(page, live_server.url, sitting)
    taps = Taps(page)
    taps.tap("#new-deal")
    taps.tap(grid_button("pagat", "Bent", "saved"))
    link = page.locator('#preview-net .unanswered a[href^="#field-"]').first
    expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(re.compile(r"/deals/new/#field-"))
    page.go_back()  # within the page: the deal being entered stays
    expect(page).to_have_url(re.compile(r"/deals/new/$"))
    expect(page.locator('#field-pagat input[value="Bent:saved"]')).to_be_checked()
    assert Deal.objects.count() == 0


# Whether an element is on the screen and not under anything (the sheet's sticky heads, the bar).
ON_SCREEN = """el => {
  const r = el.getBoundingClientRect();
  if (!r.height || r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit) && (el === hit || el.contains(hit));
}"""


def record_deals(sitting, count: int) -> None:
    """`count` plain deals as the rotation goes (the dealer's forehand takes the last trick)."""
    seats = ["Anna", "Bent", "Carl", "Dorte"]
    for number in range(1, count + 1):
        at = (number - 1) % 4  # the dealer; the member facing him sits out (the docstring)
        players = [seats[at], seats[(at + 1) % 4], seats[(at + 3) % 4]]
        record_deal(sitting, {"dealer": players[0], "players": players, "last_trick": players[1]}, number=number)


def test_after_a_save_the_new_row_the_next_deal_and_the_undo_are_on_the_screen(sitting, live_server, phone, screenshot):
    """A long sheet at 360×740: after Save the new row, "Indtast næste spil" and the undo are all
    in sight, none under another; and so on the sheet kept offline, with the deal waiting."""
    record_deals(sitting, 12)
    page = phone
    sign_in(page, live_server.url, sitting)
    expect(page.locator("#deal-12")).to_be_attached()
    assert page.locator("#new-deal").evaluate(ON_SCREEN)  # from the top of the sheet too
    page.click("#new-deal")
    expect(page.locator("h1")).to_contain_text("13")
    page.locator(grid_button("pagat", "Bent", "saved")).click()
    page.locator(seg_button("last_trick", "Bent")).click()
    page.click("#save-deal")
    expect(page.locator("#deal-13")).to_be_visible()
    for selector in ("#deal-13 td", "#new-deal", "#undo summary"):
        assert page.locator(selector).first.evaluate(ON_SCREEN), selector
    expect(page.locator("#undo summary")).to_contain_text("13")
    screenshot("card-table-05-after-save", full_page=False)

    # Offline: the deal waits on the kept sheet, in words, with the way on in reach.
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    page.click("#new-deal")
    expect(page.locator("h1")).to_contain_text("14")
    go_offline(page)
    forehand = page.locator("#field-forehand input:checked").get_attribute("value")
    page.locator(seg_button("last_trick", forehand)).click()
    page.click("#save-deal")
    line = page.locator("#offline-queue .waiting-deal")
    expect(line).to_contain_text("point, når forbindelsen er tilbage")
    for selector in ("#offline-queue .waiting-deal", "#new-deal"):
        assert page.locator(selector).first.evaluate(ON_SCREEN), selector
    screenshot("card-table-06-after-save-offline", full_page=False)
    go_online(page)
    expect(page.locator("#deal-14")).to_be_visible()


def test_a_tap_on_save_straight_from_a_count_asks_for_no_live_preview(sitting, live_server, phone):
    """A thumb on Save takes the focus from the count just typed, whose change would ask for a
    live preview at the moment of the save: none is sent from the touch on, the deal is saved."""
    page = phone
    sign_in(page, live_server.url, sitting)
    page.click("#new-deal")
    page.locator(grid_button("pagat", "Bent", "saved")).click()
    page.locator(seg_button("last_trick", "Bent")).click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")  # the taps' previews answered
    page.locator("#id_dealer_count").tap()
    page.keyboard.type("39")
    page.locator("#id_middlehand_count").tap()
    page.keyboard.type("19")
    page.evaluate(
        """() => {
            window.previewsSent = [];
            window.touched = null;
            document.addEventListener("pointerdown", (e) => { window.touched = window.touched ?? e.timeStamp; }, true);
            document.addEventListener("htmx:beforeSend", (e) => {
                if (/[/]deals[/]preview[/]/.test(e.detail.requestConfig.path)) window.previewsSent.push(performance.now());
            });
        }"""
    )
    page.locator("#save-deal").tap()
    expect(page.locator("#deal-1")).to_be_visible()
    page.wait_for_timeout(800)  # the typed field's delayed keyup (500 ms) would have asked by now
    assert page.evaluate("window.previewsSent.filter(t => t >= window.touched)") == []
    assert totals(page) == AFTER_PLAIN
