"""The worked examples of the seed rulebooks, with the text's own numbers.

Seeds are in ``shared/seeds/``: 001 = vlk-2010, 003 = schiellerup-1900, 004 = schwartz-1847.
Seed 000 (ensartede) is checked through its English extraction,
``shared/rules/extracts/seed000-ensartede-regler.md`` §8 and §14 (DT = derived test case).
Each test names the line(s) it reproduces.
"""

import pytest

import rules
from tarok_testkit import K, P, item, items, only, problems, refs, replay
from world.records import danish_deal, deal_event, rules_of

# The §8 seat names: A forehand, B middlehand, C the dealer (baghånd).
ABC = ["C", "A", "B"]
# The DT cases' four members: A deals, B forehand, C middlehand; D sits out (opposite A).
ABDC = ["A", "B", "D", "C"]


def cups(pagat, king):
    return {"cups": {"pagat": pagat, "king": king}}


# --- seed 001: VLK Tarokklub 2010 (vlk-2010) --------------------------------------------------

ROUNDED_BANDS_001_L329_L345 = [
    (0, 3, -25),
    (4, 8, -20),
    (9, 13, -15),
    (14, 18, -10),
    (19, 23, -5),
    (24, 28, 0),
    (29, 33, 5),
    (34, 38, 10),
    (39, 43, 15),
    (44, 48, 20),
    (49, 53, 25),
    (54, 58, 30),
    (59, 63, 35),
    (64, 68, 40),
    (69, 73, 45),
    (74, 78, 50),
]


def test_001_L345_L352_counts_39_and_19_give_plus_15_minus_5_and_forehand_minus_10():
    """001 L346-L353: "39 points ... skal have 15 ... 19 points ... betale 5 ... skal betale 10"."""
    event = deal_event(replay(danish_deal(counts={"A": 39, "C": 19}), "vlk-2010"))
    assert item(event, "count") == {"A": 15, "C": -5, "B": -10}
    event = deal_event(replay(danish_deal(counts={"A": 19, "C": 39}), "vlk-2010"))
    assert item(event, "count") == {"A": -5, "C": 15, "B": -10}


@pytest.mark.parametrize("low, high, pays", ROUNDED_BANDS_001_L329_L345)
def test_001_L329_L345_every_band_of_the_rounded_count_table(low, high, pays):
    """001 L329-L345: "00 – 03 points betaler 25 ... 24 – 28 Spiller lige op ... 74 – 78 vinder 50"."""
    assert [rules.danish.rounded_count(p) for p in range(low, high + 1)] == [pays] * (high - low + 1)


def test_001_L330_L335_L345_bands_through_a_replay():
    """001 L330 (0-3 pays 25), L335 (24-28 even), L345 (74-78 wins 50), settled in a deal."""
    event = deal_event(replay(danish_deal(counts={"A": 3, "C": 74}), "vlk-2010"))
    assert item(event, "count") == {"A": -25, "C": 50, "B": -25}
    event = deal_event(replay(danish_deal(counts={"A": 0, "C": 78}), "vlk-2010"))
    assert item(event, "count") == {"A": -25, "C": 50, "B": -25}
    event = deal_event(replay(danish_deal(counts={"A": 24, "C": 28}), "vlk-2010"))
    assert items(event, "count") == []  # both even: nothing moves


def test_001_L191_L194_eleven_with_and_three_matadors_is_25_from_each():
    """001 L191-L194: T 21, 19, 17, 15, 14, 13, 10, 3, 2, 1 + Scus: "11 med og 3 matadorer"."""
    event = deal_event(replay(danish_deal(melds={"B": {"taroks": 11, "pagat": True, "matadors": 3}}), "vlk-2010"))
    assert item(event, "meld.taroks") == {"B": 30, "A": -15, "C": -15}
    assert item(event, "meld.matadors") == {"B": 20, "A": -10, "C": -10}
    assert only(event, "meld.taroks", "meld.matadors") == {"B": 50, "A": -25, "C": -25}


def test_001_L221_L223_ten_without_and_overfull_kings_share_the_scus_25_from_each():
    """001 L221-L223: "Skusen kan på samme tid være med i flere meldinger, fx 10 uden og overfyldt
    melding i konger"."""
    event = deal_event(
        replay(danish_deal(melds={"C": {"taroks": 10, "pagat": False, "kings": "overfull"}}), "vlk-2010")
    )
    assert only(event, "meld.taroks", "meld.kings") == {"C": 50, "A": -25, "B": -25}


@pytest.mark.parametrize(
    "meld, value",
    [
        ({"suits": {"clubs": {"level": "half", "missing": "king"}}}, 5),  # L260 halve meldinger
        ({"kings": {"level": "half", "missing": "diamonds"}}, 5),  # L260
        ({"suits": {"clubs": "full"}}, 10),  # L262 fulde meldinger
        ({"kings": "full"}, 10),  # L262
        ({"suits": {"clubs": "overfull"}}, 15),  # L264 overfyldte meldinger
        ({"kings": "overfull"}, 15),  # L264
        ({"matadors": 3}, 10),  # L266-L267 "3 (4, 5, osv) matadorer ... 10 (15, 20)"
        ({"matadors": 4}, 15),
        ({"matadors": 5}, 20),
        ({"taroks": 10, "pagat": True}, 10),  # L269-L270 "10 (11, 12 osv) tarokker ... 10 (15, 20)"
        ({"taroks": 11, "pagat": False}, 15),
        ({"taroks": 12, "pagat": True}, 20),
    ],
)
def test_001_L258_L270_meld_prices_from_each_and_the_dealers_stake(meld, value):
    """001 L258 ("giveren indskyder i hver kop 5 point") and the meld prices L260-L270."""
    event = deal_event(replay(danish_deal(melds={"B": meld}), "vlk-2010"))
    assert item(event, "stake") == {"A": -10, P: 5, K: 5}
    assert only(event, *{i["rule"] for i in event["items"] if i["rule"].startswith("meld.")}) == {
        "B": 2 * value,
        "A": -value,
        "C": -value,
    }


