"""Revision 2 of the rules brief (danish-tarok.md, every "(rev. 2)" mark; sitting-format.md).

One test (or a small family) per change, citing the seed lines; numbers are computed by hand in
the docstrings. The default table is A (dealer), B (forehand), C (middlehand); `cups(100, 80)`
opens with Pagatkop 100 and Kongekop 80, so after A's stake of 5 X is 105 and 85.

The first implementation listed nine points the brief had not settled (closing note of issues
2-6, "Rules the brief did not settle"); revision 2 decides them, and each is reproduced here:
the ensartede tout (000 L709), the revoke fine before the ultimo's X (DT11, brief §2 step 4),
the ensartede meld error that causes an ultimo (000 L107), 003 L90's prevented ultimo, the
combined case (f) of 000 L201, the schwartz-1847 wrong skat (004 L185, kept), the vlk-2010 wrong
skat (001 L275), the two new fine keys, and impossible meld pairs (§7).
"""

import copy
import json

import pytest

import rules
from tarok_testkit import K, P, deal, deal_event, item, items, problems, raw_problems, refs, replay, rules_of


def cups(pagat=100, king=80):
    return {"cups": {"pagat": pagat, "king": king}}


def errors(record):
    try:
        rules.replay(copy.deepcopy(record))
    except rules.InvalidRecord as error:
        return [p.as_dict() for p in error.problems]
    raise AssertionError("the sitting was accepted")


# --- §4: the ensartede tout (000 L709, L697) -------------------------------------------------


def test_ensartede_tout_counts_with_the_skat_for_the_dealer():
    """000 L709: the tout takes both cups and 40 + 45 = 85 from each; 000 L697: the count as
    usual — here C (middlehand) took every trick with 76 points and A, the dealer, keeps the
    skat's 2: C +50, A -24, B -26.

    Cups 100/80; A's stake: 105/85. C takes 190 and 170. Refund: 20 from each of A, B, C per cup.
    A: -10 - 85 - 24 - 40 = -159; B: -85 - 26 - 40 = -151; C: 190 + 170 + 50 - 40 = 370.
    """
    record = deal(last_trick="C", tout="C", counts={"A": 2, "C": 76})
    event = deal_event(replay(record, "ensartede", **cups()))
    assert item(event, "tout") == {"C": 190 + 170, "A": -85, "B": -85, P: -105, K: -85}
    assert item(event, "count") == {"A": -24, "B": -26, "C": 50}
    assert event["net"] == {"A": -159, "B": -151, "C": 370}
    assert event["cups_after"] == {"pagat": 60, "king": 60}


def test_ensartede_tout_with_a_king_bagud_doubles_the_cup_it_took():
    """Brief §2 step 6: the tout takes X (85 in the Kongekop); B's King goes bagud in the last
    trick and pays X = 85 into it and 40 to each; then the refund of 60. The count as usual."""
    record = deal(last_trick="C", tout="C", kings={"clubs": {"holder": "B", "fate": "bagud"}}, counts={"A": 0, "C": 78})
    event = deal_event(replay(record, "ensartede", **cups()))
    assert item(event, "king_bagud") == {"B": -85 - 80, K: 85, "A": 40, "C": 40}
    assert item(event, "count") == {"A": -26, "B": -26, "C": 52}
    assert event["cups_after"] == {"pagat": 60, "king": 85 + 60}


def test_tout_counts_is_a_parameter():
    """Brief §8 (rev. 2): `tout_counts` is true in ensartede, false in vlk-2010 and
    schiellerup-1900; a club may turn it either way."""
    assert [rules.danish.PRESETS[p].tout_counts for p in ("ensartede", "vlk-2010", "schiellerup-1900")] == [
        True,
        False,
        False,
    ]
    record = deal(last_trick="C", tout="C", counts={"A": 2, "C": 76})
    off = deal_event(replay(record, "ensartede", overrides={"tout_counts": False}, **cups()))
    assert "count" not in rules_of(off)
    vlk = deal_event(
        replay(
            deal(last_trick="B", tout="B", counts={"A": 0, "C": 0}),
            "vlk-2010",
            overrides={"tout_counts": True},
            **cups(),
        )
    )
    # The rounded count: A 0 points pays 25 (001 L329), C 0 points pays 25, forehand B gets 50.
    assert item(vlk, "count") == {"A": -25, "C": -25, "B": 50}


