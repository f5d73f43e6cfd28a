"""Playwright in Debian's Chromium (never a downloaded browser), at a phone's 360×740.

The sync API runs an event loop in the test's thread, which makes Django refuse database calls
there unless told that this is deliberate: the browser tests say so for themselves only (the
variable must not leak, `check --deploy` refuses it), and the browser lives per module, so its
loop is gone before other tests run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.servers.basehttp import WSGIRequestHandler

from card_table import NETWORK_DOWN, PASSWORD, SEATS, wait_for_the_server
from club.models import Club, Member

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module", autouse=True)
def _database_calls_beside_playwrights_loop():
    # Module-wide, so the database flush after each test (outlived by the browser) may run too.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def club(make_club) -> Club:
    """Nordvest Tarok: Anna, Bent, Carl and Dorte, scorers who log in with their names in lower
    case. Its season (vlk-2010, around today), Bord 1 and sitting are the test world's."""
    return make_club("Nordvest Tarok", "nordvest", SEATS, role=Member.Role.SCORER, logins=True, password=PASSWORD)


@pytest.fixture(scope="module")
def browser(_database_calls_beside_playwrights_loop):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session", autouse=True)
def _patient_expectations():
    # A busy machine (the suite beside other work) can take more than expect's 5 s to answer.
    from playwright.sync_api import expect

    expect.set_options(timeout=15_000)


@pytest.fixture(autouse=True)
def _phones_closed_before_the_flush(browser, transactional_db):
    """Every phone a test opened (its own `phone`, a second phone made in the test) is closed
    before the live server's database is flushed: an open page (its service worker fetching the
    sheet, its offline queue retrying) would otherwise hold a table while the flush deletes it."""
    yield
    for context in browser.contexts:
        context.close()
    # A request the page sent just before it closed may still be answered: wait for it.
    wait_for_the_server()


def new_phone(browser, locale: str, **options):
    """A new page as a phone sees it: 360×740, touch, `locale` first."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale, **options
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


@pytest.fixture
def phone(browser):
    """A page as a Danish member's phone sees it: 360×740, touch, Danish first."""
    page = new_phone(browser, "da-DK")
    yield page
    page.context.close()


@pytest.fixture
def screenshot(phone):
    ARTIFACTS.mkdir(exist_ok=True)

    def take(name: str, *, full_page: bool = True) -> Path:
        path = ARTIFACTS / f"{name}.png"
        phone.screenshot(path=str(path), full_page=full_page)
        return path

    return take


@pytest.fixture(autouse=True)
def _network_down_while_offline(monkeypatch):
    """While a test is offline (card_table.go_offline), the live server closes each connection unanswered."""
    # The request handler's own method, so that a connection kept alive from before is cut too.
    parse = WSGIRequestHandler.parse_request

    def parse_request(handler):
        if not parse(handler):
            return False
        if NETWORK_DOWN.is_set():
            handler.close_connection = True
            return False
        return True

    monkeypatch.setattr(WSGIRequestHandler, "parse_request", parse_request)
    yield
    NETWORK_DOWN.clear()
