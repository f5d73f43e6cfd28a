"""The season chart: each member's balance after each sitting, drawn as inline SVG.

Geometry only: the balances come from `club.services.balances.member_by_sitting`, a running sum of
what each sitting gave; the template draws the lines this module places.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

# Distinguishable on light and dark backgrounds, and for the common colour blindnesses.
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#8c564b", "#7f7f7f")
# After eight members the colours come round again with another dash, so no two lines look alike.
DASHES = ("", "6 3", "2 2", "8 3 2 3")


def line_style(i: int) -> tuple[str, str]:
    """The i-th member's colour and dash: unique for len(PALETTE) * len(DASHES) members."""
    return PALETTE[i % len(PALETTE)], DASHES[(i // len(PALETTE)) % len(DASHES)]


@dataclass(frozen=True)
class Line:
    name: str
    colour: str
    dash: str  # the SVG stroke-dasharray, "" for a solid line
    points: str  # the SVG polyline's "x,y x,y ..."
    last: int  # the balance at the end
    end_x: float
    end_y: float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: list[Line]
    zero_y: float
    top: int  # the highest balance on the scale
    bottom: int  # the lowest
    first_date: datetime.date | None
    last_date: datetime.date | None
    pad: int

    @property
    def is_empty(self) -> bool:
        return not self.lines


def balance_chart(
    series: Sequence[tuple[str, Sequence[tuple[int, datetime.date, int]]]],
    *,
    width: int = 320,
    height: int = 180,
    pad: int = 8,
) -> Chart:
    """`series`: per member, (name, member_by_sitting rows). Every member starts at 0 before the
    season's first sitting and keeps his balance over sittings he missed."""
    sittings = sorted({(date, sitting_id) for _name, rows in series for sitting_id, date, _points in rows})
    column = {key: i + 1 for i, key in enumerate(sittings)}  # column 0 is the start, at 0
    balances_by_member = []
    for name, rows in series:
        per_column = [0] * (len(sittings) + 1)
        for sitting_id, date, points in rows:
            per_column[column[(date, sitting_id)]] = points
        balances_by_member.append((name, list(accumulate(per_column))))

    values = [b for _name, balances in balances_by_member for b in balances] or [0]
    top, bottom = max(0, *values), min(0, *values)
    span = (top - bottom) or 1
    steps = max(len(sittings), 1)

    def x(i: int) -> float:
        return round(pad + (width - 2 * pad) * i / steps, 1)

    def y(value: int) -> float:
        return round(pad + (height - 2 * pad) * (top - value) / span, 1)

    lines = [
        Line(
            name=name,
            colour=line_style(i)[0],
            dash=line_style(i)[1],
            points=" ".join(f"{x(c)},{y(b)}" for c, b in enumerate(balances)),
            last=balances[-1],
            end_x=x(len(balances) - 1),
            end_y=y(balances[-1]),
        )
        for i, (name, balances) in enumerate(balances_by_member)
    ]
    return Chart(
        width=width,
        height=height,
        lines=lines,
        zero_y=y(0),
        top=top,
        bottom=bottom,
        first_date=sittings[0][0] if sittings else None,
        last_date=sittings[-1][0] if sittings else None,
        pad=pad,
    )
