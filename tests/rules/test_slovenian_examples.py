"""The worked examples of slovenian-tarok.md §13, each with the spec's numbers (written by hand from
the text, never from the engine's output).

Four members Ana, Bor, Cene, Dana unless said; defaults; no radelci unless said. `scores` is the
sheet's line of the deal (R24: the declarer and the partner each write the side's total).
"""

import pytest

from slovenian_kit import deal_events, radelci_after, replay, scores

EXACT = {"difference_rounding": 1}
NONE4 = {"Ana": 0, "Bor": 0, "Cene": 0, "Dana": 0}


def line(**points):
    """A sheet line: the members named write their points, the others 0."""
    return NONE4 | points


def talon(contract, points, declarer="Ana", partner="missing", **more):
    deal = {"contract": contract, "declarer": declarer, "card_points": points, **more}
    if partner != "missing":
        deal["partner"] = partner
    return deal


# 1 -------------------------------------------------------------------------------------------------
def test_ex01_s15_solo_two_silent_trula_radelc():
    """(50 + 13 + 10) × 2 = 146 exact, the radelc crossed off; rounded (13 -> 15): 150."""
    deal = talon("solo_two", 48, bonuses={"trula": {"made": "declarer"}})
    assert scores(deal, overrides=EXACT, radelci={"Ana": 1}) == line(Ana=146)
    assert radelci_after(deal, overrides=EXACT, radelci={"Ana": 1})["Ana"] == 0
    assert scores(deal, radelci={"Ana": 1}) == line(Ana=150)


# 2
def test_ex02_s15_two_lost_opponents_silent_kings():
    deal = talon("two", 31, partner="Cene", bonuses={"kings": {"made": "opponents"}})
    assert scores(deal, overrides=EXACT) == line(Ana=-34, Cene=-34)  # −(20 + 4) − 10
    assert scores(deal) == line(Ana=-35, Cene=-35)  # −(20 + 5) − 10


# 3
def test_ex03_s18_three_exact_and_rounded():
    three = lambda points, **more: talon("three", points, partner="Cene", **more)  # noqa: E731
    assert scores(three(36), overrides=EXACT)["Ana"] == 11
    assert scores(three(32), overrides=EXACT)["Ana"] == -13
    assert scores(three(36, kontra=1), overrides=EXACT)["Ana"] == 22
    assert scores(three(36, kontra=2), overrides=EXACT)["Ana"] == 44
    assert scores(three(36))["Ana"] == 10
    assert scores(three(32))["Ana"] == -15
    assert scores(three(35))["Ana"] == -10  # 35 loses (R20)


# 4
@pytest.mark.parametrize(("points", "score"), [(37, 40), (38, 45), (42, 45), (43, 50), (70, 75), (0, -75)])
def test_ex04_rounding_edges_solo_three(points, score):
    assert scores(talon("solo_three", points))["Ana"] == score


# 5
def test_ex05_won_and_difference():
    won = {"contract": "one", "declarer": "Ana", "partner": "Bor", "won": True, "difference": 10}
    assert scores(won) == line(Ana=40, Bor=40)
    lost = won | {"won": False, "difference": 0}
    assert scores(lost) == line(Ana=-30, Bor=-30)


# 6
def test_ex06_called_king_in_the_talon_declarer_alone():
    assert scores(talon("three", 44, partner=None)) == line(Ana=20)  # 9 -> 10


# 7
def test_ex07_s9_renons_recipe_solo_one_lost():
    deal = talon("solo_one", 25)
    assert scores(deal)["Ana"] == -70  # −(60 + 10)
    assert scores(deal, radelci={"Ana": 1})["Ana"] == -140
    assert radelci_after(deal, radelci={"Ana": 1})["Ana"] == 1  # kept


# 8
def test_ex08_e1_announced_trula_and_opponents_kings_with_money():
    deal = talon(
        "three",
        48,
        partner="Cene",
        bonuses={"trula": {"announced": "declarer", "made": "declarer"}, "kings": {"made": "opponents"}},
    )
    [event] = deal_events(deal)
    assert event["scores"] == line(Ana=35, Cene=35)  # 25 + 20 − 10
    assert event["net"] == {"Ana": 70, "Bor": -70, "Cene": 70, "Dana": -70}


# 9
def test_ex09_s18_announced_trula_collected_by_the_opponents():
    failed = {"trula": {"announced": "declarer", "made": "opponents"}}
    assert scores(talon("three", 40, partner="Cene", bonuses=failed))["Ana"] == -5  # 15 − 20
    kontra = {"trula": {"announced": "declarer", "made": "declarer", "kontra": 1}}
    assert scores(talon("three", 40, partner="Cene", bonuses=kontra))["Ana"] == 55  # 15 + 40