@pytest.mark.parametrize("offence", ["missing_meld", "missing_meld_self", "wrong_meld", "wrong_meld_self"])
def test_001_L241_L242_barred_player_ultimo_is_paid_only_as_the_last_trick(offence):
    """001 L237-L242: "må ikke ultimere ... får han kun betaling som for sidste stik" (20 from each,
    L300); the meld fine is 10 in each cup (L230-L235, L291-L293)."""
    record = danish_deal(
        last_trick="B", pagat={"holder": "B", "fate": "ultimo"}, fines=[{"player": "B", "offence": offence}]
    )
    event = deal_event(replay(record, "vlk-2010", **cups(100, 80)))
    assert items(event, "pagat_ultimo") == []
    assert item(event, "last_trick") == {"B": 40, "A": -20, "C": -20}
    assert item(event, f"fine.{offence}") == {"B": -20, P: 10, K: 10}
    assert items(event, "refund") == []
    assert event["cups_after"]["pagat"] == 100 + 5 + 10  # the cup was not taken


def test_001_L250_L258_funding_of_3_4_or_5_and_the_stake():
    """001 L250-L251: "Alle (3, 4 eller 5) spillere funderer i tomme eller tømte kopper 20 point"."""
    for table in (["A", "B", "C"], ["A", "B", "C", "D"], ["A", "B", "C", "D", "E"]):
        result = replay(danish_deal(table=table), "vlk-2010", table)
        assert result["events"][0]["cups_after"] == {"pagat": 20 * len(table), "king": 20 * len(table)}
        assert deal_event(result)["cups_after"] == {"pagat": 20 * len(table) + 5, "king": 20 * len(table) + 5}


def test_001_L281_L286_play_payments():
    """001 L281-L284: a King or Pagat that takes no trick: 5 to each and 5 in its cup;
    L286: "Pagat tager stik hjem: fra hver medspiller 5 points"."""
    record = danish_deal(pagat={"holder": "C", "fate": "saved"}, kings={"hearts": {"holder": "B", "fate": "lost"}})
    event = deal_event(replay(record, "vlk-2010", **cups(100, 80)))
    assert item(event, "pagat_saved") == {"C": 10, "A": -5, "B": -5}
    assert item(event, "king_lost") == {"B": -15, "A": 5, "C": 5, K: 5}
    record = danish_deal(pagat={"holder": "C", "fate": "lost"})
    assert item(deal_event(replay(record, "vlk-2010", **cups(100, 80))), "pagat_lost") == {
        "C": -15,
        "A": 5,
        "B": 5,
        P: 5,
    }


def test_001_L300_L309_ultimo_bagud_and_the_pagat_fee_in_the_last_trick():
    """001 L302-L306: ultimo takes the cup + 40 from each; bagud doubles it + 40 to each;
    L308-L309: "Ved ultimo og bagud pagat betales på vanlig vis 5 points for pagaten"."""
    record = danish_deal(
        last_trick="B", pagat={"holder": "B", "fate": "ultimo"}, kings={"clubs": {"holder": "C", "fate": "bagud"}}
    )
    event = deal_event(replay(record, "vlk-2010", **cups(100, 80)))
    assert item(event, "pagat_ultimo") == {"B": 105 + 80, P: -105, "A": -40, "C": -40}
    assert item(event, "pagat_saved") == {"B": 10, "A": -5, "C": -5}
    assert item(event, "king_bagud") == {"C": -85 - 80, K: 85, "A": 40, "B": 40}
    assert item(event, "king_lost") == {"C": -15, "A": 5, "B": 5, K: 5}
    assert items(event, "last_trick") == []
    assert event["cups_after"] == {"pagat": 60, "king": 85 + 85 + 5}


def test_001_L311_L313_L355_nolo_25_voids_the_count_and_tout_takes_both_cups_and_80():
    """001 L311 ("Nolo: fra hver medspiller 25"), L355 (the count lapses), L313 (Tout 80)."""
    event = deal_event(
        replay(danish_deal(last_trick="A", nolo="B", counts={"A": 60, "C": 10}), "vlk-2010", **cups(100, 80))
    )
    assert item(event, "nolo") == {"B": 50, "A": -25, "C": -25}
    assert items(event, "count") == []
    event = deal_event(replay(danish_deal(last_trick="C", tout="C"), "vlk-2010", **cups(100, 80)))
    assert item(event, "tout") == {"C": 105 + 85 + 160, "A": -80, "B": -80, P: -105, K: -85}


def test_001_L272_L298_fines_into_each_cup():
    """001 L272-L274 misdeal 5, L275-L277 wrong skat 40 (stops), L288-L289 wrong cards 40 (stops),
    L291-L293 wrong or missing meld 10, L295-L296 revoke 40 (stops), L298 Scus called in vain 20."""
    for offence, amount, stops in [
        ("misdeal", 5, False),
        ("wrong_skat", 40, True),
        ("wrong_cards", 40, True),
        ("missing_meld", 10, False),
        ("wrong_meld", 10, False),
        ("revoke", 40, True),
        ("scus_called_in_vain", 20, False),
    ]:
        # L275: a wrong skat is fined once another hand has melded (brief §6, rev. 2).
        melds = {"melds": {"B": {"kings": "full"}}} if offence == "wrong_skat" else {}
        record = danish_deal(
            fines=[{"player": "A", "offence": offence}], **melds, **({"stopped": True} if stops else {})
        )
        event = deal_event(replay(record, "vlk-2010", **cups(100, 80)))
        assert item(event, f"fine.{offence}") == {"A": -2 * amount, P: amount, K: amount}, offence
        assert ("last_trick" in rules_of(event)) is not stops, offence


