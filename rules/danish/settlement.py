"""Settlement: a validated deal in, balanced line items out, in the order of docs/rules.md
("One deal, in order").

Each line item moves points between accounts — the members by name, and the table's two cups,
`cup:pagat` and `cup:king` — and its postings sum to zero on their own. The cups' content is
carried from event to event by the caller as `Cups`; nothing here keeps state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..events import LineItem, UnbalancedItem, balanced, line_item, net_of
from .citations import SEED_FILES, seed_ref
from .presets import RuleSet
from .records import KING_CUP, PAGAT_CUP, PREVENTED, SUITS, CardFate, Cups, Deal, Meld, others_of
from .validation import IN_LAST_TRICK, count_is_void, dealer_voided, effective_ultimo, is_barred, tout_contract


class Event(NamedTuple):
    """One settled happening at a table: a funding, a deal, or the close of the sitting."""

    kind: str  # "funding", "deal" or "close"
    items: tuple[LineItem, ...]  # shared with every answer made of the event: read them, never change them
    cups_before: Cups
    cups_after: Cups
    number: int | None = None
    # A deal's net for each member of the table it was settled at, kept as it settled (`net()`
    # sums it from the items for any members); read it, never change it.
    totals: Mapping[str, int] | None = None

    def net(self, members: Sequence[str]) -> dict[str, int]:
        return net_of(self.items, members)

    def as_dict(self, members: Sequence[str], with_cups: bool = True) -> dict[str, Any]:
        """The event as `python -m rules replay` prints it; a preset without cups has no
        `cups_after`."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.number is not None:
            data["number"] = self.number
        data["items"] = list(self.items)
        if self.kind == "deal":
            totals = self.totals  # kept for the table it was settled at: nearly always `members`
            data["net"] = dict(totals) if totals is not None and tuple(totals) == tuple(members) else self.net(members)
        if with_cups:
            data["cups_after"] = {"pagat": self.cups_after.pagat, "king": self.cups_after.king}
        return data


class _Book:
    """Collects line items for one event and keeps, as they go, the cups' content and each
    member's net. Every item goes through `post`, which checks that it balances."""

    __slots__ = ("rules", "pagat", "king", "items", "net", "_refs")

    def __init__(self, rules: RuleSet, cups: Cups, members: Sequence[str]):
        self.rules = rules
        self.pagat, self.king = cups
        self.items: list[LineItem] = []
        self.net = dict.fromkeys(members, 0)
        self._refs = _REFS[rules.preset]

    @property
    def cups(self) -> Cups:
        return Cups(self.pagat, self.king)

    def post(
        self,
        rule: str,
        postings: dict[str, int],
        ref_key: str | None = None,
        player: str | None = None,
        card: str | None = None,
    ) -> None:
        """One line item, its zero entries left out; nothing when every entry is zero. Raises
        `UnbalancedItem` (a bug here, never a record's fault) unless its postings sum to zero."""
        postings = balanced(postings, rule)
        if not postings:
            return
        if PAGAT_CUP in postings or KING_CUP in postings:
            if not self.rules.cups:
                raise UnbalancedItem(f"{rule}: a cup posting in a preset without cups: {postings}")
            self.pagat += postings.get(PAGAT_CUP, 0)
            self.king += postings.get(KING_CUP, 0)
        for account, points in postings.items():
            if account in self.net:
                self.net[account] += points
        self.items.append(line_item(rule, self._refs[ref_key or rule], postings, player, card))

    def from_each(
        self,
        rule: str,
        receiver: str,
        payers: Sequence[str],
        amount: int,
        ref_key: str | None = None,
        card: str | None = None,
    ) -> None:
        """`receiver` gets `amount` from each payer (pays it, when negative). The item is about the
        receiver."""
        postings = {receiver: amount * len(payers)}
        for payer in payers:
            postings[payer] = postings.get(payer, 0) - amount
        self.post(rule, postings, ref_key, receiver, card)

    def loses(
        self,
        rule: str,
        holder: str,
        others: Sequence[str],
        to_each: int,
        cup: str,
        to_cup: int,
        ref_key: str | None = None,
        card: str | None = None,
    ) -> None:
        """`holder` pays `to_each` to each of `others`, and `to_cup` into `cup`."""
        if not to_cup:  # nothing into the cup (none in the preset, a fee of 0, an empty cup): to each other
            self.from_each(rule, holder, others, -to_each, ref_key, card)
            return
        postings = {holder: -2 * to_each - to_cup}  # the holder is active: two others
        for other in others:
            postings[other] = to_each
        postings[cup] = to_cup
        self.post(rule, postings, ref_key, holder, card)

    def into_each_cup(self, rule: str, payer: str, amount: int, others: Sequence[str]) -> None:
        """A fine or stake into each cup; where there are no cups, to each other active player. The
        item is about the payer."""
        if not self.rules.cups:
            self.from_each(rule, payer, others, -amount)
        else:
            self.post(rule, {payer: -2 * amount, PAGAT_CUP: amount, KING_CUP: amount}, player=payer)


