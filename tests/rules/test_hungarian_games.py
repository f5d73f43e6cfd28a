"""Magyar, Királyhívó, Tapper, Strómann and Trisák (brief §4–§8), row by row, derived by hand.

Tables: three members A, B, C with C dealing (A forehand); four A, B, C, D with D dealing; two A, B
with B dealing (A forehand). Every item is per player (brief §1): a lone declarer gets or pays it
from or to each opponent.
"""

import pytest

from hungarian_kit import items, net, replay
from world.records import deal_event, hungarian_deal, rules_of


def one_v_two(amount):
    return {"A": 2 * amount, "B": -amount, "C": -amount}


def one_v_three(amount, declarer="A"):
    result = {p: -amount for p in "ABCD"}
    result[declarer] = 3 * amount
    return result


# --- §4 Magyar ---------------------------------------------------------------------------------


def magyar(contract, choice=None, **fields):
    deal = hungarian_deal("C", contract, declarer="A", **fields)
    if choice is not None:
        deal["choice"] = choice
    return deal


@pytest.mark.parametrize(
    "contract, choice, value",
    [
        ("three", 1, 1),
        ("three", 3, 3),
        ("lower_three", 1, 2),
        ("lower_three", 3, 4),
        ("two", 1, 2),
        ("two", 5, 10),
        ("one", 1, 3),
        ("one", 11, 33),
        ("solo", None, 10),
    ],
)
def test_magyar_game_value_follows_the_talon_choice(contract, choice, value):
    """002 L1099-L1118: three n, lower three n + 1, two 2n, one 3n, solo 10; 48 wins, 47 loses."""
    assert net("magyar", magyar(contract, choice, card_points=48)) == one_v_two(value)
    assert net("magyar", magyar(contract, choice, card_points=47)) == one_v_two(-value)


@pytest.mark.parametrize(
    "figure, announced, silent",
    [
        ("trull", 2, 1),
        ("four_kings", 2, 1),
        ("ultimo", 10, 5),
        ("xxi_capture", 42, 21),
    ],
)
def test_magyar_figures(figure, announced, silent):
    """002 L1120-L1124: the Paskievics values, beside a won three of choice 1 (1)."""
    made = {"declarer": [figure]}
    assert net("magyar", magyar("three", 1, card_points=50, made=made)) == one_v_two(1 + silent)
    deal = magyar("three", 1, card_points=50, made=made, announcements=[{"figure": figure, "by": "A", "contra": 1}])
    assert net("magyar", deal) == one_v_two(1 + 2 * announced)


def test_magyar_silent_volat_and_no_double():
    """002 L1120: silent volát 3L (a two of choice 2: L 4, volát 12); 80 cp alone is no double in
    Magyar: just the game, 4."""
    assert net("magyar", magyar("two", 2, card_points=94, made={"declarer": ["volat"]})) == one_v_two(12)
    assert net("magyar", magyar("two", 2, card_points=80)) == one_v_two(4)


def test_magyar_all_pass_pays_nothing():
    assert net("magyar", {"dealer": "C", "no_game": "all_pass"}) == {"A": 0, "B": 0, "C": 0}


# --- §5 Királyhívó -----------------------------------------------------------------------------


def kiraly(contract, partner="C", **fields):
    deal = hungarian_deal("D", contract, declarer="A", **fields)
    if contract in ("call", "solo"):
        deal["call"] = {"king": "hearts", "partner": partner}
    return deal


def test_kiralyhivo_game_values_and_parties():
    """002 L1181-L1215: call 6 and solo 8 with the called king's holder (2 v 2); three 10 and solo
    three 20 alone against three; 36 of 70 wins, 35 loses (002 L1175)."""
    assert net("kiralyhivo", kiraly("call", card_points=36)) == {"A": 6, "B": -6, "C": 6, "D": -6}
    assert net("kiralyhivo", kiraly("solo", card_points=35)) == {"A": -8, "B": 8, "C": -8, "D": 8}
    assert net("kiralyhivo", kiraly("three", card_points=40)) == one_v_three(10)
    assert net("kiralyhivo", kiraly("solo_three", card_points=20)) == one_v_three(-20)


