"""Each term has one translation per language: an offence is named on the deal form, on the
season form and in the settlement lines by the Danish game's own word (rules/danish/texts.py)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

import rules
from club import families
from club.web.forms import DealForm
from club.web.office_forms import SeasonForm, overrides_in_words
from world.catalogues import catalogue

DANISH = families.of("vlk-2010")

SEATS = ["Anna", "Bent", "Carl", "Dorte"]
DANISH_PRESETS = tuple(rules.danish.FAMILY.presets)
SITE_LANGUAGES = [code for code, _name in settings.LANGUAGES]


def offence_labels(preset: str) -> dict[str, str]:
    form = DealForm(seat_names=SEATS, ruleset=rules.danish.ruleset(preset))
    return {code: str(label) for code, label in form.fields["fine_0_offence"].choices if code}


@pytest.mark.parametrize("language", SITE_LANGUAGES)
@pytest.mark.parametrize("preset", DANISH_PRESETS)
def test_the_deal_form_names_each_offence_as_the_engine_does(preset, language):
    with translation.override(language):
        labels = offence_labels(preset)
    assert labels
    assert labels == {code: DANISH.texts.word(code, language) for code in labels}


def season_fine_labels(preset: str) -> dict[str, str]:
    parameters = rules.family_of(preset).parameters(preset)
    form = SeasonForm(preset=preset, parameters=parameters)
    return {
        p.name.partition(".")[2]: str(form.fields[form.field_name(p)].label)
        for p in parameters
        if p.name.startswith("fines.")
    }


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("da", ["kulørsvigt", "fejl lagt skat", "fejle kort", "kopper ikke skudt videre"]),
        ("hu", ["renonsz", "hibás skat", "hibás lapszám", "a kupák nem mentek tovább"]),
        ("sl", ["renons", "napačno položen skat", "napačne karte", "kupe niso potisnjene naprej"]),
    ],
)
def test_the_offences_once_named_twice_have_one_name_on_both_forms(language, words):
    offences = ["revoke", "wrong_skat", "wrong_cards", "cups_not_pushed"]
    with translation.override(language):
        deal_form, season_form = offence_labels("ensartede"), season_fine_labels("ensartede")
    fine = {"da": "Bøde: ", "hu": "Büntetés: ", "sl": "Kazen: "}[language]
    assert [deal_form[code] for code in offences] == words
    assert [season_form[code] for code in offences] == [fine + word for word in words]


@pytest.mark.parametrize("language", SITE_LANGUAGES)
@pytest.mark.parametrize("preset", DANISH_PRESETS)
def test_the_season_form_names_each_fine_by_the_offences_word(preset, language):
    with translation.override(language):
        fines = season_fine_labels(preset)
    assert fines
    fine = {"da": "Bøde: ", "hu": "Büntetés: ", "sl": "Kazen: ", "en": "Fine: "}[language]
    assert fines == {code: fine + DANISH.texts.word(code, language) for code in fines}


def test_the_log_names_a_changed_fine_by_the_offences_word():
    with translation.override("da"):
        said = overrides_in_words("vlk-2010", {"fines": {"revoke": 40}})
    assert said == ["Bøde: kulørsvigt: 40"]


# --- the glossary: a term says one word wherever the catalogues use it -----------------------------

# English term -> its word in Danish, in Magyar and in Slovenian, from the rulebooks (seed 000 L191:
# kulørsvigt; Tolnai 1930: kassza) and docs/development.md (spilleaften, játékest, večer). A word is
# matched as a stem, so that "kopperne" and "kupáikat" count: the Danish cups are kopper, in Magyar
# kupák, in Slovenian kupe; the Hungarian pot is the kassza (a pulje in Danish, a blagajna in
# Slovenian).
GLOSSARY = {
    "cup": (r"\bcups?\b", "kop", "kup", "kup"),
    "revoke": (r"\brevokes?\b", "kulørsvigt", "renonsz", "renons"),
    "pot": (r"\bpot\b", "pulje", "kassz", "blagajn"),
    # "sitting out" (of one deal) is another phrase: the member who sits out, not an evening.
    "sitting": (r"\bsittings?\b(?! out)", "spilleaften", "játékest", "večer"),
    "season": (r"\bseasons?\b", "sæson", "idény", "sezon"),
    "fine": (r"\bfines?\b|\bfined\b", "bøde", "büntet", "kaz"),
    "meld": (r"\bmelds?\b|\bmelded\b", "meld", "meld", "meld"),
    "statement": (r"\bstatements?\b", "opgørelse", "kivonat", "izpis"),
    # manage.py send_queued_mail, as the messages that wait for it name it (the invitations' Danish
    # once said postudsenderen beside the statements' mailarbejderen).
    "mail worker": (r"\bmail worker\b", "mailarbejder", "levélküldő", "poštni delavec"),
}
GLOSSARY_LANGUAGES = ("da", "hu", "sl")  # the order of the words above
# What a program reads is no word: placeholders, and codes such as cup:pagat, season:7, {"pot": true}
# or a list of offence codes.
CODES = re.compile(r"\b\w+=\d+\b|%\(\w+\)\w|\{\w+\}|\w+:\w+|\{\"\w+\"[^}]*\}|\brevoke, faulty_discard\b|\bor pot\b")


def words_against_the_glossary(language: str) -> list[tuple[str, str, str]]:
    index = GLOSSARY_LANGUAGES.index(language)
    found = []
    for entry in catalogue(language).values():
        english = CODES.sub(" ", entry.msgid)
        for term, (pattern, *words) in GLOSSARY.items():
            if entry.msgstr and re.search(pattern, english, re.I) and words[index] not in entry.msgstr.lower():
                found.append((term, entry.msgid, entry.msgstr))
    return found


@pytest.mark.parametrize("language", GLOSSARY_LANGUAGES)
def test_each_term_says_its_one_word_in_every_message(language):
    assert words_against_the_glossary(language) == []


def test_the_glossary_has_a_word_in_every_translated_language():
    assert set(GLOSSARY_LANGUAGES) == set(SITE_LANGUAGES) - {"en"}
    assert all(len(words) == len(GLOSSARY_LANGUAGES) for _pattern, *words in GLOSSARY.values())


def test_the_glossary_would_find_a_second_word_for_a_term():
    """The check itself: a Danish "renonce" for the offence, as the seeds never call it."""
    entries = {"revoke": "renonce"}
    found = [
        term
        for english, danish in entries.items()
        for term, (pattern, word, *_others) in GLOSSARY.items()
        if re.search(pattern, english) and word not in danish
    ]
    assert found == ["revoke"]
