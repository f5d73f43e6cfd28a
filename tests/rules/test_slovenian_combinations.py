"""Combinations of slovenian-tarok.md's rules that the worked examples of §13 leave out: kontra levels
with the radelc, kontra on bonuses, valat over everything, mondfang beside kontra, klop's limits and
variants, three and five members, and the close. Every number is worked by hand from the rule cited
(never from the engine's output).

Four members Ana, Bor, Cene, Dana unless said; defaults; no radelci unless said.
"""

from slovenian_kit import TABLE, deal_events, problems, replay, scores, sitting

FIVE = (*TABLE, "Eva")
THREE = ("Ana", "Bor", "Cene")
ONE_EACH = {"Ana": 1, "Bor": 1, "Cene": 1, "Dana": 1}


def line(table=TABLE, **points):
    """A sheet line: the members named write their points, the others 0."""
    return {member: points.get(member, 0) for member in table}


def klop(**piles):
    return {"contract": "klop", "klop": piles}


# --- kontra (R30) with the radelc (R51, R52) and on bonuses (R33) -----------------------------------


def test_r30_r51_re_and_the_declarers_radelc_multiply_independently():
    """Three 50 (15), re: (10 + 15) × 4 = 100; Ana's radelc ×2 = 200 each; won, so crossed off."""
    [event] = deal_events(
        {"contract": "three", "declarer": "Ana", "partner": "Bor", "card_points": 50, "kontra": 2}, radelci={"Ana": 1}
    )
    assert event["scores"] == line(Ana=200, Bor=200)
    assert event["radelci_after"] == line()


def test_r30_kontra_on_the_game_and_sub_on_an_announced_bonus_with_two_radelci():
    """Two 48 (15), kontra: 35 × 2 = 70; trula announced, made, sub: 20 × 8 = 160; Ana's two
    radelci double once (R51): 230 × 2 = 460 each, one crossed off (R52)."""
    deal = {
        "contract": "two",
        "declarer": "Ana",
        "partner": "Cene",
        "card_points": 48,
        "kontra": 1,
        "bonuses": {"trula": {"announced": "declarer", "made": "declarer", "kontra": 3}},
    }
    [event] = deal_events(deal, radelci={"Ana": 2})
    assert event["scores"] == line(Ana=460, Cene=460)
    assert event["radelci_after"]["Ana"] == 1


def test_r30_r33_kontra_on_the_opponents_announced_kings():
    """Solo three 36 (0) = 40; the opponents announce kings and are kontra'd: 20 × 2 = 40, made
    −40 (0), failed +40 (80)."""
    deal = {"contract": "solo_three", "declarer": "Ana", "card_points": 36}
    made = {"kings": {"announced": "opponents", "made": "opponents", "kontra": 1}}
    assert scores(deal | {"bonuses": made}) == line(Ana=0)
    failed = {"kings": {"announced": "opponents", "kontra": 1}}
    assert scores(deal | {"bonuses": failed}) == line(Ana=80)


def test_r30_max_kontra_bounds_the_bonus_kontra_too():
    deal = {
        "contract": "two",
        "declarer": "Ana",
        "partner": "Bor",
        "card_points": 40,
        "bonuses": {"trula": {"announced": "declarer", "kontra": 2}},
    }
    assert problems(sitting(deal, overrides={"max_kontra": 1})) == [(1, "bonuses.trula.kontra", "out_of_range")]


def test_r31_bonus_values_announced_is_twice_the_silent_value():
    """Pagat ultimo's silent value 30: announced and made 60; three 40 (5) = 15 + 60 = 75."""
    deal = {
        "contract": "three",
        "declarer": "Ana",
        "partner": "Bor",
        "card_points": 40,
        "bonuses": {"pagat_ultimo": {"announced": "declarer", "made": "declarer"}},
    }
    assert scores(deal, overrides={"bonus_values": {"pagat_ultimo": 30}}) == line(Ana=75, Bor=75)


def test_r33_an_ultimo_made_and_lost_at_once_is_refused():
    deal = {
        "contract": "two",
        "declarer": "Ana",
        "partner": "Bor",
        "card_points": 40,
        "bonuses": {"pagat_ultimo": {"made": "declarer", "lost": "declarer"}},
    }
    assert problems(sitting(deal)) == [(1, "bonuses.pagat_ultimo.lost", "bonus_made_and_lost")]


# --- valat over everything (R35, R50) -------------------------------------------------------------


