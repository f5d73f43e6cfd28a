"""Refused records (rules brief §7, sitting-format.md): each rule broken once, with its exact
problem code, deal number and field path; every problem of a sitting reported at once; nothing
settled; and overrides, good and bad.
"""

import pytest

import rules
from tarok_testkit import K, P, item, items, problems, raw_problems, replay
from world.records import danish_deal, deal_event, rules_of, sitting_record

T4 = ["A", "B", "C", "D"]  # A deals: A, B, D play, C sits out


# --- the sitting: table, ruleset, overrides, cups, close -------------------------------------


@pytest.mark.parametrize(
    "table, expected",
    [
        (["A", "B"], [(None, "table", "table_size")]),
        (["A", "B", "C", "D", "E", "F"], [(None, "table", "table_size")]),
        (["A", "B", "A"], [(None, "table.2", "duplicate_member")]),
    ],
)
def test_table_of_3_to_5_distinct_members(table, expected):
    assert problems([], "vlk-2010", table) == expected


def test_table_is_required_and_must_be_a_list_of_names():
    assert raw_problems({"ruleset": "vlk-2010", "deals": []}) == [
        (None, "table", "required"),
        (None, "table", "table_size"),
    ]
    assert raw_problems({"table": ["A", 7, "C"], "deals": []}) == [(None, "table.1", "wrong_type")]


def test_the_sitting_must_be_an_object():
    assert raw_problems([1, 2]) == [(None, "", "wrong_type"), (None, "", "required")]


def test_unknown_ruleset():
    assert problems([], "vlk-2011") == [(None, "ruleset", "unknown_ruleset")]


def test_ruleset_of_the_wrong_type():
    assert problems([], 2010) == [(None, "ruleset", "wrong_type"), (None, "ruleset", "unknown_ruleset")]


def test_ruleset_defaults_to_vlk_2010():
    result = rules.replay({"table": ["A", "B", "C"], "deals": [danish_deal(counts={"A": 39, "C": 19})]})
    assert result["ruleset"] == "vlk-2010"
    assert item(deal_event(result), "count") == {"A": 15, "C": -5, "B": -10}


@pytest.mark.parametrize(
    "overrides, expected",
    [
        ({"nolos": 30}, [(None, "overrides.nolos", "unknown_override")]),
        ({"seed": 1, "nolo": 30}, [(None, "overrides.seed", "unknown_override")]),
        ({"nolo": "30"}, [(None, "overrides.nolo", "wrong_type")]),
        ({"nolo": -5}, [(None, "overrides.nolo", "wrong_type")]),
        ({"nolo": 2.5}, [(None, "overrides.nolo", "wrong_type")]),
        ({"nolo": True}, [(None, "overrides.nolo", "wrong_type")]),
        ({"last_trick_fees": 1}, [(None, "overrides.last_trick_fees", "wrong_type")]),
        ({"count": "approx"}, [(None, "overrides.count", "unknown_value")]),
        ({"fines": [20]}, [(None, "overrides.fines", "wrong_type")]),
        ({"fines": {"revoke": "x"}}, [(None, "overrides.fines.revoke", "wrong_type")]),
        ({"fines": {"lead_out_of_turn": 5}}, [(None, "overrides.fines.lead_out_of_turn", "offence_not_in_preset")]),
        ({"fines": {"poaching": 5}}, [(None, "overrides.fines.poaching", "offence_not_in_preset")]),
    ],
)
def test_bad_overrides_are_refused(overrides, expected):
    assert problems(danish_deal(), "vlk-2010", overrides=overrides) == expected


def test_overrides_must_be_an_object():
    assert problems(danish_deal(), "vlk-2010", overrides=[["nolo", 30]]) == [(None, "overrides", "wrong_type")]


def test_every_brief_parameter_can_be_overridden():
    """Brief §8 names the parameters; `OVERRIDABLE` is exactly that list."""
    names = (
        "fund stake meld_taroks meld_taroks_step meld_matadors meld_matadors_step meld_half meld_full "
        "meld_overfull pagat_saved pagat_lost pagat_lost_cup king_lost king_lost_cup last_trick "
        "last_trick_needs_no_ultimo_card pagat_ultimo king_ultimo pagat_bagud king_bagud last_trick_fees "
        "nolo tout tout_takes_cups tout_counts count count_shortfall_to_pagatkop fines"
    ).split()
    assert set(rules.danish.OVERRIDABLE) == set(names)


def test_override_nolo_30():
    event = deal_event(replay(danish_deal(last_trick="A", nolo="C"), "vlk-2010", overrides={"nolo": 30}))
    assert item(event, "nolo") == {"C": 60, "A": -30, "B": -30}


def test_override_fine_revoke_20_keeps_the_stop():
    record = danish_deal(stopped=True, fines=[{"player": "B", "offence": "revoke"}])
    event = deal_event(replay(record, "vlk-2010", overrides={"fines": {"revoke": 20}}))
    assert item(event, "fine.revoke") == {"B": -40, P: 20, K: 20}
    assert problems(
        danish_deal(fines=[{"player": "B", "offence": "revoke"}]), "vlk-2010", overrides={"fines": {"revoke": 20}}
    ) == [(1, "stopped", "stopped_required")]


def test_override_count_exact_and_fund_and_stake():
    result = replay(
        danish_deal(counts={"A": 40, "B": 20}), "vlk-2010", overrides={"count": "exact", "fund": 10, "stake": 2}
    )
    assert result["events"][0]["cups_after"] == {"pagat": 30, "king": 30}
    event = deal_event(result)
    assert item(event, "stake") == {"A": -4, P: 2, K: 2}
    assert item(event, "count") == {"A": 14, "B": -6, "C": -8}


