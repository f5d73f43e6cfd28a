"""Slovenian records refused (R6, R8): every problem found at once, `{deal, field, code}`; the club
parameters of §11 (R70): `unknown_parameter`, `bad_parameter`, and what each changes; the table
state a club carries between deals (`state_as_json`)."""

import pytest

import rules
from rules.parameters import overrides_from, values_from
from slovenian_kit import TABLE, deal_events, problems, scores, sitting

FIVE = (*TABLE, "Eva")
SLOVENIAN = rules.family_of("slovenian")


def test_the_family_is_registered_after_danish_and_hungarian():
    assert [family.name for family in rules.FAMILIES][-1] == "slovenian"
    assert SLOVENIAN.name == "slovenian" and list(SLOVENIAN.presets) == ["slovenian"]
    assert SLOVENIAN.own_accounts == {}


# --- the table and the names (R1-R5) -------------------------------------------------------------


def test_a_table_of_two_or_six_or_with_a_name_twice_is_refused():
    assert problems(sitting(table=("Ana", "Bor"))) == [(None, "table", "table_size")]
    assert problems(sitting(table=(*FIVE, "Fran"))) == [(None, "table", "table_size")]
    assert problems(sitting(table=("Ana", "Bor", "Ana"))) == [(None, "table[2]", "duplicate_member")]


def test_names_must_sit_at_the_table_and_play_the_deal():
    deal = {"contract": "two", "declarer": "Zoe", "partner": "Eva", "out": "Eva", "card_points": 40, "mondfang": "Ivo"}
    assert problems(sitting(deal, table=FIVE)) == [
        (1, "declarer", "not_member"),
        (1, "mondfang", "not_member"),
        (1, "partner", "sitting_out"),
    ]


def test_the_partner_is_required_at_four_and_never_the_declarer():
    assert problems(sitting({"contract": "three", "declarer": "Ana", "card_points": 40})) == [(1, "partner", "missing")]
    same = {"contract": "three", "declarer": "Ana", "partner": "Ana", "card_points": 40}
    assert problems(sitting(same)) == [(1, "partner", "same_player")]
    alone = {"contract": "three", "declarer": "Ana", "partner": None, "card_points": 40}
    assert scores(alone)["Ana"] == 15  # R3: null plays alone


def test_at_three_members_there_is_no_partner_and_no_solo_three():
    three = ("Ana", "Bor", "Cene")
    partner = {"contract": "three", "declarer": "Ana", "partner": "Bor", "card_points": 40}
    assert problems(sitting(partner, table=three)) == [(1, "partner", "not_allowed")]
    solo = {"contract": "solo_three", "declarer": "Ana", "card_points": 40}
    assert problems(sitting(solo, table=three)) == [(1, "contract", "not_allowed")]
    colour = {"contract": "colour_valat", "declarer": "Ana", "won": True}
    assert problems(sitting(colour, table=three)) == [(1, "contract", "not_allowed")]
    assert scores(colour, table=three, overrides={"colour_valat_3p": True})["Ana"] == 125


def test_at_five_the_member_sitting_out_is_required_but_for_renons():
    deal = {"contract": "beggar", "declarer": "Ana", "won": True}
    assert problems(sitting(deal, table=FIVE)) == [(1, "out", "missing")]
    assert problems(sitting(deal | {"out": "Dana"})) == [(1, "out", "not_allowed")]
    renons = {"contract": "renons", "offender": "Eva"}
    assert scores(renons, table=FIVE)["Eva"] == -70
    assert problems(sitting(renons | {"out": "Eva"}, table=FIVE)) == [(1, "offender", "sitting_out")]


# --- keys of the contract (R6) ---------------------------------------------------------------------