@pytest.mark.parametrize(
    "contract, announced, silent", [("call", 4, 2), ("solo", 8, 4), ("three", 12, 6), ("solo_three", 16, 8)]
)
def test_kiralyhivo_figure_rows(contract, announced, silent):
    """Brief §5: trull, four kings, XXI capture and (ultimo_as_figure) the Pagát ultimo take the
    contract's row. A wins the game too; in 1 v 3 every amount comes from each of three."""
    value = {"call": 6, "solo": 8, "three": 10, "solo_three": 20}[contract]
    made = {"declarer": ["trull", "ultimo"]}
    deal = kiraly(contract, card_points=50, made=made, announcements=[{"figure": "ultimo", "by": "A"}])
    event = deal_event(replay("kiralyhivo", deal))
    assert rules_of(event) == ["game", "trull.silent", "ultimo.announced"]
    per_player = value + silent + announced
    expected = (
        {"A": per_player, "B": -per_player, "C": per_player, "D": -per_player}
        if contract in ("call", "solo")
        else one_v_three(per_player)
    )
    assert event["net"] == expected


def test_kiralyhivo_ultimo_not_as_figure_is_four_and_two_always():
    """ultimo_as_figure false: a three's announced ultimo made is 4 (not 12), from each: 3 × (10 + 4)."""
    deal = kiraly(
        "three", card_points=50, made={"declarer": ["ultimo"]}, announcements=[{"figure": "ultimo", "by": "A"}]
    )
    assert net("kiralyhivo", deal, overrides={"ultimo_as_figure": False}) == one_v_three(14)


@pytest.mark.parametrize(
    "contract, silent, announced", [("call", 12, 24), ("solo", 24, 48), ("three", 24, 48), ("solo_three", 48, 96)]
)
def test_kiralyhivo_volat_values(contract, silent, announced):
    """Brief §5: volát call 24/12, solo 48/24, three 48/24, solo three 96/48, replacing the game."""
    made = {"declarer": ["volat"]}
    lone = contract in ("three", "solo_three")

    def expect(v):
        return one_v_three(v) if lone else {"A": v, "B": -v, "C": v, "D": -v}

    assert net("kiralyhivo", kiraly(contract, card_points=70, made=made)) == expect(silent)
    deal = kiraly(contract, card_points=70, made=made, announcements=[{"figure": "volat", "by": "A"}])
    assert net("kiralyhivo", deal) == expect(announced)


def test_king_ultimo_beside_the_pagat_ultimo_both_score():
    """002 L1191-L1199, brief §5: in a call, king ultimo announced 4 and Pagát ultimo silent 2, plus
    the game 6: 12 each."""
    deal = kiraly(
        "call",
        card_points=40,
        made={"declarer": ["king_ultimo", "ultimo"]},
        announcements=[{"figure": "king_ultimo", "by": "C"}],
    )
    event = deal_event(replay("kiralyhivo", deal))
    assert rules_of(event) == ["game", "ultimo.silent", "king_ultimo.announced"]
    assert event["net"] == {"A": 12, "B": -12, "C": 12, "D": -12}


def test_called_king_captured_costs_the_declarer_party_two_each():
    """002 L1207: the opponents took the called king home: A and C pay 2 each; the won call is 6."""
    event = deal_event(replay("kiralyhivo", kiraly("call", card_points=40, called_king_captured=True)))
    assert items(event) == [
        ("game", {"A": 6, "C": 6, "B": -6, "D": -6}),
        ("called_king_fine", {"B": 2, "D": 2, "A": -2, "C": -2}),
    ]


def test_called_king_captured_after_a_self_call_the_declarer_pays_each():
    """002 L1207: A took the king from the talon (1 v 3) and lost it: −2 to each of three (−6)."""
    event = deal_event(replay("kiralyhivo", kiraly("call", partner="A", card_points=40, called_king_captured=True)))
    assert items(event)[-1] == ("called_king_fine", {"B": 2, "C": 2, "D": 2, "A": -6})
    assert event["net"] == one_v_three(6 - 2)


def test_called_king_in_the_talon():
    """002 L1189: in a call the king lay in the half left to the opponents: A alone, and the fine
    once, 2 to each; in a solo the half counted for him: alone, no fine (002 L1203)."""
    event = deal_event(replay("kiralyhivo", kiraly("call", partner=None, card_points=40)))
    assert items(event) == [("game", one_v_three(6)), ("called_king_fine", {"B": 2, "C": 2, "D": 2, "A": -6})]
    assert event["items"][1]["ref"] == "002 L1189"
    assert net("kiralyhivo", kiraly("solo", partner=None, card_points=40)) == one_v_three(8)