def test_override_meld_and_play_amounts():
    overrides = {"meld_taroks": 20, "meld_taroks_step": 10, "pagat_saved": 7, "king_lost": 6, "king_lost_cup": 1}
    record = danish_deal(
        melds={"B": {"taroks": 12, "pagat": True}},
        pagat={"holder": "B", "fate": "saved"},
        kings={"hearts": {"holder": "C", "fate": "lost"}},
    )
    event = deal_event(replay(record, "ensartede", overrides=overrides))
    assert item(event, "meld.taroks") == {"B": 80, "A": -40, "C": -40}
    assert item(event, "pagat_saved") == {"B": 14, "A": -7, "C": -7}
    assert item(event, "king_lost") == {"C": -13, "A": 6, "B": 6, K: 1}


def test_override_ultimo_premium_and_last_trick():
    event = deal_event(
        replay(
            danish_deal(last_trick="B", pagat={"holder": "B", "fate": "ultimo"}),
            "vlk-2010",
            overrides={"pagat_ultimo": 50, "last_trick_fees": False},
            cups={"pagat": 100, "king": 80},
        )
    )
    assert item(event, "pagat_ultimo") == {"B": 205, P: -105, "A": -50, "C": -50}
    assert items(event, "pagat_saved") == []
    event = deal_event(replay(danish_deal(last_trick="B"), "vlk-2010", overrides={"last_trick": 0}))
    assert items(event, "last_trick") == []


def test_override_ensartede_last_trick_also_with_cards_in_it():
    record = danish_deal(last_trick="B", kings={"hearts": {"holder": "C", "fate": "bagud"}})
    event = deal_event(replay(record, "ensartede", overrides={"last_trick_needs_no_ultimo_card": False}))
    assert item(event, "last_trick") == {"B": 20, "A": -10, "C": -10}


def test_override_ensartede_no_shortfall():
    record = danish_deal(counts={"A": 30, "B": 26, "C": 20})
    assert problems(record, "ensartede", overrides={"count_shortfall_to_pagatkop": False}) == [
        (1, "counts", "count_total")
    ]


def test_override_a_tout_premium_where_the_tout_is_no_contract():
    """A club's tout premium in ensartede without the cups: the premium, the play as usual."""
    record = danish_deal(last_trick="B", tout="B", pagat={"holder": "B", "fate": "ultimo"}, counts={"B": 78, "A": 0})
    overrides = {"tout": 50, "tout_takes_cups": False}
    event = deal_event(replay(record, "ensartede", overrides=overrides, cups={"pagat": 100, "king": 80}))
    assert item(event, "tout") == {"B": 100, "A": -50, "C": -50}
    assert item(event, "pagat_ultimo") == {"B": 195, P: -105, "A": -45, "C": -45}
    assert item(event, "count") == {"B": 52, "A": -26, "C": -26}


def test_override_a_tout_contract_without_cups():
    record = danish_deal(last_trick="B", tout="B", counts={"B": 78, "A": 0})
    event = deal_event(replay(record, "schwartz-1847", overrides={"tout_takes_cups": True, "tout": 30}))
    assert rules_of(event) == ["tout"]
    assert item(event, "tout") == {"B": 60, "A": -30, "C": -30}


def test_opening_cups_must_be_whole_points():
    assert problems(danish_deal(), "vlk-2010", cups={"pagat": -1, "king": "x"}) == [
        (None, "cups.king", "wrong_type"),
        (None, "cups.pagat", "out_of_range"),
    ]


def test_close_is_split_or_carry():
    assert problems(danish_deal(), "vlk-2010", close="later") == [(None, "close", "unknown_value")]


def test_deals_must_be_a_list():
    assert raw_problems({"table": ["A", "B", "C"], "deals": {"1": danish_deal()}}) == [(None, "deals", "wrong_type")]


# --- parse errors in a deal --------------------------------------------------------------------


