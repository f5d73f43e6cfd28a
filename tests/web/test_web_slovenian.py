"""Slovenian (slovenščina), the fourth interface language: offered wherever a language is chosen,
every interface string translated with the four Slovenian plural forms, the engines' problems said
in Slovenian, Slovenian dates (2. 12. 2026, 3. sep.) and the table pages as a Slovenian member sees
them carry no English. The Danish game's words stay Danish (Pagat, ultimo, bagud, melding, tout,
nolo); the Hungarian game's words stay Hungarian (tulétroá, volát, pagátultimó, kassza)."""

from __future__ import annotations

import re
import subprocess
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import formats, translation
from django.utils.translation import get_language_info

import rules
from club.models import LoginLanguage
from club.services import languages
from club.web.templatetags import day_month, day_month_year
from rules.texts import LANGUAGES, say
from test_web_danish import BROKEN_DEALS, ENGLISH, assert_read_in, table_pages
from test_web_magyar import every_message
from world.catalogues import catalogue

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "sl" / "LC_MESSAGES" / "django.po"
NBSP = "\u00a0"
PLURAL_FORMS = "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);"

# "in" (and), "on" (he), "no" (well) and "more" (may) are Slovenian words too; the rest of the
# Danish test's English words are not.
ENGLISH_IN_SLOVENIAN = ENGLISH - {"in", "on", "no", "more", "one"}
# Danish game words stay Danish, and a record's keys and codes (no_game, split) are shown as typed.
ALLOWED = {"Pagat", "Scus", "Skus", "nolo", "tout", "ultimo", "bagud", "Pagatkop", "Kongekop", "Tarokbog"}


def english_words(text: str) -> list[str]:
    text = re.sub(r"\b\w+_\w+\b|'[^']*'", " ", text)  # field keys (game_contra) and quoted values
    words = re.findall(r"[^\W\d_]+", text)  # whole words, č, š and ž included
    return [w for w in words if w not in ALLOWED and w.lower() in ENGLISH_IN_SLOVENIAN]


def test_slovenian_is_one_of_the_sites_languages_everywhere_one_is_chosen():
    codes = [code for code, _name in settings.LANGUAGES]
    assert codes[-1] == "sl" and "sl" in languages.CODES and "sl" in LANGUAGES
    assert get_language_info("sl")["name_local"] == "Slovenščina"


def test_the_language_switch_offers_every_language_in_its_own_name(client):
    page = client.get("/login/", HTTP_ACCEPT_LANGUAGE="da").content.decode()

    for code, _name in settings.LANGUAGES:
        name = get_language_info(code)["name_local"]
        assert f'<button type="submit" name="language" value="{code}"' in page
        assert f">{name[0].upper()}{name[1:]}</button>" in page
    assert ">Slovenščina</button>" in page


def test_a_browser_asking_for_slovenian_gets_slovenian_pages(client):
    page = client.get("/login/", HTTP_ACCEPT_LANGUAGE="sl-SI,sl;q=0.9,en;q=0.5").content.decode()
    assert '<html lang="sl"' in page and "Geslo" in page and "Ste pozabili geslo?" in page


def test_a_member_chooses_slovenian_on_his_account_page(members, client):
    client.force_login(members["Bent"].user)
    saved = client.post(reverse("account"), {"language": "sl"}, HTTP_ACCEPT_LANGUAGE="da")
    assert saved.status_code == 302
    assert LoginLanguage.objects.get(user=members["Bent"].user).language == "sl"
    account = client.get(reverse("account"), HTTP_ACCEPT_LANGUAGE="da").content.decode()
    assert '<html lang="sl"' in account and "Jezik vaših strani in pošte" in account
    assert '<option value="sl" selected>Slovenščina</option>' in account


