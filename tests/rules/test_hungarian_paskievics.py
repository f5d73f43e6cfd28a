"""Paskievics (brief §3), row by row, with numbers derived by hand in each docstring.

Table A, B, C, D; D deals, so A is forehand (002 L241-L247). Unless said otherwise A declares and
calls C: A–C against B–D, each item per player (brief §1).
"""

import pytest

import rules
from hungarian_kit import items, net, replay
from world.records import deal_event, hungarian_deal, rules_of

PASK = "paskievics"


def pask(contract="three", partner="C", **fields):
    return hungarian_deal("D", contract, declarer="A", call={"card": 20, "partner": partner}, **fields)


def two_v_two(amount):
    """A–C win `amount` each from B–D."""
    return {"A": amount, "B": -amount, "C": amount, "D": -amount}


def lone(amount):
    """A alone wins `amount` from each of B, C, D."""
    return {"A": 3 * amount, "B": -amount, "C": -amount, "D": -amount}


# --- §3.1 contracts and parties ----------------------------------------------------------------


@pytest.mark.parametrize("contract, value", [("three", 1), ("two", 2), ("one", 3), ("solo", 4)])
def test_game_values_and_the_48_threshold(contract, value):
    """002 L259-L275: three 1, two 2, one 3, solo 4; 48 of 94 wins, 47 loses (002 L190)."""
    assert net(PASK, pask(contract, card_points=48)) == two_v_two(value)
    assert net(PASK, pask(contract, card_points=47)) == two_v_two(-value)


def test_self_call_plays_one_against_three():
    """002 L677-L679: A holds the XX he calls; a won solo is 4 from each: +12."""
    assert net(PASK, pask("solo", partner="A", card_points=60)) == lone(4)


def test_official_contra_is_a_kontra_on_the_game():
    """002 L683-L685 with brief §3.1: the XX lay in a discard; A alone, a two kontra'd: 2 × 2 = 4 each."""
    assert net(PASK, pask("two", partner=None, game_contra=1, card_points=60)) == lone(4)
    assert net(PASK, pask("two", partner=None, game_contra=1, card_points=30)) == lone(-4)


def test_official_contra_without_the_doubling_parameter():
    """official_contra_doubles false: an official contra need not carry a kontra; the two is then 2 each."""
    deal = pask("two", partner=None, card_points=60)
    assert net(PASK, deal, overrides={"official_contra_doubles": False}) == lone(2)


@pytest.mark.parametrize("contra, factor", [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 32)])
def test_the_contra_ladder_doubles_the_game(contra, factor):
    """002 L697: kontra ×2, rekontra ×4, szubkontra ×8, hirskontra ×16, mordkontra ×32 (a one: 3)."""
    assert net(PASK, pask("one", game_contra=contra, card_points=50)) == two_v_two(3 * factor)


# --- §3.2 game, double, volát ------------------------------------------------------------------


def test_announced_double_replaces_the_game():
    """002 L791: a two with an announced double made (71 cp): 4 × 2 = 8, no game item."""
    event = deal_event(replay(PASK, pask("two", card_points=71, announcements=[{"figure": "double", "by": "A"}])))
    assert items(event) == [("double.announced", two_v_two(8))]


def test_failed_announced_double_scores_no_game_even_above_47():
    """002 L791 and brief §3.2: 60 cp wins a game, but the announced double failed: −4 × 1, no game."""
    event = deal_event(
        replay(PASK, pask("three", card_points=60, announcements=[{"figure": "double", "by": "C", "contra": 1}]))
    )
    assert items(event) == [("double.announced", two_v_two(-8))]


def test_failed_announced_volat_pays_the_volat_even_with_the_game_won():
    """002 L791: "ha valaki elbukta a volátot, de többje van 47 pontnál, fizeti a volát taksáját":
    a one's volát 6 × 3 = 18 lost, nothing for the game."""
    deal = pask("one", card_points=80, announcements=[{"figure": "volat", "by": "A"}])
    assert net(PASK, deal) == two_v_two(-18)


def test_volat_beside_its_own_double_is_scored_alone():
    """002 L793: A–C announce double and volát and make the volát: only the volát, 6 × 2 = 12."""
    deal = pask(
        "two",
        card_points=94,
        tricks=9,
        made={"declarer": ["volat"]},
        announcements=[{"figure": "double", "by": "A"}, {"figure": "volat", "by": "C"}],
    )
    assert items(deal_event(replay(PASK, deal))) == [("volat.announced", two_v_two(12))]