KING_CARDS = {suit: f"king:{suit}" for suit in SUITS}  # the `card` of an item about a King
TrickCard = tuple[CardFate, str, str]  # a card's fate, its cup, its `card`


class _Refs(dict[str, str]):
    """Rule key -> seed reference for one preset, filled as a replay asks (the same few, often)."""

    def __init__(self, preset: str):
        super().__init__()
        self.preset = preset

    def __missing__(self, key: str) -> str:
        ref = self[key] = seed_ref(self.preset, key)
        return ref


_REFS = {preset: _Refs(preset) for preset in SEED_FILES}


def _add(*parts: Mapping[str, int]) -> dict[str, int]:
    total: dict[str, int] = {}
    for part in parts:
        for account, points in part.items():
            total[account] = total.get(account, 0) + points
    return total


# --- funding and close (000 L69, L71) ---------------------------------------------------------


def fund(table: Sequence[str], cups: Cups, rules: RuleSet) -> Event | None:
    """Step 1: a cup that is empty gets `fund` from every member at the table (000 L69)."""
    if (cups.pagat and cups.king) or not rules.cups:
        return None  # nearly every deal: nothing to fund
    book = _Book(rules, cups, table)
    if rules.cups and rules.fund:
        for cup in (PAGAT_CUP, KING_CUP):
            if cups.of(cup) == 0:
                book.post("funding", {cup: rules.fund * len(table)} | {m: -rules.fund for m in table})
    if not book.items:
        return None
    return Event("funding", tuple(book.items), cups, book.cups)


def close(table: Sequence[str], cups: Cups, rules: RuleSet, how: str, first_dealer: str) -> Event:
    """End of a sitting: split the cups among the members, or carry them to the next sitting.

    Split (000 L71, 003): equal shares; the points that do not divide go one each to members in
    seat order from the sitting's first dealer (decision: 000 L71 says only "deles").
    """
    book = _Book(rules, cups, table)
    if how == "split" and rules.cups:
        total = cups.pagat + cups.king
        share, rest = divmod(total, len(table))
        start = table.index(first_dealer)
        seated = [table[(start + k) % len(table)] for k in range(len(table))]
        postings = {PAGAT_CUP: -cups.pagat, KING_CUP: -cups.king}
        postings |= {member: share + (1 if k < rest else 0) for k, member in enumerate(seated)}
        book.post("close_split", postings)
    return Event("close", tuple(book.items), cups, book.cups)


# --- one deal, in order ----------------------------------------------------------------------


def meld_values(meld: Meld, rules: RuleSet) -> list[tuple[str, int]]:
    """Each meld of one player as (rule key, value from each other active player)."""
    values = []
    if meld.taroks:
        values.append(("meld.taroks", rules.meld_taroks + rules.meld_taroks_step * (meld.taroks - 10)))
    if meld.matadors:
        values.append(("meld.matadors", rules.meld_matadors + rules.meld_matadors_step * (meld.matadors - 3)))
    level_values = rules.level_values
    for suit_meld in meld.suits.values():
        values.append(("meld.suit", level_values[suit_meld.level]))
    if meld.kings:
        values.append(("meld.kings", level_values[meld.kings.level]))
    return values


def settle_deal(deal: Deal, table: Sequence[str], cups: Cups, rules: RuleSet) -> Event:
    """Settle one validated deal from the cups' content before it (after any funding)."""
    book = _Book(rules, cups, table)
    players = deal.players
    others = others_of(players).get  # each player's other two (all three for one sitting out)

    # 2. The dealer's stake into each cup (001 L258).
    if rules.cups:
        book.into_each_cup("stake", deal.dealer, rules.stake, others(deal.dealer, players))

    # 3. Melds, paid by each of the other two active players.
    if deal.melds:
        _melds(book, deal, rules)

    # 4. Fines, except the miscount fine which follows the count.
    if deal.fines:
        _fines_before_the_count(book, deal, rules)

    # 5. Play: the Pagat saved or lost, each King lost, during the play.
    cards_in_trick = _play_fees(book, deal, rules)

    if deal.stopped:
        return Event("deal", tuple(book.items), cups, book.cups, deal.number, book.net)

    # 6. The last trick.
    taken = _last_trick(book, deal, rules, cards_in_trick)

    # 7. Nolo.
    if deal.nolo is not None:
        book.from_each("nolo", deal.nolo, others(deal.nolo, players), rules.nolo)

    # 8. Count, then the miscount fine.
    if deal.counts is not None and not count_is_void(deal, rules):
        _count(book, deal, rules)
    for fine in deal.fines if rules.paid_after_count else ():
        if fine.offence in rules.paid_after_count:
            book.into_each_cup(
                f"fine.{fine.offence}",
                fine.player,
                rules.fines[fine.offence].amount,
                others(fine.player, players),
            )

    # 9. Refund every cup taken at step 6, from every member at the table (000 L257).
    for cup in taken:
        book.post("refund", {cup: rules.fund * len(table)} | {m: -rules.fund for m in table})

    return Event("deal", tuple(book.items), cups, book.cups, deal.number, book.net)