@pytest.mark.parametrize(
    "change, expected",
    [
        ({"dealer": None}, [(1, "dealer", "required")]),
        ({"dealer": 7, "last_trick": "A"}, [(1, "dealer", "wrong_type")]),
        ({"players": ["A", "B"]}, [(1, "players", "players_count")]),
        ({"players": "ABC"}, [(1, "players", "players_count")]),
        ({"players": ["A", "B", 3]}, [(1, "players.2", "wrong_type")]),
        ({"melds": ["B"]}, [(1, "melds", "wrong_type")]),
        ({"melds": {"B": {"taroks": "ten", "pagat": True}}}, [(1, "melds.B.taroks", "wrong_type")]),
        ({"melds": {"B": {"taroks": 9, "pagat": True}}}, [(1, "melds.B.taroks", "out_of_range")]),
        ({"melds": {"B": {"taroks": 23, "pagat": True}}}, [(1, "melds.B.taroks", "out_of_range")]),
        ({"melds": {"B": {"matadors": 2}}}, [(1, "melds.B.matadors", "out_of_range")]),
        ({"melds": {"B": {"matadors": True}}}, [(1, "melds.B.matadors", "wrong_type")]),
        ({"melds": {"B": {"taroks": 10, "pagat": "med"}}}, [(1, "melds.B.pagat", "wrong_type")]),
        ({"melds": {"B": {"suits": {"stars": "full"}}}}, [(1, "melds.B.suits.stars", "unknown_value")]),
        ({"melds": {"B": {"suits": {"hearts": "quarter"}}}}, [(1, "melds.B.suits.hearts", "unknown_value")]),
        (
            {"melds": {"B": {"suits": {"hearts": {"level": "half", "missing": "jack"}}}}},
            [(1, "melds.B.suits.hearts.missing", "unknown_value")],
        ),
        ({"melds": {"B": {"suits": {"hearts": {"missing": "king"}}}}}, [(1, "melds.B.suits.hearts.level", "required")]),
        (
            {"melds": {"B": {"kings": {"level": "half", "missing": "king"}}}},
            [(1, "melds.B.kings.missing", "unknown_value")],
        ),
        ({"pagat": {"holder": "B", "fate": "won"}}, [(1, "pagat.fate", "unknown_value")]),
        ({"pagat": {"fate": "saved"}}, [(1, "pagat.holder", "required")]),
        ({"pagat": "B"}, [(1, "pagat", "wrong_type")]),
        ({"kings": {"stars": {"holder": "B", "fate": "lost"}}}, [(1, "kings.stars", "unknown_value")]),
        ({"kings": {"hearts": {"holder": "B", "fate": "saved"}}}, [(1, "kings.hearts.fate", "unknown_value")]),
        ({"last_trick": 2}, [(1, "last_trick", "wrong_type")]),
        ({"nolo": ""}, [(1, "nolo", "empty_name")]),  # rev. 2: a name is not blank
        ({"tout": {"won": False}}, [(1, "tout.player", "required")]),
        ({"tout": {"player": "A", "won": "no"}}, [(1, "tout.won", "wrong_type")]),
        ({"counts": {"A": "39", "C": 19}}, [(1, "counts.A", "wrong_type")]),
        ({"counts": {"A": 79, "C": 0}}, [(1, "counts.A", "out_of_range")]),
        ({"counts": {"A": True, "C": 19}}, [(1, "counts.A", "wrong_type")]),
        ({"counts": [39, 19]}, [(1, "counts", "wrong_type")]),
        ({"fines": {"player": "A"}}, [(1, "fines", "wrong_type")]),
        ({"fines": [{"player": "A"}]}, [(1, "fines.0.offence", "required")]),
        ({"fines": [{"offence": "misdeal"}]}, [(1, "fines.0.player", "required")]),
        ({"fines": ["misdeal"]}, [(1, "fines.0", "wrong_type")]),
        ({"culprit": {"player": "B", "caused": "nolo"}}, [(1, "culprit.caused", "unknown_value")]),
        ({"culprit": {"player": "B"}}, [(1, "culprit.caused", "required")]),
        ({"stopped": "yes"}, [(1, "stopped", "wrong_type")]),
    ],
)
def test_parse_errors_name_deal_field_and_code(change, expected):
    assert problems(danish_deal(**change), "ensartede") == expected


def test_a_deal_that_is_not_an_object():
    assert problems([danish_deal(), "deal two"], "vlk-2010") == [(2, "", "wrong_type"), (2, "", "required")]


# --- §7 who plays --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "table, change, expected",
    [
        (["A", "B", "C"], {"players": ["A", "B", "X"]}, [(1, "players.2", "not_at_table")]),
        (["A", "B", "C"], {"players": ["A", "B", "B"]}, [(1, "players", "duplicate_member")]),
        (["A", "B", "C"], {"dealer": "X"}, [(1, "dealer", "not_at_table")]),
        (["A", "B", "C"], {"players": ["B", "C", "A"]}, [(1, "players.0", "dealer_not_first")]),
        (["A", "B", "C"], {"players": ["A", "C", "B"]}, [(1, "players", "players_seat_order")]),
        (T4, {"players": ["A", "B", "C"]}, [(1, "players", "players_seat_order")]),
        (["A", "B", "C", "D", "E"], {"players": ["A", "D", "B"]}, [(1, "players", "players_seat_order")]),
    ],
)
def test_three_distinct_players_in_seat_order_from_the_dealer(table, change, expected):
    assert problems(danish_deal(table=table, **change), "vlk-2010", table) == expected


def test_seat_order_with_four_and_five_at_the_table():
    """Brief §1: with 4 the member opposite the dealer sits out; with 5 the two opposite him."""
    assert rules.danish.seat_order_from("A", T4) == ("A", "B", "D")
    assert rules.danish.seat_order_from("C", T4) == ("C", "D", "B")
    assert rules.danish.seat_order_from("B", ["A", "B", "C", "D", "E"]) == ("B", "C", "A")
    assert rules.danish.seat_order_from("C", ["A", "B", "C"]) == ("C", "A", "B")


def test_members_sitting_out_cannot_play_meld_hold_cards_count_or_be_fined():
    record = danish_deal(
        table=T4,
        melds={"C": {"kings": "full"}},
        pagat={"holder": "C", "fate": "saved"},
        kings={"hearts": {"holder": "C", "fate": "lost"}},
        counts={"A": 40, "C": 20},
        fines=[{"player": "C", "offence": "misdeal"}],
        nolo="C",
    )
    assert problems(record, "vlk-2010", T4) == [
        (1, "counts.C", "not_active"),
        (1, "fines.0.player", "not_active"),
        (1, "kings.hearts.holder", "not_active"),
        (1, "melds.C", "not_active"),
        (1, "nolo", "not_active"),
        (1, "pagat.holder", "not_active"),
    ]


def test_names_not_at_the_table():
    record = danish_deal(last_trick="X", melds={"X": {"kings": "full"}}, tout="Y")
    assert problems(record, "ensartede") == [
        (1, "last_trick", "not_at_table"),
        (1, "melds.X", "not_at_table"),
        (1, "tout.player", "not_at_table"),
    ]


