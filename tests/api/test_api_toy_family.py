"""A third family through the API from its package alone (tests/world/toy_family.py: Coin, stake 2,
no table accounts): its record in the document, deals recorded and corrected, the standings.

Four at the table, stake 2: a deal's winner takes 2 from each of the other three (+6, −2 each).
Deal 1: Anna deals, Bent wins (Anna −2, Bent +6, Carl −2, Dorte −2); deal 2: Bent deals, Carl wins
(Anna −2, Bent −2, Carl +6, Dorte −2). Totals: Bent 4, Carl 4, Anna −4, Dorte −4. Deal 1 corrected
to Dorte winning: Bent +6 → −2, Dorte −2 → +6 (Anna and Carl pay 2 either way); then Dorte 4,
Carl 4, Anna −4, Bent −4.
"""

from __future__ import annotations

import pytest
import yaml
from openapi_spec_validator import validate

import rules
from club.models import Deal, Member
from world.toy_family import toy_family  # noqa: F401 (the fixture)


@pytest.fixture
def coin(toy_family, make_club, make_season, make_table, start_sitting, today):  # noqa: F811 (the fixture)
    club = make_club("Møntklubben", "moent", ("Anna", "Bent", "Carl", "Dorte"), role=Member.Role.SCORER, logins=True)
    season = make_season(club, "coin", name="Coin", starts_on=today, ends_on=today)
    return start_sitting(season, at=make_table(club), first_dealer="Anna")


@pytest.fixture
def scorer(api, coin):
    return api(coin.season.club.members.get(name="Bent").user)


def record(scorer, sitting, deal: dict):
    return scorer.post(f"/api/sittings/{sitting.pk}/deals/", deal, format="json")


def standings(scorer, sitting) -> list[tuple[str, int]]:
    return [(row["name"], row["points"]) for row in scorer.get(f"/api/seasons/{sitting.season_id}/standings/").json()]


def test_the_toy_family_has_its_record_in_the_served_document(toy_family, client):  # noqa: F811 (the fixture)
    schema = yaml.safe_load(client.get("/api/schema/").content)
    validate(schema)
    components = schema["components"]["schemas"]
    # The registry's families (rules.FAMILIES, with Coin last) each have their record.
    assert components["DealRecord"]["oneOf"] == [
        {"$ref": f"#/components/schemas/{family.name.title()}Deal"} for family in rules.FAMILIES
    ]
    assert components["DealRecord"]["oneOf"][-1] == {"$ref": "#/components/schemas/CoinDeal"}
    titles = " or ".join(family.title for family in rules.FAMILIES)
    assert components["DealRecord"]["description"].endswith(f"{titles}.")
    coin_deal = components["CoinDeal"]
    assert (coin_deal["title"], coin_deal["required"], coin_deal["additionalProperties"]) == (
        "Coin deal",
        ["dealer"],
        False,
    )
    assert coin_deal["properties"]["winner"] == {
        "allOf": [{"$ref": "#/components/schemas/CoinWinner"}],
        "nullable": True,
    }
    assert components["CoinWinner"]["maxLength"] == 60


def test_the_toy_family_records_a_deal_through_the_api_and_answers_its_settlement(coin, scorer):
    response = record(scorer, coin, {"dealer": "Anna", "winner": "Bent"})

    assert response.status_code == 201
    body = response.json()
    assert (body["number"], body["version"], body["record"]) == (1, 1, {"dealer": "Anna", "winner": "Bent"})
    assert body["events"] == [
        {
            "kind": "deal",
            "number": 1,
            "items": [{"rule": "win", "ref": "coin L1", "postings": {"Anna": -2, "Carl": -2, "Dorte": -2, "Bent": 6}}],
            "net": {"Anna": -2, "Bent": 6, "Carl": -2, "Dorte": -2},
        }
    ]
    assert body["entered_by"] == "Bent"


def test_the_toy_family_refuses_a_record_its_schema_does_not_allow(coin, scorer):
    response = record(scorer, coin, {"dealer": "Anna", "winner": "Bent", "trumps": 3})

    assert response.status_code == 400
    assert [(p["deal"], p["field"], p["code"]) for p in response.json()["errors"]] == [(1, "trumps", "unknown_key")]
    assert not Deal.objects.filter(sitting=coin).exists()


def test_the_toy_family_corrects_a_deal_through_the_api_and_the_standings_follow(coin, scorer):
    assert record(scorer, coin, {"dealer": "Anna", "winner": "Bent"}).status_code == 201
    assert record(scorer, coin, {"dealer": "Bent", "winner": "Carl"}).status_code == 201
    assert standings(scorer, coin) == [("Bent", 4), ("Carl", 4), ("Anna", -4), ("Dorte", -4)]

    deal = Deal.objects.get(sitting=coin, number=1)
    response = scorer.post(
        f"/api/deals/{deal.pk}/corrections/",
        {"record": {"dealer": "Anna", "winner": "Dorte"}, "reason": "Dorte won"},
        format="json",
    )

    assert response.status_code == 201
    members = {member.name: member.pk for member in coin.season.club.members.all()}
    body = response.json()
    assert (body["deal"], body["version"], body["reason"]) == (deal.pk, 2, "Dorte won")
    assert [(d["event"], d["account"], d["member"], d["before"], d["after"]) for d in body["differences"]] == [
        ("deal:1", "Bent", members["Bent"], 6, -2),
        ("deal:1", "Dorte", members["Dorte"], -2, 6),
    ]
    assert standings(scorer, coin) == [("Carl", 4), ("Dorte", 4), ("Anna", -4), ("Bent", -4)]


def test_the_toy_family_table_answers_as_before(coin, scorer):
    """Coin keeps no table accounts: the table's cups and pot hold nothing."""
    assert record(scorer, coin, {"dealer": "Anna", "winner": "Bent"}).status_code == 201
    table = scorer.get(f"/api/tables/{coin.table_id}/").json()
    assert (table["cups"], table["pot"]) == ({"pagat": 0, "king": 0}, 0)
