"""A calendar month, as statements, their mail and the payments pages name one ("2026-11")."""

from __future__ import annotations

import calendar
import datetime
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from .inputs import FIRST_YEAR, LAST_YEAR


@dataclass(frozen=True, order=True)
class Month:
    year: int
    month: int

    @classmethod
    def parse(cls, text: str) -> Month:
        """ "2026-11" -> Month(2026, 11); ValueError with a readable message otherwise."""
        match = re.fullmatch(r"(\d{4})-(\d{2})", text.strip())
        # Years 1000..9998 only: the month before and after must be months too (club.inputs).
        if not match or not 1 <= int(match[2]) <= 12 or not FIRST_YEAR <= int(match[1]) <= LAST_YEAR:
            raise ValueError(_("%(text)s is not a month; write it as YYYY-MM, e.g. 2026-11.") % {"text": text})
        return cls(int(match[1]), int(match[2]))

    @property
    def first_day(self) -> datetime.date:
        return datetime.date(self.year, self.month, 1)

    @property
    def last_day(self) -> datetime.date:
        return datetime.date(self.year, self.month, calendar.monthrange(self.year, self.month)[1])

    def previous(self) -> Month:
        return Month(self.year - 1, 12) if self.month == 1 else Month(self.year, self.month - 1)

    def next(self) -> Month:
        return Month(self.year + 1, 1) if self.month == 12 else Month(self.year, self.month + 1)

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"