def test_keys_that_mean_nothing_for_the_contract_are_refused():
    beggar = {
        "contract": "beggar",
        "declarer": "Ana",
        "card_points": 3,
        "bonuses": {"trula": {"made": "declarer"}},
        "mondfang": "Bor",
    }
    assert problems(sitting(beggar)) == [
        (1, "bonuses", "not_allowed"),
        (1, "card_points", "not_allowed"),
        (1, "mondfang", "not_allowed"),
        (1, "won", "missing"),
    ]
    klop = {"contract": "klop", "declarer": "Ana", "kontra": 1, "klop": {"Ana": 20, "Bor": 20, "Cene": 15, "Dana": 15}}
    assert problems(sitting(klop)) == [(1, "declarer", "not_allowed"), (1, "kontra", "not_allowed")]
    assert scores(klop | {"declarer": None}, overrides={"klop_kontra": True}) == {
        "Ana": -40,
        "Bor": -40,
        "Cene": -30,
        "Dana": -30,
    }  # R63: ×2
    solo = {"contract": "solo_two", "declarer": "Ana", "partner": "Bor", "card_points": 40}
    assert problems(sitting(solo)) == [(1, "partner", "not_allowed")]


def test_unknown_keys_and_wrong_types_are_refused_with_every_other_problem():
    deal = {"contract": "three", "declarer": 5, "card_points": "x", "kontra": 9, "bonus": {}, "mondfang": "Zoe"}
    assert problems(sitting(deal)) == [
        (1, "bonus", "unknown_key"),
        (1, "card_points", "wrong_type"),
        (1, "declarer", "wrong_type"),
        (1, "kontra", "out_of_range"),
        (1, "mondfang", "not_member"),
        (1, "partner", "missing"),
    ]
    assert problems(sitting({"declarer": "Ana"})) == [(1, "contract", "missing")]
    bonus = {"contract": "one", "declarer": "Ana", "partner": None, "card_points": 40, "bonuses": {"trulla": {}}}
    assert problems(sitting(bonus)) == [(1, "bonuses.trulla", "unknown_key")]


def test_the_result_card_points_or_won_and_difference():
    base = {"contract": "two", "declarer": "Ana", "partner": "Bor"}
    assert problems(sitting(base)) == [(1, "card_points", "missing")]
    assert problems(sitting(base | {"won": True})) == [(1, "difference", "missing")]
    assert problems(sitting(base | {"won": True, "difference": 12})) == [(1, "difference", "difference_step")]
    assert scores(base | {"won": True, "difference": 12}, overrides={"difference_rounding": 1})["Ana"] == 32
    assert problems(sitting(base | {"card_points": 71})) == [(1, "card_points", "out_of_range")]
    assert problems(sitting(base | {"card_points": 40, "won": True})) == [(1, "won", "not_allowed")]
    assert scores({"contract": "solo_without", "declarer": "Ana", "won": False})["Ana"] == -80  # won alone


def test_bonuses_sides_kontra_and_valat():
    three = {"contract": "three", "declarer": "Ana", "partner": "Bor", "card_points": 40}
    silent_kontra = three | {"bonuses": {"trula": {"made": "declarer", "kontra": 1}}}
    assert problems(sitting(silent_kontra)) == [(1, "bonuses.trula.kontra", "not_allowed")]
    trula_lost = three | {"bonuses": {"trula": {"lost": "declarer"}}}
    assert problems(sitting(trula_lost)) == [(1, "bonuses.trula.lost", "not_allowed")]
    king = three | {"bonuses": {"king_ultimo": {"made": "opponents"}}}
    assert problems(sitting(king)) == [(1, "bonuses.king_ultimo.made", "not_allowed")]
    solo_king = {"contract": "solo_one", "declarer": "Ana", "card_points": 40, "bonuses": {"king_ultimo": {}}}
    assert problems(sitting(solo_king)) == [(1, "bonuses.king_ultimo", "not_allowed")]
    both = three | {"bonuses": {"valat": {"announced": "declarer"}, "kings": {"announced": "declarer"}}, "kontra": 1}
    assert problems(sitting(both)) == [(1, "bonuses.kings.announced", "not_allowed"), (1, "kontra", "not_allowed")]
    low = three | {"card_points": 30, "bonuses": {"valat": {"made": "declarer"}}}
    assert problems(sitting(low)) == [(1, "bonuses.valat.made", "valat_points")]
    side = three | {"bonuses": {"trula": {"made": "us"}}}
    assert problems(sitting(side)) == [(1, "bonuses.trula.made", "unknown_value")]


