"""The sitting record as typed values, parsed from the JSON format in sitting-format.md.

Parsing checks shapes and types only (is it a list, a known word, an integer); whether the record
makes sense at the table is `validation`'s job. Both report `Problem`s instead of raising, so a
phone form or an import file learns about every mistake at once.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..problems import Problem, problem

SUITS = ("hearts", "diamonds", "clubs", "spades")
COURT_CARDS = ("king", "queen", "cavalier", "knight")
MELD_LEVELS = ("half", "full", "overfull")
PAGAT_FATES = ("saved", "lost", "ultimo", "bagud", "skat")
KING_FATES = ("kept", "lost", "ultimo", "bagud")
CULPRIT_CAUSES = ("ultimo", "bagud")
CLOSE_WAYS = ("split", "carry")

PAGAT_CUP = "cup:pagat"
KING_CUP = "cup:king"


@dataclass(frozen=True)
class Cups:
    pagat: int = 0
    king: int = 0

    def of(self, account: str) -> int:
        return self.pagat if account == PAGAT_CUP else self.king

    def plus(self, postings: Mapping[str, int]) -> Cups:
        return Cups(self.pagat + postings.get(PAGAT_CUP, 0), self.king + postings.get(KING_CUP, 0))

    def as_dict(self) -> dict[str, int]:
        return {"pagat": self.pagat, "king": self.king}


@dataclass(frozen=True)
class SuitMeld:
    """A court-card meld in one suit (kavaleri), or the kings meld; `missing` names the gap."""

    level: str
    missing: str | None = None


@dataclass(frozen=True)
class Meld:
    taroks: int | None = None
    pagat: bool | None = None  # with (True) or without (False) the Pagat; goes with taroks
    matadors: int | None = None
    suits: Mapping[str, SuitMeld] = field(default_factory=dict)
    kings: SuitMeld | None = None

    @property
    def is_empty(self) -> bool:
        return not (self.taroks or self.matadors or self.suits or self.kings)


@dataclass(frozen=True)
class CardFate:
    holder: str
    fate: str


@dataclass(frozen=True)
class Tout:
    player: str
    won: bool = True


@dataclass(frozen=True)
class Fine:
    player: str
    offence: str
    meld: Meld | None = None  # a wrong meld rides along here, never in `melds`


@dataclass(frozen=True)
class Culprit:
    player: str
    caused: str


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: str
    players: tuple[str, str, str]
    melds: Mapping[str, Meld] = field(default_factory=dict)
    pagat: CardFate | None = None
    kings: Mapping[str, CardFate] = field(default_factory=dict)
    last_trick: str | None = None
    nolo: str | None = None
    tout: Tout | None = None
    counts: Mapping[str, int] | None = None
    fines: tuple[Fine, ...] = ()
    culprit: Culprit | None = None
    stopped: bool = False

    @property
    def forehand(self) -> str:
        return self.players[1]

    @property
    def middlehand(self) -> str:
        return self.players[2]

    def others(self, player: str) -> tuple[str, ...]:
        """The other two active players: who "each" means in the rulebooks."""
        # Someone sitting out (a cups_not_pushed fine) has all three active players as "others".
        return self._others.get(player, self.players)

    @functools.cached_property
    def _others(self) -> dict[str, tuple[str, ...]]:
        return {player: tuple(p for p in self.players if p != player) for player in self.players}


@dataclass(frozen=True)
class Sitting:
    ruleset: str
    overrides: Mapping[str, Any]
    table: tuple[str, ...]
    cups: Cups
    deals: tuple[Deal, ...]
    close: str | None = None


class _Reader:
    """Reads one JSON value with a field path, collecting problems instead of raising."""

    def __init__(self, deal: int | None, problems: list[Problem]):
        self.deal = deal
        self.problems = problems

    def fail(self, path: str, code: str, **params: Any) -> None:
        self.problems.append(problem(self.deal, path, code, **params))

    def obj(self, value: Any, path: str) -> Mapping[str, Any] | None:
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.fail(path, "wrong_type", expected="an object", expected_da="et objekt")
            return None
        return value

    def int_(self, value: Any, path: str, low: int, high: int) -> int | None:
        # bool is an int in Python; a checkbox value is never a count.
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, "wrong_type", expected="a whole number", expected_da="et heltal")
            return None
        if not low <= value <= high:
            self.fail(path, "out_of_range", value=value, low=low, high=high)
            return None
        return value

    def bool_(self, value: Any, path: str) -> bool | None:
        if value is None:
            return None
        if not isinstance(value, bool):
            self.fail(path, "wrong_type", expected="true or false", expected_da="true eller false")
            return None
        return value

    def name(self, value: Any, path: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            self.fail(path, "wrong_type", expected="a member's name", expected_da="et medlems navn")
            return None
        return value

    def choice(self, value: Any, path: str, choices: tuple[str, ...]) -> str | None:
        if value is None:
            return None
        if value not in choices:
            self.fail(path, "unknown_value", value=value, choices=", ".join(choices))
            return None
        return value

    def suit_meld(self, value: Any, path: str, missing_choices: tuple[str, ...]) -> SuitMeld | None:
        if isinstance(value, str):
            level = self.choice(value, path, MELD_LEVELS)
            return SuitMeld(level) if level else None
        data = self.obj(value, path)
        if data is None:
            return None
        level = self.choice(data.get("level"), f"{path}.level", MELD_LEVELS)
        if "level" not in data:
            self.fail(f"{path}.level", "required", what="level")
        missing = self.choice(data.get("missing"), f"{path}.missing", missing_choices)
        return SuitMeld(level, missing) if level else None

    def meld(self, value: Any, path: str) -> Meld | None:
        data = self.obj(value, path)
        if data is None:
            return None
        suits: dict[str, SuitMeld] = {}
        suits_data = self.obj(data.get("suits"), f"{path}.suits") or {}
        for suit, level in suits_data.items():
            if self.choice(suit, f"{path}.suits.{suit}", SUITS):
                parsed = self.suit_meld(level, f"{path}.suits.{suit}", COURT_CARDS)
                if parsed:
                    suits[suit] = parsed
        return Meld(
            taroks=self.int_(data.get("taroks"), f"{path}.taroks", 10, 22),
            pagat=self.bool_(data.get("pagat"), f"{path}.pagat"),
            matadors=self.int_(data.get("matadors"), f"{path}.matadors", 3, 22),
            suits=suits,
            kings=self.suit_meld(data.get("kings"), f"{path}.kings", SUITS)
            if data.get("kings") is not None
            else None,
        )

    def card_fate(self, value: Any, path: str, fates: tuple[str, ...]) -> CardFate | None:
        data = self.obj(value, path)
        if data is None:
            return None
        holder = self.name(data.get("holder"), f"{path}.holder")
        fate = self.choice(data.get("fate"), f"{path}.fate", fates)
        for key in ("holder", "fate"):
            if data.get(key) is None:
                self.fail(f"{path}.{key}", "required", what=key)
        return CardFate(holder, fate) if holder and fate else None


def parse_deal(data: Any, number: int, problems: list[Problem]) -> Deal | None:
    """Parse one deal object; shape problems go into `problems`, None if it cannot be read."""
    read = _Reader(number, problems)
    before = len(problems)
    deal = read.obj(data, "")
    if deal is None:
        read.fail("", "required", what="The deal")
        return None

    dealer = read.name(deal.get("dealer"), "dealer")
    if deal.get("dealer") is None:
        read.fail("dealer", "required", what="The dealer")
    players_data = deal.get("players")
    players: tuple[str, ...] = ()
    if not isinstance(players_data, list) or len(players_data) != 3:
        read.fail("players", "players_count")
    else:
        players = tuple(read.name(p, f"players.{i}") or "" for i, p in enumerate(players_data))

    melds: dict[str, Meld] = {}
    for player, meld_data in (read.obj(deal.get("melds"), "melds") or {}).items():
        meld = read.meld(meld_data, f"melds.{player}")
        if meld is not None:
            melds[player] = meld

    kings: dict[str, CardFate] = {}
    for suit, fate_data in (read.obj(deal.get("kings"), "kings") or {}).items():
        if read.choice(suit, f"kings.{suit}", SUITS):
            fate = read.card_fate(fate_data, f"kings.{suit}", KING_FATES)
            if fate:
                kings[suit] = fate

    tout = None
    tout_data = deal.get("tout")
    if isinstance(tout_data, str):
        tout = Tout(tout_data)
    elif tout_data is not None:
        data = read.obj(tout_data, "tout")
        if data is not None:
            player = read.name(data.get("player"), "tout.player")
            won = read.bool_(data.get("won", True), "tout.won")
            if player is None:
                read.fail("tout.player", "required", what="The tout player")
            elif won is not None:
                tout = Tout(player, won)

    counts = None
    counts_data = read.obj(deal.get("counts"), "counts")
    if counts_data is not None:
        counts = {}
        for player, points in counts_data.items():
            value = read.int_(points, f"counts.{player}", 0, 78)
            if value is not None:
                counts[player] = value

    fines: list[Fine] = []
    fines_data = deal.get("fines") or []
    if not isinstance(fines_data, list):
        read.fail("fines", "wrong_type", expected="a list", expected_da="en liste")
        fines_data = []
    for i, fine_data in enumerate(fines_data):
        data = read.obj(fine_data, f"fines.{i}")
        if data is None:
            continue
        player = read.name(data.get("player"), f"fines.{i}.player")
        offence = data.get("offence")
        if not isinstance(offence, str):
            read.fail(f"fines.{i}.offence", "required", what="The offence")
        meld = read.meld(data.get("meld"), f"fines.{i}.meld")
        if data.get("player") is None:
            read.fail(f"fines.{i}.player", "required", what="The fined player")
        if player and isinstance(offence, str):
            fines.append(Fine(player, offence, meld))

    culprit = None
    culprit_data = read.obj(deal.get("culprit"), "culprit")
    if culprit_data is not None:
        player = read.name(culprit_data.get("player"), "culprit.player")
        caused = read.choice(culprit_data.get("caused"), "culprit.caused", CULPRIT_CAUSES)
        if player and caused:
            culprit = Culprit(player, caused)
        elif culprit_data.get("caused") is None:
            read.fail("culprit.caused", "required", what="What the culprit caused")

    parsed = Deal(
        number=number,
        dealer=dealer or "",
        players=players,  # type: ignore[arg-type]
        melds=melds,
        pagat=read.card_fate(deal.get("pagat"), "pagat", PAGAT_FATES),
        kings=kings,
        last_trick=read.name(deal.get("last_trick"), "last_trick"),
        nolo=read.name(deal.get("nolo"), "nolo"),
        tout=tout,
        counts=counts,
        fines=tuple(fines),
        culprit=culprit,
        stopped=bool(read.bool_(deal.get("stopped", False), "stopped")),
    )
    return parsed if len(problems) == before else None


def parse_sitting(data: Any) -> tuple[Sitting | None, list[Problem]]:
    """Parse a whole sitting; returns the sitting (None if unreadable) and every shape problem."""
    problems: list[Problem] = []
    read = _Reader(None, problems)
    sitting = read.obj(data, "")
    if sitting is None:
        read.fail("", "required", what="The sitting")
        return None, problems

    ruleset = sitting.get("ruleset", "vlk-2010")
    if not isinstance(ruleset, str):
        read.fail("ruleset", "wrong_type", expected="a preset id", expected_da="et regelsæt")
    overrides = read.obj(sitting.get("overrides"), "overrides") or {}

    table_data = sitting.get("table")
    table: tuple[str, ...] = ()
    if not isinstance(table_data, list):
        read.fail("table", "required", what="The table")
    else:
        table = tuple(read.name(m, f"table.{i}") or "" for i, m in enumerate(table_data))

    cups_data = read.obj(sitting.get("cups"), "cups") or {}
    cups = Cups(
        read.int_(cups_data.get("pagat", 0), "cups.pagat", 0, 10**12) or 0,
        read.int_(cups_data.get("king", 0), "cups.king", 0, 10**12) or 0,
    )
    close = read.choice(sitting.get("close"), "close", CLOSE_WAYS)

    deals_data = sitting.get("deals", [])
    deals: list[Deal] = []
    if not isinstance(deals_data, list):
        read.fail("deals", "wrong_type", expected="a list", expected_da="en liste")
        deals_data = []
    for index, deal_data in enumerate(deals_data):
        deal = parse_deal(deal_data, index + 1, problems)
        if deal is not None:
            deals.append(deal)

    # Deals that could not be read are left out but keep their numbers, so validation can still
    # report the problems of every other deal in the same answer.
    return Sitting(str(ruleset), dict(overrides), table, cups, tuple(deals), close), problems