def test_announced_double_made_by_a_silent_volat_gets_the_double():
    """002 L799: announced double, silent volát made: the double's 4L (a two: 8), no silent volát."""
    deal = pask("two", card_points=94, made={"declarer": ["volat"]}, announcements=[{"figure": "double", "by": "A"}])
    assert items(deal_event(replay(PASK, deal))) == [("double.announced", two_v_two(8))]


def test_the_other_party_silent_double_beside_an_announced_one():
    """Brief §3.2 step 1: A–C announced a double and lose it; B–D made a double (A–C have 20 cp ≤ 23)
    and announced nothing, so they also get the silent double: three: 4 + 2 = 6."""
    deal = pask("three", card_points=20, announcements=[{"figure": "double", "by": "A"}])
    event = deal_event(replay(PASK, deal))
    assert items(event) == [("double.announced", two_v_two(-4)), ("double.silent", two_v_two(-2))]


@pytest.mark.parametrize("how, amount", [("max", 8), ("replace", 4), ("multiply", 16)])
def test_silent_double_against_a_rekontra_game(how, amount):
    """Brief §3.2 step 2: a two (2) rekontra'd is 8; the silent double is 2 × 2 = 4.
    max: 8; replace: 4; multiply: 4 × 4 = 16 — all under the double's own key."""
    deal = pask("two", game_contra=2, card_points=75)
    event = deal_event(replay(PASK, deal, overrides={"silent_vs_contra": how}))
    assert items(event) == [("double.silent", two_v_two(amount))]


def test_silent_volat_replaces_the_game():
    """002 L789: silent volát 3L; a one: 9."""
    deal = pask("one", card_points=94, tricks=9, made={"declarer": ["volat"]})
    assert items(deal_event(replay(PASK, deal))) == [("volat.silent", two_v_two(9))]


def test_opponents_silent_volat():
    """B–D take all nine tricks of a three: 3 × 1 = 3 to each of them."""
    deal = pask("three", card_points=0, tricks=0, made={"opponents": ["volat"]})
    assert net(PASK, deal) == two_v_two(-3)


@pytest.mark.parametrize(
    "figure, announced, silent",
    [
        ("trull", 2, 1),
        ("four_kings", 2, 1),
        ("ultimo", 10, 5),
        ("xxi_capture", 42, 21),
    ],
)
def test_figure_values(figure, announced, silent):
    """002 L1056-L1063: trull 2/1, four kings 2/1, pagátultimó 10/5, XXI capture 42/21, on top of a
    won three (1); an announced figure not made is lost at its announced value."""
    made = {"declarer": [figure]}
    assert net(PASK, pask(card_points=60, made=made)) == two_v_two(1 + silent)
    assert net(PASK, pask(card_points=60, made=made, announcements=[{"figure": figure, "by": "C"}])) == two_v_two(
        1 + announced
    )
    assert net(PASK, pask(card_points=60, announcements=[{"figure": figure, "by": "C", "contra": 1}])) == two_v_two(
        1 - 2 * announced
    )


def test_opponents_announce_and_make_a_figure():
    """002 L727, L829: B announces ultimo with a kontra on it and makes it: 10 × 2 = 20 to B–D; the
    game (a three, 48 cp) still goes to A–C: net −19."""
    deal = pask(
        card_points=48, made={"opponents": ["ultimo"]}, announcements=[{"figure": "ultimo", "by": "B", "contra": 1}]
    )
    assert net(PASK, deal) == two_v_two(1 - 20)


def test_silent_trull_and_four_kings_are_not_paid_beside_a_volat():
    """002 L797, L1069: a silent volát of a three (3); the silent trull and four kings pay nothing,
    the announced four kings does (2)."""
    deal = pask(
        card_points=94,
        made={"declarer": ["volat", "trull", "four_kings"]},
        announcements=[{"figure": "four_kings", "by": "A"}],
    )
    event = deal_event(replay(PASK, deal))
    assert rules_of(event) == ["volat.silent", "four_kings.announced"]
    assert event["net"] == two_v_two(3 + 2)