# --- seed 003: Schiellerup 1900 (schiellerup-1900) --------------------------------------------


def test_003_L32_four_players_fund_20_each_so_80_per_cup_plus_the_dealers_5_is_85():
    """003 L32: "i hver af disse lægger enhver af de 4 spillende 20 points og kortgiveren
    desforuden 5"."""
    table = ["A", "B", "C", "D"]
    result = replay(danish_deal(table=table), "schiellerup-1900", table)
    funding = result["events"][0]
    assert [i["postings"] for i in funding["items"]] == [
        {P: 80, "A": -20, "B": -20, "C": -20, "D": -20},
        {K: 80, "A": -20, "B": -20, "C": -20, "D": -20},
    ]
    assert funding["cups_after"] == {"pagat": 80, "king": 80}
    assert deal_event(result)["cups_after"] == {"pagat": 85, "king": 85}


def test_003_L100_pagat_ultimo_takes_the_cup_and_45_from_each_then_all_refund():
    """003 L100: "tager den ultimerende koppens indhold hjem og får desuden af sine medspillere 45";
    L104: the one who takes the cup sees it funded again."""
    table = ["A", "B", "C", "D"]
    result = replay(
        danish_deal(table=table, last_trick="B", pagat={"holder": "B", "fate": "ultimo"}), "schiellerup-1900", table
    )
    event = deal_event(result)
    assert item(event, "pagat_ultimo") == {"B": 85 + 90, P: -85, "A": -45, "D": -45}
    assert item(event, "refund") == {P: 80, "A": -20, "B": -20, "C": -20, "D": -20}
    assert event["cups_after"] == {"pagat": 80, "king": 85}
    assert event["net"] == {"A": -10 - 45 - 20, "B": 175 - 20, "C": -20, "D": -45 - 20}


def test_003_L100_L102_pagat_bagud_pays_the_cups_content_and_45_to_each():
    """003 L100-L102: "må den tabende til pagatkoppen svare ligeså mange point, som der allerede er
    i den, og desuden betale 45 i honneur til hver af sine to medspillere"."""
    event = deal_event(
        replay(danish_deal(last_trick="A", pagat={"holder": "C", "fate": "bagud"}), "schiellerup-1900", **cups(100, 80))
    )
    assert item(event, "pagat_bagud") == {"C": -105 - 90, P: 105, "A": 45, "B": 45}
    assert event["cups_after"]["pagat"] == 210


def test_003_L102_L104_pagat_and_king_lost_without_ultimo():
    """003 L102: a Pagat lost "5 til hver af de to andre foruden 5 i bøde til pagatkoppen";
    L104: "Når en konge tabes uden at ultimeres, koster det 5 til hver ... og 5 til kongekoppen"."""
    record = danish_deal(pagat={"holder": "B", "fate": "lost"}, kings={"spades": {"holder": "C", "fate": "lost"}})
    event = deal_event(replay(record, "schiellerup-1900", **cups(100, 80)))
    assert item(event, "pagat_lost") == {"B": -15, "A": 5, "C": 5, P: 5}
    assert item(event, "king_lost") == {"C": -15, "A": 5, "B": 5, K: 5}


def test_003_L104_king_ultimo_takes_the_cup_and_40_and_a_bagud_costs_the_same():
    """003 L104: "Vunden kongeultimo giver kongekoppens indhold foruden 40 i honneur af de 2 andre,
    en 'bagud' koster det samme"."""
    event = deal_event(
        replay(
            danish_deal(last_trick="A", kings={"hearts": {"holder": "A", "fate": "ultimo"}}),
            "schiellerup-1900",
            **cups(100, 80),
        )
    )
    assert item(event, "king_ultimo") == {"A": 85 + 80, K: -85, "B": -40, "C": -40}
    assert item(event, "refund") == {K: 60, "A": -20, "B": -20, "C": -20}
    event = deal_event(
        replay(
            danish_deal(last_trick="A", kings={"hearts": {"holder": "B", "fate": "bagud"}}),
            "schiellerup-1900",
            **cups(100, 80),
        )
    )
    assert item(event, "king_bagud") == {"B": -85 - 80, K: 85, "A": 40, "C": 40}


def test_003_L64_last_trick_10_when_pagat_and_kings_are_gone():
    """003 L64: "Når pagat og samtlige konger er faldne, betales sidste stik med 10 af hver"."""
    event = deal_event(replay(danish_deal(last_trick="C"), "schiellerup-1900", **cups(100, 80)))
    assert item(event, "last_trick") == {"C": 20, "A": -10, "B": -10}


def test_003_L148_L58_nolo_26_from_each_and_no_count():
    """003 L148: "Den honoreres med 26 af hver"; L58: the others "hverken kunne ultimere eller vinde
    noget i tælling"."""
    record = danish_deal(
        last_trick="C", nolo="A", counts={"B": 40, "C": 38}, kings={"hearts": {"holder": "C", "fate": "ultimo"}}
    )
    event = deal_event(replay(record, "schiellerup-1900", **cups(100, 80)))
    assert item(event, "nolo") == {"A": 52, "B": -26, "C": -26}
    assert rules_of(event) == ["stake", "nolo"]


