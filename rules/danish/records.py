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
    "dealer": ("The dealer", "Giveren", "Az osztó"),
    "deal": ("The deal", "Spillet", "A leosztás"),
    "sitting": ("The sitting", "Spilleaftenen", "A játékest"),
    "table": ("The table", "Bordet", "Az asztal"),
    "holder": ("The holder", "Ejeren", "A birtokos"),
    "fate": ("The fate", "Udfaldet", "A lap sorsa"),
    "level": ("The level", "Niveauet", "A szint"),
    "tout.player": ("The tout player", "Toutspilleren", "A tout játékosa"),
    "offence": ("The offence", "Forseelsen", "A vétség"),
    "fined": ("The fined player", "Den idømte spiller", "A büntetett játékos"),
    "culprit": ("The culprit", "Synderen", "A vétkes"),
    "caused": ("What the culprit caused", "Det, synderen var skyld i,", "A vétkes által okozott esemény"),
    "card": ("The card", "Kortet", "A lap"),
    "victim": (
        "The player whose ultimo was prevented",
        "Spilleren, hvis ultimo blev forhindret,",
        "A megakadályozott ultimo játékosának",
    ),
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
    (`at`) and the field's key, joined by `_at`. `good` remembers the names already found
    well-formed, which a sitting repeats in every deal, each as the one string the sitting uses
    for it from then on (the table's, mostly): every later comparison of names is one of identity.
    """

    __slots__ = ("deal", "problems", "good")

    def __init__(self, deal: int | None, problems: list[Problem], good: dict[str, str] | None = None):
        self.deal = deal
        self.problems = problems
        self.good = good if good is not None else {}

    def fail(self, path: str, code: str, **params: Any) -> None:
        self.problems.append(problem(self.deal, path, code, **params))

    def required(self, path: str, word: str) -> None:
        english, danish, hungarian = FIELD_WORDS[word]
        self.fail(path, "required", what=english, what_da=danish, what_hu=hungarian)

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
        if type(value) is str:
            known = self.good.get(value)
            if known is not None:
                return known
        wrong = name_problem(value)
        if wrong is not None:
            code, params = wrong
            self.fail(_at(at, key), code, **params)
            return None
        if type(value) is str:  # a str subclass (from Python, never JSON) is not the one string
            self.good[value] = value
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
        data: Mapping[str, Any] | None
        if type(value) is dict and MELD_KEYS.issuperset(value):  # the usual record: nothing to say yet
            data = value
        else:
            data = self.obj(value, _at(at, key), MELD_KEYS)
            if data is None:
                return None
        get = data.get
        suits = get("suits")
        if suits is not None:
            suits = _plain_suits(suits) or self.per_suit(suits, f"{_at(at, key)}.suits", self.suit_meld, COURT_CARDS)
        # A well-formed value is taken as it is; any other is read (and its problem said) in order.
        taroks, pagat, matadors, kings = get("taroks"), get("pagat"), get("matadors"), get("kings")
        if taroks is not None and not (type(taroks) is int and 10 <= taroks <= 22):
            taroks = self.int_(taroks, _at(at, key), "taroks", 10, 22)
        if not (pagat is None or pagat is True or pagat is False):
            pagat = self.bool_(pagat, _at(at, key), "pagat")
        if matadors is not None and not (type(matadors) is int and 3 <= matadors <= 22):
            matadors = self.int_(matadors, _at(at, key), "matadors", 3, 22)
        if kings is not None:
            kings = (
                _LEVELS.get(kings)
                if type(kings) is str and kings in _LEVELS
                else self.suit_meld(kings, _at(at, key), "kings", SUITS)
            )
        return Meld(taroks, pagat, matadors, suits or _NO_SUITS, kings)

    def card_fate(self, value: Any, at: str, key: str, fates: tuple[str, ...]) -> CardFate | None:
        if type(value) is dict and len(value) == 2:
            # The usual record: a known holder and a fate, nothing else (checked in full below).
            holder, fate = value.get("holder"), value.get("fate")
            if type(holder) is str and type(fate) is str and fate in fates:
                known = self.good.get(holder)
                if known is not None:
                    return CardFate(known, fate)
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
                if suit in _SUIT_SET or self.choice(suit, path, suit, SUITS):
                    parsed = read_one(item, path, suit, words)
                    if parsed:
                        found[suit] = parsed
        return found

    def names_as_keys(self, data: Mapping[str, Any], path: str) -> None:
        """The keys of `melds` and `counts` are members' names: no lone surrogates, which no text can hold."""
        if self.good.keys() >= data.keys():
            return  # names already found well-formed: nearly every deal
        for key in data:
            if type(key) is str and key not in self.good and has_lone_surrogate(key):
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
        ok = all(self.choice(cause, path, i, both) for i, cause in enumerate(value))
        return tuple(cause for cause in both if cause in value) if ok else None


_LEVELS = {level: SuitMeld(level) for level in MELD_LEVELS}
_SUIT_SET = frozenset(SUITS)
_KING_FATE_SET = frozenset(KING_FATES)


def _plain_suits(value: Any) -> dict[str, SuitMeld] | None:
    """The suit melds of the usual record, each a level word ({"clubs": "full"}); None when one
    needs reading on its own (a level with its missing card, or a mistake)."""
    if type(value) is not dict or not _SUIT_SET.issuperset(value):
        return None
    try:
        return {suit: _LEVELS[level] for suit, level in value.items()}
    except (KeyError, TypeError):  # not a level word (unhashable: an object or a list)
        return None


def _plain_kings(value: Any, good: dict[str, str]) -> dict[str, CardFate] | None:
    """The Kings of the usual record, each a known holder and a fate and nothing else; None when
    one needs reading on its own (`card_fate` says what is wrong)."""
    if type(value) is not dict or not _SUIT_SET.issuperset(value):
        return None
    found = {}
    for suit, fate in value.items():
        if type(fate) is not dict or len(fate) != 2:
            return None
        holder, word = fate.get("holder"), fate.get("fate")
        if type(holder) is not str or type(word) is not str or word not in _KING_FATE_SET:
            return None
        holder = good.get(holder)
        if holder is None:
            return None
        found[suit] = CardFate(holder, word)
    return found


def _at(path: str, key: Any) -> str:
    """The field path of `key` inside the object at `path` (no key: the object itself)."""
    if key is None:
        return path
    return f"{path}.{key}" if path else str(key)


def parse_deal(data: Any, number: int, problems: list[Problem], good: dict[str, str] | None = None) -> Deal | None:
    """Parse one deal object; shape problems go into `problems`, None if it cannot be read.

    `good`: names already found well-formed (a sitting passes the same set to every deal).
    """
    return _read_deal(_Reader(number, problems, good), data)


def _read_deal(read: _Reader, data: Any) -> Deal | None:
    """`parse_deal` with the reader of its sitting, `read.deal` its number."""
    number, problems = read.deal, read.problems
    before = len(problems)
    deal: Mapping[str, Any] | None
    if type(data) is dict and DEAL_KEYS.issuperset(data):  # the usual record: nothing to say yet
        deal = data
    else:
        deal = read.obj(data, "", DEAL_KEYS)
        if deal is None:
            read.required("", "deal")
            return None
    get = deal.get
    name = read.name

    dealer = name(get("dealer"), "dealer")
    if dealer is None and get("dealer") is None:
        read.required("dealer", "dealer")
    players_data = get("players")
    players: tuple[str, ...] = ()
    if type(players_data) is not list or len(players_data) != 3:
        read.fail("players", "players_count")
    else:
        first, second, third = players_data
        known = read.good.get
        if (
            type(first) is str
            and type(second) is str
            and type(third) is str
            and (first := known(first)) is not None
            and (second := known(second)) is not None
            and (third := known(third)) is not None
        ):
            players = (first, second, third)
        else:
            players = tuple(name(p, "players", i) or "" for i, p in enumerate(players_data))

    melds: dict[str, Meld] = {}
    player: str | None  # a dict key in the loops, a name that may be missing further down
    melds_data = get("melds")
    if melds_data is not None and type(melds_data) is not dict:  # JSON's objects are dicts
        melds_data = read.obj(melds_data, "melds")
    if melds_data:
        read.names_as_keys(melds_data, "melds")
        known = read.good.get
        for player, meld_data in melds_data.items():
            meld = read.meld(meld_data, "melds", player)
            if meld is not None:
                melds[known(player, player)] = meld

    kings_data = get("kings")
    kings: dict[str, CardFate] = {}
    if kings_data is not None:
        kings = _plain_kings(kings_data, read.good) or read.per_suit(kings_data, "kings", read.card_fate, KING_FATES)
    pagat_data = get("pagat")
    pagat = read.card_fate(pagat_data, "", "pagat", PAGAT_FATES) if pagat_data is not None else None

    tout = None
    tout_data = get("tout")
    if type(tout_data) is str:
        player = name(tout_data, "tout")
        tout = Tout(player) if player else None
    elif tout_data is not None:
        data = read.obj(tout_data, "tout", TOUT_KEYS)
        if data is not None:
            player = name(data.get("player"), "tout", "player")
            won = read.bool_(data.get("won", True), "tout", "won")
            if data.get("player") is None:
                read.required("tout.player", "tout.player")
            elif player is not None and won is not None:
                tout = Tout(player, won)

    counts = None
    counts_data = get("counts")
    if counts_data is not None and type(counts_data) is not dict:
        counts_data = read.obj(counts_data, "counts")
    if counts_data is not None:
        read.names_as_keys(counts_data, "counts")
        counts = {}
        known = read.good.get
        for player, points in counts_data.items():
            if type(points) is int and 0 <= points <= 78:  # the usual count; `int_` says what is wrong
                counts[known(player, player)] = points
            elif (value := read.int_(points, "counts", player, 0, 78)) is not None:
                counts[known(player, player)] = value

    fines: list[Fine] = []
    fines_data = get("fines")
    if fines_data:
        if type(fines_data) is not list:
            read.fail("fines", "wrong_type", **expecting("list"))
            fines_data = ()
        for i, fine_data in enumerate(fines_data):
            path = f"fines.{i}"
            data = read.obj(fine_data, path, FINE_KEYS)
            if data is None:
                if fine_data is None:
                    read.fail(path, "wrong_type", **expecting("object"))
                continue
            player = name(data.get("player"), path, "player")
            offence = data.get("offence")
            if type(offence) is not str:
                read.required(f"{path}.offence", "offence")
            meld_data = data.get("meld")  # most fines carry no meld
            meld = None if meld_data is None else read.meld(meld_data, path, "meld")
            if data.get("player") is None:
                read.required(f"{path}.player", "fined")
            if player and type(offence) is str:
                fines.append(Fine(player, offence, meld))

    culprit = None
    culprit_data = get("culprit")
    if culprit_data is not None:
        culprit_data = read.obj(culprit_data, "culprit", CULPRIT_KEYS)
        if culprit_data is not None:
            culprit = _culprit(read, culprit_data)

    last_trick = get("last_trick")
    nolo = get("nolo")
    stopped = get("stopped", False)
    # Made with whatever was read; a deal with a problem (not three players, say) is dropped.
    parsed = Deal(
        number,  # type: ignore[arg-type]  # a deal's reader always holds its number
        dealer or "",
        players,  # type: ignore[arg-type]
        melds,
        pagat,
        kings,
        None if last_trick is None else name(last_trick, "last_trick"),
        None if nolo is None else name(nolo, "nolo"),
        tout,
        counts,
        tuple(fines),
        culprit,
        stopped if stopped is False or stopped is True else bool(read.bool_(stopped, "stopped", None)),
    )
    return parsed if len(problems) == before else None


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
