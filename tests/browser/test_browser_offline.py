"""The card table without a connection, and two phones saving the same deal.

Offline is the browser context's offline switch plus, for the service worker's own fetches (which
the switch does not reach in Chromium), a route that aborts them: the phone sees no network at
all, the server stays up. The figures are the card table's (card_table.py): Anna, Bent, Carl and
Dorte at vlk-2010, Anna deals first. Three plain deals, each "Bent saves the Pagat and takes the
last trick; the dealer counts 39, the middlehand 19" with the dealer moving on (the previous
forehand deals, 001 L316):

    deal 1  Anna deals, Bent forehand, Dorte middlehand (Carl out)
            stake A -10; Pagat saved B +10, A D -5; last trick B +40, A D -20;
            count A 39 -> +15, D 19 -> -5, B -10             A -20  B +40  D -30
    deal 2  Bent deals, Carl forehand, Anna middlehand (Dorte out): Bent saves the Pagat
            and takes the last trick as dealer; Bent counts 39, Anna 19
            stake B -10; Pagat saved B +10, C A -5; last trick B +40, C A -20;
            count B +15, A -5, C -10                         A -30  B +55  C -35
    deal 3  Carl deals, Dorte forehand, Bent middlehand (Anna out); Carl counts 39, Bent 19
            stake C -10; Pagat saved B +10, C D -5; last trick B +40, C D -20;
            count C +15, B -5, D -10                         B +45  C -20  D -35
    totals from the start (-40 each): A -90  B +100  C -95  D -105
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from card_table import (
    AFTER_PLAIN,
    PASSWORD,
    SEATS,
    Taps,
    enter_plain_deal,
    go_offline,
    go_online,
    grid_button,
    seg_button,
    wait_for_the_server,
)
from card_table import sign_in as sign_in_as_anna
from card_table import totals as sheet_totals
from club.models import Deal, DealVersion
from club.services.deals import record_deal

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
AFTER_THREE = [-90, 100, -95, -105]


def ready_for_offline(page) -> None:
    """The service worker controls the page and has kept the sheet and the deal form."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        """async () => {
            const kept = await caches.open('tarokbog-pages');
            const keys = (await kept.keys()).map(r => new URL(r.url).pathname);
            return keys.some(p => p.endsWith('/deals/new/')) && keys.some(p => /sittings\\/\\d+\\/$/.test(p));
        }"""
    )


def waiting(page) -> list[dict]:
    return json.loads(page.evaluate("localStorage.getItem('tarokbog.waiting') || '[]'"))


def enter_deal(page, dealer_count: str, middlehand_count: str) -> None:
    """Bent saves the Pagat and takes the last trick; the dealer and the middlehand count."""
    page.locator(grid_button("pagat", "Bent", "saved")).click()
    page.locator(seg_button("last_trick", "Bent")).click()
    page.fill("#id_dealer_count", dealer_count)
    page.fill("#id_middlehand_count", middlehand_count)


def bent_saves_deal_1(sitting) -> None:
    """Bent's phone records deal 1 as the docstring's deal 1."""
    record_deal(
        sitting,
        {
            "dealer": "Anna",
            "players": ["Anna", "Bent", "Dorte"],
            "pagat": {"holder": "Bent", "fate": "saved"},
            "last_trick": "Bent",
            "counts": {"Anna": 39, "Dorte": 19},
        },
        by=sitting.seats.get(name="Bent").member.user,
        number=1,
    )


def offline_after_deal_1(page, live_server, sitting):
    """Anna's phone goes offline on the deal form, saves deal 1 with "Gem og næste": on deal 2."""
    sign_in_as_anna(page, live_server.url, sitting)
    page.click("#new-deal")
    ready_for_offline(page)
    go_offline(page)
    enter_deal(page, "39", "19")
    page.click("#save-next")
    expect(page.locator("h1")).to_contain_text("Spil 2")
    return page


