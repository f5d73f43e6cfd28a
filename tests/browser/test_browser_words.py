"""The same twenty pages in Magyar, in Slovenian and in English on a phone (360×740): the club, the
score sheet and the deal form (its preview and breakdown open) of a Danish and of a Hungarian game, the
standings, a member, his statement as a page and as a PDF, a deal's audit and its correction, the
office's pages, the season form of a Danish and of a Hungarian rule set, and the log. None shows a
word only another language uses (`world.catalogues.own_words`) or a code name.

Member, table and season names are the club's own words, so they are chosen to be no language's.
"""

from __future__ import annotations

import datetime
import io
import re
import subprocess

import pypdf
import pytest
from django.conf import settings
from django.utils import timezone
from django.utils.translation import get_language_info
from playwright.sync_api import expect

import rules
from card_table import KROG, KROG_PASSWORD, PASSWORD, Taps, enter_dva, enter_klop, enter_plain_deal, tarok_krog
from club import families
from club.models import Member, Season, Table
from conftest import ARTIFACTS, new_phone
from rules.hungarian.texts import CONTRACTS, FIGURES, HAND_BONUSES, HONOURS, KINGS, NO_GAMES, OFFENCES
from rules.texts import Word
from world.catalogues import own_words, words
from world.clubs import add_members, make_season, make_table, start_sitting

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
LANGUAGE_NAMES = {get_language_info(code)["name_local"].lower() for code, _name in settings.LANGUAGES}
TABLES = ("rules", "phrases", "words", "fields")
SHOWN = {"season form, Királyhívó": "season-form", "club log": "log", "statement": "statement"}
# The preset ids of the registry's families that are no word of the name players give the game
# (vlk-2010 is "VLK 2010", kiralyhivo "Királyhívó"; paskievics is "Paskievics").
CODED_PRESETS = sorted(
    preset
    for family in rules.FAMILIES
    for preset in family.presets
    if preset not in family.preset_names.get(preset, preset).lower().split()
)
# Code names a page must not show: override and rule keys (silent_vs_contra, fine.revoke), the
# table's accounts (cup:pagat), preset ids where players name the game otherwise, stored note codes.
CODE_NAMES = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\b(?:cup|pot):\w+|\bfines?\.\w+|\b(?:"
    + "|".join(re.escape(preset) for preset in CODED_PRESETS)
    + r")\b"
)

# The games' own words, said alike in every language (`rules.texts.same`): hármas, szóló, Pagatkop.
GAME_WORDS = words(
    " ".join(
        [
            *(
                str(text)
                for family in rules.FAMILIES
                for table in TABLES
                for text in getattr(family.texts, table).values()
                if isinstance(text, Word)
            ),
            *(
                word
                for table in (CONTRACTS, FIGURES, HAND_BONUSES, NO_GAMES, OFFENCES, HONOURS, KINGS)
                for word in table.values()
            ),
        ]
    )
)


@pytest.fixture
def table(club, make_table) -> Table:
    return make_table(club, "T1")


@pytest.fixture
def season(club, make_season) -> Season:
    return make_season(club, name="2026 A")


@pytest.fixture
def world(sitting):
    """The test world's Danish sitting (vlk-2010) with Anna an official, and beside it a
    Paskievics season with the kassza and its sitting of four other members at a second table."""
    club = sitting.season.club
    Member.objects.filter(club=club, name="Anna").update(role=Member.Role.ADMIN)
    add_members(club, ["Ede", "Feri", "Gizi", "Hedi"], role=Member.Role.SCORER)
    today = timezone.localdate()
    season = make_season(
        club,
        "paskievics",
        name="2026 B",
        starts_on=today - datetime.timedelta(days=30),
        ends_on=today + datetime.timedelta(days=30),
        overrides={"pot": True},
        close="carry",
    )
    hungarian = start_sitting(season, ["Ede", "Feri", "Gizi", "Hedi"], at=make_table(club, "T2"), date=today)
    return sitting, hungarian


@pytest.fixture(params=["hu-HU", "sl-SI", "en-GB"])
def phone_in(browser, request):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale=request.param
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page, request.param[:2]
    context.close()


