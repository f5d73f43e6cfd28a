"""The tout in each Danish preset: what it takes and whether it counts (000 L697, L709; 001; 003),
computed by hand in each docstring at the table A (dealer), B (forehand), C (middlehand)."""

import rules
from tarok_testkit import K, P, item, replay
from tarok_testkit import carried_cups as cups
from world.records import danish_deal, deal_event, rules_of

# --- the ensartede tout (000 L709, L697) -------------------------------------------------


def test_ensartede_tout_counts_with_the_skat_for_the_dealer():
    """000 L709: the tout takes both cups and 40 + 45 = 85 from each; 000 L697: the count as
    usual — here C (middlehand) took every trick with 76 points and A, the dealer, keeps the
    skat's 2: C +50, A -24, B -26.

    Cups 100/80; A's stake: 105/85. C takes 190 and 170. Refund: 20 from each of A, B, C per cup.
    A: -10 - 85 - 24 - 40 = -159; B: -85 - 26 - 40 = -151; C: 190 + 170 + 50 - 40 = 370.
    """
    record = danish_deal(last_trick="C", tout="C", counts={"A": 2, "C": 76})
    event = deal_event(replay(record, "ensartede", **cups()))
    assert item(event, "tout") == {"C": 190 + 170, "A": -85, "B": -85, P: -105, K: -85}
    assert item(event, "count") == {"A": -24, "B": -26, "C": 50}
    assert event["net"] == {"A": -159, "B": -151, "C": 370}
    assert event["cups_after"] == {"pagat": 60, "king": 60}


def test_ensartede_tout_with_a_king_bagud_doubles_the_cup_it_took():
    """Brief §2 step 6: the tout takes X (85 in the Kongekop); B's King goes bagud in the last
    trick and pays X = 85 into it and 40 to each; then the refund of 60. The count as usual."""
    record = danish_deal(
        last_trick="C", tout="C", kings={"clubs": {"holder": "B", "fate": "bagud"}}, counts={"A": 0, "C": 78}
    )
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
    record = danish_deal(last_trick="C", tout="C", counts={"A": 2, "C": 76})
    off = deal_event(replay(record, "ensartede", overrides={"tout_counts": False}, **cups()))
    assert "count" not in rules_of(off)
    vlk = deal_event(
        replay(
            danish_deal(last_trick="B", tout="B", counts={"A": 0, "C": 0}),
            "vlk-2010",
            overrides={"tout_counts": True},
            **cups(),
        )
    )
    # The rounded count: A 0 points pays 25 (001 L329), C 0 points pays 25, forehand B gets 50.
    assert item(vlk, "count") == {"A": -25, "C": -25, "B": 50}
