"""Settlement of a validated Slovenian deal, in the order of slovenian-tarok.md §9, and the close.

A deal's `scores` are what the paper sheet writes (R24: the declarer and the partner each write the
side's total, the opponents nothing; not zero-sum). What the ledger posts is their money points
(R81, R82): member i gets n · s_i − Σ s (n = every member at the table, the one sitting out too),
which sums to zero. Each line item carries its `amount` (what one member of its side writes) and
postings of those money points, so the items of a deal sum to its `net`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from ..events import LineItem, balanced, net_of
from .citations import ref
from .presets import BONUSES, CALLING, FLAT, RADELC_CONTRACTS, ULTIMOS, RuleSet
from .records import Bonus, Deal
from .validation import active_members


class Event(NamedTuple):
    """One settled happening at a table: a deal, or the close of the sitting."""

    kind: str  # "deal" or "close"
    items: tuple[LineItem, ...]  # shared with every answer made of the event: read them, never change them
    scores: Mapping[str, int]  # the sheet's line: a deal's scores, or the close's radelc penalty
    radelci_before: Mapping[str, int]
    radelci_after: Mapping[str, int]
    totals_after: Mapping[str, int]
    number: int | None = None
    crossed_off: Mapping[str, int] = MappingProxyType({})  # R52, R61: the radelci this deal crossed off

    def net(self, members: Sequence[str]) -> dict[str, int]:
        return net_of(self.items, members)

    def as_dict(self, members: Sequence[str]) -> dict[str, Any]:
        """As `python -m rules replay` prints it (sitting-format-slovenian.md)."""
        net = net_of(self.items, members)
        if self.kind == "close":
            return {"kind": "close", "radelc_penalty": _all(self.scores, members), "net": net}
        return {
            "kind": self.kind,
            "number": self.number,
            "items": list(self.items),
            "scores": _all(self.scores, members),
            "radelci_after": _all(self.radelci_after, members),
            "totals_after": _all(self.totals_after, members),
            "net": net,
        }


def _all(values: Mapping[str, int], members: Sequence[str]) -> dict[str, int]:
    return {member: values.get(member, 0) for member in members}


def kontra_factor(level: int) -> int:
    """R30: kontra ×2, re ×4, sub ×8, mort ×16."""
    return 1 << level


def round_to(value: int, step: int) -> int:
    """R21, R61: `value` (0 or more) to the nearest multiple of `step`: remainders 1, 2 down, 3, 4 up."""
    if step <= 1:
        return value
    low = value - value % step
    return low + step if 2 * (value % step) > step else low


def money_points(scores: Mapping[str, int], members: Sequence[str], rules: RuleSet) -> dict[str, int]:
    """R81: member i's money points, n · s_i − Σ s (n: everyone at the table); zeros with `money: none`."""
    if rules.money == "none":
        return {member: 0 for member in members}
    total = sum(scores.get(member, 0) for member in members)
    return {member: len(members) * scores.get(member, 0) - total for member in members}


class _Sheet:
    """Collects one deal's line items and each member's score as they go."""

    def __init__(self, table: Sequence[str], rules: RuleSet):
        self.table = tuple(table)
        self.rules = rules
        self.items: list[LineItem] = []
        self.scores = {member: 0 for member in table}

    def write(
        self,
        rule: str,
        members: Sequence[str],
        amount: int,
        player: str | None = None,
        difference: int | None = None,
        always: bool = False,
    ) -> None:
        """`amount` written by each of `members` under `rule` (nothing when it is 0, unless `always`)."""
        if not amount and not always:
            return
        contribution = {member: amount for member in dict.fromkeys(members)}
        for member in contribution:
            self.scores[member] += amount
        postings = balanced(money_points(contribution, self.table, self.rules), rule)
        item: LineItem = {"rule": rule, "ref": ref(rule), "amount": amount, "postings": postings}
        if difference is not None:
            item["difference"] = difference
        if player is not None:
            item["player"] = player
        self.items.append(item)


