"""The audit page's forms: a member's dispute, an official's answer. They read and bound the
input (`club.inputs`); whether the dispute may be raised or resolved is `club.services.disputes`'s
call."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from club.inputs import MAX_COMMENT, MAX_ID_DIGITS, MAX_REASON, TextField
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