def test_the_sheet_a_save_leads_to_is_the_one_kept_for_offline(sitting, live_server, phone):
    page = phone
    sign_in_as_anna(page, live_server.url, sitting)
    page.click("#new-deal")
    ready_for_offline(page)
    enter_deal(page, "39", "19")
    page.click("#save-deal")  # online: the save redirects to the sheet, which shows deal 1
    expect(page.locator("#deal-1")).to_be_visible()

    go_offline(page)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-kept-copy", "")
    expect(page.locator("#deal-1")).to_be_visible()
    assert sheet_totals(page) == AFTER_PLAIN


def test_offline_three_deals_with_a_reload_between_are_recorded_once_in_order(sitting, live_server, phone):
    page = phone
    url = sign_in_as_anna(page, live_server.url, sitting)
    page.click("#new-deal")
    expect(page.locator("h1")).to_contain_text("Spil 1")
    ready_for_offline(page)

    go_offline(page)
    page.reload()  # from the phone: the kept deal form
    expect(page.locator("html")).to_have_attribute("data-kept-copy", "")
    expect(page.locator("h1")).to_contain_text("Spil 1")
    expect(page.locator("#offline-banner")).to_be_visible()
    enter_deal(page, "39", "19")
    page.click("#save-next")
    # On to deal 2 as online: Bent deals (the previous forehand), a new key.
    expect(page.locator("h1")).to_contain_text("Spil 2")
    expect(page.locator('#field-dealer input[value="Bent"]')).to_be_checked()
    expect(page.locator('#field-forehand input[value="Carl"]')).to_be_checked()
    expect(page.locator('#field-middlehand input[value="Anna"]')).to_be_checked()
    expect(page.locator("#offline-queue")).to_contain_text("1 spil venter på forbindelse")

    page.reload()
    expect(page.locator("h1")).to_contain_text("Spil 2")
    expect(page.locator('#field-dealer input[value="Bent"]')).to_be_checked()
    enter_deal(page, "39", "19")
    page.click("#save-next")
    expect(page.locator("h1")).to_contain_text("Spil 3")
    expect(page.locator('#field-dealer input[value="Carl"]')).to_be_checked()
    expect(page.locator("#offline-queue")).to_contain_text("2 spil venter på forbindelse")

    page.reload()
    expect(page.locator("h1")).to_contain_text("Spil 3")
    enter_deal(page, "39", "19")
    page.click("#save-deal")
    # The score sheet, from the phone, with the three deals waiting.
    expect(page.locator("#offline-queue")).to_contain_text("3 spil venter på forbindelse")
    assert page.url.split("#")[0] == url
    kept = waiting(page)
    assert [(w["number"], w["dealer"], w["state"]) for w in kept] == [
        (1, "Anna", "waiting"),
        (2, "Bent", "waiting"),
        (3, "Carl", "waiting"),
    ]
    assert len({w["key"] for w in kept}) == 3
    assert Deal.objects.count() == 0

    go_online(page)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#deal-3")).to_be_visible()
    assert sheet_totals(page) == AFTER_THREE
    assert waiting(page) == []
    deals = list(Deal.objects.order_by("number").select_related("current_version"))
    assert [(d.number, d.current_version.record["dealer"]) for d in deals] == [(1, "Anna"), (2, "Bent"), (3, "Carl")]
    anna = sitting.seats.get(name="Anna").member.user  # keys are kept per user and sitting
    assert [d.current_version.idempotency_key for d in deals] == [f"{anna.pk}:{sitting.pk}:{w['key']}" for w in kept]
    assert DealVersion.objects.count() == 3  # each once


WAITING_PREVIEW = "Ingen forbindelse: hvert medlems point, når forbindelsen er tilbage."


