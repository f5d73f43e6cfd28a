"""axe-core on every page of the card table, the reports and the officials, at 360×740: no
violations, and nothing wider than the screen.

axe-core comes from the axe-playwright-python package (its axe.min.js), injected into the page.
The site's Content-Security-Policy allows no script but its own, so the test browser alone
bypasses it (`bypass_csp=True` on this context); the pages themselves are served as always.
"""

from __future__ import annotations

import datetime

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from django.utils import timezone
from playwright.sync_api import expect

from card_table import KROG, KROG_PASSWORD, PASSWORD, Taps, enter_dva, enter_klop, enter_plain_deal, log_in, tarok_krog
from club.models import Member, PaymentReminder
from club.services import money
from conftest import new_phone
from world.clubs import start_sitting

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def sitting(sitting):
    Member.objects.filter(name="Anna").update(role=Member.Role.ADMIN)  # the officials' pages too
    return sitting


@pytest.fixture(params=["da-DK", "en-GB", "hu-HU"])
def phone_without_csp(browser, request):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale=request.param, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


def office_pages(base: str, member: int, season: int) -> list[tuple[str, str]]:
    return [
        ("office: members", f"{base}/office/members/"),
        ("office: new member", f"{base}/office/members/new/"),
        ("office: a member", f"{base}/office/members/{member}/"),
        ("office: seasons", f"{base}/office/seasons/"),
        ("office: new season", f"{base}/office/seasons/new/"),
        ("office: a season", f"{base}/office/seasons/{season}/"),
        ("office: payments", f"{base}/office/payments/"),
        ("office: how members pay", f"{base}/office/payments/details/"),
        ("office: debtors", f"{base}/office/debtors/"),
        ("office: exports", f"{base}/office/exports/"),
        ("office: import members", f"{base}/office/members/import/"),
        ("office: close a season", f"{base}/office/seasons/{season}/close/"),
        ("office: season summary", f"{base}/office/seasons/{season}/summary/"),
        ("office: tables", f"{base}/office/tables/"),
    ]


def violations(page) -> list[str]:
    """axe-core's violations on the page as it stands: rule, impact and the elements it names."""
    page.evaluate(AXE_SCRIPT)
    # Also the experimental check that a control's name contains its visible text (the steppers).
    result = page.evaluate(
        "axe.run(document, {resultTypes: ['violations'], rules: {'label-content-name-mismatch': {enabled: true}}})"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in result["violations"]
    ]


def too_wide(page) -> list[str]:
    return page.evaluate(
        """() => document.documentElement.scrollWidth <= window.innerWidth ? [] :
            [...document.querySelectorAll('body *')]
              .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
              .slice(0, 8).map(e => e.tagName + '.' + e.className + ':' + Math.round(e.getBoundingClientRect().right))"""
    )


def check(page, name: str, found: dict) -> None:
    problems = violations(page) + [f"wider than 360 px: {w}" for w in too_wide(page)]
    if problems:
        found[name] = problems


def test_axe_finds_no_violation_on_the_pages_of_the_table_reports_and_officials(
    sitting, live_server, phone_without_csp
):
    page = phone_without_csp
    base = f"{live_server.url}/c/nordvest"
    found: dict[str, list[str]] = {}

    page.goto(f"{live_server.url}/login/")
    check(page, "login", found)
    page.fill("#id_username", "anna")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.goto(f"{base}/sittings/{sitting.pk}/")

    enter_plain_deal(Taps(page))
    expect(page.locator("#preview-net .net")).to_be_visible()
    page.click("#settlement-detail summary")
    check(page, "deal form", found)
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    page.click("#undo summary")
    check(page, "score sheet", found)

    page.goto(f"{base}/sittings/{sitting.pk}/deals/1/correct/")
    check(page, "correction form", found)
    page.fill("#id_reason", "Dorte tog sidste stik")
    page.locator('#field-last_trick input[value="Dorte"] + span').click()
    page.click("#preview-correction")
    expect(page.locator("#confirm-correction")).to_be_visible()
    check(page, "correction preview", found)
    page.click("#confirm-correction")
    expect(page.locator("#deal-1")).to_be_visible()

    page.goto(f"{base}/sittings/{sitting.pk}/")
    page.click("details.danger-zone summary")
    page.click("#close-sitting")
    expect(page.locator("main h1")).to_be_visible()
    check(page, "close page", found)

    deal = sitting.deals.get(number=1)
    anna = sitting.seats.get(name="Anna").member
    # A reminder she was sent: a line of her row on the debtors' page, a row of her office page.
    saldo = money.saldo(anna)
    assert saldo != 0  # so she is on the debtors' list
    PaymentReminder.objects.create(club=anna.club, member=anna, month=sitting.date.replace(day=1), saldo_ore=saldo)
    month = sitting.date.strftime("%Y-%m")
    for name, url in (
        ("club page", f"{base}/"),
        ("standings", f"{base}/standings/"),
        ("member page", f"{base}/members/{anna.pk}/"),
        ("statement", f"{base}/members/{anna.pk}/statements/{month}/"),
        ("audit page", f"{base}/deals/{deal.pk}/audit/"),  # two versions: what the correction changed
        ("club log", f"{base}/log/"),
        ("new sitting", f"{base}/sittings/new/"),
        ("offline page", f"{live_server.url}/offline/"),
        *office_pages(base, anna.pk, sitting.season_id),
    ):
        page.goto(url)
        check(page, name, found)

    assert not found, "\n".join(f"{name}: {problem}" for name, problems in found.items() for problem in problems)


