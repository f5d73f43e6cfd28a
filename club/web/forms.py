"""Forms of the table pages: a deal's entry and correction (the deal itself is `deal_form`'s,
as the season's family lays it out), and starting, voiding and closing a sitting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ..inputs import MAX_IDEMPOTENCY_KEY, MAX_REASON, TextField
from ..models import Member, Season, Seat, Sitting, Table
from .deal_form import DealForm

MAX_SEATS = 5


class EntryFields(forms.Form):
    """What a new deal adds to a family's deal form: the number the scorer saw, a key that makes
    a double tap one deal, and the user who saved it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"] = forms.IntegerField(widget=forms.HiddenInput)
        self.fields["idempotency_key"] = forms.CharField(max_length=MAX_IDEMPOTENCY_KEY, widget=forms.HiddenInput)
        self.fields["confirm_duplicate"] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        # Who saved it: a phone may send a deal kept offline later, under whoever is signed in then.
        self.fields["saved_by"] = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def ask_to_confirm_duplicate(self) -> None:
        """The next save of the same entries records them: the scorer has been asked."""
        data = cast(QueryDict, self.data).copy()  # a request's QueryDict (a dict in some tests)
        data[self.add_prefix("confirm_duplicate")] = "1"
        self.data = data


class CorrectionFields(forms.Form):
    """What a correction adds to a family's deal form: why (bounded text, which
    `club.services.correct_deal` checks again), and which version it corrects (someone may
    correct it first)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"] = TextField(
            label=_("Reason for the correction"), max_length=MAX_REASON, widget=forms.Textarea(attrs={"rows": 2})
        )
        self.fields["base_version"] = forms.IntegerField(widget=forms.HiddenInput)


class DealEntryForm(EntryFields, DealForm):
    """A new deal."""


class CorrectionForm(CorrectionFields, DealForm):
    """A corrected deal."""


@dataclass(frozen=True)
class EntryProblems:
    """A deal form's problems while it is being filled in (the live preview). A wrong answer shows
    beside its field; a question not answered yet is only named in the save bar, below the
    scorer's thumb, so nothing the thumb is aiming at moves as the form fills."""

    beside: list[tuple[str, list[str]]]  # every field's html name and its wrong answers ([] clears)
    wrong: list[tuple[str, str, str]]  # (field name, where, message)
    unanswered: list[tuple[str, str]]  # (field name, where)


def unanswered(code: str | None) -> bool:
    """The problem says only that a question has no answer yet, not that an answer is wrong."""
    # A family may call it "missing" (its record format's word for the same).
    return code in ("required", "missing") or (code or "").endswith("_required")


def entry_problems(form: forms.Form, shown: set[str] | None = None) -> EntryProblems:
    """`shown`: the fields the page shows problems beside now, where it says (the live preview):
    only those and the fields with problems now are answered beside, each swap costing a phone time."""
    codes = [error.code for errors in form.errors.as_data().values() for error in errors]
    wrong: list[tuple[str, str, str]] = []
    open_questions: list[tuple[str, str]] = []
    for (name, where, message), code in zip(form.problem_list(), codes, strict=True):  # type: ignore[attr-defined]
        if unanswered(code):
            open_questions.append((name, where or message))
        else:
            wrong.append((name, where, message))
    by_field: dict[str, list[str]] = {}
    for name, _where, message in wrong:
        by_field.setdefault(name, []).append(message)
    beside = [
        (field.html_name, by_field.get(field.name, []))
        for field in form
        if shown is None or field.name in by_field or field.html_name in shown
    ]
    return EntryProblems(beside, wrong, open_questions)


# --- starting and closing a sitting ----------------------------------------------------------