# --- §7 melds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "melds, expected",
    [
        ({"B": {"taroks": 10}}, [(1, "melds.B.pagat", "meld_needs_pagat_flag")]),
        ({"B": {"pagat": True, "matadors": 3}}, [(1, "melds.B.pagat", "meld_pagat_without_taroks")]),
        ({"B": {"matadors": 3}, "C": {"suits": {"hearts": "overfull"}}}, [(1, "melds.C", "meld_scus_twice")]),
        (
            {
                "B": {"kings": {"level": "half", "missing": "clubs"}},
                "C": {"suits": {"hearts": {"level": "half", "missing": "king"}}},
            },
            [(1, "melds.C", "meld_scus_twice")],
        ),
        ({"B": {"taroks": 10, "pagat": True}, "C": {"matadors": 3}}, [(1, "melds.C", "meld_pagat_twice")]),
        (
            {"B": {"taroks": 10, "pagat": True}, "C": {"taroks": 12, "pagat": True}},
            [(1, "melds.C", "meld_pagat_twice")],
        ),
        ({"B": {"kings": "full"}, "C": {"kings": "full"}}, [(1, "melds.C.kings", "meld_kings_twice")]),
        (
            {"A": {"suits": {"clubs": "full"}}, "C": {"suits": {"clubs": "full"}}},
            [(1, "melds.C.suits.clubs", "meld_court_twice")],
        ),
        (
            {"B": {"taroks": 12, "pagat": True}, "C": {"taroks": 11, "pagat": False}},
            [(1, "melds", "meld_taroks_total")],
        ),
        ({"B": {"matadors": 12}, "C": {"taroks": 11, "pagat": False}}, [(1, "melds", "meld_taroks_total")]),
        (
            {"B": {"kings": "full"}, "C": {"suits": {"hearts": "full"}}},
            [(1, "melds.C.suits.hearts", "meld_kings_conflict")],
        ),
        (
            {"B": {"kings": "full"}, "C": {"suits": {"hearts": {"level": "half", "missing": "knight"}}}},
            [(1, "melds.C.suits.hearts", "meld_kings_conflict")],
        ),
    ],
)
def test_meld_rules(melds, expected):
    assert problems(danish_deal(melds=melds), "ensartede") == expected


@pytest.mark.parametrize(
    "ruleset, melds, paid",
    [
        ("ensartede", {"B": {"taroks": 12, "pagat": True}, "C": {"taroks": 10, "pagat": False}}, 2),  # 22 taroks in all
        ("ensartede", {"B": {"kings": "full"}, "C": {"suits": {"hearts": {"level": "half", "missing": "king"}}}}, 2),
        ("ensartede", {"B": {"kings": "overfull", "matadors": 3}, "A": {"taroks": 10, "pagat": False}}, 3),
        ("schwartz-1847", {"B": {"suits": {"hearts": "full", "spades": "full"}}, "C": {"suits": {"clubs": "full"}}}, 3),
        (
            "schwartz-1847",
            {"B": {"suits": {"hearts": "half"}}, "C": {"suits": {"clubs": "half"}}, "A": {"suits": {"spades": "half"}}},
            3,
        ),
    ],
)
def test_melds_that_fit_one_deck_are_accepted(ruleset, melds, paid):
    event = deal_event(replay(danish_deal(melds=melds), ruleset))
    assert sum(1 for i in event["items"] if i["rule"].startswith("meld.")) == paid


def test_schwartz_half_kings_with_someone_elses_half_suit_is_accepted():
    melds = {"B": {"kings": {"level": "half", "missing": "clubs"}}, "C": {"suits": {"clubs": "half"}}}
    event = deal_event(replay(danish_deal(melds=melds), "schwartz-1847"))
    assert item(event, "meld.kings") == {"B": 10, "A": -5, "C": -5}
    assert item(event, "meld.suit") == {"C": 10, "A": -5, "B": -5}


# --- §7 the Pagat and the Kings -----------------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, change, expected",
    [
        (
            "ensartede",
            {"melds": {"B": {"taroks": 10, "pagat": True}}, "pagat": {"holder": "C", "fate": "lost"}},
            [(1, "pagat.holder", "pagat_holder_conflict")],
        ),
        (
            "ensartede",
            {"melds": {"B": {"matadors": 4}}, "pagat": {"holder": "A", "fate": "saved"}},
            [(1, "pagat.holder", "pagat_holder_conflict")],
        ),
        (
            "ensartede",
            {"melds": {"B": {"taroks": 10, "pagat": False}}, "pagat": {"holder": "B", "fate": "saved"}},
            [(1, "pagat.holder", "pagat_holder_excluded")],
        ),
        ("ensartede", {"pagat": {"holder": "B", "fate": "skat"}}, [(1, "pagat.holder", "pagat_skat_not_dealer")]),
        ("vlk-2010", {"pagat": {"holder": "A", "fate": "skat"}}, [(1, "pagat.fate", "pagat_skat_forbidden")]),
        (
            "ensartede",
            {"melds": {"B": {"suits": {"hearts": "full"}}}, "kings": {"hearts": {"holder": "C", "fate": "lost"}}},
            [(1, "kings.hearts.holder", "king_holder_conflict")],
        ),
        (
            "ensartede",
            {"melds": {"B": {"kings": "full"}}, "kings": {"spades": {"holder": "A", "fate": "kept"}}},
            [(1, "kings.spades.holder", "king_holder_conflict")],
        ),
        (
            "ensartede",
            {
                "melds": {"B": {"suits": {"hearts": {"level": "half", "missing": "king"}}}},
                "kings": {"hearts": {"holder": "B", "fate": "lost"}},
            },
            [(1, "kings.hearts.holder", "king_holder_excluded")],
        ),
        (
            "ensartede",
            {
                "melds": {"B": {"kings": {"level": "half", "missing": "spades"}}},
                "kings": {"spades": {"holder": "B", "fate": "lost"}},
            },
            [(1, "kings.spades.holder", "king_holder_excluded")],
        ),
        (
            "ensartede",
            {
                "melds": {"B": {"kings": {"level": "half", "missing": "spades"}}},
                "kings": {"hearts": {"holder": "C", "fate": "lost"}},
            },
            [(1, "kings.hearts.holder", "king_holder_conflict")],
        ),
    ],
)
def test_card_holders_agree_with_the_melds(ruleset, change, expected):
    assert problems(danish_deal(**change), ruleset) == expected


