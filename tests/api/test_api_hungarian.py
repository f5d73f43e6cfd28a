"""The API records Hungarian deals on the same endpoint as Danish ones: one deal of each game.

Ede, Bela, Csaba and Dora play (none of them sits at club a's open sitting). Each game gets its
own season (no pot, so the nets are the whole story) and table; the sittings start through the services and the deal is posted as JSON by a scorer. The nets are worked out
by hand from the rules brief (hungarian-tarokk.md; payment model §1: a lone player gets or pays
the value from or to each opponent, parties of two each win or lose it).
"""

from __future__ import annotations

import datetime

import pytest

from world.clubs import add_members, make_season, make_table, start_sitting

DATE = datetime.date(2026, 3, 12)

# (preset, table, record, the net each member gets)
DEALS = [
    # Paskievics `two` (L 2, 002 L259-L275), Ede calls the XX held by Bela: 2 v 2. Kontra on the
    # game (×2, L697): the declarer's party has 50 ≥ 48 cp, so the game is 2·2 = 4 each way. Ede
    # announced tulétroá (trull) and her party made it: 2 each way (L735). 50 < 71: no double.
    #   Ede +4 +2 = +6, Bela +6, Csaba −6, Dora −6.
    (
        "paskievics",
        "Ede Bela Csaba Dora",
        {
            "dealer": "Dora",
            "contract": "two",
            "declarer": "Ede",
            "call": {"card": 20, "partner": "Bela"},
            "game_contra": 1,
            "card_points": 50,
            "announcements": [{"figure": "trull", "by": "Ede"}],
            "made": {"declarer": ["trull"]},
        },
        {"Ede": 6, "Bela": 6, "Csaba": -6, "Dora": -6},
    ),
    # Magyar `two` with talon choice 4: L = 2·4 = 8 (002 L1099-L1118). Ede alone against two wins
    # with 60 ≥ 48: 8 from each. Ede +16, Bela −8, Csaba −8.
    (
        "magyar",
        "Ede Bela Csaba",
        {"dealer": "Csaba", "contract": "two", "choice": 4, "declarer": "Ede", "card_points": 60},
        {"Ede": 16, "Bela": -8, "Csaba": -8},
    ),
    # Királyhívó `call` (L 6, 002 L1181): Bela calls the king of diamonds, Ede holds it: 2 v 2,
    # 41 ≥ 36 of 70 wins; the king came home. Ede +6, Bela +6, Csaba −6, Dora −6.
    (
        "kiralyhivo",
        "Ede Bela Csaba Dora",
        {
            "dealer": "Dora",
            "contract": "call",
            "declarer": "Bela",
            "call": {"king": "diamonds", "partner": "Ede"},
            "card_points": 41,
            "called_king_captured": False,
        },
        {"Ede": 6, "Bela": 6, "Csaba": -6, "Dora": -6},
    ),
    # Tapper `three` (L 3, 002 L1235), 54 cards: Ede alone wins with 40 ≥ 36: 3 from each.
    # Ede +6, Bela −3, Csaba −3.
    (
        "tapper",
        "Ede Bela Csaba",
        {"dealer": "Csaba", "contract": "three", "declarer": "Ede", "card_points": 40},
        {"Ede": 6, "Bela": -3, "Csaba": -3},
    ),
    # Strómann `game` (002 L1291): the declarer Ede gets 3 with 40 ≥ 36. Ede +3, Bela −3.
    (
        "stromann",
        "Ede Bela",
        {"dealer": "Bela", "contract": "game", "declarer": "Ede", "card_points": 40},
        {"Ede": 3, "Bela": -3},
    ),
    # Trisák `bettli` (L 8, 002 L1347): Bela alone against three takes no trick and wins: 8 from
    # each. Ede −8, Bela +24, Csaba −8, Dora −8.
    (
        "trisak",
        "Ede Bela Csaba Dora",
        {"dealer": "Dora", "contract": "bettli", "declarer": "Bela", "tricks": 0},
        {"Ede": -8, "Bela": 24, "Csaba": -8, "Dora": -8},
    ),
]


