"""The audit page's forms: a member's dispute, an official's answer. They read and bound the
input (`club.inputs`); whether the dispute may be raised or resolved is `club.services.disputes`'s
call."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from club.inputs import FIRST_YEAR, LAST_YEAR, MAX_COMMENT, MAX_ID_DIGITS, MAX_REASON, TextField
from club.models import Dispute


class DisputeForm(forms.Form):
    # Required by the service, which says so in the audit page's words.
    comment = TextField(label=_("What looks wrong"), max_length=MAX_COMMENT, required=False)


class ResolveDisputeForm(forms.Form):
    action = forms.ChoiceField(choices=[(Dispute.Resolution.CORRECTED, ""), (Dispute.Resolution.CLOSED, "")])
    version = forms.IntegerField(required=False, min_value=1, max_value=10**MAX_ID_DIGITS - 1)
    reason = TextField(label=_("Why the settlement stands"), max_length=MAX_REASON, required=False)


def first_error(form: forms.Form) -> str:
    """One line for the page's alert: the first field's first error, named by its label."""
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        label = f"{field.label}: " if field is not None and field.label else ""
        return f"{label}{errors[0]}"
    return ""


def _date_field(label) -> forms.DateField:
    return forms.DateField(label=label, widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}))


class ExportForm(forms.Form):
    """The treasurer's exports' dates: the day of the saldi, the first and last day of a period."""

    on = _date_field(_("Saldi at the end of"))
    first = _date_field(_("From"))
    last = _date_field(_("To"))

    def __init__(self, *args, what: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Each export reads only its own dates.
        for name in ("first", "last") if what == "saldi" else ("on",):
            self.fields[name].required = False

    def clean(self) -> dict:
        data = super().clean() or {}
        for name in ("on", "first", "last"):
            day = data.get(name)
            if day is not None and not FIRST_YEAR <= day.year <= LAST_YEAR:
                self.add_error(name, _("Give a real date."))
        first, last = data.get("first"), data.get("last")
        if first and last and first > last:
            self.add_error("last", _("The period ends before it begins."))
        return data