SIZES = """() => [
    ...(document.documentElement.scrollWidth > innerWidth ? [`${document.documentElement.scrollWidth} px wide`] : []),
    ...[...document.querySelectorAll('header.site nav a, header.site nav button, .report .links a')]
        .map(e => [e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([, box]) => box.width < 44 || box.height < 44)
        .map(([text, box]) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`),
    ...[...document.querySelectorAll('label.seg > span')]
        .filter(e => e.checkVisibility())
        .map(e => e.lastChild)
        .filter(t => t && t.nodeType === 3 && /^[^\\s\u00ad]+$/.test(t.textContent.trim()))
        .filter(t => { const r = document.createRange(); r.selectNodeContents(t);
                       return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1; })
        .map(t => `${t.textContent.trim()} broken`),
    ...[...document.querySelectorAll('svg.swatch')]
        .filter(e => e.getBoundingClientRect().height > 16)
        .map(e => `swatch ${Math.round(e.getBoundingClientRect().height)} px high`),
]"""


class Reader:
    """What each page says that it should not: other languages' words and code names, by page."""

    def __init__(self, language: str):
        vocabulary = own_words()
        self.language = language
        self.foreign = set().union(*(mine for other, mine in vocabulary.items() if other != language))
        self.foreign -= LANGUAGE_NAMES  # the language switch names each in its own words
        self.foreign -= GAME_WORDS
        self.found: dict[str, list[str]] = {}

    def read(self, name: str, text: str) -> None:
        for ruleset in (
            name for _preset, name in families.preset_choices()
        ):  # each rule set by the name its players use
            text = text.replace(ruleset, " ")
        problems = sorted(words(text) & self.foreign) + sorted(set(CODE_NAMES.findall(text)))
        if problems:
            self.found[name] = problems

    def page(self, name: str, page) -> None:
        expect(page.locator("html")).to_have_attribute("lang", self.language)
        self.read(name, page.title() + "\n" + page.locator("body").inner_text())
        # Its words fit the phone too: no page wider than 360 px (Magyar standings with a long name
        # were 376 beside "Idényeredmény"), no header or statement link smaller than a thumb (its
        # "Állás" was 38 px wide, the statement's "PDF (A4)" 23 px high), the chart's legend swatches
        # a swatch's size, not the chart's, and a button's one word broken only at its soft hyphen
        # (Magyar's megmentve was "megme/ntve", Slovenian izgubljen "izgublje/n").
        misfits = page.evaluate(SIZES)
        if misfits:
            self.found[f"{name}: sizes"] = misfits


