"""Settlement of a validated Hungarian deal: balanced line items in the order of
docs/rules-hungarian.md ("One deal, step by step").

1. pot funding; 2. a no-game deal's fine and pot payment (and nothing else); 3. declarations: trump
counts, hand bonuses, talon honours; 4. a penalty (revoke, strict faulty discard), which may replace
the result; 5. the party items: game, double or volát, figures, called-king fine, concession or
trisákolás, then the mild faulty-discard adjustment; 6. sír és nevet; 7. the pot of play.

Accounts are the members by name and `pot` (the ultimókassza) where the game keeps one. An item of
value v won by a party moves v per player, as the book prices per head ("2—2 pontot", 002 L1207):
parties of equal size, each winner +v and each loser −v; a lone player gets or pays v from or to
each opponent.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..events import LineItem, UnbalancedItem, net_of
from .citations import seed_ref
from .presets import RuleSet
from .records import POT, Announcement, Deal
from .validation import Parties, active_players, parties

GAME_VALUES = {
    "paskievics": {"three": 1, "two": 2, "one": 3, "solo": 4},  # 002 L259-L275
    "kiralyhivo": {"call": 6, "solo": 8, "three": 10, "solo_three": 20},  # 002 L1181-L1215
    "tapper": {"three": 3, "lower_three": 4, "upper_three": 5, "solo": 8},  # 002 L1235
    "trisak": {"simple": 4, "ultimo_call": 4, "bettli": 8, "three_take": 10, "open_bettli": 15, "three_solo": 20},
}
# Magyar: the game value follows the talon choice n (002 L1099-L1118).
MAGYAR_VALUES = {"three": lambda n: n, "lower_three": lambda n: n + 1, "two": lambda n: 2 * n, "one": lambda n: 3 * n}
OLD_FIGURES = {"trull": (2, 1), "four_kings": (2, 1), "ultimo": (10, 5), "xxi_capture": (42, 21)}  # 002 L1047-L1073
KIRALY_ROW = {"call": (4, 2), "solo": (8, 4), "three": (12, 6), "solo_three": (16, 8)}  # 002 L1201-L1215
KIRALY_VOLAT = {"call": (24, 12), "solo": (48, 24), "three": (48, 24), "solo_three": (96, 48)}
TRISAK_ULTIMO = {
    "simple": (20, 10),
    "ultimo_call": (40, None),
    "three_take": (40, 20),
    "three_solo": (80, 40),
}  # 002 L1379-L1384
TAPPER_BONUSES = {"four_kings": 3, "trull": 3, "two_honours": 1}  # 002 L1270-L1275
TALON_HONOURS = {"skiz": 3, "xxi": 2, "pagat": 1}  # 002 L562-L566
TRICK_FIGURES = ("trull", "four_kings", "ultimo", "king_ultimo", "xxi_capture")


class Event(NamedTuple):
    """One settled happening at a table: a deal, or the close of the sitting."""

    kind: str  # "deal" or "close"
    items: tuple[LineItem, ...]  # shared with every answer made of the event: read them, never change them
    pot_before: int
    pot_after: int
    number: int | None = None
    way: str | None = None  # how a sitting closed: "split" or "carry"

    def net(self, members: Sequence[str]) -> dict[str, int]:
        return net_of(self.items, members)

    def as_dict(self, members: Sequence[str], keeps_pot: bool) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.number is not None:
            data["number"] = self.number
        if self.way is not None:
            data["way"] = self.way
        data["items"] = list(self.items)
        if self.kind == "deal":
            data["net"] = net_of(self.items, members)
        if keeps_pot:
            data["pot_after"] = self.pot_after
        return data


class _Book:
    """Collects one event's line items and keeps the pot's content as they go."""

    __slots__ = ("rules", "pot", "items", "contract", "_refs")

    def __init__(self, rules: RuleSet, pot: int, contract: str | None = None):
        self.rules = rules
        self.pot = pot
        self.items: list[LineItem] = []
        self.contract = contract
        self._refs = _refs_of(rules.preset)

    def post(self, rule: str, postings: dict[str, int], player: str | None = None, ref: str | None = None) -> None:
        """One line item; `postings` is the caller's own new dict, kept without its zero entries."""
        if 0 in postings.values():
            postings = {account: points for account, points in postings.items() if points}
        if not postings:
            return
        if sum(postings.values()):
            raise UnbalancedItem(f"{rule}: {postings}")  # a bug here, never a record's fault
        if POT in postings:
            self.pot += postings[POT]
        refinement = ref or self.contract
        refs = self._refs
        cited = refs.get((rule, refinement))
        if cited is None:
            cited = refs[rule, refinement] = seed_ref(self.rules.preset, rule, refinement)
        if player is not None:
            self.items.append({"rule": rule, "ref": cited, "postings": postings, "player": player})
        else:
            self.items.append({"rule": rule, "ref": cited, "postings": postings})

    def from_each(self, rule: str, receiver: str, payers: Sequence[str], amount: int, **kw: Any) -> None:
        """`receiver` gets `amount` from each payer (a negative amount: pays each)."""
        postings = {receiver: amount * len(payers)}
        for payer in payers:
            postings[payer] = postings.get(payer, 0) - amount
        self.post(rule, postings, **kw)

    def won(
        self,
        rule: str,
        winners: Sequence[str],
        losers: Sequence[str],
        value: int,
        player: str | None = None,
        ref: str | None = None,
    ) -> None:
        """An item of `value` per player won by one party from the other ."""
        if len(winners) == len(losers):
            postings = dict.fromkeys(winners, value)
            for loser in losers:
                postings[loser] = -value
        elif len(winners) == 1:
            postings = {winners[0]: value * len(losers)}
            for loser in losers:
                postings[loser] = -value
        else:
            postings = dict.fromkeys(winners, value)
            postings[losers[0]] = -value * len(winners)
        self.post(rule, postings, player, ref)

    def into_pot(self, rule: str, payers: Sequence[str], amount: int, **kw: Any) -> None:
        self.post(rule, {payer: -amount for payer in payers} | {POT: amount * len(payers)}, **kw)


