"""Brief §9: every validation code of the Hungarian family, with the field it names.

Each test takes a valid deal and breaks one thing; the answer lists the problem (deal, field, code)
and nothing is settled.
"""

import json

import pytest

import rules
from hungarian_kit import codes, net, problems
from world.records import hungarian_deal

PASK_DEAL = hungarian_deal("D", "two", declarer="A", call={"card": 20, "partner": "C"}, card_points=50)


def pask(**changes):
    deal = {**PASK_DEAL, **changes}
    return {k: v for k, v in deal.items() if v is not ...}


def test_the_base_deals_are_valid():
    rules.replay({"ruleset": "paskievics", "table": ["A", "B", "C", "D"], "deals": [pask()]})


# --- the sitting -------------------------------------------------------------------------------


def test_unknown_ruleset():
    _, found = rules.hungarian.resolve("paskievicz")
    assert [(p.field, p.code) for p in found] == [("ruleset", "unknown_ruleset")]
    assert "paskievics" in found[0].message


def test_unknown_and_bad_overrides():
    found = problems("paskievics", pask(), overrides={"fund": 5, "pot": "yes", "max_contra": 6, "deck": 42})
    assert found == [
        (None, "overrides.deck", "unknown_override"),  # a "—" in §10: Paskievics is played with 42 cards
        (None, "overrides.fund", "unknown_override"),
        (None, "overrides.max_contra", "bad_override"),
        (None, "overrides.pot", "bad_override"),
    ]


def test_a_bad_override_is_reported_with_the_deals_problems():
    found = problems("paskievics", pask(card_points=95), overrides={"pot": 1})
    assert found == [(None, "overrides.pot", "bad_override"), (1, "card_points", "card_points_range")]


@pytest.mark.parametrize(
    "preset, table",
    [
        ("paskievics", ["A", "B", "C"]),
        ("paskievics", list("ABCDEF")),
        ("magyar", list("ABCD")),
        ("kiralyhivo", list("ABCDE")),
        ("tapper", list("AB")),
        ("stromann", list("ABC")),
        ("trisak", list("ABC")),
    ],
)
def test_table_size(preset, table):
    assert problems(preset, [], table=table) == [(None, "table", "table_size")]


def test_duplicate_member_and_reserved_name():
    assert problems("magyar", [], table=["A", "pot", "A"]) == [
        (None, "table[1]", "reserved_name"),
        (None, "table[2]", "duplicate_member"),
    ]


def test_member_names():
    found = problems("magyar", [], table=["  ", "x" * 61, "\ud800"])
    assert found == [(None, "table[0]", "empty_name"), (None, "table[1]", "long_name"), (None, "table[2]", "bad_name")]


def test_pot_not_kept():
    assert problems("paskievics", pask(), pot=10) == [(None, "pot", "pot_not_kept")]
    assert problems("magyar", [], pot=0) == [(None, "pot", "pot_not_kept")]


def test_unknown_keys_at_every_level():
    deal = pask(annoucements=[], call={"card": 20, "partner": "C", "suit": "x"}, made={"declarers": ["trull"]})
    found = problems("paskievics", deal, cups={"pagat": 0})
    assert found == [
        (None, "cups", "unknown_key"),
        (1, "annoucements", "unknown_key"),
        (1, "call.suit", "unknown_key"),
        (1, "made.declarers", "unknown_key"),
    ]


def test_required_wrong_type_unknown_value():
    found = problems(
        "paskievics",
        [
            {"contract": "two", "declarer": "A", "call": {"card": "XX", "partner": "C"}, "card_points": 50},
            pask(contract="four"),
            pask(announcements=[{"figure": "tulétroá", "by": "A"}]),
            pask(card_points=None),
        ],
    )
    assert found == [
        (1, "call.card", "wrong_type"),
        (1, "dealer", "required"),
        (2, "contract", "unknown_value"),
        (3, "announcements[0].figure", "unknown_value"),
        (4, "card_points", "required"),
    ]


def test_a_null_among_the_figures_made_is_refused_not_read_as_nothing_made():
    """An announced ultimó whose outcome reads `[null]` would settle as failed (±20 a player in a
    Paskievics deal) without a word: the list names figures made, and null is none of them."""
    found = problems(
        "paskievics",
        [
            pask(announcements=[{"figure": "ultimo", "by": "A"}], made={"declarer": [None]}),
            pask(made={"declarer": ["trull", None], "opponents": [None]}),
        ],
    )
    assert found == [
        (1, "made.declarer[0]", "unknown_value"),
        (2, "made.declarer[1]", "unknown_value"),
        (2, "made.opponents[0]", "unknown_value"),
    ]