def test_003_L150_tout_takes_both_cups_and_95_from_each_a_lost_tout_costs_the_same():
    """003 L150: "Vunden tout får begge koppernes indhold hjem og 95 af hver, tabt tout koster det
    samme"."""
    event = deal_event(replay(danish_deal(last_trick="B", tout="B"), "schiellerup-1900", **cups(100, 80)))
    assert item(event, "tout") == {"B": 105 + 85 + 190, "A": -95, "C": -95, P: -105, K: -85}
    event = deal_event(
        replay(danish_deal(last_trick="A", tout={"player": "B", "won": False}), "schiellerup-1900", **cups(100, 80))
    )
    assert item(event, "tout_failed") == {"B": -105 - 85 - 190, "A": 95, "C": 95, P: 105, K: 85}


def test_003_L86_revoke_that_causes_an_ultimo_replaces_the_cup_premiums_as_usual():
    """003 L86: the culprit "foruden ovennævnte bøde erstatte det beløb, som den pågældende kop
    indeholder" (L56: revoke 20 to each cup)."""
    record = danish_deal(
        last_trick="B",
        kings={"diamonds": {"holder": "B", "fate": "ultimo"}},
        fines=[{"player": "C", "offence": "revoke"}],
        culprit={"player": "C", "caused": "ultimo"},
    )
    event = deal_event(replay(record, "schiellerup-1900", **cups(100, 80)))
    assert item(event, "fine.revoke") == {"C": -40, P: 20, K: 20}
    x = 80 + 5 + 20
    assert item(event, "king_ultimo") == {"B": x + 80, K: -x, "A": -40, "C": -40}
    assert item(event, "culprit_ultimo") == {"C": -x, K: x}
    assert items(event, "refund") == []
    assert event["cups_after"]["king"] == x


def test_003_L90_a_prevented_ultimo_costs_the_culprit_the_cups_content():
    """003 L90: "bøder med den sædvanlige straf og erstatter indholdet af den pågældende kop, som
    tages hjem af den, hvis ultimo på grund af den begåede fejl mislykkedes". Rev. 2 records it as
    a prevented ultimo: B (wrong cards, 20 into each cup) pays A the Pagatkop's content X; the cup
    is unchanged, no premiums (brief §6, decision). A's Pagat went as recorded (lost: 5 to each
    and 5 into the Pagatkop, so X = 100 + 5 stake + 20 fine + 5 = 130); C wins a plain last trick
    (10 from each)."""
    record = danish_deal(
        last_trick="C",
        pagat={"holder": "A", "fate": "lost"},
        fines=[{"player": "B", "offence": "wrong_cards"}],
        culprit={"player": "B", "caused": "prevented_ultimo", "card": "pagat", "victim": "A"},
    )
    event = deal_event(replay(record, "schiellerup-1900", **cups(100, 80)))
    x = 100 + 5 + 20 + 5
    assert item(event, "prevented_ultimo") == {"B": -x, "A": x}
    assert refs(event, "prevented_ultimo") == ["003 L90"]
    assert items(event, "pagat_ultimo") == [] and items(event, "refund") == []
    assert item(event, "last_trick") == {"C": 20, "A": -10, "B": -10}
    assert event["net"] == {"A": -10 - 15 + x - 10, "B": -40 + 5 - x - 10, "C": 5 + 20}
    assert event["cups_after"] == {"pagat": x, "king": 80 + 5 + 20}


def test_003_caused_bagud_is_refused():
    record = danish_deal(
        last_trick="A",
        kings={"hearts": {"holder": "C", "fate": "bagud"}},
        fines=[{"player": "B", "offence": "revoke"}],
        culprit={"player": "B", "caused": "bagud"},
    )
    assert problems(record, "schiellerup-1900") == [(1, "culprit.caused", "culprit_nothing_caused")]


# --- seed 004: Schwartz 1847 (schwartz-1847, no cups) -----------------------------------------


def test_004_L148_L152_pagat_ultimo_15_and_king_ultimo_10_from_each_lost_to_each():
    """004 L148-L150: Pagat ultimo "af hver af modspillerne 15 points", failed "15 points til hver";
    L151-L152: Kings "10 points ... 10 points til hver, når ultimoen går tabt"."""
    event = deal_event(replay(danish_deal(last_trick="B", pagat={"holder": "B", "fate": "ultimo"}), "schwartz-1847"))
    assert event["items"] == [
        {
            "rule": "pagat_ultimo",
            "ref": "004 L148–L149",
            "postings": {"B": 30, "A": -15, "C": -15},
            "player": "B",
            "card": "pagat",
        }
    ]
    event = deal_event(replay(danish_deal(last_trick="B", pagat={"holder": "C", "fate": "bagud"}), "schwartz-1847"))
    assert item(event, "pagat_bagud") == {"C": -30, "A": 15, "B": 15}
    event = deal_event(
        replay(danish_deal(last_trick="A", kings={"clubs": {"holder": "A", "fate": "ultimo"}}), "schwartz-1847")
    )
    assert item(event, "king_ultimo") == {"A": 20, "B": -10, "C": -10}
    event = deal_event(
        replay(danish_deal(last_trick="A", kings={"clubs": {"holder": "C", "fate": "bagud"}}), "schwartz-1847")
    )
    assert item(event, "king_bagud") == {"C": -20, "A": 10, "B": 10}