def _melds(book: _Book, deal: Deal, rules: RuleSet) -> None:
    """Step 3: each meld, paid by each of the other two active players."""
    players = deal.players
    others = others_of(players).get
    dealer_void = dealer_voided(deal, rules)
    for player, meld in deal.melds.items():
        if dealer_void and player == deal.dealer:
            continue  # 004 L185: a wrong skat leaves the dealer's melds unpaid
        payers = others(player, players)
        for rule, value in meld_values(meld, rules):
            book.from_each(rule, player, payers, value)


def _fines_before_the_count(book: _Book, deal: Deal, rules: RuleSet) -> None:
    """Step 4: the fines, except one paid after the count (the miscount)."""
    players = deal.players
    others = others_of(players).get
    for fine in deal.fines:
        fine_rule = rules.fines[fine.offence]
        if fine_rule.after_count:
            continue
        if fine_rule.pays_meld_back:
            # 004 L200: he received the wrong meld and pays it back double; we never paid it.
            amount = sum(value for _rule, value in meld_values(fine.meld, rules)) if fine.meld else 0
            book.from_each(f"fine.{fine.offence}", fine.player, others(fine.player, players), -amount)
        else:
            book.into_each_cup(f"fine.{fine.offence}", fine.player, fine_rule.amount, others(fine.player, players))


def _play_fees(book: _Book, deal: Deal, rules: RuleSet) -> list[TrickCard]:
    """Step 5: the Pagat saved or lost and each King lost during the play. Returns the cards in
    the last trick (each an ultimo or a bagud, the Pagat first), for step 6."""
    in_trick: list[TrickCard] = []
    if deal.pagat is None and not deal.kings:
        return in_trick
    players = deal.players
    others = others_of(players).get  # as `deal.others`, looked up once for the deal
    pagat = deal.pagat
    if pagat is not None:
        holder, fate = pagat
        if fate == "saved":
            book.from_each("pagat_saved", holder, others(holder, players), rules.pagat_saved, None, "pagat")
        elif fate == "lost":
            fee = rules.pagat_lost_cup if rules.cups else 0
            book.loses("pagat_lost", holder, others(holder, players), rules.pagat_lost, PAGAT_CUP, fee, None, "pagat")
        elif fate in IN_LAST_TRICK:
            in_trick.append((pagat, PAGAT_CUP, "pagat"))
    king_lost, fee = rules.king_lost, rules.king_lost_cup if rules.cups else 0
    for suit, card_fate in deal.kings.items():
        holder, fate = card_fate
        if fate == "lost":
            book.loses("king_lost", holder, others(holder, players), king_lost, KING_CUP, fee, None, KING_CARDS[suit])
        elif fate in IN_LAST_TRICK:
            in_trick.append((card_fate, KING_CUP, KING_CARDS[suit]))
    return in_trick


def _last_trick_fees(book: _Book, deal: Deal, rules: RuleSet, cards_in_trick: list[TrickCard]) -> None:
    """001 L308: the fees of step 5 once more for the cards in the last trick, an ultimo Pagat as
    saved and a bagud card as lost."""
    players = deal.players
    others = others_of(players).get
    for card_fate, cup, card in cards_in_trick:
        holder, fate = card_fate
        payers = others(holder, players)
        if cup == PAGAT_CUP:
            if fate == "ultimo":
                book.from_each("pagat_saved", holder, payers, rules.pagat_saved, "last_trick_fee", card)
            else:
                fee = rules.pagat_lost_cup if rules.cups else 0
                book.loses("pagat_lost", holder, payers, rules.pagat_lost, PAGAT_CUP, fee, "last_trick_fee", card)
        elif fate == "bagud":
            fee = rules.king_lost_cup if rules.cups else 0
            book.loses("king_lost", holder, payers, rules.king_lost, KING_CUP, fee, "last_trick_fee", card)