def test_not_json_from_the_command_line(tmp_path):
    from rules.__main__ import main

    path = tmp_path / "bad.json"
    path.write_text('{"ruleset": "paskievics",', encoding="utf-8")
    assert main(["replay", str(path)]) == 2


# --- who plays ---------------------------------------------------------------------------------


def test_not_at_table_and_not_active():
    five = ["A", "B", "C", "D", "E"]
    deal = {
        "dealer": "E",
        "contract": "two",
        "declarer": "A",
        "call": {"card": 20, "partner": "Z"},
        "card_points": 50,
        "announcements": [{"figure": "trull", "by": "E"}],
    }
    assert problems("paskievics", deal, table=five) == [
        (1, "announcements[0].by", "not_active"),
        (1, "call.partner", "not_at_table"),
    ]


# --- the contract's fields ---------------------------------------------------------------------


def test_contract_fields():
    assert problems(
        "magyar",
        {
            "dealer": "C",
            "contract": "three",
            "choice": 1,
            "declarer": "A",
            "card_points": 50,
            "call": {"card": 20, "partner": "B"},
        },
    ) == [(1, "call", "contract_fields")]
    assert problems("paskievics", {"dealer": "D", "no_game": "all_pass", "card_points": 40}) == [
        (1, "card_points", "contract_fields")
    ]
    king_in_talon = {
        "dealer": "D",
        "contract": "call",
        "declarer": "A",
        "call": {"king": "hearts", "partner": None},
        "card_points": 40,
        "called_king_captured": True,
    }
    assert problems("kiralyhivo", king_in_talon) == [(1, "called_king_captured", "contract_fields")]
    assert codes(
        "kiralyhivo",
        {
            "dealer": "D",
            "contract": "three",
            "declarer": "A",
            "card_points": 40,
            "call": {"king": "hearts", "partner": "B"},
        },
    ) == {"contract_fields"}


def test_choice_out_of_range():
    deal = {"dealer": "C", "contract": "two", "choice": 6, "declarer": "A", "card_points": 50}
    assert problems("magyar", deal) == [(1, "choice", "choice_out_of_range")]


@pytest.mark.parametrize("preset, card", [("paskievics", 21), ("paskievics", 1), ("trisak", 20)])
def test_called_card(preset, card):
    if preset == "paskievics":
        deal = pask(call={"card": card, "partner": "C"})
    else:
        deal = {
            "dealer": "D",
            "contract": "simple",
            "declarer": "A",
            "call": {"card": card, "partner": "C"},
            "card_points": 60,
        }
    assert problems(preset, deal) == [(1, "call.card", "called_card")]


def test_partner_invalid():
    solo = {
        "dealer": "D",
        "contract": "solo",
        "declarer": "A",
        "call": {"king": "clubs", "partner": "A"},
        "card_points": 40,
    }
    assert problems("kiralyhivo", solo) == [(1, "call.partner", "partner_invalid")]
    simple = {
        "dealer": "D",
        "contract": "simple",
        "declarer": "A",
        "call": {"card": 19, "partner": "A"},
        "card_points": 60,
    }
    assert problems("trisak", simple) == [(1, "call.partner", "partner_invalid")]


def test_official_contra_not_doubled():
    assert problems("paskievics", pask(call={"card": 20, "partner": None})) == [
        (1, "game_contra", "official_contra_not_doubled")
    ]


def test_card_points_range_and_total():
    assert problems("kiralyhivo", {"dealer": "D", "contract": "three", "declarer": "A", "card_points": 71}) == [
        (1, "card_points", "card_points_range")
    ]
    deal = {
        "dealer": "D",
        "contract": "trisak",
        "declarer": "A",
        "player_points": {"A": 60, "B": 30, "C": 20, "D": 5},
        "trickless": ["D"],
    }
    assert problems("trisak", deal) == [
        (1, "player_points", "card_points_total"),
        (1, "player_points.D", "card_points_total"),
    ]


def test_tricks_range_and_volat_tricks_mismatch():
    assert problems("paskievics", pask(tricks=10)) == [(1, "tricks", "tricks_range")]
    deal = pask(card_points=94, tricks=8, made={"declarer": ["volat"]})
    assert problems("paskievics", deal) == [(1, "tricks", "volat_tricks_mismatch")]
    tapper = {"dealer": "C", "contract": "three", "declarer": "A", "card_points": 50, "tricks": 17}
    assert problems("tapper", tapper) == [(1, "tricks", "tricks_range")]
    assert problems("tapper", {**tapper, "tricks": 13}, overrides={"deck": 42}) == [(1, "tricks", "tricks_range")]