def test_004_L157_L158_pagat_saved_5_from_each_overtaken_5_to_each():
    """004 L157-L158: "erholder man 5 points af hver; bliver den derimod stukket over, koster det 5
    points til hver"."""
    event = deal_event(replay(danish_deal(pagat={"holder": "A", "fate": "saved"}), "schwartz-1847"))
    assert item(event, "pagat_saved") == {"A": 10, "B": -5, "C": -5}
    event = deal_event(replay(danish_deal(pagat={"holder": "A", "fate": "lost"}), "schwartz-1847"))
    assert item(event, "pagat_lost") == {"A": -10, "B": 5, "C": 5}


def test_004_L161_L162_nolo_52_from_each_and_the_others_may_not_count():
    """004 L161-L162: "Den, der gar fri for stik, erholder 52 points af hver af de andre, og disse
    ma ej teelle"."""
    event = deal_event(replay(danish_deal(last_trick="A", nolo="C", counts={"A": 50, "B": 28}), "schwartz-1847"))
    assert event["items"] == [
        {"rule": "nolo", "ref": "004 L161–L162", "postings": {"C": 104, "A": -52, "B": -52}, "player": "C"}
    ]


def test_004_L165_L166_each_lost_king_pays_5_to_each():
    """004 L165-L166: "For hver tabt konge ma man betale 5 points til hver"."""
    kings = {suit: {"holder": "B", "fate": "lost"} for suit in ("hearts", "spades", "clubs")}
    event = deal_event(replay(danish_deal(kings=kings), "schwartz-1847"))
    assert items(event, "king_lost") == [{"B": -10, "A": 5, "C": 5}] * 3
    assert event["net"] == {"A": 15, "B": -30, "C": 15}


def test_004_L188_L201_fines_go_to_each_other_player():
    """004 L188 misdeal "5 points til hver", L191 revoke "5 points til hver af de andre",
    L200 a false meld pays "det dobbelte af, hvad han har modtaget"."""
    record = danish_deal(
        fines=[
            {"player": "A", "offence": "misdeal"},
            {"player": "B", "offence": "revoke"},
            {"player": "C", "offence": "wrong_meld", "meld": {"suits": {"hearts": "full"}}},
        ]
    )
    event = deal_event(replay(record, "schwartz-1847"))
    assert item(event, "fine.misdeal") == {"A": -10, "B": 5, "C": 5}
    assert item(event, "fine.revoke") == {"B": -10, "A": 5, "C": 5}
    assert item(event, "fine.wrong_meld") == {"C": -20, "A": 10, "B": 10}


def test_004_L197_L198_the_member_sitting_out_has_no_part():
    """004 L197-L198: "deltager man hverken i gevinst eller tab sa ofte man sidder over"."""
    table = ["A", "B", "C", "D"]
    record = danish_deal(
        table=table, last_trick="B", pagat={"holder": "B", "fate": "ultimo"}, nolo=None, counts={"A": 40, "B": 30}
    )
    result = replay(record, "schwartz-1847", table, close="split")
    assert result["balances"]["C"] == 0
    assert result["balances"] == {"A": 14 - 15, "B": 4 + 30, "C": 0, "D": -18 - 15}


# --- seed 000 via its extraction: §14.1 meld arithmetic (ensartede) ----------------------------


@pytest.mark.parametrize(
    "meld, value, row",
    [
        ({"matadors": 3}, 10, "Matadors 3 → 10 (L91)"),
        ({"matadors": 4}, 15, "Matadors 4 → 15 (L91)"),
        ({"matadors": 5}, 20, "Matadors 5 → 20 (L91)"),
        ({"matadors": 9}, 40, "9 matadorer = 8 × 5 = 40 (L91)"),
        ({"taroks": 10, "pagat": True}, 10, "Taroks 10 → 10 (L93)"),
        ({"taroks": 11, "pagat": True}, 15, "Taroks 11 → 15 (L93)"),
        ({"taroks": 12, "pagat": False}, 20, "Taroks 12 → 20 (L93)"),
        ({"taroks": 10, "pagat": False}, 10, "9 taroks + Scus paid as 10 (L93)"),
        ({"taroks": 11, "pagat": False}, 15, "10 taroks + Scus paid as 11 (L93)"),
        ({"suits": {"spades": "full"}}, 10, "Full kavaleri 10 (L97)"),
        ({"suits": {"spades": {"level": "half", "missing": "queen"}}}, 5, "Half kavaleri 5 (L97, L99)"),
        ({"suits": {"spades": "overfull"}}, 15, "Sprøjte 15 (L97)"),
        ({"kings": "full"}, 10, "Full kings 10 (L99)"),
        ({"kings": {"level": "half", "missing": "clubs"}}, 5, "Half kings 5 (L99)"),
        ({"kings": "overfull"}, 15, "Sprøjtefulde konger 15 (L99)"),
    ],
)
def test_000_x14_1_meld_arithmetic(meld, value, row):
    """Extract 000 §14.1: the meld values from each opponent."""
    event = deal_event(replay(danish_deal(melds={"C": meld}), "ensartede"))
    melds = [i for i in event["items"] if i["rule"].startswith("meld.")]
    assert [i["postings"] for i in melds] == [{"C": 2 * value, "A": -value, "B": -value}], row