def test_offline_the_kept_sheet_lists_the_waiting_deals_in_words_and_the_preview_says_when(
    sitting, live_server, phone, screenshot
):
    page = phone
    url = sign_in_as_anna(page, live_server.url, sitting)
    page.click("#new-deal")
    ready_for_offline(page)

    go_offline(page)
    page.reload()  # the kept deal form
    expect(page.locator("html")).to_have_attribute("data-kept-copy", "")
    preview = page.locator("#preview-net")
    expect(preview).to_have_text(WAITING_PREVIEW)
    enter_deal(page, "39", "19")
    expect(preview).to_have_text(WAITING_PREVIEW)  # each change asked nothing, and says so
    page.click("#save-next")
    expect(page.locator("h1")).to_contain_text("Spil 2")
    expect(preview).to_have_text(WAITING_PREVIEW)
    enter_deal(page, "39", "19")
    page.click("#save-deal")

    # The kept sheet: no deal recorded yet, the two waiting ones after it in words.
    assert page.url.split("#")[0] == url
    rows = page.locator("#sheet tbody tr.waiting-row")
    expect(rows).to_have_count(2)
    assert [(row.locator("th").inner_text(), row.locator("td").inner_text()) for row in rows.all()] == [
        ("1", "givet af Anna: point, når forbindelsen er tilbage"),
        ("2", "givet af Bent: point, når forbindelsen er tilbage"),
    ]
    expect(page.locator("#no-deals")).to_be_hidden()
    expect(page.locator("#new-deal")).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot("offline-waiting-deals-on-the-sheet", full_page=False)
    assert Deal.objects.count() == 0

    go_online(page)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#deal-2")).to_be_visible()
    expect(rows).to_have_count(0)
    assert sheet_totals(page) == [-90, 55, -75, -70]  # the docstring's deals 1 and 2
    assert DealVersion.objects.count() == 2


def test_offline_a_refused_deal_stops_the_queue_and_says_why(sitting, live_server, phone):
    page = offline_after_deal_1(phone, live_server, sitting)
    enter_deal(page, "90", "19")  # a count of 90 of 78 points: refused by the rules
    page.click("#save-next")
    expect(page.locator("h1")).to_contain_text("Spil 3")
    enter_deal(page, "39", "19")
    page.click("#save-deal")
    expect(page.locator("#offline-queue")).to_contain_text("3 spil venter på forbindelse")

    go_online(page)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    refused = page.locator("#offline-queue li.invalid")
    expect(refused).to_contain_text("Spil 2 kunne ikke gemmes")
    expect(page.locator("#offline-queue")).to_contain_text("venter, til du har besluttet")
    # Deal 1 is recorded; deal 3 waits behind the refused deal 2, on the phone.
    assert list(Deal.objects.values_list("number", flat=True)) == [1]
    assert [(w["number"], w["state"]) for w in waiting(page)] == [(2, "invalid"), (3, "waiting")]
    page.reload()
    expect(page.locator("#offline-queue li.invalid")).to_contain_text("Spil 2")
    # Discarded on the scorer's word only; deal 3 then meets the sheet's next number (2): it asks.
    page.once("dialog", lambda dialog: dialog.accept())
    refused.locator("button").click()
    expect(page.locator("#offline-queue")).to_contain_text("Spil 3 kan ikke gemmes før spil 2")
    page.locator("#offline-queue button[data-choice=renumber]").click()
    expect(page.locator("#deal-2")).to_be_visible()
    assert list(Deal.objects.values_list("number", flat=True)) == [1, 2]
    assert waiting(page) == []


def other_phone(browser, base: str, sitting, username: str):
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="da-DK").new_page()
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.goto(f"{base}/c/nordvest/sittings/{sitting.pk}/")
    return page