def test_volat_points_mismatch():
    assert problems("paskievics", pask(card_points=70, made={"declarer": ["volat"]})) == [
        (1, "card_points", "volat_points_mismatch")
    ]
    assert problems("paskievics", pask(card_points=24, made={"opponents": ["volat"]})) == [
        (1, "card_points", "volat_points_mismatch")
    ]


def test_figure_not_in_contract():
    assert problems("paskievics", pask(made={"declarer": ["double"]})) == [
        (1, "made.declarer[0]", "figure_not_in_contract")
    ]
    magyar = {
        "dealer": "C",
        "contract": "three",
        "choice": 1,
        "declarer": "A",
        "card_points": 50,
        "announcements": [{"figure": "double", "by": "A"}],
    }
    assert problems("magyar", magyar) == [(1, "announcements[0].figure", "figure_not_in_contract")]
    three = {
        "dealer": "D",
        "contract": "three",
        "declarer": "A",
        "card_points": 40,
        "made": {"declarer": ["king_ultimo"]},
    }
    assert problems("kiralyhivo", three) == [(1, "made.declarer[0]", "figure_not_in_contract")]
    tapper = {
        "dealer": "C",
        "contract": "three",
        "declarer": "A",
        "card_points": 40,
        "hand_bonuses": [{"player": "A", "bonus": "many_trumps"}],
        "made": {"declarer": ["trull"]},
    }
    assert problems("tapper", tapper) == [
        (1, "hand_bonuses[0].bonus", "figure_not_in_contract"),
        (1, "made.declarer[0]", "figure_not_in_contract"),
    ]


def test_figure_made_by_both_and_wrong_party():
    assert problems("paskievics", pask(made={"declarer": ["ultimo"], "opponents": ["ultimo"]})) == [
        (1, "made", "figure_made_by_both")
    ]
    deal = {
        "dealer": "D",
        "contract": "call",
        "declarer": "A",
        "call": {"king": "hearts", "partner": "C"},
        "card_points": 40,
        "announcements": [{"figure": "king_ultimo", "by": "B"}],
        "made": {"opponents": ["king_ultimo"]},
    }
    assert problems("kiralyhivo", deal) == [
        (1, "announcements[0].by", "figure_wrong_party"),
        (1, "made.opponents[0]", "figure_wrong_party"),
    ]


def test_figures_conflict():
    assert problems(
        "magyar",
        {
            "dealer": "C",
            "contract": "three",
            "choice": 1,
            "declarer": "A",
            "card_points": 50,
            "made": {"declarer": ["xxi_capture"], "opponents": ["trull"]},
        },
    ) == [(1, "made", "figures_conflict")]
    deal = pask(card_points=94, made={"declarer": ["volat"], "opponents": ["four_kings"]})
    assert problems("paskievics", deal) == [(1, "made", "figures_conflict")]


def test_duplicate_announcement_and_counter_without_contra():
    twice = pask(announcements=[{"figure": "trull", "by": "A"}, {"figure": "trull", "by": "C"}])
    assert problems("paskievics", twice) == [(1, "announcements[1].figure", "duplicate_announcement")]
    counter = pask(announcements=[{"figure": "trull", "by": "A"}, {"figure": "trull", "by": "B"}])
    assert problems("paskievics", counter) == [(1, "announcements", "counter_without_contra")]


def test_contra_out_of_range():
    assert problems("paskievics", pask(game_contra=6)) == [(1, "game_contra", "contra_out_of_range")]
    assert problems("paskievics", pask(game_contra=2), overrides={"max_contra": 1}) == [
        (1, "game_contra", "contra_out_of_range")
    ]
    simple = {"dealer": "B", "contract": "simple", "card_points": 40, "game_contra": 1}
    assert problems("stromann", simple) == [(1, "game_contra", "contra_out_of_range")]
    trisak = {
        "dealer": "D",
        "contract": "three_take",
        "declarer": "A",
        "card_points": 60,
        "announcements": [{"figure": "ultimo", "by": "A", "contra": 1}],
    }
    assert problems("trisak", trisak) == [(1, "announcements[0].contra", "contra_out_of_range")]


