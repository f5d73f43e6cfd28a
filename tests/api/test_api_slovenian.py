"""A Slovenian deal through the REST API: recorded with its settlement (the sheet's scores, the
radelci after it, the money points), refused with every problem of sitting-format-slovenian.md,
and the standings in money points (R81, R82)."""

from __future__ import annotations

import pytest

from club.models import Deal, Member


@pytest.fixture
def slovenian_sitting(make_club, make_season, make_table, start_sitting, today):
    club = make_club("Tarok Ljubljana", "lj", ("Ana", "Bor", "Cene", "Dana"), role=Member.Role.SCORER, logins=True)
    season = make_season(club, "slovenian", name="Zima", starts_on=today, ends_on=today)
    return start_sitting(season, "Ana Bor Cene Dana", at=make_table(club), first_dealer="Ana")


@pytest.fixture
def scorer(api, slovenian_sitting):
    return api(slovenian_sitting.season.club.members.get(name="Bor").user)


def record(scorer, sitting, deal: dict):
    return scorer.post(f"/api/sittings/{sitting.pk}/deals/", deal, format="json")


def test_a_slovenian_deal_is_recorded_with_its_settlement(slovenian_sitting, scorer):
    sitting = slovenian_sitting
    # Example 8 (E1): three, Ana with Cene, 48: 25 + 20 − 10 = 35 each; money +70 / −70.
    deal = {
        "contract": "three",
        "declarer": "Ana",
        "partner": "Cene",
        "card_points": 48,
        "bonuses": {"trula": {"announced": "declarer", "made": "declarer"}, "kings": {"made": "opponents"}},
    }
    response = record(scorer, sitting, deal)
    assert response.status_code == 201, response.json()
    [event] = response.json()["events"]
    assert event["scores"] == {"Ana": 35, "Bor": 0, "Cene": 35, "Dana": 0}
    assert event["net"] == {"Ana": 70, "Bor": -70, "Cene": 70, "Dana": -70}
    assert event["radelci_after"] == {"Ana": 0, "Bor": 0, "Cene": 0, "Dana": 0}
    standings = scorer.get(f"/api/seasons/{sitting.season_id}/standings/").json()
    assert {row["name"]: row["points"] for row in standings} == {"Ana": 70, "Cene": 70, "Bor": -70, "Dana": -70}


def test_a_refused_slovenian_deal_lists_every_problem(slovenian_sitting, scorer):
    sitting = slovenian_sitting
    deal = {
        "contract": "two",
        "declarer": "Ana",
        "partner": "Ana",
        "card_points": 48,
        "bonuses": {"trula": {"kontra": 1}},
    }
    response = record(scorer, sitting, deal)
    assert response.status_code == 400
    assert [(p["deal"], p["field"], p["code"]) for p in response.json()["errors"]] == [
        (1, "bonuses.trula.kontra", "not_allowed"),
        (1, "partner", "same_player"),
    ]
    assert not Deal.objects.filter(sitting=sitting).exists()