@pytest.fixture
def paskievics_sitting(make_club, make_season, make_table):
    """Paskievics with the kassza (`"pot": true`) at a table of four, Anna an official."""
    club = make_club(
        "Budai Tarokk Kör",
        "buda",
        ("Anna", "Bent", "Carl", "Dorte"),
        role=Member.Role.SCORER,
        roles={"Anna": Member.Role.ADMIN},
        logins=True,
        password=PASSWORD,
    )
    today = timezone.localdate()
    season = make_season(
        club,
        "paskievics",
        name="Tél",
        starts_on=today - datetime.timedelta(days=30),
        ends_on=today + datetime.timedelta(days=30),
        overrides={"pot": True},
        close="carry",
    )
    return start_sitting(season, at=make_table(club, "Asztal"), date=today)


def test_axe_finds_no_violation_on_the_hungarian_table(paskievics_sitting, live_server, phone_without_csp):
    """The Hungarian form, its score sheet with the kassza, a correction, the audit page of it
    and the close page, in each language."""
    page = phone_without_csp
    sitting = paskievics_sitting
    base = f"{live_server.url}/c/buda"
    found: dict[str, list[str]] = {}
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "anna")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.goto(f"{base}/sittings/{sitting.pk}/")

    page.click("#new-deal")
    for field, value in (("contract", "three"), ("declarer", "Bent"), ("call_card", "20"), ("partner", "Carl")):
        page.locator(f'#field-{field} input[value="{value}"] + span').click()
    page.fill("#id_card_points", "50")
    page.locator("#id_card_points").dispatch_event("change")
    expect(page.locator("#preview-net .net")).to_be_visible()
    page.click("#settlement-detail summary")
    check(page, "hungarian deal form", found)
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    check(page, "hungarian score sheet", found)

    page.goto(f"{base}/sittings/{sitting.pk}/deals/1/correct/")
    check(page, "hungarian correction form", found)
    page.fill("#id_reason", "Bent talte forkert")
    page.fill("#id_card_points", "40")
    page.locator("#id_card_points").dispatch_event("change")
    page.click("#preview-correction")
    expect(page.locator("#confirm-correction")).to_be_visible()
    check(page, "hungarian correction preview", found)
    page.click("#confirm-correction")
    expect(page.locator("#deal-1")).to_be_visible()

    page.goto(f"{base}/deals/{sitting.deals.get(number=1).pk}/audit/")
    check(page, "hungarian audit page", found)
    page.goto(f"{base}/")
    check(page, "hungarian club page", found)
    page.goto(f"{base}/sittings/{sitting.pk}/")
    page.click("details.danger-zone summary")
    page.click("#close-sitting")
    expect(page.locator("main h1")).to_be_visible()
    check(page, "hungarian close page", found)

    assert not found, "\n".join(f"{name}: {problem}" for name, problems in found.items() for problem in problems)


@pytest.fixture
def slovenian_sitting(db):
    season = tarok_krog()
    return start_sitting(season, KROG, at=season.club.tables.get(), date=timezone.localdate())


def test_axe_finds_no_violation_on_the_slovenian_table(slovenian_sitting, live_server, browser):
    """The Slovenian deal form in Slovenian (a klop, then a dva with its kontra, bonuses and
    settlement open), its score sheet with radelci and the undo open, and a correction."""
    page = new_phone(browser, "sl-SI", bypass_csp=True)
    sitting = slovenian_sitting
    base = f"{live_server.url}/c/krog"
    found: dict[str, list[str]] = {}
    log_in(page, live_server.url, "ana", KROG_PASSWORD)
    page.goto(f"{base}/sittings/{sitting.pk}/")

    page.click("#new-deal")
    check(page, "slovenian deal form, no contract yet", found)
    enter_klop(page)
    expect(page.locator("#id_klop_3")).to_have_value("15")
    check(page, "slovenian deal form, klop", found)
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()

    page.click("#new-deal")
    enter_dva(page)
    check(page, "slovenian deal form, dva", found)
    page.click("#save-deal")
    expect(page.locator("#deal-2")).to_be_visible()
    page.click("#undo summary")
    check(page, "slovenian score sheet", found)

    page.goto(f"{base}/sittings/{sitting.pk}/deals/1/correct/")
    check(page, "slovenian correction form", found)
    page.context.close()

    assert not found, "\n".join(f"{name}: {problem}" for name, problems in found.items() for problem in problems)