def test_ultimo_call_needs_ultimo_and_concession_invalid():
    call = {
        "dealer": "D",
        "contract": "ultimo_call",
        "declarer": "B",
        "call": {"card": 19, "partner": "C"},
        "card_points": 60,
    }
    assert problems("trisak", call) == [(1, "announcements", "ultimo_call_needs_ultimo")]
    conceded = {**call, "conceded": True, "announcements": [{"figure": "ultimo", "by": "B"}]}
    del conceded["card_points"]
    assert problems("trisak", conceded) == [(1, "conceded", "concession_invalid")]
    elsewhere = {"dealer": "D", "contract": "three_take", "declarer": "A", "card_points": 60, "conceded": True}
    assert problems("trisak", elsewhere) == [(1, "conceded", "concession_invalid")]


def test_declarer_not_forehand():
    deal = {"dealer": "D", "contract": "trisak", "declarer": "B", "player_points": {"A": 40, "B": 30, "C": 20, "D": 10}}
    assert problems("trisak", deal) == [(1, "declarer", "declarer_not_forehand")]


def test_trump_count_invalid():
    deal = pask(trump_counts=[{"player": "A", "count": 10}, {"player": "B", "count": 9}, {"player": "B", "count": 9}])
    assert problems("paskievics", deal) == [
        (1, "trump_counts", "trump_count_invalid"),  # 10 + 9 + 9 = 28 > 22
        (1, "trump_counts[0].count", "trump_count_invalid"),
        (1, "trump_counts[2].player", "trump_count_invalid"),
    ]


@pytest.mark.parametrize(
    "preset, bonuses",
    [
        ("tapper", [("A", "trull"), ("B", "trull")]),
        ("tapper", [("A", "two_honours"), ("B", "two_honours")]),  # four honours
        ("tapper", [("A", "trull"), ("A", "two_honours")]),
        ("stromann", [("A", "four_kings"), ("B", "four_kings")]),
        ("trisak", [("A", "trull"), ("A", "small_honours")]),
        ("trisak", [("A", "four_kings"), ("B", "small_honours")]),  # no king left for a mixed four
        ("trisak", [("A", "eight_trumps"), ("B", "eight_trumps"), ("C", "eight_trumps")]),
    ],
)
def test_hand_bonus_conflict(preset, bonuses):
    claims = [{"player": p, "bonus": b} for p, b in bonuses]
    base = {
        "tapper": {"dealer": "C", "contract": "three", "declarer": "A", "bidders": ["A", "B", "C"], "card_points": 40},
        "stromann": {"dealer": "B", "contract": "simple", "card_points": 40},
        "trisak": {"dealer": "D", "contract": "bettli", "declarer": "A", "tricks": 0},
    }[preset]
    assert problems(preset, {**base, "hand_bonuses": claims}) == [(1, "hand_bonuses", "hand_bonus_conflict")]


def test_small_honours_beside_fewer_kings_is_possible():
    """Two honours and two kings make a kis honnőrök beside B's trull? No: trull takes all three
    honours. Beside C's eight trumps and a lone claim it is fine."""
    deal = {
        "dealer": "D",
        "contract": "bettli",
        "declarer": "A",
        "tricks": 0,
        "hand_bonuses": [{"player": "A", "bonus": "small_honours"}, {"player": "B", "bonus": "small_honours"}],
    }
    assert problems("trisak", deal) == [(1, "hand_bonuses", "hand_bonus_conflict")]  # 8 cards of 7
    rules.replay(
        {
            "ruleset": "trisak",
            "table": ["A", "B", "C", "D"],
            "deals": [
                {
                    **deal,
                    "hand_bonuses": [
                        {"player": "A", "bonus": "small_honours"},
                        {"player": "C", "bonus": "eight_trumps"},
                    ],
                }
            ],
        }
    )


def test_bonus_needs_bid():
    deal = {
        "dealer": "C",
        "contract": "three",
        "declarer": "A",
        "card_points": 40,
        "hand_bonuses": [{"player": "B", "bonus": "four_kings"}, {"player": "C", "bonus": "two_honours"}],
    }
    assert problems("tapper", deal) == [(1, "hand_bonuses[0].player", "bonus_needs_bid")]
    assert problems("tapper", deal, overrides={"fejek_needs_bid": True}) == [
        (1, "hand_bonuses[0].player", "bonus_needs_bid"),
        (1, "hand_bonuses[1].player", "bonus_needs_bid"),
    ]


