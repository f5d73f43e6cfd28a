"""A Paskievics evening through the table pages: the Hungarian deal form, its live preview, saving,
a correction, and the score sheet with the ultimókassza where the cups would be.

Nordvest Tarok's Hungarian season: Paskievics with the pot (`"pot": true`; nothing funds it but
no-game deals, 5 from each, 002 L287, L550). Anna, Bent, Carl and Dorte sit in that order; Dorte
deals first, so the rotation goes Dorte, Anna, Bent. Worked out by hand (brief §1 payment model:
parties of two each win or lose the value; a lone player gets or pays it from or to each):

    deal 1  Dorte deals; Anna plays `two` (L 2), calls the XX, Bent holds it: 2 v 2.
            Kontra on the game (×2): the declarer's party has 50 ≥ 48, wins 2·2 = 4 each.
            Anna announced tulétroá and her party made it: 2 each (002 L735).
                                                    A +6  B +6  C -6  D -6   pot 0
    deal 2  Anna deals; Bent plays `three` (L 1) and holds the XX himself (self-call, 1 v 3);
            30 < 48 card points: he loses 1 to each.  A +1  B -3  C +1  D +1   pot 0
    deal 3  Bent deals; all pass: 5 each into the pot.  A -5  B -5  C -5  D -5   pot 20
    totals                                              A +2  B -2  C-10  D-10   pot 20

Correcting deal 2 to 60 card points: Bent wins 1 from each (B +3, the others -1), a change of
B +6 and -2 for each other. Totals then A 0, B +4, C -12, D -12; the pot stays 20.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

import rules
from club.models import Deal
from club.services.closing import close_sitting
from club.web import deal_form
from club.web.forms import CorrectionForm

DEAL_1_FORM = {
    "dealer": "Dorte",
    "contract": "two",
    "declarer": "Anna",
    "call_card": "20",
    "partner": "Bent",
    "game_contra": "1",
    "ann_0_figure": "trull",
    "ann_0_by": "Anna",
    "ann_0_outcome": "made",
    "card_points": "50",
}
DEAL_1_RECORD = {
    "dealer": "Dorte",
    "contract": "two",
    "declarer": "Anna",
    "call": {"card": 20, "partner": "Bent"},
    "game_contra": 1,
    "announcements": [{"figure": "trull", "by": "Anna"}],
    "card_points": 50,
    "made": {"declarer": ["trull"]},
}
DEAL_2_FORM = {
    "dealer": "Anna",
    "contract": "three",
    "declarer": "Bent",
    "call_card": "20",
    "partner": "Bent",
    "card_points": "30",
}
DEAL_3_FORM = {"dealer": "Bent", "no_game": "all_pass"}


@pytest.fixture
def paskievics(club, make_season, start_sitting, today):
    season = make_season(
        club, "paskievics", name="Paskievics", starts_on=today, ends_on=today, overrides={"pot": True}, close="carry"
    )
    return start_sitting(season, first_dealer="Dorte")


def url(name: str, sitting, *extra) -> str:
    return reverse(name, args=["nordvest", sitting.pk, *extra])


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def save(client, sitting, form: dict):
    page = client.get(url("deal_new", sitting)).content.decode()
    data = form | {"number": hidden(page, "number"), "idempotency_key": hidden(page, "idempotency_key")}
    return client.post(url("deal_new", sitting), data), data


def nets(html: str) -> dict[str, int]:
    return {name: int(points) for name, points in re.findall(r'data-name="([^"]+)" data-points="(-?\d+)"', html)}


def test_the_form_is_the_hungarian_one_with_its_words_explained(paskievics, as_member):
    page = as_member("Bent").get(url("deal_new", paskievics)).content.decode()

    assert 'name="contract"' in page and 'name="call_card"' in page and 'name="ann_0_contra"' in page
    assert 'name="players"' not in page and 'name="last_trick"' not in page  # not the Danish form
    assert re.search(r'<input type="radio" name="dealer" value="Dorte"[^>]*checked>', page)  # a button, not a list
    assert 'title="a doubling of the game or of an announcement' in page  # <abbr> on first use
    assert re.search(r'<input type="radio" name="game_contra" value="1"[^>]*><span>kontra ×2</span>', page)
    assert "mordkontra ×32" in page


def test_preview_save_and_correct_a_paskievics_evening(paskievics, as_member):
    client = as_member("Bent")

    preview = client.post(url("deal_preview", paskievics), DEAL_1_FORM).content.decode()
    assert nets(preview) == {"Anna": 6, "Bent": 6, "Carl": -6, "Dorte": -6}
    assert 'data-rule="game"' in preview and 'data-rule="trull.announced"' in preview

    response, data = save(client, paskievics, DEAL_1_FORM)
    assert response.status_code == 302
    assert client.post(url("deal_new", paskievics), data).status_code == 302  # a double tap
    assert Deal.objects.filter(sitting=paskievics).count() == 1
    assert Deal.objects.get(sitting=paskievics, number=1).current_version.record == DEAL_1_RECORD

    # The next dealer is the previous forehand: Anna.
    page = client.get(url("deal_new", paskievics)).content.decode()
    assert re.search(r'<input type="radio" name="dealer" value="Anna"[^>]*checked>', page)
    assert save(client, paskievics, DEAL_2_FORM)[0].status_code == 302
    assert save(client, paskievics, DEAL_3_FORM)[0].status_code == 302

    sheet = client.get(url("sitting", paskievics)).content.decode()
    totals = re.search(r'<tr id="totals">(.*?)</tr>', sheet, re.S).group(1)
    assert re.findall(r'data-points="(-?\d+)"', totals) == ["2", "-2", "-10", "-10"]
    assert 'data-pot="20"' in sheet and "ultimókassza" in sheet

    # Correct deal 2: 60 card points, Bent wins. Preview first, then confirm.
    deal_2 = Deal.objects.get(sitting=paskievics, number=2)
    correction = DEAL_2_FORM | {
        "card_points": "60",
        "reason": "wrong card points",
        "base_version": deal_2.current_version.pk,
    }
    previewed = client.post(url("deal_correct", paskievics, 2), correction).content.decode()
    deltas = dict(re.findall(r'data-name="([^"]+)" data-delta="(-?\d+)"', previewed))
    assert deltas == {"Anna": "-2", "Bent": "6", "Carl": "-2", "Dorte": "-2"}
    assert client.post(url("deal_correct", paskievics, 2), correction | {"confirmed": "1"}).status_code == 302

    sheet = client.get(url("sitting", paskievics)).content.decode()
    totals = re.search(r'<tr id="totals">(.*?)</tr>', sheet, re.S).group(1)
    assert re.findall(r'data-points="(-?\d+)"', totals) == ["0", "4", "-12", "-12"]
    # The club's page shows the table's ultimókassza beside the cups.
    home = client.get(reverse("club_home", args=["nordvest"])).content.decode()
    assert '<td class="num" data-pot="pot">20</td>' in home and "data-cup" not in home


def test_problems_stand_beside_their_fields(paskievics, as_member):
    """A self-call in a 1 v 3 contract is fine in Paskievics, but a tulétroá made by both parties
    is refused (figure_made_by_both), and an official contra needs a kontra."""
    form = DEAL_1_FORM | {"partner": "-", "game_contra": "0", "made_opponents": ["trull"]}
    preview = as_member("Bent").post(url("deal_preview", paskievics), form).content.decode()

    assert 'id="problems-game_contra" hx-swap-oob="true"><p>' in preview
    assert re.search(r'id="problems-made_(declarer|opponents)" hx-swap-oob="true"><p>', preview)
    assert not Deal.objects.filter(sitting=paskievics).exists()


def test_a_problem_of_an_announcement_stands_beside_its_row(paskievics, as_member):
    """Bent, Anna's partner, announces tulétroá again in the second row: a party announces a figure
    once (duplicate_announcement, reported at announcements[1].figure by the engine)."""
    form = DEAL_1_FORM | {"ann_1_figure": "trull", "ann_1_by": "Bent", "ann_1_outcome": "made"}
    preview = as_member("Bent").post(url("deal_preview", paskievics), form).content.decode()

    assert re.search(r'id="problems-ann_1_figure" hx-swap-oob="true"><p>[^<]+</p>', preview)
    assert 'id="problems-ann_0_figure" hx-swap-oob="true"></div>' in preview


PASK_2_FORM = {  # 002 L1017-L1024 with A, B, C, D as Anna, Bent, Carl, Dorte
    "dealer": "Dorte",
    "contract": "solo",
    "declarer": "Anna",
    "call_card": "20",
    "partner": "Dorte",
    "game_contra": "2",
    "card_points": "55",
    "ann_0_figure": "trull",
    "ann_0_by": "Anna",
    "ann_0_outcome": "made",
    "ann_1_figure": "ultimo",
    "ann_1_by": "Dorte",
    "ann_1_outcome": "failed",
    "made_declarer": ["four_kings"],  # made silently
}


def test_an_announcement_says_its_outcome_in_its_own_row(paskievics, as_member):
    """PASK-2 as a scorer taps it: tulétroá announced and made, pagátultimó announced and lost,
    each in its own row; four kings ticked as made silently. 16 + 2 − 10 + 1 = 9 a player."""
    client = as_member("Bent")
    forgotten = {key: value for key, value in PASK_2_FORM.items() if key != "ann_1_outcome"}

    preview = client.post(url("deal_preview", paskievics), forgotten).content.decode()
    assert 'href="#field-ann_1_outcome"' in preview and not nets(preview)
    response, _data = save(client, paskievics, forgotten)
    assert response.status_code == 200 and not Deal.objects.filter(sitting=paskievics).exists()
    assert re.search(r'id="problems-ann_1_outcome"[^>]*><p>[^<]+</p>', response.content.decode())

    preview = client.post(url("deal_preview", paskievics), PASK_2_FORM).content.decode()
    assert nets(preview) == {"Anna": 9, "Bent": -9, "Carl": -9, "Dorte": 9}
    assert save(client, paskievics, PASK_2_FORM)[0].status_code == 302
    assert Deal.objects.get(sitting=paskievics, number=1).current_version.record == {
        "dealer": "Dorte",
        "contract": "solo",
        "declarer": "Anna",
        "call": {"card": 20, "partner": "Dorte"},
        "game_contra": 2,
        "card_points": 55,
        "announcements": [{"figure": "trull", "by": "Anna"}, {"figure": "ultimo", "by": "Dorte"}],
        "made": {"declarer": ["trull", "four_kings"]},
    }

    # The correction form reads each outcome back beside its announcement.
    page = client.get(url("deal_correct", paskievics, 1)).content.decode()
    assert re.search(r'name="ann_0_outcome" value="made"[^>]*checked', page)
    assert re.search(r'name="ann_1_outcome" value="failed"[^>]*checked', page)
    assert re.search(r'name="made_declarer" value="four_kings"[^>]*checked', page)
    assert not re.search(r'name="made_declarer" value="trull"[^>]*checked', page)


def test_a_dupla_announced_needs_no_outcome(paskievics, as_member):
    """A dupla's outcome follows from the card points, so its row asks none: Carl announces one
    against Bent alone (a self-call in `three`, L 1), whose opponents take 94 − 30 = 64 < 71 card
    points: the announcement is lost, 4L = 4 from each opponent to Bent, and no game item (L791)."""
    form = DEAL_2_FORM | {"ann_0_figure": "double", "ann_0_by": "Carl"}
    preview = as_member("Bent").post(url("deal_preview", paskievics), form).content.decode()
    assert "Not answered yet" not in preview
    assert nets(preview) == {"Anna": -4, "Bent": 12, "Carl": -4, "Dorte": -4}


def test_a_members_page_counts_the_hungarian_deals(paskievics, members, as_member):
    """The evening above: every one of the four plays each deal; Dorte, Anna and Bent deal one
    each; Anna declares deal 1 and wins it, Bent declares deal 2 and loses it; deal 3 has no game."""
    client = as_member("Bent")
    for form in (DEAL_1_FORM, DEAL_2_FORM, DEAL_3_FORM):
        assert save(client, paskievics, form)[0].status_code == 302

    def stats(name: str) -> dict[str, str]:
        page = client.get(reverse("member", args=["nordvest", members[name].pk])).content.decode()
        return dict(re.findall(r'data-stat="([a-z_]+)">([^<]+)<', page))

    keys = ("deals_played", "deals_dealt", "declared", "won_as_declarer", "no_game")
    assert [stats("Anna")[k] for k in keys] == ["3", "1", "1", "1", "1"]
    assert [stats("Bent")[k] for k in keys] == ["3", "1", "1", "0", "1"]
    assert [stats("Carl")[k] for k in keys] == ["3", "0", "0", "0", "1"]
    page = client.get(reverse("member", args=["nordvest", members["Anna"].pk])).content.decode()
    assert "Nolos" not in page and "data-meld" not in page  # the Danish game's figures


def test_a_members_page_opens_on_the_season_he_last_played(
    season, make_season, start_sitting, today, members, as_member
):
    """The club's current season, Vinter, is Danish and nobody has played it; Anna, Bent, Carl and
    Dorte played a Paskievics evening last winter, all passing in its one deal."""
    last_winter = today - datetime.timedelta(days=300)
    paskievics = make_season(
        season.club,
        "paskievics",
        name="Paskievics",
        starts_on=last_winter,
        ends_on=last_winter,
        overrides={"pot": True},
    )
    sitting = start_sitting(paskievics, date=last_winter)
    client = as_member("Bent")
    assert save(client, sitting, DEAL_3_FORM)[0].status_code == 302

    anna = client.get(reverse("member", args=["nordvest", members["Anna"].pk])).content.decode()
    assert '<p class="lead">Paskievics · ' in anna
    assert dict(re.findall(r'data-stat="([a-z_]+)">([^<]+)<', anna))["no_game"] == "1"
    erik = client.get(reverse("member", args=["nordvest", members["Erik"].pk])).content.decode()
    assert '<p class="lead">Vinter · ' in erik  # never seated: the club's current season
    sheet = client.get(url("sitting", sitting)).content.decode()
    assert f'/members/{members["Anna"].pk}/?season={paskievics.pk}">Anna</a>' in sheet


def test_a_table_that_held_danish_cups_shows_only_the_pot(played, club, make_season, start_sitting, today, as_member):
    """Bord 1 keeps Pagatkop 85 and Kongekop 195 from a Danish sitting closed with its cups
    carried; its Paskievics sitting that follows shows the ultimókassza alone: all pass in its
    first deal, 5 from each of the four into the pot."""
    close_sitting(played, how="carry")
    season = make_season(club, "paskievics", name="Paskievics", starts_on=today, ends_on=today, overrides={"pot": True})
    sitting = start_sitting(season, first_dealer="Bent")
    client = as_member("Bent")
    assert save(client, sitting, DEAL_3_FORM)[0].status_code == 302

    sheet = client.get(url("sitting", sitting)).content.decode()
    assert '<strong data-pot="pot">20</strong>' in sheet
    assert "data-cup" not in sheet and "Pagatkop" not in sheet and "Kongekop" not in sheet
    close = client.post(url("sitting_close", sitting), {"how": "carry"}).content.decode()
    assert 'ultimókassza <strong data-pot="pot">20</strong>' in close
    assert "data-cup" not in close and "Pagatkop" not in close and "Kongekop" not in close


def test_the_hungarian_correction_form_bounds_its_reason_as_every_form_does(paskievics):
    correction = CorrectionForm
    data = DEAL_2_FORM | {"reason": "y" * 1000, "base_version": "1"}

    def form(reason: str):
        return correction(
            data | {"reason": reason}, seat_names=paskievics.seat_names(), ruleset=paskievics.season.ruleset()
        )

    assert form("y" * 1000).is_valid()
    with translation.override("en"):
        assert "lone surrogate" in str(form("bad \ud800 reason").errors["reason"])
        assert "NUL character" in str(form("bad \x00 reason").errors["reason"])
        assert not form("y" * 2001).is_valid()


def test_honours_from_the_talon_go_into_the_record_and_back():
    """Paskievics with the Újlak option: who took which honours from the talon (the API's and
    the import's `talon_honours`)."""
    seats = ["Anna", "Bent", "Carl", "Dorte", "Erik"]
    ujlak = rules.family_of("paskievics").ruleset("paskievics", {"ujlak_talon_honours": True})
    layout = rules.family_of("paskievics").deal_layout(ujlak, seats)
    data = {"dealer": "Erik", "contract": "three", "talon_player": "Anna", "talon_honours": ["skiz", "pagat"]}

    record = deal_form.build_record(layout, data)

    assert record["talon_honours"] == {"Anna": ["skiz", "pagat"]}
    initial = deal_form.initial_from_record(layout, record)
    assert (initial["talon_player"], initial["talon_honours"]) == ("Anna", ["skiz", "pagat"])


def test_the_club_page_shows_each_table_in_its_own_game(
    paskievics, season, members, make_table, start_sitting, as_member
):
    """Bord 1 plays Paskievics with the kassza; Bord 2 last played the Danish season: each table
    is listed under its own accounts, the Hungarian one with its kassza and no cups, the Danish one
    with its Pagatkop and Kongekop (each funded with 20 from each of four, 000 L69), whichever season
    is current."""
    danish_table = make_table(paskievics.season.club, "Bord 2")
    close_sitting(paskievics, by=members["Anna"].user, how="carry")
    start_sitting(season, at=danish_table)

    home = as_member("Anna").get(reverse("club_home", args=["nordvest"])).content.decode()

    rows = dict(re.findall(r"<tr><td>(Bord \d)</td>(.*?)</tr>", home))
    assert re.findall(r'data-(\w+)="(\w+)">(\d+)<', rows["Bord 1"]) == [("pot", "pot", "0")]
    assert re.findall(r'data-(\w+)="(\w+)">(\d+)<', rows["Bord 2"]) == [("cup", "pagat", "80"), ("cup", "king", "80")]
    assert home.count('<table class="plain">') == 2


def test_a_closed_hungarian_sitting_says_what_became_of_its_kassza(paskievics, members, as_member):
    close_sitting(paskievics, by=members["Anna"].user, how="carry")
    client = as_member("Anna")

    danish, magyar = (
        client.get(url("sitting", paskievics), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for language in "da hu".split()
    )

    assert "afsluttet (før puljen (kassza) videre til næste spilleaften)" in danish
    assert "lezárva (a kassza továbbvitele a következő játékestre)" in magyar
    assert "kopperne" not in danish and "kasszák" not in magyar