@pytest.mark.parametrize(
    "said",
    [{"taroks": 10, "pagat": True}, {"taroks": 11, "pagat": False}],
    ids=["10-med-holds-10-uden-L107", "11-holds-12-L107-L109"],
)
def test_000_x14_1_a_wrong_meld_found_during_play_pays_nothing_and_costs_the_fine(said):
    """Extract 000 §14.1 / L107-L109: a wrong meld "the meld pays 0" (what was received is paid
    back, so the engine never pays it); found by another: 5 in each cup (L101-L103), barred."""
    record = danish_deal(
        last_trick="B",
        pagat={"holder": "B", "fate": "ultimo"},
        fines=[{"player": "B", "offence": "wrong_meld", "meld": said}],
    )
    event = deal_event(replay(record, "ensartede", **cups(100, 80)))
    assert [i["rule"] for i in event["items"] if i["rule"].startswith("meld.")] == []
    assert item(event, "fine.wrong_meld") == {"B": -10, P: 5, K: 5}
    assert items(event, "pagat_ultimo") == []  # cannot ultimo
    assert event["net"] == {"A": -10, "B": -10, "C": 0}


def test_000_x14_1_a_meld_corrected_at_once_without_information_counts_as_corrected():
    """Extract 000 §14.1 / L105: full kavaleri corrected at once to sprøjtefuldt: no consequences."""
    record = danish_deal(
        last_trick="B", melds={"B": {"suits": {"hearts": "overfull"}}}, pagat={"holder": "B", "fate": "ultimo"}
    )
    event = deal_event(replay(record, "ensartede", **cups(100, 80)))
    assert item(event, "meld.suit") == {"B": 30, "A": -15, "C": -15}
    assert len(items(event, "pagat_ultimo")) == 1


def test_000_x14_1_a_half_kavaleri_corrected_to_nothing_has_the_same_consequences():
    """Extract 000 §14.1 / L105: "de samme følger": cannot ultimo (owned up: no money fine)."""
    record = danish_deal(
        last_trick="B",
        pagat={"holder": "B", "fate": "ultimo"},
        fines=[{"player": "B", "offence": "wrong_meld_self", "meld": {"suits": {"hearts": "half"}}}],
    )
    event = deal_event(replay(record, "ensartede", **cups(100, 80)))
    assert rules_of(event) == ["stake"]


# --- seed 000: §14.2 payment amounts ---------------------------------------------------------


def test_000_x14_2_pagat_saved_and_lost_and_kings_lost():
    """Extract 000 §14.2 (L141, L487): Pagat saved +5 from each; lost 5 to each + 5 Pagatkop;
    "taber 15 point for hver konge"."""
    record = danish_deal(pagat={"holder": "B", "fate": "saved"}, kings={"hearts": {"holder": "C", "fate": "lost"}})
    event = deal_event(replay(record, "ensartede", **cups(100, 80)))
    assert item(event, "pagat_saved") == {"B": 10, "A": -5, "C": -5}
    assert item(event, "king_lost") == {"C": -15, "A": 5, "B": 5, K: 5}
    event = deal_event(replay(danish_deal(pagat={"holder": "B", "fate": "lost"}), "ensartede", **cups(100, 80)))
    assert item(event, "pagat_lost") == {"B": -15, "A": 5, "C": 5, P: 5}


def test_000_x14_2_last_trick_with_pagat_and_kings_gone_is_10_from_each():
    """Extract 000 §14.2 (L141)."""
    event = deal_event(
        replay(danish_deal(last_trick="C", pagat={"holder": "A", "fate": "saved"}), "ensartede", **cups(100, 80))
    )
    assert item(event, "last_trick") == {"C": 20, "A": -10, "B": -10}


def test_000_x14_2_ultimo_and_bagud():
    """Extract 000 §14.2 (L255, L257): take the cup + 45 (Pagat) / 40 (King) from each; bagud
    doubles the cup + 45 / 40 to each."""
    event = deal_event(
        replay(danish_deal(last_trick="B", pagat={"holder": "B", "fate": "ultimo"}), "ensartede", **cups(100, 80))
    )
    assert item(event, "pagat_ultimo") == {"B": 105 + 90, P: -105, "A": -45, "C": -45}
    event = deal_event(
        replay(danish_deal(last_trick="B", pagat={"holder": "A", "fate": "bagud"}), "ensartede", **cups(100, 80))
    )
    assert item(event, "pagat_bagud") == {"A": -105 - 90, P: 105, "B": 45, "C": 45}
    event = deal_event(
        replay(
            danish_deal(last_trick="B", kings={"hearts": {"holder": "B", "fate": "ultimo"}}),
            "ensartede",
            **cups(100, 80),
        )
    )
    assert item(event, "king_ultimo") == {"B": 85 + 80, K: -85, "A": -40, "C": -40}
    event = deal_event(
        replay(
            danish_deal(last_trick="B", kings={"hearts": {"holder": "C", "fate": "bagud"}}),
            "ensartede",
            **cups(100, 80),
        )
    )
    assert item(event, "king_bagud") == {"C": -85 - 80, K: 85, "A": 40, "B": 40}


def test_000_x14_2_nolo_won_26_from_each_no_count_no_ultimo():
    """Extract 000 §14.2 (L129, L677)."""
    record = danish_deal(
        last_trick="B", nolo="C", kings={"hearts": {"holder": "B", "fate": "ultimo"}}, counts={"A": 40, "B": 38}
    )
    event = deal_event(replay(record, "ensartede", **cups(100, 80)))
    assert rules_of(event) == ["stake", "nolo"]
    assert item(event, "nolo") == {"C": 52, "A": -26, "B": -26}


def test_000_x14_2_fresh_cups_for_4_players_hold_80_and_the_dealer_stakes_5():
    """Extract 000 §14.2 (L69): "Fresh cups, 4 players: each cup 4 × 20 = 80"; "Each deal: dealer 5
    into each cup"."""
    result = replay(danish_deal(table=ABDC), "ensartede", ABDC)
    assert result["events"][0]["cups_after"] == {"pagat": 80, "king": 80}
    assert item(deal_event(result), "stake") == {"A": -10, P: 5, K: 5}


