"""Forms of the table pages, and the deal form's translation to and from the record format.

The deal form is laid out as a table thinks about a deal: three roles (dealer, forehand,
middlehand), each with its melds and count, then the cards and the play. `build_record` turns
its cleaned data into a sitting-record deal (docs/rules.md, "The sitting record") and
`initial_from_record` does the reverse, so a correction opens pre-filled. Whether the record
makes sense is the rules engine's call; `field_for` says which form field a problem it reports
belongs to, so the message can stand beside that field.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.http import QueryDict
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import rules

from ..families import DANISH
from ..inputs import MAX_IDEMPOTENCY_KEY, MAX_REASON, TextField, whole_number
from ..models import Member, Season, Sitting, Table

# The Danish game's words, as its family adapter gives them.
SUITS, COURT_CARDS, MELD_LEVELS = DANISH.words.suits, DANISH.words.court_cards, DANISH.words.meld_levels
PAGAT_FATES, KING_FATES = DANISH.words.pagat_fates, DANISH.words.king_fates
seat_order_from = DANISH.words.seat_order_from

ROLES = ("dealer", "forehand", "middlehand")
FINE_ROWS = 3
MAX_SEATS = 5

ROLE_LABELS = {"dealer": _("Dealer"), "forehand": _("Forehand"), "middlehand": _("Middlehand")}
SUIT_LABELS = {
    "hearts": _("Hearts"),
    "diamonds": _("Diamonds"),
    "clubs": _("Clubs"),
    "spades": _("Spades"),
}
SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
LEVEL_LABELS = {"half": _("half"), "full": _("full"), "overfull": _("overfull")}
COURT_LABELS = {"king": _("king"), "queen": _("queen"), "cavalier": _("cavalier"), "knight": _("knight")}
PAGAT_FATE_LABELS = {
    "saved": _("saved"),
    "lost": _("lost"),
    "ultimo": pgettext_lazy("card fate", "ultimo"),
    "bagud": pgettext_lazy("card fate", "bagud"),
    "skat": _("in the skat"),
}
KING_FATE_LABELS = {
    "kept": _("kept"),
    "lost": _("lost"),
    "ultimo": pgettext_lazy("card fate", "ultimo"),
    "bagud": pgettext_lazy("card fate", "bagud"),
}
# A fine's offence by the Danish game's own word, the one its settlement lines and season form use.
OFFENCE_LABELS = {offence: DANISH.term(offence) for offence in DANISH.words.offences}
BLANK = [("", "—")]


def _choices(values: Sequence[str], labels: Mapping[str, Any] | None = None) -> list[tuple[str, Any]]:
    return BLANK + [(v, (labels or {}).get(v, v)) for v in values]


def _optional_choice(values: Sequence[str], labels: Mapping[str, Any] | None = None, **kwargs) -> forms.ChoiceField:
    return forms.ChoiceField(choices=_choices(values, labels), required=False, **kwargs)


def _optional_number(low: int, high: int, **kwargs) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        choices=BLANK + [(n, n) for n in range(low, high + 1)], coerce=int, empty_value=None, required=False, **kwargs
    )


def _optional_player(names: Sequence[str], **kwargs) -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=BLANK + [(n, n) for n in names], required=False, widget=forms.RadioSelect, **kwargs
    )


class CombinedChoiceField(forms.ChoiceField):
    """A holder and a fate chosen together; `fates` are the grid's columns (value, label)."""

    fates: list[tuple[str, Any]]


def _combined(names: Sequence[str], fates: Sequence[str], labels: Mapping[str, Any], **kwargs) -> CombinedChoiceField:
    """One choice of holder and fate together ("Bent:ultimo"): a grid of buttons, a row per
    member and a column per fate, so the Pagat's whole story is one tap."""
    choices = BLANK + [(f"{name}:{fate}", f"{name} {labels[fate]}") for name in names for fate in fates]
    field = CombinedChoiceField(choices=choices, required=False, widget=forms.RadioSelect, **kwargs)
    field.fates = [(fate, labels[fate]) for fate in fates]
    return field


def split_combined(value: str | None) -> tuple[str | None, str | None]:
    if not value:
        return None, None
    holder, _sep, fate = value.rpartition(":")
    return holder or None, fate or None


# --- the deal form ---------------------------------------------------------------------------