def test_r35_silent_valat_with_re_on_the_game():
    """Solo three, every trick, re on the game: 250 × 4 = 1000; radelci for all (R50)."""
    deal = {
        "contract": "solo_three",
        "declarer": "Ana",
        "card_points": 70,
        "kontra": 2,
        "bonuses": {"valat": {"made": "declarer"}, "kings": {"made": "declarer"}},
    }
    [event] = deal_events(deal)
    assert event["scores"] == line(Ana=1000)
    assert event["radelci_after"] == ONE_EACH


def test_r35_announced_valat_with_mort_and_the_declarers_radelc():
    """500 × 16 = 8000, Ana's radelc ×2 = 16000 each; won: crossed off, then one each (R53)."""
    deal = {
        "contract": "one",
        "declarer": "Ana",
        "partner": "Bor",
        "card_points": 70,
        "bonuses": {"valat": {"announced": "declarer", "made": "declarer", "kontra": 4}},
    }
    [event] = deal_events(deal, radelci={"Ana": 1})
    assert event["scores"] == line(Ana=16000, Bor=16000)
    assert event["radelci_after"] == ONE_EACH


def test_r35_failed_announced_valat_with_re_and_the_declarers_radelc():
    """−500 × 4 = −2000, ×2 = −4000 each; lost: Ana keeps hers and gets another (R52, R50)."""
    deal = {
        "contract": "one",
        "declarer": "Ana",
        "partner": "Bor",
        "card_points": 60,
        "bonuses": {"valat": {"announced": "declarer", "kontra": 2}},
    }
    [event] = deal_events(deal, radelci={"Ana": 1})
    assert event["scores"] == line(Ana=-4000, Bor=-4000)
    assert event["radelci_after"] == {"Ana": 2, "Bor": 1, "Cene": 1, "Dana": 1}


def test_r35_the_opponents_silent_valat_is_doubled_by_the_declarers_radelc():
    """Solo one, the opponents take every trick: −250, Ana's radelc ×2 = −500, kept, then one more.
    Kontra on the game instead of the radelc: −250 × 2 = −500."""
    deal = {"contract": "solo_one", "declarer": "Ana", "card_points": 0, "bonuses": {"valat": {"made": "opponents"}}}
    [event] = deal_events(deal, radelci={"Ana": 1})
    assert event["scores"] == line(Ana=-500)
    assert event["radelci_after"] == {"Ana": 2, "Bor": 1, "Cene": 1, "Dana": 1}
    assert scores(deal | {"kontra": 1}) == line(Ana=-500)


def test_r35_failed_announced_valat_added_with_its_kontra():
    """`failed_announced_valat: add`: two 60 (25) = 45, silent trula +10, the valat kontra'd
    −500 × 2 = −1000: −945 each."""
    deal = {
        "contract": "two",
        "declarer": "Ana",
        "partner": "Cene",
        "card_points": 60,
        "bonuses": {"valat": {"announced": "declarer", "kontra": 1}, "trula": {"made": "declarer"}},
    }
    assert scores(deal, overrides={"failed_announced_valat": "add"}) == line(Ana=-945, Cene=-945)


# --- mondfang (R40, R41) -----------------------------------------------------------------------


def test_r40_r41_mondfang_is_never_multiplied_by_kontra():
    """Three members: two 45 (10) with kontra = 60; Cene's mond −21, not doubled."""
    deal = {"contract": "two", "declarer": "Ana", "card_points": 45, "kontra": 1, "mondfang": "Cene"}
    assert scores(deal, table=THREE) == line(THREE, Ana=60, Cene=-21)
    solo = {"contract": "solo_without", "declarer": "Ana", "card_points": 50, "kontra": 1, "mondfang": "Ana"}
    assert scores(solo) == line(Ana=140)  # R23: 80 × 2, then −20


def test_r40_r22_no_mondfang_in_beggar_or_klop():
    beggar = {"contract": "beggar", "declarer": "Ana", "won": True, "mondfang": "Bor"}
    assert problems(sitting(beggar)) == [(1, "mondfang", "not_allowed")]
    piles = klop(Ana=20, Bor=18, Cene=17, Dana=15) | {"mondfang": "Bor"}
    assert problems(sitting(piles)) == [(1, "mondfang", "not_allowed")]


# --- flat contracts and solo without with the radelc (R22, R23, R12, R50-R53) ----------------------


def test_r52_r53_a_made_beggar_crosses_off_then_everyone_gets_one():
    """+70 × 2 = 140; Ana 1 → 0 (crossed off) → 1 (R50)."""
    [event] = deal_events({"contract": "beggar", "declarer": "Ana", "won": True}, radelci={"Ana": 1})
    assert event["scores"] == line(Ana=140)
    assert event["radelci_after"] == ONE_EACH


