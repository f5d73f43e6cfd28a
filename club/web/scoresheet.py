"""A sitting's score sheet: per event, what each member and the table's own accounts (the cups,
or the ultimókassza) got, and the running totals.

Read from the ledger alone — postings summed per event key ("funding:1", "deal:3", "close"), so
a corrected deal shows what it settles to now (its reversal and its new posting both carry the
event's key). Nothing here prices a deal; it only adds up what was posted.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from django.db.models import Sum

from ledger.models import Posting
from rules.family import Marks

from ..families import Family, Holding, TableAccount
from ..models import Sitting
from ..services.bookkeeping import MEMBER, table_balances, table_kinds
from ..services.deals import is_void
from .names import short_names
from .templatetags import points as standing
from .templatetags import signed

MARK = "○"  # a mark a member holds on the game's own sheet (a radelc)
CROSSED_MARK = "⊗"  # one crossed off, as a struck circle on paper


# How wide the sheet draws a figure or a name, in ems of its font, at most: the glyphs of DejaVu
# Sans, the widest a phone meets (Roboto and San Francisco draw figures narrower), tabular figures.
BOLD_DIGIT, DIGIT, SIGN, SPACE, CIRCLE = 0.70, 0.64, 0.84, 0.35, 0.88
SMALL = 0.75 / 0.9  # a cell's second and third lines (the change, the game's own total) to its total
MARKS_ON_A_LINE = 3  # a game's own line is sized for its total and three marks; more wrap under it


def _figure_width(text: str, digit: float) -> float:
    return sum(digit if c.isdigit() else SPACE if c == " " else SIGN if c in "+−-" else CIRCLE for c in text)


def _name_width(name: str) -> float:
    """A name in bold: capitals and m, w are broad, spaces narrow."""
    return sum(1.05 if c in "mwMW" else 0.80 if c.isupper() else SPACE if c.isspace() else 0.70 for c in name)


def _quarters(width: float, low: int, high: int) -> int:
    """The width in quarter ems, rounded up, within the sheet's range of classes (static site.css)."""
    return min(high, max(low, math.ceil(width * 4 - 1e-9)))


@dataclass(frozen=True)
class OwnCell:
    """A member's cell on the game's own sheet after a deal: his total and his marks."""

    total: int
    held: int = 0  # marks he holds, drawn open
    crossed_off: int = 0  # marks crossed off, drawn struck through
    label: str = ""  # the marks in words, for a screen reader ("Radelci – open: 1, used: 1")

    @property
    def marks(self) -> str:
        """As drawn on paper, left to right: the first ones earned are the ones crossed off."""
        return CROSSED_MARK * self.crossed_off + MARK * self.held


@dataclass(frozen=True)
class Row:
    key: str  # the event key
    kind: str  # "funding", "deal" or "close"
    number: int | None  # the deal number, for deals and the funding before one
    points: list[int]  # per seat, this event
    totals: list[int]  # per seat, the sitting so far
    holdings: list[Holding]  # what the table's own accounts hold after this event
    dealer: str | None = None
    corrected: bool = False
    deal_id: int | None = None  # for the deal's audit page
    void: bool = False  # voided: its versions and reversals stay, it settles nothing
    # Per seat, where the game keeps a sheet of its own beside the ledger (`rules.Family.sheet`:
    # Slovenian scores, not money): its running total and marks after the deal.
    own: list[OwnCell] | None = None

    @property
    def cells(self) -> list[tuple[int, int]]:
        """Per seat: (this event's points, the running total)."""
        return list(zip(self.points, self.totals))

    @property
    def own_cells(self) -> list[tuple[int, int, OwnCell | None]]:
        """Per seat: (this event's points, the running total, the game's own total and marks or None)."""
        own: list[OwnCell | None] = list(self.own) if self.own else [None] * len(self.points)
        return list(zip(self.points, self.totals, own))


@dataclass(frozen=True)
class Scoresheet:
    names: list[str]
    holdings_before: list[Holding]  # the table's own accounts of the season's game (cups, a pot, none)
    rows: list[Row]

    @property
    def totals(self) -> list[int]:
        return self.rows[-1].totals if self.rows else [0] * len(self.names)

    @property
    def corrected_any(self) -> bool:
        """Whether a deal standing on the sheet was corrected (the printed sheet then says what ✎ means)."""
        return any(row.corrected and not row.void for row in self.rows)

    @property
    def accounts(self) -> list[TableAccount]:
        return [holding.account for holding in self.holdings_before]

    @property
    def holdings(self) -> list[Holding]:
        return self.rows[-1].holdings if self.rows else self.holdings_before

    @property
    def held_before(self) -> dict[str, int]:
        return {holding.account.name: holding.points for holding in self.holdings_before}

    @property
    def held(self) -> dict[str, int]:
        """The table's own accounts by engine name after the last event."""
        return {holding.account.name: holding.points for holding in self.holdings}

    @cached_property
    def short_names(self) -> dict[str, str]:
        """Each member's name as short as telling the table's members apart allows (Jens H, Jens P)."""
        return short_names(self.names)

    @property
    def heads(self) -> list[tuple[str, str]]:
        """The columns' heads: (the full name, the short name)."""
        return [(name, self.short_names[name]) for name in self.names]

    @property
    def fit(self) -> str:
        """The sheet's classes that size its members' figures and names to their columns (static
        site.css, "as large as their columns allow"): how many members, and the widest figure
        cell, name and holding of the table's own accounts in quarter ems of their font. A figure
        is never cut, whatever the phone."""
        widest = 0.0
        for row in self.rows:
            for change, total, own in row.own_cells:
                lines = [_figure_width(standing(total), BOLD_DIGIT), SMALL * _figure_width(signed(change), DIGIT)]
                if own:  # the total and its marks, up to three on its line (more wrap: static site.css)
                    line = f"{standing(own.total)} {own.marks[:MARKS_ON_A_LINE]}".strip()
                    lines.append(SMALL * _figure_width(line, DIGIT))
                widest = max(widest, *lines)
        for total in self.totals:
            widest = max(widest, _figure_width(standing(total), BOLD_DIGIT))
        name = max((_name_width(short) for _, short in self.heads), default=0.0)
        # What the table's own accounts held before the first row too: an evening's cups carried in
        # stand in its Σ row before any deal.
        holdings = [*self.holdings_before, *(holding for row in self.rows for holding in row.holdings)]
        held = max((_figure_width(str(h.points), DIGIT) for h in holdings), default=_figure_width("0", DIGIT))
        return (
            f"members-{len(self.names)} fig-{_quarters(widest, 6, 24)} name-{_quarters(name, 4, 24)}"
            f" held-{_quarters(held, 4, 24)}"
        )

    def last_deal(self) -> Row | None:
        return next((row for row in reversed(self.rows) if row.kind == "deal"), None)

    def net_of(self, number: int) -> list[tuple[str, int]]:
        """What deal `number` gave each member (with a funding posted before it)."""
        total = [0] * len(self.names)
        for row in self.rows:
            # "funding:1" is the sitting's opening; "funding:N" for a later N is before deal N.
            if row.number == number and (row.kind == "deal" or (row.kind == "funding" and number > 1)):
                total = [t + p for t, p in zip(total, row.points)]
        return list(zip(self.names, total))