@functools.cache
def _refs_of(preset: str) -> dict[tuple[str, str | None], str]:
    """(rule key, refinement) -> seed reference for one game, filled as a replay asks (the same few)."""
    return {}


def game_value(deal: Deal, rules: RuleSet) -> int:
    if rules.preset == "magyar":
        return 10 if deal.contract == "solo" else MAGYAR_VALUES[deal.contract](deal.choice)  # type: ignore[index]
    return GAME_VALUES[rules.preset][deal.contract]  # type: ignore[index]


def figure_values(figure: str, deal: Deal, rules: RuleSet, value: int) -> tuple[int, int | None]:
    """(announced, silent) value of a figure in this deal's contract."""
    preset, contract = rules.preset, deal.contract or ""
    if figure == "double":
        return 4 * value, 2 * value  # 002 L772-L780
    if preset in ("paskievics", "magyar"):
        return (6 * value, 3 * value) if figure == "volat" else OLD_FIGURES[figure]  # 002 L789, L1120-L1124
    if preset == "kiralyhivo":
        if figure == "volat":
            return KIRALY_VOLAT[contract]
        if figure in ("ultimo", "king_ultimo") and not rules.ultimo_as_figure:
            return KIRALY_ROW["call"]
        return KIRALY_ROW[contract]
    if preset == "tapper":
        factor = 2 if contract == "solo" else 1  # 002 L1264-L1266
        return (24 * factor, 12 * factor) if figure == "volat" else (6 * factor, 3 * factor)
    return TRISAK_ULTIMO[contract]  # trisak: the ultimo only


def _times(contra: int) -> int:
    return 1 << contra  # 002 L697: kontra ×2 … mordkontra ×32


# --- funding, no game, close -----------------------------------------------------------------


