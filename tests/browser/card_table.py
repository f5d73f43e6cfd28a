"""What the browser tests of the Danish table share: the login of Nordvest Tarok's four scoring
members (the club is conftest's `club`, its sitting the test world's), a thumb that counts its
taps, and the plain deal every test starts from (the figures are in test_browser_card_table's
docstring). And the Slovenian club the Slovenian, axe and words tests play in (`tarok_krog`)."""

from __future__ import annotations

import datetime
import threading
import time

PASSWORD = "kort-og-kopper-2026"
SEATS = ("Anna", "Bent", "Carl", "Dorte")
START = [-40, -40, -40, -40]
AFTER_PLAIN = [-60, 0, -40, -70]
AFTER_ULTIMO = [-310, -25, 160, -90]


KROG_PASSWORD = "radelc-in-klop-2026"
KROG = ("Ana", "Bor", "Cene", "Dana")


def tarok_krog():
    """Tarok Krog: Ana (the club's admin), Bor, Cene and Dana, who log in with their names in lower
    case; a Slovenian season around today at 10 øre a point (its name, S26, and the table's, M1,
    are no language's words). Answers the season."""
    from django.utils import timezone

    from club.models import Member
    from world.clubs import make_club, make_season, make_table

    roles = {"Ana": Member.Role.ADMIN}
    club = make_club(
        "Tarok Krog", "krog", KROG, role=Member.Role.SCORER, roles=roles, logins=True, password=KROG_PASSWORD
    )
    today = timezone.localdate()
    month = datetime.timedelta(days=30)
    season = make_season(
        club, "slovenian", name="S26", starts_on=today - month, ends_on=today + month, point_value_ore=10
    )
    make_table(club, "M1")
    return season


def log_in(page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.locator("main button[type=submit]").click()


def enter_klop(page) -> None:
    """On Tarok Krog's deal form: klop, Ana 20, Bor 18, Cene 17 (Dana's 15 the form fills in)."""
    page.locator('#field-contract input[value="klop"] + span').click()
    for seat, points in enumerate((20, 18, 17)):
        page.fill(f"#id_klop_{seat}", str(points))
        page.locator(f"#id_klop_{seat}").dispatch_event("change")


def enter_dva(page) -> None:
    """On Tarok Krog's deal form: dva, Ana with Cene, 48, Dana's mond caught; the kontra and the
    bonuses opened, and the settlement line by line once the preview shows."""
    for field, value in (("contract", "two"), ("declarer", "Ana"), ("partner", "Cene"), ("mondfang", "Dana")):
        page.locator(f'#field-{field} input[value="{value}"] + span').click()
    page.fill("#id_card_points", "48")
    page.locator("#id_card_points").dispatch_event("change")
    page.click("details.fold-one:has(#field-kontra) > summary")
    page.click("details.bonuses > summary")
    page.locator("#preview-net .net").wait_for()
    page.click("#settlement-detail summary")


class Taps:
    """Counts what a thumb does: each tap, and each field typed into (the typing is counted apart)."""

    def __init__(self, page):
        self.page, self.taps, self.typed = page, 0, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.taps += 1

    def type(self, selector: str, text: str) -> None:
        field = self.page.locator(selector)
        field.fill(text)  # a tap into the field and the digits: "typing the counts"
        field.dispatch_event("change")
        self.typed += 1


def sign_in(page, base: str, sitting) -> str:
    page.goto(f"{base}/login/")
    page.fill("#id_username", "anna")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    url = f"{base}/c/nordvest/sittings/{sitting.pk}/"
    page.goto(url)
    return url


def totals(page) -> list[int]:
    return [
        int(v)
        for v in page.locator("#totals td[data-points]").evaluate_all("cells => cells.map(c => c.dataset.points)")
    ]


def cups(page) -> tuple[int, int]:
    return int(page.locator("#cups-now [data-cup=pagat]").inner_text()), int(
        page.locator("#cups-now [data-cup=king]").inner_text()
    )


def grid_button(field: str, holder: str, fate: str) -> str:
    return f'#field-{field} input[value="{holder}:{fate}"] + span'


def seg_button(field: str, value: str) -> str:
    return f'#field-{field} input[value="{value}"] + span'


def enter_plain_deal(taps: Taps) -> None:
    """Deal 1: Bent saves the Pagat and takes the last trick; Anna counts 39, Dorte 19."""
    taps.tap("#new-deal")
    taps.tap(grid_button("pagat", "Bent", "saved"))
    taps.tap(seg_button("last_trick", "Bent"))
    taps.type("#id_dealer_count", "39")
    taps.type("#id_middlehand_count", "19")


def wait_for_the_server(seconds: float = 10) -> None:
    """Until the live server answers no request: a page's service worker may still be fetching
    the sheet, and SQLite's shared in-memory database refuses a write beside it ("table is locked")."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any("process_request_thread" in t.name for t in threading.enumerate()):
        time.sleep(0.05)


# Set while the phone is offline: the live server then reads each request and closes its
# connection unanswered, to the browser a network that fails. It cuts every browser the test has
# open, not one phone: a test with a second phone online at the same time would need more.
NETWORK_DOWN = threading.Event()


def _no_network(route):
    route.abort("internetdisconnected")


def go_offline(page) -> None:
    """No request reaches the server. The emulated offline state covers neither the service
    worker's requests nor, at first, a page just navigated to, so every request that leaves the
    browser is refused too; and a request that gets past both (now and then, a page's fetch that
    its service worker passed on) finds the server's end of the network down."""
    page.context.set_offline(True)
    page.context.route("**/*", _no_network)
    NETWORK_DOWN.set()


def go_online(page) -> None:
    NETWORK_DOWN.clear()
    page.context.unroute("**/*", _no_network)
    page.context.set_offline(False)