def test_same_deal_two_phones_the_scorer_says_same_and_one_deal_is_recorded(sitting, live_server, phone, browser):
    page = phone
    sign_in_as_anna(page, live_server.url, sitting)
    bent = other_phone(browser, live_server.url, sitting, "bent")
    try:
        enter_plain_deal(Taps(page))
        bent.click("#new-deal")
        enter_deal(bent, "39", "19")
        bent.click("#save-deal")
        expect(bent.locator("#deal-1")).to_be_visible()

        page.click("#save-next")
        question = page.locator(".same-deal")
        expect(question).to_contain_text("Spil 1 er allerede gemt af Bent — er det samme spil?")
        expect(question).to_be_focused()
        # Bent's deal beside Anna's: the same points.
        for side in ("theirs", "mine"):
            deal = question.locator(f"[data-deal={side}]")
            expect(deal.locator("[data-name=Bent]")).to_have_attribute("data-points", "40")
            expect(deal.locator("[data-name=Anna]")).to_have_attribute("data-points", "-20")
        # It never moves on by itself: still deal 1, the entries kept.
        expect(page.locator("h1")).to_contain_text("Spil 1")
        expect(page.locator("#id_dealer_count")).to_have_value("39")
        page.click("#save-deal")
        expect(page.locator(".same-deal")).to_contain_text("er det samme spil?")
        assert Deal.objects.count() == 1

        # The same points from the same dealer: "Samme spil" is the first and the primary (blue) choice.
        drop, renumber = question.locator("button[data-choice=drop]"), question.locator("button[data-choice=renumber]")
        expect(drop).to_have_class(re.compile(r"\bprimary\b"))
        expect(drop).to_contain_text("Samme spil")
        expect(renumber).not_to_have_class(re.compile(r"\bprimary\b"))
        assert question.locator("button[data-choice]").first.get_attribute("data-choice") == "drop"
        drop.click()
        expect(page.locator("#deal-1")).to_be_visible()
        expect(page.locator(".messages")).to_contain_text("Intet blev gemt")
        assert sheet_totals(page) == AFTER_PLAIN
        assert Deal.objects.count() == 1
    finally:
        bent.context.close()


def test_same_deal_two_phones_the_scorer_says_new_and_it_is_recorded_as_the_next(sitting, live_server, phone, browser):
    page = phone
    sign_in_as_anna(page, live_server.url, sitting)
    bent = other_phone(browser, live_server.url, sitting, "bent")
    try:
        page.click("#new-deal")
        bent.click("#new-deal")
        enter_deal(bent, "39", "19")
        bent.click("#save-deal")
        expect(bent.locator("#deal-1")).to_be_visible()
        # Anna's phone still shows deal 1 with Anna dealing; she enters deal 2 as Bent dealt it.
        page.click("#field-players summary")
        page.locator(seg_button("dealer", "Bent")).click()
        enter_deal(page, "39", "19")
        page.click("#save-deal")
        expect(page.locator(".same-deal")).to_contain_text("Spil 1 er allerede gemt af Bent")
        expect(page.locator(".same-deal [data-deal=mine] [data-name=Bent]")).to_have_attribute("data-points", "55")
        page.locator(".same-deal button[data-choice=renumber]").click()  # "Et nyt spil: gem som 2"
        expect(page.locator("#deal-2")).to_be_visible()
        assert sheet_totals(page) == [-90, 55, -75, -70]  # deal 1 and deal 2 of the docstring
        assert list(Deal.objects.values_list("number", flat=True)) == [1, 2]
    finally:
        bent.context.close()


def test_same_deal_a_queued_deal_meets_one_saved_meanwhile(sitting, live_server, phone):
    page = offline_after_deal_1(phone, live_server, sitting)
    enter_deal(page, "39", "19")
    page.click("#save-deal")
    expect(page.locator("#offline-queue")).to_contain_text("2 spil venter")
    # Meanwhile Bent's phone records deal 1 (the same deal 1).
    bent_saves_deal_1(sitting)
    go_online(page)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    question = page.locator("#offline-queue .same-deal")
    expect(question).to_contain_text("Spil 1 er allerede gemt af Bent — er det samme spil?")
    assert Deal.objects.count() == 1  # deal 2 waits behind it
    question.locator("button[data-choice=drop]").click()
    expect(page.locator("#deal-2")).to_be_visible()
    assert sheet_totals(page) == [-90, 55, -75, -70]
    assert list(Deal.objects.values_list("number", flat=True)) == [1, 2]
    assert waiting(page) == []


