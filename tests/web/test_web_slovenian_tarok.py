"""A Slovenian season plays at the club through the generic deal form: the form, a save, the sheet
(money points, R81-R82), the radelci carried from deal to deal in the kept table state, and the
close with the unused radelci's penalty (R80)."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from club.models import Deal, Sitting


@pytest.fixture
def slovenian(club, make_season, start_sitting, today):
    season = make_season(club, "slovenian", name="Tarok", starts_on=today, ends_on=today)
    return start_sitting(season, first_dealer="Anna")


def url(name: str, sitting, *extra) -> str:
    return reverse(name, args=["nordvest", sitting.pk, *extra])


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def save(client, sitting, form: dict):
    page = client.get(url("deal_new", sitting)).content.decode()
    data = form | {"number": hidden(page, "number"), "idempotency_key": hidden(page, "idempotency_key")}
    return client.post(url("deal_new", sitting), data)


def totals(client, sitting) -> list[str]:
    sheet = client.get(url("sitting", sitting)).content.decode()
    return re.findall(r'data-points="(-?\d+)"', re.search(r'<tr id="totals">(.*?)</tr>', sheet, re.S).group(1))


def marks(row: str) -> list[str]:
    """Each member's radelci as the row draws them: ○ held, ⊗ crossed off."""
    return re.findall(r'class="marks"[^>]*><span aria-hidden="true">([^<]*)<', row)


def test_the_slovenian_deal_form_asks_what_a_slovenian_scorer_sees(slovenian, as_member):
    page = as_member("Bent").get(url("deal_new", slovenian)).content.decode()
    for name in ("contract", "declarer", "partner", "card_points", "won", "difference", "kontra", "mondfang"):
        assert f'name="{name}"' in page, name
    assert 'name="trula_announced"' in page and 'name="pagat_ultimo_lost"' in page
    assert 'name="klop_0"' in page and 'name="offender"' in page
    assert 'name="last_trick"' not in page  # no Danish field


def test_slovenian_deals_save_and_the_radelci_carry_from_deal_to_deal(slovenian, as_member):
    client = as_member("Bent")
    # E1 (example 8): three, Anna with Carl, 48 points: 25 each; money points +50/−50.
    three = {"dealer": "Anna", "contract": "three", "declarer": "Anna", "partner": "Carl", "card_points": "48"}
    response = save(client, slovenian, three)
    assert response.status_code == 302, response.content.decode()[:3000]
    record = Deal.objects.get(sitting=slovenian, number=1).current_version.record
    assert record == {"dealer": "Anna", "contract": "three", "declarer": "Anna", "partner": "Carl", "card_points": 48}
    assert totals(client, slovenian) == ["50", "-50", "50", "-50"]
    # A beggar lost by Bent: −70; radelci to everyone.
    beggar = {"dealer": "Bent", "contract": "beggar", "declarer": "Bent", "won": "no"}
    assert save(client, slovenian, beggar).status_code == 302
    state = Sitting.objects.get(pk=slovenian.pk).state
    assert state["radelci"] == {"Anna": 1, "Bent": 1, "Carl": 1, "Dorte": 1}
    # Bent's beggar again, lost with his radelc: −140 (money points −420 / +140 each).
    assert save(client, slovenian, beggar | {"dealer": "Carl"}).status_code == 302
    assert totals(client, slovenian) == ["260", "-680", "260", "160"]


def test_closing_posts_the_penalty_of_the_radelci_still_held(slovenian, as_member):
    client = as_member("Bent")
    assert (
        save(client, slovenian, {"dealer": "Anna", "contract": "beggar", "declarer": "Bent", "won": "yes"}).status_code
        == 302
    )
    # Bent +70 (money +210, others −70); everyone holds a radelc: −100 each at the close, 0 in money.
    asked = client.post(url("sitting_close", slovenian), {"how": "split"})
    assert asked.status_code == 200
    done = client.post(url("sitting_close", slovenian), {"how": "split", "confirmed": "1"})
    assert done.status_code == 302
    assert Sitting.objects.get(pk=slovenian.pk).closed_how
    assert totals(client, slovenian) == ["-70", "210", "-70", "-70"]
    from club.services.closing import closing_event

    closing = closing_event(Sitting.objects.get(pk=slovenian.pk))
    assert dict(closing.scores) == {"Anna": -100, "Bent": -100, "Carl": -100, "Dorte": -100}


