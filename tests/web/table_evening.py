"""One evening at Nordvest Tarok worked out by hand: the records and the totals the web tests expect.

Nordvest Tarok plays vlk-2010 (fund 20, stake 5, last trick 20 from each, ultimo and bagud 40
from each, rounded count) with Anna, Bent, Carl and Dorte at Bord 1, seated in that order;
Anna deals first. With four at the table the member opposite the dealer sits out.

    start: both cups empty, each member pays 20 into each  A -40  B -40  C -40  D -40  cups 80/80
    deal 1  Anna deals, Bent forehand, Dorte middlehand (Carl sits out);
            Bent takes the last trick; Anna counts 39 (+15), Dorte 19 (-5), Bent pays 10
              stake Anna -10 (cups +5/+5), last trick Bent +40 / Anna -20 / Dorte -20
                                                           A -15  B +30  C   0  D -25  cups 85/85
    deal 2  Bent deals, Carl forehand, Anna middlehand (Dorte sits out);
            Carl melds 10 taroks with the Pagat (10 from each) and makes the Pagat ultimo:
            he takes the Pagatkop (90 after the stake) and 40 from each, plus the vlk fee of
            5 from each for the Pagat in the last trick; the cup is refilled with 20 from all
            four; Bent counts 30 (+5), Anna 25 (0), Carl pays 5
                                                           A -75  B -80  C+175  D -20  cups 80/90
    deal 3  Carl deals, Dorte forehand, Bent middlehand (Anna sits out);
            Dorte's King of hearts goes bagud: she doubles the Kongekop (95 after the stake),
            pays 40 to each and the vlk fee of 5 to each + 5 to the cup; Bent takes the last
            trick; Carl counts 40 (+15), Bent 20 (-5), Dorte pays 10
                                                           A   0  B +80  C +30  D-220  cups 85/195
    totals                                                 A-130  B -10  C+165  D-305  (cups 280)

Correcting deal 1 (Dorte had lost the King of spades during play: 5 to each of the two
others and 5 into the Kongekop) makes deal 1  A -10  B +35  D -40 (Kongekop 90), and so deal
3's bagud doubles 100, not 95: Dorte -225 there.
    totals after the correction                            A-125  B  -5  C+165  D-325  cups 85/205
"""

PASSWORD = "kort-og-kopper-2026"
SEATS = ("Anna", "Bent", "Carl", "Dorte")

DEAL_1 = {
    "dealer": "Anna",
    "players": ["Anna", "Bent", "Dorte"],
    "last_trick": "Bent",
    "counts": {"Anna": 39, "Dorte": 19},
}
DEAL_2 = {
    "dealer": "Bent",
    "players": ["Bent", "Carl", "Anna"],
    "melds": {"Carl": {"taroks": 10, "pagat": True}},
    "pagat": {"holder": "Carl", "fate": "ultimo"},
    "last_trick": "Carl",
    "counts": {"Bent": 30, "Anna": 25},
}
DEAL_3 = {
    "dealer": "Carl",
    "players": ["Carl", "Dorte", "Bent"],
    "kings": {"hearts": {"holder": "Dorte", "fate": "bagud"}},
    "last_trick": "Bent",
    "counts": {"Carl": 40, "Bent": 20},
}
# Deal 1 as the deal form posts it: Anna −15, Bent +30, Carl 0, Dorte −25.
DEAL_1_FORM = {
    "dealer": "Anna",
    "forehand": "Bent",
    "middlehand": "Dorte",
    "last_trick": "Bent",
    "dealer_count": "39",
    "middlehand_count": "19",
}
DEAL_1_CORRECTED = DEAL_1 | {"kings": {"spades": {"holder": "Dorte", "fate": "lost"}}}

TOTALS = {"Anna": -130, "Bent": -10, "Carl": 165, "Dorte": -305}
TOTALS_CORRECTED = {"Anna": -125, "Bent": -5, "Carl": 165, "Dorte": -325}