def test_same_deal_a_queued_deal_recorded_as_the_next_keeps_its_roles_and_the_points_shown(sitting, live_server, phone):
    """Anna's deal 1 (Anna deals) waits offline while Bent's phone saves another deal 1: "a new
    deal" records hers as deal 2 with every role as entered, the points shown beside the question."""
    page = phone
    sign_in_as_anna(page, live_server.url, sitting)
    page.click("#new-deal")
    ready_for_offline(page)
    go_offline(page)
    enter_deal(page, "30", "25")
    page.click("#save-deal")
    expect(page.locator("#offline-queue")).to_contain_text("1 spil venter")
    bent_saves_deal_1(sitting)
    go_online(page)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    question = page.locator("#offline-queue .same-deal")
    renumber = question.locator("button[data-choice=renumber]")
    expect(renumber).to_contain_text("Et nyt spil: gem som 2")
    expect(renumber).to_contain_text("givet af Anna, som indtastet")
    expect(renumber).to_have_class(re.compile(r"\bprimary\b"))
    expect(question.locator("button[data-choice=drop]")).not_to_have_class(re.compile(r"\bprimary\b"))
    shown = {
        li.get_attribute("data-name"): int(li.get_attribute("data-points"))
        for li in question.locator("[data-deal=mine] li").all()
    }
    renumber.click()
    expect(page.locator("#deal-2")).to_be_visible()
    record = Deal.objects.get(number=2).current_version.record
    assert (record["dealer"], record["players"], record["counts"]) == (
        "Anna",
        ["Anna", "Bent", "Dorte"],
        {"Anna": 30, "Dorte": 25},
    )
    changes = page.locator("#deal-2 td[data-change]").evaluate_all("cells => cells.map(c => +c.dataset.change)")
    assert dict(zip(SEATS, changes)) == shown
    assert waiting(page) == []


def test_offline_the_undo_box_keeps_its_deal_and_reason_while_another_phone_saves(sitting, live_server, phone):
    page = phone
    sign_in_as_anna(page, live_server.url, sitting)
    page.click("#new-deal")
    enter_deal(page, "39", "19")
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    page.click("#undo summary")
    page.fill("#id_void_reason", "Tastet to gange")
    record_deal(
        sitting,
        {
            "dealer": "Bent",
            "players": ["Bent", "Carl", "Anna"],
            "pagat": {"holder": "Bent", "fate": "saved"},
            "last_trick": "Bent",
            "counts": {"Bent": 39, "Anna": 19},
        },
        number=2,
    )
    expect(page.locator("#deal-2")).to_be_visible()  # the sheet polls every 3 s
    expect(page.locator("#undo")).to_have_attribute("open", "")
    expect(page.locator("#id_void_reason")).to_have_value("Tastet to gange")
    expect(page.locator("#void-deal")).to_contain_text("1")
    expect(page.locator("#undo .undo-stale")).to_contain_text("Spil 1 er ikke længere det sidste spil; spil 2 er")
    page.click("#void-deal")
    expect(page.locator(".messages")).to_contain_text("ikke længere det sidste")
    assert [d.current_version.version for d in Deal.objects.order_by("number")] == [1, 1]


