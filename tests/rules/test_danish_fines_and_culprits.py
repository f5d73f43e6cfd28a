"""Fines and culprits in the Danish presets: the wrong skat (001 L275, 004 L185), fines paid before
the X an ultimo takes, a meld error that causes an ultimo (000 L107), one culprit of both an ultimo
and a bagud (000 L201), a prevented ultimo (000 L187-L189, 003 L90), playing or melding out of turn.

Numbers are computed by hand in the docstrings. The default table is A (dealer), B (forehand),
C (middlehand); `cups(100, 80)` opens with Pagatkop 100 and Kongekop 80, so after A's stake of 5 X
is 105 and 85.
"""

import pytest

from tarok_testkit import K, P, item, items, problems, refs, replay
from tarok_testkit import carried_cups as cups
from world.records import danish_deal, deal_event, rules_of

# --- the vlk-2010 wrong skat (001 L275) --------------------------------------------------


def test_vlk_wrong_skat_before_anyone_else_melded_is_put_right_not_fined():
    """001 L275: "er der afgivet en positiv melding på anden hånd, kan fejlen ikke rettes" —
    before that the skat is put right and nothing is recorded: refused."""
    fine = [{"player": "A", "offence": "wrong_skat"}]
    assert problems(danish_deal(fines=fine, stopped=True), "vlk-2010") == [
        (1, "fines.0.offence", "wrong_skat_correctable")
    ]
    own_meld = danish_deal(fines=fine, stopped=True, melds={"A": {"taroks": 10, "pagat": True}})
    assert problems(own_meld, "vlk-2010") == [(1, "fines.0.offence", "wrong_skat_correctable")]
    nothing_to_meld = danish_deal(fines=fine, stopped=True, melds={"B": {}})
    assert problems(nothing_to_meld, "vlk-2010") == [(1, "fines.0.offence", "wrong_skat_correctable")]


def test_vlk_wrong_skat_after_another_hands_meld_stops_the_deal_and_costs_40_into_each_cup():
    """001 L275-L277: "Spillet må standse, og der bødes i hver kop 40 points". B melded half
    kings (5 from each). A: -10 stake - 5 meld - 80 fine = -95; B +10; C -5."""
    record = danish_deal(
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
    event = deal_event(replay(danish_deal(fines=[{"player": "A", "offence": "wrong_skat"}]), ruleset, **cups()))
    assert item(event, "fine.wrong_skat") == {"A": -40, P: 20, K: 20}


def test_schwartz_wrong_skat_voids_every_count():
    """004 L185 bars only the dealer from counting; the brief keeps "nobody counts" in rev. 2
    (an exact count of three cannot settle with one left out). B's meld is paid, A's is not."""
    record = danish_deal(
        fines=[{"player": "A", "offence": "wrong_skat"}],
        melds={"A": {"suits": {"hearts": "full"}}, "B": {"suits": {"spades": "full"}}},
        counts={"A": 40, "B": 20, "C": 18},
    )
    event = deal_event(replay(record, "schwartz-1847"))
    assert rules_of(event) == ["meld.suit"]
    assert item(event, "meld.suit") == {"B": 20, "A": -10, "C": -10}


# --- fines before X (the first implementation's DT11 point) ------------------------


def test_the_revoke_fine_is_inside_the_x_the_ultimo_takes():
    """Extract DT11 puts the revoke fine after the ultimo; brief §2 (unchanged in rev. 2) pays
    fines at step 4, before the last trick at step 6. So X = 80 + 5 stake + 20 fine = 105."""
    record = danish_deal(
        last_trick="B",
        kings={"diamonds": {"holder": "B", "fate": "ultimo"}},
        fines=[{"player": "C", "offence": "revoke"}],
        culprit={"player": "C", "caused": "ultimo"},
    )
    event = deal_event(replay(record, "ensartede", **cups()))
    assert item(event, "king_ultimo") == {"B": 105 + 80, K: -105, "C": -80}
    assert item(event, "culprit_ultimo") == {"C": -105, K: 105}


# --- an ensartede meld error that causes an ultimo (000 L107) ----------------------------


def test_ensartede_missing_meld_that_causes_an_ultimo_is_settled_as_for_a_revoke():
    """000 L107: "Sker der ultimo på grund af, at man har undladt at melde eller meldt urigtigt,
    forholdes på samme måde som ved svigen kulør": B, fined 5 into each cup for a missing meld
    (L101), pays both premiums (2 x 40) to C and puts X back; A pays nothing; no refund.

    X = 80 + 5 stake + 5 fine = 90. A -10; B -10 - 80 - 90 = -180; C +90 + 80 = 170."""
    record = danish_deal(
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
    record = danish_deal(
        last_trick="C",
        kings={"hearts": {"holder": "C", "fate": "ultimo"}},
        fines=[{"player": "B", "offence": "missing_meld"}],
        culprit={"player": "B", "caused": "ultimo"},
    )
    assert problems(record, "schiellerup-1900") == [(1, "culprit.player", "culprit_without_offence")]


# --- one error causes both an ultimo and a bagud (000 L201) -------------------------------


def combined(caused=("ultimo", "bagud")):
    """000 L201, case (f) of the extract: as in (e) B's wrong cards make A (forehand) go bagud
    with the King of spades, and C (dealer) ultimos with the King of hearts. Table C, A, B."""
    return danish_deal(
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


# --- a prevented ultimo (000 L187-L189, 003 L90) ------------------------------------------


def prevented(**changes):
    """B's revoke made C's King of clubs ultimo fail; C lost the King (5 to each, 5 into the
    Kongekop) and A won a plain last trick."""
    record = danish_deal(
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


# --- two more fine keys -------------------------------------------------------------------


def test_play_out_of_turn_costs_5_into_each_cup():
    """000 L157 "forsynder nogen sig derimod, ifalder han sædvanlig bøde"; 003 L88 "betaler han
    ligeledes den samme bøde" (5 into each cup). Not barred: B still ultimos."""
    record = danish_deal(
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
    record = danish_deal(last_trick="B", pagat={"holder": "B", "fate": "ultimo"}, fines=[fine])
    event = deal_event(replay(record, "ensartede", **cups()))
    assert rules_of(event) == ["stake"]


@pytest.mark.parametrize("ruleset", ["vlk-2010", "schiellerup-1900", "schwartz-1847"])
def test_meld_out_of_time_is_ensartede_only(ruleset):
    record = danish_deal(fines=[{"player": "B", "offence": "meld_out_of_time"}])
    assert problems(record, ruleset) == [(1, "fines.0.offence", "offence_not_in_preset")]


def test_only_wrong_and_out_of_time_melds_ride_on_a_fine():
    ride = {"player": "B", "offence": "play_out_of_turn", "meld": {"taroks": 11, "pagat": True}}
    assert problems(danish_deal(fines=[ride]), "ensartede") == [(1, "fines.0.meld", "fine_meld_not_allowed")]
    shape = {"player": "B", "offence": "meld_out_of_time", "meld": {"taroks": 11}}
    assert problems(danish_deal(fines=[shape]), "ensartede") == [(1, "fines.0.meld.pagat", "meld_needs_pagat_flag")]
