"""Every row of the rules brief's §3 (melds), §4 (presets) and §6 (fines) tables, per preset.

Each test builds a small deal, replays it and checks the exact postings of the line items. The
default table is A (dealer), B (forehand), C (middlehand); cups start at Pagatkop 100 and
Kongekop 80 where the preset has cups, so after A's stake X is 105 and 85.
"""

import pytest

from tarok_testkit import CUP_PRESETS, PRESETS, TABLE3, K, P, cups, item, items, only, problems, refs, replay
from world.records import danish_deal, deal_event, rules_of

PRESET_FIGURES = {
    # preset: pagat ultimo/bagud premium, king ultimo/bagud premium, plain last trick, nolo
    "vlk-2010": {"pagat": 40, "king": 40, "last_trick": 20, "nolo": 25},
    "ensartede": {"pagat": 45, "king": 40, "last_trick": 10, "nolo": 26},
    "schiellerup-1900": {"pagat": 45, "king": 40, "last_trick": 10, "nolo": 26},
    "schwartz-1847": {"pagat": 15, "king": 10, "last_trick": 0, "nolo": 52},
}


def settle(ruleset, *deals, **extra):
    """The first deal event of a sitting opening with Pagatkop 100 and Kongekop 80."""
    result = replay(list(deals), ruleset, **{**cups(ruleset), **extra})
    return deal_event(result)


def from_each(receiver, amount, payers=None):
    payers = payers or [p for p in TABLE3 if p != receiver]
    return {receiver: amount * len(payers), **{p: -amount for p in payers}}


# --- §3 melds ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", PRESETS)
@pytest.mark.parametrize("n", [10, 11, 12, 15, 19, 20, 22])
@pytest.mark.parametrize("with_pagat", [True, False])
def test_taroks_meld_pays_10_plus_5_per_tarok_over_10_from_each(ruleset, n, with_pagat):
    event = settle(ruleset, danish_deal(melds={"B": {"taroks": n, "pagat": with_pagat}}))
    value = 10 + 5 * (n - 10)
    assert item(event, "meld.taroks") == {"B": 2 * value, "A": -value, "C": -value}


@pytest.mark.parametrize("ruleset", PRESETS)
@pytest.mark.parametrize("n, value", [(3, 10), (4, 15), (5, 20), (9, 40), (22, 105)])
def test_matadors_meld_pays_10_plus_5_per_matador_over_3_from_each(ruleset, n, value):
    event = settle(ruleset, danish_deal(melds={"C": {"matadors": n}}))
    assert item(event, "meld.matadors") == {"C": 2 * value, "A": -value, "B": -value}


@pytest.mark.parametrize("ruleset", PRESETS)
@pytest.mark.parametrize("level, value", [("half", 5), ("full", 10), ("overfull", 15)])
def test_suit_meld_half_full_overfull(ruleset, level, value):
    record = danish_deal(
        melds={"B": {"suits": {"hearts": {"level": level, "missing": "knight"} if level == "half" else level}}}
    )
    if ruleset == "schwartz-1847" and level == "overfull":
        # Brief §3: schwartz-1847 knows no overfull melds (decision).
        assert problems(record, ruleset) == [(1, "melds.B.suits.hearts", "meld_level_not_in_preset")]
        return
    assert item(settle(ruleset, record), "meld.suit") == from_each("B", value)


@pytest.mark.parametrize("ruleset", PRESETS)
@pytest.mark.parametrize("level, value", [("half", 5), ("full", 10), ("overfull", 15)])
def test_kings_meld_half_full_overfull(ruleset, level, value):
    record = danish_deal(melds={"A": {"kings": {"level": level, "missing": "spades"} if level == "half" else level}})
    if ruleset == "schwartz-1847" and level == "overfull":
        assert problems(record, ruleset) == [(1, "melds.A.kings", "meld_level_not_in_preset")]
        return
    assert item(settle(ruleset, record), "meld.kings") == from_each("A", value)


@pytest.mark.parametrize("ruleset", PRESETS)
def test_one_scus_serves_several_melds_and_a_king_counts_in_suit_and_kings(ruleset):
    """Brief §3: one Scus may serve several melds of its holder; a King counts twice."""
    overfull = "full" if ruleset == "schwartz-1847" else "overfull"
    meld = {
        "taroks": 11,
        "pagat": True,
        "matadors": 3,
        "suits": {"hearts": {"level": "half", "missing": "knight"}},  # holds the ♥ King
        "kings": overfull,
    }
    event = settle(ruleset, danish_deal(melds={"B": meld}))
    kings = 10 if ruleset == "schwartz-1847" else 15
    assert item(event, "meld.taroks") == from_each("B", 15)
    assert item(event, "meld.matadors") == from_each("B", 10)
    assert item(event, "meld.suit") == from_each("B", 5)
    assert item(event, "meld.kings") == from_each("B", kings)
    assert only(event, "meld.taroks", "meld.matadors", "meld.suit", "meld.kings") == from_each("B", 30 + kings)


