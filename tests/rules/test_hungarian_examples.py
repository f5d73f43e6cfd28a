"""The book's examples (brief §11) with the book's numbers.

Paskievics examples: table A, B, C, D; D deals, A is forehand (002 L241-L247). Every item is a
per-player amount (brief §1): in 2 v 2 each winner gets it and each loser pays it, so the party net
the book states ("nyeresége 9 pont", 002 L1024) is each member's result.
"""

from hungarian_kit import items, net, replay
from world.records import deal_event, hungarian_deal

PASK = "paskievics"


def test_pask_1_kutyat_kefeltek_nobody_pays():
    """002 L1009-L1015: A–C won a kontra'd two (2 × 2 = +4), lost announced trull (−2) and four kings (−2)."""
    deal = {
        "dealer": "D",
        "contract": "two",
        "declarer": "A",
        "call": {"card": 20, "partner": "C"},
        "game_contra": 1,
        "card_points": 50,
        "announcements": [{"figure": "trull", "by": "A"}, {"figure": "four_kings", "by": "C"}],
    }
    event = deal_event(replay(PASK, deal))
    assert event["net"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert items(event) == [
        ("game", {"A": 4, "C": 4, "B": -4, "D": -4}),
        ("trull.announced", {"B": 2, "D": 2, "A": -2, "C": -2}),
        ("four_kings.announced", {"B": 2, "D": 2, "A": -2, "C": -2}),
    ]


def test_pask_2_rekontra_solo_nets_nine_each():
    """002 L1017-L1024: solo 4 × 4 = 16, trull announced +2, ultimo announced and lost −10, four kings
    silent +1: "nyert 19 pontot, veszített 10-et, nyeresége 9 pont" (18 fillér at 2 fillér)."""
    deal = {
        "dealer": "D",
        "contract": "solo",
        "declarer": "A",
        "call": {"card": 20, "partner": "D"},
        "game_contra": 2,
        "card_points": 55,
        "announcements": [{"figure": "trull", "by": "A"}, {"figure": "ultimo", "by": "D"}],
        "made": {"declarer": ["trull", "four_kings"]},
    }
    event = deal_event(replay(PASK, deal))
    assert event["net"] == {"A": 9, "B": -9, "C": -9, "D": 9}
    assert [(rule, postings["A"]) for rule, postings in items(event)] == [
        ("game", 16),
        ("trull.announced", 2),
        ("four_kings.silent", 1),
        ("ultimo.announced", -10),
    ]
    assert [item["ref"] for item in event["items"]] == [
        "002 L259-L275",
        "002 L735-L737",
        "002 L1058-L1059",
        "002 L835-L837",
    ]


def test_pask_2_with_a_pot_as_the_record_format_shows():
    """sitting-format-hungarian.md: the same deal with a pot of 10 carried; the lost announced ultimo
    doubles the pot, its party paying 5 each (002 L845)."""
    deal = {
        "dealer": "D",
        "contract": "solo",
        "declarer": "A",
        "call": {"card": 20, "partner": "D"},
        "game_contra": 2,
        "card_points": 55,
        "announcements": [{"figure": "trull", "by": "A"}, {"figure": "ultimo", "by": "D"}],
        "made": {"declarer": ["trull", "four_kings"]},
    }
    result = replay(PASK, deal, overrides={"pot": True}, pot=10, close="carry")
    assert result == {
        "ruleset": "paskievics",
        "events": [
            {
                "kind": "deal",
                "number": 1,
                "items": [
                    {"rule": "game", "ref": "002 L259-L275", "postings": {"A": 16, "D": 16, "B": -16, "C": -16}},
                    {
                        "rule": "trull.announced",
                        "ref": "002 L735-L737",
                        "player": "A",
                        "postings": {"A": 2, "D": 2, "B": -2, "C": -2},
                    },
                    {
                        "rule": "four_kings.silent",
                        "ref": "002 L1058-L1059",
                        "postings": {"A": 1, "D": 1, "B": -1, "C": -1},
                    },
                    {
                        "rule": "ultimo.announced",
                        "ref": "002 L835-L837",
                        "player": "D",
                        "postings": {"B": 10, "C": 10, "A": -10, "D": -10},
                    },
                    {
                        "rule": "pot_double",
                        "ref": "002 L839-L847",
                        "player": "D",
                        "postings": {"A": -5, "D": -5, "pot": 10},
                    },
                ],
                "net": {"A": 4, "B": -9, "C": -9, "D": 4},
                "pot_after": 20,
            },
            {"kind": "close", "way": "carry", "items": [], "pot_after": 20},
        ],
        "balances": {"A": 4, "B": -9, "C": -9, "D": 4, "pot": 20},
    }


def test_pask_3_opponents_win_everything_seventeen_each():
    """002 L1026-L1032: A–C announce trull and four kings in a solo; B–D kontra game, trull and four
    kings and win all: game 4 × 2 = 8, trull 2 × 2 = 4, four kings 2 × 2 = 4, and their own silent four
    kings 1 (002 L960-L962) = 17 (34 fillér)."""
    deal = {
        "dealer": "D",
        "contract": "solo",
        "declarer": "A",
        "call": {"card": 20, "partner": "C"},
        "game_contra": 1,
        "card_points": 40,
        "announcements": [
            {"figure": "trull", "by": "A", "contra": 1},
            {"figure": "four_kings", "by": "C", "contra": 1},
        ],
        "made": {"opponents": ["four_kings"]},
    }
    assert net(PASK, deal) == {"A": -17, "B": 17, "C": -17, "D": 17}


def test_magy_1_eleventh_one_rekontra_won():
    """002 L1126: the eleventh "one" is 3 × 11 = 33, rekontra × 4 = 132 from each opponent: +264."""
    deal = {"dealer": "C", "contract": "one", "choice": 11, "declarer": "A", "game_contra": 2, "card_points": 48}
    assert net("magyar", deal) == {"A": 264, "B": -132, "C": -132}


def test_magy_2_eleventh_one_announced_volat_kontra_made():
    """002 L1126: volát 33 × 6 = 198, kontra × 2 = 396 from each: +792; no game item beside it (L791)."""
    deal = {
        "dealer": "C",
        "contract": "one",
        "choice": 11,
        "declarer": "A",
        "card_points": 94,
        "tricks": 12,
        "announcements": [{"figure": "volat", "by": "A", "contra": 1}],
        "made": {"declarer": ["volat"]},
    }
    event = deal_event(replay("magyar", deal))
    assert event["net"] == {"A": 792, "B": -396, "C": -396}
    assert [rule for rule, _ in items(event)] == ["volat.announced"]


def test_tris_1_top_scorer_pays_three_to_each():
    """002 L1335: A has the most card points and pays each of the others 3."""
    deal = {"dealer": "D", "contract": "trisak", "declarer": "A", "player_points": {"A": 40, "B": 30, "C": 20, "D": 10}}
    assert net("trisak", deal) == {"A": -9, "B": 3, "C": 3, "D": 3}


def test_tris_2_a_trickless_player_gets_nine_and_the_others_nothing():
    """002 L1335: D took no trick: he gets 9 from the top scorer A; B and C get nothing."""
    deal = {
        "dealer": "D",
        "contract": "trisak",
        "declarer": "A",
        "player_points": {"A": 50, "B": 30, "C": 20, "D": 0},
        "trickless": ["D"],
    }
    assert net("trisak", deal) == {"A": -9, "B": 0, "C": 0, "D": 9}


def _pask(contract, **fields):
    return hungarian_deal("D", contract, declarer="A", call={"card": 20, "partner": "C"}, **fields)


def test_table_of_values_002_l1047_l1073_per_player_in_two_v_two():
    """The value table (002 L1047-L1073) read per player in 2 v 2: A–C against B–D."""

    def a(deal):
        return net(PASK, deal)["A"]

    # Row 4 with the footnote *): the announced volát of a "one" is 18, with a kontra 36.
    volat = {"card_points": 94, "tricks": 9, "made": {"declarer": ["volat"]}}
    assert a(_pask("one", announcements=[{"figure": "volat", "by": "A"}], **volat)) == 18
    assert a(_pask("one", announcements=[{"figure": "volat", "by": "A", "contra": 1}], **volat)) == 36
    # Row 2: the announced double of a "two" is 8, with a rekontra 32.
    double = {"card_points": 71}
    assert a(_pask("two", announcements=[{"figure": "double", "by": "A"}], **double)) == 8
    assert a(_pask("two", announcements=[{"figure": "double", "by": "A", "contra": 2}], **double)) == 32
    # Row 6 and L735: trull announced 2, kontra 4 (on top of a won "three": 1).
    trull = {"card_points": 60, "made": {"declarer": ["trull"]}}
    assert a(_pask("three", announcements=[{"figure": "trull", "by": "A", "contra": 1}], **trull)) == 1 + 4
    # Rows 12-13: XXI capture 21 silent, 42 announced (on top of a won "three": 1).
    capture = {"card_points": 60, "made": {"declarer": ["xxi_capture"]}}
    assert a(_pask("three", **capture)) == 1 + 21
    assert a(_pask("three", announcements=[{"figure": "xxi_capture", "by": "C"}], **capture)) == 1 + 42
