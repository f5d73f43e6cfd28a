"""What a Danish record may say: meld combinations that cannot be (one Scus, one Pagat, a King in
one hand), the bounds of names, cups and amounts, unknown keys, and presets without cups.

The default table is A (dealer), B (forehand), C (middlehand).
"""

import json

import pytest

import rules
from tarok_testkit import item, problems, raw_problems, replay
from world.records import danish_deal, deal_event, rules_of

# --- impossible meld combinations ---------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, melds, expected",
    [
        # The first implementation's open point: half kings missing clubs and a full hearts suit
        # elsewhere both claim the King of hearts.
        (
            "ensartede",
            {"B": {"kings": {"level": "half", "missing": "clubs"}}, "C": {"suits": {"hearts": "full"}}},
            [(1, "melds.C.suits.hearts", "meld_kings_conflict")],
        ),
        ("ensartede", {"B": {"kings": {"level": "half", "missing": "clubs"}}, "C": {"suits": {"clubs": "full"}}}, []),
        # A bare half kings claims three Kings no one else claims.
        ("ensartede", {"B": {"kings": "half"}, "C": {"suits": {"hearts": "full"}}}, []),
        (
            "ensartede",
            {"B": {"kings": "half"}, "C": {"suits": {"hearts": "full"}}, "A": {"suits": {"spades": "full"}}},
            [(1, "melds.B.kings", "meld_kings_no_room")],
        ),
        (
            "ensartede",
            {"B": {"kings": "half"}, "C": {"suits": {"hearts": "full", "spades": "full"}}},
            [(1, "melds.B.kings", "meld_kings_no_room")],
        ),
        (
            "schwartz-1847",
            {
                "B": {"kings": "half"},
                "C": {"suits": {"hearts": "half"}},
                "A": {"suits": {"spades": {"level": "half", "missing": "queen"}}},
            },
            [(1, "melds.B.kings", "meld_kings_no_room")],
        ),
        (
            "schwartz-1847",
            {
                "B": {"kings": "half"},
                "C": {"suits": {"hearts": "half"}},
                "A": {"suits": {"spades": {"level": "half", "missing": "king"}}},
            },
            [],
        ),
        # Next to full kings a bare half is King-less by necessity; a half naming another gap is not.
        ("ensartede", {"B": {"kings": "full"}, "C": {"suits": {"hearts": "half"}}}, []),
        ("schwartz-1847", {"B": {"kings": "full"}, "C": {"suits": {"hearts": "half", "clubs": "half"}}}, []),
        (
            "schwartz-1847",
            {"B": {"kings": "full"}, "C": {"suits": {"hearts": {"level": "half", "missing": "queen"}}}},
            [(1, "melds.C.suits.hearts", "meld_kings_conflict")],
        ),
        # A bare half next to half kings (not full) claims its King.
        (
            "schwartz-1847",
            {"B": {"kings": {"level": "half", "missing": "spades"}}, "C": {"suits": {"hearts": "half"}}},
            [(1, "melds.C.suits.hearts", "meld_kings_conflict")],
        ),
        (
            "schwartz-1847",
            {"B": {"kings": {"level": "half", "missing": "spades"}}, "C": {"suits": {"spades": "half"}}},
            [],
        ),
    ],
)
def test_a_king_belongs_to_one_player_across_all_melds(ruleset, melds, expected):
    record = danish_deal(melds=melds)
    if expected:
        assert problems(record, ruleset) == expected
    else:
        replay(record, ruleset)


@pytest.mark.parametrize(
    "meld, expected",
    [
        ({"taroks": 10, "pagat": True, "matadors": 11}, [(1, "melds.B.matadors", "meld_matadors_over_taroks")]),
        ({"taroks": 12, "pagat": False, "matadors": 3}, [(1, "melds.B.pagat", "meld_matadors_without_pagat")]),
        (
            {"suits": {"hearts": {"level": "full", "missing": "queen"}}},
            [(1, "melds.B.suits.hearts.missing", "meld_missing_not_half")],
        ),
        ({"kings": {"level": "overfull", "missing": "clubs"}}, [(1, "melds.B.kings.missing", "meld_missing_not_half")]),
        ({"pagat": True, "matadors": 3}, [(1, "melds.B.pagat", "meld_pagat_without_taroks")]),
    ],
)
def test_impossible_melds_of_one_player(meld, expected):
    assert problems(danish_deal(melds={"B": meld}), "ensartede") == expected