@pytest.mark.parametrize("ruleset", PRESETS)
def test_half_suits_need_the_scus_except_in_schwartz(ruleset):
    """Brief §3: schwartz-1847's half suit is any 3 court cards without the Scus (004 L107-L108)."""
    record = danish_deal(melds={"B": {"suits": {"hearts": "half"}}, "C": {"suits": {"spades": "half"}}})
    if ruleset == "schwartz-1847":
        event = settle(ruleset, record)
        assert items(event, "meld.suit") == [from_each("B", 5), from_each("C", 5)]
    else:
        assert problems(record, ruleset) == [(1, "melds.C", "meld_scus_twice")]


@pytest.mark.parametrize("ruleset", PRESETS)
def test_half_kings_need_the_scus_in_every_preset(ruleset):
    """Brief §3: half kings need the Scus, schwartz-1847 too (004 L111)."""
    record = danish_deal(melds={"B": {"kings": "half"}, "C": {"matadors": 3}})
    assert problems(record, ruleset) == [(1, "melds.C", "meld_scus_twice")]


# --- §4 cups, fund, stake -------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", CUP_PRESETS)
@pytest.mark.parametrize("table", [["A", "B", "C"], ["A", "B", "C", "D"], ["A", "B", "C", "D", "E"]])
def test_empty_cups_are_funded_20_by_every_member_and_the_dealer_stakes_5_in_each(ruleset, table):
    result = replay(danish_deal(table=table), ruleset, table)
    funding, settled = result["events"]
    assert funding["kind"] == "funding"
    members = {m: -20 for m in table}
    assert [i["postings"] for i in funding["items"]] == [
        {P: 20 * len(table), **members},
        {K: 20 * len(table), **members},
    ]
    assert funding["cups_after"] == {"pagat": 20 * len(table), "king": 20 * len(table)}
    assert item(settled, "stake") == {"A": -10, P: 5, K: 5}
    assert settled["cups_after"] == {"pagat": 20 * len(table) + 5, "king": 20 * len(table) + 5}


@pytest.mark.parametrize("ruleset", CUP_PRESETS)
def test_only_the_empty_cup_is_funded(ruleset):
    result = replay(danish_deal(), ruleset, cups={"pagat": 0, "king": 50})
    funding = result["events"][0]
    assert [i["postings"] for i in funding["items"]] == [{P: 60, "A": -20, "B": -20, "C": -20}]
    assert deal_event(result)["cups_after"] == {"pagat": 65, "king": 55}


def test_schwartz_has_no_cups_no_funding_and_no_stake():
    result = replay(danish_deal(), "schwartz-1847")
    assert [e["kind"] for e in result["events"]] == ["deal"]
    assert "stake" not in rules_of(result["events"][0])
    assert set(result["balances"]) == {"A", "B", "C"}


def test_schwartz_refuses_opening_cups():
    assert problems(danish_deal(), "schwartz-1847", cups={"pagat": 10, "king": 0}) == [
        (None, "cups", "no_cups_in_preset")
    ]


# --- §4 play: Pagat saved / lost, King lost ------------------------------------------------------


@pytest.mark.parametrize("ruleset", PRESETS)
def test_pagat_saved_earns_5_from_each(ruleset):
    event = settle(ruleset, danish_deal(pagat={"holder": "B", "fate": "saved"}))
    assert item(event, "pagat_saved") == {"B": 10, "A": -5, "C": -5}


@pytest.mark.parametrize("ruleset", PRESETS)
def test_pagat_lost_pays_5_to_each_and_5_to_the_pagatkop(ruleset):
    event = settle(ruleset, danish_deal(pagat={"holder": "B", "fate": "lost"}))
    if ruleset == "schwartz-1847":
        assert item(event, "pagat_lost") == {"B": -10, "A": 5, "C": 5}
    else:
        assert item(event, "pagat_lost") == {"B": -15, "A": 5, "C": 5, P: 5}


@pytest.mark.parametrize("ruleset", PRESETS)
def test_each_king_lost_pays_5_to_each_and_5_to_the_kongekop(ruleset):
    kings = {
        "hearts": {"holder": "C", "fate": "lost"},
        "clubs": {"holder": "C", "fate": "lost"},
        "spades": {"holder": "A", "fate": "kept"},
    }
    event = settle(ruleset, danish_deal(kings=kings))
    one = {"C": -10, "A": 5, "B": 5} if ruleset == "schwartz-1847" else {"C": -15, "A": 5, "B": 5, K: 5}
    assert items(event, "king_lost") == [one, one]