def test_the_office_makes_a_slovenian_season_with_partial_value_maps(club, as_member):
    """Anna keeps the office. §11: the contract values one by one, pikolo and mondfang left blank
    (the rule set's own), money points off."""
    from club.models import Season

    office = as_member("Anna")
    new = reverse("office_season_new", args=[club.slug]) + "?preset=slovenian"
    form = office.get(new).context["form"]
    body = {f.html_name: f.initial for f in form.parameter_fields() if f.initial not in (False, None)}
    body |= {
        "name": "Zima",
        "starts_on": "2027-01-01",
        "ends_on": "2027-03-31",
        "preset": "slovenian",
        "point_value_ore": "10",
        "close": "split",
        "p_contract_values__open_beggar": "85",
        "p_money": "none",
    }
    response = office.post(reverse("office_season_new", args=[club.slug]), body)
    assert response.status_code == 302, response.context["form"].errors
    season = Season.objects.get(name="Zima")
    assert season.overrides == {"contract_values": {"open_beggar": 85}, "money": "none"}
    assert season.ruleset().values["open_beggar"] == 85


def test_klop_bonuses_and_a_lone_declarer_through_the_form(slovenian, as_member):
    client = as_member("Bent")
    # Klop 20/18/17/15 (example 29): −20, −20, −15, −15; money points −10, −10, +10, +10.
    klop = {"dealer": "Anna", "contract": "klop", "klop_0": "20", "klop_1": "18", "klop_2": "17", "klop_3": "15"}
    response = save(client, slovenian, klop)
    assert response.status_code == 302, response.content.decode()[:2000]
    record = Deal.objects.get(sitting=slovenian, number=1).current_version.record
    assert record == {"dealer": "Anna", "contract": "klop", "klop": {"Anna": 20, "Bent": 18, "Carl": 17, "Dorte": 15}}
    assert totals(client, slovenian) == ["-10", "-10", "10", "10"]
    # Three alone (partner "-"), 48 points, trula announced and made by the declarer's side: 25 + 20 = 45,
    # doubled by Carl's radelc: 90 (money 4·90 − 90 = +270, −90 each); Carl's radelc crossed off.
    three = {
        "dealer": "Bent",
        "contract": "three",
        "declarer": "Carl",
        "partner": "-",
        "card_points": "48",
        "trula_announced": "declarer",
        "trula_made": "declarer",
    }
    response = save(client, slovenian, three)
    assert response.status_code == 302, response.content.decode()[:2000]
    record = Deal.objects.get(sitting=slovenian, number=2).current_version.record
    assert record["partner"] is None and record["bonuses"] == {"trula": {"announced": "declarer", "made": "declarer"}}
    assert totals(client, slovenian) == ["-100", "-100", "280", "-80"]
    assert Sitting.objects.get(pk=slovenian.pk).state["radelci"] == {"Anna": 1, "Bent": 1, "Carl": 0, "Dorte": 1}


def test_a_refused_slovenian_deal_names_its_problems_beside_the_fields(slovenian, as_member):
    client = as_member("Bent")
    page = save(client, slovenian, {"dealer": "Anna", "contract": "beggar", "declarer": "Bent", "card_points": "3"})
    assert page.status_code == 200
    html = page.content.decode()
    assert 'href="#field-card_points"' in html and 'href="#field-won"' in html
    assert not Deal.objects.filter(sitting=slovenian).exists()


def test_the_sheet_shows_the_games_own_totals_and_radelci_beside_the_money(slovenian, as_member):
    client = as_member("Bent")
    assert (
        save(client, slovenian, {"dealer": "Anna", "contract": "beggar", "declarer": "Bent", "won": "yes"}).status_code
        == 302
    )
    three = {"dealer": "Bent", "contract": "three", "declarer": "Bent", "partner": "Carl", "card_points": "50"}
    assert save(client, slovenian, three).status_code == 302
    sheet = client.get(url("sitting", slovenian)).content.decode()
    row = lambda n: re.search(rf'<tr id="deal-{n}"(.*?)</tr>', sheet, re.S).group(1)  # noqa: E731
    # Deal 1: Bent +70, everyone one radelc. Deal 2: (10 + 15) × 2 = 50 to Bent and Carl; Bent's crossed off.
    assert re.findall(r'data-own="(-?\d+)"', row(1)) == ["0", "70", "0", "0"]
    assert marks(row(1)) == ["○", "○", "○", "○"]
    assert re.findall(r'data-own="(-?\d+)"', row(2)) == ["0", "120", "50", "0"]
    assert marks(row(2)) == ["○", "⊗", "○", "○"]  # Bent's one crossed off, none left