def test_klop_piles():
    piles = {"Ana": 20, "Bor": 20, "Cene": 20, "Zoe": 9}
    assert problems(sitting({"contract": "klop", "klop": piles})) == [
        (1, "klop.Dana", "missing"),
        (1, "klop.Zoe", "not_member"),
    ]
    short = {"Ana": 20, "Bor": 20, "Cene": 20, "Dana": 8}
    assert problems(sitting({"contract": "klop", "klop": short})) == [(1, "klop", "klop_total")]
    assert problems(sitting({"contract": "klop"})) == [(1, "klop", "missing")]
    five = {"contract": "klop", "out": "Eva", "klop": {"Ana": 20, "Bor": 20, "Cene": 20, "Dana": 10, "Eva": 0}}
    assert problems(sitting(five, table=FIVE)) == [(1, "klop.Eva", "sitting_out")]


def test_every_problem_of_every_deal_is_found_and_nothing_is_settled():
    record = sitting(
        {"contract": "two", "declarer": "Ana", "partner": "Ana", "card_points": 48},
        {"contract": "beggar", "declarer": "Ana", "won": True},
        {"contract": "renons"},
        overrides={"nolo": 3},
        radelci={"Zoe": 1},
    )
    assert problems(record) == [
        (None, "overrides.nolo", "unknown_parameter"),
        (None, "radelci.Zoe", "not_member"),
        (1, "partner", "same_player"),
        (3, "offender", "missing"),
    ]


# --- parameters (§11) -----------------------------------------------------------------------------


def test_unknown_and_bad_parameters():
    bad = {
        "jackpot": 1,
        "difference_rounding": 3,
        "contract_values": {"three": 15, "bogus": 3},
        "bonus_values": {"trula": -1},
        "max_kontra": 5,
        "pikolo": 0,
        "radelc_scope": "partner",
        "money": True,
    }
    assert problems(sitting(overrides=bad)) == [
        (None, "overrides.bonus_values", "bad_parameter"),
        (None, "overrides.contract_values", "bad_parameter"),
        (None, "overrides.difference_rounding", "bad_parameter"),
        (None, "overrides.jackpot", "unknown_parameter"),
        (None, "overrides.max_kontra", "bad_parameter"),
        (None, "overrides.money", "bad_parameter"),
        (None, "overrides.pikolo", "bad_parameter"),
        (None, "overrides.radelc_scope", "bad_parameter"),
    ]


def test_every_parameter_of_section_11_is_accepted_with_its_default():
    defaults = {
        "difference_rounding": 5,
        "klop_rounding": 5,
        "contract_values": {},
        "bonus_values": {},
        "solo_without_difference": False,
        "pikolo": None,
        "colour_valat_3p": False,
        "max_kontra": 4,
        "mondfang": 20,
        "mondfang_doubled": False,
        "radelc_scope": "declarer",
        "radelci_for_sitter": False,
        "valat_gives_radelci": True,
        "klop_full_and_empty": "both",
        "klop_radelc_doubles": True,
        "klop_empty_removes_radelc": True,
        "klop_kontra": False,
        "failed_announced_valat": "replace",
        "renons": 70,
        "renons_doubled": False,
        "unused_radelc_penalty": 100,
        "money": "pairwise",
    }
    assert len(defaults) == 22
    rule_set, found = SLOVENIAN.resolve("slovenian", defaults)
    assert found == [] and rule_set is not None


def test_partial_value_maps_and_pikolo():
    values = {"contract_values": {"open_beggar": 85, "colour_valat": 250}, "pikolo": 35}
    assert scores({"contract": "open_beggar", "declarer": "Ana", "won": True}, overrides=values)["Ana"] == 85
    assert scores({"contract": "colour_valat", "declarer": "Ana", "won": True}, overrides=values)["Ana"] == 250
    assert scores({"contract": "beggar", "declarer": "Ana", "won": True}, overrides=values)["Ana"] == 70
    [event] = deal_events({"contract": "pikolo", "declarer": "Ana", "won": False}, overrides=values)
    assert event["scores"]["Ana"] == -35 and event["radelci_after"]["Bor"] == 1  # R12: gives radelci
    bonus = {"bonus_values": {"trula": 15}}
    deal = {"contract": "three", "declarer": "Ana", "partner": "Bor", "card_points": 40}
    assert (
        scores(deal | {"bonuses": {"trula": {"announced": "declarer", "made": "declarer"}}}, overrides=bonus)["Ana"]
        == 45
    )


