"""Divergences from the rules brief found by the independent audit (helper review-dk).

Each test states the brief's words and the hand computation; the default three-member table is
A (dealer), B (forehand), C (middlehand).
"""

from tarok_testkit import deal, replay

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
        result = replay(deal(table=T5, players=players), "vlk-2010", T5)
        balances = result["balances"]
        assert balances[players[0]] == -40 - 10 + 40
        assert [balances[p] for p in players[1:]] == [-40 - 20, -40 - 20]
        assert sorted(balances[p] for p in T5 if p not in players) == [-40, -40]
        assert (balances["cup:pagat"], balances["cup:king"]) == (105, 105)


def test_the_dealers_matadors_alone_stand_with_the_pagat_in_the_skat():
    """Brief §7 (rev. 2) refuses exactly "the dealer melding taroks "med Pagat" while the Pagat's
    fate is `skat` (000 L79: only a player with three taroks or fewer may lay one in the skat)";
    matadors alone are no item of the list (three taroks may be Pagat, 21 and Scus), and "a matador
    meld fixes its holder" — the dealer, who is the Pagat's holder. Ensartede, A deals and melds
    matadors 3: 10 + 5·(3 − 3) = 10 from each (§3): A +20 − 10 stake − 40 funding = −30; the
    plain last trick to A is 10 from each (000 L141, no Pagat or King in it): A −30 + 20 = −10;
    B and C −40 − 10 − 10 = −60; each cup 60 + 5 = 65."""
    record = deal(melds={"A": {"matadors": 3}}, pagat={"holder": "A", "fate": "skat"})
    balances = replay(record, "ensartede")["balances"]
    assert balances == {"A": -10, "B": -60, "C": -60, "cup:pagat": 65, "cup:king": 65}