# --- seed 000: §14.4 derived test cases --------------------------------------------------------


def test_000_DT1_count_one_winner():
    """DT1: A 31, B 27, C 20 → A +5, B +1, C −6."""
    event = deal_event(replay(danish_deal(counts={"A": 31, "B": 27, "C": 20}), "ensartede"))
    assert item(event, "count") == {"A": 5, "B": 1, "C": -6}


def test_000_DT2_count_two_losers():
    """DT2: A 40, B 20, C 18 → A +14, B −6, C −8."""
    event = deal_event(replay(danish_deal(counts={"A": 40, "B": 20, "C": 18}), "ensartede"))
    assert item(event, "count") == {"A": 14, "B": -6, "C": -8}


def test_000_DT3_count_below_78_shortfall_to_the_pagatkop():
    """DT3: A 30, B 26, C 20 (76) → A +4, B 0, C −6: C pays 4 to A and 2 to the Pagatkop (L145)."""
    event = deal_event(replay(danish_deal(counts={"A": 30, "B": 26, "C": 20}), "ensartede", **cups(100, 80)))
    assert item(event, "count") == {"A": 4, "C": -6, P: 2}
    assert event["cups_after"] == {"pagat": 107, "king": 85}


def test_000_DT4_count_above_78_is_refused():
    """DT4: A 32, B 27, C 21 (80) → reject and recount."""
    assert problems(danish_deal(counts={"A": 32, "B": 27, "C": 21}), "ensartede") == [(1, "counts", "count_total")]


def test_000_DT7_pagat_ultimo_with_d_sitting_out():
    """DT7: P 100, K 80; A stakes (P 105, K 85); B ultimos with the Pagat, A and C pay 45 each;
    A, B, C, D refund 20 → P 80. Nets A −75, B +175, C −65, D −20."""
    record = danish_deal(table=ABDC, last_trick="B", pagat={"holder": "B", "fate": "ultimo"})
    event = deal_event(replay(record, "ensartede", ABDC, **cups(100, 80)))
    assert item(event, "pagat_ultimo") == {"B": 105 + 90, P: -105, "A": -45, "C": -45}
    assert event["net"] == {"A": -75, "B": 175, "D": -20, "C": -65}
    assert event["cups_after"] == {"pagat": 80, "king": 85}


def test_000_DT8_pagat_bagud():
    """DT8: as DT7 up to P 105; C goes bagud: pays 105 into P (210) and 45 each to A and B."""
    record = danish_deal(table=ABDC, last_trick="B", pagat={"holder": "C", "fate": "bagud"})
    event = deal_event(replay(record, "ensartede", ABDC, **cups(100, 80)))
    assert item(event, "pagat_bagud") == {"C": -105 - 90, P: 105, "A": 45, "B": 45}
    assert event["cups_after"] == {"pagat": 210, "king": 85}
    assert event["net"] == {"A": -10 + 45, "B": 45, "D": 0, "C": -195}


def test_000_DT9_king_ultimo_and_king_bagud_in_one_trick():
    """DT9: K 85; B ultimos ♥K, C bagud ♠K: B takes 85, C pays 85, all four refund 20 → K 165.
    B +185, C −225, A −20 (+ stake), D −20."""
    kings = {"hearts": {"holder": "B", "fate": "ultimo"}, "spades": {"holder": "C", "fate": "bagud"}}
    event = deal_event(replay(danish_deal(table=ABDC, last_trick="B", kings=kings), "ensartede", ABDC, **cups(100, 80)))
    assert only(event, "king_ultimo", "king_bagud") == {"B": 85 + 120, "C": -85 - 120}
    assert event["net"] == {"A": -20 - 10, "B": 185, "D": -20, "C": -225}
    assert event["cups_after"] == {"pagat": 105, "king": 165}


def test_000_DT10_nolo_with_two_kings_lost():
    """DT10: C takes no tricks, lost ♦K and ♣K: A −16, B −16, C +22, Kongekop +10 (no count, no
    ultimo). The last-trick 10 is open in the extract; the brief (§4) pays it to the winner."""
    kings = {"diamonds": {"holder": "C", "fate": "lost"}, "clubs": {"holder": "C", "fate": "lost"}}
    record = danish_deal(table=ABDC, last_trick="B", nolo="C", kings=kings, counts={"A": 40, "B": 38})
    event = deal_event(replay(record, "ensartede", ABDC, **cups(100, 80)))
    assert only(event, "nolo", "king_lost") == {"A": -16, "B": -16, "C": 22, K: 10}
    assert items(event, "count") == []
    assert item(event, "last_trick") == {"B": 20, "A": -10, "C": -10}
    assert event["net"] == {"A": -16 - 10 - 10, "B": -16 + 20, "D": 0, "C": 22 - 10}
    assert event["cups_after"] == {"pagat": 105, "king": 95}