@pytest.mark.parametrize("ruleset", PRESETS)
def test_pagat_in_the_skat_pays_nothing_and_vlk_forbids_it(ruleset):
    record = danish_deal(pagat={"holder": "A", "fate": "skat"})
    if ruleset == "vlk-2010":
        assert problems(record, ruleset) == [(1, "pagat.fate", "pagat_skat_forbidden")]
        return
    event = settle(ruleset, record)
    assert not [r for r in rules_of(event) if r.startswith("pagat")]


# --- §4 the last trick ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", PRESETS)
def test_plain_last_trick(ruleset):
    event = settle(ruleset, danish_deal(last_trick="C"))
    amount = PRESET_FIGURES[ruleset]["last_trick"]
    if amount:
        assert item(event, "last_trick") == from_each("C", amount)
    else:
        assert items(event, "last_trick") == []


@pytest.mark.parametrize("ruleset", PRESETS)
def test_last_trick_when_only_a_bagud_is_in_it(ruleset):
    """vlk-2010 pays 20 whenever no ultimo is paid; ensartede and schiellerup only without cards."""
    event = settle(ruleset, danish_deal(last_trick="B", kings={"hearts": {"holder": "C", "fate": "bagud"}}))
    if ruleset == "vlk-2010":
        assert item(event, "last_trick") == from_each("B", 20)
    else:
        assert items(event, "last_trick") == []


# --- §4 ultimo and bagud ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", PRESETS)
def test_pagat_ultimo(ruleset):
    event = settle(ruleset, danish_deal(last_trick="B", pagat={"holder": "B", "fate": "ultimo"}))
    premium = PRESET_FIGURES[ruleset]["pagat"]
    if ruleset == "schwartz-1847":
        assert item(event, "pagat_ultimo") == from_each("B", 15)
        assert rules_of(event) == ["pagat_ultimo"]
        return
    assert item(event, "pagat_ultimo") == {"B": 105 + 2 * premium, P: -105, "A": -premium, "C": -premium}
    assert item(event, "refund") == {P: 60, "A": -20, "B": -20, "C": -20}
    assert items(event, "last_trick") == []
    assert event["cups_after"] == {"pagat": 60, "king": 85}
    if ruleset == "vlk-2010":
        # 001 L308: a Pagat that wins the last trick earns the saved fee.
        assert item(event, "pagat_saved") == {"B": 10, "A": -5, "C": -5}
        assert refs(event, "pagat_saved") == ["001 L308–L309"]
    else:
        assert items(event, "pagat_saved") == []


@pytest.mark.parametrize("ruleset", PRESETS)
def test_king_ultimo(ruleset):
    event = settle(ruleset, danish_deal(last_trick="C", kings={"hearts": {"holder": "C", "fate": "ultimo"}}))
    premium = PRESET_FIGURES[ruleset]["king"]
    if ruleset == "schwartz-1847":
        assert item(event, "king_ultimo") == from_each("C", 10)
        assert rules_of(event) == ["king_ultimo"]
        return
    assert item(event, "king_ultimo") == {"C": 85 + 2 * premium, K: -85, "A": -premium, "B": -premium}
    assert item(event, "refund") == {K: 60, "A": -20, "B": -20, "C": -20}
    # A King ultimo earns nothing extra, in vlk-2010 too; no plain last trick is paid.
    assert rules_of(event) == ["stake", "king_ultimo", "refund"]
    assert event["cups_after"] == {"pagat": 105, "king": 60}


@pytest.mark.parametrize("ruleset", PRESETS)
def test_pagat_bagud(ruleset):
    event = settle(ruleset, danish_deal(last_trick="B", pagat={"holder": "C", "fate": "bagud"}))
    premium = PRESET_FIGURES[ruleset]["pagat"]
    if ruleset == "schwartz-1847":
        assert item(event, "pagat_bagud") == {"C": -30, "A": 15, "B": 15}
        return
    assert item(event, "pagat_bagud") == {"C": -105 - 2 * premium, P: 105, "A": premium, "B": premium}
    assert items(event, "refund") == []
    if ruleset == "vlk-2010":
        # 001 L308: the Pagat going bagud pays the lost fee; no ultimo, so the last trick is paid.
        assert item(event, "pagat_lost") == {"C": -15, "A": 5, "B": 5, P: 5}
        assert item(event, "last_trick") == from_each("B", 20)
        assert event["cups_after"] == {"pagat": 215, "king": 85}
    else:
        assert items(event, "pagat_lost") == []
        assert event["cups_after"] == {"pagat": 210, "king": 85}