def test_the_catalogue_has_a_slovenian_text_for_every_string():
    """What `msgfmt --statistics` says of locale/sl: every message translated, none fuzzy."""
    found = subprocess.run(
        ["msgfmt", "--check-format", "--statistics", "-o", "/dev/null", str(PO)],
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    assert re.fullmatch(r"\d+ translated messages\.\n", found), found


def test_the_catalogue_has_the_danish_catalogues_messages_and_four_plural_forms():
    text = PO.read_text(encoding="utf-8")
    assert f'"Plural-Forms: {PLURAL_FORMS}\\n"' in text
    assert set(catalogue("sl")) == set(catalogue("da"))
    for block in text.split("\n\n"):
        if "msgid_plural" in block:
            forms = re.findall(r'^msgstr\[(\d)\] ((?:".*"\n?)+)', block + "\n", re.M)
            assert [index for index, _text in forms] == ["0", "1", "2", "3"], block
            assert all(text.strip('"\n') for _index, text in forms), block


def test_plurals_take_the_slovenian_forms():
    with translation.override("sl"):
        said = [translation.ngettext("%(n)s table", "%(n)s tables", n) % {"n": n} for n in (1, 2, 3, 5, 101, 102)]
    assert said == ["1 miza", "2 mizi", "3 mize", "5 miz", "101 miza", "102 mizi"]


def test_the_deal_form_and_the_sheet_in_slovenian(sitting, as_member):
    client = as_member("Bent")
    client.post(reverse("set_language"), {"language": "sl", "next": "/"})

    form = client.get(reverse("deal_new", args=["nordvest", sitting.pk])).content.decode()
    sheet = client.get(reverse("sitting", args=["nordvest", sitting.pk])).content.decode()

    assert '<html lang="sl"' in form
    assert "Igra 1" in form and "Shrani in naprej" in form and "Obračun po vrsticah" in form
    assert "Vnesi naslednjo igro" in sheet and "Igre in sprotno stanje" in sheet


@pytest.mark.parametrize("family, code, texts", list(every_message()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_engine_message_has_a_slovenian_text(family, code, texts):
    english, slovenian = texts, say(texts, "sl")
    words = re.sub(r"{\w+}", " ", slovenian)
    assert english_words(words) == [], slovenian
    assert set(re.findall(r"{(\w+)}", slovenian)) == set(re.findall(r"{(\w+)}", english))


@pytest.mark.parametrize("deal", BROKEN_DEALS, ids=range(len(BROKEN_DEALS)))
def test_the_danish_engines_problems_read_in_slovenian(deal):
    sitting = {"ruleset": "vlk-2010", "table": ["Anna", "Bent", "Carl", "Dorte"], "deals": [deal]}
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.replay(sitting)
    for problem in refused.value.problems:
        message = problem.message_in("sl")
        assert english_words(message) == [] and message != problem.message_in("en"), message


def test_a_problem_names_its_field_in_slovenian():
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.replay({"ruleset": "vlk-2010", "table": ["Anna", "Bent", "Carl"], "deals": [{}]})
    messages = [p.message_in("sl") for p in refused.value.problems]
    assert "Delivec: vnos je obvezen." in messages


def test_the_table_pages_are_slovenian(played, members, client):
    """The pages a Slovenian member opens at the table, rendered, read as the eye reads them."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "sl"
    pages, posted = table_pages(client, played, members)
    assert_read_in("sl", english_words, pages, posted)


def test_dates_read_the_slovenian_way():
    """Day first, a dot after the day and the month's number, and a no-break space after each dot
    (a date never breaks across lines); maj is whole, avgust is avg."""
    with translation.override("sl"):
        said = [
            day_month(date(2026, 9, 3)),
            day_month_year(date(2026, 11, 24)),
            day_month(date(2026, 5, 3)),
            day_month(date(2026, 8, 3)),
            formats.date_format(date(2026, 12, 2), "SHORT_DATE_FORMAT"),
            formats.date_format(date(2026, 12, 2), "DATE_FORMAT"),
        ]
    assert [text.replace(NBSP, " ") for text in said] == [
        "3. sep.",
        "24. nov. 2026",
        "3. maj",
        "3. avg.",
        "2. 12. 2026",
        "2. december 2026",
    ]
    assert (said[1], said[4]) == (f"24.{NBSP}nov.{NBSP}2026", f"2.{NBSP}12.{NBSP}2026")
    with translation.override("sl"):
        assert formats.number_format("1234.50", 2, use_l10n=True, force_grouping=True) == "1.234,50"


def test_the_season_form_explains_each_parameter_in_slovenian(members, as_member):
    client = as_member("Anna")  # the club admin
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "sl"
    vlk = client.get(reverse("office_season_new", args=["nordvest"]) + "?preset=vlk-2010").content.decode()

    assert "Nolo, od vsakega" in vlk and "Po naboru pravil: 25 · 001 L311" in vlk
    assert "Kazen: renons" in vlk
