"""A third family gets the club's deal form, preview, save, correction, score sheet and member page
from its package alone (tests/world/toy_family.py: Coin, stake 2, no table accounts).

Four at the table, stake 2: a deal's winner takes 2 from each of the other three (+6, −2 each).
Deal 1: Anna deals, Bent wins (Anna −2, Bent +6, Carl −2, Dorte −2); deal 2: Bent deals (the member
after Anna), Carl wins (Anna −2, Bent −2, Carl +6, Dorte −2). Totals: Anna −4, Bent 4, Carl 4, Dorte −4.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from club.models import Deal
from world.toy_family import toy_family  # noqa: F401 (the fixture)


@pytest.fixture
def coin(toy_family, club, make_season, start_sitting, today):  # noqa: F811 (the fixture)
    season = make_season(club, "coin", name="Coin", starts_on=today, ends_on=today)
    return start_sitting(season, first_dealer="Anna")


def url(name: str, sitting, *extra) -> str:
    return reverse(name, args=["nordvest", sitting.pk, *extra])


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def save(client, sitting, form: dict):
    page = client.get(url("deal_new", sitting)).content.decode()
    data = form | {"number": hidden(page, "number"), "idempotency_key": hidden(page, "idempotency_key")}
    return client.post(url("deal_new", sitting), data)


def nets(html: str) -> dict[str, int]:
    return {name: int(points) for name, points in re.findall(r'data-name="([^"]+)" data-points="(-?\d+)"', html)}


def totals(client, sitting) -> list[str]:
    sheet = client.get(url("sitting", sitting)).content.decode()
    return re.findall(r'data-points="(-?\d+)"', re.search(r'<tr id="totals">(.*?)</tr>', sheet, re.S).group(1))


def test_the_toy_family_gets_its_deal_form(coin, as_member):
    page = as_member("Bent").get(url("deal_new", coin)).content.decode()

    assert re.search(r'<input type="radio" name="dealer" value="Anna"[^>]*checked>', page)  # the first dealer
    for name in ("Anna", "Bent", "Carl", "Dorte"):
        assert re.search(rf'<input type="radio" name="winner" value="{name}"', page)
    assert "<legend>Winner</legend>" in page
    assert 'name="last_trick"' not in page and 'name="contract"' not in page  # no other family's fields


def test_the_toy_family_previews_a_deal_and_names_its_problem(coin, as_member):
    client = as_member("Bent")

    preview = client.post(url("deal_preview", coin), {"dealer": "Anna", "winner": "Bent"}).content.decode()
    assert nets(preview) == {"Anna": -2, "Bent": 6, "Carl": -2, "Dorte": -2}

    unanswered = client.post(url("deal_preview", coin), {"dealer": "Anna"}).content.decode()
    assert nets(unanswered) == {}
    assert 'href="#field-winner"' in unanswered


def test_the_toy_family_saves_deals_and_the_sheet_adds_them_up(coin, as_member):
    client = as_member("Bent")

    assert save(client, coin, {"dealer": "Anna", "winner": "Bent"}).status_code == 302
    assert Deal.objects.get(sitting=coin, number=1).current_version.record == {"dealer": "Anna", "winner": "Bent"}
    # The next dealer is the member after Anna.
    page = client.get(url("deal_new", coin)).content.decode()
    assert re.search(r'<input type="radio" name="dealer" value="Bent"[^>]*checked>', page)
    assert save(client, coin, {"dealer": "Bent", "winner": "Carl"}).status_code == 302

    assert totals(client, coin) == ["-4", "4", "4", "-4"]


def test_the_toy_family_corrects_a_deal(coin, as_member):
    client = as_member("Bent")
    assert save(client, coin, {"dealer": "Anna", "winner": "Bent"}).status_code == 302
    deal = Deal.objects.get(sitting=coin, number=1)

    page = client.get(url("deal_correct", coin, 1)).content.decode()
    assert re.search(r'<input type="radio" name="winner" value="Bent"[^>]*checked>', page)  # filled in from the record

    correction = {"dealer": "Anna", "winner": "Dorte", "reason": "Dorte won", "base_version": deal.current_version.pk}
    previewed = client.post(url("deal_correct", coin, 1), correction).content.decode()
    deltas = dict(re.findall(r'data-name="([^"]+)" data-delta="(-?\d+)"', previewed))
    assert deltas == {"Bent": "-8", "Dorte": "8"}  # Anna and Carl pay 2 either way
    assert client.post(url("deal_correct", coin, 1), correction | {"confirmed": "1"}).status_code == 302

    assert Deal.objects.get(pk=deal.pk).current_version.record == {"dealer": "Anna", "winner": "Dorte"}
    assert totals(client, coin) == ["-2", "-2", "-2", "6"]


def test_the_toy_family_member_page_counts_deals_played_and_dealt(coin, members, as_member):
    client = as_member("Bent")
    assert save(client, coin, {"dealer": "Anna", "winner": "Bent"}).status_code == 302
    assert save(client, coin, {"dealer": "Bent", "winner": "Carl"}).status_code == 302

    def stats(name: str) -> dict[str, str]:
        page = client.get(reverse("member", args=["nordvest", members[name].pk])).content.decode()
        return dict(re.findall(r'data-stat="([a-z_]+)">([^<]+)<', page))

    assert (stats("Anna")["deals_played"], stats("Anna")["deals_dealt"]) == ("2", "1")
    assert (stats("Carl")["deals_played"], stats("Carl")["deals_dealt"]) == ("2", "0")
