"""The officials' forms: members, seasons, tables. They only translate; `club.office` decides."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from rules.parameters import AMOUNT, CHOICE, FLAG, MAX_AMOUNT, Parameter

from .. import families, inputs
from ..models import LANGUAGE_CHOICES, TILL_METHODS, Member, Payment, Season, SeasonEnd
from ..services import opening


class OfficeForm(forms.Form):
    def add_office_errors(self, errors: dict[str, list[str]]) -> None:
        """The service's refusal, on the fields it names (anything else on the whole form)."""
        for name, messages in errors.items():
            for message in messages:
                self.add_error(name if name in self.fields else None, message)


class MemberForm(OfficeForm):
    name = inputs.TextField(label=_("Name"), max_length=inputs.MAX_NAME)
    email = forms.EmailField(
        label=_("Email (optional)"),
        required=False,
        max_length=150,
        help_text=_("With an address the member can get a login and his monthly statements by email."),
    )
    role = forms.ChoiceField(label=_("Role"), choices=Member.Role.choices, initial=Member.Role.MEMBER)
    language = forms.ChoiceField(
        label=_("Language of his mail and statements"),
        choices=[("", _("The club's")), *LANGUAGE_CHOICES],
        required=False,
    )


class TableForm(OfficeForm):
    name = inputs.TextField(label=_("Name"), max_length=inputs.MAX_NAME)


def _describe(parameter: Parameter, family: families.Family) -> str:
    head, _dot, offence = parameter.name.partition(".")
    if head == "fines":
        # A fine by the offence's one name, as the deal form and the settlement lines say it.
        return family.rule_name(f"fine.{offence}")
    language = (translation.get_language() or "da").split("-")[0]
    return parameter.meaning_in(language)


# The words of the rule sets' choices (rules/*/parameters.py), in the page's language.
CHOICE_WORDS = {
    "rounded": _("rounded"),
    "exact": _("exact"),
    "max": _("the larger"),
    "replace": _("replaces"),
    "multiply": _("multiplies"),
    "strict": _("strict, as a revoke"),
    "mild": _("mild"),
    "all": _("all players"),
    "opponents": _("the opponents"),
    "all_pay": _("all pay"),
    "none_pay": _("none pays"),
    "declarer": _("the declarer's"),
    "own": _("each his own"),
    "both": _("both"),
    "full_only": _("the full one only"),
    "half": _("half"),
    "add": _("adds"),
    "pairwise": _("pairwise"),
    "none": _("none"),
}


def _choice_words(value: Any) -> str:
    return str(CHOICE_WORDS.get(str(value), value))  # a number (54, a kontra level) is its own word


def _default_text(parameter: Parameter) -> str:
    if parameter.kind == FLAG:
        return str(_("yes") if parameter.default else _("no"))
    if parameter.default is None:
        return "—"  # an amount the rule set leaves unset (not played, or by the table's size)
    return _choice_words(parameter.default)