def test_r23_solo_without_lost_with_kontra_and_a_radelc():
    """`won` alone: −80 × 2 × 2 = −320; lost, so kept, then one more."""
    [event] = deal_events(
        {"contract": "solo_without", "declarer": "Ana", "won": False, "kontra": 1}, radelci={"Ana": 1}
    )
    assert event["scores"] == line(Ana=-320)
    assert event["radelci_after"]["Ana"] == 2


def test_r12_pikolo_with_kontra_and_a_radelc():
    """Pikolo 55 made, kontra: 55 × 2 × 2 = 220; crossed off, then one more."""
    [event] = deal_events(
        {"contract": "pikolo", "declarer": "Ana", "won": True, "kontra": 1},
        radelci={"Ana": 1},
        overrides={"pikolo": 55},
    )
    assert event["scores"] == line(Ana=220)
    assert event["radelci_after"] == ONE_EACH


def test_r20_r52_won_with_difference_0_crosses_off_and_gives_no_radelci():
    """Solo one, won by a difference rounded to 0: 60 × 2 = 120; Ana 1 → 0; a talon game gives none."""
    [event] = deal_events({"contract": "solo_one", "declarer": "Ana", "won": True, "difference": 0}, radelci={"Ana": 1})
    assert event["scores"] == line(Ana=120)
    assert event["radelci_after"] == line()


def test_r10_contract_values_change_a_talon_game_beside_its_difference():
    """Three worth 12: three 50 (15) = 27 each."""
    deal = {"contract": "three", "declarer": "Ana", "partner": "Bor", "card_points": 50}
    assert scores(deal, overrides={"contract_values": {"three": 12}}) == line(Ana=27, Bor=27)


# --- klop (R60-R63) ---------------------------------------------------------------------------------


def test_r60_r61_klop_limits_36_is_full_35_is_not():
    assert scores(klop(Ana=36, Bor=20, Cene=10, Dana=4)) == line(Ana=-70)
    assert scores(klop(Ana=35, Bor=20, Cene=10, Dana=5)) == line(Ana=-35, Bor=-20, Cene=-10, Dana=-5)


def test_r61_empty_without_a_full_and_two_empty_beside_one_full():
    assert scores(klop(Ana=35, Bor=34, Cene=1, Dana=0)) == line(Dana=70)  # only the empty one writes
    assert scores(klop(Ana=36, Bor=35, Cene=0, Dana=0)) == line(Ana=-70, Cene=70, Dana=70)  # 71 in all


def test_r61_klop_rounding_to_the_nearest_5():
    """33 → 35, 32 → 30, 3 → 5, 1 → 0 (69 in all)."""
    assert scores(klop(Ana=33, Bor=32, Cene=3, Dana=1)) == line(Ana=-35, Bor=-30, Cene=-5)


def test_r61_r63_klop_kontra_and_the_own_radelc():
    """`klop_kontra`, kontra: 20/18/17/15 → −20, −20, −15, −15 × 2; Ana's own radelc ×2 more: −80."""
    [event] = deal_events(
        klop(Ana=20, Bor=18, Cene=17, Dana=15) | {"kontra": 1}, radelci={"Ana": 1}, overrides={"klop_kontra": True}
    )
    assert event["scores"] == line(Ana=-80, Bor=-40, Cene=-30, Dana=-30)
    assert event["radelci_after"] == {"Ana": 2, "Bor": 1, "Cene": 1, "Dana": 1}


def test_r61_full_only_the_empty_writes_nothing_and_crosses_nothing_off():
    """Ana empty beside Bor full: Ana 0 (no plus, her radelc stays, then one more), Bor −70."""
    [event] = deal_events(
        klop(Ana=0, Bor=40, Cene=15, Dana=15), radelci={"Ana": 1}, overrides={"klop_full_and_empty": "full_only"}
    )
    assert event["scores"] == line(Bor=-70)
    assert event["radelci_after"] == {"Ana": 2, "Bor": 1, "Cene": 1, "Dana": 1}


def test_r61_half_with_radelci_and_an_empty_without_a_full():
    """`half`: Ana empty +35 × 2 (her radelc) = 70, crossed off then one more; Bor full −35. An empty
    member with nobody full still writes +70."""
    overrides = {"klop_full_and_empty": "half"}
    [event] = deal_events(klop(Ana=0, Bor=40, Cene=15, Dana=15), radelci={"Ana": 1}, overrides=overrides)
    assert event["scores"] == line(Ana=70, Bor=-35)
    assert event["radelci_after"] == ONE_EACH
    assert scores(klop(Ana=0, Bor=30, Cene=25, Dana=15), overrides=overrides) == line(Ana=70)


def test_r62_two_full_piles_cannot_add_up_to_71():
    assert problems(sitting(klop(Ana=36, Bor=36, Cene=0, Dana=0))) == [
        (1, "klop", "klop_total"),
        (1, "klop", "klop_two_full"),
    ]