@pytest.fixture
def hungarian_club(two_clubs):
    club = two_clubs["a"]
    # Anna to Dorte sit at the open Bord 1, and a member sits at one open sitting at a time.
    club.members |= add_members(club.club, ("Bela", "Csaba", "Dora", "Ede"))
    return club


@pytest.mark.parametrize(("preset", "seated", "record", "net"), DEALS, ids=[d[0] for d in DEALS])
def test_one_deal_of_each_game(api, hungarian_club, preset, seated, record, net):
    club = hungarian_club
    season = make_season(club.club, preset, name=f"2026 {preset}", year=2026)
    table = make_table(club.club, f"Asztal {preset}")
    sitting = start_sitting(season, seated, at=table, date=DATE)

    response = api(club.users["scorer"]).post(f"/api/sittings/{sitting.pk}/deals/", record, format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["record"] == record and body["number"] == 1
    [event] = body["events"]
    assert event["kind"] == "deal" and event["number"] == 1
    assert event["net"] == net
    assert "cups_after" not in event and "pot_after" not in event  # no pot kept in these seasons
    assert all(item["rule"] and item["ref"] for item in event["items"])  # every line names its rule and source


def test_a_hungarian_deal_with_a_pot_reports_the_pot(api, hungarian_club):
    """Paskievics with the ultimókassza: an all-pass deal pays the no-game pot, 5 from each of four
    (002 L287, L550): pot 20, each −5. The table's pot reads 20 through the API too."""
    club = hungarian_club
    season = make_season(club.club, "paskievics", name="2026 pot", year=2026, overrides={"pot": True})
    table = make_table(club.club, "Asztal pot")
    sitting = start_sitting(season, "Ede Bela Csaba Dora", at=table, date=DATE)
    scorer = api(club.users["scorer"])

    response = scorer.post(
        f"/api/sittings/{sitting.pk}/deals/", {"dealer": "Ede", "no_game": "all_pass"}, format="json"
    )

    assert response.status_code == 201
    [event] = response.json()["events"]
    assert event["net"] == {"Ede": -5, "Bela": -5, "Csaba": -5, "Dora": -5}
    assert event["pot_after"] == 20
    assert scorer.get(f"/api/tables/{table.pk}/").json()["pot"] == 20


def test_a_danish_record_in_a_hungarian_sitting_is_refused_with_its_fields(api, hungarian_club):
    """A Danish deal (with `players`) posted to a Strómann sitting: 400, every problem named by
    field, nothing written."""
    club = hungarian_club
    season = make_season(club.club, "stromann", name="2026 s", year=2026)
    table = make_table(club.club, "Asztal s")
    sitting = start_sitting(season, "Ede Bela", at=table, date=DATE)

    response = api(club.users["scorer"]).post(
        f"/api/sittings/{sitting.pk}/deals/",
        {"dealer": "Ede", "players": ["Ede", "Bela"], "last_trick": "Bela"},
        format="json",
    )

    assert response.status_code == 400
    fields = {(e["field"], e["code"]) for e in response.json()["errors"]}
    assert ("players", "unknown_key") in fields and ("last_trick", "unknown_key") in fields
    assert not sitting.deals.exists()


def test_the_schema_describes_both_deal_shapes(api):
    schema = api().get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    shapes = [components[ref["$ref"].rsplit("/", 1)[1]] for ref in components["DealRecord"]["oneOf"]]
    assert [shape["title"] for shape in shapes][:2] == ["Danish deal", "Hungarian deal"]  # then the later families
    hungarian = shapes[1]
    assert hungarian["additionalProperties"] is False
    assert {"contract", "declarer", "call", "game_contra", "announcements", "made", "no_game"} <= set(
        hungarian["properties"]
    )
    assert "pot_after" in schema["components"]["schemas"]["Event"]["properties"]