def test_a_counter_announcement_after_a_kontra_is_scored_on_its_own():
    """002 L960-L962 "kontra négy király, négy király": A announces four kings, B kontras and
    announces them too; B–D make them: A's lost 2 × 2 = 4, B's won 2; a won three 1: 1 − 6 = −5."""
    deal = pask(
        card_points=50,
        made={"opponents": ["four_kings"]},
        announcements=[{"figure": "four_kings", "by": "A", "contra": 1}, {"figure": "four_kings", "by": "B"}],
    )
    assert net(PASK, deal) == two_v_two(1 - 4 - 2)


# --- §3.3 trump counts -------------------------------------------------------------------------


def test_announced_trump_counts_are_paid_by_every_other_player_whatever_the_result():
    """002 L636-L639: 8 trumps 1, 9 trumps 2 from each of the other three; never doubled.
    A's 9: +6; B's 8: +3; the game (a lost three, kontra'd: 2) beside them."""
    deal = pask(card_points=30, game_contra=1, trump_counts=[{"player": "A", "count": 9}, {"player": "B", "count": 8}])
    event = deal_event(replay(PASK, deal))
    assert items(event)[:2] == [
        ("trump_count", {"A": 6, "B": -2, "C": -2, "D": -2}),
        ("trump_count", {"B": 3, "A": -1, "C": -1, "D": -1}),
    ]
    assert event["net"] == {"A": 6 - 1 - 2, "B": -2 + 3 + 2, "C": -2 - 1 - 2, "D": -2 - 1 + 2}


def test_an_unannounced_trump_count_is_paid_by_the_partner_only():
    """002 L650-L652: "ellenfeleink nem fizetik": C's silent 8 is paid by A alone; a lone
    declarer's silent count by nobody."""
    deal = pask(card_points=60, trump_counts=[{"player": "C", "count": 8, "announced": False}])
    assert items(deal_event(replay(PASK, deal)))[0] == ("trump_count", {"C": 1, "A": -1})
    lone_deal = pask(partner="A", card_points=60, trump_counts=[{"player": "A", "count": 9, "announced": False}])
    assert rules_of(deal_event(replay(PASK, lone_deal))) == ["game"]


def test_trump_count_payers_opponents():
    """trump_count_payers "opponents": C's announced 9 is paid by B and D only: +4."""
    deal = pask(card_points=60, trump_counts=[{"player": "C", "count": 9}])
    event = deal_event(replay(PASK, deal, overrides={"trump_count_payers": "opponents"}))
    assert items(event)[0] == ("trump_count", {"C": 4, "B": -2, "D": -2})


# --- §3.4 the pot ------------------------------------------------------------------------------


def test_no_game_pays_five_each_into_the_pot():
    """002 L287, L550: all pass; with the pot kept each active pays 5."""
    result = replay(PASK, {"dealer": "D", "no_game": "all_pass"}, overrides={"pot": True})
    assert items(deal_event(result)) == [("pot_no_game", {"A": -5, "B": -5, "C": -5, "D": -5, "pot": 20})]
    assert result["balances"] == {"A": -5, "B": -5, "C": -5, "D": -5, "pot": 20}


def test_a_won_announced_ultimo_takes_the_pot_odd_points_to_the_announcer():
    """002 L839: pot 21; C announced and made the ultimo: A 10, C 11; plus game 1 and ultimo 10."""
    deal = pask(card_points=50, made={"declarer": ["ultimo"]}, announcements=[{"figure": "ultimo", "by": "C"}])
    result = replay(PASK, deal, overrides={"pot": True}, pot=21)
    event = deal_event(result)
    assert items(event)[-1] == ("pot_take", {"A": 10, "C": 11, "pot": -21})
    assert event["net"] == {"A": 1 + 10 + 10, "B": -11, "C": 1 + 10 + 11, "D": -11}
    assert event["pot_after"] == 0


def test_a_lone_declarer_doubles_the_pot_alone():
    """002 L847: A alone loses his announced ultimo with 15 in the pot: he pays 15 in, pot 30."""
    deal = pask("solo", partner="A", card_points=60, announcements=[{"figure": "ultimo", "by": "A"}])
    event = deal_event(replay(PASK, deal, overrides={"pot": True}, pot=15))
    assert items(event)[-1] == ("pot_double", {"A": -15, "pot": 15})
    assert event["pot_after"] == 30


def test_silent_ultimo_never_touches_the_pot():
    """Brief §3.4: a silent ultimo is paid 5, the pot stays 12."""
    deal = pask(card_points=50, made={"declarer": ["ultimo"]})
    event = deal_event(replay(PASK, deal, overrides={"pot": True}, pot=12))
    assert "pot_take" not in rules_of(event) and event["pot_after"] == 12