def test_r54_r61_five_member_klop_empty_and_full():
    deal = klop(Bor=0, Cene=40, Dana=15, Eva=15) | {"out": "Ana"}
    [event] = deal_events(deal, table=FIVE)
    assert event["scores"] == line(FIVE, Bor=70, Cene=-70)
    assert event["radelci_after"] == line(FIVE, Bor=1, Cene=1, Dana=1, Eva=1)


# --- three and five members (R3, R4, R54, R81) ----------------------------------------------------


def test_r4_no_king_ultimo_at_three_members_and_the_partner_may_be_null():
    deal = {"contract": "two", "declarer": "Ana", "card_points": 45}
    king = deal | {"bonuses": {"king_ultimo": {"made": "declarer"}}}
    assert problems(sitting(king, table=THREE)) == [(1, "bonuses.king_ultimo", "not_allowed")]
    assert scores(deal | {"partner": None}, table=THREE) == line(THREE, Ana=30)  # 20 + 10, alone


def test_r3_r81_five_members_declarer_alone_and_the_money_points():
    """One 40 (5) = 35 to Ana alone (partner null); money points n = 5, Σ = 35: Ana 5 × 35 − 35 =
    140, every other member −35, the one sitting out too."""
    deal = {"contract": "one", "declarer": "Ana", "partner": None, "out": "Eva", "card_points": 40}
    [event] = deal_events(deal, table=FIVE)
    assert event["scores"] == line(FIVE, Ana=35)
    assert event["net"] == {"Ana": 140, "Bor": -35, "Cene": -35, "Dana": -35, "Eva": -35}
    assert event["radelci_after"] == line(FIVE)


def test_r11_beggar_lost_with_re_at_five_and_the_declarers_radelc():
    """−70 × 4 × 2 = −560; the radelc stays; one more each for the four who played (R54)."""
    deal = {"contract": "beggar", "declarer": "Bor", "out": "Ana", "won": False, "kontra": 2}
    [event] = deal_events(deal, table=FIVE, radelci={"Ana": 1, "Bor": 1})
    assert event["scores"] == line(FIVE, Bor=-560)
    assert event["radelci_after"] == {"Ana": 1, "Bor": 2, "Cene": 1, "Dana": 1, "Eva": 1}


def test_r54_r80_r81_the_sitters_radelc_is_paid_at_the_close():
    """`radelci_for_sitter`: Bor's beggar +70 gives all five a radelc; the close −100 each. Totals
    Ana −100, Bor −30, the rest −100; money: the deal 5 × 70 − 70 = 280 to Bor, −70 to each other;
    the close is even (0 each)."""
    result = replay(
        {"contract": "beggar", "declarer": "Bor", "out": "Ana", "won": True},
        table=FIVE,
        overrides={"radelci_for_sitter": True},
        close=True,
    )
    assert result["totals"] == {"Ana": -100, "Bor": -30, "Cene": -100, "Dana": -100, "Eva": -100}
    assert result["events"][-1]["net"] == line(FIVE)
    assert result["balances"] == {"Ana": -70, "Bor": 280, "Cene": -70, "Dana": -70, "Eva": -70}


# --- renons (R64) ---------------------------------------------------------------------------------


def test_r64_renons_touches_nobodys_radelci_and_takes_no_kontra():
    [event] = deal_events({"contract": "renons", "offender": "Cene"}, radelci={"Cene": 2})
    assert event["scores"] == line(Cene=-70)
    assert event["radelci_after"] == line(Cene=2)
    assert problems(sitting({"contract": "renons", "offender": "Cene", "kontra": 1})) == [(1, "kontra", "not_allowed")]


def test_r1_a_name_longer_than_60_characters_is_refused():
    assert problems(sitting(table=("Ana", "Bor", "x" * 61))) == [(None, "table[2]", "long_name")]


def test_r52_r35_a_valat_worth_0_still_wins_the_game_and_crosses_off():
    """R52 crosses off when the declarer wins the game, "not the sign of the total": with the valat
    worth 0 (`bonus_values`), a valat the declarer's side made, silent or announced, writes 0 but
    is still won, so Ana's radelc is crossed off (1 → 0), then everyone gets one (R50)."""
    for valat in ({"made": "declarer"}, {"announced": "declarer", "made": "declarer"}):
        deal = {"contract": "one", "declarer": "Ana", "partner": "Bor", "card_points": 70, "bonuses": {"valat": valat}}
        [event] = deal_events(deal, radelci={"Ana": 1}, overrides={"bonus_values": {"valat": 0}})
        assert event["scores"] == line()
        assert event["radelci_after"] == ONE_EACH