@pytest.mark.parametrize("ruleset", PRESETS)
def test_king_bagud(ruleset):
    event = settle(ruleset, danish_deal(last_trick="A", kings={"spades": {"holder": "B", "fate": "bagud"}}))
    premium = PRESET_FIGURES[ruleset]["king"]
    if ruleset == "schwartz-1847":
        assert item(event, "king_bagud") == {"B": -20, "A": 10, "C": 10}
        return
    assert item(event, "king_bagud") == {"B": -85 - 2 * premium, K: 85, "A": premium, "C": premium}
    if ruleset == "vlk-2010":
        # Brief §4 (decision): a King going bagud pays the lost fee too.
        assert item(event, "king_lost") == {"B": -15, "A": 5, "C": 5, K: 5}
        assert event["cups_after"] == {"pagat": 105, "king": 175}
    else:
        assert items(event, "king_lost") == []
        assert event["cups_after"] == {"pagat": 105, "king": 170}


@pytest.mark.parametrize("ruleset", CUP_PRESETS)
def test_king_ultimo_and_king_bagud_share_x_and_the_cup_is_refunded(ruleset):
    """Brief §2 step 6/9: the bagud pays the X the ultimo took; the refund still follows."""
    kings = {"hearts": {"holder": "B", "fate": "ultimo"}, "spades": {"holder": "C", "fate": "bagud"}}
    event = settle(ruleset, danish_deal(last_trick="B", kings=kings))
    assert item(event, "king_ultimo") == {"B": 85 + 80, K: -85, "A": -40, "C": -40}
    assert item(event, "king_bagud") == {"C": -85 - 80, K: 85, "A": 40, "B": 40}
    assert item(event, "refund") == {K: 60, "A": -20, "B": -20, "C": -20}
    fee = 5 if ruleset == "vlk-2010" else 0
    assert event["cups_after"] == {"pagat": 105, "king": 145 + fee}


@pytest.mark.parametrize("ruleset", CUP_PRESETS)
def test_two_bagud_in_one_cup_each_pay_the_same_x(ruleset):
    """Brief §2 step 6 (decision): two bagud in one cup each pay X, not a doubled X."""
    kings = {"hearts": {"holder": "B", "fate": "bagud"}, "spades": {"holder": "C", "fate": "bagud"}}
    event = settle(ruleset, danish_deal(last_trick="A", kings=kings))
    assert items(event, "king_bagud") == [
        {"B": -85 - 80, K: 85, "A": 40, "C": 40},
        {"C": -85 - 80, K: 85, "A": 40, "B": 40},
    ]


def test_vlk_pagat_winning_the_last_trick_earns_the_saved_fee_even_without_ultimo():
    """Brief §4: in vlk-2010 a Pagat that wins the last trick earns the saved fee: it took a trick."""
    record = danish_deal(
        last_trick="B", pagat={"holder": "B", "fate": "ultimo"}, fines=[{"player": "B", "offence": "missing_meld"}]
    )
    event = settle("vlk-2010", record)
    assert items(event, "pagat_ultimo") == []
    assert item(event, "pagat_saved") == from_each("B", 5)
    assert item(event, "last_trick") == from_each("B", 20)
    assert refs(event, "last_trick") == ["001 L241–L242"]


# --- §4 nolo ----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", PRESETS)
def test_nolo_pays_from_each_and_voids_the_count(ruleset):
    event = settle(ruleset, danish_deal(last_trick="A", nolo="C", counts={"A": 39, "C": 19}))
    amount = PRESET_FIGURES[ruleset]["nolo"]
    assert item(event, "nolo") == from_each("C", amount)
    assert items(event, "count") == []


@pytest.mark.parametrize("ruleset", PRESETS)
def test_nolo_voids_an_ultimo_which_settles_as_a_plain_last_trick(ruleset):
    """Brief §4: ensartede and schiellerup pay nothing with a Pagat in the last trick."""
    event = settle(ruleset, danish_deal(last_trick="B", nolo="C", pagat={"holder": "B", "fate": "ultimo"}))
    assert items(event, "pagat_ultimo") == []
    assert items(event, "refund") == []
    if ruleset == "vlk-2010":
        assert item(event, "last_trick") == from_each("B", 20)
        assert item(event, "pagat_saved") == from_each("B", 5)
    else:
        assert items(event, "last_trick") == []


@pytest.mark.parametrize("ruleset", PRESETS)
def test_nolo_players_own_bagud_still_applies(ruleset):
    event = settle(ruleset, danish_deal(last_trick="A", nolo="C", kings={"hearts": {"holder": "C", "fate": "bagud"}}))
    premium = PRESET_FIGURES[ruleset]["king"]
    expected = {"C": -2 * premium, "A": premium, "B": premium}
    if ruleset != "schwartz-1847":
        expected = {**expected, "C": -85 - 2 * premium, K: 85}
    assert item(event, "king_bagud") == expected
    assert item(event, "nolo") == from_each("C", PRESET_FIGURES[ruleset]["nolo"])