def settle_deal(deal: Deal, table: Sequence[str], pot: int, rules: RuleSet) -> Event:
    """Every line item of one validated deal, with the pot before and after."""
    book = _Book(rules, pot, deal.contract)
    actives = active_players(deal.dealer, table)
    if rules.pot and rules.pot_fund and book.pot == 0:
        book.into_pot("pot_fund", actives, rules.pot_fund)  # step 1 (002 L1260)
    if deal.no_game is not None:
        _no_game(book, deal, actives)
    elif rules.preset == "stromann":
        _stromann(book, deal, actives)
    elif deal.contract == "trisak":
        _hand_bonuses(book, deal, actives)
        _trisakolas(book, deal, actives)
    else:
        _party_deal(book, deal, table, actives)
    return Event("deal", tuple(book.items), pot, book.pot, deal.number)


def _no_game(book: _Book, deal: Deal, actives: Sequence[str]) -> None:
    """Step 2: the fine of a no-game deal and its pot payment (002 L544, L1189, L550); nothing else."""
    rules = book.rules
    declarer = deal.declarer or ""
    others = [p for p in actives if p != declarer]
    if deal.no_game == "honourless_bid":
        book.from_each("fine.honourless_bid", declarer, others, -rules.honourless_bid_fine, player=declarer)  # 002 L544
    elif deal.no_game == "thrown":
        book.from_each("thrown", declarer, others, -rules.thrown_game_fee, player=declarer)  # 002 L1189
    if rules.pot and rules.no_game_pot:
        book.into_pot("pot_no_game", actives, rules.no_game_pot)  # 002 L287, L381, L550


def close(table: Sequence[str], pot: int, rules: RuleSet, how: str, first_dealer: str) -> Event:
    """The end of a sitting: `split` shares the pot among the table, the odd points one each in seat
    order from the sitting's first dealer (decision); `carry` keeps it."""
    book = _Book(rules, pot)
    if how == "split" and rules.pot and pot:
        share, rest = divmod(pot, len(table))
        start = table.index(first_dealer)
        seated = [table[(start + k) % len(table)] for k in range(len(table))]
        book.post("close.split", {POT: -pot} | {m: share + (1 if k < rest else 0) for k, m in enumerate(seated)})
    return Event("close", tuple(book.items), pot, book.pot, way=how)


# --- declarations (step 3) -------------------------------------------------------------------


def _hand_bonuses(book: _Book, deal: Deal, actives: Sequence[str]) -> None:
    """Hand bonuses, from each other active player whatever the result."""
    rules, contract = book.rules, deal.contract
    for claim in deal.hand_bonuses:
        if rules.preset == "tapper":  # 002 L1270-L1275; everything doubles in szóló (L1275)
            value = rules.trump_bonus if claim.bonus == "many_trumps" else TAPPER_BONUSES[claim.bonus]
            value *= 2 if contract == "solo" else 1
        elif rules.preset == "stromann":  # 002 L1295-L1297; fejek: decision
            value = rules.fejek_value if claim.bonus == "two_honours" else 1
            value *= 2 if contract == "game" else 1
        else:  # trisak, 002 L1386-L1400: 10 each, double in hármas szóló
            value = 10 * (2 if contract == "three_solo" else 1)
        others = [p for p in actives if p != claim.player]
        book.from_each(f"hand_bonus.{claim.bonus}", claim.player, others, value, player=claim.player)


def _trump_counts(book: _Book, deal: Deal, table: Sequence[str], actives: Sequence[str], sides: Parties) -> None:
    """Tarokkszám (002 L636-L652): 8 trumps 1, 9 trumps 2, never doubled, whatever the result."""
    rules = book.rules
    for count in deal.trump_counts:
        value = 1 if count.count == 8 else 2
        own = sides.of(count.player)
        if count.announced:
            if rules.trump_count_payers == "all":
                payers = [p for p in actives if p != count.player]
            else:
                payers = [p for p in actives if p not in own]
            if count.player == deal.declarer and _cries_and_laughs(rules, table):
                payers.append(deal.dealer)  # 002 L639: the sír-és-nevet dealer pays the declarer's
        else:
            payers = [p for p in own if p != count.player]  # 002 L650-L652: only the partner pays
        book.from_each("trump_count", count.player, payers, value, player=count.player)


