"""Validation of one deal against its table and rule set.

Every check appends a `Problem` and goes on, so one answer lists everything the table must fix.
`settle` only ever sees records that passed here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..problems import Problem
from ..texts import gettext_noop, pgettext_lazy, phrase, same
from .messages import problem
from .presets import MELD_OFFENCES, RuleSet
from .records import PREVENTED, SUITS, CardFate, Culprit, Deal, Fine, Meld, SuitMeld
from .texts import WORDS

TABLE_SIZES = (3, 4, 5)  # members at a table, in every preset
STOPPING_OFFENCES = ("revoke", "wrong_cards", "wrong_skat")  # 001 L275, L288, L295
SCUS_LEVELS = ("half", "overfull")
IN_LAST_TRICK = ("ultimo", "bagud")  # the fates of a card in the last trick
# A suit or a meld's level inside a sentence ("three court cards of hearts", "no half meld").
SUIT_WORDS = {
    "hearts": pgettext_lazy("suit in a sentence", "hearts"),
    "diamonds": pgettext_lazy("suit in a sentence", "diamonds"),
    "clubs": pgettext_lazy("suit in a sentence", "clubs"),
    "spades": pgettext_lazy("suit in a sentence", "spades"),
}
LEVEL_WORDS = {
    "half": pgettext_lazy("meld level in a sentence", "half"),
    "full": pgettext_lazy("meld level in a sentence", "full"),
    "overfull": pgettext_lazy("meld level in a sentence", "overfull"),
}


def seat_order_from(dealer: str, table: Sequence[str]) -> tuple[str, str, str]:
    """Dealer, forehand, middlehand as the seats run from `dealer`.

    With four at the table the member opposite the dealer sits out; with five, the two
    opposite him. The cards go counter-clockwise, the way the table lists its members.
    """
    start = table.index(dealer)
    n = len(table)
    if n == 3:
        offsets = (0, 1, 2)
    elif n == 4:
        offsets = (0, 1, 3)
    else:
        offsets = (0, 1, 4)
    return tuple(table[(start + k) % n] for k in offsets)  # type: ignore[return-value]


def validate_deal(
    deal: Deal, table: Sequence[str], rules: RuleSet, previous_dealer: str | None = None
) -> list[Problem]:
    """Every problem of the deal: who plays first, then, if they are right, each of `DEAL_CHECKS`."""
    check = _DealCheck(deal, table, rules, previous_dealer)
    if check.players_ok():
        for deal_check in DEAL_CHECKS:
            deal_check(check)
    return check.problems


class _DealCheck:
    """One deal being checked: the checks below append their problems to `problems`. Each check
    looks only where the deal says something, and returns at once otherwise (a replay checks
    thousands of deals)."""

    __slots__ = ("deal", "table", "rules", "previous_dealer", "problems")

    def __init__(self, deal: Deal, table: Sequence[str], rules: RuleSet, previous_dealer: str | None):
        self.deal = deal
        self.table = table
        self.rules = rules
        self.previous_dealer = previous_dealer
        self.problems: list[Problem] = []

    def fail(self, field: str, code: str, **params: Any) -> None:
        self.problems.append(problem(self.deal.number, field, code, **params))

    def active(self, player: str | None, field: str) -> bool:
        if player in self.deal.players:
            return True
        if player is None:
            return False
        if player not in self.table:
            self.fail(field, "not_at_table", player=player)
            return False
        if player not in self.deal.players:
            self.fail(field, "not_active", player=player)
            return False
        return True

    # --- who plays -------------------------------------------------------------------------

    def players_ok(self) -> bool:
        deal, table = self.deal, self.table
        if deal.dealer in table and deal.players == _seats(
            deal.dealer, table if type(table) is tuple else tuple(table)
        ):
            return True  # the usual answer; anything else is explained below
        if len(deal.players) != 3:
            self.fail("players", "players_count")
            return False
        ok = True
        for i, player in enumerate(deal.players):
            if player not in self.table:
                self.fail(f"players.{i}", "not_at_table", player=player)
                ok = False
        if len(set(deal.players)) != 3:
            self.fail("players", "duplicate_member", player=", ".join(deal.players))
            return False
        if deal.dealer not in self.table:
            self.fail("dealer", "not_at_table", player=deal.dealer)
            return False
        if not ok:
            return False
        if deal.players[0] != deal.dealer:
            self.fail("players.0", "dealer_not_first")
            return False
        expected = seat_order_from(deal.dealer, self.table)
        if len(self.table) == 5 and _cyclic_from_dealer(deal.players, self.table):
            # The seat rule fixes who sits out only with four; with five "two sit out" and the three
            # need only follow the seats from the dealer: 001 L53-L55 sends one member out for five
            # deals while the other four play as a table of four (A deals: A, B, D).
            return True
        if deal.players != expected:
            # The active players follow the seat order cyclically from the dealer (docs/rules.md, "Words").
            self.fail("players", "players_seat_order", expected=", ".join(expected))
            return False
        return True

    # --- melds ---------------------------------------------------------------------------

    def melds_fit_together(self) -> None:
        """Each meld on its own, and no card, meld or King claimed by two players (§3)."""
        if not self.deal.melds:
            return
        if len(self.deal.melds) == 1:
            self.lone_meld()  # about half the deals that meld
            return
        rules = self.rules
        scus_users: list[str] = []
        pagat_with: list[str] = []
        kings_melders: list[str] = []
        active_melders: list[str] = []  # the active players whose melds are compared below
        court_melders: dict[str, list[str]] = {}
        tarok_total = 0
        players = self.deal.players
        for player, meld in self.deal.melds.items():
            if player not in players and not self.active(player, f"melds.{player}"):
                continue
            self.meld_shape(meld, "melds", player)
            if _needs_scus(meld, rules):
                scus_users.append(player)
            if meld.matadors or (meld.taroks and meld.pagat):
                pagat_with.append(player)
            if meld.kings:
                kings_melders.append(player)
            for suit in meld.suits:
                court_melders.setdefault(suit, []).append(player)
            tarok_total += max(meld.taroks or 0, meld.matadors or 0)
            active_melders.append(player)
        self.claimed_twice(scus_users, pagat_with, kings_melders, court_melders)
        if tarok_total > 22:
            self.fail("melds", "meld_taroks_total", total=tarok_total)
        if kings_melders:  # without a kings meld no King is claimed twice (the rest is above)
            self.king_claims(active_melders)

    def claimed_twice(
        self,
        scus_users: list[str],
        pagat_with: list[str],
        kings_melders: list[str],
        court_melders: dict[str, list[str]],
    ) -> None:
        """The Scus, the Pagat, the kings meld and each suit's court cards meld for one player only."""
        if len(scus_users) > 1:
            self.fail(f"melds.{scus_users[1]}", "meld_scus_twice", players=" & ".join(scus_users))
        if len(pagat_with) > 1:
            self.fail(f"melds.{pagat_with[1]}", "meld_pagat_twice", players=" & ".join(pagat_with))
        if len(kings_melders) > 1:
            self.fail(f"melds.{kings_melders[1]}.kings", "meld_kings_twice")
        for suit, melders in court_melders.items():
            if len(melders) > 1:
                self.fail(
                    f"melds.{melders[1]}.suits.{suit}",
                    "meld_court_twice",
                    suit=SUIT_WORDS[suit],
                )

    def lone_meld(self) -> None:
        """`melds` for a deal where one player melds: no other meld can claim a card or a meld
        twice, or a King, with his; his meld is checked on its own."""
        ((player, meld),) = self.deal.melds.items()
        if player not in self.deal.players and not self.active(player, f"melds.{player}"):
            return
        self.meld_shape(meld, "melds", player)
        tarok_total = max(meld.taroks or 0, meld.matadors or 0)
        if tarok_total > 22:
            self.fail("melds", "meld_taroks_total", total=tarok_total)

    def meld_shape(self, meld: Meld, at: str, key: str) -> None:
        """One player's meld on its own (also a wrong meld riding on its fine), at the field path
        `at`.`key` (made only for a problem: nearly every meld has none)."""
        if meld.taroks is not None and meld.pagat is None:
            self.fail(f"{at}.{key}.pagat", "meld_needs_pagat_flag")
        if meld.pagat is not None and meld.taroks is None:
            self.fail(f"{at}.{key}.pagat", "meld_pagat_without_taroks")
        if meld.matadors is not None:
            # Matadors are taroks that hold the Pagat.
            if meld.taroks is not None and meld.matadors > meld.taroks:
                self.fail(
                    f"{at}.{key}.matadors", "meld_matadors_over_taroks", matadors=meld.matadors, taroks=meld.taroks
                )
            if meld.pagat is False:
                self.fail(f"{at}.{key}.pagat", "meld_matadors_without_pagat")
        overfull_ok = self.rules.overfull_melds
        for suit, suit_meld in meld.suits.items():
            if suit_meld.missing is not None or (suit_meld.level == "overfull" and not overfull_ok):
                self.level_shape(suit_meld, at, key, suit)  # a bare level of the preset needs no look
        if meld.kings:
            self.level_shape(meld.kings, at, key, None)

    def level_shape(self, suit_meld: SuitMeld, at: str, key: str, suit: str | None) -> None:
        """A suit meld (`suit`) or the kings meld (None) of the meld at `at`.`key`."""
        level = suit_meld.level
        if level != "half" and suit_meld.missing is not None:
            self.fail(
                f"{_level_path(at, key, suit)}.missing",
                "meld_missing_not_half",
                level=LEVEL_WORDS[level],
            )
        if level == "overfull" and not self.rules.overfull_melds:
            self.fail(
                _level_path(at, key, suit),
                "meld_level_not_in_preset",
                preset=self.rules.preset,
                level=LEVEL_WORDS[level],
            )

    def king_claims(self, melders: list[str]) -> None:
        """A King belongs to at most one player across all melds.

        A kings meld claims its Kings: full and overfull all four, a half the three other than
        its `missing` suit; a bare half claims three that nobody else claims, so it is refused
        only when the others' melds claim two or more. A suit meld claims its King unless it is
        a half missing the King; a bare suit half next to another player's full or overfull
        kings is King-less by necessity. Two suit melds in one suit are `meld_court_twice` and
        two kings melds `meld_kings_twice` already; here a kings meld meets suit melds.
        """
        kings_claim, suit_claims, bare_halves = _king_claims(self.deal.melds, melders)
        for suit, claimers in suit_claims.items():
            holder = kings_claim.get(suit)
            for player in claimers:
                if holder is not None and player != holder:
                    self.fail(
                        f"melds.{player}.suits.{suit}",
                        "meld_kings_conflict",
                        holder=holder,
                        suit=SUIT_WORDS[suit],
                    )
        for player in bare_halves:
            others = [
                suit
                for suit in SUITS
                if any(p != player for p in suit_claims[suit]) or kings_claim.get(suit, player) != player
            ]
            if len(others) >= 2:
                self.fail(f"melds.{player}.kings", "meld_kings_no_room", count=len(others))

    # --- the Pagat and the Kings ---------------------------------------------------------

    def cards_fit_the_melds(self) -> None:
        """The Pagat and the Kings are held by active players, where their melds say."""
        deal = self.deal
        if deal.pagat is None and not deal.kings:
            return
        if deal.pagat is not None:
            self.pagat(deal.pagat)
        players, kings = deal.players, deal.kings
        for suit, fate in kings.items():
            if fate.holder not in players:
                self.active(fate.holder, f"kings.{suit}.holder")  # says who is not at the table
        # Only suit and kings melds say who holds a King: each player's are held against the
        # Kings they name (a kings meld names all four).
        for player, meld in deal.melds.items():
            named = kings if meld.kings is not None else meld.suits
            for suit in named:
                king = kings.get(suit)
                if king is None or king.holder not in players:
                    continue
                says = _meld_says_king(meld, suit)
                if says is True and king.holder != player:
                    self.fail(f"kings.{suit}.holder", "king_holder_conflict", expected=player)
                elif says is False and king.holder == player:
                    self.fail(f"kings.{suit}.holder", "king_holder_excluded", player=player)

    def pagat(self, pagat: CardFate) -> None:
        deal, rules = self.deal, self.rules
        if pagat.holder not in deal.players and not self.active(pagat.holder, "pagat.holder"):
            return
        for player, meld in deal.melds.items():
            if (meld.matadors or meld.pagat) and pagat.holder != player:
                self.fail("pagat.holder", "pagat_holder_conflict", expected=player)
            if meld.taroks and meld.pagat is False and not meld.matadors and pagat.holder == player:
                self.fail("pagat.holder", "pagat_holder_excluded", player=player)
        if pagat.fate == "skat":
            if not rules.pagat_in_skat:
                self.fail("pagat.fate", "pagat_skat_forbidden", preset=rules.preset)  # 001 L422
            elif pagat.holder != deal.dealer:
                self.fail("pagat.holder", "pagat_skat_not_dealer")
            else:
                # 000 L79: only a hand of three taroks or fewer lays them (and the Pagat) away, so
                # the dealer's taroks "med Pagat" cannot be. No other meld is refused: matadors
                # alone (three taroks may be Pagat, 21 and Scus) stand.
                dealer_meld = deal.melds.get(deal.dealer)
                if dealer_meld is not None and dealer_meld.taroks and dealer_meld.pagat:
                    self.fail(
                        "pagat.fate",
                        "pagat_skat_melded",
                        what=gettext_noop("taroks with the Pagat"),
                    )

    # --- fines ---------------------------------------------------------------------------

    def fines_fit_the_preset(self) -> None:
        """Each fine is one of the preset's, on a player who could commit it, with its meld (§6)."""
        deal, rules, previous_dealer = self.deal, self.rules, self.previous_dealer
        if not deal.fines:
            return
        for i, fine in enumerate(deal.fines):
            path = f"fines.{i}"
            rule = rules.fines.get(fine.offence)
            if rule is None:
                self.fail(f"{path}.offence", "offence_not_in_preset", offence=fine.offence, preset=rules.preset)
                continue
            if fine.offence == "cups_not_pushed":
                # Falls on the previous dealer, who may sit out this deal.
                if fine.player not in self.table:
                    self.fail(f"{path}.player", "not_at_table", player=fine.player)
                elif previous_dealer is not None and fine.player != previous_dealer:
                    self.fail(f"{path}.player", "fine_not_previous_dealer", expected=previous_dealer)
            elif fine.player in deal.players or self.active(fine.player, f"{path}.player"):
                if fine.offence == "wrong_skat" and fine.player != deal.dealer:
                    self.fail(f"{path}.player", "fine_player_not_dealer")
            if rule.needs_other_meld and not any(p != deal.dealer and not m.is_empty for p, m in deal.melds.items()):
                # 001 L275: before another hand has melded, the skat is put right instead.
                self.fail(f"{path}.offence", "wrong_skat_correctable")
            self.fine_meld_fits(fine, rule.carries_meld, rule.pays_meld_back, path)

    def fine_meld_fits(self, fine: Fine, carries_meld: bool, pays_meld_back: bool, path: str) -> None:
        """A wrong meld rides on its fine where the offence carries one (004 L200: and must)."""
        if fine.meld is not None:
            if not carries_meld:
                self.fail(f"{path}.meld", "fine_meld_not_allowed")
            else:
                self.meld_shape(fine.meld, path, "meld")
        elif pays_meld_back:
            self.fail(f"{path}.meld", "fine_meld_required", preset=self.rules.preset)

    # --- the last trick, nolo, tout ------------------------------------------------------

    def last_trick_fits(self) -> None:
        """A played deal names who took the last trick (001 L300), one not barred from it (001
        L241-L242), and the ultimos and bagud in it fit him."""
        deal = self.deal
        if deal.stopped:
            return
        winner = deal.last_trick
        if winner is None:
            self.fail("last_trick", "last_trick_required")
            return
        if winner not in deal.players and not self.active(winner, "last_trick"):
            return
        if winner == deal.nolo:
            self.fail("last_trick", "last_trick_nolo")
        if fined_for(deal, winner, self.rules.barring_last_trick):
            self.fail("last_trick", "last_trick_barred", player=winner)
        self.cards_in_the_last_trick_fit(winner)

    def cards_in_the_last_trick_fit(self, winner: str) -> None:
        """An ultimo is the winner's card (001 L302-L303), a bagud another's (001 L305-L306), and
        nobody plays two cards to one trick."""
        in_trick = self.last_trick_cards()
        for _card, path, fate in in_trick:
            if fate.fate == "ultimo" and fate.holder != winner:
                self.fail(f"{path}.holder", "ultimo_not_winner", winner=winner)
            if fate.fate == "bagud" and fate.holder == winner:
                self.fail(f"{path}.fate", "bagud_is_winner", winner=winner)
        if len(in_trick) > 1:
            cards_of: dict[str, list[str]] = {}
            for card, _path, fate in in_trick:
                cards_of.setdefault(fate.holder, []).append(card)
            for player, cards in cards_of.items():
                if len(cards) > 1:
                    both = phrase(
                        same(" + ".join(f"{{c{i}}}" for i in range(len(cards)))),
                        **{f"c{i}": c for i, c in enumerate(cards)},
                    )
                    self.fail("last_trick", "two_cards_last_trick", player=player, cards=both)

    def last_trick_cards(self) -> list[tuple[str, str, CardFate]]:
        """The Pagat and the Kings in the last trick, the Pagat first: (card in words, field path, fate)."""
        pagat = self.deal.pagat
        cards = [(WORDS["pagat"], "pagat", pagat)] if pagat is not None and pagat.fate in IN_LAST_TRICK else []
        for suit, fate in self.deal.kings.items():
            if fate.fate in IN_LAST_TRICK:
                cards.append((WORDS.get(f"king:{suit}", suit), f"kings.{suit}", fate))
        return cards

    def nolo_took_no_trick(self) -> None:
        """A nolo player took no trick (001 L311), and a deal has a nolo or a tout, not both."""
        deal = self.deal
        if deal.nolo is None:
            return
        if deal.tout is not None:
            self.fail("tout", "nolo_with_tout")
        if self.active(deal.nolo, "nolo"):
            pagat = deal.pagat
            if pagat and pagat.holder == deal.nolo and pagat.fate in ("saved", "ultimo"):
                self.fail(
                    "pagat.fate",
                    "nolo_took_trick",
                    what=gettext_noop("saved the Pagat"),
                )
            for suit, fate in deal.kings.items():
                if fate.holder == deal.nolo and fate.fate in ("kept", "ultimo"):
                    self.fail(
                        f"kings.{suit}.fate",
                        "nolo_took_trick",
                        what=gettext_noop("kept a King"),
                    )

    def won_tout_took_every_trick(self) -> None:
        """A won tout took every trick, the last among them (001 L313); a lost one only where
        the preset knows it."""
        deal, tout = self.deal, self.deal.tout
        if tout is not None and self.active(tout.player, "tout.player"):
            if not tout.won:
                if not self.rules.tout_can_fail:
                    self.fail("tout.won", "tout_failed_not_in_preset", preset=self.rules.preset)
                return
            if deal.last_trick is not None and deal.last_trick != tout.player:
                self.fail("last_trick", "tout_not_winner")
            pagat = deal.pagat
            if pagat and pagat.holder != tout.player and pagat.fate in ("saved", "ultimo"):
                self.fail(
                    "pagat.fate",
                    "tout_other_took_trick",
                    player=pagat.holder,
                    touter=tout.player,
                    what=gettext_noop("the Pagat saved"),
                )
            for suit, fate in deal.kings.items():
                if fate.holder != tout.player and fate.fate in ("kept", "ultimo"):
                    self.fail(
                        f"kings.{suit}.fate",
                        "tout_other_took_trick",
                        player=fate.holder,
                        touter=tout.player,
                        what=gettext_noop("a King kept"),
                    )

    # --- counts --------------------------------------------------------------------------

    def counts_add_up(self) -> None:
        """The counts are the counters' (001 L316) and add up to the 78 the cards hold (001 L314-L345)."""
        deal, rules = self.deal, self.rules
        counts = deal.counts
        if counts is None:
            return
        players = deal.players
        if not counts.keys() <= set(players):
            for player in counts:
                self.active(player, f"counts.{player}")
            return
        if len(counts) not in (2, 3):
            self.fail("counts", "count_players")
            return
        if count_is_void(deal, rules):
            return  # decision: counts given in a deal whose count is void are ignored
        total = sum(counts.values())
        if rules.count == "rounded":
            dealer, _forehand, middlehand = deal.players
            counters = (dealer, middlehand)
            if len(counts) == 2 and set(counts) != set(counters):
                # 001 L316: the two who do not deal next count; forehand deals next.
                self.fail("counts", "count_counters", expected=" & ".join(counters))
            elif len(counts) == 2 and total > 78:
                self.fail(
                    "counts",
                    "count_total",
                    total=total,
                    rule=gettext_noop("two counts hold at most 78"),
                )
            elif len(counts) == 3 and total != 78:
                self.fail(
                    "counts",
                    "count_total",
                    total=total,
                    rule=gettext_noop("three counts make 78"),
                )
        elif total > 78:
            self.fail(
                "counts",
                "count_total",
                total=total,
                rule=gettext_noop("the cards hold 78"),
            )
        elif len(counts) == 3 and total < 78 and not (rules.count_shortfall_to_pagatkop and rules.cups):
            self.fail(
                "counts",
                "count_total",
                total=total,
                rule=gettext_noop("the cards hold 78"),
            )

    # --- a stopped deal (001 L275, L288, L295) and the culprit ---------------------------

    def stopped_by_its_offence(self) -> None:
        """A deal stops for a stopping offence and then has no play (001 L275, L288, L295)."""
        deal, rules = self.deal, self.rules
        if not (deal.stopped or deal.fines):
            return
        stopping = [f for f in deal.fines if f.offence in rules.stopping]
        if deal.stopped and not stopping:
            self.fail("stopped", "stopped_needs_offence")
        if stopping and not deal.stopped:
            self.fail("stopped", "stopped_required", offence=stopping[0].offence, preset=rules.preset)
        if deal.stopped:
            played = [
                ("last_trick", deal.last_trick, gettext_noop("last trick")),
                ("nolo", deal.nolo, same("nolo")),
                ("tout", deal.tout, same("tout")),
            ]
            for field, value, what in played:
                if value is not None:
                    self.fail(field, "stopped_has_play", what=what)
            for card, path, _fate in self.last_trick_cards():
                self.fail(
                    f"{path}.fate",
                    "stopped_has_play",
                    what=phrase(gettext_noop("{card} in the last trick"), card=card),
                )

    def culprit_caused_it(self) -> None:
        """The culprit committed an offence that causes (000 L161-L199, 003 L86, L90) what the
        record says he caused, and gains nothing by it."""
        deal, rules = self.deal, self.rules
        culprit = deal.culprit
        if culprit is None:
            return
        if rules.culprit is None:
            self.fail("culprit", "culprit_not_in_preset", preset=rules.preset)
            return
        if not self.active(culprit.player, "culprit.player"):
            return
        # 003 L86, L90: a revoke or wrong cards; 000 L161, L107: also a missing or wrong meld.
        causing = (
            ("revoke", "wrong_cards") if rules.culprit == "schiellerup" else ("revoke", "wrong_cards", *MELD_OFFENCES)
        )
        if not any(f.offence in causing for f in self.known_fines(culprit.player)):
            self.fail("culprit.player", "culprit_without_offence", player=culprit.player)
        if culprit.caused == (PREVENTED,):
            self.prevented_ultimo(culprit)
            return
        if "ultimo" in culprit.caused:
            ultimo = effective_ultimo(deal, rules)
            if ultimo is None:
                self.fail("culprit.caused", "culprit_nothing_caused", caused="ultimo")
            elif ultimo[1].holder == culprit.player:
                self.fail("culprit.player", "culprit_is_beneficiary", caused="ultimo")
        if "bagud" in culprit.caused:
            bagud = [fate for _c, _p, fate in self.last_trick_cards() if fate.fate == "bagud"]
            if rules.culprit == "schiellerup" or len(bagud) != 1:
                # 000 L193-L199 covers one bagud; 003 knows no caused bagud.
                self.fail("culprit.caused", "culprit_nothing_caused", caused="bagud")
            elif bagud[0].holder == culprit.player:
                self.fail("culprit.player", "culprit_is_beneficiary", caused="bagud")

    def prevented_ultimo(self, culprit: Culprit) -> None:
        """000 L187-L189, 003 L90: an ultimo the error made fail."""
        deal = self.deal
        victim, card = culprit.victim, culprit.card
        if not self.active(victim, "culprit.victim") or victim is None or card is None:
            return  # a missing victim or card is reported where the record is read
        if victim == culprit.player:
            self.fail("culprit.victim", "culprit_is_beneficiary", caused="ultimo")
        if any(fate.fate == "ultimo" for _c, _p, fate in self.last_trick_cards()):
            # L201: the ultimo that happened comes before one made by analogy.
            self.fail("culprit.caused", "culprit_nothing_prevented", what=gettext_noop("an ultimo"))
        if deal.tout is not None and deal.tout.won:
            self.fail(
                "culprit.caused",
                "culprit_nothing_prevented",
                what=gettext_noop("a won tout"),
            )
        if deal.nolo is not None:
            self.fail("culprit.caused", "culprit_nothing_prevented", what=gettext_noop("a nolo"))
        if is_barred(deal, victim, self.rules):
            self.fail("culprit.victim", "culprit_victim_barred", player=victim)
        recorded = deal.pagat if card == "pagat" else deal.kings.get(card)
        if recorded is not None and recorded.holder != victim:
            name = (
                gettext_noop("the Pagat")
                if card == "pagat"
                else phrase(gettext_noop("the King of {suit}"), suit=SUIT_WORDS.get(card, card))
            )
            self.fail("culprit.card", "culprit_victim_not_holder", card=name, holder=recorded.holder)

    def known_fines(self, player: str) -> list[Fine]:
        return [f for f in self.deal.fines if f.player == player and f.offence in self.rules.fines]