# 10
def test_ex10_lost_game_bonus_still_counts():
    deal = talon("solo_one", 30, bonuses={"pagat_ultimo": {"made": "declarer"}})
    assert scores(deal)["Ana"] == -40  # −65 + 25


# 11
def test_ex11_announced_pagat_lost_or_never_reached():
    lost = {"pagat_ultimo": {"announced": "declarer", "lost": "declarer"}}
    assert scores(talon("solo_one", 45, bonuses=lost))["Ana"] == 20  # 70 − 50
    never = {"pagat_ultimo": {"announced": "declarer"}}
    assert scores(talon("solo_two", 50, bonuses=never))["Ana"] == 15  # 65 − 50


# 12
def test_ex12_silent_pagat_lost_and_the_opponents_pagat():
    own_lost = {"pagat_ultimo": {"lost": "declarer"}}
    assert scores(talon("three", 38, partner="Cene", bonuses=own_lost))["Ana"] == -10  # 15 − 25
    theirs = {"pagat_ultimo": {"made": "opponents"}}
    assert scores(talon("two", 41, partner="Cene", bonuses=theirs))["Ana"] == 0  # 25 − 25
    theirs_lost = {"pagat_ultimo": {"lost": "opponents"}}
    assert scores(talon("two", 41, partner="Cene", bonuses=theirs_lost))["Ana"] == 50


# 13
def test_ex13_opponents_announce_kings():
    failed = {"kings": {"announced": "opponents"}}
    assert scores(talon("solo_three", 36, bonuses=failed))["Ana"] == 60
    made = {"kings": {"announced": "opponents", "made": "opponents"}}
    assert scores(talon("solo_three", 36, bonuses=made))["Ana"] == 20


# 14
def test_ex14_king_ultimo():
    one = lambda bonuses: talon("one", 36, partner="Cene", bonuses=bonuses)  # noqa: E731
    assert scores(one({"king_ultimo": {"made": "declarer"}})) == line(Ana=40, Cene=40)
    assert scores(one({"king_ultimo": {"lost": "declarer"}})) == line(Ana=20, Cene=20)
    announced = {"king_ultimo": {"announced": "declarer", "made": "declarer", "kontra": 2}}
    assert scores(one(announced)) == line(Ana=110, Cene=110)  # 30 + 80


# 15
def test_ex15_sub_and_mort_never_touch_bonuses():
    bonuses = {
        "trula": {"made": "declarer"},
        "kings": {"made": "declarer"},
        "pagat_ultimo": {"announced": "declarer", "made": "declarer"},
    }
    assert scores(talon("solo_one", 53, kontra=3, bonuses=bonuses))["Ana"] == 710  # 640 + 10 + 10 + 50
    assert scores(talon("three", 36, partner="Cene", kontra=4))["Ana"] == 160


# 16
def test_ex16_s4_silent_valat_with_kontra_and_radelc():
    deal = talon(
        "solo_three",
        70,
        declarer="Bor",
        kontra=1,
        bonuses={"valat": {"made": "declarer"}, "trula": {"made": "declarer"}},
    )
    [event] = deal_events(deal, radelci={"Bor": 1})
    assert event["scores"] == line(Bor=1000)  # 250 × 2 × 2, the trula not scored
    assert event["radelci_after"] == {"Ana": 1, "Bor": 1, "Cene": 1, "Dana": 1}  # crossed off, then one each


# 17
def test_ex17_announced_valat():
    made = talon(
        "three", 70, partner="Cene", bonuses={"valat": {"announced": "declarer", "made": "declarer", "kontra": 1}}
    )
    assert scores(made) == line(Ana=1000, Cene=1000)
    failed = talon("three", 60, partner="Cene", bonuses={"valat": {"announced": "declarer"}})
    [event] = deal_events(failed)
    assert event["scores"] == line(Ana=-500, Cene=-500)
    assert event["radelci_after"] == {"Ana": 1, "Bor": 1, "Cene": 1, "Dana": 1}
    added = talon(
        "two", 60, partner="Cene", bonuses={"valat": {"announced": "declarer"}, "trula": {"made": "declarer"}}
    )
    assert scores(added, overrides={"failed_announced_valat": "add"})["Ana"] == -445  # 45 + 10 − 500


# 18
def test_ex18_opponents_valat_and_valat_without_radelci():
    assert scores(talon("solo_two", 0, bonuses={"valat": {"made": "opponents"}}))["Ana"] == -250
    silent = talon("one", 70, partner="Cene", bonuses={"valat": {"made": "declarer"}})
    [event] = deal_events(silent, overrides={"valat_gives_radelci": False})
    assert event["scores"] == line(Ana=250, Cene=250)
    assert event["radelci_after"] == NONE4


