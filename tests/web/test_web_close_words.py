"""The close page, the sheet and the log speak of what the game keeps: the cups of a Danish
preset, the ultimókassza of a Hungarian game that keeps one, or nothing to split (Magyar,
Királyhívó, a Paskievics without its pot). The close page states one thing."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from club.web.log import log_lines
from club.web.templatetags import day_month_year

pytestmark = pytest.mark.django_db


def url(name: str, sitting) -> str:
    return reverse(name, args=["nordvest", sitting.pk])


def statement(page: str) -> str:
    """What the close page says, its one lead sentence and whatever the preview adds in words."""
    lead = re.search(r'<p class="lead" id="close-statement"><strong>(.*?)</strong></p>', page, re.S).group(1)
    preview = re.search(r'<section class="close-preview" id="close-preview">(.*?)</section>', page, re.S).group(1)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", f"{lead} {preview}")).split())


@pytest.fixture
def hungarian(club, make_season, start_sitting, today):
    """A sitting of `preset` (with `overrides`), no deal played: the pot, if any, holds 0."""

    def sitting(preset: str, **overrides):
        season = make_season(club, preset, name=preset, starts_on=today, ends_on=today, overrides=overrides)
        seated = "Anna Bent Carl" if preset == "magyar" else "Anna Bent Carl Dorte"
        return start_sitting(season, seated, first_dealer="Bent")

    return sitting


def test_a_game_without_cups_or_pot_closes_with_nothing_to_split(hungarian, as_member):
    sitting = hungarian("paskievics")
    client = as_member("Bent")

    sheet = client.get(url("sitting", sitting)).text
    assert re.findall(
        r'<label class="choice"><input type="radio" name="how" value="(\w+)"[^>]*> ([^<]*)</label>', sheet
    ) == [("split", "nothing to split: the game keeps no cups and no pot")]
    page = client.post(url("sitting_close", sitting), {"how": "split"}).text
    assert statement(page) == "Closing posts nothing: the game keeps no cups and no pot, so there is nothing to split."


def test_an_empty_pot_says_only_that_nothing_is_split(hungarian, as_member):
    page = as_member("Bent").post(url("sitting_close", hungarian("paskievics", pot=True)), {"how": "split"}).text

    assert statement(page).startswith(
        "Closing posts nothing: the pot (kassza) is empty, so there is nothing to split. After: ultimókassza 0"
    )
    assert "split the pot" not in page.lower()


def test_danish_cups_are_split_or_carried_in_one_statement(played, as_member):
    client = as_member("Carl")

    split = statement(client.post(url("sitting_close", played), {"how": "split"}).text)
    assert split.startswith("Split the cups among the table Closing posts this split: Anna +70")
    carry = statement(client.post(url("sitting_close", played), {"how": "carry"}).text)
    assert carry.startswith(
        "Closing posts nothing: the cups carry over to the table's next sitting. Cups after: Pagatkop 85 · Kongekop 195"
    )
    assert "carry the cups" not in carry.lower()


def closed(client, sitting, how: str) -> None:
    assert client.post(url("sitting_close", sitting), {"how": how, "confirmed": "1"}).status_code == 302


def closes(club) -> list[str]:
    return [line.text for line in log_lines(club) if "closed the sitting" in line.text]


def test_the_log_says_what_a_closed_sitting_split(hungarian, played, as_member, today):
    closed(as_member("Carl"), played, "split")
    magyar = hungarian("magyar")
    closed(as_member("Bent"), magyar, "split")

    date = f"{today.day} {today:%b %Y}"
    assert closes(played.table.club) == [
        f"Bent closed the sitting at Bord 1 on {date}.",
        f"Carl closed the sitting at Bord 1 on {date}; the cups were split.",
    ]


def test_the_log_says_a_pot_was_carried(hungarian, as_member, today):
    sitting = hungarian("paskievics", pot=True)
    closed(as_member("Anna"), sitting, "carry")

    assert closes(sitting.table.club) == [
        f"Anna closed the sitting at Bord 1 on {today.day} {today:%b %Y}; the pot (kassza) was carried over."
    ]


NEUTRAL = ["split what the table holds among its players", "carry what the table holds over to the next sitting"]


@pytest.mark.parametrize(
    ("preset", "choices"),
    [
        ("vlk-2010", ["split the cups among the table", "carry the cups to the next sitting"]),
        ("paskievics", NEUTRAL),  # a season may keep the ultimókassza
        ("kiralyhivo", ["nothing to split: the game keeps no cups and no pot"]),
        ("schwartz-1847", ["nothing to split: the game keeps no cups and no pot"]),
    ],
)
def test_the_season_form_says_what_a_close_does_with_what_the_rule_set_keeps(client, members, preset, choices):
    client.force_login(members["Anna"].user)
    address = reverse("office_season_new", args=["nordvest"]) + f"?preset={preset}"
    page = client.get(address, HTTP_ACCEPT_LANGUAGE="en").text

    field = re.search(r'<div class="field[^"]*" id="field-close">(.*?)</div>', page, re.S).group(1)
    assert re.findall(r"<option [^>]*>([^<]*)</option>", field) == choices


def test_the_danish_log_says_no_cups_after_a_paskievics_sitting(hungarian, as_member, today):
    sitting = hungarian("paskievics")
    closed(as_member("Bent"), sitting, "split")

    with translation.override("da"):
        said = [line.text for line in log_lines(sitting.table.club) if "afsluttede" in line.text]
        date = day_month_year(today)
    assert said == [f"Bent afsluttede spilleaftenen ved Bord 1 den {date}."]
