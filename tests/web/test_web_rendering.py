"""The quick form renderer writes exactly what Django's widget templates write."""

import datetime

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override

import rules
from club.web.forms import DealForm
from club.web.hungarian_forms import HungarianDealForm
from club.web.rendering import QuickRenderer


class EveryWidget(forms.Form):
    plain = forms.CharField(label="Plain", initial='say "hi" & <b>bye</b>')
    number = forms.IntegerField(widget=forms.NumberInput(attrs={"min": 0, "step": 5, "required": True}))
    secret = forms.CharField(widget=forms.HiddenInput, initial="k&y")
    flag = forms.BooleanField(required=False, initial=True)
    off = forms.BooleanField(required=False, widget=forms.CheckboxInput(attrs={"disabled": False, "data-x": "1"}))
    day = forms.DateField(
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"), initial=datetime.date(2026, 11, 26)
    )
    pick = forms.ChoiceField(
        choices=[("", "—"), ("a&b", "A & B"), (3, 3), ("safe", mark_safe("<i>ok</i>")), ("lazy", gettext_lazy("Date"))],
        initial=3,
    )
    grouped = forms.ChoiceField(
        choices=[("Kings", [("hearts", "♥"), ("spades", "♠")]), ("none", "none")],
        widget=forms.Select(attrs={"class": "x", "autofocus": True}),
        initial="spades",
    )
    radio = forms.ChoiceField(choices=[("", "nobody"), ("Anna", "Anna"), ("Bent", "B<e>nt")], widget=forms.RadioSelect)
    many = forms.MultipleChoiceField(
        choices=[("skiz", "skíz"), ("xxi", "XXI")], widget=forms.CheckboxSelectMultiple, initial=["xxi"]
    )
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), initial="line\nnext")


def both(form: forms.BaseForm) -> tuple[list[str], list[str]]:
    """Every field of `form`, and every button of its choices, rendered by Django and by the quick renderer."""
    rendered = []
    for renderer in (DjangoTemplates(), QuickRenderer()):
        form.renderer = renderer
        parts = []
        for field in form:
            parts.append(str(field))
            if isinstance(field.field.widget, forms.RadioSelect | forms.CheckboxSelectMultiple):
                parts += [radio.tag() for radio in field] + [str(radio) for radio in field]
        rendered.append(parts)
    return rendered[0], rendered[1]


@pytest.mark.parametrize("language", ["da", "en", "hu"])
def test_every_widget_is_written_as_django_writes_it(language):
    with override(language):
        django_wrote, quick_wrote = both(EveryWidget())
        bound_django, bound_quick = both(
            EveryWidget({"plain": "a<b", "pick": "a&b", "radio": "Bent", "many": ["skiz"]})
        )
    assert quick_wrote == django_wrote
    assert bound_quick == bound_django
    assert '<option value="a&amp;b">A &amp; B</option>' in "".join(quick_wrote)


def test_the_deal_forms_are_written_as_django_writes_them():
    seats = ["Anna", "Bent", "Carl", "Dorte"]
    danish = DealForm(seat_names=seats, ruleset=rules.family_of("vlk-2010").ruleset("vlk-2010"))
    paskievics = rules.family_of("paskievics").ruleset("paskievics")
    hungarian = HungarianDealForm(seat_names=seats, ruleset=paskievics)
    for form in (danish, hungarian):
        django_wrote, quick_wrote = both(form)
        assert quick_wrote == django_wrote
        assert len("".join(quick_wrote)) > 5_000