# --- §6: the vlk-2010 wrong skat (001 L275) --------------------------------------------------


def test_vlk_wrong_skat_before_anyone_else_melded_is_put_right_not_fined():
    """001 L275: "er der afgivet en positiv melding på anden hånd, kan fejlen ikke rettes" —
    before that the skat is put right and nothing is recorded: refused."""
    fine = [{"player": "A", "offence": "wrong_skat"}]
    assert problems(deal(fines=fine, stopped=True), "vlk-2010") == [(1, "fines.0.offence", "wrong_skat_correctable")]
    own_meld = deal(fines=fine, stopped=True, melds={"A": {"taroks": 10, "pagat": True}})
    assert problems(own_meld, "vlk-2010") == [(1, "fines.0.offence", "wrong_skat_correctable")]
    nothing_to_meld = deal(fines=fine, stopped=True, melds={"B": {}})
    assert problems(nothing_to_meld, "vlk-2010") == [(1, "fines.0.offence", "wrong_skat_correctable")]


def test_vlk_wrong_skat_after_another_hands_meld_stops_the_deal_and_costs_40_into_each_cup():
    """001 L275-L277: "Spillet må standse, og der bødes i hver kop 40 points". B melded half
    kings (5 from each). A: -10 stake - 5 meld - 80 fine = -95; B +10; C -5."""
    record = deal(
        fines=[{"player": "A", "offence": "wrong_skat"}],
        stopped=True,
        melds={"B": {"kings": {"level": "half", "missing": "clubs"}}},
    )
    event = deal_event(replay(record, "vlk-2010", **cups()))
    assert item(event, "fine.wrong_skat") == {"A": -80, P: 40, K: 40}
    assert refs(event, "fine.wrong_skat") == ["001 L275–L277"]
    assert rules_of(event) == ["stake", "meld.kings", "fine.wrong_skat"]
    assert event["net"] == {"A": -95, "B": 10, "C": -5}


@pytest.mark.parametrize("ruleset", ["ensartede", "schiellerup-1900"])
def test_the_wrong_skat_needs_no_meld_in_other_presets(ruleset):
    """000 L79 and 003 L36 fine every wrong skat, 20 into each cup."""
    event = deal_event(replay(deal(fines=[{"player": "A", "offence": "wrong_skat"}]), ruleset, **cups()))
    assert item(event, "fine.wrong_skat") == {"A": -40, P: 20, K: 20}


def test_schwartz_wrong_skat_still_voids_every_count():
    """004 L185 bars only the dealer from counting; the brief keeps "nobody counts" in rev. 2
    (an exact count of three cannot settle with one left out). B's meld is paid, A's is not."""
    record = deal(
        fines=[{"player": "A", "offence": "wrong_skat"}],
        melds={"A": {"suits": {"hearts": "full"}}, "B": {"suits": {"spades": "full"}}},
        counts={"A": 40, "B": 20, "C": 18},
    )
    event = deal_event(replay(record, "schwartz-1847"))
    assert rules_of(event) == ["meld.suit"]
    assert item(event, "meld.suit") == {"B": 20, "A": -10, "C": -10}


# --- §2 step 4: fines before X (the first implementation's DT11 point) ------------------------


def test_the_revoke_fine_is_inside_the_x_the_ultimo_takes():
    """Extract DT11 puts the revoke fine after the ultimo; brief §2 (unchanged in rev. 2) pays
    fines at step 4, before the last trick at step 6. So X = 80 + 5 stake + 20 fine = 105."""
    record = deal(
        last_trick="B",
        kings={"diamonds": {"holder": "B", "fate": "ultimo"}},
        fines=[{"player": "C", "offence": "revoke"}],
        culprit={"player": "C", "caused": "ultimo"},
    )
    event = deal_event(replay(record, "ensartede", **cups()))
    assert item(event, "king_ultimo") == {"B": 105 + 80, K: -105, "C": -80}
    assert item(event, "culprit_ultimo") == {"C": -105, K: 105}


# --- §6: an ensartede meld error that causes an ultimo (000 L107) ----------------------------