def test_offence_invalid():
    assert problems("paskievics", pask(fines=[{"player": "B", "offence": "misdeal"}])) == [
        (1, "fines[0].offence", "offence_invalid")
    ]
    two = pask(fines=[{"player": "B", "offence": "revoke"}, {"player": "C", "offence": "revoke"}])
    assert problems("paskievics", two) == [(1, "fines", "offence_invalid")]
    stromann = {"dealer": "B", "contract": "simple", "card_points": 40, "fines": [{"player": "A", "offence": "revoke"}]}
    assert problems("stromann", stromann) == [(1, "fines", "offence_invalid")]


def test_talon_honours_invalid():
    deal = pask(talon_honours={"B": ["skiz"]})
    assert problems("paskievics", deal) == [(1, "talon_honours", "talon_honours_invalid")]
    five = ["A", "B", "C", "D", "E"]
    deal = {
        "dealer": "E",
        "contract": "two",
        "declarer": "A",
        "call": {"card": 20, "partner": "C"},
        "card_points": 50,
        "talon_honours": {"B": ["skiz", "king"], "C": ["skiz"]},
    }
    assert problems("paskievics", deal, table=five, overrides={"ujlak_talon_honours": True}) == [
        (1, "talon_honours.B[1]", "talon_honours_invalid"),
        (1, "talon_honours.C[0]", "talon_honours_invalid"),
    ]


def test_messages_in_english_and_danish_keep_the_game_words():
    try:
        rules.replay(
            {
                "ruleset": "trisak",
                "table": ["A", "B", "C", "D"],
                "deals": [
                    {
                        "dealer": "D",
                        "contract": "ultimo_call",
                        "declarer": "B",
                        "call": {"card": 19, "partner": "C"},
                        "card_points": 60,
                    }
                ],
            }
        )
    except rules.InvalidRecord as error:
        found = error.as_dict()["errors"][0]
    assert found["message"] == "An ultimóhívás needs the declarer's announced pagátultimó."
    assert found["message_da"] == "En ultimóhívás kræver spilførerens meldte pagátultimó."
    json.dumps(found)


def test_every_code_of_section_9_has_both_texts():
    section_9 = """unknown_ruleset unknown_override bad_override table_size duplicate_member reserved_name pot_not_kept
    required wrong_type unknown_value unknown_key empty_name long_name bad_name not_json not_at_table not_active
    contract_fields choice_out_of_range called_card partner_invalid official_contra_not_doubled card_points_range
    card_points_total tricks_range volat_tricks_mismatch volat_points_mismatch figure_not_in_contract
    figure_made_by_both figure_wrong_party figures_conflict duplicate_announcement counter_without_contra
    contra_out_of_range ultimo_call_needs_ultimo concession_invalid declarer_not_forehand trump_count_invalid
    hand_bonus_conflict bonus_needs_bid offence_invalid talon_honours_invalid""".split()
    from rules.hungarian.messages import problem

    for code in section_9:
        made = problem(1, "x", code)
        assert made.message_in("en") and made.message_in("da")


def test_check_deal_for_a_form_preview():
    """The club's one-deal check: shape and rules problems of one record, the deal only when clean."""
    game = rules.hungarian.ruleset("paskievics")
    table = ["A", "B", "C", "D"]
    deal, found = rules.check_deal(rules.hungarian.FAMILY, pask(), 7, table, game)
    assert found == [] and deal.number == 7 and deal.card_points == 50
    deal, found = rules.check_deal(rules.hungarian.FAMILY, pask(card_points=95, tricks="9"), 7, table, game)
    assert deal is None and [(p.deal, p.field, p.code) for p in found] == [(7, "tricks", "wrong_type")]
    deal, found = rules.check_deal(rules.hungarian.FAMILY, pask(card_points=95, game_contra=6), 7, table, game)
    assert [(p.field, p.code) for p in found] == [
        ("card_points", "card_points_range"),
        ("game_contra", "contra_out_of_range"),
    ]


CONCEDED = {
    "dealer": "D",
    "contract": "ultimo_call",
    "declarer": "A",
    "call": {"card": 19, "partner": None},
    "conceded": True,
    "announcements": [{"figure": "ultimo", "by": "A"}],
}


def test_a_conceded_ultimo_call_settles_nothing_else():
    """Tolnai 1930, line 1345: "nothing else is settled": play keys and hand bonuses are refused beside a concession."""
    conceded = {**CONCEDED, "card_points": 60, "hand_bonuses": [{"player": "C", "bonus": "trull"}]}
    assert problems("trisak", conceded) == [
        (1, "card_points", "contract_fields"),
        (1, "hand_bonuses", "contract_fields"),
    ]