def test_thrown_game_pays_four_each():
    """002 L1189: the call declarer B gives up with the king in the talon: 4 to each."""
    deal = {"dealer": "D", "no_game": "thrown", "declarer": "B"}
    assert net("kiralyhivo", deal) == {"A": 4, "B": -12, "C": 4, "D": 4}


# --- §6 Tapper ---------------------------------------------------------------------------------


def tapper(contract, **fields):
    return hungarian_deal("C", contract, declarer="A", **fields)


@pytest.mark.parametrize("contract, value", [("three", 3), ("lower_three", 4), ("upper_three", 5), ("solo", 8)])
def test_tapper_game_values_54_cards(contract, value):
    """002 L1235, L1246: three 3, lower 4, upper 5, solo 8; 36 of 70 wins, 35 loses."""
    assert net("tapper", tapper(contract, card_points=36)) == one_v_two(value)
    assert net("tapper", tapper(contract, card_points=35)) == one_v_two(-value)


def test_tapper_42_cards_wins_with_34():
    """002 L1246: with 42 cards 34 of 66 wins."""
    assert net("tapper", tapper("three", card_points=34), overrides={"deck": 42}) == one_v_two(3)
    assert net("tapper", tapper("three", card_points=33), overrides={"deck": 42}) == one_v_two(-3)


def test_tapper_ultimo_and_volat_double_in_solo():
    """002 L1264-L1266: ultimo 6/3 and volát 24/12 in the threes, doubled in solo; volát replaces the game.
    Upper three with an announced ultimo made and kontra'd: 5 + 12 = 17; solo volát silent: 24."""
    deal = tapper(
        "upper_three",
        card_points=40,
        made={"declarer": ["ultimo"]},
        announcements=[{"figure": "ultimo", "by": "A", "contra": 1}],
    )
    assert net("tapper", deal) == one_v_two(17)
    assert net("tapper", tapper("solo", card_points=70, made={"declarer": ["volat"]})) == one_v_two(24)
    assert net("tapper", tapper("lower_three", card_points=40, made={"declarer": ["ultimo"]})) == one_v_two(4 + 3)


def test_tapper_hand_bonuses_whatever_the_result():
    """002 L1270-L1275: B's four kings 3 and A's fejek 1 from each of the other two; A lost a three (−3)."""
    deal = tapper(
        "three",
        card_points=30,
        bidders=["A", "B"],
        hand_bonuses=[{"player": "B", "bonus": "four_kings"}, {"player": "A", "bonus": "two_honours"}],
    )
    event = deal_event(replay("tapper", deal))
    assert items(event) == [
        ("hand_bonus.four_kings", {"B": 6, "A": -3, "C": -3}),
        ("hand_bonus.two_honours", {"A": 2, "B": -1, "C": -1}),
        ("game", one_v_two(-3)),
    ]


def test_tapper_hand_bonuses_double_in_solo_and_the_trump_bonus():
    """002 L1275 "szólójátékban minden díj kétszeresére növekszik": trull 6; a club's trump bonus 2 → 4."""
    deal = tapper(
        "solo",
        card_points=40,
        hand_bonuses=[{"player": "A", "bonus": "trull"}, {"player": "C", "bonus": "many_trumps"}],
    )
    event = deal_event(replay("tapper", deal, overrides={"trump_bonus": 2}))
    assert items(event)[:2] == [
        ("hand_bonus.trull", {"A": 12, "B": -6, "C": -6}),
        ("hand_bonus.many_trumps", {"C": 8, "A": -4, "B": -4}),
    ]


