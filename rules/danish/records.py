"""The sitting record as typed values, parsed from its JSON (docs/rules.md, "The sitting record").

Parsing checks shapes and types only (is it a list, a known word, an integer); whether the record
makes sense at the table is `validation`'s job. Both report `Problem`s instead of raising, so a
phone form or an import file learns about every mistake at once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from ..envelope import name_problem
from ..envelope import read_date as _date
from ..problems import Problem, expecting, has_lone_surrogate
from ..texts import gettext_noop
from .messages import problem

SUITS = ("hearts", "diamonds", "clubs", "spades")
COURT_CARDS = ("king", "queen", "cavalier", "knight")
MELD_LEVELS = ("half", "full", "overfull")
PAGAT_FATES = ("saved", "lost", "ultimo", "bagud", "skat")
KING_FATES = ("kept", "lost", "ultimo", "bagud")
CULPRIT_CAUSES = ("ultimo", "bagud", "prevented_ultimo")  # or ["ultimo", "bagud"] (000 L201)
PREVENTED = "prevented_ultimo"
CULPRIT_CARDS = ("pagat", *SUITS)  # the card of a prevented ultimo
CLOSE_WAYS = ("split", "carry")

# The keys each object of the record knows (docs/rules.md); anything else is `unknown_key`.
SITTING_KEYS = frozenset(("ruleset", "overrides", "table", "cups", "deals", "close", "date"))
CUPS_KEYS = frozenset(("pagat", "king"))
DEAL_KEYS = frozenset(
    (
        "dealer",
        "players",
        "melds",
        "pagat",
        "kings",
        "last_trick",
        "nolo",
        "tout",
        "counts",
        "fines",
        "culprit",
        "stopped",
    )
)
MELD_KEYS = frozenset(("taroks", "pagat", "matadors", "suits", "kings"))
SUIT_MELD_KEYS = frozenset(("level", "missing"))
FATE_KEYS = frozenset(("holder", "fate"))
TOUT_KEYS = frozenset(("player", "won"))
FINE_KEYS = frozenset(("player", "offence", "meld"))
CULPRIT_KEYS = frozenset(("player", "caused", "card", "victim"))

# Field words for `required`, in every language (each message names the field in its own language).
FIELD_WORDS = {
    "dealer": gettext_noop("The dealer"),
    "deal": gettext_noop("The deal"),
    "sitting": gettext_noop("The sitting"),
    "table": gettext_noop("The table"),
    "holder": gettext_noop("The holder"),
    "fate": gettext_noop("The fate"),
    "level": gettext_noop("The level"),
    "tout.player": gettext_noop("The tout player"),
    "offence": gettext_noop("The offence"),
    "fined": gettext_noop("The fined player"),
    "culprit": gettext_noop("The culprit"),
    "caused": gettext_noop("What the culprit caused"),
    "card": gettext_noop("The card"),
    "victim": gettext_noop("The player whose ultimo was prevented"),
}

PAGAT_CUP = "cup:pagat"
KING_CUP = "cup:king"


class Cups(NamedTuple):
    pagat: int = 0
    king: int = 0

    def of(self, account: str) -> int:
        return self.pagat if account == PAGAT_CUP else self.king

    def plus(self, postings: Mapping[str, int]) -> Cups:
        return Cups(self.pagat + postings.get(PAGAT_CUP, 0), self.king + postings.get(KING_CUP, 0))

    def as_dict(self) -> dict[str, int]:
        return {"pagat": self.pagat, "king": self.king}


# The parsed record is made of named tuples, cheap to make by the ten thousand; a deal and a meld,
# read field by field dozens of times a deal, are slotted dataclasses, whose fields read faster.


class SuitMeld(NamedTuple):
    """A court-card meld in one suit (kavaleri), or the kings meld; `missing` names the gap."""

    level: str
    missing: str | None = None


_NO_SUITS: Mapping[str, SuitMeld] = MappingProxyType({})
_NO_MELDS: Mapping[str, Meld] = MappingProxyType({})
_NO_KINGS: Mapping[str, CardFate] = MappingProxyType({})


@dataclass(slots=True)
class Meld:
    """One player's melds as read: read them, never change them."""

    taroks: int | None = None
    pagat: bool | None = None  # with (True) or without (False) the Pagat; goes with taroks
    matadors: int | None = None
    suits: Mapping[str, SuitMeld] = field(default_factory=lambda: _NO_SUITS)
    kings: SuitMeld | None = None

    @property
    def is_empty(self) -> bool:
        return not (self.taroks or self.matadors or self.suits or self.kings)