def test_a_conceded_ultimo_call_carries_nothing_but_its_compulsory_ultimo():
    """Tolnai 1930, line 1345: the declarer left alone "settles for half of the game and ultimo
    fee" before play, so the record holds dealer, contract, declarer, call (partner null),
    conceded and the declarer's ultimo announcement (compulsory, line 1341), nothing else: another
    announcement, or a play key even at its default value, is refused."""

    # Half of game 4 and ultimo 40 to each of the three others: (4 + 40) / 2 = 22.
    assert net("trisak", CONCEDED) == {"A": -66, "B": 22, "C": 22, "D": 22}
    other_ultimo = {**CONCEDED, "announcements": [{"figure": "ultimo", "by": "A"}, {"figure": "ultimo", "by": "B"}]}
    assert problems("trisak", other_ultimo) == [(1, "announcements[1]", "contract_fields")]
    empty_play_keys = {**CONCEDED, "made": {}, "tricks": None, "fines": [], "hand_bonuses": []}
    assert problems("trisak", empty_play_keys) == [
        (1, "fines", "contract_fields"),
        (1, "hand_bonuses", "contract_fields"),
        (1, "made", "contract_fields"),
        (1, "tricks", "contract_fields"),
    ]


def test_all_tricks_without_a_volat_is_refused():
    """Tolnai 1930, line 785: a volát is "when a party takes home every trick", announced or
    silent, so a party that took all nine Paskievics tricks (line 210) made one and `made` must
    say so; the same for the opponents when the declarer's party took none."""
    assert problems("paskievics", pask(card_points=94, tricks=9)) == [(1, "tricks", "volat_tricks_mismatch")]
    assert problems("paskievics", pask(card_points=0, tricks=0)) == [(1, "tricks", "volat_tricks_mismatch")]
    net("paskievics", pask(card_points=94, tricks=9, made={"declarer": ["volat"]}))
    net("paskievics", pask(card_points=0, tricks=0, made={"opponents": ["volat"]}))
    # Trisák has no volát (line 1384 names none), so a bettli taken without a trick is no mismatch.
    net("trisak", {"dealer": "D", "contract": "bettli", "declarer": "A", "tricks": 0})


def test_all_tricks_without_a_volat_says_so_in_both_languages():
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.replay(
            {"ruleset": "paskievics", "table": ["A", "B", "C", "D"], "deals": [pask(card_points=94, tricks=9)]}
        )
    [found] = refused.value.problems
    assert found.message_in("en") == "A volát takes every trick: the declarer's party has fewer than 9 tricks, not 9."
    assert found.message_in("da") == "En volát tager alle stik: spilførerens parti har færre end 9 stik, ikke 9."


def test_a_volat_with_too_few_tricks_keeps_its_message():
    with pytest.raises(rules.InvalidRecord) as refused:
        deal = pask(card_points=94, tricks=8, made={"declarer": ["volat"]})
        rules.replay({"ruleset": "paskievics", "table": ["A", "B", "C", "D"], "deals": [deal]})
    [found] = refused.value.problems
    assert found.message_in("en") == "A volát takes every trick: the declarer's party has 9 tricks, not 8."
    assert found.message_in("da") == "En volát tager alle stik: spilførerens parti har 9 stik, ikke 8."


@pytest.mark.parametrize(
    "key, value",
    [("game_contra", 0), ("announcements", []), ("made", {}), ("tricks", None), ("contract", None), ("fines", [])],
)
def test_a_no_game_deal_refuses_play_keys_whatever_their_value(key, value):
    """Tolnai 1930, line 381: when nobody takes the game "the next dealer deals the new game without
    more", so nothing was played and a no-game record holds no play key, not even an empty one."""
    deal = {"dealer": "D", "no_game": "all_pass", key: value}
    assert problems("paskievics", deal) == [(1, key, "contract_fields")]
    assert net("paskievics", {"dealer": "D", "no_game": "all_pass"}) == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_the_sitting_date_the_club_export_writes():
    """The envelope's `date` (YYYY-MM-DD) is read as for the Danish games (rules.envelope.read_date)."""
    rules.replay({"ruleset": "magyar", "table": ["A", "B", "C"], "date": "2026-11-26", "deals": []})
    assert problems("magyar", [], date="26/11/2026") == [(None, "date", "wrong_type")]