class DealForm(forms.Form):
    """Every field of a deal at a table of `seat_names`, shaped by the season's rule set."""

    def __init__(self, *args, seat_names: Sequence[str], ruleset: Any, **kwargs):
        super().__init__(*args, **kwargs)
        self.seat_names = list(seat_names)
        self.ruleset = ruleset
        names = [(n, n) for n in self.seat_names]
        for role in ROLES:
            # Buttons, not selects: one tap each, and they work without JavaScript.
            self.fields[role] = forms.ChoiceField(label=ROLE_LABELS[role], choices=names, widget=forms.RadioSelect)
        for role in ROLES:
            self.fields[f"{role}_taroks"] = _optional_number(10, 22, label=_("Taroks"))
            self.fields[f"{role}_pagat"] = _optional_choice(
                ("med", "uden"), {"med": _("with the Pagat"), "uden": _("without the Pagat")}, label=_("Pagat")
            )
            self.fields[f"{role}_matadors"] = _optional_number(3, 22, label=_("Matadors"))
            levels = [lv for lv in MELD_LEVELS if lv != "overfull" or ruleset.overfull_melds]
            for suit in SUITS:
                self.fields[f"{role}_{suit}"] = _optional_choice(levels, LEVEL_LABELS, label=SUIT_LABELS[suit])
                self.fields[f"{role}_{suit}_missing"] = _optional_choice(COURT_CARDS, COURT_LABELS, label=_("missing"))
            self.fields[f"{role}_kings"] = _optional_choice(levels, LEVEL_LABELS, label=_("Kings"))
            self.fields[f"{role}_kings_missing"] = _optional_choice(SUITS, SUIT_LABELS, label=_("missing"))
            # No min/max: an out-of-range count must reach the server and come back as a
            # problem (a browser's own check would silently stop the live preview).
            self.fields[f"{role}_count"] = forms.IntegerField(
                label=_("Count"),
                required=False,
                widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "class": "count"}),
            )
        # The Pagat and each King: holder and fate in one control, one tap (see `combined`).
        fates = [f for f in PAGAT_FATES if f != "skat" or ruleset.pagat_in_skat]
        self.fields["pagat"] = _combined(self.seat_names, fates, PAGAT_FATE_LABELS, label=_("Pagat"))
        for suit in SUITS:
            self.fields[f"king_{suit}"] = _combined(
                self.seat_names, KING_FATES, KING_FATE_LABELS, label=SUIT_LABELS[suit]
            )
        self.fields["last_trick"] = _optional_player(self.seat_names, label=_("Last trick won by"))
        self.fields["nolo"] = _optional_player(self.seat_names, label=_("Nolo"))
        self.fields["tout"] = _optional_player(self.seat_names, label=_("Tout"))
        if ruleset.tout_can_fail:
            self.fields["tout_failed"] = forms.BooleanField(label=_("The announced tout failed"), required=False)
        offences = list(ruleset.fines)
        for row in range(FINE_ROWS):
            self.fields[f"fine_{row}_player"] = _optional_choice(self.seat_names, label=_("Fined"))
            self.fields[f"fine_{row}_offence"] = _optional_choice(offences, OFFENCE_LABELS, label=_("Offence"))
        if ruleset.culprit:
            self.fields["culprit_player"] = _optional_choice(self.seat_names, label=_("Culprit"))
            self.fields["culprit_caused"] = _optional_choice(
                ("ultimo", "bagud"),
                {"ultimo": PAGAT_FATE_LABELS["ultimo"], "bagud": PAGAT_FATE_LABELS["bagud"]},
                label=_("caused"),
            )
        if any(fine.stops for fine in ruleset.fines.values()):
            self.fields["stopped"] = forms.BooleanField(label=_("The deal was stopped"), required=False)

    def clean(self):
        super().clean()
        data = self.cleaned_data
        # build_record reads holder and fate apart, as the record format has them. A post that
        # names them apart (an older page, a script) is read as it was.
        for combined, prefix in [("pagat", "pagat"), *((f"king_{s}", f"king_{s}") for s in SUITS)]:
            holder, fate = split_combined(data.get(combined))
            if holder is None and fate is None:
                holder = self.data.get(self.add_prefix(f"{prefix}_holder")) or None
                fate = self.data.get(self.add_prefix(f"{prefix}_fate")) or None
            data[f"{prefix}_holder"], data[f"{prefix}_fate"] = holder, fate
        return data

    # Shapes the template walks through.

    def players_now(self) -> list[str]:
        return [p for p in (self._current(role) for role in ROLES) if p]

    def rotations(self) -> dict[str, list[str]]:
        """For each possible dealer, the three players (the page re-derives them when the dealer changes)."""
        return {name: list(seat_order_from(name, self.seat_names)) for name in self.seat_names}

    def grid(self, name: str) -> dict[str, Any]:
        """A combined control as rows of buttons: one row per member, one button per fate."""
        field = self[name]
        fates = cast(CombinedChoiceField, self.fields[name]).fates
        chosen = field.value() or ""
        rows = []
        for holder in self.seat_names:
            cells = [
                {"value": f"{holder}:{fate}", "label": label, "checked": chosen == f"{holder}:{fate}"}
                for fate, label in fates
            ]
            rows.append({"name": holder, "cells": cells})
        return {"field": field, "rows": rows, "fates": fates, "none": not chosen}

    def pagat_grid(self) -> dict[str, Any]:
        return self.grid("pagat")

    def rotations_json(self) -> str:
        return json.dumps(self.rotations(), ensure_ascii=False)

    def next_dealers_json(self) -> str:
        """For each dealer, who deals the deal after (the page moves on by itself while offline)."""
        after = {
            d: rotation(self.seat_names, {"players": players}, d)["dealer"] for d, players in self.rotations().items()
        }
        return json.dumps(after, ensure_ascii=False)

    @property
    def melds_open(self) -> bool:
        return any(block["open"] for block in self.role_blocks)

    @property
    def counts_are_rounded(self) -> bool:
        return self.ruleset.count == "rounded"

    @cached_property
    def role_blocks(self) -> list[dict[str, Any]]:
        """Per role: its name now, its meld fields, and whether its meld block starts open (the
        page walks them three times; asked once the form's problems are known)."""
        blocks = []
        for role in ROLES:
            suits = [
                {"symbol": SUIT_SYMBOLS[s], "level": self[f"{role}_{s}"], "missing": self[f"{role}_{s}_missing"]}
                for s in SUITS
            ]
            meld_fields = [f"{role}_{n}" for n in ("taroks", "pagat", "matadors", "kings", "kings_missing")]
            meld_fields += [f"{role}_{s}{m}" for s in SUITS for m in ("", "_missing")]
            blocks.append(
                {
                    "role": role,
                    "label": ROLE_LABELS[role],
                    "name": self._current(role),
                    "taroks": self[f"{role}_taroks"],
                    "pagat": self[f"{role}_pagat"],
                    "matadors": self[f"{role}_matadors"],
                    "suits": suits,
                    "kings": self[f"{role}_kings"],
                    "kings_missing": self[f"{role}_kings_missing"],
                    "count": self[f"{role}_count"],
                    "open": any(self._current(f) or self[f].errors for f in meld_fields),
                    "count_open": self._current(f"{role}_count") not in (None, "")
                    or bool(self[f"{role}_count"].errors),
                }
            )
        return blocks

    def king_grids(self) -> list[dict[str, Any]]:
        return [self.grid(f"king_{s}") | {"symbol": SUIT_SYMBOLS[s]} for s in SUITS]

    def fine_rows(self) -> list[dict[str, Any]]:
        return [{"player": self[f"fine_{r}_player"], "offence": self[f"fine_{r}_offence"]} for r in range(FINE_ROWS)]

    @property
    def kings_open(self) -> bool:
        names = [n for n in self.fields if n.startswith("king_")]
        return any(self._current(n) or self[n].errors for n in names)

    @property
    def fines_open(self) -> bool:
        names = [n for n in self.fields if n.startswith(("fine_", "culprit_")) or n == "stopped"]
        return any(self._current(n) or self[n].errors for n in names)

    @property
    def play_open(self) -> bool:
        return any(self._current(n) or self[n].errors for n in ("nolo", "tout", "tout_failed") if n in self.fields)

    def stopping_offences(self) -> list[str]:
        return [name for name, fine in self.ruleset.fines.items() if fine.stops]

    def problem_list(self) -> list[tuple[str, str, str]]:
        """Every problem as (field name, where, message): the summary at the top of the form,
        each linking to its field."""
        return [(name, self._where(name), str(error)) for name, errors in self.errors.items() for error in errors]

    def mark_problems(self) -> None:
        """aria-invalid and aria-describedby on every field, for screen readers and the eye."""
        for name, field in self.fields.items():
            attrs = field.widget.attrs
            attrs["aria-describedby"] = f"problems-{self.add_prefix(name)}"
            if self.is_bound and name in self.errors:
                attrs["aria-invalid"] = "true"

    def _where(self, name: str) -> str:
        if name not in self.fields:
            return ""
        label = str(self.fields[name].label)
        head = name.split("_")[0]
        if head in ROLES and name != head:
            return f"{ROLE_LABELS[head]} ({self._current(head) or '?'}): {label}"
        if head == "king":
            return f"{_('King')} {label}"
        if head == "fine":
            return f"{_('Fine %(row)s') % {'row': int(name.split('_')[1]) + 1}}: {label}"
        return label

    def sitting_out(self) -> list[str]:
        playing = {self._current(role) for role in ROLES}
        return [n for n in self.seat_names if n not in playing]

    def _current(self, name: str) -> Any:
        """A field's value as the page shows it: submitted data if bound, else the initial."""
        if self.is_bound:
            return self.data.get(self.add_prefix(name))
        return self.initial.get(name)

    # The record, and the engine's problems put beside their fields.

    def record(self) -> dict[str, Any]:
        return build_record(self.cleaned_data)

    def add_problems(self, problems: Sequence[rules.Problem], language: str, number: int | None = None) -> None:
        """Put each problem beside its field. A problem of another deal (`number` given: a
        correction can make a later deal invalid) goes above the form, naming that deal."""
        placed: list[tuple[str | None, str, str]] = []
        # Map every path first: add_error drops the field from cleaned_data, which maps names.
        for p in problems:
            if number is not None and p.deal is not None and p.deal != number:
                message = _("Deal %(number)s: %(problem)s") % {"number": p.deal, "problem": p.message_in(language)}
                placed.append((None, p.code, message))
            else:
                placed.append((field_for(p.field, self.cleaned_data), p.code, p.message_in(language)))
        for field, code, message in placed:
            self.add_error(field if field in self.fields else None, forms.ValidationError(message, code=code))


