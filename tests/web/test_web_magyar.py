"""Magyar, the third interface language: offered in the language switch, every interface string
translated, the engines' problems said in Hungarian, and the table pages as a Magyar member sees
them carry no English. The Danish game's words stay Danish (Pagat, ultimo, bagud, tout, nolo); the
Hungarian game's words are the book's (tulétroá, volát, pagátultimó, kontra)."""

from __future__ import annotations

import re
import subprocess
from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

import rules
from club.web.templatetags import day_month, day_month_year
from rules.problems import FAMILY_MESSAGES, MESSAGES
from rules.texts import say
from test_web_danish import BROKEN_DEALS, ENGLISH, assert_read_in, table_pages

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "hu" / "LC_MESSAGES" / "django.po"

# "is" is Hungarian ("also"); the rest of the Danish test's English words are not.
ENGLISH_IN_MAGYAR = ENGLISH - {"is"}
# Danish game words stay Danish, and a record's keys and codes (no_game, split) are shown as typed.
ALLOWED = {"Pagat", "Scus", "Skus", "nolo", "tout", "ultimo", "bagud", "Pagatkop", "Kongekop", "Tarokbog"}


def english_words(text: str) -> list[str]:
    text = re.sub(r"\b\w+_\w+\b|'[^']*'", " ", text)  # field keys (game_contra) and quoted values
    words = re.findall(r"[^\W\d_]+", text)  # whole words, Hungarian letters included
    return [w for w in words if w not in ALLOWED and w.lower() in ENGLISH_IN_MAGYAR]


def test_the_language_switch_offers_magyar(client):
    page = client.get("/login/", HTTP_ACCEPT_LANGUAGE="da").content.decode()

    assert '<button type="submit" name="language" value="hu"' in page and ">Magyar</button>" in page


def test_the_catalogue_has_a_magyar_text_for_every_string():
    """What `msgfmt --statistics` says of locale/hu: every message translated, none fuzzy."""
    found = subprocess.run(
        ["msgfmt", "--check-format", "--statistics", "-o", "/dev/null", str(PO)],
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    assert re.fullmatch(r"\d+ translated messages\.\n", found), found


def test_the_deal_form_and_the_sheet_in_magyar(sitting, as_member):
    client = as_member("Bent")
    client.post(reverse("set_language"), {"language": "hu", "next": "/"})

    form = client.get(reverse("deal_new", args=["nordvest", sitting.pk])).content.decode()
    sheet = client.get(reverse("sitting", args=["nordvest", sitting.pk])).content.decode()

    assert '<html lang="hu"' in form
    assert "1. leosztás" in form and "Mentés és következő" in form and "Az elszámolás tételesen" in form
    assert "A következő leosztás felvétele" in sheet and "Leosztások és folyó állás" in sheet


# Slovenian tarok's texts come with their translations (sl, da, hu) in a change of their own; until
# then they read in English (tests/rules/test_engine_words.py keeps the same list).
AWAITING_TRANSLATION = set()


def every_message():
    for code, texts in MESSAGES.items():
        yield "core", code, texts
    for family, messages in FAMILY_MESSAGES.items():
        if family in AWAITING_TRANSLATION:
            continue
        for code, texts in messages.items():
            yield family, code, texts


@pytest.mark.parametrize("family, code, texts", list(every_message()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_engine_message_has_a_hungarian_text(family, code, texts):
    english, hungarian = texts, say(texts, "hu")
    words = re.sub(r"{\w+}", " ", hungarian)
    assert english_words(words) == [], hungarian
    assert set(re.findall(r"{(\w+)}", hungarian)) == set(re.findall(r"{(\w+)}", english))


@pytest.mark.parametrize("deal", BROKEN_DEALS, ids=range(len(BROKEN_DEALS)))
def test_the_danish_engines_problems_read_in_hungarian(deal):
    sitting = {"ruleset": "vlk-2010", "table": ["Anna", "Bent", "Carl", "Dorte"], "deals": [deal]}
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.replay(sitting)
    for problem in refused.value.problems:
        message = problem.message_in("hu")
        assert english_words(message) == [] and message != problem.message_in("en"), message


def test_a_problem_names_its_field_in_hungarian():
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.replay({"ruleset": "vlk-2010", "table": ["Anna", "Bent", "Carl"], "deals": [{}]})
    messages = [p.message_in("hu") for p in refused.value.problems]
    assert "Az osztó megadása kötelező." in messages
    assert [p.message_in("da") for p in refused.value.problems if p.field == "dealer"] == ["Giveren skal udfyldes."]


@pytest.fixture
def paskievics(club, make_season, start_sitting, today):
    season = make_season(club, "paskievics", name="Paskievics", starts_on=today, ends_on=today, close="carry")
    return start_sitting(season, first_dealer="Dorte")


def test_a_hungarian_form_shows_the_engines_problem_in_hungarian(paskievics, as_member):
    """Anna plays `two` with Bent; both of them announce tulétroá: a party announces a figure
    once (duplicate_announcement, beside the second row)."""
    client = as_member("Bent")
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "hu"
    form = {
        "dealer": "Dorte",
        "contract": "two",
        "declarer": "Anna",
        "call_card": "20",
        "partner": "Bent",
        "card_points": "50",
        "ann_0_figure": "trull",
        "ann_0_by": "Anna",
        "ann_0_outcome": "made",
        "ann_1_figure": "trull",
        "ann_1_by": "Bent",
        "ann_1_outcome": "made",
    }
    preview = client.post(reverse("deal_preview", args=["nordvest", paskievics.pk]), form).content.decode()

    assert re.search(
        r'id="problems-ann_1_figure" hx-swap-oob="true"><p>A felvevő pár többször is bemondja: trull\.</p>', preview
    )


def test_the_table_pages_are_magyar(played, members, client):
    """The pages a Magyar member opens at the table, rendered, read as the eye reads them."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "hu"
    pages, posted = table_pages(client, played, members)
    assert_read_in("hu", english_words, pages, posted)


def test_dates_read_year_first_in_magyar():
    with translation.override("hu"):
        assert (day_month(date(2026, 9, 3)), day_month_year(date(2026, 11, 24))) == ("szept. 3.", "2026. nov. 24.")
    with translation.override("da"):
        assert (day_month(date(2026, 9, 3)), day_month_year(date(2026, 11, 24))) == ("3. sep.", "24. nov. 2026")


def test_the_season_form_explains_each_parameter_in_magyar(members, as_member):
    client = as_member("Anna")  # the club admin
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "hu"
    new_season = reverse("office_season_new", args=["nordvest"])

    vlk = client.get(new_season + "?preset=vlk-2010").content.decode()
    paskievics = client.get(new_season + "?preset=paskievics").content.decode()

    assert "Nolo, mindenkitől" in vlk and "A szabályrendszeré: 25 · 001 L311" in vlk and "· nolo" not in vlk
    assert "Büntetés: renonsz" in vlk
    assert "ultimókassza — Ultimókassza (kassza) vezetése az asztalnál" in paskievics