# --- §4 tout ----------------------------------------------------------------------------------


def test_vlk_tout_takes_both_cups_and_80_from_each_without_count_or_last_trick():
    event = settle("vlk-2010", danish_deal(last_trick="B", tout="B", counts={"A": 0, "C": 0}))
    assert item(event, "tout") == {"B": 105 + 85 + 160, "A": -80, "C": -80, P: -105, K: -85}
    assert items(event, "refund") == [{P: 60, "A": -20, "B": -20, "C": -20}, {K: 60, "A": -20, "B": -20, "C": -20}]
    assert rules_of(event) == ["stake", "tout", "refund", "refund"]
    assert event["cups_after"] == {"pagat": 60, "king": 60}


def test_vlk_tout_with_the_pagat_in_the_last_trick_is_no_ultimo_but_earns_the_saved_fee():
    event = settle("vlk-2010", danish_deal(last_trick="B", tout="B", pagat={"holder": "B", "fate": "ultimo"}))
    assert items(event, "pagat_ultimo") == []
    assert item(event, "pagat_saved") == from_each("B", 5)
    assert rules_of(event) == ["stake", "tout", "pagat_saved", "refund", "refund"]


def test_ensartede_tout_takes_both_cups_and_85_from_each_and_counts_as_usual():
    """Brief §4 (rev. 2), 000 L709: "får både Pagat og kongekoppen hjem, med den hertil hørende
    præmie 40 og 45 for ultimo af hver af de medspillende" — both cups and 40 + 45 = 85 from each;
    000 L697: the count as usual ("han vinder 26 af hver i tælling"); no ultimo, no last trick.

    Cups 100/80, A deals: stake makes 105/85. B takes 105 + 85 and 2 x 85 = 170: +360. Count
    exact: B 78 - 26 = +52, A and C -26 each. Both cups are refunded, 20 from each of three: 60.
    """
    record = danish_deal(
        last_trick="B", tout="B", pagat={"holder": "B", "fate": "ultimo"}, counts={"A": 0, "B": 78, "C": 0}
    )
    event = settle("ensartede", record)
    assert item(event, "tout") == {"B": 105 + 85 + 170, "A": -85, "C": -85, P: -105, K: -85}
    assert refs(event, "tout") == ["000 L709"]
    assert items(event, "pagat_ultimo") == [] and items(event, "last_trick") == []
    assert item(event, "count") == {"A": -26, "B": 52, "C": -26}
    assert rules_of(event) == ["stake", "tout", "count", "refund", "refund"]
    assert event["net"] == {"A": -10 - 85 - 26 - 40, "B": 360 + 52 - 40, "C": -85 - 26 - 40}
    assert event["cups_after"] == {"pagat": 60, "king": 60}


def test_schiellerup_tout_takes_both_cups_and_95_from_each():
    event = settle("schiellerup-1900", danish_deal(last_trick="A", tout="A", counts={"A": 78, "B": 0}))
    assert item(event, "tout") == {"A": 105 + 85 + 190, "B": -95, "C": -95, P: -105, K: -85}
    assert rules_of(event) == ["stake", "tout", "refund", "refund"]


def test_schiellerup_failed_tout_pays_95_to_each_and_each_cups_content_into_it():
    record = danish_deal(last_trick="C", tout={"player": "B", "won": False}, counts={"A": 30, "B": 20, "C": 28})
    event = settle("schiellerup-1900", record)
    assert item(event, "tout_failed") == {"B": -190 - 105 - 85, "A": 95, "C": 95, P: 105, K: 85}
    assert item(event, "last_trick") == from_each("C", 10)
    assert item(event, "count") == {"A": 4, "B": -6, "C": 2}
    assert event["cups_after"] == {"pagat": 210, "king": 170}


@pytest.mark.parametrize("ruleset", ["vlk-2010", "ensartede", "schwartz-1847"])
def test_only_schiellerup_knows_a_failed_tout(ruleset):
    record = danish_deal(last_trick="C", tout={"player": "B", "won": False})
    assert problems(record, ruleset) == [(1, "tout.won", "tout_failed_not_in_preset")]


def test_schwartz_tout_is_no_contract():
    event = settle("schwartz-1847", danish_deal(last_trick="B", tout="B", counts={"A": 0, "B": 78}))
    assert rules_of(event) == ["count"]
    assert item(event, "count") == {"A": -26, "B": 52, "C": -26}


# --- §4 count ---------------------------------------------------------------------------------