def build_record(data: Mapping[str, Any]) -> dict[str, Any]:
    """A sitting-format deal from the deal form's cleaned data. Left-out keys mean "nothing
    happened"; half-filled entries (a holder without a fate) are kept so the engine names them."""
    players = [data.get(role) or None for role in ROLES]
    record: dict[str, Any] = {"dealer": players[0], "players": players}

    melds = {}
    for role, name in zip(ROLES, players):
        meld = _meld(data, role)
        if meld and name:
            melds[name] = meld
    if melds:
        record["melds"] = melds

    if data.get("pagat_holder") or data.get("pagat_fate"):
        record["pagat"] = {"holder": data.get("pagat_holder") or None, "fate": data.get("pagat_fate") or None}
    kings = {}
    for suit in SUITS:
        holder, fate = data.get(f"king_{suit}_holder"), data.get(f"king_{suit}_fate")
        if holder or fate:
            kings[suit] = {"holder": holder or None, "fate": fate or None}
    if kings:
        record["kings"] = kings

    if data.get("last_trick"):
        record["last_trick"] = data["last_trick"]
    if data.get("nolo"):
        record["nolo"] = data["nolo"]
    if data.get("tout"):
        record["tout"] = {"player": data["tout"], "won": False} if data.get("tout_failed") else data["tout"]

    counts = {
        name: data[f"{role}_count"] for role, name in zip(ROLES, players) if data.get(f"{role}_count") is not None
    }
    if counts:
        record["counts"] = counts

    fines = [
        {"player": data.get(f"fine_{row}_player") or None, "offence": data.get(f"fine_{row}_offence") or None}
        for row in _filled_fine_rows(data)
    ]
    if fines:
        record["fines"] = fines
    if data.get("culprit_player") or data.get("culprit_caused"):
        record["culprit"] = {"player": data.get("culprit_player") or None, "caused": data.get("culprit_caused") or None}
    if data.get("stopped"):
        record["stopped"] = True
    return record