# 19
def test_ex19_e3_beggar():
    made = {"contract": "beggar", "declarer": "Ana", "won": True}
    lost = {"contract": "beggar", "declarer": "Dana", "won": False}
    first, second = deal_events(made, lost)
    assert first["scores"] == line(Ana=70)
    assert first["radelci_after"] == {"Ana": 1, "Bor": 1, "Cene": 1, "Dana": 1}
    assert second["scores"] == line(Dana=-140)
    assert second["radelci_after"] == {"Ana": 2, "Bor": 2, "Cene": 2, "Dana": 2}
    assert scores(made | {"kontra": 1})["Ana"] == 140
    assert scores({"contract": "open_beggar", "declarer": "Ana", "won": False, "kontra": 3})["Ana"] == -720


# 20
def test_ex20_colour_valat_and_valat():
    first, second = deal_events(
        {"contract": "colour_valat", "declarer": "Ana", "won": True},
        {"contract": "colour_valat", "declarer": "Ana", "won": False, "kontra": 1},
    )
    assert first["scores"]["Ana"] == 125
    assert second["scores"]["Ana"] == -500
    assert second["radelci_after"]["Ana"] == 2  # kept, then one more
    first, second = deal_events(
        {"contract": "valat", "declarer": "Ana", "won": False},
        {"contract": "valat", "declarer": "Ana", "won": True},
    )
    assert first["scores"]["Ana"] == -500
    assert second["scores"]["Ana"] == 1000
    assert second["radelci_after"]["Ana"] == 1  # crossed off, then one more


# 21
def test_ex21_solo_without():
    won = {"contract": "solo_without", "declarer": "Ana", "card_points": 46, "mondfang": "Cene"}
    lost = {"contract": "solo_without", "declarer": "Ana", "card_points": 30}
    first, second = deal_events(won, lost)
    assert first["scores"] == line(Ana=80, Cene=-20)
    assert first["radelci_after"] == {"Ana": 1, "Bor": 1, "Cene": 1, "Dana": 1}
    assert second["scores"]["Ana"] == -160
    assert (
        scores(
            {"contract": "solo_without", "declarer": "Ana", "card_points": 46},
            overrides={"solo_without_difference": True},
        )["Ana"]
        == 90
    )


# 22
def test_ex22_e5_radelc_doubles_not_the_mondfang():
    deal = talon("one", 40, partner="Bor", mondfang="Dana")
    [event] = deal_events(deal, radelci={"Ana": 1, "Dana": 1})
    assert event["scores"] == line(Ana=70, Bor=70, Dana=-20)
    assert event["radelci_after"] == {"Ana": 0, "Bor": 0, "Cene": 0, "Dana": 1}


# 23
def test_ex23_s15_declarer_loses_his_own_mond():
    deal = talon("two", 45, partner="Cene", mondfang="Ana")
    assert scores(deal, radelci={"Ana": 1}) == line(Ana=40, Cene=60)  # 60 − 20
    assert scores(deal, radelci={"Ana": 1}, overrides={"mondfang": 21}) == line(Ana=39, Cene=60)  # −21
    doubled = scores(deal, radelci={"Ana": 1}, overrides={"mondfang_doubled": True})
    assert doubled == line(Ana=20, Cene=60)  # −40


# 24
def test_ex24_s10_lost_game_doubled_radelc_stays():
    deal = talon("two", 30, partner="Cene")
    [event] = deal_events(deal, radelci={"Ana": 1})
    assert event["scores"] == line(Ana=-50, Cene=-50)
    assert event["radelci_after"]["Ana"] == 1


# 25
def test_ex25_s17_whose_radelc():
    deal = talon("three", 50, partner="Bor")
    [event] = deal_events(deal, radelci={"Ana": 1, "Bor": 1})
    assert event["scores"] == line(Ana=50, Bor=50)
    assert event["radelci_after"] == {"Ana": 0, "Bor": 1, "Cene": 0, "Dana": 0}
    assert scores(deal, radelci={"Bor": 1}) == line(Ana=25, Bor=25)
    assert scores(deal, radelci={"Bor": 1}, overrides={"radelc_scope": "own"}) == line(Ana=25, Bor=50)