def test_vlk_rounded_count_dealer_and_middlehand_count_forehand_pays_the_rest():
    event = settle("vlk-2010", danish_deal(counts={"A": 39, "C": 19}))
    assert item(event, "count") == {"A": 15, "C": -5, "B": -10}


def test_vlk_rounded_count_with_three_counts_still_derives_forehand():
    event = settle("vlk-2010", danish_deal(counts={"A": 39, "B": 20, "C": 19}))
    assert item(event, "count") == {"A": 15, "C": -5, "B": -10}


@pytest.mark.parametrize("ruleset", ["ensartede", "schiellerup-1900", "schwartz-1847"])
def test_exact_count_pays_points_minus_26(ruleset):
    event = settle(ruleset, danish_deal(counts={"A": 40, "B": 20}))
    assert item(event, "count") == {"A": 14, "B": -6, "C": -8}


def test_ensartede_count_shortfall_goes_to_the_pagatkop():
    event = settle("ensartede", danish_deal(counts={"A": 30, "B": 26, "C": 20}))
    assert item(event, "count") == {"A": 4, "C": -6, P: 2}
    assert refs(event, "count") == ["000 L145"]


@pytest.mark.parametrize("ruleset", ["schiellerup-1900", "schwartz-1847", "vlk-2010"])
def test_other_presets_refuse_a_shortfall(ruleset):
    assert problems(danish_deal(counts={"A": 30, "B": 26, "C": 20}), ruleset) == [(1, "counts", "count_total")]


@pytest.mark.parametrize("ruleset", PRESETS)
def test_counts_above_78_are_refused(ruleset):
    counters = {"A": 40, "C": 39} if ruleset == "vlk-2010" else {"A": 32, "B": 27, "C": 21}
    assert problems(danish_deal(counts=counters), ruleset) == [(1, "counts", "count_total")]


# --- §2 the order inside a deal ---------------------------------------------------------------


def test_settlement_order_of_one_deal():
    """Brief §2: stake, melds, fines, play, last trick, nolo, count, miscount fine, refund."""
    record = danish_deal(
        last_trick="B",
        melds={"B": {"taroks": 10, "pagat": True}},
        pagat={"holder": "B", "fate": "ultimo"},
        kings={"hearts": {"holder": "C", "fate": "lost"}},
        counts={"A": 20, "B": 40},
        fines=[{"player": "A", "offence": "miscount"}, {"player": "C", "offence": "lead_out_of_turn"}],
    )
    event = settle("ensartede", record)
    assert rules_of(event) == [
        "stake",
        "meld.taroks",
        "fine.lead_out_of_turn",
        "king_lost",
        "pagat_ultimo",
        "count",
        "fine.miscount",
        "refund",
    ]
    # X is the cup at step 6: stake and the step-4 fine are in it, the miscount fine is not.
    assert item(event, "pagat_ultimo")[P] == -(100 + 5 + 5)
    assert event["cups_after"] == {"pagat": 60 + 5, "king": 80 + 5 + 5 + 5 + 5}


def test_cups_stay_with_the_table_on_carry_and_are_split_on_split():
    result = replay(danish_deal(last_trick="B"), "ensartede", cups={"pagat": 100, "king": 81}, close="carry")
    assert result["events"][-1] == {"kind": "close", "items": [], "cups_after": {"pagat": 105, "king": 86}}
    table = ["A", "B", "C", "D"]
    result = replay(
        danish_deal(table=table, last_trick="B"), "ensartede", table, cups={"pagat": 100, "king": 81}, close="split"
    )
    close = result["events"][-1]
    # 191 points for 4 members: 47 each and 3 left, one each in seat order from the first dealer.
    assert close["items"][0]["postings"] == {P: -105, K: -86, "A": 48, "B": 48, "C": 48, "D": 47}
    assert close["cups_after"] == {"pagat": 0, "king": 0}
    assert sum(result["balances"].values()) == 181


def test_split_leftovers_start_at_the_first_dealer():
    table = ["A", "B", "C", "D"]
    result = replay(
        danish_deal(dealer="C", table=table, last_trick="C"),
        "ensartede",
        table,
        cups={"pagat": 100, "king": 82},
        close="split",
    )
    close = result["events"][-1]["items"][0]["postings"]
    # 192 points: 48 each, none left; with 193 the one left goes to C, the first dealer.
    assert close == {P: -105, K: -87, "C": 48, "D": 48, "A": 48, "B": 48}
    result = replay(
        danish_deal(dealer="C", table=table, last_trick="C"),
        "ensartede",
        table,
        cups={"pagat": 101, "king": 82},
        close="split",
    )
    assert result["events"][-1]["items"][0]["postings"] == {P: -106, K: -87, "C": 49, "D": 48, "A": 48, "B": 48}


# --- §6 fines ---------------------------------------------------------------------------------

