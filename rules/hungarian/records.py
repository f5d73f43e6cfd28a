"""The Hungarian deal record (docs/rules-hungarian.md, "The keys of a deal") as typed values.

Parsing checks shapes and types only (an object, a whole number, a known word, no unknown key);
whether the record makes sense for its game and table is `validation`'s job. Ranges that depend on
the game (card points, tricks, contra levels, called cards) are checked there too, with their codes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from ..envelope import Reader, read_date
from ..problems import Problem
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
_FIGURE_SET = frozenset(FIGURES)

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
    """The shared reader, with a quick answer for the well-formed values a sitting is made of.

    `good` remembers the names already found well-formed, which a sitting repeats in every deal.
    """

    def __init__(self, deal: int | None, problems: list[Problem], good: set[str] | None = None):
        super().__init__(deal, problems, problem)
        self.good = good if good is not None else set()

    def obj(self, value: Any, path: str) -> Mapping[str, Any] | None:
        if type(value) is dict:  # what JSON gives: no ABC check
            return value
        return super().obj(value, path)

    def known_keys(self, data: Mapping[str, Any], keys: Collection[str], path: str) -> None:
        if type(keys) is frozenset and keys.issuperset(data):
            return
        super().known_keys(data, keys, path)

    def name(self, value: Any, path: str) -> str | None:
        if value is None or (type(value) is str and value in self.good):
            return value
        name = super().name(value, path)
        if name is not None:
            self.good.add(name)
        return name

    def int_(
        self, value: Any, path: str, low: int | None = None, high: int | None = None, code: str = "out_of_range"
    ) -> int | None:
        if value is None or (type(value) is int and low is None and high is None):
            return value
        return super().int_(value, path, low, high, code)

    def word(self, value: Any, path: str) -> str | None:
        if value is None or type(value) is str:
            return value
        return super().word(value, path)

    def names(self, value: Any, path: str) -> tuple[str, ...]:
        found = []
        for i, item in enumerate(self.list_(value, path)):
            name = self.name(item, f"{path}[{i}]")
            if name is None and item is None:
                self.fail(f"{path}[{i}]", "required", what="A member", what_da="Et medlem", what_hu="Egy tag")
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
                    self.fail(item_path, "required", what="An entry", what_da="En post", what_hu="Egy tétel")
                continue
            self.known_keys(data, keys, item_path)
            missing = [key for key in required if data.get(key) is None]
            for key in missing:  # each reported
                self.required(data, key, f"{item_path}.{key}", key)
            if not missing:
                found.append((item_path, data))
        return found


def parse_deal(data: Any, number: int, problems: list[Problem], good: set[str] | None = None) -> Deal | None:
    """One deal object; shape problems go into `problems`, None if it cannot be read.

    `good`: names already found well-formed (a sitting passes the same set to every deal).
    Each key is read only where the record states it: a key left out keeps its default.
    """
    read = _DealReader(number, problems, good)
    before = len(problems)
    deal = read.obj(data, "")
    if deal is None:
        read.fail("", "required", what="The deal", what_da="Spillet", what_hu="A leosztás")
        return None
    read.known_keys(deal, DEAL_KEYS, "")
    get = deal.get
    dealer_data = get("dealer")
    if dealer_data is None:
        read.fail("dealer", "required", what="The dealer", what_da="Giveren", what_hu="Az osztó")
    dealer = read.name(dealer_data, "dealer")

    call = None
    call_data = get("call")
    if call_data is not None:
        call_data = read.obj(call_data, "call")
    if call_data is not None:
        read.known_keys(call_data, CALL_KEYS, "call")
        if "partner" not in call_data:
            read.fail(
                "call.partner",
                "required",
                what="The partner (null when the card lay out of play)",
                what_da="Makkeren (null når kortet lå uden for spillet)",
                what_hu="A partner (null, ha a kártya nem volt játékban)",
            )
        card = read.int_(call_data.get("card"), "call.card")
        king = read.choice(call_data.get("king"), "call.king", KINGS)
        if card is None and king is None and call_data.get("card") is None and call_data.get("king") is None:
            read.fail(
                "call.card", "required", what="The called card", what_da="Det kaldte kort", what_hu="A hívott kártya"
            )
        call = Call(read.name(call_data.get("partner"), "call.partner"), card, king)

    announcements = []
    announcements_data = get("announcements")
    if announcements_data is not None:
        for path, item in read.items(announcements_data, "announcements", ANNOUNCEMENT_KEYS, ("figure", "by")):
            # A well-formed value is taken as it is (a field's path is made only for a problem).
            figure, by, contra = item["figure"], item["by"], item.get("contra", 0)
            if type(figure) is not str or figure not in _FIGURE_SET:
                figure = read.choice(figure, f"{path}.figure", FIGURES)
            if type(by) is not str or by not in read.good:
                by = read.name(by, f"{path}.by")
            if type(contra) is not int:
                contra = read.int_(contra, f"{path}.contra")
            if figure and by and contra is not None:
                announcements.append(Announcement(figure, by, contra))

    made = NOTHING_MADE
    made_data = get("made")
    if made_data is not None:
        made_data = read.obj(made_data, "made") or {}
        read.known_keys(made_data, PARTY_KEYS, "made")
        made = {}
        for party in PARTIES:
            figures = []
            for i, figure in enumerate(read.list_(made_data.get(party), f"made.{party}")):
                if (type(figure) is str and figure in _FIGURE_SET) or read.choice(
                    figure, f"made.{party}[{i}]", FIGURES
                ) is not None:
                    figures.append(figure)
            made[party] = tuple(dict.fromkeys(figures))

    trump_counts = []
    trump_counts_data = get("trump_counts")
    if trump_counts_data is not None:
        for path, item in read.items(trump_counts_data, "trump_counts", TRUMP_COUNT_KEYS, ("player", "count")):
            player = read.name(item["player"], f"{path}.player")
            count = read.int_(item["count"], f"{path}.count")
            announced = read.bool_(item.get("announced", True), f"{path}.announced")
            if player and count is not None and announced is not None:
                trump_counts.append(TrumpCount(player, count, announced))

    hand_bonuses = []
    hand_bonuses_data = get("hand_bonuses")
    if hand_bonuses_data is not None:
        for path, item in read.items(hand_bonuses_data, "hand_bonuses", BONUS_KEYS, ("player", "bonus")):
            player = read.name(item["player"], f"{path}.player")
            bonus = read.choice(item["bonus"], f"{path}.bonus", HAND_BONUSES)
            if player and bonus:
                hand_bonuses.append(HandBonus(player, bonus))

    player_points = None
    points_data = get("player_points")
    if points_data is not None:
        points_data = read.obj(points_data, "player_points")
    if points_data is not None:
        player_points = {}
        for player, points in points_data.items():
            value = read.int_(points, f"player_points.{player}")
            if value is not None:
                player_points[player] = value

    talon_honours: Mapping[str, tuple[str, ...]] = _EMPTY
    honours_data = get("talon_honours")
    if honours_data is not None:
        talon_honours = {}
        for player, honours in (read.obj(honours_data, "talon_honours") or {}).items():
            words = [
                read.word(h, f"talon_honours.{player}[{i}]")
                for i, h in enumerate(read.list_(honours, f"talon_honours.{player}"))
            ]
            talon_honours[player] = tuple(w for w in words if w is not None)

    fines = []
    fines_data = get("fines")
    if fines_data is not None:
        for path, item in read.items(fines_data, "fines", FINE_KEYS, ("player", "offence")):
            player = read.name(item["player"], f"{path}.player")
            offence = read.word(item["offence"], f"{path}.offence")
            if player and offence:
                fines.append(Fine(player, offence))

    bidders_data = get("bidders")
    bidders = read.names(bidders_data, "bidders") if bidders_data is not None else None
    given = frozenset(
        [
            key
            for key, value in deal.items()
            if type(value) is str
            or ((type(value) is int or _stated(value)) and not (key == "game_contra" and value == 0))
        ]
    )
    game_contra = get("game_contra", 0)
    called_king_captured = get("called_king_captured", False)
    conceded = get("conceded", False)
    trickless = get("trickless")
    parsed = Deal(
        number,
        dealer or "",
        given,
        frozenset(deal),
        read.word(get("contract"), "contract"),
        read.word(get("no_game"), "no_game"),
        read.name(get("declarer"), "declarer"),
        call,
        read.int_(get("choice"), "choice"),
        game_contra if type(game_contra) is int else read.int_(game_contra, "game_contra") or 0,
        tuple(announcements),
        read.int_(get("card_points"), "card_points"),
        read.int_(get("tricks"), "tricks"),
        made,
        tuple(trump_counts),
        tuple(hand_bonuses),
        bidders,
        read.name(get("ultimo"), "ultimo"),
        (
            called_king_captured
            if type(called_king_captured) is bool
            else bool(read.bool_(called_king_captured, "called_king_captured"))
        ),
        conceded if type(conceded) is bool else bool(read.bool_(conceded, "conceded")),
        player_points,
        () if trickless is None else tuple(dict.fromkeys(read.names(trickless, "trickless"))),
        talon_honours,
        tuple(fines),
    )
    return parsed if len(problems) == before else None


def parse_sitting(data: Any) -> tuple[Sitting | None, list[Problem]]:
    """A whole sitting; returns the sitting (None if unreadable) and every shape problem."""
    problems: list[Problem] = []
    read = _DealReader(None, problems)
    sitting = read.obj(data, "")
    if sitting is None:
        read.fail("", "required", what="The sitting", what_da="Spilleaftenen", what_hu="A játékest")
        return None, problems
    read.known_keys(sitting, SITTING_KEYS, "")
    ruleset = sitting.get("ruleset")
    overrides = read.obj(sitting.get("overrides"), "overrides") or {}

    table_data = sitting.get("table")
    table: tuple[str, ...] = ()
    if not isinstance(table_data, list):
        read.fail("table", "required", what="The table", what_da="Bordet", what_hu="Az asztal")
    else:
        table = tuple(read.name(m, f"table[{i}]") or "" if m is not None else "" for i, m in enumerate(table_data))
        for i, member in enumerate(table_data):
            if member is None:
                read.fail(f"table[{i}]", "required", what="A member", what_da="Et medlem", what_hu="Egy tag")

    read_date(read, sitting.get("date"))  # the club's export writes it (as for the Danish games)
    pot = read.int_(sitting.get("pot", 0), "pot", 0, 10**12) or 0
    close = read.choice(sitting.get("close"), "close", CLOSE_WAYS)

    deals: list[Deal] = []
    for index, deal_data in enumerate(read.list_(sitting.get("deals", []), "deals")):
        deal = parse_deal(deal_data, index + 1, problems, read.good)
        if deal is not None:
            deals.append(deal)
    # Deals that could not be read are left out but keep their numbers, so validation can still
    # report the problems of every other deal in the same answer.
    return Sitting(str(ruleset), dict(overrides), table, pot, tuple(deals), close, "pot" in sitting), problems