def _flat(overrides: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """{"fines": {"revoke": 20}} as {"fines.revoke": 20}, the parameters' own names."""
    flat: dict[str, Any] = {}
    for key, value in overrides.items():
        if isinstance(value, dict):
            flat |= _flat(value, f"{prefix}{key}.")
        else:
            flat[prefix + key] = value
    return flat


def overrides_in_words(preset: str, overrides: dict[str, Any]) -> list[str]:
    """Each rule a season plays differently from its rule set, as the season form names it:
    "Fejlagtig lægning: mild"."""
    family = families.of(preset)
    by_name = {p.name: p for p in family.rules_family.parameters(preset)}
    said = []
    for name, value in sorted(_flat(overrides).items()):
        parameter = by_name.get(name)
        if parameter is None:
            continue
        if parameter.kind == FLAG:
            words = str(_("yes") if value else _("no"))
        else:
            words = _choice_words(value)
        said.append(f"{_describe(parameter, family)}: {words}")
    return said


# How a sitting ends, said of a game that keeps cups or a pot only as a season chooses.
NEUTRAL_CLOSES = {
    Season.Close.SPLIT: _("split what the table holds among its players"),
    Season.Close.CARRY: _("carry what the table holds over to the next sitting"),
}


class SeasonForm(OfficeForm):
    """A season of one preset: its dates, point value, how a sitting ends, and one labelled field
    per parameter the preset lets a club change (its default, meaning and seed line beside it)."""

    name = inputs.TextField(label=_("Name"), max_length=80)
    starts_on = forms.DateField(label=_("Starts on"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}))
    ends_on = forms.DateField(label=_("Ends on"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}))
    preset = forms.ChoiceField(label=_("Rule set"), choices=families.preset_choices)
    point_value_ore = forms.IntegerField(
        label=_("Point value in øre"),
        min_value=1,
        max_value=100_000,
        initial=1,
        help_text=_("What one point is worth: 1 øre in the VLK rules (001), 100 øre = 1 krone."),
    )
    close = forms.ChoiceField(label=_("End of sitting"), choices=Season.Close.choices, initial=Season.Close.SPLIT)
    at_close = forms.ChoiceField(
        label=_("End of season"),
        choices=SeasonEnd.choices,
        initial=SeasonEnd.CARRY,
        required=False,  # unsent: as it was (a new season carries)
        help_text=_("What the tables' cups or pot hold of the season when an official closes it."),
    )

    def __init__(self, *args: Any, preset: str, parameters: list[Parameter], locked: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.family = families.of(preset)
        self.parameters = parameters
        self._close_words(preset)
        self.locked = locked
        for parameter in parameters:
            self.fields[self.field_name(parameter)] = self._field(parameter)
        if locked:
            for name in ("preset", "point_value_ore", *(self.field_name(p) for p in parameters)):
                self.fields[name].disabled = True

    def _close_words(self, preset: str) -> None:
        """The end of sitting in the rule set's words: its cups or its pot, neutral words where a
        season may switch a pot on, and that there is nothing to split where there never is."""
        field = cast(forms.ChoiceField, self.fields["close"])
        if self.family.keeps(self.family.rules_family.ruleset(preset, None)):
            field.choices = [(how, self.family.phrase(how)) for how in Season.Close.values]
            return
        if self.family.may_keep(self.parameters):
            field.choices = list(NEUTRAL_CLOSES.items())
        else:  # one choice, as on the sitting's page
            ruleset = self.family.rules_family.ruleset(preset, None)
            field.choices = [(Season.Close.SPLIT, self.family.close_phrase(Season.Close.SPLIT, ruleset))]
            self.initial["close"] = Season.Close.SPLIT

    @staticmethod
    def field_name(parameter: Parameter) -> str:
        return "p_" + parameter.name.replace(".", "__")

    def _field(self, parameter: Parameter) -> forms.Field:
        label = _describe(parameter, self.family)
        if parameter.name == "pot":
            label = "ultimókassza — " + label
        help_text = _("The rule set's own: %(default)s · %(ref)s") % {
            "default": _default_text(parameter),
            "ref": _("decision") if parameter.ref == "decision" else parameter.ref,
        }
        common = {"label": label, "help_text": help_text, "initial": parameter.default}
        if parameter.kind == FLAG:
            return forms.BooleanField(required=False, **common)
        if parameter.kind == CHOICE:
            choices = [(str(c), _choice_words(c)) for c in parameter.choices]
            by_text = {str(c): c for c in parameter.choices}  # 54 stays the number 54
            return forms.TypedChoiceField(choices=choices, coerce=by_text.__getitem__, **common)
        assert parameter.kind == AMOUNT
        # An amount whose default is unset (None) may stay blank: the rule set's own then.
        return forms.IntegerField(min_value=0, max_value=MAX_AMOUNT, required=parameter.default is not None, **common)

    def parameter_fields(self):
        return [self[self.field_name(p)] for p in self.parameters]

    def parameter_values(self) -> dict[str, Any]:
        return {p.name: self.cleaned_data[self.field_name(p)] for p in self.parameters}

    def add_office_errors(self, errors: dict[str, list[str]]) -> None:
        by_parameter = {p.name: self.field_name(p) for p in self.parameters}
        super().add_office_errors({by_parameter.get(name, name): messages for name, messages in errors.items()})


class PaymentForm(OfficeForm):
    paid_on = forms.DateField(label=_("Date"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}))
    member = forms.ModelChoiceField(queryset=Member.objects.none(), label=_("Member"))
    direction = forms.ChoiceField(
        label=_("What happened"), choices=Payment.Direction.choices, widget=forms.RadioSelect, initial="in"
    )
    amount = inputs.KronerField(label=_("Amount in kroner"))  # cleaned to øre
    method = forms.ChoiceField(label=_("How"), choices=TILL_METHODS, initial=Payment.Method.CASH)
    note = inputs.TextField(label=_("Note (optional)"), max_length=200, required=False)
    # The page's own key (a new one each time the page is drawn): the same form sent twice, by a
    # double click or a retry, records one payment (club.services.payments.record_payment_once).
    idempotency_key = inputs.IdempotencyKeyField()

    def __init__(self, *args: Any, club, **kwargs: Any):
        super().__init__(*args, **kwargs)
        members = club.members.order_by("-active", "name")
        cast(forms.ModelChoiceField, self.fields["member"]).queryset = members