def _talon_honours(book: _Book, deal: Deal, sides: Parties) -> None:
    """Újlak (002 L562-L566): honours taken from the talon are paid to the sitting-out dealer."""
    for player, honours in deal.talon_honours.items():
        opposite = sides.other(sides.side(player))
        for honour in honours:
            if honour == "xxi" and "xxi_capture" in deal.made_by(opposite):
                continue  # his XXI was captured: nothing for it
            book.post(
                "talon_honour", {player: -TALON_HONOURS[honour], deal.dealer: TALON_HONOURS[honour]}, player=player
            )


def _cries_and_laughs(rules: RuleSet, table: Sequence[str]) -> bool:
    return rules.dealer_cries_and_laughs and len(table) == 5


# --- a party deal ----------------------------------------------------------------------------


def _party_deal(book: _Book, deal: Deal, table: Sequence[str], actives: tuple[str, ...]) -> None:
    rules = book.rules
    sides = parties(deal, table, rules, actives)
    assert sides is not None
    value = game_value(deal, rules)
    _trump_counts(book, deal, table, actives, sides)  # step 3 of the order of settlement
    _hand_bonuses(book, deal, actives)
    _talon_honours(book, deal, sides)

    if deal.conceded:  # 002 L1345: half of game and ultimo fee to each, nothing else (no declarations either)
        half = (value + figure_values("ultimo", deal, rules, value)[0]) // 2
        book.from_each("concession", deal.declarer or "", sides.opponents, -half, player=deal.declarer)
        return

    fine = deal.fines[0] if deal.fines else None
    mild = fine is not None and fine.offence == "faulty_discard" and rules.faulty_discard == "mild"
    if fine is not None and not mild:  # step 4 (002 L534-L540, L1000-L1002)
        penalty = _penalty(deal, rules, value)
        book.from_each(
            f"fine.{fine.offence}", fine.player, [p for p in actives if p != fine.player], -penalty, player=fine.player
        )
        if rules.penalty_replaces_result:
            return

    start = len(book.items)
    _game(book, deal, sides, value)
    _figures(book, deal, sides, value)
    _called_king(book, deal, sides)
    step5 = book.items[start:]
    if mild:
        _mild_faulty_discard(book, fine.player, step5, actives)  # type: ignore[union-attr]
    if _cries_and_laughs(rules, table):
        own = net_of(step5, [deal.declarer or ""])[deal.declarer or ""]
        per_player = own * len(sides.declarer) // len(sides.opponents)  # 002 L580-L582
        book.post("cries_and_laughs", {deal.declarer or "": per_player, deal.dealer: -per_player}, player=deal.dealer)
    if rules.pot:
        _pot_of_play(book, deal, sides)


def _penalty(deal: Deal, rules: RuleSet, value: int) -> int:
    """P = L·2^k of the game + every announcement's announced value ×2^k (002 L1000-L1002)."""
    times = _times if rules.penalty_counts_contras else (lambda contra: 1)
    total = value * times(deal.game_contra)
    for ann in deal.announcements:
        total += figure_values(ann.figure, deal, rules, value)[0] * times(ann.contra)
    return total


