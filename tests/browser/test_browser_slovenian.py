"""An evening of Slovenian tarok on a 360 px phone in Slovenian: a sitting of four started, a klop,
a called-king game doubled by a radelc with kontra and a mondfang, a beggar lost with re, a
three; the klop corrected into a three, which takes the radelci that doubled the two deals after
it; a deal voided; the close with the radelci still held. Then the sheet, Bor's page and his
statement PDF. And the deal form as tapped: a plain "dva" in five taps and the points, with what
its contract does not ask hidden.

Worked by hand from slovenian-tarok.md with the defaults (difference rounded to 5, R21; kontra ×2,
re ×4, R30; a radelc doubles the declarer's side once and is crossed off when he wins, R51, R52;
mondfang −20, R40; klop rounded to 5, R61; radelci to all after klop and beggar, R50; −100 per
radelc at the close, R80; money points n·score − Σ scores, R81). Ana, Bor, Cene and Dana sit in that
order; Ana deals first. Scores are the paper sheet's, money points (m) what the ledger posts at the
season's 10 øre a point. Radelci held after each deal in brackets, Ana Bor Cene Dana; the sheet
draws each held ○ and each crossed off ⊗.

    deal 1  Ana deals; klop: Ana 20, Bor 18, Cene 17, Dana the rest 70 − 55 = 15 (the form
            fills it in); rounded −20 −20 −15 −15, nobody empty or full      radelci [1 1 1 1]
            Σ −70: m  A −80+70 = −10   B −10   C −60+70 = +10   D +10
    deal 2  Bor deals; dva, Ana with Cene, 48: |48 − 35| = 13 → 15; kontra: (20 + 15) × 2 = 70;
            Ana holds a radelc: × 2 = 140 to Ana and Cene, won: hers crossed off; Dana's mond
            caught: −20 (never doubled)                                      radelci [0 1 1 1]
            A 140 B 0 C 140 D −20, Σ 260: m  A +300  B −260  C +300  D −340
    deal 3  Cene deals; berač by Bor, lost, re: −70 × 4 = −280, Bor's radelc × 2 = −560, kept
            (a lost game); then one to each                                  radelci [1 2 2 2]
            m  B −4·560 + 560 = −1680, the others +560
    deal 4  Dana deals; tri, Dana with Ana, 40: 5 → 5; 10 + 5 = 15, Dana's radelc × 2 = 30 each,
            crossed off                                                      radelci [1 2 2 1]
            Σ 60: m  A +60  B −60  C −60  D +60
            the sheet's own totals  A 150  B −580  C 125  D −5;  money  A 910  B −2010  C 810  D 290
    correct deal 1: it was tri, Bor with Cene, 40: 15 each, no radelci (m  A −30  B +30  C +30  D −30).
            So deal 2 is not doubled: 70 to Ana and Cene (m +160 −120 +160 −200), no radelc
            crossed off; deal 3 is not doubled: −280 (m B −840, the others +280), then
            radelci [1 1 1 1]; deal 4 stays 30 each (Dana's one radelc), crossed off: [1 1 1 0].
            Changes in money: deal 1  A −20 B +40 C +20 D −40; deal 2  A −140 B +140 C −140 D +140;
            deal 3  A −280 B +840 C −280 D −280; deal 4 none
            the sheet's own totals  A 100  B −265  C 85  D 10;  money  A 470  B −990  C 410  D 110
    deal 5  Ana deals; berač by Cene, made: 70, Cene's radelc × 2 = 140 (m C +420, the others
            −140); voided (undo): the totals return, radelci [1 1 1 0]
    close   −100 per radelc held: A −100 B −100 C −100 D 0, Σ −300: m  −100 −100 −100 +300
            the sheet's own totals  A 0  B −365  C −15  D 10
            money  A 370  B −1090  C 310  D 410 (sum 0) = saldo at 10 øre: A 37,00 B −109,00 C 31,00 D 41,00 kr.

`python -m rules replay` of the corrected sitting answers the same balances (370, −1090, 310, 410).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pytest
from django.utils import timezone
from playwright.sync_api import expect

from card_table import KROG, KROG_PASSWORD, Taps, tarok_krog
from club.models import Deal
from conftest import new_phone
from world.clubs import start_sitting

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = KROG_PASSWORD
NAMES = KROG
SHOTS = Path("/work/shots")


@pytest.fixture
def krog(db):
    return tarok_krog()


@pytest.fixture
def telefon(browser):
    """A Slovenian member's phone: 360×740, touch, Slovenian first."""
    page = new_phone(browser, "sl-SI")
    yield page
    page.context.close()