def test_other_parameters_change_what_they_say():
    five = {"contract": "beggar", "declarer": "Ana", "out": "Eva", "won": True}
    [event] = deal_events(five, table=FIVE, overrides={"radelci_for_sitter": True})
    assert event["radelci_after"]["Eva"] == 1  # R54 variant
    klop = {"contract": "klop", "klop": {"Ana": 0, "Bor": 40, "Cene": 15, "Dana": 15}}
    assert scores(klop, radelci={"Ana": 1}, overrides={"klop_radelc_doubles": False})["Ana"] == 70
    [event] = deal_events(klop, radelci={"Ana": 1}, overrides={"klop_empty_removes_radelc": False})
    assert event["radelci_after"]["Ana"] == 2
    assert scores({"contract": "renons", "offender": "Bor"}, overrides={"renons": 100})["Bor"] == -100
    result = rules.replay(sitting(radelci={"Ana": 2}, close=True, overrides={"unused_radelc_penalty": 40}))
    assert result["totals"]["Ana"] == -80
    result = rules.replay(sitting({"contract": "beggar", "declarer": "Ana", "won": True}, overrides={"money": "none"}))
    assert result["events"][0]["net"] == {name: 0 for name in TABLE}
    assert result["balances"] == {name: 0 for name in TABLE} and result["totals"]["Ana"] == 70
    mond = {"contract": "one", "declarer": "Ana", "partner": "Bor", "card_points": 45, "mondfang": "Cene"}
    assert scores(mond, overrides={"mondfang": 0})["Cene"] == 0
    assert scores(mond)["Cene"] == -20
    assert problems(sitting(mond | {"kontra": 2}, overrides={"max_kontra": 1})) == [(1, "kontra", "out_of_range")]


def test_the_season_form_parameters_round_trip_the_partial_maps():
    parameters = SLOVENIAN.parameters("slovenian")
    names = {parameter.name for parameter in parameters}
    assert "contract_values.open_beggar" in names and "bonus_values.pagat_ultimo" in names and "money" in names
    values = values_from(parameters, {"contract_values": {"open_beggar": 85}, "money": "none"})
    assert values["contract_values.open_beggar"] == 85 and values["contract_values.beggar"] == 70
    overrides = overrides_from(parameters, values)
    assert overrides == {"contract_values": {"open_beggar": 85}, "money": "none"}
    assert SLOVENIAN.resolve("slovenian", overrides)[1] == []


# --- the table state a club carries (radelci) -------------------------------------------------------


def test_radelci_round_trip_through_the_kept_state_and_the_club_path_matches_the_replay():
    record = sitting(
        {"contract": "klop", "klop": {"Ana": 20, "Bor": 18, "Cene": 17, "Dana": 15}},
        {"contract": "three", "declarer": "Ana", "partner": "Bor", "card_points": 50},
        close=True,
    )
    game = SLOVENIAN.ruleset("slovenian")
    state = SLOVENIAN.state({})
    nets = []
    for number, data in enumerate(record["deals"], start=1):
        deal, found = rules.check_deal(SLOVENIAN, data, number, TABLE, game)
        assert found == []
        events, state = SLOVENIAN.play(deal, TABLE, state, game)
        state = SLOVENIAN.state_from_json(SLOVENIAN.state_as_json(state))  # as the club keeps it
        nets.append(events[0].net(TABLE))
    assert SLOVENIAN.state_as_json(state)["radelci"] == {"Ana": 0, "Bor": 1, "Cene": 1, "Dana": 1}
    closing, _after = SLOVENIAN.close(TABLE, state, game, "close", "Ana")
    nets.append(closing.net(TABLE))
    replayed = rules.replay(record)
    assert [event["net"] for event in replayed["events"]] == nets


@pytest.mark.parametrize(
    "record", [{"contract": "renons", "offender": "Ana"}, {"contract": "valat", "declarer": "Bor", "won": True}]
)
def test_every_item_posts_money_points_that_sum_to_the_deals_net(record):
    [event] = deal_events(record)
    total = {name: 0 for name in TABLE}
    for item in event["items"]:
        assert sum(item["postings"].values()) == 0
        for name, points in item["postings"].items():
            total[name] += points
    assert total == event["net"]
    assert sum(event["net"].values()) == 0