def _last_trick(book: _Book, deal: Deal, rules: RuleSet, cards_in_trick: list[TrickCard]) -> list[str]:
    """Step 6: the ultimo or tout takes X, bagud pays X, premiums, last trick, fees.

    X is each cup's content as the step begins; nothing in this step changes it, so two bagud
    in one cup each pay the same X (decision). Returns the cups taken, to refund.
    """
    content = {PAGAT_CUP: book.pagat, KING_CUP: book.king} if rules.cups else {PAGAT_CUP: 0, KING_CUP: 0}
    others = deal.others
    culprit = deal.culprit
    taken: list[str] = []

    if deal.tout is not None and tout_contract(deal, rules):
        taken = _tout(book, deal, rules, content)
    else:
        if deal.tout is not None and deal.tout.won and rules.tout:
            # A club's tout premium where the tout is no contract of its own: the premium,
            # and the play settles as usual.
            book.from_each("tout", deal.tout.player, others(deal.tout.player), rules.tout)
        ultimo = effective_ultimo(deal, rules) if cards_in_trick else None
        if ultimo is not None:
            taken = _ultimo(book, deal, rules, content, *ultimo)
        else:
            if culprit is not None and culprit.caused == (PREVENTED,):
                _prevented_ultimo(book, deal, rules, content)
            if rules.last_trick:
                _plain_last_trick(book, deal, rules, cards_in_trick)
        if deal.tout is not None and not deal.tout.won:
            _failed_tout(book, deal, rules, content)

    if not cards_in_trick:
        return taken
    for fate, cup, card in cards_in_trick:
        if fate.fate != "bagud":
            continue
        kind = "pagat_bagud" if cup == PAGAT_CUP else "king_bagud"
        premium = rules.pagat_bagud if cup == PAGAT_CUP else rules.king_bagud
        x = content[cup]
        if culprit is not None and "bagud" in culprit.caused:
            # 000 L193-L199: the culprit pays the doubling and the premium to the third player;
            # the premium to the culprit himself lapses, the bagud player pays nothing.
            third = next(p for p in deal.players if p not in (fate.holder, culprit.player))
            book.post(
                "culprit_bagud",
                {culprit.player: -x - premium, cup: x, third: premium},
                player=culprit.player,
                card=card,
            )
        else:
            # 001 L305: bagud doubles the cup (x is 0 where there are no cups), and pays to each.
            book.loses(kind, fate.holder, deal.others(fate.holder), premium, cup, x, card=card)

    if rules.last_trick_fees:
        _last_trick_fees(book, deal, rules, cards_in_trick)
    return taken


def _tout(book: _Book, deal: Deal, rules: RuleSet, content: dict[str, int]) -> list[str]:
    """001 L313 / 003: both cups and the premium from each; no count, last trick or ultimo."""
    touter = deal.tout.player  # type: ignore[union-attr]
    postings = _add({touter: 2 * rules.tout}, {p: -rules.tout for p in deal.others(touter)})
    taken: list[str] = []
    if rules.cups:
        postings = _add(
            postings, {touter: content[PAGAT_CUP] + content[KING_CUP]}, {cup: -x for cup, x in content.items()}
        )
        taken = [PAGAT_CUP, KING_CUP]
    book.post("tout", postings, player=touter)
    return taken


def _ultimo(book: _Book, deal: Deal, rules: RuleSet, content: dict[str, int], cup: str, fate: CardFate) -> list[str]:
    """The ultimo player takes the cup's X and the premium from each (001 L302, 000 L255)."""
    kind = "pagat_ultimo" if cup == PAGAT_CUP else "king_ultimo"
    premium = rules.pagat_ultimo if cup == PAGAT_CUP else rules.king_ultimo
    card = "pagat" if cup == PAGAT_CUP else _king_card(deal, fate)
    winner, x, culprit = fate.holder, content[cup], deal.culprit
    if culprit is None or "ultimo" not in culprit.caused:
        postings = {winner: x + 2 * premium, cup: -x} if x else {winner: 2 * premium}  # X, and the premium from each
        for other in deal.others(winner):
            postings[other] = -premium
        book.post(kind, postings, player=winner, card=card)
        return [cup] if rules.cups else []
    take = {winner: x, cup: -x}
    if rules.culprit == "ensartede":
        # 000 L161, L189: the culprit pays both premiums; the innocent third pays nothing.
        premiums = {winner: 2 * premium, culprit.player: -2 * premium}
    else:
        premiums = _add({winner: 2 * premium}, {p: -premium for p in deal.others(winner)})  # 003: as usual
    book.post(kind, _add(take, premiums), player=winner, card=card)
    # ... and he replaces the emptied cup, so there is no refund round for it.
    book.post("culprit_ultimo", {culprit.player: -x, cup: x}, player=culprit.player, card=card)
    return []


