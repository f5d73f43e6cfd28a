"""The deal forms of a season's family: the one table from a family to its forms, so a view asks
for "the form for a deal" and never which family it holds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms

from .. import families
from . import deal_form
from .forms import CorrectionForm, DealEntryForm, DealForm
from .hungarian_forms import HUNGARIAN_FORMS


@dataclass(frozen=True)
class DealForms:
    preview: type[forms.Form]
    entry: type[forms.Form]
    correction: type[forms.Form]

    def proposal(self, family: families.Family, ruleset: Any, seats: Sequence[str], previous, first: str) -> dict:
        return family.rules_family.deal_layout(ruleset, seats).proposal(seats, previous, first)

    def initial_from_record(self, family: families.Family, ruleset: Any, record: Mapping[str, Any], seats) -> dict:
        return deal_form.initial_from_record(family.rules_family.deal_layout(ruleset, seats), record)


@dataclass(frozen=True)
class OldForms(DealForms):
    def proposal(self, family, ruleset, seats, previous, first):
        return HUNGARIAN_FORMS.rotation(seats, previous, first)

    def initial_from_record(self, family, ruleset, record, seats):
        return HUNGARIAN_FORMS.initial_from_record(record, seats)


GENERIC = DealForms(DealForm, DealEntryForm, CorrectionForm)
OLD = OldForms(HUNGARIAN_FORMS.preview, HUNGARIAN_FORMS.entry, HUNGARIAN_FORMS.correction)


def for_family(family: families.Family) -> DealForms:
    return {families.HUNGARIAN.name: OLD}.get(family.name, GENERIC)  # until the Hungarian layout
