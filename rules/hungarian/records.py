"""The Hungarian deal record (sitting-format-hungarian.md) as typed values.

Parsing checks shapes and types only (an object, a whole number, a known word, no unknown key);
whether the record makes sense for its game and table is `validation`'s job. Ranges that depend on
the game (card points, tricks, contra levels, called cards) are checked there too, with §9's codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..envelope import Reader, read_date
from ..problems import Problem
from .messages import problem
from .presets import FIGURES, HAND_BONUSES, KINGS

POT = "pot"  # the ultimókassza's account in every posting
CLOSE_WAYS = ("split", "carry")
SITTING_KEYS = ("ruleset", "overrides", "table", "pot", "deals", "close", "date")
DEAL_KEYS = (
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
PARTIES = ("declarer", "opponents")


@dataclass(frozen=True)
class Call:
    partner: str | None  # None: the called card lay out of play (official contra, talon, discard)
    card: int | None = None  # paskievics, trisak: the trump's number (XX = 20)
    king: str | None = None  # kiralyhivo: the suit


@dataclass(frozen=True)
class Announcement:
    figure: str
    by: str
    contra: int = 0


@dataclass(frozen=True)
class TrumpCount:
    player: str
    count: int
    announced: bool = True


@dataclass(frozen=True)
class HandBonus:
    player: str
    bonus: str


@dataclass(frozen=True)
class Fine:
    player: str
    offence: str


@dataclass(frozen=True)
class Deal:
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
    made: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # "declarer"/"opponents" -> figures
    trump_counts: tuple[TrumpCount, ...] = ()
    hand_bonuses: tuple[HandBonus, ...] = ()
    bidders: tuple[str, ...] | None = None
    ultimo: str | None = None
    called_king_captured: bool = False
    conceded: bool = False
    player_points: Mapping[str, int] | None = None
    trickless: tuple[str, ...] = ()
    talon_honours: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    fines: tuple[Fine, ...] = ()

    def made_by(self, party: str) -> tuple[str, ...]:
        return self.made.get(party, ())


@dataclass(frozen=True)
class Sitting:
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
    if isinstance(value, Mapping):
        return any(_stated(item) for item in value.values())
    return value is not None and value is not False and value != []


class _DealReader(Reader):
    def names(self, value: Any, path: str) -> tuple[str, ...]:
        found = []
        for i, item in enumerate(self.list_(value, path)):
            name = self.name(item, f"{path}[{i}]")
            if name is None and item is None:
                self.fail(f"{path}[{i}]", "required", what="A member", what_da="Et medlem")
            if name is not None:
                found.append(name)
        return tuple(found)

    def items(
        self, value: Any, path: str, keys: tuple[str, ...], required: tuple[str, ...]
    ) -> list[tuple[str, Mapping[str, Any]]]:
        """The objects of a list, each with its path; shape problems of each are reported."""
        found = []
        for i, item in enumerate(self.list_(value, path)):
            item_path = f"{path}[{i}]"
            data = self.obj(item, item_path)
            if data is None:
                if item is None:
                    self.fail(item_path, "required", what="An entry", what_da="En post")
                continue
            self.known_keys(data, keys, item_path)
            present = [
                self.required(data, key, f"{item_path}.{key}", key) for key in required
            ]  # each missing key reported
            if all(present):
                found.append((item_path, data))
        return found


def parse_deal(data: Any, number: int, problems: list[Problem]) -> Deal | None:
    """One deal object; shape problems go into `problems`, None if it cannot be read."""
    read = _DealReader(number, problems, problem)
    before = len(problems)
    deal = read.obj(data, "")
    if deal is None:
        read.fail("", "required", what="The deal", what_da="Spillet")
        return None
    read.known_keys(deal, DEAL_KEYS, "")
    read.required(deal, "dealer", "dealer", "The dealer", "Giveren")
    dealer = read.name(deal.get("dealer"), "dealer")

    call = None
    call_data = read.obj(deal.get("call"), "call")
    if call_data is not None:
        read.known_keys(call_data, ("card", "king", "partner"), "call")
        if "partner" not in call_data:
            read.fail(
                "call.partner",
                "required",
                what="The partner (null when the card lay out of play)",
                what_da="Makkeren (null når kortet lå uden for spillet)",
            )
        card = read.int_(call_data.get("card"), "call.card")
        king = read.choice(call_data.get("king"), "call.king", KINGS)
        if card is None and king is None and call_data.get("card") is None and call_data.get("king") is None:
            read.fail("call.card", "required", what="The called card", what_da="Det kaldte kort")
        call = Call(read.name(call_data.get("partner"), "call.partner"), card, king)

    announcements = []
    for path, item in read.items(
        deal.get("announcements"), "announcements", ("figure", "by", "contra"), ("figure", "by")
    ):
        figure = read.choice(item["figure"], f"{path}.figure", FIGURES)
        by = read.name(item["by"], f"{path}.by")
        contra = read.int_(item.get("contra", 0), f"{path}.contra")
        if figure and by and contra is not None:
            announcements.append(Announcement(figure, by, contra))

    made: dict[str, tuple[str, ...]] = {}
    made_data = read.obj(deal.get("made"), "made") or {}
    read.known_keys(made_data, PARTIES, "made")
    for party in PARTIES:
        figures = []
        for i, figure in enumerate(read.list_(made_data.get(party), f"made.{party}")):
            if read.choice(figure, f"made.{party}[{i}]", FIGURES) is not None:
                figures.append(figure)
        made[party] = tuple(dict.fromkeys(figures))

    trump_counts = []
    for path, item in read.items(
        deal.get("trump_counts"), "trump_counts", ("player", "count", "announced"), ("player", "count")
    ):
        player = read.name(item["player"], f"{path}.player")
        count = read.int_(item["count"], f"{path}.count")
        announced = read.bool_(item.get("announced", True), f"{path}.announced")
        if player and count is not None and announced is not None:
            trump_counts.append(TrumpCount(player, count, announced))

    hand_bonuses = []
    for path, item in read.items(deal.get("hand_bonuses"), "hand_bonuses", ("player", "bonus"), ("player", "bonus")):
        player = read.name(item["player"], f"{path}.player")
        bonus = read.choice(item["bonus"], f"{path}.bonus", HAND_BONUSES)
        if player and bonus:
            hand_bonuses.append(HandBonus(player, bonus))

    player_points = None
    points_data = read.obj(deal.get("player_points"), "player_points")
    if points_data is not None:
        player_points = {}
        for player, points in points_data.items():
            value = read.int_(points, f"player_points.{player}")
            if value is not None:
                player_points[player] = value

    talon_honours: dict[str, tuple[str, ...]] = {}
    for player, honours in (read.obj(deal.get("talon_honours"), "talon_honours") or {}).items():
        words = [
            read.word(h, f"talon_honours.{player}[{i}]")
            for i, h in enumerate(read.list_(honours, f"talon_honours.{player}"))
        ]
        talon_honours[player] = tuple(w for w in words if w is not None)

    fines = []
    for path, item in read.items(deal.get("fines"), "fines", ("player", "offence"), ("player", "offence")):
        player = read.name(item["player"], f"{path}.player")
        offence = read.word(item["offence"], f"{path}.offence")
        if player and offence:
            fines.append(Fine(player, offence))

    bidders = read.names(deal.get("bidders"), "bidders") if deal.get("bidders") is not None else None
    given = {key for key, value in deal.items() if _stated(value)}
    if deal.get("game_contra") == 0:
        given.discard("game_contra")
    parsed = Deal(
        number=number,
        dealer=dealer or "",
        given=frozenset(given),
        keys=frozenset(deal),
        contract=read.word(deal.get("contract"), "contract"),
        no_game=read.word(deal.get("no_game"), "no_game"),
        declarer=read.name(deal.get("declarer"), "declarer"),
        call=call,
        choice=read.int_(deal.get("choice"), "choice"),
        game_contra=read.int_(deal.get("game_contra", 0), "game_contra") or 0,
        announcements=tuple(announcements),
        card_points=read.int_(deal.get("card_points"), "card_points"),
        tricks=read.int_(deal.get("tricks"), "tricks"),
        made=made,
        trump_counts=tuple(trump_counts),
        hand_bonuses=tuple(hand_bonuses),
        bidders=bidders,
        ultimo=read.name(deal.get("ultimo"), "ultimo"),
        called_king_captured=bool(read.bool_(deal.get("called_king_captured"), "called_king_captured")),
        conceded=bool(read.bool_(deal.get("conceded"), "conceded")),
        player_points=player_points,
        trickless=tuple(dict.fromkeys(read.names(deal.get("trickless"), "trickless"))),
        talon_honours=talon_honours,
        fines=tuple(fines),
    )
    return parsed if len(problems) == before else None


def parse_sitting(data: Any) -> tuple[Sitting | None, list[Problem]]:
    """A whole sitting; returns the sitting (None if unreadable) and every shape problem."""
    problems: list[Problem] = []
    read = _DealReader(None, problems, problem)
    sitting = read.obj(data, "")
    if sitting is None:
        read.fail("", "required", what="The sitting", what_da="Spilleaftenen")
        return None, problems
    read.known_keys(sitting, SITTING_KEYS, "")
    ruleset = sitting.get("ruleset")
    overrides = read.obj(sitting.get("overrides"), "overrides") or {}

    table_data = sitting.get("table")
    table: tuple[str, ...] = ()
    if not isinstance(table_data, list):
        read.fail("table", "required", what="The table", what_da="Bordet")
    else:
        table = tuple(read.name(m, f"table[{i}]") or "" if m is not None else "" for i, m in enumerate(table_data))
        for i, member in enumerate(table_data):
            if member is None:
                read.fail(f"table[{i}]", "required", what="A member", what_da="Et medlem")

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