def settle_deal(
    deal: Deal, table: Sequence[str], radelci: Mapping[str, int], totals: Mapping[str, int], rules: RuleSet
) -> Event:
    """§9 for one validated deal: the scores, the radelci after it and the running totals."""
    held = {member: radelci.get(member, 0) for member in table}  # 1. R(p) before the deal
    after = dict(held)
    sheet = _Sheet(table, rules)
    active = active_members(deal, table)
    earns = False
    if deal.contract == "renons":  # 2.
        _renons(sheet, deal, held)
    elif deal.contract == "klop":  # 3.
        _klop(sheet, deal, active, held, after)
        earns = True
    else:  # 4., 5.
        earns = _contract(sheet, deal, active, held, after)
    crossed_off = {member: held[member] - after[member] for member in table if held[member] > after[member]}
    if earns:  # 6. R50, R54
        for member in table:
            if member in active or rules.radelci_for_sitter:
                after[member] += 1
    new_totals = {member: totals.get(member, 0) + sheet.scores[member] for member in table}  # 7.
    return Event("deal", tuple(sheet.items), sheet.scores, held, after, new_totals, deal.number, crossed_off)


def _renons(sheet: _Sheet, deal: Deal, held: Mapping[str, int]) -> None:
    """R64: the offender writes −renons; not doubled (but `renons_doubled`); no radelc change."""
    offender = deal.offender or ""
    rules = sheet.rules
    sheet.write("renons", [offender], -rules.renons, player=offender, always=True)
    if rules.renons_doubled and held[offender] > 0:
        sheet.write("radelc", [offender], -rules.renons, player=offender)


def _klop(sheet: _Sheet, deal: Deal, active: Sequence[str], held: Mapping[str, int], after: dict[str, int]) -> None:
    """R60-R63: full and empty members, or everyone minus his rounded points; own radelc; crossing off."""
    rules = sheet.rules
    piles = deal.klop or {}
    full = [member for member in active if piles[member] > 35]
    empty = [member for member in active if piles[member] == 0]
    base: dict[str, int] = {}
    if full or empty:
        gain = 70
        if full and empty and rules.klop_full_and_empty == "half":
            gain = 35
        for member in full:
            base[member] = -gain
        if not (full and rules.klop_full_and_empty == "full_only"):
            for member in empty:
                base[member] = gain
    else:
        base = {member: -round_to(piles[member], rules.klop_rounding) for member in active}
    factor = kontra_factor(deal.kontra) if rules.klop_kontra else 1  # R63
    for member in active:
        amount = base.get(member, 0) * factor
        sheet.write("klop", [member], amount, player=member, always=True)
        if rules.klop_radelc_doubles and held[member] > 0:
            sheet.write("radelc", [member], amount, player=member)
        if rules.klop_empty_removes_radelc and member in empty and amount > 0 and held[member] > 0:
            after[member] -= 1  # R61: an empty member who writes a plus crosses one off


def _contract(sheet: _Sheet, deal: Deal, active: Sequence[str], held: Mapping[str, int], after: dict[str, int]) -> bool:
    """§9 steps 4-5 for a contract with a declarer: the side total, the radelc, the mondfang.
    Answers whether the deal earns radelci (R50)."""
    rules = sheet.rules
    contract = deal.contract or ""
    declarer = deal.declarer or ""
    side = [declarer] if deal.partner is None or contract not in CALLING else [declarer, deal.partner]
    start = len(sheet.items)
    if contract in FLAT:
        won = bool(deal.won)
        value = rules.values[contract] * kontra_factor(deal.kontra)  # R22
        sheet.write("game", side, value if won else -value, always=True)
        earns = True
    elif contract == "solo_without":
        won = _won(deal)
        base = rules.values[contract]
        difference = _difference(deal, rules) if rules.solo_without_difference else None
        value = (base + (difference or 0)) * kontra_factor(deal.kontra)  # R23
        sheet.write("game", side, value if won else -value, difference=difference, always=True)
        earns = True
    else:
        won, valat = _talon(sheet, deal, side)
        earns = contract in RADELC_CONTRACTS or (valat and rules.valat_gives_radelci)
    total = sum(item["amount"] for item in sheet.items[start:])  # T, the side's total
    _radelc(sheet, deal, side, total, held, after, won)
    if deal.mondfang is not None:  # R40, R41: after the doubling, never multiplied
        loser = deal.mondfang
        amount = -rules.mondfang_at(len(sheet.table))
        sheet.write("mondfang", [loser], amount, player=loser)
        if rules.mondfang_doubled and held[loser] > 0:
            sheet.write("radelc", [loser], amount, player=loser)
    return earns


def _won(deal: Deal) -> bool:
    """R20: more than 35 card points wins (or the record's `won`)."""
    return deal.card_points > 35 if deal.card_points is not None else bool(deal.won)


