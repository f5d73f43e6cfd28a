"""The Hungarian deal record (docs/rules-hungarian.md, "The keys of a deal") as typed values.

Parsing checks shapes and types only (an object, a whole number, a known word, no unknown key);
whether the record makes sense for its game and table is `validation`'s job. Ranges that depend on
the game (card points, tricks, contra levels, called cards) are checked there too, with their codes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from ..envelope import Reader, read_date
from ..problems import Problem
from ..texts import gettext_noop
from .messages import problem
from .presets import FIGURES, HAND_BONUSES, KINGS

POT = "pot"  # the ultimókassza's account in every posting
CLOSE_WAYS = ("split", "carry")
SITTING_KEYS = frozenset(("ruleset", "overrides", "table", "pot", "deals", "close", "date"))
DEAL_KEYS = frozenset(
    (
        "dealer",
        "contract",
        "declarer",
        "call",
        "choice",
        "game_contra",
        "announcements",
        "card_points",
        "tricks",
        "made",
        "trump_counts",
        "hand_bonuses",
        "bidders",
        "ultimo",
        "called_king_captured",
        "conceded",
        "player_points",
        "trickless",
        "talon_honours",
        "fines",
        "no_game",
    )
)
CALL_KEYS = frozenset(("card", "king", "partner"))
ANNOUNCEMENT_KEYS = frozenset(("figure", "by", "contra"))
TRUMP_COUNT_KEYS = frozenset(("player", "count", "announced"))
BONUS_KEYS = frozenset(("player", "bonus"))
FINE_KEYS = frozenset(("player", "offence"))
PARTIES = ("declarer", "opponents")
PARTY_KEYS = frozenset(PARTIES)

# The parsed record is made of named tuples, cheap to make; the deal, read field by field about a
# hundred times a deal, is a slotted dataclass, whose fields read faster.


class Call(NamedTuple):
    partner: str | None  # None: the called card lay out of play (official contra, talon, discard)
    card: int | None = None  # paskievics, trisak: the trump's number (XX = 20)
    king: str | None = None  # kiralyhivo: the suit


class Announcement(NamedTuple):
    figure: str
    by: str
    contra: int = 0


@dataclass(frozen=True)
class TrumpCount:  # a dataclass: a named tuple cannot have a field called `count`
    player: str
    count: int
    announced: bool = True


class HandBonus(NamedTuple):
    player: str
    bonus: str


class Fine(NamedTuple):
    player: str
    offence: str


NOTHING_MADE: Mapping[str, tuple[str, ...]] = MappingProxyType({"declarer": (), "opponents": ()})
_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(slots=True)
class Deal:
    """A read deal: read it, never change it (validation and settlement share it)."""

    number: int
    dealer: str
    given: frozenset[str] = frozenset()  # the keys the record states (a default value is not stated)
    keys: frozenset[str] = frozenset()  # every key the record holds, whatever its value
    contract: str | None = None
    no_game: str | None = None
    declarer: str | None = None
    call: Call | None = None
    choice: int | None = None
    game_contra: int = 0
    announcements: tuple[Announcement, ...] = ()
    card_points: int | None = None
    tricks: int | None = None
    made: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: NOTHING_MADE
    )  # "declarer"/"opponents" -> figures
    trump_counts: tuple[TrumpCount, ...] = ()
    hand_bonuses: tuple[HandBonus, ...] = ()
    bidders: tuple[str, ...] | None = None
    ultimo: str | None = None
    called_king_captured: bool = False
    conceded: bool = False
    player_points: Mapping[str, int] | None = None
    trickless: tuple[str, ...] = ()
    talon_honours: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)
    fines: tuple[Fine, ...] = ()

    def made_by(self, party: str) -> tuple[str, ...]:
        return self.made.get(party, ())


class Sitting(NamedTuple):
    ruleset: str
    overrides: Mapping[str, Any]
    table: tuple[str, ...]
    pot: int
    deals: tuple[Deal, ...]
    close: str | None = None
    pot_given: bool = False


def _stated(value: Any) -> bool:
    """A key counts as stated unless it holds its default: null, false, an empty list, an object
    whose every value is such a default (`{"declarer": []}`)."""
    kind = type(value)
    if kind is str or kind is int:
        return True
    if kind is list:
        return bool(value)
    if value is None or value is False:
        return False
    if kind is dict or isinstance(value, Mapping):
        for item in value.values():
            if _stated(item):
                return True
        return False
    return bool(value != [])


class _DealReader(Reader):
    """The shared reader, with the lists a deal record holds: of names and of objects."""

    def __init__(self, deal: int | None, problems: list[Problem]):
        super().__init__(deal, problems, problem)

    def names(self, value: Any, path: str) -> tuple[str, ...]:
        found = []
        for i, item in enumerate(self.list_(value, path)):
            name = self.name(item, f"{path}[{i}]")
            if name is None and item is None:
                self.fail(f"{path}[{i}]", "required", what=gettext_noop("A member"))
            if name is not None:
                found.append(name)
        return tuple(found)

    def items(
        self, value: Any, path: str, keys: frozenset[str], required: tuple[str, ...]
    ) -> list[tuple[str, Mapping[str, Any]]]:
        """The objects of a list, each with its path; shape problems of each are reported."""
        found = []
        for i, item in enumerate(self.list_(value, path)):
            item_path = f"{path}[{i}]"
            data = self.obj(item, item_path)
            if data is None:
                if item is None:
                    self.fail(item_path, "required", what=gettext_noop("An entry"))
                continue
            self.known_keys(data, keys, item_path)
            missing = [key for key in required if data.get(key) is None]
            for key in missing:  # each reported
                self.required(data, key, f"{item_path}.{key}", key)
            if not missing:
                found.append((item_path, data))
        return found


def parse_deal(data: Any, number: int, problems: list[Problem]) -> Deal | None:
    """One deal object; shape problems go into `problems`, None if it cannot be read.

    Each key is read, by `_DEAL_FIELDS`, only where the record states it: a key left out (or
    null) keeps its default.
    """
    read = _DealReader(number, problems)
    before = len(problems)
    deal = read.obj(data, "")
    if deal is None:
        read.fail("", "required", what=gettext_noop("The deal"))
        return None
    read.known_keys(deal, DEAL_KEYS, "")
    if deal.get("dealer") is None:
        read.fail("dealer", "required", what=gettext_noop("The dealer"))
    dealer = read.name(deal.get("dealer"), "dealer")
    stated = {
        key: read_field(read, deal[key], key) for key, read_field in _DEAL_FIELDS.items() if deal.get(key) is not None
    }
    parsed = Deal(number, dealer or "", _given(deal), frozenset(deal), **stated)
    return parsed if len(problems) == before else None


def _given(deal: Mapping[str, Any]) -> frozenset[str]:
    """The keys a deal states: any word or number (a game_contra of 0 is no kontra), or a value
    `_stated` counts."""
    return frozenset(
        key
        for key, value in deal.items()
        if type(value) is str or ((type(value) is int or _stated(value)) and not (key == "game_contra" and value == 0))
    )


def _call(read: _DealReader, value: Any, path: str) -> Call | None:
    data = read.obj(value, path)
    if data is None:
        return None
    read.known_keys(data, CALL_KEYS, "call")
    if "partner" not in data:
        read.fail(
            "call.partner",
            "required",
            what=gettext_noop("The partner (null when the card lay out of play)"),
        )
    card = read.int_(data.get("card"), "call.card")
    king = read.choice(data.get("king"), "call.king", KINGS)
    if card is None and king is None and data.get("card") is None and data.get("king") is None:
        read.fail("call.card", "required", what=gettext_noop("The called card"))
    return Call(read.name(data.get("partner"), "call.partner"), card, king)


def _announcements(read: _DealReader, value: Any, path: str) -> tuple[Announcement, ...]:
    announcements = []
    for item_path, item in read.items(value, path, ANNOUNCEMENT_KEYS, ("figure", "by")):
        figure = read.choice(item["figure"], f"{item_path}.figure", FIGURES)
        by = read.name(item["by"], f"{item_path}.by")
        contra = read.int_(item.get("contra", 0), f"{item_path}.contra")
        if figure and by and contra is not None:
            announcements.append(Announcement(figure, by, contra))
    return tuple(announcements)


def _made(read: _DealReader, value: Any, path: str) -> Mapping[str, tuple[str, ...]]:
    data = read.obj(value, path) or {}
    read.known_keys(data, PARTY_KEYS, path)
    made = {}
    for party in PARTIES:
        figures = []
        for i, figure in enumerate(read.list_(data.get(party), f"{path}.{party}")):
            if figure is None:  # `choice` reads None as left out; in the list it is no figure made
                read.fail(f"{path}.{party}[{i}]", "unknown_value", value="null", choices=", ".join(FIGURES))
            elif read.choice(figure, f"{path}.{party}[{i}]", FIGURES) is not None:
                figures.append(figure)
        made[party] = tuple(dict.fromkeys(figures))
    return made


def _trump_counts(read: _DealReader, value: Any, path: str) -> tuple[TrumpCount, ...]:
    trump_counts = []
    for item_path, item in read.items(value, path, TRUMP_COUNT_KEYS, ("player", "count")):
        player = read.name(item["player"], f"{item_path}.player")
        count = read.int_(item["count"], f"{item_path}.count")
        announced = read.bool_(item.get("announced", True), f"{item_path}.announced")
        if player and count is not None and announced is not None:
            trump_counts.append(TrumpCount(player, count, announced))
    return tuple(trump_counts)


def _hand_bonuses(read: _DealReader, value: Any, path: str) -> tuple[HandBonus, ...]:
    hand_bonuses = []
    for item_path, item in read.items(value, path, BONUS_KEYS, ("player", "bonus")):
        player = read.name(item["player"], f"{item_path}.player")
        bonus = read.choice(item["bonus"], f"{item_path}.bonus", HAND_BONUSES)
        if player and bonus:
            hand_bonuses.append(HandBonus(player, bonus))
    return tuple(hand_bonuses)


def _player_points(read: _DealReader, value: Any, path: str) -> dict[str, int] | None:
    data = read.obj(value, path)
    if data is None:
        return None
    points = {}
    for player, player_points in data.items():
        read_points = read.int_(player_points, f"{path}.{player}")
        if read_points is not None:
            points[player] = read_points
    return points


def _talon_honours(read: _DealReader, value: Any, path: str) -> Mapping[str, tuple[str, ...]]:
    honours = {}
    for player, words in (read.obj(value, path) or {}).items():
        read_words = [
            read.word(w, f"{path}.{player}[{i}]") for i, w in enumerate(read.list_(words, f"{path}.{player}"))
        ]
        honours[player] = tuple(w for w in read_words if w is not None)
    return honours


def _fines(read: _DealReader, value: Any, path: str) -> tuple[Fine, ...]:
    fines = []
    for item_path, item in read.items(value, path, FINE_KEYS, ("player", "offence")):
        player = read.name(item["player"], f"{item_path}.player")
        offence = read.word(item["offence"], f"{item_path}.offence")
        if player and offence:
            fines.append(Fine(player, offence))
    return tuple(fines)


# The keys of a deal other than the dealer, each with its reader (value, path), in the order they
# are read; a key the record leaves out (or sets to null) keeps the default of `Deal`.
_DEAL_FIELDS: dict[str, Callable[[_DealReader, Any, str], Any]] = {
    "call": _call,
    "announcements": _announcements,
    "made": _made,
    "trump_counts": _trump_counts,
    "hand_bonuses": _hand_bonuses,
    "player_points": _player_points,
    "talon_honours": _talon_honours,
    "fines": _fines,
    "bidders": _DealReader.names,
    "contract": _DealReader.word,
    "no_game": _DealReader.word,
    "declarer": _DealReader.name,
    "choice": _DealReader.int_,
    "game_contra": lambda read, value, path: read.int_(value, path) or 0,
    "card_points": _DealReader.int_,
    "tricks": _DealReader.int_,
    "ultimo": _DealReader.name,
    "called_king_captured": lambda read, value, path: bool(read.bool_(value, path)),
    "conceded": lambda read, value, path: bool(read.bool_(value, path)),
    "trickless": lambda read, value, path: tuple(dict.fromkeys(read.names(value, path))),
}


def parse_sitting(data: Any) -> tuple[Sitting | None, list[Problem]]:
    """A whole sitting; returns the sitting (None if unreadable) and every shape problem."""
    problems: list[Problem] = []
    read = _DealReader(None, problems)
    sitting = read.obj(data, "")
    if sitting is None:
        read.fail("", "required", what=gettext_noop("The sitting"))
        return None, problems
    read.known_keys(sitting, SITTING_KEYS, "")
    ruleset = sitting.get("ruleset")
    overrides = read.obj(sitting.get("overrides"), "overrides") or {}

    table_data = sitting.get("table")
    table: tuple[str, ...] = ()
    if not isinstance(table_data, list):
        read.fail("table", "required", what=gettext_noop("The table"))
    else:
        table = tuple(read.name(m, f"table[{i}]") or "" if m is not None else "" for i, m in enumerate(table_data))
        for i, member in enumerate(table_data):
            if member is None:
                read.fail(f"table[{i}]", "required", what=gettext_noop("A member"))

    read_date(read, sitting.get("date"))  # the club's export writes it (as for the Danish games)
    pot = read.int_(sitting.get("pot", 0), "pot", 0, 10**12) or 0
    close = read.choice(sitting.get("close"), "close", CLOSE_WAYS)

    deals: list[Deal] = []
    for index, deal_data in enumerate(read.list_(sitting.get("deals", []), "deals")):
        deal = parse_deal(deal_data, index + 1, problems)
        if deal is not None:
            deals.append(deal)
    # Deals that could not be read are left out but keep their numbers, so validation can still
    # report the problems of every other deal in the same answer.
    return Sitting(str(ruleset), dict(overrides), table, pot, tuple(deals), close, "pot" in sitting), problems
