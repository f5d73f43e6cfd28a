"""All Danish in Danish: every template, every engine message and the table pages as a Danish
member sees them carry no English text. Game words stay in the game's language (the allowed
list below); everything else an English word would give away is looked for."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

import rules
from rules.problems import FAMILY_MESSAGES, MESSAGES
from rules.texts import say

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
PO = ROOT / "locale" / "da" / "LC_MESSAGES" / "django.po"

# Words that are English and not Danish: one of them in Danish text means a string was missed.
# ("to", "at", "by", "fine", "under", "over" are Danish words too, so they are not listed.)
ENGLISH = set(
    """the is are was were of and or with without must required should player players deal deals dealer sitting
    sittings fate holder level offence offences appears more than once not one only this that which who what when
    from in on no yes cannot can has any all each every count counts cups cup saved lost kept king kings
    stopped missing taroks trick tricks won failed void corrected correct save back sheet next waiting connection
    please enter field value choose""".split()
)
# Game words, names of things and marks that stay as they are in Danish.
ALLOWED = {"Pagat", "Scus", "Skus", "nolo", "tout", "ultimo", "bagud", "Pagatkop", "Kongekop", "Tarokbog", "P", "K"}


def english_words(text: str) -> list[str]:
    words = re.findall(r"[A-Za-zÆØÅæøå]+", text)
    return [w for w in words if w not in ALLOWED and w.lower() in ENGLISH]


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<details class="record-json">.*?</details>', " ", html, flags=re.S)  # the JSON behind its toggle
    html = re.sub(r"<!--.*?-->", " ", html, flags=re.S)
    html = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", html)


def literal_template_text(source: str) -> str:
    """What a template shows that no translation tag covers."""
    source = re.sub(r"{%\s*blocktranslate.*?{%\s*endblocktranslate\s*%}", " ", source, flags=re.S)
    source = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", " ", source, flags=re.S)
    source = re.sub(r"{#.*?#}", " ", source, flags=re.S)
    source = re.sub(r"{%.*?%}|{{.*?}}", " ", source, flags=re.S)
    return visible_text(source)


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_every_template_says_its_words_through_translations(path):
    assert english_words(literal_template_text(path.read_text())) == []


def test_every_ui_string_has_a_danish_text():
    """makemessages puts every template and code string into the .po; none may be left empty."""
    entries = PO.read_text().split("\n\n")[1:]  # the header first
    untranslated = []
    for entry in entries:
        if "#, fuzzy" in entry:
            untranslated.append(entry)
        for msgstr in re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', entry + "\n", re.M):
            if not "".join(json.loads(line) for line in msgstr.split("\n") if line):
                untranslated.append(entry)
    assert untranslated == []


SAMPLE = {
    "player": "Anna",
    "players": "Anna, Bent",
    "value": "90",
    "low": "0",
    "high": "78",
    "count": "4",
    "expected": "Anna, Bent, Dorte",
}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_engine_message_has_danish_text(code):
    danish = say(MESSAGES[code], "da")
    assert danish != MESSAGES[code]
    assert english_words(re.sub(r"{\w+}", " ", danish)) == [], danish  # the words around the placeholders


def test_every_family_message_has_danish_text():
    for family, messages in FAMILY_MESSAGES.items():
        for code, english in messages.items():
            danish = say(english, "da")
            assert english_words(re.sub(r"{\w+}", " ", danish)) == [], (family, code, danish)


BROKEN_DEALS = [
    {},  # the dealer, the players
    {"dealer": "Anna", "players": ["Anna", "Bent", "Dorte"], "pagat": {"holder": "Bent"}, "last_trick": "Bent"},
    {
        "dealer": "Anna",
        "players": ["Anna", "Bent", "Dorte"],
        "kings": {"hearts": {"fate": "lost"}},
        "last_trick": "Bent",
    },
    {"dealer": "Anna", "players": ["Anna", "Bent", "Dorte"], "tout": {"won": False}},
    {"dealer": "Anna", "players": ["Anna", "Bent", "Dorte"], "fines": [{"player": "Anna"}], "last_trick": "Bent"},
    {"dealer": "Anna", "players": ["Anna", "Bent", "Dorte"], "culprit": {"player": "Anna"}, "last_trick": "Bent"},
    {
        "dealer": "Anna",
        "players": ["Anna", "Bent", "Dorte"],
        "melds": {"Bent": {"suits": {"hearts": {"missing": "king"}}}},
        "last_trick": "Bent",
    },
    {"dealer": "Anna", "players": ["Anna", "Bent", "Dorte"], "counts": {"Anna": 90, "Dorte": -5}, "last_trick": "Bent"},
    {"dealer": "Anna", "players": ["Anna", "Anna", "Gorm"], "last_trick": "Carl"},
]


@pytest.mark.parametrize("deal", BROKEN_DEALS, ids=range(len(BROKEN_DEALS)))
def test_the_engines_problems_with_their_field_names_are_danish(deal):
    """Real problems, with the field names the engine fills in ("Giveren skal udfyldes")."""
    sitting = {"ruleset": "vlk-2010", "table": ["Anna", "Bent", "Carl", "Dorte"], "deals": [deal]}
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.replay(sitting)
    for problem in refused.value.problems:
        assert english_words(problem.message_in("da")) == [], problem.message_in("da")


def table_pages(client, played, members) -> tuple[list[tuple[str, Any]], list[Any]]:
    """The pages a member opens at the table, as the club's admin sees them (every block of every
    page): (url, answer) for each page, and the answers to a refused save and a preview with
    problems."""
    client.force_login(members["Anna"].user)
    deal = played.deals.get(number=1)
    urls = [
        reverse("club_home", args=["nordvest"]),
        reverse("sitting", args=["nordvest", played.pk]),
        reverse("deal_new", args=["nordvest", played.pk]),
        reverse("deal_correct", args=["nordvest", played.pk, 1]),
        reverse("standings", args=["nordvest"]),
        reverse("member", args=["nordvest", members["Bent"].pk]),
        reverse("deal-audit", args=["nordvest", deal.pk]),
        reverse("club_log", args=["nordvest"]),
        "/c/nordvest/no-such-page/",
    ]
    pages = [(url, client.get(url)) for url in urls]
    refused = client.post(
        reverse("deal_new", args=["nordvest", played.pk]), {"dealer": "Dorte", "number": "4", "idempotency_key": "k"}
    )
    preview = client.post(
        reverse("deal_preview", args=["nordvest", played.pk]),
        {"dealer": "Dorte", "forehand": "Anna", "middlehand": "Carl", "pagat": "Anna:ultimo", "dealer_count": "90"},
    )
    return pages, [refused, preview]


def assert_read_in(language: str, english_words, pages, posted) -> None:
    """Each page answers in `language` and shows no English word; nor do the posted answers."""
    for url, page in pages:
        assert page.status_code in (200, 404), url
        assert f'<html lang="{language}"' in page.text, url
        assert english_words(visible_text(page.text)) == [], url
    for answer in posted:
        assert english_words(visible_text(answer.text)) == []


def test_the_table_pages_are_danish(played, members, client):
    """The pages a Danish member opens at the table, rendered, read as the eye reads them; a refused
    save and a preview with problems in Danish with Danish field names."""
    pages, posted = table_pages(client, played, members)
    assert_read_in("da", english_words, pages, posted)


def test_the_error_pages_are_the_projects_own_in_danish(played, members, client):
    client.force_login(members["Erik"].user)  # a member, not a scorer
    forbidden = client.get(reverse("deal_new", args=["nordvest", played.pk]))
    assert forbidden.status_code == 403
    # The reason the view gave, in Danish, on the project's own page (not a bare "403 Forbidden").
    assert "Kun klubbens" in forbidden.text and english_words(visible_text(forbidden.text)) == []
    missing = client.get("/c/nordvest/no-such-page/")
    assert missing.status_code == 404
    assert "Siden blev ikke fundet" in missing.text and english_words(visible_text(missing.text)) == []