def test_tapper_pot_is_funded_when_empty_and_taken_by_an_announced_ultimo():
    """002 L1260-L1262: each pays 5 into the empty pot at the start; A's announced ultimo made
    takes the 15; the pot is funded again at the next deal."""
    first = tapper(
        "three", card_points=40, made={"declarer": ["ultimo"]}, announcements=[{"figure": "ultimo", "by": "A"}]
    )
    result = replay("tapper", [first, {"dealer": "A", "no_game": "all_pass"}], overrides={"pot": True})
    event = deal_event(result)
    assert items(event)[0] == ("pot_fund", {"A": -5, "B": -5, "C": -5, "pot": 15})
    assert items(event)[-1] == ("pot_take", {"A": 15, "pot": -15})
    assert event["net"] == {"A": -5 + 2 * 3 + 2 * 6 + 15, "B": -5 - 3 - 6, "C": -5 - 3 - 6}
    assert deal_event(result, 2)["pot_after"] == 15


# --- §7 Strómann -------------------------------------------------------------------------------


def test_stromann_simple_two_to_the_better_count_the_dealer_wins_a_tie():
    """002 L1289-L1293: the dealer B has the card points; 35-35 goes to him (33-33 with 42 cards)."""
    assert net("stromann", {"dealer": "B", "contract": "simple", "card_points": 35}) == {"A": -2, "B": 2}
    assert net("stromann", {"dealer": "B", "contract": "simple", "card_points": 34}) == {"A": 2, "B": -2}
    assert net("stromann", {"dealer": "B", "contract": "simple", "card_points": 33}, overrides={"deck": 42}) == {
        "A": -2,
        "B": 2,
    }


def test_stromann_game_three_or_four_doubled_by_kontra():
    """002 L1291, L1301: the declarer gets 3 with 36, pays 4 below; a kontra doubles both."""
    assert net("stromann", {"dealer": "B", "contract": "game", "declarer": "A", "card_points": 36}) == {"A": 3, "B": -3}
    assert net(
        "stromann", {"dealer": "B", "contract": "game", "declarer": "A", "game_contra": 1, "card_points": 35}
    ) == {"A": -8, "B": 8}


def test_stromann_bonuses_one_each_two_in_game():
    """002 L1295-L1297: trull 1, four kings 1, silent ultimo 1; fejek fejek_value; all doubled in game."""
    simple = {
        "dealer": "B",
        "contract": "simple",
        "card_points": 40,
        "ultimo": "A",
        "hand_bonuses": [{"player": "A", "bonus": "trull"}, {"player": "B", "bonus": "four_kings"}],
    }
    event = deal_event(replay("stromann", simple))
    assert items(event) == [
        ("hand_bonus.trull", {"A": 1, "B": -1}),
        ("hand_bonus.four_kings", {"B": 1, "A": -1}),
        ("game", {"B": 2, "A": -2}),
        ("ultimo.silent", {"A": 1, "B": -1}),
    ]
    game = {
        "dealer": "B",
        "contract": "game",
        "declarer": "B",
        "card_points": 40,
        "hand_bonuses": [{"player": "A", "bonus": "two_honours"}],
    }
    assert items(deal_event(replay("stromann", game, overrides={"fejek_value": 3})))[0] == (
        "hand_bonus.two_honours",
        {"A": 6, "B": -6},
    )


# --- §8 Trisák ---------------------------------------------------------------------------------


def trisak(contract, declarer="A", **fields):
    return hungarian_deal("D", contract, declarer=declarer, **fields)


def test_trisak_simple_with_the_called_trump_holder():
    """002 L1339, L1379: simple 4, 2 v 2 (A calls the XIX held by C); 54 of 106 wins, 53 loses;
    ultimo 20 announced, 10 silent."""
    call = {"card": 19, "partner": "C"}
    assert net("trisak", trisak("simple", call=call, card_points=54)) == {"A": 4, "B": -4, "C": 4, "D": -4}
    assert net("trisak", trisak("simple", call=call, card_points=53)) == {"A": -4, "B": 4, "C": -4, "D": 4}
    deal = trisak(
        "simple",
        call=call,
        card_points=60,
        made={"opponents": ["ultimo"]},
        announcements=[{"figure": "ultimo", "by": "A"}],
    )
    event = deal_event(replay("trisak", deal))
    assert items(event) == [
        ("game", {"A": 4, "C": 4, "B": -4, "D": -4}),
        ("ultimo.announced", {"B": 20, "D": 20, "A": -20, "C": -20}),
        ("ultimo.silent", {"B": 10, "D": 10, "A": -10, "C": -10}),
    ]


