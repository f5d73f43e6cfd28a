"""The Slovenian deal record and sitting (sitting-format-slovenian.md) as typed values.

Parsing checks shapes and types only (an object, a whole number, a known word, no unknown key);
whether the record makes sense for its contract and table is `validation`'s job (R6, R8). A key
whose value cannot be read is remembered (`Deal.unreadable`), so validation still checks everything
else of the deal and one answer lists every problem (R8).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from ..envelope import Reader, read_date
from ..problems import Problem, expecting
from ..texts import gettext_noop
from .messages import problem
from .presets import BONUSES, CONTRACTS, SIDES

SITTING_KEYS = frozenset(("ruleset", "overrides", "table", "radelci", "deals", "close", "date"))
DEAL_KEYS = frozenset(
    (
        "contract",
        "dealer",
        "declarer",
        "partner",
        "out",
        "card_points",
        "won",
        "difference",
        "kontra",
        "bonuses",
        "mondfang",
        "klop",
        "offender",
    )
)
BONUS_KEYS = frozenset(("announced", "made", "lost", "kontra"))
NAME_KEYS = ("dealer", "declarer", "partner", "out", "mondfang", "offender")
CLOSED = "close"  # the sitting's `close: true`, as the shared loop's `how`

_EMPTY: Mapping[str, int] = MappingProxyType({})


class Bonus(NamedTuple):
    """One bonus item of a deal (R31-R36): who announced it, who made it, who lost it (an ultimo)."""

    name: str
    announced: str | None = None  # "declarer" or "opponents"
    made: str | None = None
    lost: str | None = None
    kontra: int = 0
    keys: frozenset[str] = frozenset()  # the keys the record states (not null)


@dataclass(frozen=True, slots=True)
class Deal:
    """A read deal: read it, never change it (validation and settlement share it)."""

    number: int
    dealer: str = ""  # optional in the record: "" when it names none
    contract: str | None = None
    declarer: str | None = None
    partner: str | None = None
    out: str | None = None
    card_points: int | None = None
    won: bool | None = None
    difference: int | None = None
    kontra: int = 0
    bonuses: tuple[Bonus, ...] = ()
    mondfang: str | None = None
    klop: Mapping[str, int] | None = None
    offender: str | None = None
    keys: frozenset[str] = frozenset()  # the keys the record states with a value (not null)
    present: frozenset[str] = frozenset()  # every key the record holds, null or not (`partner`)
    unreadable: frozenset[str] = frozenset()  # the keys whose value had a shape problem
    klop_unreadable: bool = False  # a pile of `klop` could not be read

    def bonus(self, name: str) -> Bonus | None:
        return next((bonus for bonus in self.bonuses if bonus.name == name), None)


class Sitting(NamedTuple):
    ruleset: str
    overrides: Mapping[str, Any]
    table: tuple[str, ...]
    radelci: Mapping[str, int]  # carried in at the start (R7)
    deals: tuple[Deal, ...]
    close: str | None = None  # CLOSED when the record says `close: true`


class _Reader(Reader):
    def __init__(self, deal: int | None, problems: list[Problem]):
        super().__init__(deal, problems, problem)

    def counted(self, before: int) -> bool:
        """Whether no problem was added since `before`."""
        return len(self.problems) == before


def parse_deal(data: Any, number: int, problems: list[Problem]) -> Deal | None:  # noqa: C901 - a branch per key of the record
    """One deal object: the deal (None when it is no object at all); shape problems go into `problems`.

    A deal with shape problems is still answered, its unreadable keys named, so that validation
    finds the record's other problems in the same answer (R8); it is never settled.
    """
    read = _Reader(number, problems)
    deal = read.obj(data, "")
    if deal is None:
        read.fail("", "missing", what=gettext_noop("The deal"))
        return None
    read.known_keys(deal, DEAL_KEYS, "")
    unreadable: set[str] = set()
    values: dict[str, Any] = {}

    def take(key: str, value: Any, before: int) -> None:
        if read.counted(before):
            values[key] = value
        else:
            unreadable.add(key)

    for key in NAME_KEYS:
        if deal.get(key) is not None:
            before = len(problems)
            take(key, read.name(deal[key], key), before)
    if deal.get("contract") is not None:
        before = len(problems)
        take("contract", read.choice(deal["contract"], "contract", CONTRACTS), before)
    for key in ("card_points", "difference"):
        if deal.get(key) is not None:
            before = len(problems)
            take(key, read.int_(deal[key], key), before)
    if deal.get("kontra") is not None:
        before = len(problems)
        take("kontra", read.int_(deal["kontra"], "kontra"), before)
    if deal.get("won") is not None:
        before = len(problems)
        take("won", read.bool_(deal["won"], "won"), before)
    if deal.get("bonuses") is not None:
        before = len(problems)
        take("bonuses", _bonuses(read, deal["bonuses"]), before)
    klop_unreadable = False
    if deal.get("klop") is not None:
        before = len(problems)
        piles = _klop(read, deal["klop"])
        if piles is None:
            unreadable.add("klop")
        else:
            values["klop"] = piles
            klop_unreadable = not read.counted(before)
    keys = frozenset(key for key, value in deal.items() if value is not None and key in DEAL_KEYS)
    return Deal(
        number,
        dealer=values.pop("dealer", None) or "",
        kontra=values.pop("kontra", None) or 0,
        bonuses=values.pop("bonuses", None) or (),
        keys=keys,
        present=frozenset(key for key in deal if key in DEAL_KEYS),
        unreadable=frozenset(unreadable),
        klop_unreadable=klop_unreadable,
        **values,
    )


def _bonuses(read: _Reader, value: Any) -> tuple[Bonus, ...]:
    data = read.obj(value, "bonuses")
    if data is None:
        return ()
    found = []
    for name, item in data.items():
        path = f"bonuses.{name}"
        if name not in BONUSES:
            read.fail(path, "unknown_key", key=name)
            continue
        entry = read.obj(item, path)
        if entry is None:
            continue
        read.known_keys(entry, BONUS_KEYS, path)
        sides = {key: read.choice(entry.get(key), f"{path}.{key}", SIDES) for key in ("announced", "made", "lost")}
        kontra = read.int_(entry.get("kontra"), f"{path}.kontra") or 0
        stated = frozenset(key for key, v in entry.items() if v is not None and key in BONUS_KEYS)
        found.append(Bonus(name, sides["announced"], sides["made"], sides["lost"], kontra, stated))
    return tuple(found)


def _klop(read: _Reader, value: Any) -> dict[str, int] | None:
    data = read.obj(value, "klop")
    if data is None:
        return None
    piles = {}
    for name, points in data.items():
        path = f"klop.{name}"
        if read.name(name, path) is None:
            continue
        if points is None:
            read.fail(path, "missing", what=gettext_noop("The card points"))
            continue
        read_points = read.int_(points, path)
        if read_points is not None:
            piles[name] = read_points
    return piles


def parse_sitting(data: Any) -> tuple[Sitting | None, list[Problem]]:
    """A whole sitting: the sitting (None if unreadable) and every shape problem."""
    problems: list[Problem] = []
    read = _Reader(None, problems)
    sitting = read.obj(data, "")
    if sitting is None:
        read.fail("", "missing", what=gettext_noop("The sitting"))
        return None, problems
    read.known_keys(sitting, SITTING_KEYS, "")
    ruleset = sitting.get("ruleset")
    overrides = read.obj(sitting.get("overrides"), "overrides") or {}

    table_data = sitting.get("table")
    table: tuple[str, ...] = ()
    if not isinstance(table_data, list):
        if table_data is None:
            read.fail("table", "missing", what=gettext_noop("The table"))
        else:
            read.fail("table", "wrong_type", **expecting("list"))
    else:
        table = tuple(read.name(m, f"table[{i}]") or "" if m is not None else "" for i, m in enumerate(table_data))
        for i, member in enumerate(table_data):
            if member is None:
                read.fail(f"table[{i}]", "missing", what=gettext_noop("A member"))

    read_date(read, sitting.get("date"))  # the club's export writes it
    radelci: dict[str, int] = {}
    for name, count in (read.obj(sitting.get("radelci"), "radelci") or {}).items():
        held = read.int_(count, f"radelci.{name}", 0, 10**6)
        if held is not None:
            radelci[name] = held
    close = read.bool_(sitting.get("close"), "close")

    deals: list[Deal] = []
    for index, deal_data in enumerate(read.list_(sitting.get("deals", []), "deals")):
        deal = parse_deal(deal_data, index + 1, problems)
        if deal is not None:
            deals.append(deal)
    return (
        Sitting(str(ruleset), dict(overrides), table, radelci, tuple(deals), CLOSED if close else None),
        problems,
    )