def test_matadors_up_to_the_taroks_are_fine():
    """11 taroks with the Pagat and 11 matadors: 10 + 5 = 15 and 10 + 5 x 8 = 50 from each."""
    event = deal_event(replay(danish_deal(melds={"B": {"taroks": 11, "pagat": True, "matadors": 11}}), "ensartede"))
    assert item(event, "meld.taroks") == {"B": 30, "A": -15, "C": -15}
    assert item(event, "meld.matadors") == {"B": 100, "A": -50, "C": -50}


def test_the_dealer_who_laid_the_pagat_in_the_skat_cannot_meld_it():
    """000 L79: only a hand of three taroks or fewer lays taroks, so the dealer's taroks meld
    "med Pagat" with the Pagat in the skat is impossible. Matadors alone are not in §7's list
    (test_the_dealers_matadors_alone_stand_with_the_pagat_in_the_skat). "uden Pagat" is refused
    too: such a meld excludes the Pagat's holder, and the dealer holds the Pagat he laid away (§7)."""
    skat = {"holder": "A", "fate": "skat"}
    med = danish_deal(melds={"A": {"taroks": 10, "pagat": True}}, pagat=skat)
    assert problems(med, "ensartede") == [(1, "pagat.fate", "pagat_skat_melded")]
    uden = danish_deal(melds={"A": {"taroks": 10, "pagat": False}}, pagat=skat)
    assert problems(uden, "ensartede") == [(1, "pagat.holder", "pagat_holder_excluded")]


# --- bounds, unknown keys -----------------------------------------------------------------


@pytest.mark.parametrize(
    "table, expected",
    [
        (["A", "B", " \t"], [(None, "table.2", "empty_name")]),
        (["A", "B", "x" * 61], [(None, "table.2", "long_name")]),
        (["A", "B", "a\ud800"], [(None, "table.2", "bad_name")]),
        (
            [1, 2, 3],
            [(None, "table.0", "wrong_type"), (None, "table.1", "wrong_type"), (None, "table.2", "wrong_type")],
        ),
        (["A", "A", "C"], [(None, "table.1", "duplicate_member")]),
    ],
)
def test_member_names_are_bounded(table, expected):
    """Brief §7 (rev. 2): non-empty after trimming, valid Unicode, at most 60 characters. A table
    of numbers reports each number once, not also as duplicates of one another."""
    assert raw_problems({"ruleset": "vlk-2010", "table": table, "deals": [danish_deal()]}) == expected


def test_a_name_of_60_characters_is_fine():
    name = "Å" * 60
    record = {
        "ruleset": "vlk-2010",
        "table": [name, "B", "C"],
        "deals": [danish_deal(dealer=name, table=[name, "B", "C"])],
    }
    assert rules.replay(record)["balances"][name] == -20 - 20 - 10 + 40


def test_a_lone_surrogate_in_a_reference_is_a_bad_name():
    assert problems(danish_deal(last_trick="\udc00"), "vlk-2010") == [(1, "last_trick", "bad_name")]
    assert problems(danish_deal(counts={"\ud800": 3, "C": 3}), "vlk-2010")[0] == (1, "counts.\ud800", "bad_name")


@pytest.mark.parametrize(
    "cups_value, expected",
    [
        ({"pagat": 10**12, "king": 0}, []),
        ({"pagat": 10**12 + 1}, [(None, "cups.pagat", "out_of_range")]),
        ({"pagat": -1}, [(None, "cups.pagat", "out_of_range")]),
        ({"pagat": 5, "kings": 5}, [(None, "cups.kings", "unknown_key")]),
    ],
)
def test_cups_hold_pagat_and_king_up_to_a_million_million(cups_value, expected):
    record = {"ruleset": "vlk-2010", "table": ["A", "B", "C"], "cups": cups_value, "deals": [danish_deal()]}
    if expected:
        assert raw_problems(record) == expected
    else:
        assert rules.replay(record)["balances"]["cup:pagat"] == 10**12 + 5


@pytest.mark.parametrize("amount, ok", [(10**6, True), (10**6 + 1, False), (-1, False), (1.0, False)])
def test_override_amounts_are_whole_numbers_up_to_a_million(amount, ok):
    record = {"ruleset": "vlk-2010", "overrides": {"fines": {"revoke": amount}}, "table": ["A", "B", "C"], "deals": []}
    if ok:
        rules.replay(record)
    else:
        assert raw_problems(record) == [(None, "overrides.fines.revoke", "wrong_type")]