def test_trisak_ultimo_call_and_its_concession():
    """002 L1341-L1345: the ultimo call's announced ultimo is 40 besides the game 4; alone with the
    called trump in the talon, A may settle for half: (4 + 40) / 2 = 22 to each."""
    call = {"card": 19, "partner": "B"}
    deal = trisak(
        "ultimo_call",
        call=call,
        card_points=60,
        made={"declarer": ["ultimo"]},
        announcements=[{"figure": "ultimo", "by": "A"}],
    )
    assert net("trisak", deal) == {"A": 44, "B": 44, "C": -44, "D": -44}
    conceded = trisak(
        "ultimo_call",
        call={"card": 19, "partner": None},
        conceded=True,
        announcements=[{"figure": "ultimo", "by": "A"}],
    )
    assert items(deal_event(replay("trisak", conceded))) == [("concession", {"A": -66, "B": 22, "C": 22, "D": 22})]


@pytest.mark.parametrize("contract, value", [("bettli", 8), ("open_bettli", 15)])
def test_trisak_bettli_is_won_without_a_trick(contract, value):
    """002 L1347, L1351: A alone; no trick wins L from each, any trick loses it."""
    assert net("trisak", trisak(contract, tricks=0)) == one_v_three(value)
    assert net("trisak", trisak(contract, tricks=1)) == one_v_three(-value)


@pytest.mark.parametrize("contract, value, announced, silent", [("three_take", 10, 40, 20), ("three_solo", 20, 80, 40)])
def test_trisak_three_take_and_three_solo(contract, value, announced, silent):
    """002 L1349, L1364-L1370, L1382-L1383: 1 v 3, with their own ultimo values."""
    assert net("trisak", trisak(contract, card_points=54, made={"declarer": ["ultimo"]})) == one_v_three(value + silent)
    deal = trisak(contract, card_points=54, announcements=[{"figure": "ultimo", "by": "A"}])
    assert net("trisak", deal) == one_v_three(value - announced)


def test_trisak_hand_bonuses_ten_each_double_in_three_solo():
    """002 L1386-L1400: announced, 10 from each of the other three, doubled in hármas szóló."""
    bonuses = [{"player": "B", "bonus": "eight_trumps"}, {"player": "C", "bonus": "small_honours"}]
    event = deal_event(replay("trisak", trisak("bettli", tricks=0, hand_bonuses=bonuses)))
    assert items(event)[:2] == [
        ("hand_bonus.eight_trumps", {"B": 30, "A": -10, "C": -10, "D": -10}),
        ("hand_bonus.small_honours", {"C": 30, "A": -10, "B": -10, "D": -10}),
    ]
    solo = deal_event(
        replay("trisak", trisak("three_solo", card_points=60, hand_bonuses=[{"player": "D", "bonus": "trull"}]))
    )
    assert items(solo)[0] == ("hand_bonus.trull", {"D": 60, "A": -20, "B": -20, "C": -20})


def test_trisakolas_ties_at_the_top():
    """Brief §8: A and B tie at 35: all_pay — each pays C and D 3; none_pay — nobody pays; with D
    trickless, each of A and B pays D 9."""
    points = {"A": 35, "B": 35, "C": 20, "D": 6}
    deal = trisak("trisak", player_points=points)
    assert net("trisak", deal) == {"A": -6, "B": -6, "C": 6, "D": 6}
    assert net("trisak", deal, overrides={"trisak_tie": "none_pay"}) == {"A": 0, "B": 0, "C": 0, "D": 0}
    trickless = trisak("trisak", player_points={"A": 35, "B": 35, "C": 20, "D": 0}, trickless=["D"])
    assert net("trisak", trickless) == {"A": -9, "B": -9, "C": 0, "D": 18}


def test_trisakolas_two_trickless_players_get_nine_each():
    deal = trisak("trisak", player_points={"A": 50, "B": 30, "C": 0, "D": 0}, trickless=["C", "D"])
    assert net("trisak", deal) == {"A": -18, "B": 0, "C": 9, "D": 9}


def test_trisakolas_a_trickless_player_named_twice_is_paid_once():
    deal = trisak("trisak", player_points={"A": 50, "B": 30, "C": 20, "D": 0}, trickless=["D", "D"])
    assert net("trisak", deal) == {"A": -9, "B": 0, "C": 0, "D": 9}