def sign_in(page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", "ana")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{base}/c/krog/")


def button(field: str, value: str) -> str:
    return f'#field-{field} input[value="{value}"] + span'


def unfold(page, field: str) -> None:
    """Opens the fold a field waits in (kontra on the game)."""
    page.locator(f"details.fold-one:has(#field-{field}) > summary").click()


def nets(page) -> dict[str, int]:
    spans = page.locator("#preview-net .net [data-name]")
    expect(spans.first).to_be_visible()
    return dict(spans.evaluate_all("ss => ss.map(s => [s.dataset.name, +s.dataset.points])"))


def expect_nets(page, wanted: dict[str, int]) -> None:
    for name, points in wanted.items():
        expect(page.locator(f"#preview-net .net [data-name={name}]")).to_have_attribute("data-points", str(points))


def money(page) -> list[int]:
    cells = page.locator("#totals td[data-points]")
    return [int(v) for v in cells.evaluate_all("cells => cells.map(c => c.dataset.points)")]


def own(page, number: int) -> list[tuple[int, str]]:
    """The game's own sheet after deal `number`: each member's running total and radelci as drawn
    (○ held, ⊗ crossed off)."""
    cells = page.locator(f"#deal-{number} small.own")
    return [
        (int(total), marks)
        for total, marks in cells.evaluate_all(
            "cs => cs.map(c => [c.dataset.own, (c.querySelector('.marks [aria-hidden]') || {textContent: ''}).textContent])"
        )
    ]


def deltas(table) -> dict[str, int]:
    rows = table.locator("tbody tr")
    return {
        name: int(delta) for name, delta in rows.evaluate_all("rs => rs.map(r => [r.dataset.name, r.dataset.delta])")
    }


def enter(page, dealer: str, contract: str, *choices: tuple[str, str], points: int | None = None, kontra: int = 0):
    """A new deal: its dealer filled in already, the contract and each (field, value) tapped, the
    card points typed, the kontra fold opened for a kontra."""
    page.click("#new-deal")
    expect(page.locator(f"#field-dealer input[value={dealer}]")).to_be_checked()
    page.click(button("contract", contract))
    for field, value in choices:
        page.click(button(field, value))
    if points is not None:
        fill(page, "#id_card_points", points)
    if kontra:
        unfold(page, "kontra")
        page.click(button("kontra", str(kontra)))


def record(sitting, number: int) -> dict:
    return Deal.objects.get(sitting=sitting, number=number).current_version.record


def fill(page, selector: str, value: int) -> None:
    field = page.locator(selector)
    field.fill(str(value))
    field.dispatch_event("change")