def test_twenty_pages_speak_one_language(world, live_server, phone_in):
    danish, hungarian = world
    page, language = phone_in
    reader = Reader(language)
    ARTIFACTS.mkdir(exist_ok=True)
    base = f"{live_server.url}/c/nordvest"
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "anna")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()

    page.goto(f"{base}/sittings/{danish.pk}/")
    enter_plain_deal(Taps(page))
    expect(page.locator("#preview-net .net")).to_be_visible()
    page.click("#settlement-detail summary")
    reader.page("Danish deal form", page)
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    reader.page("Danish score sheet", page)

    page.goto(f"{base}/sittings/{hungarian.pk}/")
    page.click("#new-deal")
    for field, value in (("contract", "three"), ("declarer", "Feri"), ("call_card", "20"), ("partner", "Gizi")):
        page.locator(f'#field-{field} input[value="{value}"] + span').click()
    page.fill("#id_card_points", "50")
    page.locator("#id_card_points").dispatch_event("change")
    expect(page.locator("#preview-net .net")).to_be_visible()
    page.click("#settlement-detail summary")
    reader.page("Hungarian deal form", page)
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    reader.page("Hungarian score sheet", page)

    page.goto(f"{base}/sittings/{danish.pk}/deals/1/correct/")
    page.fill("#id_reason", "Dorte 30")
    page.locator('#field-last_trick input[value="Dorte"] + span').click()
    page.click("#preview-correction")
    expect(page.locator("#confirm-correction")).to_be_visible()
    reader.page("correction", page)
    page.click("#confirm-correction")
    expect(page.locator("#deal-1")).to_be_visible()

    anna = danish.seats.get(name="Anna").member
    month = danish.date.strftime("%Y-%m")
    for name, path in (
        ("club page", "/"),
        ("standings", "/standings/"),
        ("member page", f"/members/{anna.pk}/"),
        ("statement", f"/members/{anna.pk}/statements/{month}/"),
        ("audit page", f"/deals/{danish.deals.get(number=1).pk}/audit/"),
        ("office: members", "/office/members/"),
        ("office: a member", f"/office/members/{anna.pk}/"),
        ("office: seasons", "/office/seasons/"),
        ("office: payments", "/office/payments/"),
        ("office: tables", "/office/tables/"),
        ("season form, VLK 2010", "/office/seasons/new/?preset=vlk-2010"),
        ("season form, Királyhívó", "/office/seasons/new/?preset=kiralyhivo"),
        ("club log", "/log/"),
    ):
        page.goto(f"{base}{path}")
        reader.page(name, page)
        if name in SHOWN:  # for the record of the change: what a Magyar, Slovenian or English reader sees
            page.screenshot(path=str(ARTIFACTS / f"words-{language}-{SHOWN[name]}.png"), full_page=True)

    # The PDF the statement page links to, asked for as the phone's browser asks (its Accept-Language).
    pdf = page.request.get(f"{base}/members/{anna.pk}/statements/{month}.pdf", headers={"Accept-Language": language})
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    kept = ARTIFACTS / f"words-{language}-statement.pdf"
    kept.write_bytes(pdf.body())
    pdf_png = kept.with_name(f"words-{language}-statement-pdf")  # pdftoppm adds .png
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-singlefile", str(kept), str(pdf_png)], check=True)
    reader.read("statement PDF", "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf.body())).pages))

    assert reader.found == {}


def test_every_page_of_a_slovenian_club_speaks_slovenian(live_server, browser):
    """Tarok Krog plays Slovenian tarok only: in `sl` its deal form (a klop, then a dva with its
    kontra, bonuses and settlement open), the sheet with radelci, a correction, the close, the
    standings, a member and his statement (page and PDF), the audit page, the office (the season
    form of the Slovenian rule set) and the log show no other language's word and no code name."""
    season = tarok_krog()
    sitting = start_sitting(season, KROG, at=season.club.tables.get(), date=timezone.localdate())
    page = new_phone(browser, "sl-SI")
    reader = Reader("sl")
    base = f"{live_server.url}/c/krog"
    page.goto(f"{live_server.url}/login/")
    reader.page("login", page)
    page.fill("#id_username", "ana")
    page.fill("#id_password", KROG_PASSWORD)
    page.locator("main button[type=submit]").click()

    page.goto(f"{base}/sittings/{sitting.pk}/")
    page.click("#new-deal")
    page.click("#glossary summary")
    reader.page("deal form", page)
    enter_klop(page)
    expect(page.locator("#preview-net .net")).to_be_visible()
    page.click("#settlement-detail summary")
    reader.page("deal form, klop", page)
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    page.click("#new-deal")
    enter_dva(page)
    reader.page("deal form, dva", page)
    page.click("#save-deal")
    expect(page.locator("#deal-2")).to_be_visible()
    page.click("#undo summary")
    reader.page("score sheet", page)

    page.goto(f"{base}/sittings/{sitting.pk}/deals/1/correct/")
    page.fill("#id_reason", "Dana 16")
    page.fill("#id_klop_3", "16")
    page.click("#preview-correction")
    expect(page.locator("#confirm-correction")).to_be_visible()
    reader.page("correction", page)
    page.click("#confirm-correction")
    expect(page.locator("#deal-1")).to_be_visible()
    page.click("details.danger-zone summary")
    page.click("#close-sitting")
    expect(page.locator("#confirm-close")).to_be_visible()
    reader.page("close", page)
    page.click("#confirm-close")
    expect(page.locator("#totals")).to_be_visible()
    reader.page("closed score sheet", page)

    ana = sitting.seats.get(name="Ana").member
    month = sitting.date.strftime("%Y-%m")
    for name, path in (
        ("club page", "/"),
        ("standings", "/standings/"),
        ("member page", f"/members/{ana.pk}/"),
        ("statement", f"/members/{ana.pk}/statements/{month}/"),
        ("audit page", f"/deals/{sitting.deals.get(number=1).pk}/audit/"),
        ("office: members", "/office/members/"),
        ("office: a member", f"/office/members/{ana.pk}/"),
        ("office: seasons", "/office/seasons/"),
        ("office: the season", f"/office/seasons/{season.pk}/"),
        ("office: payments", "/office/payments/"),
        ("office: tables", "/office/tables/"),
        ("season form, Slovenian tarok", "/office/seasons/new/?preset=slovenian"),
        ("club log", "/log/"),
    ):
        page.goto(f"{base}{path}")
        reader.page(name, page)

    pdf = page.request.get(f"{base}/members/{ana.pk}/statements/{month}.pdf", headers={"Accept-Language": "sl"})
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    reader.read("statement PDF", "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf.body())).pages))
    page.context.close()

    assert reader.found == {}
