"""The commonest deal of each Hungarian game, tapped in from the score sheet at 360×740 and
counted: every choice a row of buttons (one tap), the card points typed (counted apart).

Each game at a table of its own size (002: Paskievics 4, L181; Magyar 3, L1077; Királyhívó 4,
L1175; Tapper 3, L1223; Strómann 2, L1283; Trisák 4, L1323), the players Anna, Bent, Carl, Dorte
as many as sit; the first deal is dealt by the first member. By hand (a party of two wins or
loses the value each; a lone declarer gets or pays it from or to each opponent):

    paskievics  hármas (1), Bent calls the XX, Carl holds it: 2 v 2; 50 >= 48 card points
                                                   Bent +1  Carl +1  Anna -1  Dorte -1
    magyar      hármas with talon choice 1 (value 1), Bent alone v 2; 50 >= 48
                                                   Bent +2  Anna -1  Carl -1
    kiralyhivo  hívás (6), Bent calls the king of hearts, Carl holds it; 40 >= 36 of 70
                                                   Bent +6  Carl +6  Anna -6  Dorte -6
    tapper      hármas (3), Bent alone v 2; 40 >= 36 of 70
                                                   Bent +6  Anna -3  Carl -3
    stromann    egyszerű játék (2): the dealer's points, Anna deals; 40 of 70, at least half
                                                   Anna +2  Bent -2
    trisak      egyszerű játék (4), Bent calls the XIX, Carl holds it; 60 >= 54 of 106
                                                   Bent +4  Carl +4  Anna -4  Dorte -4
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from card_table import Taps
from club.models import Deal, Member
from world.clubs import make_club, make_season, make_table, start_sitting

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "hármas-2026"
NAMES = ("Anna", "Bent", "Carl", "Dorte")

# game: (table size, the taps after "Enter the next deal" as (field, value), card points, net)
GAMES = {
    "paskievics": (
        4,
        [("contract", "three"), ("declarer", "Bent"), ("call_card", "20"), ("partner", "Carl")],
        50,
        {"Anna": -1, "Bent": 1, "Carl": 1, "Dorte": -1},
    ),
    "magyar": (
        3,
        [("contract", "three"), ("declarer", "Bent"), ("choice", "1")],
        50,
        {"Anna": -1, "Bent": 2, "Carl": -1},
    ),
    "kiralyhivo": (
        4,
        [("contract", "call"), ("declarer", "Bent"), ("call_king", "hearts"), ("partner", "Carl")],
        40,
        {"Anna": -6, "Bent": 6, "Carl": 6, "Dorte": -6},
    ),
    "tapper": (3, [("contract", "three"), ("declarer", "Bent")], 40, {"Anna": -3, "Bent": 6, "Carl": -3}),
    "stromann": (2, [("contract", "simple")], 40, {"Anna": 2, "Bent": -2}),
    "trisak": (
        4,
        [("contract", "simple"), ("declarer", "Bent"), ("call_card", "19"), ("partner", "Carl")],
        60,
        {"Anna": -4, "Bent": 4, "Carl": 4, "Dorte": -4},
    ),
}
# What docs/development.md states, "Enter the next deal" and Save included.
TAPS = {"paskievics": 6, "magyar": 5, "kiralyhivo": 6, "tapper": 4, "stromann": 3, "trisak": 6}


def start(game: str, size: int):
    """A sitting of `game` at `size` scorers of Budai Tarokk Kör, Anna dealing first."""
    club = make_club("Budai Tarokk Kör", "buda", NAMES[:size], role=Member.Role.SCORER, logins=True, password=PASSWORD)
    today = timezone.localdate()
    season = make_season(
        club,
        game,
        name=game,
        starts_on=today - datetime.timedelta(days=30),
        ends_on=today + datetime.timedelta(days=30),
        close="carry",
    )
    return start_sitting(season, NAMES[:size], at=make_table(club, "Asztal"), date=today)


def open_sheet(page, base: str, sitting):
    """Anna signs in on her phone and opens the sitting's score sheet."""
    page.goto(f"{base}/login/")
    page.fill("#id_username", "anna")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.goto(f"{base}/c/buda/sittings/{sitting.pk}/")
    return page