def test_000_DT11_and_x8a_revoke_causes_a_king_ultimo():
    """DT11 / §8(a) (L161-L169): X = 85; A (forehand) takes 85 and gets 80 from C; C pays 85 into
    the Kongekop plus the 20 + 20 fine; no refund round; B pays nothing.
    A +165, C −205 (stake aside), P +20 from the fine.

    Brief §2 puts the fine (step 4) in the cup before X is measured (step 6), so for X to be 85
    the Kongekop holds 60 before C's stake: 60 + 5 + 20 = 85. The Kongekop then ends at X = 85
    (C put back what A took); DT11's "K = 85 + 20 = 105" adds the fine after X, against §2."""
    record = danish_deal(
        dealer="C",
        table=ABC,
        last_trick="A",
        kings={"diamonds": {"holder": "A", "fate": "ultimo"}},
        fines=[{"player": "C", "offence": "revoke"}],
        culprit={"player": "C", "caused": "ultimo"},
    )
    event = deal_event(replay(record, "ensartede", ABC, **cups(100, 60)))
    assert item(event, "king_ultimo") == {"A": 85 + 80, K: -85, "C": -80}
    assert item(event, "culprit_ultimo") == {"C": -85, K: 85}
    assert item(event, "fine.revoke") == {"C": -40, P: 20, K: 20}
    assert only(event, "king_ultimo", "culprit_ultimo", "fine.revoke") == {"A": 165, "C": -205, P: 20, K: 20}
    assert items(event, "refund") == []
    assert event["net"] == {"C": -205 - 10, "A": 165, "B": 0}
    assert event["cups_after"] == {"pagat": 100 + 5 + 20, "king": 85}


def test_000_x8b_revoke_that_makes_no_difference_settles_the_ultimo_normally():
    """§8(b) (L171-L177): B revokes, A's ♥K ultimo stands: B and C pay 40 each, A takes the cup
    and the refund follows; B pays 20 into each cup."""
    record = danish_deal(
        dealer="C",
        table=ABC,
        last_trick="A",
        kings={"hearts": {"holder": "A", "fate": "ultimo"}},
        fines=[{"player": "B", "offence": "revoke"}],
    )
    event = deal_event(replay(record, "ensartede", ABC, **cups(100, 80)))
    x = 80 + 5 + 20
    assert item(event, "king_ultimo") == {"A": x + 80, K: -x, "B": -40, "C": -40}
    assert item(event, "fine.revoke") == {"B": -40, P: 20, K: 20}
    assert item(event, "refund") == {K: 60, "C": -20, "A": -20, "B": -20}


def test_000_x8c_wrong_cards_cause_an_ultimo():
    """§8(c) (L179-L185): B's wrong cards let C ultimo ♥K: B pays 80 to C (his 40 and A's 40),
    replaces the Kongekop and pays 20 into each cup."""
    record = danish_deal(
        dealer="C",
        table=ABC,
        last_trick="C",
        kings={"hearts": {"holder": "C", "fate": "ultimo"}},
        fines=[{"player": "B", "offence": "wrong_cards"}],
        culprit={"player": "B", "caused": "ultimo"},
    )
    event = deal_event(replay(record, "ensartede", ABC, **cups(100, 80)))
    x = 80 + 5 + 20
    assert item(event, "king_ultimo") == {"C": x + 80, K: -x, "B": -80}
    assert item(event, "culprit_ultimo") == {"B": -x, K: x}
    assert event["net"] == {"C": -10 + x + 80, "A": 0, "B": -40 - 80 - x}


def test_000_x8d_ultimo_prevented_by_wrong_cards_is_awarded_at_the_culprits_cost():
    """§8(d) (L187-L189): "A ultimerer og C, der har fejle kort, må foruden at betale egne også
    betale B's omkostninger og erstatte Pagatkoppen, som A tager hjem": A gets X and 90 from C;
    B pays nothing. Rev. 2 records it as a prevented ultimo; A led the Pagat in the second-last
    trick and lost it there (5 to each, 5 into the Pagatkop), which settles as recorded, and so
    does B's plain last trick (10 from each, no Pagat or King in it).

    X = 100 + 5 stake + 20 fine + 5 lost = 130."""
    record = danish_deal(
        dealer="C",
        table=ABC,
        last_trick="B",
        pagat={"holder": "A", "fate": "lost"},
        fines=[{"player": "C", "offence": "wrong_cards"}],
        culprit={"player": "C", "caused": "prevented_ultimo", "card": "pagat", "victim": "A"},
    )
    event = deal_event(replay(record, "ensartede", ABC, **cups(100, 80)))
    x = 100 + 5 + 20 + 5
    assert item(event, "pagat_ultimo") == {"A": x + 90, P: -x, "C": -90}
    assert item(event, "culprit_ultimo") == {"C": -x, P: x}
    assert refs(event, "pagat_ultimo") == refs(event, "culprit_ultimo") == ["000 L187–L189"]
    assert item(event, "last_trick") == {"B": 20, "A": -10, "C": -10}
    assert items(event, "refund") == []
    assert event["net"] == {"A": -15 + x + 90 - 10, "B": 5 + 20, "C": -10 - 40 + 5 - 90 - x - 10}
    assert event["cups_after"] == {"pagat": x, "king": 80 + 5 + 20}


def test_000_x8e_bagud_caused_by_wrong_cards_is_paid_by_the_culprit():
    """§8(e) (L191-L199): A goes bagud with ♠K because of B's wrong cards: B pays the doubling and
    A's 40 to C; the 40 A would owe B lapses; A pays nothing; B pays 20 into each cup."""
    record = danish_deal(
        dealer="C",
        table=ABC,
        last_trick="C",
        kings={"spades": {"holder": "A", "fate": "bagud"}},
        fines=[{"player": "B", "offence": "wrong_cards"}],
        culprit={"player": "B", "caused": "bagud"},
    )
    event = deal_event(replay(record, "ensartede", ABC, **cups(100, 80)))
    x = 80 + 5 + 20
    assert item(event, "culprit_bagud") == {"B": -x - 40, K: x, "C": 40}
    assert items(event, "king_bagud") == []
    assert event["net"] == {"C": -10 + 40, "A": 0, "B": -40 - x - 40}
    assert event["cups_after"]["king"] == 2 * x