def _meld(data: Mapping[str, Any], role: str) -> dict[str, Any]:
    meld: dict[str, Any] = {}
    if data.get(f"{role}_taroks") is not None:
        meld["taroks"] = data[f"{role}_taroks"]
    if data.get(f"{role}_pagat"):
        meld["pagat"] = data[f"{role}_pagat"] == "med"
    if data.get(f"{role}_matadors") is not None:
        meld["matadors"] = data[f"{role}_matadors"]
    suits = {}
    for suit in SUITS:
        level, missing = data.get(f"{role}_{suit}"), data.get(f"{role}_{suit}_missing")
        if level or missing:
            suits[suit] = {"level": level or None, "missing": missing} if missing else level
    if suits:
        meld["suits"] = suits
    level, missing = data.get(f"{role}_kings"), data.get(f"{role}_kings_missing")
    if level or missing:
        meld["kings"] = {"level": level or None, "missing": missing} if missing else level
    return meld


def _filled_fine_rows(data: Mapping[str, Any]) -> list[int]:
    return [row for row in range(FINE_ROWS) if data.get(f"fine_{row}_player") or data.get(f"fine_{row}_offence")]


def initial_from_record(record: Mapping[str, Any]) -> dict[str, Any]:  # noqa: C901 (one branch per record key)
    """The deal form's initial data for a stored record: `build_record`'s inverse."""
    players = list(record.get("players") or [])
    initial: dict[str, Any] = dict(zip(ROLES, players))
    role_of = {name: role for role, name in zip(ROLES, players)}
    for name, meld in (record.get("melds") or {}).items():
        role = role_of.get(name)
        if role is None:
            continue
        if "taroks" in meld:
            initial[f"{role}_taroks"] = meld["taroks"]
        if "pagat" in meld:
            initial[f"{role}_pagat"] = "med" if meld["pagat"] else "uden"
        if "matadors" in meld:
            initial[f"{role}_matadors"] = meld["matadors"]
        for suit, level in (meld.get("suits") or {}).items():
            _initial_level(initial, f"{role}_{suit}", level)
        if meld.get("kings") is not None:
            _initial_level(initial, f"{role}_kings", meld["kings"])
    if record.get("pagat"):
        initial["pagat"] = f"{record['pagat'].get('holder')}:{record['pagat'].get('fate')}"
    for suit, fate in (record.get("kings") or {}).items():
        initial[f"king_{suit}"] = f"{fate.get('holder')}:{fate.get('fate')}"
    for key in ("last_trick", "nolo"):
        if record.get(key):
            initial[key] = record[key]
    tout = record.get("tout")
    if isinstance(tout, str):
        initial["tout"] = tout
    elif isinstance(tout, Mapping):
        initial["tout"] = tout.get("player")
        initial["tout_failed"] = tout.get("won") is False
    for name, points in (record.get("counts") or {}).items():
        if name in role_of:
            initial[f"{role_of[name]}_count"] = points
    for row, fine in enumerate((record.get("fines") or [])[:FINE_ROWS]):
        initial[f"fine_{row}_player"] = fine.get("player")
        initial[f"fine_{row}_offence"] = fine.get("offence")
    if record.get("culprit"):
        initial["culprit_player"] = record["culprit"].get("player")
        initial["culprit_caused"] = record["culprit"].get("caused")
    if record.get("stopped"):
        initial["stopped"] = True
    return initial