def test_ensartede_missing_meld_that_causes_an_ultimo_is_settled_as_for_a_revoke():
    """000 L107: "Sker der ultimo på grund af, at man har undladt at melde eller meldt urigtigt,
    forholdes på samme måde som ved svigen kulør": B, fined 5 into each cup for a missing meld
    (L101), pays both premiums (2 x 40) to C and puts X back; A pays nothing; no refund.

    X = 80 + 5 stake + 5 fine = 90. A -10; B -10 - 80 - 90 = -180; C +90 + 80 = 170."""
    record = deal(
        last_trick="C",
        kings={"hearts": {"holder": "C", "fate": "ultimo"}},
        fines=[{"player": "B", "offence": "missing_meld"}],
        culprit={"player": "B", "caused": "ultimo"},
    )
    event = deal_event(replay(record, "ensartede", **cups()))
    assert item(event, "king_ultimo") == {"C": 90 + 80, K: -90, "B": -80}
    assert item(event, "culprit_ultimo") == {"B": -90, K: 90}
    assert items(event, "refund") == []
    assert event["net"] == {"A": -10, "B": -180, "C": 170}
    assert event["cups_after"] == {"pagat": 110, "king": 90}


def test_schiellerup_meld_error_makes_no_culprit_it_has_its_own_fine():
    """003 L50 fines a meld that causes an ultimo 20 into each cup (`meld_caused_ultimo`); the
    culprit rule of 003 L86/L90 knows only revoke and wrong cards."""
    record = deal(
        last_trick="C",
        kings={"hearts": {"holder": "C", "fate": "ultimo"}},
        fines=[{"player": "B", "offence": "missing_meld"}],
        culprit={"player": "B", "caused": "ultimo"},
    )
    assert problems(record, "schiellerup-1900") == [(1, "culprit.player", "culprit_without_offence")]


# --- §6: one error causes both an ultimo and a bagud (000 L201) -------------------------------


def combined(caused=("ultimo", "bagud")):
    """000 L201, case (f) of the extract: as in (e) B's wrong cards make A (forehand) go bagud
    with the King of spades, and C (dealer) ultimos with the King of hearts. Table C, A, B."""
    return deal(
        dealer="C",
        table=["A", "B", "C"],
        last_trick="C",
        kings={"hearts": {"holder": "C", "fate": "ultimo"}, "spades": {"holder": "A", "fate": "bagud"}},
        fines=[{"player": "B", "offence": "wrong_cards"}],
        culprit={"player": "B", "caused": list(caused)},
    )


def test_000_L201_one_culprit_pays_both_the_ultimo_and_the_bagud():
    """ "B må selvfølgelig betale begge dele". Kongekop X = 80 + 5 (C's stake) + 20 (B's fine) =
    105. The ultimo: C takes 105 and both premiums (80) from B, B puts 105 back. The bagud (L193-
    L199): B pays the doubling 105 and A's premium of 40 to C; A pays nothing. No refund: B
    replaced the cup, which ends at 105 + 105 = 210.

    A 0; B -40 - 80 - 105 - 145 = -370; C -10 + 185 + 40 = 215."""
    event = deal_event(replay(combined(), "ensartede", **cups()))
    assert item(event, "king_ultimo") == {"C": 105 + 80, K: -105, "B": -80}
    assert item(event, "culprit_ultimo") == {"B": -105, K: 105}
    assert item(event, "culprit_bagud") == {"B": -105 - 40, K: 105, "C": 40}
    assert items(event, "king_bagud") == [] and items(event, "refund") == []
    assert event["net"] == {"A": 0, "B": -370, "C": 215}
    assert event["cups_after"] == {"pagat": 125, "king": 210}


def test_the_two_causes_may_come_in_either_order_and_one_alone_is_the_word():
    both = deal_event(replay(combined(), "ensartede", **cups()))
    assert deal_event(replay(combined(("bagud", "ultimo")), "ensartede", **cups())) == both
    record = combined(("ultimo",))
    record["kings"]["spades"]["fate"] = "lost"
    as_list = deal_event(replay(record, "ensartede", **cups()))
    record["culprit"]["caused"] = "ultimo"
    assert deal_event(replay(record, "ensartede", **cups())) == as_list