# The checks of a deal whose players are right, in the order their problems are listed.
DEAL_CHECKS: tuple[Callable[[_DealCheck], None], ...] = (
    _DealCheck.melds_fit_together,
    _DealCheck.cards_fit_the_melds,
    _DealCheck.fines_fit_the_preset,
    _DealCheck.last_trick_fits,
    _DealCheck.nolo_took_no_trick,
    _DealCheck.won_tout_took_every_trick,
    _DealCheck.counts_add_up,
    _DealCheck.stopped_by_its_offence,
    _DealCheck.culprit_caused_it,
)


def _king_claims(
    melds: Mapping[str, Meld], melders: list[str]
) -> tuple[dict[str, str], dict[str, list[str]], list[str]]:
    """Who claims which King: (suit -> the player whose kings meld claims it first, suit -> the
    players whose suit melds claim it, the players with a bare half kings meld)."""
    all_four = {p for p in melders if (kings := melds[p].kings) is not None and kings.level != "half"}
    kings_claim: dict[str, str] = {}
    suit_claims: dict[str, list[str]] = {suit: [] for suit in SUITS}
    bare_halves: list[str] = []
    for player in melders:
        meld = melds[player]
        kings = meld.kings
        if kings is not None:
            if kings.level != "half":
                claimed: tuple[str, ...] = SUITS
            elif kings.missing is None:
                claimed = ()
                bare_halves.append(player)
            else:
                claimed = tuple(suit for suit in SUITS if suit != kings.missing)
            for suit in claimed:
                kings_claim.setdefault(suit, player)
        for suit, suit_meld in meld.suits.items():
            if suit_meld.level == "half":
                if suit_meld.missing == "king":
                    continue
                if suit_meld.missing is None and all_four - {player}:
                    continue  # King-less by necessity
            suit_claims[suit].append(player)
    return kings_claim, suit_claims, bare_halves