F, T = False, True
# offence: {preset: (amount into each cup / to each player, barred, stops)}; absent = not in the book
FINES = {
    "misdeal": {
        "vlk-2010": (5, F, F),
        "ensartede": (5, F, F),
        "schiellerup-1900": (5, F, F),
        "schwartz-1847": (5, F, F),
    },
    "cups_not_pushed": {"ensartede": (10, F, F), "schiellerup-1900": (5, F, F)},
    "wrong_skat": {
        "vlk-2010": (40, F, T),
        "ensartede": (20, T, F),
        "schiellerup-1900": (20, F, F),
        "schwartz-1847": None,
    },
    "wrong_cards": {"vlk-2010": (40, F, T), "ensartede": (20, T, F), "schiellerup-1900": (20, T, F)},
    "revoke": {
        "vlk-2010": (40, F, T),
        "ensartede": (20, T, F),
        "schiellerup-1900": (20, T, F),
        "schwartz-1847": (5, F, F),
    },
    "missing_meld": {"vlk-2010": (10, T, F), "ensartede": (5, T, F), "schiellerup-1900": (5, T, F)},
    "missing_meld_self": {"vlk-2010": (10, T, F), "ensartede": (0, T, F), "schiellerup-1900": (0, T, F)},
    "wrong_meld": {
        "vlk-2010": (10, T, F),
        "ensartede": (5, T, F),
        "schiellerup-1900": (5, T, F),
        "schwartz-1847": None,
    },
    "wrong_meld_self": {
        "vlk-2010": (10, T, F),
        "ensartede": (0, T, F),
        "schiellerup-1900": (0, T, F),
        "schwartz-1847": None,
    },
    "meld_caused_ultimo": {"schiellerup-1900": (20, F, F)},
    "lead_out_of_turn": {"ensartede": (5, F, F), "schiellerup-1900": (5, F, F)},
    "miscount": {"ensartede": (5, F, F)},
    "scus_called_in_vain": {"vlk-2010": (20, F, F), "ensartede": (20, F, F), "schiellerup-1900": (20, F, F)},
    # Rev. 2: 000 L157 / 003 L88 playing out of turn, the usual 5; 000 L85 a meld too early or late
    # earns nothing and bars the ultimo, no money fine.
    "play_out_of_turn": {"ensartede": (5, F, F), "schiellerup-1900": (5, F, F)},
    "meld_out_of_time": {"ensartede": (0, T, F)},
}
PLAIN_FINES = [(o, p, *v) for o, row in FINES.items() for p, v in row.items() if v is not None]
ABSENT_FINES = [(o, p) for o, row in FINES.items() for p in PRESETS if p not in row]


def fined_sitting(ruleset, offence, **deal2):
    """Two deals at A, B, C: A deals, then B deals (B, C, A) with `offence` on its natural culprit.

    wrong_skat falls on the dealer (B), cups_not_pushed on the previous dealer (A), the rest on C.
    """
    player = {"wrong_skat": "B", "cups_not_pushed": "A"}.get(offence, "C")
    fine = {"player": player, "offence": offence}
    if offence == "wrong_skat" and ruleset == "vlk-2010" and "melds" not in deal2:
        # 001 L275 (rev. 2): a wrong skat is fined only once another hand has melded.
        deal2["melds"] = {"C": {"suits": {"hearts": "full"}}}
    second = danish_deal(dealer="B", fines=[fine], **deal2)
    return player, [danish_deal(last_trick="B"), second]


def test_the_fines_table_covers_every_offence_of_every_preset():
    import rules

    for ruleset, preset in rules.danish.PRESETS.items():
        assert {o for o, row in FINES.items() if ruleset in row} == set(preset.fines), ruleset


@pytest.mark.parametrize("offence, ruleset, amount, barred, stops", PLAIN_FINES)
def test_fine_amount(offence, ruleset, amount, barred, stops):
    player, deals = fined_sitting(ruleset, offence, **({"stopped": True} if stops else {}))
    event = deal_event(replay(deals, ruleset, **cups(ruleset)), 2)
    fines = items(event, f"fine.{offence}")
    if amount == 0:
        assert fines == []
    elif ruleset == "schwartz-1847":
        others = [p for p in TABLE3 if p != player]
        assert fines == [{player: -2 * amount, **{p: amount for p in others}}]
    else:
        assert fines == [{player: -2 * amount, P: amount, K: amount}]