def _game(book: _Book, deal: Deal, sides: Parties, value: int) -> None:
    """The game, or the double or volát that replaces it (002 L791-L799)."""
    rules = book.rules
    volat = {"declarer": "volat" in deal.made_by("declarer"), "opponents": "volat" in deal.made_by("opponents")}
    double = {"declarer": False, "opponents": False}
    if "double" in rules.figures and deal.card_points is not None:
        double = {  # 002 L207, L772: 71 of 94; a volát is a double too
            "declarer": volat["declarer"] or deal.card_points >= 71,
            "opponents": volat["opponents"] or rules.deck_points - deal.card_points >= 71,
        }
    family = [a for a in deal.announcements if a.figure in ("double", "volat")] if deal.announcements else None
    if family:
        _announced_double_or_volat(book, deal, sides, value, family, volat, double)
        return
    for side in ("declarer", "opponents"):
        if volat[side] or double[side]:
            figure = "volat" if volat[side] else "double"
            silent = figure_values(figure, deal, rules, value)[1] or 0
            if rules.silent_vs_contra == "max":
                amount = max(silent, value * _times(deal.game_contra))
            elif rules.silent_vs_contra == "replace":
                amount = silent
            else:  # "multiply"
                amount = silent * _times(deal.game_contra)
            book.won(f"{figure}.silent", sides.members(side), sides.members(sides.other(side)), amount)
            return
    if deal.contract in ("bettli", "open_bettli"):
        won = deal.tricks == 0  # 002 L1347, L1351: no trick
    else:
        won = (deal.card_points or 0) >= rules.win_at  # a tie goes against the declarer (002 L190)
    game_winners, game_losers = (sides.declarer, sides.opponents) if won else (sides.opponents, sides.declarer)
    book.won("game", game_winners, game_losers, value * _times(deal.game_contra))


def _announced_double_or_volat(
    book: _Book,
    deal: Deal,
    sides: Parties,
    value: int,
    family: list[Announcement],
    volat: dict[str, bool],
    double: dict[str, bool],
) -> None:
    """`_game` where a double or volát was announced: each party's announcement won or lost, and
    a party that announced none and made one scores it silent."""
    rules = book.rules
    announcing: dict[str, Announcement] = {}
    for ann in family:
        side = sides.side(ann.by)
        current = announcing.get(side)
        if current is None or (ann.figure == "volat" and current.figure == "double"):
            announcing[side] = ann  # 002 L793: beside its own double only the volát is scored
    for side, ann in announcing.items():
        won = volat[side] if ann.figure == "volat" else double[side]
        winners, losers = (side, sides.other(side)) if won else (sides.other(side), side)
        amount = figure_values(ann.figure, deal, rules, value)[0] * _times(ann.contra)
        book.won(f"{ann.figure}.announced", sides.members(winners), sides.members(losers), amount, player=ann.by)
    for side in ("declarer", "opponents"):
        if side not in announcing and (volat[side] or double[side]):
            figure = "volat" if volat[side] else "double"
            silent = figure_values(figure, deal, rules, value)[1] or 0
            book.won(f"{figure}.silent", sides.members(side), sides.members(sides.other(side)), silent)


def _figures(book: _Book, deal: Deal, sides: Parties, value: int) -> None:
    """Trick figures: each announcement won or lost; a figure made and not announced, silent."""
    rules = book.rules
    announced = {ann.figure for ann in deal.announcements}
    made = {"declarer": deal.made_by("declarer"), "opponents": deal.made_by("opponents")}
    either = (*made["declarer"], *made["opponents"])
    if not announced and not either:
        return  # most deals
    volat_made = "volat" in either
    for figure in TRICK_FIGURES:
        if figure not in rules.figures or (figure not in announced and figure not in either):
            continue  # most deals announce and make none of them
        announced_by = set()
        for ann in deal.announcements:
            if ann.figure != figure:
                continue
            side = sides.side(ann.by)
            announced_by.add(side)
            won = figure in made[side]
            winners, losers = (side, sides.other(side)) if won else (sides.other(side), side)
            amount = figure_values(figure, deal, rules, value)[0] * _times(ann.contra)
            book.won(f"{figure}.announced", sides.members(winners), sides.members(losers), amount, player=ann.by)
        for side in ("declarer", "opponents"):
            if figure not in made[side] or side in announced_by:
                continue
            if figure in ("trull", "four_kings") and volat_made:
                continue  # 002 L797, L1069: not paid beside a volát
            silent = figure_values(figure, deal, rules, value)[1]
            if silent:
                book.won(f"{figure}.silent", sides.members(side), sides.members(sides.other(side)), silent)


