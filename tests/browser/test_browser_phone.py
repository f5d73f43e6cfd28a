"""The card table on a phone at 360×740: a 25-deal evening of four on one screen as on paper,
every target a thumb's size.

The sitting: Anna, Bent, Carl and Dorte at Bord 1, 25 plain deals round the table, each won in
the last trick by the forehand (the world's `danish_deal`).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import rules
from card_table import SEATS, sign_in
from club.models import Deal, Member
from club.services import tables
from conftest import ARTIFACTS, CHROMIUM, PHONE
from world.clubs import add_members, play
from world.records import danish_deal

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def evening(sitting):
    """25 plain deals round the table."""
    play(sitting, [danish_deal(SEATS[k % 4], SEATS, last_trick=SEATS[(k + 1) % 4]) for k in range(25)])
    return sitting


def rows_in_view(page) -> list[int]:
    """The deal rows wholly inside the viewport and below the names row."""
    return page.evaluate(
        """() => {
            const head = document.querySelector('#sheet thead th').getBoundingClientRect();
            return [...document.querySelectorAll('#sheet tbody tr.deal')]
                .filter(r => { const b = r.getBoundingClientRect(); return b.top >= head.bottom - 1 && b.bottom <= innerHeight; })
                .map(r => +r.id.replace('deal-', ''));
        }"""
    )


def test_sheet_shows_twelve_deals_of_a_25_deal_evening_with_the_names_in_view(evening, live_server, phone, screenshot):
    page = phone
    sign_in(page, live_server.url, evening)
    expect(page.locator("#deal-25")).to_be_attached()
    page.locator("#deal-10").evaluate("row => row.scrollIntoView({block: 'center'})")
    names = page.locator("#sheet thead th").nth(1)
    expect(names).to_have_text("Anna")
    head = names.bounding_box()
    assert 0 <= head["y"] and head["y"] + head["height"] <= 740, head
    shown = rows_in_view(page)
    assert len(shown) >= 12, shown
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot("phone-sheet-25-deals", full_page=False)


@pytest.fixture
def installing_phone(browser, tmp_path):
    """A phone with a profile of its own: Chromium installs no app from an incognito context (a
    test's usual one)."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path,
        executable_path=CHROMIUM,
        args=["--no-sandbox", "--disable-gpu"],
        viewport=PHONE,
        device_scale_factor=2,
    )
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def test_the_app_installs_and_opens_at_the_club(sitting, live_server, installing_phone):
    page = installing_phone
    sign_in(page, live_server.url, sitting)
    page.goto(f"{live_server.url}/c/nordvest/")
    assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    # One manifest, one app, wherever it was installed from.
    assert manifest["url"] == f"{live_server.url}/manifest.webmanifest"
    assert manifest["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    data = page.evaluate("fetch('/manifest.webmanifest').then(r => r.json())")
    assert (data["name"], data["short_name"], data["display"], data["start_url"], data["id"]) == (
        "Tarokbog",
        "Tarokbog",
        "standalone",
        "/",
        "/",
    )
    assert page.locator("link[rel=apple-touch-icon]").count() == 1
    assert {(icon["sizes"], icon["purpose"]) for icon in data["icons"]} == {
        ("192x192", "any"),
        ("192x192", "maskable"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in data["icons"]:
        size = int(icon["sizes"].split("x")[0])
        assert page.evaluate(
            "src => new Promise(ok => { const i = new Image(); i.onload = () => ok([i.naturalWidth, i.naturalHeight]); i.src = src; })",
            icon["src"],
        ) == [size, size]
    page.goto(f"{live_server.url}{data['start_url']}")  # the home page sends Anna on to her club
    expect(page).to_have_url(f"{live_server.url}/c/nordvest/")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone-app-start.png"))


def test_undo_asks_its_reason_with_nothing_chosen_and_takes_a_common_one_in_one_tap(sitting, live_server, phone):
    page = phone
    play(sitting, [danish_deal("Anna", SEATS, last_trick="Bent")])
    sign_in(page, live_server.url, sitting)
    page.click("#undo summary")
    expect(page.locator("#id_void_reason")).to_have_value("")
    reasons = page.locator("#undo button.void-reason")
    expect(reasons).to_have_text(["Gemt to gange", "Forkert spil"])
    reasons.nth(1).click()
    expect(page.locator("#deal-1.void")).to_be_visible()
    version = Deal.objects.get().current_version
    assert (version.record, version.reason) == ({"void": True}, "Forkert spil")


def test_undo_without_a_reason_voids_nothing(sitting, live_server, phone):
    page = phone
    play(sitting, [danish_deal("Anna", SEATS, last_trick="Bent")])
    sign_in(page, live_server.url, sitting)
    page.click("#undo summary")
    page.click("#void-deal")
    assert page.evaluate("document.querySelector('#id_void_reason').validity.valueMissing")
    assert Deal.objects.get().current_version.version == 1


# Everything a thumb may touch on a page, as each one's box measures it (a radio or checkbox by its label).
SMALL_TARGETS = """() => [...document.querySelectorAll('a[href], button, summary, select, input:not([type=hidden]), textarea')]
    .map(e => (e.type === 'radio' || e.type === 'checkbox') && e.closest('label') ? e.closest('label') : e)
    .filter(e => e.checkVisibility())
    .map(e => [e, e.getBoundingClientRect()])
    .filter(([e, box]) => box.width < 44 || box.height < 44)
    .map(([e, box]) => `${e.tagName} ${(e.textContent || e.name || '').trim().slice(0, 30)} ${Math.round(box.width)}x${Math.round(box.height)}`)"""


def test_every_target_on_the_sheet_and_the_office_is_a_thumbs_size(
    evening, live_server, phone, screenshot, monkeypatch
):
    monkeypatch.setattr("club.web.log.PAGE_SIZE", 1)  # the log in pages: "Nyere" and "Ældre"
    page = phone
    Member.objects.filter(name="Anna").update(role=Member.Role.ADMIN)
    sign_in(page, live_server.url, evening)
    page.click("#undo summary")
    page.locator("details.danger-zone summary").click()
    small = {"sheet": page.evaluate(SMALL_TARGETS)}
    page.click("#new-deal")
    expect(page.locator("#deal-form")).to_be_visible()
    page.evaluate("document.querySelectorAll('#deal-form details').forEach(d => { d.open = true; })")  # the folds too
    small["deal form"] = page.evaluate(SMALL_TARGETS)
    for office in ("members", "seasons", "payments", "tables", "mail"):
        page.goto(f"{live_server.url}/c/nordvest/office/{office}/")
        small[office] = page.evaluate(SMALL_TARGETS)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        if office == "members":
            screenshot("phone-office-members", full_page=False)
    bent = Member.objects.get(name="Bent")
    page.goto(f"{live_server.url}/c/nordvest/office/members/{bent.pk}/")  # the forget tick
    expect(page.locator("#forget-member")).to_be_visible()
    small["member"] = page.evaluate(SMALL_TARGETS)
    for name in ("Bord 2", "Bord 1"):  # two more lines in the log, so its second page has both links
        tables.rename_table(evening.table, name=name)
    page.goto(f"{live_server.url}/c/nordvest/log/?page=2")
    expect(page.locator("nav.pages a")).to_have_count(2)
    small["log"] = page.evaluate(SMALL_TARGETS)
    assert small == {name: [] for name in small}


def test_save_and_next_stays_on_one_line(sitting, live_server, phone):
    page = phone
    sign_in(page, live_server.url, sitting)
    page.click("#new-deal")
    expect(page.locator("#deal-form")).to_be_visible()
    for language in ("Dansk", "Magyar", "Slovenščina", "English"):
        page.locator(f"footer button:has-text('{language}')").click()
        button = page.locator("#save-next")
        expect(button).to_be_visible()
        lines = button.evaluate(  # the text's line boxes: one top each
            "b => { const r = document.createRange(); r.selectNodeContents(b);"
            " return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"
        )
        fits = button.evaluate("b => b.scrollWidth <= b.clientWidth")
        assert (language, lines, fits) == (language, 1, True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360


FIVE = (*SEATS, "Hanne")  # five at the table, Hanne the widest name of them


@pytest.fixture
def five_at_the_table(club, season, start_sitting):
    """Anna, Bent, Carl, Dorte and Hanne at Bord 1, twenty deals dealt round the table, and in
    each of the twelve Bent plays in (the dealer and the one after him sit out) a tout of his:
    the others' totals run into four figures below zero, his own into four above."""
    add_members(club, ["Hanne"], role=Member.Role.SCORER)
    sitting = start_sitting(season, FIVE)
    dealers = [FIVE[k % 5] for k in range(20)]
    plays_in = [dealer for dealer in dealers if "Bent" in list(rules.danish.seat_order_from(dealer, FIVE))[:3]]
    play(sitting, [danish_deal(dealer, FIVE, tout="Bent", last_trick="Bent") for dealer in plays_in])
    return sitting


def test_every_figure_of_a_five_member_sheet_shows_whole(five_at_the_table, live_server, phone, screenshot):
    """Five members and the cups in 360 px: each total, change and name is drawn whole (never "−1…"),
    in a font a phone can still read, and the page is no wider than the phone."""
    page = phone
    sign_in(page, live_server.url, five_at_the_table)
    totals = page.locator("#totals td[data-points]")
    expect(totals).to_have_count(5)
    assert min(int(points) for points in totals.evaluate_all("cells => cells.map(c => c.dataset.points)")) <= -1000
    cut = page.evaluate(
        """() => [...document.querySelectorAll('#sheet th, #sheet td')]
            .filter(cell => cell.scrollWidth > cell.clientWidth)
            .map(cell => cell.innerText.replace(/\\s+/g, ' '))"""
    )
    assert cut == []
    heads = page.locator("#sheet thead th.member")
    expect(heads).to_have_text(list(FIVE))
    smallest = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('#sheet td strong, #sheet thead th')]
            .map(cell => parseFloat(getComputedStyle(cell).fontSize)))"""
    )
    assert smallest >= 10
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#totals").scroll_into_view_if_needed()
    screenshot("phone-sheet-five-members", full_page=False)
