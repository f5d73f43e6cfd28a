"""The deal forms of a season's family: the one table from a family to its forms, so a view asks
for "the form for a deal" and never which family it holds."""

from __future__ import annotations

from .. import families
from .forms import DANISH_FORMS, DealForms
from .hungarian_forms import HUNGARIAN_FORMS

_FORMS = {families.DANISH.name: DANISH_FORMS, families.HUNGARIAN.name: HUNGARIAN_FORMS}


def for_family(family: families.Family) -> DealForms:
    return _FORMS[family.name]