def test_ujlak_lost_three_pays_into_the_pot():
    """002 L387: lost_three_pot 10: A lost a three (40 cp): −1 each, and 10 into the pot."""
    event = deal_event(replay(PASK, pask(card_points=40), overrides={"pot": True, "lost_three_pot": 10}))
    assert items(event) == [("game", two_v_two(-1)), ("pot_lost_three", {"A": -10, "pot": 10})]


def test_pot_fund_override_funds_an_empty_pot_first():
    """Brief §2 step 1: pot_fund 3 with an empty pot: each active pays 3 before the deal."""
    event = deal_event(replay(PASK, pask(card_points=50), overrides={"pot": True, "pot_fund": 3}))
    assert items(event)[0] == ("pot_fund", {"A": -3, "B": -3, "C": -3, "D": -3, "pot": 12})


def test_close_split_shares_the_pot_odd_points_from_the_first_dealer():
    """Brief §2: pot 22 at close among 4: 5 each, the two odd points to D (first dealer) and A."""
    result = replay(PASK, {"dealer": "D", "no_game": "all_pass"}, overrides={"pot": True}, pot=2, close="split")
    close = result["events"][-1]
    assert close == {
        "kind": "close",
        "way": "split",
        "items": [{"rule": "close.split", "ref": "brief §2", "postings": {"pot": -22, "D": 6, "A": 6, "B": 5, "C": 5}}],
        "pot_after": 0,
    }
    assert result["balances"] == {"A": 1, "B": 0, "C": 0, "D": 1, "pot": 0}


# --- §3.5 no game and penalties ----------------------------------------------------------------


@pytest.mark.parametrize("kind", ["all_pass", "refused", "no_trumps"])
def test_a_no_game_deal_without_a_pot_pays_nothing(kind):
    assert net(PASK, {"dealer": "D", "no_game": kind}) == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_honourless_bid_pays_each_a_three():
    """002 L544: B bid a three without an honour and found none: he pays each 1."""
    deal = {"dealer": "D", "no_game": "honourless_bid", "declarer": "B"}
    assert items(deal_event(replay(PASK, deal))) == [("fine.honourless_bid", {"B": -3, "A": 1, "C": 1, "D": 1})]


def test_revoke_pays_each_the_game_and_announced_figures_and_replaces_the_result():
    """002 L1000-L1002, brief §3.5: a two kontra'd (2 × 2 = 4) with trull announced kontra'd (2 × 2 = 4)
    and an ultimo announced (10): P = 18; B pays each of the other three 18. The announced trump
    count (A's 8: +3) stands."""
    deal = pask(
        "two",
        game_contra=1,
        card_points=70,
        made={"declarer": ["trull"]},
        announcements=[{"figure": "trull", "by": "A", "contra": 1}, {"figure": "ultimo", "by": "D"}],
        trump_counts=[{"player": "A", "count": 8}],
        fines=[{"player": "B", "offence": "revoke"}],
    )
    event = deal_event(replay(PASK, deal))
    assert items(event) == [
        ("trump_count", {"A": 3, "B": -1, "C": -1, "D": -1}),
        ("fine.revoke", {"B": -54, "A": 18, "C": 18, "D": 18}),
    ]


def test_penalty_without_contras_and_beside_the_result():
    """penalty_counts_contras false: P = 2 + 2 = 4; penalty_replaces_result false: the game
    (4, A–C win) and the trull (4) are settled too."""
    deal = pask(
        "two",
        game_contra=1,
        card_points=70,
        made={"declarer": ["trull"]},
        announcements=[{"figure": "trull", "by": "A", "contra": 1}],
        fines=[{"player": "C", "offence": "revoke"}],
    )
    overrides = {"penalty_counts_contras": False, "penalty_replaces_result": False}
    event = deal_event(replay(PASK, deal, overrides=overrides))
    assert items(event) == [
        ("fine.revoke", {"C": -12, "A": 4, "B": 4, "D": 4}),
        ("game", two_v_two(4)),
        ("trull.announced", two_v_two(4)),
    ]


def test_strict_faulty_discard_is_a_revoke():
    """002 L534-L536: a three (1) and nothing announced: D pays each 1."""
    deal = pask(card_points=60, fines=[{"player": "D", "offence": "faulty_discard"}])
    assert items(deal_event(replay(PASK, deal))) == [("fine.faulty_discard", {"D": -3, "A": 1, "B": 1, "C": 1})]