# 26
def test_ex26_three_radelci_double_once_and_a_won_game_crosses_off():
    [event] = deal_events(talon("solo_two", 41), radelci={"Ana": 3})
    assert event["scores"]["Ana"] == 110
    assert event["radelci_after"]["Ana"] == 2
    negative = talon("three", 36, partner="Cene", bonuses={"trula": {"announced": "declarer"}})
    [event] = deal_events(negative, radelci={"Ana": 1})
    assert event["scores"] == line(Ana=-20, Cene=-20)  # (10 − 20) × 2
    assert event["radelci_after"]["Ana"] == 0


# 27
def test_ex27_e4_klop_full_with_a_radelc():
    deal = {"contract": "klop", "klop": {"Ana": 41, "Bor": 10, "Cene": 10, "Dana": 9}}
    [event] = deal_events(deal, radelci={"Ana": 1})
    assert event["scores"] == line(Ana=-140)
    assert event["radelci_after"] == {"Ana": 2, "Bor": 1, "Cene": 1, "Dana": 1}


# 28
def test_ex28_s7_klop_full_and_empty_variants():
    deal = {"contract": "klop", "klop": {"Ana": 0, "Bor": 40, "Cene": 15, "Dana": 15}}
    assert scores(deal) == line(Ana=70, Bor=-70)
    assert scores(deal, overrides={"klop_full_and_empty": "half"}) == line(Ana=35, Bor=-35)
    assert scores(deal, overrides={"klop_full_and_empty": "full_only"}) == line(Ana=0, Bor=-70)
    two_empty = {"contract": "klop", "klop": {"Ana": 0, "Bor": 0, "Cene": 40, "Dana": 30}}
    assert scores(two_empty) == line(Ana=70, Bor=70, Cene=-70)


# 29
def test_ex29_klop_rounding():
    deal = {"contract": "klop", "klop": {"Ana": 20, "Bor": 18, "Cene": 17, "Dana": 15}}
    assert scores(deal) == {"Ana": -20, "Bor": -20, "Cene": -15, "Dana": -15}
    assert scores(deal, overrides={"klop_rounding": 1}) == {"Ana": -20, "Bor": -18, "Cene": -17, "Dana": -15}
    odd = {"contract": "klop", "klop": {"Ana": 2, "Bor": 33, "Cene": 31, "Dana": 3}}  # 69
    assert scores(odd) == {"Ana": 0, "Bor": -35, "Cene": -30, "Dana": -5}


# 30
def test_ex30_klop_empty_and_full_with_radelci():
    deal = {"contract": "klop", "klop": {"Ana": 0, "Bor": 40, "Cene": 15, "Dana": 15}}
    [event] = deal_events(deal, radelci={"Ana": 1, "Bor": 1})
    assert event["scores"] == line(Ana=140, Bor=-140)
    assert event["radelci_after"] == {"Ana": 1, "Bor": 2, "Cene": 1, "Dana": 1}


# 31
def test_ex31_three_members():
    table = ("Ana", "Bor", "Cene")
    one = {"contract": "one", "declarer": "Ana", "card_points": 45, "mondfang": "Bor"}
    assert scores(one, table=table) == {"Ana": 40, "Bor": -21, "Cene": 0}
    assert scores({"contract": "two", "declarer": "Ana", "card_points": 33}, table=table)["Ana"] == -20
    klop = {"contract": "klop", "klop": {"Ana": 0, "Bor": 36, "Cene": 34}}
    assert scores(klop, table=table) == {"Ana": 70, "Bor": -70, "Cene": 0}
    assert scores({"contract": "valat", "declarer": "Ana", "won": True}, table=table)["Ana"] == 500


# 32
def test_ex32_five_members():
    table = ("Ana", "Bor", "Cene", "Dana", "Eva")
    two = {"contract": "two", "declarer": "Ana", "partner": "Cene", "out": "Eva", "card_points": 41}
    assert scores(two, table=table) == {"Ana": 25, "Bor": 0, "Cene": 25, "Dana": 0, "Eva": 0}
    beggar = {"contract": "beggar", "declarer": "Bor", "out": "Ana", "won": True}
    [event] = deal_events(beggar, table=table)
    assert event["scores"]["Bor"] == 70
    assert event["radelci_after"] == {"Ana": 0, "Bor": 1, "Cene": 1, "Dana": 1, "Eva": 1}


# 33
def test_ex33_five_members_klop_close_and_money():
    table = ("Ana", "Bor", "Cene", "Dana", "Eva")
    klop = {"contract": "klop", "out": "Eva", "klop": {"Ana": 10, "Bor": 25, "Cene": 20, "Dana": 15}}
    result = replay(klop, table=table, close=True)
    deal, close = result["events"]
    assert deal["scores"] == {"Ana": -10, "Bor": -25, "Cene": -20, "Dana": -15, "Eva": 0}
    assert close["kind"] == "close"
    assert close["radelc_penalty"] == {"Ana": -100, "Bor": -100, "Cene": -100, "Dana": -100, "Eva": 0}
    assert result["totals"] == {"Ana": -110, "Bor": -125, "Cene": -120, "Dana": -115, "Eva": 0}
    assert result["balances"] == {"Ana": -80, "Bor": -155, "Cene": -130, "Dana": -105, "Eva": 470}