def test_play_refuses_with_the_problems_of_a_deal_in_field_order():
    # Z is no member; each meld names a King that C holds.
    record = danish_deal(
        melds={"A": {"suits": {"spades": "full"}}, "B": {"suits": {"hearts": "full"}}},
        kings={
            "hearts": {"holder": "C", "fate": "lost"},
            "spades": {"holder": "C", "fate": "lost"},
            "clubs": {"holder": "Z", "fate": "kept"},
        },
    )
    family, table = rules.family_of("ensartede"), ("A", "B", "C")
    shape: list[rules.Problem] = []
    deal = family.parse_deal(record, 1, shape)
    assert deal is not None and shape == []
    with pytest.raises(rules.InvalidRecord) as refused:
        family.play(deal, table, family.state({"cup:pagat": 50, "cup:king": 50}), family.ruleset("ensartede"))
    assert [(p.field, p.code, dict(p.params).get("expected")) for p in refused.value.problems] == [
        ("kings.clubs.holder", "not_at_table", None),
        ("kings.hearts.holder", "king_holder_conflict", "B"),
        ("kings.spades.holder", "king_holder_conflict", "A"),
    ]


def test_matching_holders_are_accepted():
    record = danish_deal(
        melds={
            "B": {"taroks": 10, "pagat": False, "suits": {"hearts": {"level": "half", "missing": "king"}}},
            "C": {"kings": "full"},
        },
        pagat={"holder": "A", "fate": "saved"},
        kings={"hearts": {"holder": "C", "fate": "lost"}, "spades": {"holder": "C", "fate": "kept"}},
    )
    event = deal_event(replay(record, "ensartede"))
    assert item(event, "king_lost") == {"C": -15, "A": 5, "B": 5, K: 5}


# --- §7 the last trick ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "change, expected",
    [
        ({"last_trick": None}, [(1, "last_trick", "last_trick_required")]),
        ({"last_trick": "C", "nolo": "C"}, [(1, "last_trick", "last_trick_nolo")]),
        ({"last_trick": "B", "pagat": {"holder": "C", "fate": "ultimo"}}, [(1, "pagat.holder", "ultimo_not_winner")]),
        (
            {"last_trick": "B", "kings": {"clubs": {"holder": "A", "fate": "ultimo"}}},
            [(1, "kings.clubs.holder", "ultimo_not_winner")],
        ),
        (
            {"last_trick": "B", "kings": {"hearts": {"holder": "B", "fate": "bagud"}}},
            [(1, "kings.hearts.fate", "bagud_is_winner")],
        ),
        ({"last_trick": "B", "pagat": {"holder": "B", "fate": "bagud"}}, [(1, "pagat.fate", "bagud_is_winner")]),
        (
            {
                "last_trick": "B",
                "pagat": {"holder": "C", "fate": "bagud"},
                "kings": {"hearts": {"holder": "C", "fate": "bagud"}},
            },
            [(1, "last_trick", "two_cards_last_trick")],
        ),
        (
            {
                "last_trick": "B",
                "kings": {"hearts": {"holder": "B", "fate": "ultimo"}, "spades": {"holder": "B", "fate": "ultimo"}},
            },
            [(1, "last_trick", "two_cards_last_trick")],
        ),
        (
            {"last_trick": "A", "fines": [{"player": "A", "offence": "wrong_cards"}]},
            [(1, "last_trick", "last_trick_barred")],
        ),
    ],
)
def test_last_trick_rules(change, expected):
    assert problems(danish_deal(**change), "ensartede") == expected


def test_one_card_each_from_three_players_is_accepted():
    record = danish_deal(
        last_trick="B",
        pagat={"holder": "A", "fate": "bagud"},
        kings={"hearts": {"holder": "B", "fate": "ultimo"}, "spades": {"holder": "C", "fate": "bagud"}},
    )
    event = deal_event(replay(record, "ensartede", cups={"pagat": 100, "king": 80}))
    assert rules_of(event) == ["stake", "king_ultimo", "pagat_bagud", "king_bagud", "refund"]


# --- §7 nolo and tout ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, change, expected",
    [
        ("ensartede", {"last_trick": "B", "tout": "B", "nolo": "C"}, [(1, "tout", "nolo_with_tout")]),
        (
            "ensartede",
            {"last_trick": "A", "nolo": "C", "pagat": {"holder": "C", "fate": "saved"}},
            [(1, "pagat.fate", "nolo_took_trick")],
        ),
        (
            "ensartede",
            {"last_trick": "A", "nolo": "C", "kings": {"spades": {"holder": "C", "fate": "kept"}}},
            [(1, "kings.spades.fate", "nolo_took_trick")],
        ),
        ("vlk-2010", {"last_trick": "A", "tout": "B"}, [(1, "last_trick", "tout_not_winner")]),
        (
            "vlk-2010",
            {"last_trick": "B", "tout": "B", "pagat": {"holder": "C", "fate": "saved"}},
            [(1, "pagat.fate", "tout_other_took_trick")],
        ),
        (
            "vlk-2010",
            {"last_trick": "B", "tout": "B", "kings": {"clubs": {"holder": "A", "fate": "kept"}}},
            [(1, "kings.clubs.fate", "tout_other_took_trick")],
        ),
        (
            "schiellerup-1900",
            {"last_trick": "B", "tout": {"player": "B"}, "kings": {"clubs": {"holder": "A", "fate": "ultimo"}}},
            [(1, "kings.clubs.holder", "ultimo_not_winner"), (1, "kings.clubs.fate", "tout_other_took_trick")],
        ),
    ],
)
def test_nolo_and_tout_rules(ruleset, change, expected):
    assert sorted(problems(danish_deal(**change), ruleset)) == sorted(expected)