@pytest.mark.parametrize(
    "change, field",
    [
        ({"dealr": "A"}, "dealr"),
        ({"melds": {"B": {"taroks": 10, "pagat": True, "taroks_extra": 1}}}, "melds.B.taroks_extra"),
        ({"melds": {"B": {"suits": {"hearts": {"level": "half", "mising": "king"}}}}}, "melds.B.suits.hearts.mising"),
        ({"pagat": {"holder": "B", "fate": "saved", "when": "early"}}, "pagat.when"),
        ({"kings": {"hearts": {"holder": "B", "fate": "lost", "fates": "lost"}}}, "kings.hearts.fates"),
        ({"tout": {"player": "A", "won": True, "announced": True}}, "tout.announced"),
        ({"fines": [{"player": "B", "offence": "misdeal", "amount": 5}]}, "fines.0.amount"),
        (
            {"fines": [{"player": "B", "offence": "wrong_meld", "meld": {"kings": "full", "king": 1}}]},
            "fines.0.meld.king",
        ),
        ({"culprit": {"player": "B", "caused": "ultimo", "victum": "C"}}, "culprit.victum"),
    ],
)
def test_an_unknown_key_anywhere_in_a_deal_is_refused(change, field):
    """Brief §7 (rev. 2): a misspelt key must not silently mean "nothing happened"."""
    record = danish_deal(**change)
    found = [p for p in problems(record, "vlk-2010") if p[2] == "unknown_key"]
    assert found == [(1, field, "unknown_key")]


def test_an_unknown_key_in_the_sitting_is_refused_and_the_date_is_known():
    record = {"ruleset": "vlk-2010", "table": ["A", "B", "C"], "deals": [danish_deal()], "clsoe": "split"}
    assert raw_problems(record) == [(None, "clsoe", "unknown_key")]
    record = {"ruleset": "vlk-2010", "table": ["A", "B", "C"], "deals": [danish_deal()], "date": "2026-11-26"}
    rules.replay(record)
    record["date"] = "26/11/2026"
    assert raw_problems(record) == [(None, "date", "wrong_type")]


# --- last_trick override in schwartz-1847; no cup contents without cups --------------------


def test_a_last_trick_override_applies_in_schwartz():
    """Brief §9: an override of `last_trick` applies in every preset. No ultimo: B takes 10 from
    each. With B's King ultimo (10 from each, 004 L151) there is no plain last trick."""
    plain = deal_event(replay(danish_deal(last_trick="B"), "schwartz-1847", overrides={"last_trick": 10}))
    assert item(plain, "last_trick") == {"B": 20, "A": -10, "C": -10}
    ultimo = danish_deal(last_trick="B", kings={"hearts": {"holder": "B", "fate": "ultimo"}})
    event = deal_event(replay(ultimo, "schwartz-1847", overrides={"last_trick": 10}))
    assert rules_of(event) == ["king_ultimo"]
    assert item(event, "king_ultimo") == {"B": 20, "A": -10, "C": -10}


def test_a_preset_without_cups_prints_no_cup_contents():
    result = replay(
        [danish_deal(last_trick="B"), danish_deal(dealer="B", last_trick="C")], "schwartz-1847", close="split"
    )
    assert all("cups_after" not in event for event in result["events"])
    assert set(result["balances"]) == {"A", "B", "C"}
    assert "cup" not in json.dumps(result)


def test_the_dealers_matadors_alone_stand_with_the_pagat_in_the_skat():
    """Brief §7 (rev. 2) refuses exactly "the dealer melding taroks "med Pagat" while the Pagat's
    fate is `skat` (000 L79: only a player with three taroks or fewer may lay one in the skat)";
    matadors alone are no item of the list (three taroks may be Pagat, 21 and Scus), and "a matador
    meld fixes its holder" — the dealer, who is the Pagat's holder. Ensartede, A deals and melds
    matadors 3: 10 + 5·(3 − 3) = 10 from each (§3): A +20 − 10 stake − 40 funding = −30; the
    plain last trick to A is 10 from each (000 L141, no Pagat or King in it): A −30 + 20 = −10;
    B and C −40 − 10 − 10 = −60; each cup 60 + 5 = 65."""
    record = danish_deal(melds={"A": {"matadors": 3}}, pagat={"holder": "A", "fate": "skat"})
    balances = replay(record, "ensartede")["balances"]
    assert balances == {"A": -10, "B": -60, "C": -60, "cup:pagat": 65, "cup:king": 65}