# 34
def test_ex34_a_sitting_radelci_lifecycle():
    result = replay(
        {"contract": "klop", "klop": {"Ana": 20, "Bor": 18, "Cene": 17, "Dana": 15}},
        talon("three", 50, partner="Bor"),
        {"contract": "beggar", "declarer": "Bor", "won": False},
        talon("solo_one", 40, declarer="Cene"),
        {"contract": "open_beggar", "declarer": "Dana", "won": True},
        close=True,
    )
    deals = [event for event in result["events"] if event["kind"] == "deal"]
    assert [event["scores"] for event in deals] == [
        {"Ana": -20, "Bor": -20, "Cene": -15, "Dana": -15},
        line(Ana=50, Bor=50),
        line(Bor=-140),
        line(Cene=130),
        line(Dana=180),
    ]
    assert [list(event["radelci_after"].values()) for event in deals] == [
        [1, 1, 1, 1],
        [0, 1, 1, 1],
        [1, 2, 2, 2],
        [1, 2, 1, 2],
        [2, 3, 2, 2],
    ]
    assert deals[-1]["totals_after"] == {"Ana": 30, "Bor": -110, "Cene": 115, "Dana": 165}
    close = result["events"][-1]
    assert close["radelc_penalty"] == {"Ana": -200, "Bor": -300, "Cene": -200, "Dana": -200}
    assert result["totals"] == {"Ana": -170, "Bor": -410, "Cene": -85, "Dana": -35}
    assert result["balances"] == {"Ana": 20, "Bor": -940, "Cene": 360, "Dana": 560}


# 35
def test_ex35_s15_radelci_at_the_close():
    result = replay(radelci={"Ana": 2, "Bor": 1, "Cene": 0, "Dana": 3}, close=True)
    [close] = result["events"]
    assert close["radelc_penalty"] == {"Ana": -200, "Bor": -100, "Cene": 0, "Dana": -300}


# 36
def test_ex36_renons():
    deal = {"contract": "renons", "offender": "Ana"}
    [event] = deal_events(deal, radelci={"Ana": 1})
    assert event["scores"] == line(Ana=-70)
    assert event["radelci_after"] == {"Ana": 1, "Bor": 0, "Cene": 0, "Dana": 0}  # untouched
    assert scores(deal, radelci={"Ana": 1}, overrides={"renons_doubled": True})["Ana"] == -140


def test_the_formats_sample_answer():
    """sitting-format-slovenian.md's sample deal, Ana holding a radelc: (20 + 15) × 2 = 70, trula
    announced and kontra'd 40, the opponents' kings −10, the pagat lost −25: 75 × 2 = 150 to Ana and
    Cene, Bor's mondfang −20; money points 320, −360, 320, −280."""
    deal = {
        "contract": "two",
        "declarer": "Ana",
        "partner": "Cene",
        "card_points": 48,
        "kontra": 1,
        "bonuses": {
            "trula": {"announced": "declarer", "made": "declarer", "kontra": 1},
            "kings": {"made": "opponents"},
            "pagat_ultimo": {"lost": "declarer"},
        },
        "mondfang": "Bor",
    }
    result = replay(deal, radelci={"Ana": 1}, close=True)
    event, close = result["events"]
    assert event["items"][:2] == [
        {"rule": "game", "ref": "R21", "amount": 70, "difference": 15, "postings": event["items"][0]["postings"]},
        {"rule": "bonus:trula", "ref": "R33", "amount": 40, "postings": event["items"][1]["postings"]},
    ]
    assert event["scores"] == {"Ana": 150, "Bor": -20, "Cene": 150, "Dana": 0}
    assert event["radelci_after"] == NONE4
    assert event["totals_after"] == {"Ana": 150, "Bor": -20, "Cene": 150, "Dana": 0}
    assert event["net"] == {"Ana": 320, "Bor": -360, "Cene": 320, "Dana": -280}
    assert close == {"kind": "close", "radelc_penalty": NONE4, "net": NONE4}
    assert result["totals"] == {"Ana": 150, "Bor": -20, "Cene": 150, "Dana": 0}
    assert result["radelci"] == NONE4
    assert result["balances"] == {"Ana": 320, "Bor": -360, "Cene": 320, "Dana": -280}