def _initial_level(initial: dict[str, Any], field: str, level: Any) -> None:
    if isinstance(level, Mapping):
        initial[field] = level.get("level")
        if level.get("missing"):
            initial[f"{field}_missing"] = level["missing"]
    else:
        initial[field] = level


def rotation(seat_names: Sequence[str], previous_record: Mapping[str, Any] | None, first_dealer: str) -> dict[str, str]:
    """Who deals, leads and counts next: the previous forehand deals (001 L316), the first
    deal is the first dealer's; the other two follow the seats (`seat_order_from`)."""
    dealer = first_dealer
    if previous_record is not None:
        previous_players = previous_record.get("players") or []
        if len(previous_players) > 1 and previous_players[1] in seat_names:
            dealer = previous_players[1]
    return dict(zip(ROLES, seat_order_from(dealer, list(seat_names))))


def field_for(path: str, data: Mapping[str, Any]) -> str | None:  # noqa: C901 (one branch per record key)
    """The form field a problem's field path (as the engine reports it) belongs to; None for
    a problem of the deal as a whole."""
    parts = path.split(".") if path else []
    if not parts:
        return None
    head, rest = parts[0], parts[1:]
    role_of = {data.get(role): role for role in reversed(ROLES) if data.get(role)}
    index = whole_number(rest[0], digits=3) if rest else None  # players.N, fines.N
    if head in ("dealer", "players"):
        if head == "players" and index is not None and index < len(ROLES):
            return ROLES[index]
        return "dealer"
    if head == "melds":
        role = role_of.get(rest[0]) if rest else None
        if role is None:
            return None
        detail = rest[1:]
        if not detail:
            return f"{role}_taroks"
        if detail[0] == "suits" and len(detail) > 1:
            return f"{role}_{detail[1]}_missing" if detail[-1] == "missing" else f"{role}_{detail[1]}"
        if detail[0] == "kings":
            return f"{role}_kings_missing" if detail[-1] == "missing" else f"{role}_kings"
        return f"{role}_{detail[0]}" if detail[0] in ("taroks", "pagat", "matadors") else f"{role}_taroks"
    if head == "pagat":
        return "pagat"
    if head == "kings":
        return f"king_{rest[0]}" if rest and rest[0] in SUITS else "king_hearts"
    if head in ("last_trick", "nolo", "stopped"):
        return head
    if head == "tout":
        return "tout_failed" if rest[:1] == ["won"] else "tout"
    if head == "counts":
        role = role_of.get(rest[0]) if rest else None
        return f"{role}_count" if role else "dealer_count"
    if head == "fines":
        rows = _filled_fine_rows(data)
        if index is None or index >= len(rows):
            return "fine_0_player"
        row = rows[index]
        return f"fine_{row}_player" if rest[1:2] == ["player"] else f"fine_{row}_offence"
    if head == "culprit":
        return "culprit_caused" if rest[:1] == ["caused"] else "culprit_player"
    return None


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
class DealForms:
    """A family's deal forms, and how a deal's form is filled in before the scorer starts."""

    preview: type[forms.Form]  # the live preview: the deal alone
    entry: type[forms.Form]
    correction: type[forms.Form]
    rotation: Callable[[Sequence[str], Mapping[str, Any] | None, str], dict[str, Any]]
    initial_from_record: Callable[[Mapping[str, Any], Sequence[str]], dict[str, Any]]


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
    return code == "required" or (code or "").endswith("_required")


