"""Validation of a Slovenian deal against its table and rule set (slovenian-tarok.md §1-§2, §4-§8).

Every check appends a `Problem` and goes on, so one answer lists everything the table must fix
(R8). `settlement` only ever sees deals that passed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..problems import Problem
from ..texts import Phrase, Text, gettext_noop, phrase
from .messages import problem
from .presets import CALLING, FLAT, TALON, ULTIMOS, RuleSet
from .records import Bonus, Deal

# What each contract's record may hold beside `contract`, `dealer` and `out` (R6).
_TALON_KEYS = frozenset(("declarer", "partner", "card_points", "won", "difference", "kontra", "bonuses", "mondfang"))
_KEYS: dict[str, frozenset[str]] = {
    "klop": frozenset(("klop", "kontra")),
    "renons": frozenset(("offender",)),
    "solo_without": frozenset(("declarer", "card_points", "won", "difference", "kontra", "mondfang")),
    **{contract: _TALON_KEYS for contract in TALON},
    **{contract: frozenset(("declarer", "won", "kontra")) for contract in FLAT},
}
_WHAT: dict[str, Text] = {
    "contract": gettext_noop("The contract"),
    "declarer": gettext_noop("The declarer"),
    "partner": gettext_noop("The partner (null when the declarer plays alone)"),
    "out": gettext_noop("The member sitting out"),
    "card_points": gettext_noop("The card points (or won and difference)"),
    "won": gettext_noop("Whether the contract was made (won)"),
    "difference": gettext_noop("The difference"),
    "klop": gettext_noop("The klop card points"),
    "offender": gettext_noop("The offender"),
    "pile": gettext_noop("A member's klop card points"),
}


def keys_used(contract: str, rules: RuleSet, size: int) -> frozenset[str]:
    """The record's keys a deal of `contract` uses at a table of `size` (R6): what its form asks.
    A partner only in three, two, one at four or five (R3, R4); kontra on klop only where the club
    allows it (R63)."""
    keys = _KEYS.get(contract, frozenset())
    if contract not in CALLING or size == 3:
        keys -= {"partner"}
    if (contract == "klop" and not rules.klop_kontra) or not rules.max_kontra:
        keys -= {"kontra"}
    return keys


def active_members(deal: Deal, table: Sequence[str]) -> tuple[str, ...]:
    """R2, R5: the members who play the deal (all but the one sitting out)."""
    return tuple(member for member in table if member != deal.out)


def validate_deal(deal: Deal, table: Sequence[str], rules: RuleSet) -> list[Problem]:
    """Every problem of a read deal at this table (R8)."""
    check = _Check(deal, table, rules)
    check.run()
    return check.problems


class _Check:
    def __init__(self, deal: Deal, table: Sequence[str], rules: RuleSet):
        self.deal = deal
        self.table = tuple(table)
        self.rules = rules
        self.size = len(table)
        self.problems: list[Problem] = []
        self.contract = deal.contract

    def fail(self, field: str, code: str, **params: Any) -> None:
        self.problems.append(problem(self.deal.number, field, code, **params))

    def has(self, key: str) -> bool:
        """The record states `key` readably."""
        return key in self.deal.keys and key not in self.deal.unreadable

    def stated(self, key: str) -> bool:
        """The record states `key`, readably or not."""
        return key in self.deal.keys

    def missing(self, key: str, field: str | None = None) -> None:
        self.fail(field or key, "missing", what=_WHAT[key])

    def not_allowed(self, field: str, key: str) -> None:
        self.fail(field, "not_allowed", key=key, what=self.what())

    def what(self) -> Phrase:
        return phrase(gettext_noop("a deal of {contract} here"), contract=self.contract or "?")

    # --- the run -------------------------------------------------------------------------

    def run(self) -> None:
        self.names()
        self.out()
        if self.contract is None:
            if not self.stated("contract"):
                self.missing("contract")
            return
        if self.contract not in self.rules.contracts_at(self.size):
            self.fail("contract", "not_allowed", key=self.contract, what=self.table_rules())  # R11, R12
            return
        self.keys()
        self.roles()
        if self.contract == "klop":
            self.klop()
        elif self.contract in TALON or self.contract == "solo_without":
            self.result()
        elif self.contract in FLAT and not self.stated("won"):
            self.missing("won")
        self.kontra()
        if self.contract in TALON:
            self.bonuses()

    def table_rules(self) -> Phrase:
        return phrase(gettext_noop("this club's Slovenian tarok at {count} members"), count=self.size)

    def names(self) -> None:
        """R5: every member a record names sits at the table (`not_member`)."""
        deal = self.deal
        for key in ("dealer", "declarer", "partner", "out", "mondfang", "offender"):
            name = getattr(deal, key)
            if name and name not in self.table:
                self.fail(key, "not_member", player=name)
        for name in deal.klop or {}:
            if name not in self.table:
                self.fail(f"klop.{name}", "not_member", player=name)

    def out(self) -> None:
        """R2: at five members the record names who sits out (optional for renons); else it has none."""
        if self.size == 5:
            if not self.stated("out") and self.contract not in ("renons", None):
                self.missing("out")
        elif self.stated("out"):
            self.fail("out", "not_allowed", key="out", what=phrase(gettext_noop("a table of {count}"), count=self.size))

    def keys(self) -> None:
        """R6: keys that mean nothing for the contract are refused; R8: what it needs is there."""
        allowed = _KEYS[self.contract or ""]
        for key in sorted(self.deal.keys - allowed - {"contract", "dealer", "out"}):
            if key == "kontra" and self.deal.kontra == 0:
                continue  # no kontra said: nothing refused
            self.not_allowed(key, key)
        if self.contract == "klop" and self.deal.kontra and not self.rules.klop_kontra:
            self.not_allowed("kontra", "kontra")  # R63
        if self.contract not in ("klop", "renons") and not self.stated("declarer"):
            self.missing("declarer")
        if self.contract == "renons" and not self.stated("offender"):
            self.missing("offender")
        if self.contract == "klop" and not self.stated("klop"):
            self.missing("klop")
        if self.contract in CALLING and self.size > 3:
            if "partner" not in self.deal.present:
                self.missing("partner")  # R3: the key is required, null when alone
        elif self.stated("partner") and "partner" in allowed:
            self.not_allowed("partner", "partner")  # R4: no partner at 3 members or in a solo

    def roles(self) -> None:
        """R3, R5: declarer, partner, mondfang player (and the offender) play the deal."""
        deal = self.deal
        for key in ("declarer", "partner", "mondfang", "offender"):
            name = getattr(deal, key)
            if name and deal.out and name == deal.out and name in self.table:
                self.fail(key, "sitting_out", player=name)
        if deal.partner and deal.partner == deal.declarer and self.contract in CALLING:
            self.fail("partner", "same_player", player=deal.partner)

    def result(self) -> None:
        """R20, R21, R23: the card points, or won and the rounded difference."""
        deal = self.deal
        if self.has("card_points"):
            if not 0 <= (deal.card_points or 0) <= 70:
                self.fail("card_points", "out_of_range", value=deal.card_points, low=0, high=70)
            for key in ("won", "difference"):
                if self.stated(key):
                    self.not_allowed(key, key)
        elif not self.stated("card_points"):
            needs_difference = self.contract in TALON or self.rules.solo_without_difference
            if not self.stated("won"):
                self.missing("card_points")
            elif needs_difference and not self.stated("difference"):
                self.missing("difference")
        if self.has("difference") and not self.has("card_points"):
            difference = deal.difference or 0
            step = self.rules.difference_rounding
            if not 0 <= difference <= 35:
                self.fail("difference", "out_of_range", value=difference, low=0, high=35)
            elif difference % step and (self.contract in TALON or self.rules.solo_without_difference):
                self.fail("difference", "difference_step", value=difference, step=step)

    def kontra(self) -> None:
        """R30: 0..max_kontra on the game."""
        level = self.deal.kontra
        if self.has("kontra") and not 0 <= level <= self.rules.max_kontra:
            self.fail("kontra", "out_of_range", value=level, low=0, high=self.rules.max_kontra)

    def klop(self) -> None:
        """R60, R62: every active member's card points, 0..70 each, 69..71 in all, one full at most."""
        deal = self.deal
        piles = deal.klop
        if piles is None:
            return
        active = [member for member in self.table if member != deal.out]
        for name in piles:
            if name == deal.out and name in self.table:
                self.fail(f"klop.{name}", "sitting_out", player=name)
        for name in active:
            if name not in piles and not deal.klop_unreadable:
                self.fail(f"klop.{name}", "missing", what=_WHAT["pile"])
        bad = False
        for name, points in piles.items():
            if not 0 <= points <= 70:
                self.fail(f"klop.{name}", "out_of_range", value=points, low=0, high=70)
                bad = True
        if bad or deal.klop_unreadable or set(piles) != set(active):
            return
        total = sum(piles.values())
        if not 69 <= total <= 71:
            self.fail("klop", "klop_total", total=total)
        full = [name for name in active if piles[name] > 35]
        if len(full) > 1:
            self.fail("klop", "klop_two_full", players=", ".join(full))

    def bonuses(self) -> None:
        """R30-R36: each bonus item's sides and kontra."""
        deal = self.deal
        if not self.has("bonuses"):
            return
        valat = deal.bonus("valat")
        valat_announced = valat is not None and valat.announced is not None
        for bonus in deal.bonuses:
            self.bonus(bonus)
            if valat_announced and bonus.name != "valat" and bonus.announced is not None:
                self.not_allowed(f"bonuses.{bonus.name}.announced", "announced")  # R36
        if valat_announced and self.deal.kontra:
            self.not_allowed("kontra", "kontra")  # R36: the kontra goes on the announced valat
        if valat is not None and valat.made is not None:
            self.valat_made(valat.made)

    def bonus(self, bonus: Bonus) -> None:
        path = f"bonuses.{bonus.name}"
        if bonus.lost is not None and bonus.name not in ULTIMOS:
            self.not_allowed(f"{path}.lost", "lost")  # R33: only an ultimo is lost
        if bonus.lost is not None and bonus.made is not None and bonus.name in ULTIMOS:
            self.fail(f"{path}.lost", "bonus_made_and_lost", bonus=bonus.name)
        if "kontra" in bonus.keys and bonus.kontra:
            if bonus.announced is None:
                self.not_allowed(f"{path}.kontra", "kontra")  # R30: a silent bonus has no kontra
            elif not 0 <= bonus.kontra <= self.rules.max_kontra:
                self.fail(f"{path}.kontra", "out_of_range", value=bonus.kontra, low=0, high=self.rules.max_kontra)
        if bonus.name == "king_ultimo":
            if self.contract not in CALLING or self.size == 3:
                self.not_allowed(path, "king_ultimo")  # R32, R4: it needs a called king
            else:
                for key in ("announced", "made", "lost"):
                    if getattr(bonus, key) == "opponents":
                        self.not_allowed(f"{path}.{key}", key)  # R32: the declarer's side only

    def valat_made(self, side: str) -> None:
        """R35: the side that took every trick has more than 35 card points."""
        deal = self.deal
        if self.has("card_points") and deal.card_points is not None:
            declarer_won = deal.card_points > 35
            opponents_won = deal.card_points < 35
        elif self.has("won"):
            declarer_won = opponents_won = False
            if deal.won is True:
                declarer_won = True
            else:
                opponents_won = True
        else:
            return
        if (side == "declarer" and not declarer_won) or (side == "opponents" and not opponents_won):
            self.fail("bonuses.valat.made", "valat_points")