def test_nolo_player_may_lose_cards_and_go_bagud():
    record = danish_deal(
        last_trick="A",
        nolo="C",
        pagat={"holder": "C", "fate": "lost"},
        kings={"hearts": {"holder": "C", "fate": "bagud"}},
    )
    event = deal_event(replay(record, "ensartede", cups={"pagat": 100, "king": 80}))
    assert rules_of(event) == ["stake", "pagat_lost", "king_bagud", "nolo"]


def test_a_failed_tout_needs_no_last_trick_of_its_own():
    record = danish_deal(last_trick="A", tout={"player": "B", "won": False}, pagat={"holder": "C", "fate": "saved"})
    event = deal_event(replay(record, "schiellerup-1900", cups={"pagat": 100, "king": 80}))
    assert "tout_failed" in rules_of(event)


# --- §7 counts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, counts, expected",
    [
        ("ensartede", {"A": 40}, [(1, "counts", "count_players")]),
        ("ensartede", {}, [(1, "counts", "count_players")]),
        ("vlk-2010", {"A": 40, "B": 20}, [(1, "counts", "count_counters")]),
        ("vlk-2010", {"B": 40, "C": 20}, [(1, "counts", "count_counters")]),
        ("vlk-2010", {"A": 40, "C": 39}, [(1, "counts", "count_total")]),
        ("vlk-2010", {"A": 40, "B": 10, "C": 20}, [(1, "counts", "count_total")]),
        ("ensartede", {"A": 40, "B": 39}, [(1, "counts", "count_total")]),
        ("schwartz-1847", {"A": 40, "B": 20, "C": 19}, [(1, "counts", "count_total")]),
        ("schiellerup-1900", {"A": 40, "B": 20, "C": 17}, [(1, "counts", "count_total")]),
    ],
)
def test_count_rules(ruleset, counts, expected):
    assert problems(danish_deal(counts=counts), ruleset) == expected


def test_counts_in_a_void_count_are_ignored_but_still_name_active_players():
    event = deal_event(replay(danish_deal(last_trick="A", nolo="B", counts={"A": 70, "C": 70}), "vlk-2010"))
    assert items(event, "count") == []
    assert problems(danish_deal(table=T4, last_trick="A", nolo="B", counts={"A": 70, "C": 70}), "vlk-2010", T4) == [
        (1, "counts.C", "not_active")
    ]


# --- §7 fines, stopped, culprit -----------------------------------------------------------------


def test_fine_rules():
    record = danish_deal(
        fines=[
            {"player": "B", "offence": "wrong_skat"},
            {"player": "B", "offence": "revoke", "meld": {"kings": "full"}},
            {"player": "C", "offence": "wrong_meld", "meld": {"taroks": 10}},
            {"player": "C", "offence": "hesitation"},
        ]
    )
    assert problems(record, "ensartede") == [
        (1, "fines.0.player", "fine_player_not_dealer"),
        (1, "fines.1.meld", "fine_meld_not_allowed"),
        (1, "fines.2.meld.pagat", "meld_needs_pagat_flag"),
        (1, "fines.3.offence", "offence_not_in_preset"),
    ]


def test_cups_not_pushed_must_name_the_previous_dealer():
    deals = [danish_deal(), danish_deal(dealer="B", fines=[{"player": "C", "offence": "cups_not_pushed"}])]
    assert problems(deals, "ensartede") == [(2, "fines.0.player", "fine_not_previous_dealer")]
    deals = [danish_deal(fines=[{"player": "Z", "offence": "cups_not_pushed"}])]
    assert problems(deals, "ensartede") == [(1, "fines.0.player", "not_at_table")]


@pytest.mark.parametrize(
    "ruleset, change, expected",
    [
        ("vlk-2010", {"stopped": True}, [(1, "stopped", "stopped_needs_offence")]),
        (
            "ensartede",
            {"stopped": True, "fines": [{"player": "B", "offence": "revoke"}]},
            [(1, "stopped", "stopped_needs_offence")],
        ),
        (
            "vlk-2010",
            {"stopped": True, "fines": [{"player": "B", "offence": "misdeal"}]},
            [(1, "stopped", "stopped_needs_offence")],
        ),
        (
            "vlk-2010",
            {"melds": {"C": {"kings": "full"}}, "fines": [{"player": "A", "offence": "wrong_skat"}]},
            [(1, "stopped", "stopped_required")],
        ),
        (
            "vlk-2010",
            {"stopped": True, "last_trick": "B", "fines": [{"player": "B", "offence": "revoke"}]},
            [(1, "last_trick", "stopped_has_play")],
        ),
        (
            "vlk-2010",
            {"stopped": True, "nolo": "B", "fines": [{"player": "C", "offence": "revoke"}]},
            [(1, "nolo", "stopped_has_play")],
        ),
        (
            "vlk-2010",
            {"stopped": True, "tout": "B", "fines": [{"player": "C", "offence": "revoke"}]},
            [(1, "tout", "stopped_has_play")],
        ),
        (
            "vlk-2010",
            {
                "stopped": True,
                "pagat": {"holder": "B", "fate": "bagud"},
                "fines": [{"player": "C", "offence": "revoke"}],
            },
            [(1, "pagat.fate", "stopped_has_play")],
        ),
        (
            "vlk-2010",
            {
                "stopped": True,
                "kings": {"hearts": {"holder": "B", "fate": "ultimo"}},
                "fines": [{"player": "C", "offence": "wrong_cards"}],
            },
            [(1, "kings.hearts.fate", "stopped_has_play")],
        ),
    ],
)
def test_stopped_rules(ruleset, change, expected):
    assert problems(danish_deal(**change), ruleset) == expected