def _order(key: str) -> tuple[float, int]:
    kind, _, number = key.partition(":")
    if kind == "close":
        return (float("inf"), 2)
    return (int(number), 0 if kind == "funding" else 1)


def scoresheet(sitting: Sitting) -> Scoresheet:
    seats = list(sitting.seats.select_related("member").order_by("position"))
    seat_of_account = {s.member.account_id: s.member_id for s in seats}
    position = {seat.member_id: i for i, seat in enumerate(seats)}
    rows = (
        Posting.objects.filter(transaction__entry__sitting=sitting)
        .values("transaction__entry__event", "account_id", "account__kind")
        .annotate(points=Sum("amount"))
    )
    by_event: dict[str, dict] = defaultdict(lambda: {"members": [0] * len(seats), "table": {}})
    for row in rows:
        event = by_event[row["transaction__entry__event"]]
        if row["account__kind"] == MEMBER:
            event["members"][position[seat_of_account[row["account_id"]]]] += row["points"]
        else:
            event["table"][row["account__kind"]] = event["table"].get(row["account__kind"], 0) + row["points"]

    deals = {d.number: d for d in sitting.deals.select_related("current_version")}
    own_after = _own_sheets(sitting, deals, [seat.name for seat in seats])
    family, ruleset = sitting.season.family, sitting.season.ruleset()
    engine_name = {kind: name for name, kind in table_kinds().items()}
    held = table_balances(sitting.table, before_sitting=sitting)
    holdings_before = family.holdings(held, ruleset)
    totals, sheet = [0] * len(seats), []
    # Every deal gets a row, even one that moved no points (it can still be corrected).
    for key in sorted(set(by_event) | {f"deal:{n}" for n in deals}, key=_order):
        event = by_event[key]
        kind, _, number = key.partition(":")
        totals = [t + p for t, p in zip(totals, event["members"])]
        for account_kind, points in event["table"].items():
            held[engine_name[account_kind]] += points
        deal = deals.get(int(number)) if number else None
        sheet.append(
            Row(
                key=key,
                kind=kind,
                number=int(number) if number else None,
                points=event["members"],
                totals=totals,
                holdings=family.holdings(held, ruleset),
                dealer=deal.current_version.record.get("dealer") if deal and kind == "deal" else None,
                deal_id=deal.pk if deal and kind == "deal" else None,
                corrected=bool(deal and kind == "deal" and deal.current_version.version > 1),
                void=bool(deal and kind == "deal" and is_void(deal.current_version.record)),
                own=own_after.get(int(number)) if number and kind == "deal" else None,
            )
        )
    return Scoresheet([seat.name for seat in seats], holdings_before, sheet)


def _own_sheets(sitting: Sitting, deals: dict, names: list[str]) -> dict[int, list[OwnCell]]:
    """Deal number -> per seat the game's own running total and marks after the deal, from the table
    state kept with the next deal (or the sitting, after the last); {} for a game whose sheet is the
    ledger (`Family.sheet` answers no `totals`)."""
    family, ruleset = sitting.season.family, sitting.season.ruleset()
    engine = family.rules_family
    numbers = sorted(deals)
    found: dict[int, list[OwnCell]] = {}
    for i, number in enumerate(numbers):
        kept = deals[numbers[i + 1]].state_before if i + 1 < len(numbers) else sitting.state
        state = engine.state_from_json(kept or {})
        totals = engine.sheet(state, names, ruleset).get("totals")
        if totals is None:
            return {}
        marks = engine.marks(state, names, ruleset)
        found[number] = [_own_cell(family, totals.get(name, 0), marks.get(name)) for name in names]
    return found


def _own_cell(family: Family, total: int, marks: Marks | None) -> OwnCell:
    if marks is None or not (marks.held or marks.crossed_off):
        return OwnCell(total)
    label = family.phrase("marks", held=marks.held, crossed_off=marks.crossed_off)
    return OwnCell(total, marks.held, marks.crossed_off, label)