@pytest.mark.parametrize(
    "caused, expected",
    [
        (["ultimo", "ultimo"], [(1, "culprit.caused", "unknown_value")]),
        ([], [(1, "culprit.caused", "unknown_value")]),
        (["ultimo", "prevented_ultimo"], [(1, "culprit.caused.1", "unknown_value")]),
        ({"ultimo": True}, [(1, "culprit.caused", "wrong_type")]),
    ],
)
def test_a_list_of_causes_holds_ultimo_and_bagud_once_each(caused, expected):
    record = combined()
    record["culprit"]["caused"] = caused
    assert problems(record, "ensartede", ["A", "B", "C"]) == expected


def test_schiellerup_refuses_the_bagud_half_of_both():
    """003 knows no caused bagud (brief §6), so neither does it know both."""
    assert problems(combined(), "schiellerup-1900", ["A", "B", "C"]) == [
        (1, "culprit.caused", "culprit_nothing_caused")
    ]


def test_both_needs_an_ultimo_and_exactly_one_bagud():
    record = combined()
    record["kings"]["hearts"]["fate"] = "kept"
    assert problems(record, "ensartede", ["A", "B", "C"]) == [(1, "culprit.caused", "culprit_nothing_caused")]


# --- §6: a prevented ultimo (000 L187-L189, 003 L90) ------------------------------------------


def prevented(**changes):
    """B's revoke made C's King of clubs ultimo fail; C lost the King (5 to each, 5 into the
    Kongekop) and A won a plain last trick."""
    record = deal(
        last_trick="A",
        kings={"clubs": {"holder": "C", "fate": "lost"}},
        fines=[{"player": "B", "offence": "revoke"}],
        culprit={"player": "B", "caused": "prevented_ultimo", "card": "clubs", "victim": "C"},
    )
    record.update(changes)
    return record


def test_ensartede_prevented_king_ultimo():
    """000 L187-L189: the ultimo is awarded as if it had happened. Kongekop X = 80 + 5 + 20 + 5
    (the lost King) = 110; C takes it and 2 x 40 from B, who puts 110 back; no refund. A's plain
    last trick (10 from each) stands: no Pagat or King was in it.

    A -10 + 5 + 20 = 15; B -40 + 5 - 80 - 110 - 10 = -235; C -15 + 190 - 10 = 165."""
    event = deal_event(replay(prevented(), "ensartede", **cups()))
    assert item(event, "king_ultimo") == {"C": 110 + 80, K: -110, "B": -80}
    assert item(event, "culprit_ultimo") == {"B": -110, K: 110}
    assert [i["card"] for i in event["items"] if i["rule"] in ("king_ultimo", "culprit_ultimo")] == [
        "king:clubs",
        "king:clubs",
    ]
    assert item(event, "last_trick") == {"A": 20, "B": -10, "C": -10}
    assert event["net"] == {"A": 15, "B": -235, "C": 165}
    assert event["cups_after"] == {"pagat": 125, "king": 110}


def test_schiellerup_prevented_king_ultimo_pays_the_cups_content_and_nothing_else():
    """003 L90: the culprit "erstatter indholdet af den pågældende kop" to the victim; no premiums
    (brief §6, decision); the cup stays. X = 110 as above.

    A 15; B -40 + 5 - 110 - 10 = -155; C -15 + 110 - 10 = 85."""
    event = deal_event(replay(prevented(), "schiellerup-1900", **cups()))
    assert item(event, "prevented_ultimo") == {"B": -110, "C": 110}
    assert rules_of(event) == ["stake", "fine.revoke", "king_lost", "prevented_ultimo", "last_trick"]
    assert event["net"] == {"A": 15, "B": -155, "C": 85}
    assert event["cups_after"] == {"pagat": 125, "king": 110}


def test_a_prevented_ultimo_with_a_bagud_in_the_last_trick_pays_no_last_trick():
    """ensartede pays the last trick only without a Pagat or King in it (000 L141): A's Pagat
    goes bagud to C's trick; X is the content before the step: Pagatkop 125, Kongekop 110."""
    record = prevented(last_trick="C", pagat={"holder": "A", "fate": "bagud"})
    event = deal_event(replay(record, "ensartede", **cups()))
    assert items(event, "last_trick") == []
    assert item(event, "pagat_bagud") == {"A": -125 - 90, P: 125, "B": 45, "C": 45}
    assert item(event, "king_ultimo") == {"C": 110 + 80, K: -110, "B": -80}