def _level_path(at: str, key: str, suit: str | None) -> str:
    return f"{at}.{key}.kings" if suit is None else f"{at}.{key}.suits.{suit}"


def _needs_scus(meld: Meld, rules: RuleSet) -> bool:
    if meld.matadors or (meld.kings and meld.kings.level in SCUS_LEVELS):  # half kings: 004 L111 too
        return True
    if not meld.suits:
        return False
    needs = SCUS_LEVELS if rules.half_suit_needs_scus else ("overfull",)
    for suit_meld in meld.suits.values():
        if suit_meld.level in needs:
            return True
    return False


def _cyclic_from_dealer(players: Sequence[str], table: Sequence[str]) -> bool:
    """Whether the three sit in the table's seat order, counting round from the first."""
    start = table.index(players[0])
    steps = [(table.index(player) - start) % len(table) for player in players]
    return steps[0] < steps[1] < steps[2]


@functools.lru_cache(maxsize=64)
def _seats(dealer: str, table: tuple[str, ...]) -> tuple[str, str, str]:
    return seat_order_from(dealer, table)


def _meld_says_king(meld: Meld, suit: str) -> bool | None:
    """Whether a player's melds say he holds the King of `suit` (None: they do not say)."""
    suit_meld = meld.suits.get(suit)
    if suit_meld is not None:
        if suit_meld.level != "half":
            return True
        if suit_meld.missing is not None:
            return suit_meld.missing != "king"
    kings = meld.kings
    if kings is not None:
        if kings.level != "half":
            return True
        if kings.missing is not None:
            return kings.missing != suit
    return None