class OpeningSaldoForm(OfficeForm):
    """A member's saldo from the paper books: negative when he owes the club."""

    saldo = forms.CharField(
        label=_("Saldo from paper in kroner (negative when he owes the club)"),
        max_length=inputs.MAX_KRONER_TEXT + 1,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )
    on = forms.DateField(label=_("Date"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}))

    def clean_saldo(self) -> int:
        try:
            ore = opening.saldo_from_kroner(self.cleaned_data["saldo"])
        except inputs.AmountRefused as refused:
            raise forms.ValidationError(str(refused), code="amount") from None
        if not ore:
            raise forms.ValidationError(_("A saldo from 0,01 to 100.000,00 kr."), code="amount")
        return ore


class ReversePaymentForm(OfficeForm):
    reason = inputs.TextField(label=_("Why is it reversed?"), max_length=inputs.MAX_REASON)
    # As a payment's: the same reversal sent twice answers with the first.
    idempotency_key = inputs.IdempotencyKeyField()


class TableOpeningForm(OfficeForm):
    """What a table's cups or pot held on paper: the season it is to play (whose game says which
    accounts it keeps) and the points of each account the club's games keep."""

    season = forms.ModelChoiceField(queryset=Season.objects.none(), label=_("The season the table is to play"))
    opened_on = forms.DateField(label=_("Date"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}))

    def __init__(self, *args: Any, seasons, accounts: dict[str, str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["season"]).queryset = seasons
        # A field per account, named without the engine's colon: "cup:pagat" -> "held_cup_pagat".
        self.accounts = {f"held_{name.replace(':', '_')}": name for name in accounts}
        for field, name in self.accounts.items():
            self.fields[field] = forms.IntegerField(
                label=_("%(account)s, points") % {"account": accounts[name]},
                min_value=1,
                max_value=100_000,
                required=False,
            )

    def holdings(self) -> dict[str, int]:
        """Engine name -> points, of the accounts given."""
        return {name: self.cleaned_data[field] for field, name in self.accounts.items() if self.cleaned_data.get(field)}


class RemindForm(OfficeForm):
    """A round of payment reminders (club.services.reminders): to whoever owes more than this."""

    over = inputs.KronerField(label=_("To everyone who owes the club more than (kroner)"))  # cleaned to øre


class PaymentDetailsForm(OfficeForm):
    """How members pay the club, for the statement's mail (club.services.payments)."""

    mobilepay = inputs.TextField(label=_("MobilePay number"), max_length=20, required=False)
    bank_account = inputs.TextField(
        label=_("Bank account"), max_length=40, required=False, help_text=_("Registration and account number.")
    )
    payment_note = inputs.TextField(
        label=_("How to pay"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Free text for the statement's mail, e.g. what to write as the payment's text."),
    )
