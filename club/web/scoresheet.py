"""A sitting's score sheet: per event, what each member and cup got, and the running totals.

Read from the ledger alone — postings summed per event key ("funding:1", "deal:3", "close"), so
a corrected deal shows what it settles to now (its reversal and its new posting both carry the
event's key). Nothing here prices a deal; it only adds up what was posted.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Sum

import rules.danish
from ledger.models import Posting

from ..models import Sitting
from ..services import is_void
from ..services.bookkeeping import KING_CUP, MEMBER, PAGAT_CUP, POT, table_balances


@dataclass(frozen=True)
class Row:
    key: str  # the event key
    kind: str  # "funding", "deal" or "close"
    number: int | None  # the deal number, for deals and the funding before one
    points: list[int]  # per seat, this event
    totals: list[int]  # per seat, the sitting so far
    cups: rules.danish.Cups  # after this event
    pot: int = 0  # the Hungarian ultimókassza after this event
    dealer: str | None = None
    corrected: bool = False
    deal_id: int | None = None  # for the deal's audit page
    void: bool = False  # voided: its versions and reversals stay, it settles nothing

    @property
    def cells(self) -> list[tuple[int, int]]:
        """Per seat: (this event's points, the running total)."""
        return list(zip(self.points, self.totals))


@dataclass(frozen=True)
class Scoresheet:
    names: list[str]
    cups_before: rules.danish.Cups
    rows: list[Row]
    pot_before: int = 0
    keeps_pot: bool = False  # a Hungarian game with an ultimókassza: the pot shows where the cups do
    has_cups: bool = True

    @property
    def totals(self) -> list[int]:
        return self.rows[-1].totals if self.rows else [0] * len(self.names)

    @property
    def cups(self) -> rules.danish.Cups:
        return self.rows[-1].cups if self.rows else self.cups_before

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

    @property
    def pot(self) -> int:
        return self.rows[-1].pot if self.rows else self.pot_before


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
        .annotate(points=Sum("points"))
    )
    by_event: dict[str, dict] = defaultdict(lambda: {"members": [0] * len(seats), "cups": {}})
    for row in rows:
        event = by_event[row["transaction__entry__event"]]
        if row["account__kind"] == MEMBER:
            event["members"][position[seat_of_account[row["account_id"]]]] += row["points"]
        else:
            event["cups"][row["account__kind"]] = event["cups"].get(row["account__kind"], 0) + row["points"]

    deals = {d.number: d for d in sitting.deals.select_related("current_version")}
    held = table_balances(sitting.table, before_sitting=sitting)
    cups_before, pot_before = rules.danish.Cups(held["cup:pagat"], held["cup:king"]), held["pot"]
    cups, pot, totals, sheet = cups_before, pot_before, [0] * len(seats), []
    # Every deal gets a row, even one that moved no points (it can still be corrected).
    for key in sorted(set(by_event) | {f"deal:{n}" for n in deals}, key=_order):
        event = by_event[key]
        kind, _, number = key.partition(":")
        totals = [t + p for t, p in zip(totals, event["members"])]
        cups = rules.danish.Cups(
            cups.pagat + event["cups"].get(PAGAT_CUP, 0),
            cups.king + event["cups"].get(KING_CUP, 0),
        )
        pot += event["cups"].get(POT, 0)
        deal = deals.get(int(number)) if number else None
        sheet.append(
            Row(
                key=key,
                kind=kind,
                number=int(number) if number else None,
                points=event["members"],
                totals=totals,
                cups=cups,
                pot=pot,
                dealer=deal.current_version.record.get("dealer") if deal and kind == "deal" else None,
                deal_id=deal.pk if deal and kind == "deal" else None,
                corrected=bool(deal and kind == "deal" and deal.current_version.version > 1),
                void=bool(deal and kind == "deal" and is_void(deal.current_version.record)),
            )
        )
    own = sitting.season.family.table_names(sitting.season.ruleset())
    return Scoresheet(
        [seat.name for seat in seats],
        cups_before,
        sheet,
        pot_before,
        keeps_pot="pot" in own,
        has_cups="cup:pagat" in own,
    )
