"""The season chart: each member's balance after each sitting, drawn as inline SVG.

Geometry only: the balances come from `club.services.balances.member_by_sitting`, a running sum of
what each sitting gave; the template draws the lines this module places.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

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
    last_column = len(sittings)
    # Per member, (column, balance after it) at the start and at each sitting he played: his
    # balance is flat in between, so those are all the corners his line has.
    corners_by_member = []
    for name, rows in series:
        corners = [(0, 0)]
        for column_at, points in sorted((column[(date, sitting_id)], points) for sitting_id, date, points in rows):
            corners.append((column_at, corners[-1][1] + points))
        corners_by_member.append((name, corners))

    values = [b for _name, corners in corners_by_member for _c, b in corners] or [0]
    top, bottom = max(0, *values), min(0, *values)
    span = (top - bottom) or 1
    steps = max(last_column, 1)

    def x(i: int) -> float:
        return round(pad + (width - 2 * pad) * i / steps, 1)

    def y(value: int) -> float:
        return round(pad + (height - 2 * pad) * (top - value) / span, 1)

    # A long season has hundreds of columns and dozens of members, so a line is drawn through its
    # corners only (a flat run over missed sittings needs its two ends), each coordinate formatted once.
    x_text: dict[int, str] = {}
    y_text: dict[int, str] = {}

    def point(c: int, b: int) -> str:
        if c not in x_text:
            x_text[c] = str(x(c))
        if b not in y_text:
            y_text[b] = str(y(b))
        return f"{x_text[c]},{y_text[b]}"

    def polyline(corners: list[tuple[int, int]]) -> str:
        points = [point(0, 0)]
        for (before, held), (c, b) in pairwise(corners):
            if c - 1 > before:
                points.append(point(c - 1, held))
            points.append(point(c, b))
        last_played, held = corners[-1]
        if last_played < last_column:
            points.append(point(last_column, held))
        return " ".join(points)

    lines = [
        Line(
            name=name,
            colour=line_style(i)[0],
            dash=line_style(i)[1],
            points=polyline(corners),
            last=corners[-1][1],
            end_x=x(last_column),
            end_y=y(corners[-1][1]),
        )
        for i, (name, corners) in enumerate(corners_by_member)
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