ULTIMO_B = {"last_trick": "B", "pagat": {"holder": "B", "fate": "ultimo"}}


@pytest.mark.parametrize(
    "ruleset, change, expected",
    [
        (
            "vlk-2010",
            {"fines": [{"player": "C", "offence": "missing_meld"}], "culprit": {"player": "C", "caused": "ultimo"}},
            [(1, "culprit", "culprit_not_in_preset")],
        ),
        (
            "schwartz-1847",
            {"fines": [{"player": "C", "offence": "revoke"}], "culprit": {"player": "C", "caused": "ultimo"}},
            [(1, "culprit", "culprit_not_in_preset")],
        ),
        (
            "ensartede",
            {**ULTIMO_B, "culprit": {"player": "C", "caused": "ultimo"}},
            [(1, "culprit.player", "culprit_without_offence")],
        ),
        (
            "ensartede",
            {
                **ULTIMO_B,
                "fines": [{"player": "C", "offence": "misdeal"}],
                "culprit": {"player": "C", "caused": "ultimo"},
            },
            [(1, "culprit.player", "culprit_without_offence")],
        ),
        (
            "schiellerup-1900",
            {
                **ULTIMO_B,
                "fines": [{"player": "C", "offence": "missing_meld"}],
                "culprit": {"player": "C", "caused": "ultimo"},
            },
            [(1, "culprit.player", "culprit_without_offence")],
        ),
        (
            "schiellerup-1900",
            {
                **ULTIMO_B,
                "fines": [{"player": "C", "offence": "wrong_cards"}],
                "culprit": {"player": "C", "caused": "ultimo"},
            },
            [],
        ),
        (
            "ensartede",
            {
                "last_trick": "B",
                "fines": [{"player": "C", "offence": "revoke"}],
                "culprit": {"player": "C", "caused": "ultimo"},
            },
            [(1, "culprit.caused", "culprit_nothing_caused")],
        ),
        (
            "ensartede",
            {
                "last_trick": "B",
                "nolo": "A",
                "pagat": {"holder": "B", "fate": "ultimo"},
                "fines": [{"player": "C", "offence": "revoke"}],
                "culprit": {"player": "C", "caused": "ultimo"},
            },
            [(1, "culprit.caused", "culprit_nothing_caused")],
        ),
        (
            "ensartede",
            {
                "last_trick": "B",
                "fines": [{"player": "C", "offence": "revoke"}],
                "culprit": {"player": "C", "caused": "bagud"},
            },
            [(1, "culprit.caused", "culprit_nothing_caused")],
        ),
        (
            "ensartede",
            {
                "last_trick": "B",
                "pagat": {"holder": "A", "fate": "bagud"},
                "kings": {"hearts": {"holder": "C", "fate": "bagud"}},
                "fines": [{"player": "C", "offence": "revoke"}],
                "culprit": {"player": "C", "caused": "bagud"},
            },
            [(1, "culprit.caused", "culprit_nothing_caused")],
        ),
        (
            "ensartede",
            {
                "last_trick": "B",
                "kings": {"hearts": {"holder": "C", "fate": "bagud"}},
                "fines": [{"player": "C", "offence": "revoke"}],
                "culprit": {"player": "C", "caused": "bagud"},
            },
            [(1, "culprit.player", "culprit_is_beneficiary")],
        ),
        (
            "ensartede",
            {
                "table": T4,
                "fines": [{"player": "A", "offence": "revoke"}],
                "culprit": {"player": "C", "caused": "ultimo"},
            },
            [(1, "culprit.player", "not_active")],
        ),
    ],
)
def test_culprit_rules(ruleset, change, expected):
    table = change.get("table", ["A", "B", "C"])
    if expected:
        assert problems(danish_deal(**change), ruleset, table) == expected
    else:
        assert "culprit_ultimo" in rules_of(deal_event(replay(danish_deal(**change), ruleset, table)))


def test_ensartede_meld_fines_can_cause_an_ultimo():
    record = danish_deal(
        last_trick="B",
        pagat={"holder": "B", "fate": "ultimo"},
        fines=[{"player": "A", "offence": "missing_meld"}],
        culprit={"player": "A", "caused": "ultimo"},
    )
    event = deal_event(replay(record, "ensartede", cups={"pagat": 100, "king": 80}))
    x = 100 + 5 + 5
    assert item(event, "pagat_ultimo") == {"B": x + 90, P: -x, "A": -90}
    assert item(event, "culprit_ultimo") == {"A": -x, P: x}


# --- every problem at once, nothing settled ---------------------------------------------------


def test_every_problem_of_every_deal_is_reported_and_nothing_is_settled():
    deals = [
        danish_deal(counts={"A": 39, "C": 19}),
        danish_deal(
            dealer="B", players=["B", "A", "C"], melds={"A": {"taroks": 10}}
        ),  # two problems, first one stops the deal's checks
        danish_deal(dealer="C", last_trick="C"),
        danish_deal(dealer="A", last_trick="B", nolo="B", counts={"A": "many"}),
        danish_deal(dealer="B", last_trick="B", tout="C", melds={"A": {"taroks": 30, "pagat": True}}),
    ]
    record = sitting_record("vlk-2010", deals, ["A", "B", "C"], overrides={"nolo": 30})
    with pytest.raises(rules.InvalidRecord) as caught:
        rules.replay(record)
    found = [(p.deal, p.field, p.code) for p in caught.value.problems]
    assert found == [
        (2, "players", "players_seat_order"),
        (4, "counts.A", "wrong_type"),
        (5, "melds.A.taroks", "out_of_range"),
    ]
    assert caught.value.as_dict()["errors"][0] == {
        "deal": 2,
        "field": "players",
        "code": "players_seat_order",
        "message": "The players must follow the seat order from the dealer: expected B, C, A.",
        "message_da": "Spillerne skal følge bordets rækkefølge fra giveren: forventet B, C, A.",
    }