class StartSittingForm(forms.Form):
    """Who sits where: seats in the order the cards go, as many as the season's game seats, and who deals first."""

    season = forms.ModelChoiceField(queryset=Season.objects.none(), label=_("Season"))
    table = forms.ModelChoiceField(queryset=Table.objects.none(), label=_("Table"))
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    first_dealer = forms.ModelChoiceField(queryset=Member.objects.none(), label=_("First dealer"))

    def __init__(self, *args, club, season: Season | None, **kwargs):
        super().__init__(*args, **kwargs)
        members = club.members.filter(active=True)
        self.seasons = club.seasons.all()
        cast(forms.ModelChoiceField, self.fields["season"]).queryset = self.seasons
        cast(forms.ModelChoiceField, self.fields["table"]).queryset = club.tables.filter(active=True)
        cast(forms.ModelChoiceField, self.fields["first_dealer"]).queryset = members
        self.initial.setdefault("season", season)
        self.initial.setdefault("date", timezone.localdate())
        tables = list(
            club.tables.filter(active=True).exclude(
                pk__in=Sitting.objects.filter(closed_at__isnull=True).values("table")
            )
        )
        if tables:
            self.initial.setdefault("table", tables[0])
        for seat in range(MAX_SEATS):
            self.fields[f"seat_{seat}"] = forms.ModelChoiceField(
                # Two seats at least (Strómann); the season's game says how many (services.start_sitting).
                queryset=members,
                required=seat < 2,
                label=_("Seat %(number)s") % {"number": seat + 1},
            )
        # The table's last seating and first dealer, proposed: most evenings the same members sit down.
        # Who sits at another open sitting is left out: start_sitting would refuse them.
        table = self.initial.get("table")
        last = Sitting.objects.filter(table=table).order_by("-date", "-pk").first() if table else None
        if last is not None:
            busy = set(
                Seat.objects.filter(sitting__table__club=club, sitting__closed_at__isnull=True).values_list(
                    "member_id", flat=True
                )
            )
            seated = [
                seat.member
                for seat in last.seats.select_related("member").order_by("position")
                if seat.member.active and seat.member_id not in busy
            ]
            for seat, member in enumerate(seated[:MAX_SEATS]):
                self.initial.setdefault(f"seat_{seat}", member)
            if any(m.pk == last.first_dealer_id for m in seated):
                self.initial.setdefault("first_dealer", last.first_dealer_id)

    def seats_hint(self) -> str:
        """How many sit down at the chosen season's game."""
        try:
            season = self.seasons.filter(pk=self["season"].value()).first()
        except (ValueError, TypeError):  # whatever was posted for it; the field says what is wrong
            season = None
        counts = season.family.seat_counts(season.ruleset(), MAX_SEATS) if season else ()
        if not counts:
            return ""
        if len(counts) == 1:
            words = ngettext("%(count)s member.", "%(count)s members; leave the other seats empty.", counts[0])
            return words % {"count": counts[0]}
        if len(counts) == 2:
            words = gettext("%(fewest)s or %(most)s members; leave the last seat empty when fewer sit down.")
        else:
            words = gettext("%(fewest)s to %(most)s members; leave the last seats empty when fewer sit down.")
        return words % {"fewest": counts[0], "most": counts[-1]}

    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(MAX_SEATS)]

    def add_refusal(self, errors) -> None:
        """`club.services.InvalidSitting`'s errors beside their fields (the seats share one line)."""
        for name, messages in errors.items():
            for message in messages:
                self.add_error(name if name in self.fields else None, message)

    def members(self) -> list[Member]:
        return [m for seat in range(MAX_SEATS) if (m := self.cleaned_data.get(f"seat_{seat}")) is not None]


class VoidDealForm(forms.Form):
    reason = TextField(label=_("Why is the deal void?"), max_length=MAX_REASON)


class CloseSittingForm(forms.Form):
    how = forms.ChoiceField(label=_("The table's accounts"), choices=Season.Close.choices, widget=forms.RadioSelect)
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)  # set on the confirmation step
    # An official may record each player's net as paid in cash on the evening (club.services.payments).
    settle = forms.BooleanField(required=False, label=_("Settled at the table: each player's net paid in cash"))

    def __init__(self, *args, family: Any, ruleset: Any, **kwargs):
        super().__init__(*args, **kwargs)
        # The family's words for its accounts (its cups, its pot); a game that keeps none has
        # nothing to split (one choice says so).
        self.fields["how"].label = family.holdings_label
        choices = [(how, family.close_phrase(how, ruleset)) for how in Season.Close.values]
        if not family.keeps(ruleset):
            choices = choices[:1]
            self.initial["how"] = choices[0][0]
        cast(forms.ChoiceField, self.fields["how"]).choices = choices