def test_an_evening_of_slovenian_tarok(krog, live_server, telefon):
    page = telefon
    base = live_server.url
    SHOTS.mkdir(exist_ok=True)
    sign_in(page, base)

    # The sitting: four seats in order, Ana deals first.
    page.click("#start-sitting")
    for seat, name in enumerate(NAMES):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.select_option("#id_first_dealer", label="Ana")
    page.click("#start")
    expect(page.locator("#new-deal")).to_be_visible()
    sitting = krog.sittings.get()

    # Deal 1: klop; the last pile is the rest of 70.
    page.click("#new-deal")
    expect(page.locator(button("dealer", "Ana")).locator("xpath=../input")).to_be_checked()
    page.click(button("contract", "klop"))
    fill(page, "#id_klop_0", 20)
    fill(page, "#id_klop_1", 18)
    fill(page, "#id_klop_2", 17)
    expect(page.locator("#id_klop_3")).to_have_value("15")
    expect_nets(page, {"Ana": -10, "Bor": -10, "Cene": 10, "Dana": 10})
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    assert own(page, 1) == [(-20, "○"), (-20, "○"), (-15, "○"), (-15, "○")]

    # Deal 2: dva, Ana with Cene, 48, kontra, Dana's mond caught; Ana's radelc doubles it.
    enter(page, "Bor", "two", ("declarer", "Ana"), ("partner", "Cene"), ("mondfang", "Dana"), points=48, kontra=1)
    expect_nets(page, {"Ana": 300, "Bor": -260, "Cene": 300, "Dana": -340})
    page.locator("#field-contract").evaluate("field => field.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(SHOTS / "sl-deal-form.png"))
    page.click("#save-deal")
    expect(page.locator("#deal-2")).to_be_visible()
    assert own(page, 2) == [(120, "⊗"), (-20, "○"), (125, "○"), (-35, "○")]  # Ana won: hers crossed off

    # Deal 3: berač by Bor, lost, with re: his radelc doubles it and stays.
    enter(page, "Cene", "beggar", ("declarer", "Bor"), ("won", "no"), kontra=2)
    expect_nets(page, {"Ana": 560, "Bor": -1680, "Cene": 560, "Dana": 560})
    page.click("#save-deal")
    expect(page.locator("#deal-3")).to_be_visible()
    assert own(page, 3) == [(120, "⊗○"), (-580, "○○"), (125, "○○"), (-35, "○○")]

    # Deal 4: tri, Dana with Ana, 40: Dana's radelc doubles it.
    enter(page, "Dana", "three", ("declarer", "Dana"), ("partner", "Ana"), points=40)
    expect_nets(page, {"Ana": 60, "Bor": -60, "Cene": -60, "Dana": 60})
    page.click("#save-deal")
    expect(page.locator("#deal-4")).to_be_visible()
    assert own(page, 4) == [(150, "⊗○"), (-580, "○○"), (125, "○○"), (-5, "⊗○")]
    assert money(page) == [910, -2010, 810, 290]

    # Correct deal 1: it was tri, Bor with Cene, 40. The radelci that doubled deals 2 and 3 go.
    page.click("#deal-1 a.correct-link")
    expect(page.locator("#field-contract input[value=klop]")).to_be_checked()
    expect(page.locator("#id_klop_3")).to_have_value("15")
    page.click(button("contract", "three"))
    expect(page.locator("#field-klop_0")).to_be_hidden()  # klop's piles leave with klop
    page.click(button("declarer", "Bor"))
    page.click(button("partner", "Cene"))
    fill(page, "#id_card_points", 40)
    page.fill("#id_reason", "Ni bil klop, ampak tri.")
    page.click("#preview-correction")
    changes = page.locator("#changes")
    expect(changes).to_be_visible()
    assert [re.search(r"\d+", h).group() for h in changes.locator("h3").all_inner_texts()] == ["1", "2", "3"]
    deal_1, deal_2, deal_3 = changes.locator("table").all()
    assert deltas(deal_1) == {"Ana": -20, "Bor": 40, "Cene": 20, "Dana": -40}
    assert deltas(deal_2) == {"Ana": -140, "Bor": 140, "Cene": -140, "Dana": 140}
    assert deltas(deal_3) == {"Ana": -280, "Bor": 840, "Cene": -280, "Dana": -280}
    page.click("#confirm-correction")
    expect(page.locator("#deal-1 abbr")).to_be_visible()
    corrected = {"dealer": "Ana", "contract": "three", "declarer": "Bor", "partner": "Cene", "card_points": 40}
    assert record(sitting, 1) == corrected
    assert own(page, 1) == [(0, ""), (15, ""), (15, ""), (0, "")]
    assert own(page, 2) == [(70, ""), (15, ""), (85, ""), (-20, "")]
    assert own(page, 3) == [(70, "○"), (-265, "○"), (85, "○"), (-20, "○")]
    assert own(page, 4) == [(100, "○"), (-265, "○"), (85, "○"), (10, "⊗")]
    assert money(page) == [470, -990, 410, 110]

    # Deal 5: berač made by Cene, then voided: the totals return.
    enter(page, "Ana", "beggar", ("declarer", "Cene"), ("won", "yes"))
    expect_nets(page, {"Ana": -140, "Bor": -140, "Cene": 420, "Dana": -140})
    page.click("#save-deal")
    expect(page.locator("#deal-5")).to_be_visible()
    assert money(page) == [330, -1130, 830, -30]
    page.click("#undo summary")
    page.fill("#id_void_reason", "Vneseno dvakrat")
    page.click("#void-deal")
    expect(page.locator("#deal-5.void")).to_be_visible()
    assert money(page) == [470, -990, 410, 110]

    # The close: −100 per radelc still held.
    page.click("details.danger-zone summary")
    page.click("#close-sitting")
    preview = page.locator("#close-preview .net [data-name]")
    expect(preview.first).to_be_visible()
    assert dict(preview.evaluate_all("ss => ss.map(s => [s.dataset.name, +s.dataset.points])")) == {
        "Ana": -100,
        "Bor": -100,
        "Cene": -100,
        "Dana": 300,
    }
    page.click("#confirm-close")
    expect(page.locator("#totals")).to_be_visible()
    assert money(page) == [370, -1090, 310, 410]
    page.screenshot(path=str(SHOTS / "sl-sheet.png"), full_page=True)

    # Bor's page: his season in points and his saldo at 10 øre a point; his statement PDF says the same.
    bor = krog.club.members.get(name="Bor")
    page.goto(f"{base}/c/krog/members/{bor.pk}/")
    expect(page.locator("[data-saldo-ore]")).to_have_attribute("data-saldo-ore", "-10900")
    expect(page.locator("[data-stat=deals_played]")).to_have_text("4")
    expect(page.locator("[data-stat=declared]")).to_contain_text("2")
    expect(page.locator("[data-stat=won_as_declarer]")).to_contain_text("1")
    expect(page.locator("[data-stat=klop]")).to_contain_text("0")
    month = sitting.date.strftime("%Y-%m")
    pdf = page.request.get(f"{base}/c/krog/members/{bor.pk}/statements/{month}.pdf")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf.body())).pages)
    assert "Bor" in text and re.search(r"[−-]109,00", text), text