def fined_for(deal: Deal, player: str, offences: frozenset[str]) -> bool:
    """Whether `player` is fined in the deal for one of `offences` (a set of the rule set's)."""
    return bool(offences and deal.fines) and any(f.player == player and f.offence in offences for f in deal.fines)


def is_barred(deal: Deal, player: str, rules: RuleSet) -> bool:
    return fined_for(deal, player, rules.barring)


def dealer_voided(deal: Deal, rules: RuleSet) -> bool:
    """A fine that leaves the dealer's melds unpaid and voids the count (004 L185)."""
    voiding = rules.voiding_dealer
    return bool(voiding and deal.fines) and any(f.offence in voiding for f in deal.fines)


def tout_contract(deal: Deal, rules: RuleSet) -> bool:
    """A won tout that is a contract of its own: it takes the cups and voids count and ultimo.

    Where it is asked of every deal, callers test `deal.tout is not None` first: few deals have a
    tout, and the test costs far less than the call."""
    return deal.tout is not None and deal.tout.won and rules.tout_takes_cups


def count_is_void(deal: Deal, rules: RuleSet) -> bool:
    return (
        deal.stopped
        or deal.nolo is not None  # nolo voids the count (001 L356)
        or (deal.tout is not None and tout_contract(deal, rules) and not rules.tout_counts)  # ensartede: 000 L697
        or dealer_voided(deal, rules)
    )


def effective_ultimo(deal: Deal, rules: RuleSet) -> tuple[str, CardFate] | None:
    """The ultimo that is paid, as (cup account, fate); None when none is.

    Nolo and a tout contract void every ultimo; a barred winner gets only the plain last
    trick (001 L242).
    """
    if deal.stopped or deal.nolo is not None or (deal.tout is not None and tout_contract(deal, rules)):
        return None
    if deal.pagat is not None and deal.pagat.fate == "ultimo":
        found = ("cup:pagat", deal.pagat)
    else:
        kings = [f for f in deal.kings.values() if f.fate == "ultimo"]
        if not kings:
            return None
        found = ("cup:king", kings[0])
    return None if is_barred(deal, found[1].holder, rules) else found