def _difference(deal: Deal, rules: RuleSet) -> int:
    """R21: |card points − 35| rounded to the club's step (or the record's rounded difference)."""
    if deal.card_points is not None:
        return round_to(abs(deal.card_points - 35), rules.difference_rounding)
    return deal.difference or 0


def _talon(sheet: _Sheet, deal: Deal, side: Sequence[str]) -> tuple[bool, bool]:
    """R21, R31-R36: the game and the bonuses of a talon contract, or the valat that replaces them.
    Answers (the game won, a valat scored)."""
    rules = sheet.rules
    kontra = kontra_factor(deal.kontra)
    won = _won(deal)
    valat = deal.bonus("valat")
    valat_scored = valat is not None and (valat.announced is not None or valat.made is not None)
    if valat is not None and valat_scored:
        amount = _valat(valat, kontra, rules)
        failed = valat.announced is not None and valat.made != valat.announced
        if not (failed and rules.failed_announced_valat == "add"):
            sheet.write("bonus:valat", side, amount, always=True)  # R35: it replaces everything
            return _valat_won(valat), True
    difference = _difference(deal, rules)
    value = (rules.values[deal.contract or ""] + difference) * kontra  # R21
    sheet.write("game", side, value if won else -value, difference=difference, always=True)
    for name in BONUSES:
        bonus = deal.bonus(name)
        if name != "valat" and bonus is not None:
            sheet.write(f"bonus:{name}", side, _bonus(bonus, rules))  # R33, R34
    if valat is not None and valat_scored:  # R35 `add`: a failed announced valat beside the rest
        sheet.write("bonus:valat", side, _valat(valat, kontra, rules), always=True)
    return won, valat_scored


def _sign(side: str | None) -> int:
    """+ for the declarer's side, − for the opponents (R33: settled from the declarer side's view)."""
    return 1 if side == "declarer" else -1


def _bonus(bonus: Bonus, rules: RuleSet) -> int:
    """R33: one bonus item, settled once."""
    value = rules.bonus[bonus.name]
    if bonus.announced is not None:
        amount = 2 * value * kontra_factor(bonus.kontra)
        return _sign(bonus.announced) * (amount if bonus.made == bonus.announced else -amount)
    if bonus.made is not None:
        return _sign(bonus.made) * value
    if bonus.lost is not None and bonus.name in ULTIMOS:
        return -_sign(bonus.lost) * value
    return 0


def _valat_won(valat: Bonus) -> bool:
    """R52, R35: whether the declarer's side won the valat that replaced the game, from who announced
    and who made it, never from the sign of the total (a valat worth 0 is won all the same)."""
    if valat.announced is not None:
        return (valat.made == valat.announced) == (valat.announced == "declarer")
    return valat.made == "declarer"


def _valat(valat: Bonus, game_kontra: int, rules: RuleSet) -> int:
    """R35: an announced valat ±2v × its kontra for the announcer; a silent one v × the game's kontra."""
    value = rules.bonus["valat"]
    if valat.announced is not None:
        amount = 2 * value * kontra_factor(valat.kontra)
        return _sign(valat.announced) * (amount if valat.made == valat.announced else -amount)
    return _sign(valat.made) * value * game_kontra


def _radelc(
    sheet: _Sheet,
    deal: Deal,
    side: Sequence[str],
    total: int,
    held: Mapping[str, int],
    after: dict[str, int],
    won: bool,
) -> None:
    """R51, R52: the declarer's radelc doubles the side total once; a won game crosses one off."""
    rules = sheet.rules
    declarer = side[0]
    if rules.radelc_scope == "own":
        for member in side:
            if held[member] > 0:
                sheet.write("radelc", [member], total, player=member)
                if won:
                    after[member] -= 1
        return
    if held[declarer] > 0:
        sheet.write("radelc", side, total)
        if won:
            after[declarer] -= 1  # R52: the declarer's, never the partner's


def close(table: Sequence[str], radelci: Mapping[str, int], totals: Mapping[str, int], rules: RuleSet) -> Event:
    """R80: every member loses the penalty per radelc still held; R82: the close posts its money points."""
    sheet = _Sheet(table, rules)
    for member in table:
        held = radelci.get(member, 0)
        if held:
            sheet.write("close:radelci", [member], -rules.unused_radelc_penalty * held, player=member)
    held_now = {member: radelci.get(member, 0) for member in table}
    new_totals = {member: totals.get(member, 0) + sheet.scores[member] for member in table}
    return Event("close", tuple(sheet.items), sheet.scores, held_now, held_now, new_totals)