def _called_king(book: _Book, deal: Deal, sides: Parties) -> None:
    """Királyhívó: the called king lost to the opponents, or left in the talon's half (002 L1189, L1207)."""
    rules = book.rules
    if rules.preset != "kiralyhivo" or deal.call is None:
        return
    if deal.called_king_captured:
        book.won("called_king_fine", sides.opponents, sides.declarer, rules.called_king_fine)
    elif deal.contract == "call" and deal.call.partner is None:
        book.won("called_king_fine", sides.opponents, sides.declarer, rules.called_king_fine, ref="talon")


def _mild_faulty_discard(book: _Book, offender: str, step5: Sequence[LineItem], actives: Sequence[str]) -> None:
    """002 L538: every other player who lost in step 5 gets it back from the offender alone."""
    totals = net_of(step5, actives)
    back = {p: -t for p, t in totals.items() if p != offender and t < 0}
    if back:
        book.post("fine.faulty_discard", {offender: -sum(back.values())} | back, player=offender)


def _shares(total: int, members: Sequence[str], announcer: str) -> dict[str, int]:
    """`total` in equal shares; the odd points go to or from the announcer (decision)."""
    share, rest = divmod(total, len(members))
    return {m: share + (rest if m == announcer else 0) for m in members}


def _pot_of_play(book: _Book, deal: Deal, sides: Parties) -> None:
    """Step 7: lost announced ultimos double the pot, a won one takes it (002 L839-L847); Újlak."""
    ultimos = [(a, sides.side(a.by)) for a in deal.announcements if a.figure == "ultimo"]
    for ann, side in ultimos:
        if "ultimo" not in deal.made_by(side) and book.pot:
            shares = _shares(book.pot, sides.members(side), ann.by)
            book.post("pot_double", {m: -s for m, s in shares.items()} | {POT: book.pot}, player=ann.by)
    for ann, side in ultimos:
        if "ultimo" in deal.made_by(side) and book.pot:
            shares = _shares(book.pot, sides.members(side), ann.by)
            book.post("pot_take", shares | {POT: -book.pot}, player=ann.by)
    rules = book.rules
    if rules.lost_three_pot and deal.contract == "three" and (deal.card_points or 0) < rules.win_at:
        book.into_pot("pot_lost_three", [deal.declarer or ""], rules.lost_three_pot, player=deal.declarer)  # 002 L387


# --- Strómann and trisákolás -----------------------------------------------------------------


def _stromann(book: _Book, deal: Deal, actives: Sequence[str]) -> None:
    """Two players (002 L1289-L1297): bonuses, the game, a silent ultimo."""
    rules = book.rules
    _hand_bonuses(book, deal, actives)
    points = deal.card_points or 0
    if deal.contract == "simple":  # the dealer's points; he wins a tie
        other = next(p for p in actives if p != deal.dealer)
        winner, loser = (deal.dealer, other) if points >= rules.deck_points // 2 else (other, deal.dealer)
        book.from_each("game", winner, [loser], 2)
    else:  # "játék": the declarer gets 3 or pays 4, each doubled by a kontra
        declarer = deal.declarer or ""
        other = next(p for p in actives if p != declarer)
        amount = 3 if points >= rules.win_at else -4
        book.from_each("game", declarer, [other], amount * _times(deal.game_contra))
    if deal.ultimo is not None:
        other = next(p for p in actives if p != deal.ultimo)
        book.from_each("ultimo.silent", deal.ultimo, [other], 2 if deal.contract == "game" else 1, player=deal.ultimo)


def _trisakolas(book: _Book, deal: Deal, actives: Sequence[str]) -> None:
    """002 L1335: the top scorer pays each other 3, or 9 to each player who took no trick."""
    points = deal.player_points or {}
    top = max(points.values())
    tops = [p for p in actives if points.get(p) == top]
    if len(tops) > 1 and book.rules.trisak_tie == "none_pay":
        return
    for payer in tops:
        if deal.trickless:
            book.from_each("trisak", payer, list(deal.trickless), -9, player=payer)
        else:
            book.from_each("trisak", payer, [p for p in actives if p not in tops], -3, player=payer)