@pytest.mark.parametrize("ruleset", ["vlk-2010", "schwartz-1847"])
def test_presets_without_a_culprit_rule_refuse_a_prevented_ultimo(ruleset):
    record = prevented()
    record["fines"] = [{"player": "B", "offence": "misdeal"}]
    assert problems(record, ruleset, **({} if ruleset == "schwartz-1847" else cups())) == [
        (1, "culprit", "culprit_not_in_preset")
    ]


@pytest.mark.parametrize(
    "changes, expected",
    [
        # The deal has an ultimo: the one that happened comes first (000 L201).
        (
            {"last_trick": "A", "pagat": {"holder": "A", "fate": "ultimo"}},
            [(1, "culprit.caused", "culprit_nothing_prevented")],
        ),
        (
            {"last_trick": "C", "kings": {"clubs": {"holder": "C", "fate": "ultimo"}}},
            [(1, "culprit.caused", "culprit_nothing_prevented")],
        ),
        ({"nolo": "C", "last_trick": "A"}, [(1, "culprit.caused", "culprit_nothing_prevented")]),
        ({"tout": "A", "kings": {}}, [(1, "culprit.caused", "culprit_nothing_prevented")]),
        # The victim is barred (his own missing meld): no ultimo of his was there to prevent.
        (
            {"fines": [{"player": "B", "offence": "revoke"}, {"player": "C", "offence": "missing_meld_self"}]},
            [(1, "culprit.victim", "culprit_victim_barred")],
        ),
        (
            {"culprit": {"player": "B", "caused": "prevented_ultimo", "card": "clubs", "victim": "B"}},
            [
                (1, "culprit.card", "culprit_victim_not_holder"),
                (1, "culprit.victim", "culprit_is_beneficiary"),
                (1, "culprit.victim", "culprit_victim_barred"),
            ],
        ),
        (
            {"culprit": {"player": "B", "caused": "prevented_ultimo", "card": "clubs", "victim": "A"}},
            [(1, "culprit.card", "culprit_victim_not_holder")],
        ),
        (
            {"culprit": {"player": "B", "caused": "prevented_ultimo", "card": "clubs", "victim": "D"}},
            [(1, "culprit.victim", "not_at_table")],
        ),
        ({"culprit": {"player": "B", "caused": "prevented_ultimo", "victim": "C"}}, [(1, "culprit.card", "required")]),
        (
            {"culprit": {"player": "B", "caused": "prevented_ultimo", "card": "clubs"}},
            [(1, "culprit.victim", "required")],
        ),
        (
            {"culprit": {"player": "B", "caused": "prevented_ultimo", "card": "king", "victim": "C"}},
            [(1, "culprit.card", "unknown_value")],
        ),
        (
            {"culprit": {"player": "B", "caused": "ultimo", "card": "clubs"}},
            [(1, "culprit.card", "culprit_prevented_only")],
        ),
        (
            {"culprit": {"caused": "prevented_ultimo", "card": "clubs", "victim": "C"}},
            [(1, "culprit.player", "required")],
        ),
    ],
)
def test_prevented_ultimo_refusals(changes, expected):
    assert problems(prevented(**changes), "ensartede", **cups()) == expected


def test_schiellerup_prevented_ultimo_needs_a_revoke_or_wrong_cards():
    """003 L90: "ved fejle kort eller ved at svigte kuleur"."""
    record = prevented(fines=[{"player": "B", "offence": "wrong_meld"}])
    assert problems(record, "schiellerup-1900", **cups()) == [(1, "culprit.player", "culprit_without_offence")]
    assert deal_event(replay(record, "ensartede", **cups()))["net"]["C"] == -15 + (80 + 5 + 5 + 5) + 80 - 10


# --- §6: two more fine keys -------------------------------------------------------------------


def test_play_out_of_turn_costs_5_into_each_cup():
    """000 L157 "forsynder nogen sig derimod, ifalder han sædvanlig bøde"; 003 L88 "betaler han
    ligeledes den samme bøde" (5 into each cup). Not barred: B still ultimos."""
    record = deal(
        last_trick="B", pagat={"holder": "B", "fate": "ultimo"}, fines=[{"player": "B", "offence": "play_out_of_turn"}]
    )
    for ruleset, ref in (("ensartede", "000 L157"), ("schiellerup-1900", "003 L88")):
        event = deal_event(replay(record, ruleset, **cups()))
        assert item(event, "fine.play_out_of_turn") == {"B": -10, P: 5, K: 5}
        assert refs(event, "fine.play_out_of_turn") == [ref]
        assert item(event, "pagat_ultimo") == {"B": 110 + 90, P: -110, "A": -45, "C": -45}