@pytest.mark.parametrize("game", list(GAMES))
def test_hungarian_taps_the_commonest_deal_of_each_game(game, live_server, phone, screenshot):
    size, choices, card_points, net = GAMES[game]
    sitting = start(game, size)
    page = open_sheet(phone, live_server.url, sitting)

    taps = Taps(page)
    taps.tap("#new-deal")
    expect(page.locator('#field-dealer input[value="Anna"]')).to_be_checked()  # the first dealer, filled in
    for field, value in choices:
        taps.tap(f'#field-{field} input[value="{value}"] + span')
    taps.type("#id_card_points", str(card_points))
    spans = page.locator("#preview-net .net [data-name]")
    expect(spans.first).to_be_visible()
    # Every target a thumb's size, and the save button in sight.
    small = page.evaluate(
        """() => [...document.querySelectorAll('#deal-form label.seg > span, #deal-form button, #deal-form summary,'
                + ' #deal-form .checks div label, #deal-form input[type=number]')]
            .filter(e => e.checkVisibility() && (e.getBoundingClientRect().height < 44 || e.getBoundingClientRect().width < 44))
            .map(e => (e.closest('[id]') || {}).id + ':' + e.textContent.trim() + ':' + e.getBoundingClientRect().width
                 + 'x' + e.getBoundingClientRect().height)"""
    )
    assert small == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(f"hu-taps-{game}", full_page=False)
    assert dict(spans.evaluate_all("ss => ss.map(s => [s.dataset.name, +s.dataset.points])")) == net
    taps.tap("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    assert (taps.taps, taps.typed) == (TAPS[game], 1)
    assert Deal.objects.get().number == 1


def test_an_announced_ultimo_says_its_outcome_in_its_own_row(live_server, phone, screenshot):
    """Paskievics hármas, Bent with Carl, 50 card points: the game +1 a player (L190); Anna, an
    opponent, announced the pagátultimó and lost it: 10 from each of her party to each of the
    other (L213, L835). Bent +11, Carl +11, Anna −11, Dorte −11. Announced, by whom and how it
    went, in one row: a fold and three taps."""
    sitting = start("paskievics", 4)
    page = open_sheet(phone, live_server.url, sitting)

    taps = Taps(page)
    taps.tap("#new-deal")
    for field, value in GAMES["paskievics"][1]:
        taps.tap(f'#field-{field} input[value="{value}"] + span')
    taps.tap("details.announcements > summary")
    for field, value in (("ann_0_figure", "ultimo"), ("ann_0_by", "Anna"), ("ann_0_outcome", "failed")):
        taps.tap(f'#field-{field} input[value="{value}"] + span')
    taps.type("#id_card_points", "50")
    spans = page.locator("#preview-net .net [data-name]")
    expect(spans.first).to_be_visible()
    assert dict(spans.evaluate_all("ss => ss.map(s => [s.dataset.name, +s.dataset.points])")) == {
        "Anna": -11,
        "Bent": 11,
        "Carl": 11,
        "Dorte": -11,
    }
    row = page.locator("#field-ann_0_outcome")
    assert row.bounding_box()["y"] - page.locator("#field-ann_0_figure").bounding_box()["y"] < 360  # one row, in view
    page.locator("details.announcements").evaluate("group => group.scrollIntoView({block: 'start'})")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot("hu-announced-ultimo", full_page=False)
    taps.tap("#save-deal")
    expect(page.locator("#deal-1")).to_be_visible()
    assert (taps.taps, taps.typed) == (10, 1)
    assert Deal.objects.get().current_version.record["announcements"] == [{"figure": "ultimo", "by": "Anna"}]
    assert "made" not in Deal.objects.get().current_version.record