@pytest.mark.parametrize(
    ("language", "question", "waiting"),
    [
        ("da", "Spil 1 er allerede gemt af Bent — er det samme spil?", "1 spil venter på forbindelse."),
        ("en", "Deal 1 was already saved by Bent — is it the same deal?", "1 deal is waiting for the connection."),
        ("hu", "A(z) 1. leosztást már elmentette Bent — ugyanaz a leosztás?", "1 leosztás vár a kapcsolatra."),
    ],
)
def test_same_deal_question_and_offline_queue_in_each_language(
    language, question, waiting, sitting, live_server, phone, screenshot
):
    page = phone
    sign_in_as_anna(page, live_server.url, sitting)
    page.locator(f"footer button[value={language}]").click()
    page.click("#new-deal")
    bent_saves_deal_1(sitting)
    enter_deal(page, "39", "19")
    page.click("#save-deal")
    expect(page.locator(".same-deal h2")).to_have_text(question)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(f"table-same-deal-{language}", full_page=False)

    page.locator(".same-deal button[data-choice=renumber]").click()
    expect(page.locator("#deal-2")).to_be_visible()
    page.click("#new-deal")
    ready_for_offline(page)
    go_offline(page)
    enter_deal(page, "39", "19")
    page.click("#save-deal")
    expect(page.locator("#offline-queue .queue-count")).to_have_text(waiting)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(f"table-offline-sheet-{language}")
    go_online(page)


# --- a shared phone --------------------------------------------------------------------------


def sign_in_as(page, base: str, username: str) -> None:
    """`username` signs in on this phone; he lands on his club's page."""
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(f"{base}/c/nordvest/")


def anna_queues_deal_1_and_her_session_ends(page, live_server, sitting) -> str:
    """Anna saves deal 1 offline; her session cookie is then gone (expired, removed: no logout
    script ran) and the phone is back online. Returns the sheet's address."""
    url = sign_in_as_anna(page, live_server.url, sitting)
    page.click("#new-deal")
    ready_for_offline(page)
    go_offline(page)
    enter_deal(page, "39", "19")
    page.click("#save-deal")
    expect(page.locator("#offline-queue")).to_contain_text("1 spil venter på forbindelse")
    anna = sitting.seats.get(name="Anna").member.user
    assert [(w["number"], w["user"]) for w in waiting(page)] == [(1, str(anna.pk))]
    page.context.clear_cookies(name="sessionid")
    go_online(page)
    return url