def test_meld_out_of_time_bars_and_its_meld_rides_unpaid():
    """000 L85: a meld before the skat or after the lead "får intet for sin melding og kan ikke
    ultimere": no money, no meld payment, no ultimo (B wins the last trick with the Pagat and
    gets nothing: ensartede pays no plain last trick with the Pagat in it)."""
    fine = {"player": "B", "offence": "meld_out_of_time", "meld": {"taroks": 11, "pagat": True}}
    record = deal(last_trick="B", pagat={"holder": "B", "fate": "ultimo"}, fines=[fine])
    event = deal_event(replay(record, "ensartede", **cups()))
    assert rules_of(event) == ["stake"]


@pytest.mark.parametrize("ruleset", ["vlk-2010", "schiellerup-1900", "schwartz-1847"])
def test_meld_out_of_time_is_ensartede_only(ruleset):
    record = deal(fines=[{"player": "B", "offence": "meld_out_of_time"}])
    assert problems(record, ruleset) == [(1, "fines.0.offence", "offence_not_in_preset")]


def test_only_wrong_and_out_of_time_melds_ride_on_a_fine():
    ride = {"player": "B", "offence": "play_out_of_turn", "meld": {"taroks": 11, "pagat": True}}
    assert problems(deal(fines=[ride]), "ensartede") == [(1, "fines.0.meld", "fine_meld_not_allowed")]
    shape = {"player": "B", "offence": "meld_out_of_time", "meld": {"taroks": 11}}
    assert problems(deal(fines=[shape]), "ensartede") == [(1, "fines.0.meld.pagat", "meld_needs_pagat_flag")]


# --- §7: impossible meld combinations ---------------------------------------------------------


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
    record = deal(melds=melds)
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
    assert problems(deal(melds={"B": meld}), "ensartede") == expected


def test_matadors_up_to_the_taroks_are_fine():
    """11 taroks with the Pagat and 11 matadors: 10 + 5 = 15 and 10 + 5 x 8 = 50 from each."""
    event = deal_event(replay(deal(melds={"B": {"taroks": 11, "pagat": True, "matadors": 11}}), "ensartede"))
    assert item(event, "meld.taroks") == {"B": 30, "A": -15, "C": -15}
    assert item(event, "meld.matadors") == {"B": 100, "A": -50, "C": -50}


def test_the_dealer_who_laid_the_pagat_in_the_skat_cannot_meld_it():
    """000 L79: only a hand of three taroks or fewer lays taroks, so the dealer's taroks meld
    "med Pagat" with the Pagat in the skat is impossible. Matadors alone are not in §7's list
    (see test_review_dk). "uden Pagat" was refused already: such a meld excludes the Pagat's
    holder, and the dealer holds the Pagat he laid away (§7)."""
    skat = {"holder": "A", "fate": "skat"}
    med = deal(melds={"A": {"taroks": 10, "pagat": True}}, pagat=skat)
    assert problems(med, "ensartede") == [(1, "pagat.fate", "pagat_skat_melded")]
    uden = deal(melds={"A": {"taroks": 10, "pagat": False}}, pagat=skat)
    assert problems(uden, "ensartede") == [(1, "pagat.holder", "pagat_holder_excluded")]


# --- §7: bounds, unknown keys -----------------------------------------------------------------


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
    assert raw_problems({"ruleset": "vlk-2010", "table": table, "deals": [deal()]}) == expected


def test_a_name_of_60_characters_is_fine():
    name = "Å" * 60
    record = {"ruleset": "vlk-2010", "table": [name, "B", "C"], "deals": [deal(dealer=name, table=[name, "B", "C"])]}
    assert rules.replay(record)["balances"][name] == -20 - 20 - 10 + 40