def _prevented_ultimo(book: _Book, deal: Deal, rules: RuleSet, content: dict[str, int]) -> None:
    """The culprit pays for an ultimo his error made fail; nothing is taken.

    ensartede (000 L187-L189): the ultimo is awarded as if it had happened — the victim takes X
    and both premiums, all paid by the culprit, who puts X back. schiellerup-1900 (003 L90): the
    culprit pays X to the victim, and nothing else (no premiums: decision).
    """
    culprit = deal.culprit
    if culprit is None or culprit.victim is None or culprit.card is None:
        return  # validation refuses a prevented ultimo without its victim and card
    culprit_player, victim = culprit.player, culprit.victim
    is_pagat = culprit.card == "pagat"
    cup = PAGAT_CUP if is_pagat else KING_CUP
    card = "pagat" if is_pagat else f"king:{culprit.card}"
    x = content[cup]
    if rules.culprit == "ensartede":
        premium = rules.pagat_ultimo if is_pagat else rules.king_ultimo
        kind = "pagat_ultimo" if is_pagat else "king_ultimo"
        book.post(
            kind, {victim: x + 2 * premium, cup: -x, culprit_player: -2 * premium}, "prevented_ultimo", victim, card
        )
        book.post("culprit_ultimo", {culprit_player: -x, cup: x}, "prevented_ultimo", culprit_player, card)
    else:
        book.post("prevented_ultimo", {culprit_player: -x, victim: x}, None, culprit_player, card)


def _plain_last_trick(book: _Book, deal: Deal, rules: RuleSet, cards_in_trick: list[TrickCard]) -> None:
    """The last trick when no ultimo is paid (001 L300 with L242; 000 L141: only without cards)."""
    winner = deal.last_trick
    if winner is None or (rules.last_trick_needs_no_ultimo_card and cards_in_trick):
        return  # a deal without a winner (stopped) pays no last trick
    # Barred only by a fine, and only from an ultimo this trick would have been.
    barred = (
        bool(deal.fines and cards_in_trick)
        and any(f.holder == winner and f.fate == "ultimo" for f, _cup, _card in cards_in_trick)
        and is_barred(deal, winner, rules)
    )
    book.from_each(
        "last_trick",
        winner,
        deal.others(winner),
        rules.last_trick,
        ref_key="barred_last_trick" if barred else None,
    )


def _failed_tout(book: _Book, deal: Deal, rules: RuleSet, content: dict[str, int]) -> None:
    """003: an announced tout that fails "costs the same": the premium to each, each cup's X."""
    touter = deal.tout.player  # type: ignore[union-attr]
    postings = _add({touter: -2 * rules.tout}, {p: rules.tout for p in deal.others(touter)})
    if rules.cups:
        postings = _add(postings, {touter: -content[PAGAT_CUP] - content[KING_CUP]}, content)
    book.post("tout_failed", postings, player=touter)


def _king_card(deal: Deal, fate: CardFate) -> str:
    return next(KING_CARDS[suit] for suit, f in deal.kings.items() if f == fate)


def rounded_count(points: int) -> int:
    """001 L316-L355: 5 per started 5 points from 26, rounded; 0-3 pays 25, 74-78 wins 50."""
    return 5 * ((points - 24) // 5)


def _count(book: _Book, deal: Deal, rules: RuleSet) -> None:
    counts = deal.counts or {}
    if rules.count == "rounded":
        # 001 L345-L352: 39 and 19 give +15 and -5; forehand, who deals next, pays the rest.
        dealer, forehand, middlehand = deal.players
        dealer_points = rounded_count(counts[dealer])
        middle_points = rounded_count(counts[middlehand])
        book.post("count", {dealer: dealer_points, middlehand: middle_points, forehand: -dealer_points - middle_points})
        return
    if len(counts) == 2:
        missing = next(p for p in deal.players if p not in counts)
        counts = {**counts, missing: 78 - sum(counts.values())}
    postings = {p: counts[p] - 26 for p in deal.players}
    shortfall = 78 - sum(counts.values())
    if shortfall:
        postings[PAGAT_CUP] = shortfall  # 000 L145: what is missing of 78 goes to the Pagatkop
    book.post("count", postings, ref_key="count_shortfall" if shortfall else None)