@pytest.mark.parametrize(
    "offence, ruleset, amount, barred, stops", [f for f in PLAIN_FINES if not f[4] and f[0] != "wrong_cards"]
)
def test_fine_bars_the_ultimo_or_not(offence, ruleset, amount, barred, stops):
    player, _ = fined_sitting(ruleset, offence)
    _, deals = fined_sitting(ruleset, offence, last_trick=player, pagat={"holder": player, "fate": "ultimo"})
    event = deal_event(replay(deals, ruleset, **cups(ruleset)), 2)
    if not barred:
        assert len(items(event, "pagat_ultimo")) == 1
        return
    assert items(event, "pagat_ultimo") == []
    assert items(event, "refund") == []
    if ruleset == "vlk-2010":
        # 001 L241-L242: "kun betaling som for sidste stik".
        assert only(event, "last_trick") == {player: 40, **{p: -20 for p in TABLE3 if p != player}}
    else:
        assert items(event, "last_trick") == []


@pytest.mark.parametrize("ruleset", ["ensartede", "schiellerup-1900"])
def test_wrong_cards_cannot_win_the_last_trick(ruleset):
    _, deals = fined_sitting(ruleset, "wrong_cards", last_trick="C")
    assert problems(deals, ruleset) == [(2, "last_trick", "last_trick_barred")]


@pytest.mark.parametrize("offence", ["wrong_skat", "wrong_cards", "revoke"])
def test_vlk_stopping_offences_settle_steps_1_to_5_only(offence):
    player, deals = fined_sitting(
        "vlk-2010",
        offence,
        stopped=True,
        melds={"C": {"matadors": 3}},
        pagat={"holder": "C", "fate": "saved"},
        kings={"hearts": {"holder": "A", "fate": "lost"}},
        counts={"B": 39, "A": 19},
    )
    event = deal_event(replay(deals, "vlk-2010", **cups("vlk-2010")), 2)
    assert rules_of(event) == ["stake", "meld.matadors", f"fine.{offence}", "pagat_saved", "king_lost"]
    assert item(event, f"fine.{offence}") == {player: -80, P: 40, K: 40}


@pytest.mark.parametrize("offence", ["wrong_skat", "wrong_cards", "revoke"])
def test_vlk_stopping_offence_requires_stopped(offence):
    _, deals = fined_sitting("vlk-2010", offence)
    assert problems(deals, "vlk-2010") == [(2, "stopped", "stopped_required")]


@pytest.mark.parametrize("offence, ruleset", ABSENT_FINES)
def test_offences_a_book_lacks_are_refused(offence, ruleset):
    _, deals = fined_sitting(ruleset, offence)
    assert problems(deals, ruleset) == [(2, "fines.0.offence", "offence_not_in_preset")]


def test_cups_not_pushed_falls_on_the_previous_dealer_even_sitting_out():
    table = ["A", "B", "C", "D"]
    first = danish_deal(table=table, last_trick="A")
    second = danish_deal(dealer="C", table=table, last_trick="C", fines=[{"player": "A", "offence": "cups_not_pushed"}])
    assert second["players"] == ["C", "D", "B"]
    event = deal_event(replay([first, second], "ensartede", table), 2)
    assert item(event, "fine.cups_not_pushed") == {"A": -20, P: 10, K: 10}
    assert event["net"]["A"] == -20


def test_miscount_fine_follows_the_count():
    _, deals = fined_sitting("ensartede", "miscount", counts={"A": 30, "B": 20})
    event = deal_event(replay(deals, "ensartede", **cups("ensartede")), 2)
    order = rules_of(event)
    assert order.index("fine.miscount") == order.index("count") + 1


def test_schwartz_wrong_skat_leaves_the_dealers_melds_unpaid_and_voids_the_count():
    """004 L185: "tør hverken melde eller tælle"."""
    _, deals = fined_sitting(
        "schwartz-1847",
        "wrong_skat",
        melds={"B": {"taroks": 10, "pagat": False}, "C": {"matadors": 3}},
        counts={"B": 40, "C": 20},
    )
    event = deal_event(replay(deals, "schwartz-1847"), 2)
    assert rules_of(event) == ["meld.matadors"]
    assert item(event, "meld.matadors") == {"C": 20, "A": -10, "B": -10}


@pytest.mark.parametrize("offence", ["wrong_meld", "wrong_meld_self"])
def test_schwartz_wrong_meld_pays_the_melds_value_to_each(offence):
    """004 L200: he received the meld and pays back double; the engine never paid it."""
    fine = {"player": "C", "offence": offence, "meld": {"taroks": 11, "pagat": True}}
    event = deal_event(replay(danish_deal(dealer="B", fines=[fine]), "schwartz-1847"))
    assert item(event, f"fine.{offence}") == {"C": -30, "A": 15, "B": 15}
    assert items(event, "meld.taroks") == []


def test_schwartz_wrong_meld_needs_the_meld():
    record = danish_deal(fines=[{"player": "C", "offence": "wrong_meld"}])
    assert problems(record, "schwartz-1847") == [(1, "fines.0.meld", "fine_meld_required")]