def entry_problems(form: forms.Form) -> EntryProblems:
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
    beside = [(field.html_name, by_field.get(field.name, [])) for field in form]
    return EntryProblems(beside, wrong, open_questions)


# --- starting and closing a sitting ----------------------------------------------------------


class StartSittingForm(forms.Form):
    """Who sits where: seats in the order the cards go, 3 to 5 of them, and who deals first."""

    season = forms.ModelChoiceField(queryset=Season.objects.none(), label=_("Season"))
    table = forms.ModelChoiceField(queryset=Table.objects.none(), label=_("Table"))
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    first_dealer = forms.ModelChoiceField(queryset=Member.objects.none(), label=_("First dealer"))

    def __init__(self, *args, club, season: Season | None, **kwargs):
        super().__init__(*args, **kwargs)
        members = club.members.filter(active=True)
        cast(forms.ModelChoiceField, self.fields["season"]).queryset = club.seasons.all()
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
        table = self.initial.get("table")
        last = Sitting.objects.filter(table=table).order_by("-date", "-pk").first() if table else None
        if last is not None:
            seated = [
                seat.member for seat in last.seats.select_related("member").order_by("position") if seat.member.active
            ]
            for seat, member in enumerate(seated[:MAX_SEATS]):
                self.initial.setdefault(f"seat_{seat}", member)
            if any(m.pk == last.first_dealer_id for m in seated):
                self.initial.setdefault("first_dealer", last.first_dealer_id)

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
        # The family's words for its accounts: a Danish table splits its cups, a Hungarian one its
        # kassza; a game that keeps neither has nothing to split (one choice says so).
        self.fields["how"].label = family.holdings_label
        choices = [(how, family.close_phrase(how, ruleset)) for how in Season.Close.values]
        if not family.keeps(ruleset):
            choices = choices[:1]
            self.initial["how"] = choices[0][0]
        cast(forms.ChoiceField, self.fields["how"]).choices = choices


DANISH_FORMS = DealForms(
    preview=DealForm,
    entry=DealEntryForm,
    correction=CorrectionForm,
    rotation=rotation,
    initial_from_record=lambda record, seat_names: initial_from_record(record),
)