def test_a_used_radelc_stays_on_the_sheet_crossed_out(slovenian, as_member):
    """Bent wins a beggar (+70, a radelc to each), then wins another holding his radelc: 70 × 2 =
    140, his radelc crossed off, then a new one to each (R50-R53). He has earned two and used one:
    one drawn crossed, one open; the others hold two open. Money: 3 · 70 + 3 · 140 = 630 for Bent,
    −70 − 140 = −210 each for the others."""
    client = as_member("Bent")
    for dealer in ("Anna", "Bent"):
        beggar = {"dealer": dealer, "contract": "beggar", "declarer": "Bent", "won": "yes"}
        assert save(client, slovenian, beggar).status_code == 302
    assert totals(client, slovenian) == ["-210", "630", "-210", "-210"]
    sheet = client.get(url("sitting", slovenian), HTTP_ACCEPT_LANGUAGE="sl").content.decode()
    row = re.search(r'<tr id="deal-2"(.*?)</tr>', sheet, re.S).group(1)
    assert re.findall(r'data-own="(-?\d+)"', row) == ["0", "210", "0", "0"]
    assert marks(row) == ["○○", "⊗○", "○○", "○○"]
    assert re.findall(r'data-held="(\d+)" data-crossed-off="(\d+)"', row) == [
        ("2", "0"),
        ("1", "1"),
        ("2", "0"),
        ("2", "0"),
    ]
    # A screen reader hears them in the page's language, not as "circled times".
    said = re.findall(r'class="marks".*?<span class="visually-hidden">([^<]*)<', row)
    assert said[1] == "Radelci – neporabljeni: 1, porabljeni: 1"
    first = re.search(r'<tr id="deal-1"(.*?)</tr>', sheet, re.S).group(1)
    assert marks(first) == ["○", "○", "○", "○"]
    # The printed sheet draws them alike: deal 2's line, each member's total and change, then his own.
    pdf = client.get(url("sitting_print", slovenian))
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    deal_2 = text[text.index("2 Bent") : text.index("Σ")]
    assert deal_2.split() == "2 Bent −210 −140 0 ○○ 630 +420 210 ⊗○ −210 −140 0 ○○ −210 −140 0 ○○".split()


def test_a_correction_moves_the_radelci_of_every_later_deal(slovenian, as_member):
    client = as_member("Bent")
    beggar_won = {"dealer": "Anna", "contract": "beggar", "declarer": "Bent", "won": "yes"}
    beggar_lost = {"dealer": "Bent", "contract": "beggar", "declarer": "Bent", "won": "no"}
    assert save(client, slovenian, beggar_won).status_code == 302
    assert save(client, slovenian, beggar_lost).status_code == 302
    # Bent +70, then −140 with his radelc: money 210 − 420 = −210; the others −70 + 140 = 70.
    assert totals(client, slovenian) == ["70", "-210", "70", "70"]
    deal = Deal.objects.get(sitting=slovenian, number=1)
    # Deal 1 was a three (Bent with Carl, 50: 25 each): no radelci, so deal 2 is a plain −70.
    correction = {
        "dealer": "Anna",
        "contract": "three",
        "declarer": "Bent",
        "partner": "Carl",
        "card_points": "50",
        "reason": "it was a three",
        "base_version": deal.current_version.pk,
        "confirmed": "1",
    }
    assert client.post(url("deal_correct", slovenian, 1), correction).status_code == 302
    # Deal 1: Bent, Carl +50, Anna, Dorte −50; deal 2: Bent −210, the others +70.
    assert totals(client, slovenian) == ["20", "-160", "120", "20"]
    assert Sitting.objects.get(pk=slovenian.pk).state["radelci"] == {"Anna": 1, "Bent": 1, "Carl": 1, "Dorte": 1}


def test_the_preview_names_a_question_not_answered_yet(slovenian, as_member):
    client = as_member("Bent")
    preview = client.post(url("deal_preview", slovenian), {"dealer": "Anna", "contract": "beggar", "declarer": "Bent"})
    html = preview.content.decode()
    assert 'href="#field-won"' in html  # "won" is not answered yet: named in the save bar
    done = client.post(
        url("deal_preview", slovenian), {"dealer": "Anna", "contract": "beggar", "declarer": "Bent", "won": "yes"}
    ).content.decode()
    assert dict(re.findall(r'data-name="([^"]+)" data-points="(-?\d+)"', done)) == {
        "Anna": "-70",
        "Bent": "210",
        "Carl": "-70",
        "Dorte": "-70",
    }