def test_a_lone_surrogate_in_a_reference_is_a_bad_name():
    assert problems(deal(last_trick="\udc00"), "vlk-2010") == [(1, "last_trick", "bad_name")]
    assert problems(deal(counts={"\ud800": 3, "C": 3}), "vlk-2010")[0] == (1, "counts.\ud800", "bad_name")


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
    record = {"ruleset": "vlk-2010", "table": ["A", "B", "C"], "cups": cups_value, "deals": [deal()]}
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
    record = deal(**change)
    found = [p for p in problems(record, "vlk-2010") if p[2] == "unknown_key"]
    assert found == [(1, field, "unknown_key")]


def test_an_unknown_key_in_the_sitting_is_refused_and_the_date_is_known():
    record = {"ruleset": "vlk-2010", "table": ["A", "B", "C"], "deals": [deal()], "clsoe": "split"}
    assert raw_problems(record) == [(None, "clsoe", "unknown_key")]
    record = {"ruleset": "vlk-2010", "table": ["A", "B", "C"], "deals": [deal()], "date": "2026-11-26"}
    rules.replay(record)
    record["date"] = "26/11/2026"
    assert raw_problems(record) == [(None, "date", "wrong_type")]


# --- §9: last_trick override in schwartz-1847; no cup contents without cups --------------------


def test_a_last_trick_override_applies_in_schwartz():
    """Brief §9: an override of `last_trick` applies in every preset. No ultimo: B takes 10 from
    each. With B's King ultimo (10 from each, 004 L151) there is no plain last trick."""
    plain = deal_event(replay(deal(last_trick="B"), "schwartz-1847", overrides={"last_trick": 10}))
    assert item(plain, "last_trick") == {"B": 20, "A": -10, "C": -10}
    ultimo = deal(last_trick="B", kings={"hearts": {"holder": "B", "fate": "ultimo"}})
    event = deal_event(replay(ultimo, "schwartz-1847", overrides={"last_trick": 10}))
    assert rules_of(event) == ["king_ultimo"]
    assert item(event, "king_ultimo") == {"B": 20, "A": -10, "C": -10}


def test_a_preset_without_cups_prints_no_cup_contents():
    result = replay([deal(last_trick="B"), deal(dealer="B", last_trick="C")], "schwartz-1847", close="split")
    assert all("cups_after" not in event for event in result["events"])
    assert set(result["balances"]) == {"A", "B", "C"}
    assert "cup" not in json.dumps(result)


# --- messages: Danish field words ---------------------------------------------------------------


def test_required_fields_are_named_in_danish():
    """Issue 12: "The dealer skal udfyldes" and "fate skal udfyldes" — the Danish message names
    the field in Danish."""
    found = errors(
        {
            "ruleset": "vlk-2010",
            "table": ["A", "B", "C"],
            "deals": [{"players": ["A", "B", "C"], "pagat": {"holder": "B"}}],
        }
    )
    by_field = {e["field"]: e for e in found}
    assert by_field["dealer"]["message"] == "The dealer is required."
    assert by_field["dealer"]["message_da"] == "Giveren skal udfyldes."
    assert by_field["pagat.fate"]["message_da"] == "Udfaldet skal udfyldes."


def test_every_new_code_has_an_english_and_a_danish_message():
    from rules.danish import DANISH_MESSAGES
    from rules.problems import MESSAGES

    for code in (
        "unknown_key",
        "empty_name",
        "long_name",
        "bad_name",
        "too_deep",
        "not_utf8",
        "number_too_long",
        "wrong_skat_correctable",
        "meld_matadors_over_taroks",
        "meld_matadors_without_pagat",
        "meld_missing_not_half",
        "pagat_skat_melded",
        "meld_kings_no_room",
        "culprit_prevented_only",
        "culprit_nothing_prevented",
        "culprit_victim_barred",
        "culprit_victim_not_holder",
    ):
        english, danish = {**MESSAGES, **DANISH_MESSAGES}[code]
        assert english and danish and english != danish, code


def test_a_danish_message_names_the_suit_in_danish():
    found = errors(
        {
            "ruleset": "ensartede",
            "table": ["A", "B", "C"],
            "deals": [deal(melds={"B": {"kings": "full"}, "C": {"suits": {"clubs": "full"}}})],
        }
    )
    assert found[0]["message"] == "B's melds hold the King of clubs, so this meld cannot hold it too."
    assert found[0]["message_da"] == "Bs meldinger har klør konge, så denne melding kan ikke også have den."