def test_mild_faulty_discard_the_offender_pays_back_his_partner():
    """002 L538: A–C lose a two (−2 each) and C discarded wrongly: A gets his 2 back from C alone,
    who pays 4; B–D keep their +2."""
    deal = pask("two", card_points=40, fines=[{"player": "C", "offence": "faulty_discard"}])
    event = deal_event(replay(PASK, deal, overrides={"faulty_discard": "mild"}))
    assert items(event) == [("game", two_v_two(-2)), ("fine.faulty_discard", {"C": -2, "A": 2})]
    assert event["net"] == {"A": 0, "B": 2, "C": -4, "D": 2}


def test_mild_faulty_discard_the_offender_pays_the_losing_opponents():
    """002 L538: A–C win a two (+2 each) and B of the losers discarded wrongly: D gets his 2 back
    from B, who ends −4."""
    deal = pask("two", card_points=60, fines=[{"player": "B", "offence": "faulty_discard"}])
    assert net(PASK, deal, overrides={"faulty_discard": "mild"}) == {"A": 2, "B": -4, "C": 2, "D": 0}


# --- §3.6 five players -------------------------------------------------------------------------

FIVE = ["A", "B", "C", "D", "E"]


def test_the_fifth_player_deals_and_sits_out():
    """002 L181, L237: E deals; A (forehand) calls C against B and D; E is in the net with 0."""
    deal = {"dealer": "E", "contract": "two", "declarer": "A", "call": {"card": 20, "partner": "C"}, "card_points": 50}
    assert net(PASK, deal, table=FIVE) == {"A": 2, "B": -2, "C": 2, "D": -2, "E": 0}


def test_sir_es_nevet_the_dealer_settles_the_declarer_per_player_net():
    """002 L580-L582, L639: E cries and laughs: A self-calls a solo and wins 4 from each (N = 4 per
    player), so E pays A 4 as well; A's announced 8 trumps are paid by B, C, D and E: +4."""
    deal = {
        "dealer": "E",
        "contract": "solo",
        "declarer": "A",
        "call": {"card": 20, "partner": "A"},
        "card_points": 50,
        "trump_counts": [{"player": "A", "count": 8}],
    }
    event = deal_event(replay(PASK, deal, table=FIVE, overrides={"dealer_cries_and_laughs": True}))
    assert items(event) == [
        ("trump_count", {"A": 4, "B": -1, "C": -1, "D": -1, "E": -1}),
        ("game", {"A": 12, "B": -4, "C": -4, "D": -4}),
        ("cries_and_laughs", {"A": 4, "E": -4}),
    ]


def test_sir_es_nevet_a_losing_declarer_pays_the_dealer_too():
    """A–C lose a two kontra'd (−4 each): A also pays E 4 ("kétszeresen veszít")."""
    deal = {
        "dealer": "E",
        "contract": "two",
        "declarer": "A",
        "call": {"card": 20, "partner": "C"},
        "game_contra": 1,
        "card_points": 40,
    }
    result = net(PASK, deal, table=FIVE, overrides={"dealer_cries_and_laughs": True})
    assert result == {"A": -8, "B": 4, "C": -4, "D": 4, "E": 4}


def test_ujlak_talon_honours_are_paid_to_the_dealer():
    """002 L562-L566: B took the Skiz (3) and the XXI (2) from the talon, C the Pagát (1); but A–C
    captured B's XXI, so B pays only 3."""
    deal = {
        "dealer": "E",
        "contract": "three",
        "declarer": "A",
        "call": {"card": 20, "partner": "C"},
        "card_points": 60,
        "made": {"declarer": ["xxi_capture"]},
        "talon_honours": {"B": ["skiz", "xxi"], "C": ["pagat"]},
    }
    event = deal_event(replay(PASK, deal, table=FIVE, overrides={"ujlak_talon_honours": True}))
    assert items(event)[:2] == [("talon_honour", {"B": -3, "E": 3}), ("talon_honour", {"C": -1, "E": 1})]


def test_five_table_every_step_in_the_order_of_settlement():
    """A self-called three at five (E deals and sits out) with every club option on; each step of
    the order of settlement by hand.

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
    deal, close = rules.replay(record)["events"]
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
