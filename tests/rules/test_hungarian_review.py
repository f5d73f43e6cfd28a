"""Review of the Hungarian engine against its brief (hungarian-tarokk.md) and record format
(sitting-format-hungarian.md): the cases an audit checked by hand."""

import pytest

from rules import replay
from rules.problems import InvalidRecord


def test_unknown_ruleset_names_every_preset_of_both_families():
    """A `ruleset` neither family knows is answered by the Danish side; brief §9 `unknown_ruleset`
    ("ruleset … not in §10") and sitting-format-hungarian.md's `ruleset` list (paskievics, magyar,
    kiralyhivo, tapper, stromann, trisak) mean the answer must offer the Hungarian presets too, not
    only vlk-2010, ensartede, schiellerup-1900, schwartz-1847."""
    with pytest.raises(InvalidRecord) as refused:
        replay({"ruleset": "paskievic", "table": ["A", "B", "C", "D"], "deals": []})
    [problem] = refused.value.problems
    assert (problem.deal, problem.field, problem.code) == (None, "ruleset", "unknown_ruleset")
    for preset in (
        "vlk-2010",
        "ensartede",
        "schiellerup-1900",
        "schwartz-1847",
        "paskievics",
        "magyar",
        "kiralyhivo",
        "tapper",
        "stromann",
        "trisak",
    ):
        assert preset in problem.message
        assert preset in problem.message_in("da")


def test_five_table_every_step_in_the_briefs_order():
    """A self-called three at five (E deals and sits out) with every club option on; brief §2's
    steps by hand.

    Step 3: A's announced 9 trumps: 2 from B, C, D and (sír és nevet, §3.6, 002 L639) from E: +8;
    B's unannounced 8: only his partners C, D pay 1 (§3.3, 002 L650-L652); A took Skiz and XXI from
    the talon: Skiz 3 to E, nothing for the XXI the opponents captured (§3.6, 002 L562-L566).
    Step 5: three lost (40 < 48, L = 1): A −3; A's ultimo announced with kontra, lost: 10·2 = 20 per
    opponent, −60 (§3.2, 002 L835); opponents' silent XXI capture 21, −63. Step-5 totals A −126,
    B C D +42 each; mild faulty discard by C (002 L538): the only other loser, A, gets 126 from C.
    Step 6: N = A's per-player net before the mild adjustment = −126 / 3 = −42: E gets 42 (002 L582).
    Step 7: the lost announced ultimo doubles the pot of 7, a lone declarer paying alone (002 L847);
    Újlak: the lost three pays 10 in (002 L387): pot 24. Close split: 24 / 5 = 4, the 4 odd points
    one each from the first dealer E in seat order: E, A, B, C 5, D 4 (brief §2)."""
    record = {
        "ruleset": "paskievics",
        "table": ["A", "B", "C", "D", "E"],
        "pot": 7,
        "close": "split",
        "overrides": {
            "pot": True,
            "dealer_cries_and_laughs": True,
            "ujlak_talon_honours": True,
            "faulty_discard": "mild",
            "lost_three_pot": 10,
        },
        "deals": [
            {
                "dealer": "E",
                "contract": "three",
                "declarer": "A",
                "call": {"card": 20, "partner": "A"},
                "card_points": 40,
                "announcements": [{"figure": "ultimo", "by": "A", "contra": 1}],
                "trump_counts": [{"player": "A", "count": 9}, {"player": "B", "count": 8, "announced": False}],
                "talon_honours": {"A": ["skiz", "xxi"]},
                "made": {"opponents": ["xxi_capture"]},
                "fines": [{"player": "C", "offence": "faulty_discard"}],
            }
        ],
    }
    deal, close = replay(record)["events"]
    assert [(item["rule"], item["postings"]) for item in deal["items"]] == [
        ("trump_count", {"A": 8, "B": -2, "C": -2, "D": -2, "E": -2}),
        ("trump_count", {"B": 2, "C": -1, "D": -1}),
        ("talon_honour", {"A": -3, "E": 3}),
        ("game", {"B": 1, "C": 1, "D": 1, "A": -3}),
        ("ultimo.announced", {"B": 20, "C": 20, "D": 20, "A": -60}),
        ("xxi_capture.silent", {"B": 21, "C": 21, "D": 21, "A": -63}),
        ("fine.faulty_discard", {"C": -126, "A": 126}),
        ("cries_and_laughs", {"A": -42, "E": 42}),
        ("pot_double", {"A": -7, "pot": 7}),
        ("pot_lost_three", {"A": -10, "pot": 10}),
    ]
    assert deal["net"] == {"A": -54, "B": 42, "C": -87, "D": 39, "E": 43}
    assert deal["pot_after"] == 24
    assert close["items"][0]["postings"] == {"pot": -24, "E": 5, "A": 5, "B": 5, "C": 5, "D": 4}