class CardFate(NamedTuple):
    holder: str
    fate: str


class Tout(NamedTuple):
    player: str
    won: bool = True


class Fine(NamedTuple):
    player: str
    offence: str
    meld: Meld | None = None  # a wrong meld rides along here, never in `melds`


class Culprit(NamedTuple):
    """Who pays for what his error did (000 L161-L201, 003 L86-L90): an ultimo, a bagud, both, or a
    prevented ultimo."""

    player: str
    caused: tuple[str, ...]  # ("ultimo",), ("bagud",), ("ultimo", "bagud") or ("prevented_ultimo",)
    card: str | None = None  # a prevented ultimo: "pagat" or the King's suit
    victim: str | None = None  # a prevented ultimo: whose ultimo failed


@dataclass(slots=True)
class Deal:
    """A read deal: read it, never change it (validation and settlement share it)."""

    number: int
    dealer: str
    players: tuple[str, str, str]
    melds: Mapping[str, Meld] = field(default_factory=lambda: _NO_MELDS)
    pagat: CardFate | None = None
    kings: Mapping[str, CardFate] = field(default_factory=lambda: _NO_KINGS)
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
        return others_of(self.players).get(player, self.players)


@functools.lru_cache(maxsize=256)
def others_of(players: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    # A table of five makes at most five different threes: a replay asks again and again.
    return {player: tuple(p for p in players if p != player) for player in players}


class Sitting(NamedTuple):
    ruleset: str
    overrides: Mapping[str, Any]
    table: tuple[str, ...]
    cups: Cups
    deals: tuple[Deal, ...]
    close: str | None = None


class _Reader:
    """Reads one JSON value, collecting problems instead of raising.

    A field's path is made only when it has a problem: methods take the path of the object
    (`at`) and the field's key, joined by `_at`.
    """

    __slots__ = ("deal", "problems")

    def __init__(self, deal: int | None, problems: list[Problem]):
        self.deal = deal
        self.problems = problems

    def fail(self, path: str, code: str, **params: Any) -> None:
        self.problems.append(problem(self.deal, path, code, **params))

    def required(self, path: str, word: str) -> None:
        self.fail(path, "required", what=FIELD_WORDS[word])

    def obj(self, value: Any, path: str, known: frozenset[str] | None = None) -> Mapping[str, Any] | None:
        """`value` as an object (None stays None); with `known`, every other key is refused."""
        if value is None:
            return None
        if type(value) is not dict and not isinstance(value, Mapping):  # JSON gives dicts: no ABC check
            self.fail(path, "wrong_type", **expecting("object"))
            return None
        if known is not None and not known.issuperset(value):
            for key in value:
                if key not in known:
                    self.fail(_at(path, key), "unknown_key", key=str(key))
        return value

    def int_(self, value: Any, at: str, key: str, low: int, high: int) -> int | None:
        # bool is an int in Python; a checkbox value is never a count.
        if value is None:
            return None
        if type(value) is not int:
            self.fail(_at(at, key), "wrong_type", **expecting("integer"))
            return None
        if not low <= value <= high:
            self.fail(_at(at, key), "out_of_range", value=value, low=low, high=high)
            return None
        return value

    def bool_(self, value: Any, at: str, key: str | None) -> bool | None:
        if value is None or value is True or value is False:
            return value
        self.fail(_at(at, key), "wrong_type", **expecting("bool"))
        return None

    def name(self, value: Any, at: str, key: Any = None) -> str | None:
        """A member's name as the record names him (whether he is at the table is validation's):
        not blank, valid Unicode, at most 60 characters (rules.envelope.name_problem)."""
        if value is None:
            return None
        wrong = name_problem(value)
        if wrong is not None:
            code, params = wrong
            self.fail(_at(at, key), code, **params)
            return None
        return cast(str, value)  # name_problem found nothing wrong: a str

    def choice(self, value: Any, at: str, key: Any, choices: tuple[str, ...]) -> str | None:
        if value is None:
            return None
        if type(value) is not str or value not in choices:
            self.fail(_at(at, key), "unknown_value", value=value, choices=", ".join(choices))
            return None
        return value

    def suit_meld(self, value: Any, at: str, key: str, missing_choices: tuple[str, ...]) -> SuitMeld | None:
        if type(value) is str:
            level = self.choice(value, at, key, MELD_LEVELS)
            return _LEVELS.get(level)  # type: ignore[arg-type]
        path = _at(at, key)
        data = self.obj(value, path, SUIT_MELD_KEYS)
        if data is None:
            return None
        level = self.choice(data.get("level"), path, "level", MELD_LEVELS)
        if data.get("level") is None:
            self.required(f"{path}.level", "level")
        missing = self.choice(data.get("missing"), path, "missing", missing_choices)
        return SuitMeld(level, missing) if level else None

    def meld(self, value: Any, at: str, key: str) -> Meld | None:
        """One player's meld, at the field path `at`.`key` (made only for a problem)."""
        path = _at(at, key)
        data = self.obj(value, path, MELD_KEYS)
        if data is None:
            return None
        get = data.get
        suits = get("suits")
        if suits is not None:
            suits = self.per_suit(suits, f"{path}.suits", self.suit_meld, COURT_CARDS)
        taroks = self.int_(get("taroks"), path, "taroks", 10, 22)
        pagat = self.bool_(get("pagat"), path, "pagat")
        matadors = self.int_(get("matadors"), path, "matadors", 3, 22)
        kings = get("kings")
        if kings is not None:
            kings = self.suit_meld(kings, path, "kings", SUITS)
        return Meld(taroks, pagat, matadors, suits or _NO_SUITS, kings)

    def card_fate(self, value: Any, at: str, key: str, fates: tuple[str, ...]) -> CardFate | None:
        path = _at(at, key)
        data = self.obj(value, path, FATE_KEYS)
        if data is None:
            return None
        get = data.get
        holder = self.name(get("holder"), path, "holder")
        fate = self.choice(get("fate"), path, "fate", fates)
        if holder and fate:
            return CardFate(holder, fate)
        for key in ("holder", "fate"):
            if get(key) is None:
                self.required(f"{path}.{key}", key)
        return None

    def per_suit(
        self, value: Any, path: str, read_one: Callable[[Any, str, str, tuple[str, ...]], Any], words: tuple[str, ...]
    ) -> dict[str, Any]:
        """An object keyed by suit (a meld's `suits`, a deal's `kings`), each value read by `read_one`
        (`suit_meld` or `card_fate`, with the words its value may use)."""
        found: dict[str, Any] = {}
        data = self.obj(value, path)
        if data:
            for suit, item in data.items():
                if self.choice(suit, path, suit, SUITS):
                    parsed = read_one(item, path, suit, words)
                    if parsed:
                        found[suit] = parsed
        return found

    def names_as_keys(self, data: Mapping[str, Any], path: str) -> None:
        """The keys of `melds` and `counts` are members' names: no lone surrogates, which no text can hold."""
        for key in data:
            if type(key) is str and has_lone_surrogate(key):
                self.fail(_at(path, key), "bad_name")

    def causes(self, value: Any, path: str) -> tuple[str, ...] | None:
        """`caused`: one word, or ["ultimo", "bagud"] when one error caused both (000 L201)."""
        if value is None:
            return None
        if type(value) is str:
            cause = self.choice(value, path, None, CULPRIT_CAUSES)
            return (cause,) if cause else None
        if not isinstance(value, list):
            self.fail(path, "wrong_type", **expecting("word_or_list"))
            return None
        both = ("ultimo", "bagud")
        if not value or len(set(map(repr, value))) != len(value):
            self.fail(path, "unknown_value", value=value, choices='["ultimo", "bagud"]')
            return None
        ok = True
        for i, cause in enumerate(value):
            if cause is None:  # `choice` reads None as left out; in the list it is a wrong cause
                self.fail(_at(path, i), "unknown_value", value="null", choices=", ".join(both))
            ok = self.choice(cause, path, i, both) is not None and ok
        return tuple(cause for cause in both if cause in value) if ok else None


_LEVELS = {level: SuitMeld(level) for level in MELD_LEVELS}


def _at(path: str, key: Any) -> str:
    """The field path of `key` inside the object at `path` (no key: the object itself)."""
    if key is None:
        return path
    return f"{path}.{key}" if path else str(key)


def parse_deal(data: Any, number: int, problems: list[Problem]) -> Deal | None:
    """Parse one deal object; shape problems go into `problems`, None if it cannot be read."""
    return _read_deal(_Reader(number, problems), data)


def _read_deal(read: _Reader, data: Any) -> Deal | None:
    """`parse_deal` with the reader of its sitting, `read.deal` its number: who deals and who plays
    (always asked for), then each other key the record states, by `_DEAL_FIELDS`."""
    before = len(read.problems)
    deal = read.obj(data, "", DEAL_KEYS)
    if deal is None:
        read.required("", "deal")
        return None
    dealer = read.name(deal.get("dealer"), "dealer")
    if deal.get("dealer") is None:
        read.required("dealer", "dealer")
    players_data = deal.get("players")
    players: tuple[str, ...] = ()
    if type(players_data) is not list or len(players_data) != 3:
        read.fail("players", "players_count")
    else:
        players = tuple(read.name(p, "players", i) or "" for i, p in enumerate(players_data))
    # Made with whatever was read; a deal with a problem (not three players, say) is dropped.
    stated = {key: read_field(read, deal[key]) for key, read_field in _DEAL_FIELDS.items() if deal.get(key) is not None}
    parsed = Deal(read.deal, dealer or "", players, **stated)  # type: ignore[arg-type]  # a deal's reader holds its number
    return parsed if len(read.problems) == before else None


def _melds(read: _Reader, value: Any) -> dict[str, Meld]:
    data = read.obj(value, "melds")
    melds: dict[str, Meld] = {}
    if data:
        read.names_as_keys(data, "melds")
        for player, meld_data in data.items():
            meld = read.meld(meld_data, "melds", player)
            if meld is not None:
                melds[player] = meld
    return melds


def _tout(read: _Reader, value: Any) -> Tout | None:
    """A tout: the player's name (won), or {"player", "won"}."""
    if type(value) is str:
        player = read.name(value, "tout")
        return Tout(player) if player else None
    data = read.obj(value, "tout", TOUT_KEYS)
    if data is None:
        return None
    player = read.name(data.get("player"), "tout", "player")
    won = read.bool_(data.get("won"), "tout", "won")
    if data.get("player") is None:
        read.required("tout.player", "tout.player")
    elif player is not None:
        return Tout(player, won is not False)  # won unless said otherwise (null: left out)
    return None


def _counts(read: _Reader, value: Any) -> dict[str, int] | None:
    data = read.obj(value, "counts")
    if data is None:
        return None
    read.names_as_keys(data, "counts")
    counts = {}
    for player, points in data.items():
        count = read.int_(points, "counts", player, 0, 78)
        if count is not None:
            counts[player] = count
    return counts


def _fines(read: _Reader, value: Any) -> tuple[Fine, ...]:
    if value == []:
        return ()
    if type(value) is not list:
        read.fail("fines", "wrong_type", **expecting("list"))
        return ()
    fines = []
    for i, fine_data in enumerate(value):
        path = f"fines.{i}"
        data = read.obj(fine_data, path, FINE_KEYS)
        if data is None:
            if fine_data is None:
                read.fail(path, "wrong_type", **expecting("object"))
            continue
        player = read.name(data.get("player"), path, "player")
        offence = data.get("offence")
        if type(offence) is not str:
            read.required(f"{path}.offence", "offence")
        meld_data = data.get("meld")  # most fines carry no meld
        meld = None if meld_data is None else read.meld(meld_data, path, "meld")
        if data.get("player") is None:
            read.required(f"{path}.player", "fined")
        if player and type(offence) is str:
            fines.append(Fine(player, offence, meld))
    return tuple(fines)


def _culprit_field(read: _Reader, value: Any) -> Culprit | None:
    data = read.obj(value, "culprit", CULPRIT_KEYS)
    return None if data is None else _culprit(read, data)


# The keys of a deal other than the dealer and the players, each with its reader, in the order they
# are read; a key the record leaves out (or sets to null) keeps the default of `Deal`.
_DEAL_FIELDS: dict[str, Callable[[_Reader, Any], Any]] = {
    "melds": _melds,
    "kings": lambda read, value: read.per_suit(value, "kings", read.card_fate, KING_FATES),
    "pagat": lambda read, value: read.card_fate(value, "", "pagat", PAGAT_FATES),
    "tout": _tout,
    "counts": _counts,
    "fines": _fines,
    "culprit": _culprit_field,
    "last_trick": lambda read, value: read.name(value, "last_trick"),
    "nolo": lambda read, value: read.name(value, "nolo"),
    "stopped": lambda read, value: bool(read.bool_(value, "stopped", None)),
}


def _culprit(read: _Reader, data: Mapping[str, Any]) -> Culprit | None:
    get = data.get
    player = read.name(get("player"), "culprit", "player")
    if get("player") is None:
        read.required("culprit.player", "culprit")
    caused = read.causes(get("caused"), "culprit.caused")
    if get("caused") is None:
        read.required("culprit.caused", "caused")
    card = victim = None
    if caused == (PREVENTED,):
        # 000 L187-L189, 003 L90: which card's ultimo failed, and whose.
        card = read.choice(get("card"), "culprit", "card", CULPRIT_CARDS)
        victim = read.name(get("victim"), "culprit", "victim")
        for key in ("card", "victim"):
            if get(key) is None:
                read.required(f"culprit.{key}", key)
        if card is None or victim is None:
            return None
    elif caused is not None:
        for key in ("card", "victim"):
            if get(key) is not None:
                read.fail(f"culprit.{key}", "culprit_prevented_only", key=key)
    if player is None or caused is None:
        return None
    return Culprit(player, caused, card, victim)


def parse_sitting(data: Any) -> tuple[Sitting | None, list[Problem]]:
    """Parse a whole sitting; returns the sitting (None if unreadable) and every shape problem.

    A table member that cannot be read is None in `table`: validation then leaves the deals alone.
    """
    problems: list[Problem] = []
    read = _Reader(None, problems)
    sitting = read.obj(data, "", SITTING_KEYS)
    if sitting is None:
        read.required("", "sitting")
        return None, problems
    get = sitting.get

    ruleset = get("ruleset", "vlk-2010")
    if type(ruleset) is not str:
        read.fail("ruleset", "wrong_type", **expecting("preset"))
    overrides = read.obj(get("overrides"), "overrides") or {}

    table_data = get("table")
    table: tuple[str | None, ...] = ()
    if type(table_data) is not list:
        read.required("table", "table")
    else:
        table = tuple(_member(read, member, f"table.{i}") for i, member in enumerate(table_data))

    cups_data = read.obj(get("cups"), "cups", CUPS_KEYS) or {}
    cups = Cups(
        read.int_(cups_data.get("pagat", 0), "cups", "pagat", 0, 10**12) or 0,
        read.int_(cups_data.get("king", 0), "cups", "king", 0, 10**12) or 0,
    )
    close = read.choice(get("close"), "close", None, CLOSE_WAYS)
    _date(read, get("date"))

    deals_data = get("deals", [])
    deals: list[Deal] = []
    if type(deals_data) is not list:
        read.fail("deals", "wrong_type", **expecting("list"))
        deals_data = []
    for index, deal_data in enumerate(deals_data):
        read.deal = index + 1
        deal = _read_deal(read, deal_data)
        if deal is not None:
            deals.append(deal)
    read.deal = None

    # Deals that could not be read are left out but keep their numbers, so validation can still
    # report the problems of every other deal in the same answer.
    return Sitting(str(ruleset), dict(overrides), table, cups, tuple(deals), close), problems  # type: ignore[arg-type]


def _member(read: _Reader, value: Any, path: str) -> str | None:
    """A member seated at the table: a name of 1 to 60 characters (rules.envelope.NAME_LIMIT)."""
    if value is None:
        read.fail(path, "wrong_type", **expecting("name"))
        return None
    return read.name(value, path)