def test_one_deal_reports_every_problem_it_has():
    record = danish_deal(
        last_trick="C",
        nolo="C",
        melds={"B": {"taroks": 10}},
        pagat={"holder": "B", "fate": "ultimo"},
        counts={"A": 40},
        fines=[{"player": "A", "offence": "lead_out_of_turn"}],
    )
    assert problems(record, "vlk-2010") == [
        (1, "counts", "count_players"),
        (1, "fines.0.offence", "offence_not_in_preset"),
        (1, "last_trick", "last_trick_nolo"),
        (1, "melds.B.pagat", "meld_needs_pagat_flag"),
        (1, "pagat.holder", "ultimo_not_winner"),
    ]


def test_play_refuses_a_bad_deal_without_settling():
    ruleset = rules.danish.ruleset("vlk-2010")
    problems_found: list = []
    bad = rules.danish.parse_deal(danish_deal(last_trick="B", nolo="B"), 1, problems_found)
    assert problems_found == []
    state = rules.danish.TableState(rules.danish.Cups(100, 80))
    with pytest.raises(rules.InvalidRecord) as caught:
        rules.danish.play(bad, ("A", "B", "C"), state, ruleset)
    assert [(p.deal, p.field, p.code) for p in caught.value.problems] == [(1, "last_trick", "last_trick_nolo")]
    assert state == rules.danish.TableState(rules.danish.Cups(100, 80))


def test_play_settles_a_good_deal_and_carries_the_state():
    ruleset = rules.danish.ruleset("ensartede")
    found: list = []
    first = rules.danish.parse_deal(danish_deal(last_trick="B", pagat={"holder": "B", "fate": "ultimo"}), 1, found)
    events, state = rules.danish.play(first, ("A", "B", "C"), rules.danish.TableState(), ruleset)
    assert [e.kind for e in events] == ["funding", "deal"]
    assert state == rules.danish.TableState(rules.danish.Cups(60, 65), "A")
    assert events[1].net(("A", "B", "C")) == {"A": -10 - 45 - 20, "B": 65 + 90 - 20, "C": -45 - 20}


def test_ruleset_raises_on_a_bad_preset_or_override():
    with pytest.raises(rules.InvalidRecord):
        rules.danish.ruleset("whist")
    with pytest.raises(rules.InvalidRecord):
        rules.danish.ruleset("vlk-2010", {"nolo": "lots"})
    assert rules.danish.ruleset("vlk-2010", {"nolo": 30}).nolo == 30
    assert rules.danish.PRESETS["vlk-2010"].nolo == 25  # the preset itself is untouched


def test_a_bad_override_does_not_hide_the_deals_problems():
    """Every problem in one answer: the deals are still checked against the preset itself."""
    broken = danish_deal(dealer="A", players=["A", "C", "B"])
    assert problems(broken, overrides={"pace": 1}) == [
        (None, "overrides.pace", "unknown_override"),
        (1, "players", "players_seat_order"),
    ]


def test_member_names_may_not_look_like_cup_accounts():
    assert problems(danish_deal(), table=["A", "B", "cup:pagat"]) == [(None, "table.2", "reserved_name")]


T5 = ["A", "B", "C", "D", "E"]


def test_five_at_the_table_any_three_in_seat_order_from_the_dealer_play():
    """Brief §1: "The three must appear in the table's seat order, cyclically, starting at the
    dealer (with 4 at the table the member opposite the dealer sits out; with 5, two sit out)."
    Only the table of four fixes who sits out. 001 L53-L55: with five, one member goes out for
    five deals and the other four play as a table of four — E out, A deals: B is forehand, C
    (opposite A among A-D) sits out, D is middlehand: players A, B, D. It settles like any deal:
    funding 20 from each of 5 = 100 per cup; A's stake 5 into each cup (A -10); A wins a plain
    last trick, 20 from B and D (001 L300): A +40 - 10 - 20 = +10, B and D -20 - 20 = -40,
    C and E only the funding, -40."""
    for players in (["A", "B", "D"], ["A", "C", "E"], ["A", "B", "C"]):
        result = replay(danish_deal(table=T5, players=players), "vlk-2010", T5)
        balances = result["balances"]
        assert balances[players[0]] == -40 - 10 + 40
        assert [balances[p] for p in players[1:]] == [-40 - 20, -40 - 20]
        assert sorted(balances[p] for p in T5 if p not in players) == [-40, -40]
        assert (balances["cup:pagat"], balances["cup:king"]) == (105, 105)


def test_a_culprit_cause_of_null_in_the_list_is_named():
    """`choice` reads None as left out; in `caused`'s list it is a wrong cause, never no culprit."""
    deal = {
        "dealer": "Bent",
        "players": ["Bent", "Carl", "Anna"],
        "fines": [{"player": "Anna", "offence": "revoke"}],
        "stopped": True,
        "culprit": {"player": "Anna", "caused": ["ultimo", None]},
    }
    assert (1, "culprit.caused.1", "unknown_value") in problems([deal], "ensartede", ["Anna", "Bent", "Carl"])