def test_a_save_answered_in_place_shows_the_radelci_it_earned(slovenian, as_member):
    """The card table's script asks for the sheet in the save's answer (htmx's HX-Boosted): it is drawn
    from the table state the save kept. Klop 20/18/17/15 (example 29): −20, −20, −15, −15 on the
    game's own sheet, and a radelc (○) to each."""
    client = as_member("Bent")
    page = client.get(url("deal_new", slovenian)).content.decode()
    klop = {"dealer": "Anna", "contract": "klop", "klop_0": "20", "klop_1": "18", "klop_2": "17", "klop_3": "15"}
    answer = client.post(
        url("deal_new", slovenian),
        klop | {"number": hidden(page, "number"), "idempotency_key": hidden(page, "idempotency_key")},
        headers={"HX-Request": "true", "HX-Boosted": "true"},
    )
    assert answer.status_code == 200 and answer["HX-Push-Url"].endswith("#deal-1")
    row = re.search(r'<tr id="deal-1"(.*?)</tr>', answer.content.decode(), re.S).group(1)
    assert re.findall(r'data-own="(-?\d+)"', row) == ["-20", "-20", "-15", "-15"]
    assert marks(row) == ["○", "○", "○", "○"]


@pytest.fixture
def five(club, make_season, start_sitting, today):
    season = make_season(club, "slovenian", name="Tarok", starts_on=today, ends_on=today)
    return start_sitting(season, "Anna Bent Carl Dorte Erik", first_dealer="Anna")


def klop_field(html: str, name: str) -> str:
    return re.search(rf'<div class="field[^"]*" id="field-{name}"[^>]*>.*?</div>', html, re.S).group(0)


def test_at_five_the_klop_asks_only_the_four_who_play(five, as_member):
    """R2, R54, R60: Carl sits the deal out; klop 20/18/17/15 for Anna, Bent, Dorte and Erik: −20,
    −20, −15, −15 on the sheet, Carl 0. Money R81 over all five: Σ −70, so Anna 5·(−20) + 70 = −30,
    Bent −30, Dorte 5·(−15) + 70 = −5, Erik −5, Carl +70."""
    client = as_member("Bent")
    page = client.get(url("deal_new", five)).content.decode()
    # Each pile says whose it is (the page's script hides the one of whoever is chosen to sit out).
    assert re.findall(r'id="field-klop_\d" data-asks="(\w+)"', page) == ["Anna", "Bent", "Carl", "Dorte", "Erik"]
    assert '<div hidden id="deal-out" data-field="out"></div>' in page
    klop = {"dealer": "Anna", "out": "Carl", "contract": "klop", "klop_0": "20", "klop_1": "18", "klop_3": "17"}
    # A refused save (Erik's pile left out) draws the form again without Carl's pile.
    refused = save(client, five, klop)
    assert refused.status_code == 200
    html = refused.content.decode()
    carl = klop_field(html, "klop_2")
    assert "sits-out" in carl and "disabled" in carl
    assert "sits-out" not in klop_field(html, "klop_4") and "disabled" not in klop_field(html, "klop_4")
    assert 'href="#field-klop_4"' in html  # Erik's pile is asked; Carl's is not
    assert 'href="#field-klop_2"' not in html
    # Carl's pile is not read even when a page posts one: the four make the record.
    response = save(client, five, klop | {"klop_2": "5", "klop_4": "15"})
    assert response.status_code == 302, response.content.decode()[:3000]
    record = Deal.objects.get(sitting=five, number=1).current_version.record
    assert record == {
        "dealer": "Anna",
        "out": "Carl",
        "contract": "klop",
        "klop": {"Anna": 20, "Bent": 18, "Dorte": 17, "Erik": 15},
    }
    assert totals(client, five) == ["-30", "-30", "70", "-5", "-5"]
    # The correction form asks the same four.
    correction = client.get(url("deal_correct", five, 1)).content.decode()
    carl = klop_field(correction, "klop_2")
    assert "sits-out" in carl and "disabled" in carl
    assert 'value="15"' in klop_field(correction, "klop_4")
