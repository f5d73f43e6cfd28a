"""The season form and the log say a rule set's parameters in words, in every language: choices and
defaults in words, the parameter's code name nowhere, the rule set named as players name it; the
log names each rule a new or changed season plays differently."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from club import families
from club.web.log import log_lines

CHOICE_VALUES = {"rounded", "exact", "max", "replace", "multiply", "strict", "mild", "all", "opponents", "all_pay"}
CHOICE_VALUES |= {"declarer", "own", "both", "full_only", "half", "add", "pairwise"}  # Slovenian tarok


@pytest.fixture
def anna(client, two_clubs):
    client.force_login(two_clubs["a"].users["admin"])
    return client


def parameter_names() -> set[str]:
    return {
        p.name
        for family in families.FAMILIES
        for preset in family.rules_family.presets
        for p in family.rules_family.parameters(preset)
    }


# The words a language says as they are coded (Danish "mild" is mild).
SAID_AS_CODED = {"en": {"mild", "rounded", "exact", "both", "half", "pairwise"}, "da": {"mild"}}

# Every rule set of every registered family, in every language the pages speak.
PRESETS_AND_LANGUAGES = [
    (preset, language)
    for family in families.FAMILIES
    for preset in family.rules_family.presets
    for language, _name in settings.LANGUAGES
]


def default_said(language: str) -> str:
    """What the form writes before a parameter's default in `language` ("The rule set's own:"), as the page escapes it."""
    with translation.override(language):
        said = translation.gettext("The rule set's own: %(default)s · %(ref)s").split("%(default)s")[0]
    return re.escape(str(escape(said.strip())))


@pytest.mark.parametrize(("preset", "language"), PRESETS_AND_LANGUAGES)
def test_the_season_form_shows_no_code_name(anna, language, preset):
    page = anna.get(reverse("office_season_new", args=["vestby"]) + f"?preset={preset}", HTTP_ACCEPT_LANGUAGE=language)
    visible = re.sub(r"<[^>]*>", " ", page.text)  # what a reader sees, not the fields' names

    named = {n for n in parameter_names() if "_" in n or "." in n}  # nolo, tout, pot are words too
    assert [n for n in named if re.search(rf"(?<![\w.]){re.escape(n)}(?![\w.])", visible)] == []
    raw = CHOICE_VALUES - SAID_AS_CODED.get(language, set())
    options = set(re.findall(r"<option [^>]*>([^<]*)</option>", page.text))
    assert options & raw == set()
    defaults = re.findall(rf"{default_said(language)} ([^·<]+?) ·", page.text)
    assert defaults, "no default found: the check would see nothing"
    assert set(defaults) & raw == set()
    assert families.preset_name(preset) in page.text and f"<small>{preset}</small>" not in page.text


def test_the_choices_in_magyar_words(anna):
    page = anna.get(reverse("office_season_new", args=["vestby"]) + "?preset=kiralyhivo", HTTP_ACCEPT_LANGUAGE="hu")

    assert ">a nagyobb</option>" in page.text and ">szorozza</option>" in page.text
    assert "Királyhívó" in page.text


def test_the_log_names_each_rule_of_a_new_and_a_changed_season(anna, two_clubs):
    new = anna.get(reverse("office_season_new", args=["vestby"]) + "?preset=kiralyhivo", HTTP_ACCEPT_LANGUAGE="en")
    form = new.context["form"]
    body = {f.html_name: f.initial for f in form.parameter_fields() if f.initial is not False}
    body |= {"name": "Ősz", "starts_on": "2027-09-01", "ends_on": "2027-12-31", "preset": "kiralyhivo"}
    body |= {"point_value_ore": "1", "close": "split", "p_silent_vs_contra": "multiply"}
    assert anna.post(reverse("office_season_new", args=["vestby"]), body).status_code == 302

    with translation.override("en"):
        lines = [line.text for line in log_lines(two_clubs["a"].club)][:2]
    assert lines == [
        "Anna created the season Ősz (Királyhívó).",
        "The season Ősz plays its own rule: A silent figure against a kontra'd game: the larger, replace or "
        "multiply: multiplies.",
    ]