# What the form asks for each contract at four (the fields a deal record of it may hold, R6):
# a partner only when a king is called (R3), card points only for the difference (R21, R23),
# mondfang where a mond can be caught (R40), kontra on all but klop and renons (R30, R63).
ASKED = ("declarer", "partner", "card_points", "won", "mondfang", "klop_0", "offender")
ASKS = {
    "": (),
    "two": ("declarer", "partner", "card_points", "won", "mondfang"),
    "solo_two": ("declarer", "card_points", "won", "mondfang"),
    "solo_without": ("declarer", "card_points", "won", "mondfang"),
    "beggar": ("declarer", "won"),
    "klop": ("klop_0",),
    "renons": ("offender",),
}
HAS_BONUSES = {"two", "solo_two"}
HAS_KONTRA = {"two", "solo_two", "solo_without", "beggar"}


def asked(page) -> tuple[str, ...]:
    """The fields of ASKED the page shows (a folded one by its fold)."""
    return tuple(
        page.evaluate(
            """names => names.filter(name => {
                const field = document.getElementById('field-' + name);
                return (field.closest('details.fold-one') || field).checkVisibility();
            })""",
            list(ASKED),
        )
    )


def test_a_plain_dva_is_five_taps_and_the_points_and_each_contract_asks_its_own(krog, live_server, telefon):
    """ "Dva, Ana with Cene, 48": 48 − 35 = 13 → 15, 20 + 15 = 35 to Ana and Cene, Σ 70; money
    points 4·35 − 70 = +70 to each of them, −70 to Bor and Dana (R21, R81)."""
    sitting = start_sitting(krog, NAMES, at=krog.club.tables.get(), date=timezone.localdate())
    page = telefon
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/c/krog/sittings/{sitting.pk}/")

    taps = Taps(page)
    taps.tap("#new-deal")
    expect(page.locator("#field-dealer input[value=Ana]")).to_be_checked()  # the first dealer, filled in
    assert asked(page) == ASKS[""]  # before the contract, nothing that depends on it
    taps.tap(button("contract", "two"))
    assert asked(page) == ASKS["two"]
    # Bonuses and kontra wait folded until opened.
    expect(page.locator("details.bonuses")).to_be_visible()
    expect(page.locator("details.bonuses")).not_to_have_attribute("open", "")
    expect(page.locator("details.fold-one:has(#field-kontra)")).to_be_visible()
    expect(page.locator("#field-kontra")).to_be_hidden()
    taps.tap(button("declarer", "Ana"))
    taps.tap(button("partner", "Cene"))
    taps.type("#id_card_points", "48")
    assert nets(page) == {"Ana": 70, "Bor": -70, "Cene": 70, "Dana": -70}
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    taps.tap("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    assert (taps.taps, taps.typed) == (5, 1)
    assert record(sitting, 1) == {
        "dealer": "Ana",
        "contract": "two",
        "declarer": "Ana",
        "partner": "Cene",
        "card_points": 48,
    }

    # Each contract asks its own; what another contract asked and was filled in is not posted.
    page.click("#new-deal")
    for contract, fields in ASKS.items():
        if not contract:
            continue
        page.click(button("contract", contract))
        assert asked(page) == fields, contract
        bonuses = page.locator("details.bonuses")
        kontra = page.locator("details.fold-one:has(#field-kontra)")
        assert (bonuses.is_visible(), kontra.is_visible()) == (contract in HAS_BONUSES, contract in HAS_KONTRA)
        if contract == "two":
            fill(page, "#id_card_points", 60)  # then the scorer changes his mind
    page.click(button("contract", "beggar"))
    page.click(button("declarer", "Bor"))
    page.click(button("won", "yes"))
    expect_nets(page, {"Ana": -70, "Bor": 210, "Cene": -70, "Dana": -70})  # no card points refused
    page.click("#save-deal")
    expect(page.locator("#deal-2")).to_be_visible()
    assert record(sitting, 2) == {"dealer": "Bor", "contract": "beggar", "declarer": "Bor", "won": True}


def test_at_five_the_klop_asks_the_four_who_play_and_fills_in_the_last(krog, live_server, telefon):
    """R2, R54, R60, R62: Eva joins the four; Cene sits the deal out. His pile is not asked, and once
    Ana 20, Bor 18 and Dana 17 are in, Eva's is the rest of 70: 15. Cene back in and Eva out: Cene's
    pile is the rest instead. Saved: −20 −20 0 −15 −15 on the sheet; money over all five (R81),
    Σ −70: Ana and Bor 5·(−20) + 70 = −30, Dana and Eva −5, Cene +70."""
    from world.clubs import add_members

    add_members(krog.club, ["Eva"])
    sitting = start_sitting(krog, [*NAMES, "Eva"], at=krog.club.tables.get(), date=timezone.localdate())
    page = telefon
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/c/krog/sittings/{sitting.pk}/")
    page.click("#new-deal")
    page.click(button("out", "Cene"))
    page.click(button("contract", "klop"))
    expect(page.locator("#field-klop_2")).to_be_hidden()  # Cene's
    fill(page, "#id_klop_0", 20)
    fill(page, "#id_klop_1", 18)
    fill(page, "#id_klop_3", 17)
    expect(page.locator("#id_klop_4")).to_have_value("15")
    expect(page.locator("#id_klop_2")).to_have_value("")
    # Eva sits out instead: her pile goes, Cene's is asked and is the rest.
    page.click(button("out", "Eva"))
    expect(page.locator("#field-klop_4")).to_be_hidden()
    expect(page.locator("#field-klop_2")).to_be_visible()
    expect(page.locator("#id_klop_2")).to_have_value("15")
    # Back to Cene: Eva's pile is the rest again, and the save takes the four.
    page.click(button("out", "Cene"))
    expect(page.locator("#id_klop_4")).to_have_value("15")
    expect_nets(page, {"Ana": -30, "Bor": -30, "Cene": 70, "Dana": -5, "Eva": -5})
    page.click("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    assert record(sitting, 1) == {
        "dealer": "Ana",
        "out": "Cene",
        "contract": "klop",
        "klop": {"Ana": 20, "Bor": 18, "Dana": 17, "Eva": 15},
    }
    assert money(page) == [-30, -30, 70, -5, -5]


def test_a_voided_deal_reads_apart_from_its_history_at_360(krog, live_server, telefon):
    """In Slovenian the sheet's first column says "razveljavljeno" (void) under a voided deal's
    number and "zgodovina" (history) beside it: at 360 px each stays in its own box, neither runs
    into the other, and no word runs out of its box."""
    from club.services.corrections import void_last_deal
    from club.services.deals import record_deal

    sitting = start_sitting(krog, NAMES, at=krog.club.tables.get(), date=timezone.localdate())
    for number, dealer in enumerate(NAMES, start=1):
        record_deal(sitting, {"dealer": dealer, "contract": "beggar", "declarer": "Bor", "won": True}, number=number)
    void_last_deal(sitting, reason="Vneseno dvakrat")
    page = telefon
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/c/krog/sittings/{sitting.pk}/")
    void = page.locator("#deal-4")
    expect(void.locator(".void-mark")).to_have_text("razveljavljeno")
    expect(void.locator(".audit-link")).to_have_text("zgodovina")
    void.scroll_into_view_if_needed()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "sl-undo-360.png"))
    # And so in every language the page offers: "annulleret", "semmis", "void" beside their history.
    for language in ("Slovenščina", "Dansk", "Magyar", "English"):
        page.locator(f"footer button:has-text('{language}')").click()
        expect(page.locator("#deal-4 .void-mark")).to_be_visible()
        found = {row: page.evaluate(APART, row) for row in ("#deal-1", "#deal-4")}
        assert found == {"#deal-1": [], "#deal-4": []}, language
        assert page.evaluate("document.documentElement.scrollWidth") <= 360


# The words of a sheet row's head, each with its box: any two that meet, and any word wider than
# the box it is in (it would run into its neighbour), by their text.
APART = """row => {
  const head = document.querySelector(row + ' th');
  const words = [...head.querySelectorAll('.void-mark, .dealer, .audit-link, abbr')].filter(e => e.checkVisibility());
  const boxes = words.map(e => {
    const range = document.createRange(); range.selectNodeContents(e);
    return [e.textContent.trim(), range.getBoundingClientRect(), e.getBoundingClientRect()];
  });
  const found = [];
  boxes.forEach(([text, ink], i) => boxes.slice(i + 1).forEach(([other, inkOther]) => {
    if (ink.left < inkOther.right - 0.5 && inkOther.left < ink.right - 0.5 && ink.top < inkOther.bottom - 0.5 && inkOther.top < ink.bottom - 0.5) {
      found.push(text + ' meets ' + other);
    }
  }));
  const cell = head.getBoundingClientRect();
  boxes.forEach(([text, ink]) => { if (ink.right > cell.right + 0.5 || ink.left < cell.left - 0.5) found.push(text + ' leaves its cell'); });
  return found;
}"""