def test_phones_a_deal_queued_by_one_scorer_waits_for_him_under_another_users_session(
    sitting, live_server, phone, screenshot
):
    page = phone
    url = anna_queues_deal_1_and_her_session_ends(page, live_server, sitting)

    sign_in_as(page, live_server.url, "bent")
    page.goto(url)
    others = page.locator("#offline-queue .queue-others")
    expect(others).to_contain_text("1 spil gemt af Anna venter: log ind som Anna, eller kassér det.")
    expect(page.locator("#offline-queue .queue-count")).to_have_count(0)  # none of Bent's own
    # The pages the phone keeps are Bent's now (Anna's went when the login page showed).
    page.wait_for_function(
        """async (user) => {
            const owner = await caches.match('/sw.js?kept-for', { cacheName: 'tarokbog-pages' });
            return owner !== undefined && (await owner.text()) === user;
        }""",
        arg=str(sitting.seats.get(name="Bent").member.user.pk),
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot("phones-a-deal-waits-for-its-scorer", full_page=False)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # a send, were there one of Bent's
    page.wait_for_timeout(500)
    wait_for_the_server()
    assert Deal.objects.count() == 0 and DealVersion.objects.count() == 0
    # "Kassér" asks first; Bent says no: the deal stays.
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    others.locator("button").click()
    expect(others).to_be_visible()
    assert asked == ["Kassér 1 spil, som Anna gemte på telefonen, for altid? Det blev aldrig sendt."]
    assert [w["number"] for w in waiting(page)] == [1]

    page.locator("#logout-form button").click()
    expect(page.locator("#id_username")).to_be_visible()
    sign_in_as(page, live_server.url, "anna")
    # Her club's page, the first she sees, sends it.
    page.wait_for_function("() => localStorage.getItem('tarokbog.waiting') === '[]'")
    wait_for_the_server()
    page.goto(url)
    expect(page.locator("#deal-1")).to_be_visible()
    assert sheet_totals(page) == AFTER_PLAIN
    anna = sitting.seats.get(name="Anna").member.user
    version = DealVersion.objects.get()  # recorded once
    assert (version.deal.number, version.entered_by) == (1, anna)
    assert waiting(page) == []


def test_phones_another_users_waiting_deals_are_discarded_on_the_holders_word(sitting, live_server, phone):
    page = phone
    url = anna_queues_deal_1_and_her_session_ends(page, live_server, sitting)
    sign_in_as(page, live_server.url, "bent")
    page.goto(url)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#offline-queue .queue-others button").click()

    expect(page.locator("#offline-queue")).to_be_hidden()
    assert waiting(page) == []
    page.locator("#logout-form button").click()
    expect(page.locator("#id_username")).to_be_visible()
    sign_in_as(page, live_server.url, "anna")
    page.goto(url)
    expect(page.locator("#totals")).to_be_visible()
    wait_for_the_server()
    assert Deal.objects.count() == 0


def test_offline_the_statement_is_never_kept_and_kept_pages_go_with_the_session(sitting, live_server, phone):
    page = phone
    url = sign_in_as_anna(page, live_server.url, sitting)
    anna = sitting.seats.get(name="Anna").member
    statement = f"{live_server.url}/c/nordvest/members/{anna.pk}/statements/{sitting.date:%Y-%m}/"
    page.click("#new-deal")
    ready_for_offline(page)
    page.goto(statement)
    expect(page.locator("h1")).to_contain_text("Opgørelse")
    page.wait_for_timeout(500)  # time for a worker that keeps it to do so

    page.context.clear_cookies(name="sessionid")
    go_offline(page)
    page.goto(statement)
    expect(page.locator("#offline-page")).to_have_text("Ingen forbindelse")
    expect(page.locator("main")).not_to_contain_text("Opgørelse")

    # Online, the sheet sends the phone to the login page: the session's kept pages go.
    go_online(page)
    page.goto(url)
    expect(page.locator("#id_username")).to_be_visible()
    go_offline(page)
    page.goto(url)
    expect(page.locator("#offline-page")).to_have_text("Ingen forbindelse")
    go_online(page)


def anna_sessions(sitting) -> list:
    from django.contrib.sessions.models import Session

    anna = str(sitting.seats.get(name="Anna").member.user.pk)
    return [s for s in Session.objects.all() if s.get_decoded().get("_auth_user_id") == anna]


def test_offline_log_out_forgets_the_session_at_once_and_ends_it_when_back(sitting, live_server, phone):
    """ "Log ud" without a connection: the phone forgets Anna's kept pages at once, whoever opens
    the site next sees none of hers, and the server ends her session as soon as the phone is back."""
    page = phone
    url = sign_in_as_anna(page, live_server.url, sitting)
    page.click("#new-deal")
    ready_for_offline(page)
    page.goto(url)
    go_offline(page)
    page.locator("#logout-form button").click()
    expect(page.locator("#offline-page")).to_be_visible()
    assert page.evaluate("caches.has('tarokbog-pages')") is False
    assert len(anna_sessions(sitting)) == 1  # the server has not heard it yet

    # The next holder of the phone, still offline: not Anna's kept sheet, nor her deal form.
    for address in (url, url + "deals/new/"):
        page.goto(address)
        expect(page.locator("#offline-page")).to_be_visible()
        assert page.locator("html").get_attribute("data-user") is None

    # Back online: the first page opened ends her session first; it is nobody's page.
    go_online(page)
    page.goto(url)
    expect(page.locator("#id_username")).to_be_visible()
    assert page.locator("html").get_attribute("data-user") is None
    wait_for_the_server()
    assert anna_sessions(sitting) == []
    page.goto(f"{live_server.url}/c/nordvest/")
    assert page.locator("html").get_attribute("data-user") is None
