"""The Danish presets' parameters described (`rules.parameters`): meaning and seed line of each."""

from __future__ import annotations

from ..parameters import AMOUNT, CHOICE, FLAG, Parameter
from ..texts import Text, gettext_noop, phrase
from .citations import seed_ref
from .presets import OVERRIDABLE, PRESETS
from .texts import WORDS

# override name -> (rule key of citations.SEED_REFS, its meaning)
_NOTES: dict[str, tuple[str, Text]] = {
    "fund": ("funding", gettext_noop("Each member pays this into an empty cup")),
    "stake": ("stake", gettext_noop("The dealer pays this into each cup")),
    "meld_taroks": ("meld.taroks", gettext_noop("Meld of 10 taroks, from each")),
    "meld_taroks_step": ("meld.taroks", gettext_noop("Each tarok above 10 adds")),
    "meld_matadors": ("meld.matadors", gettext_noop("Meld of 3 matadors, from each")),
    "meld_matadors_step": ("meld.matadors", gettext_noop("Each matador above 3 adds")),
    "meld_half": ("meld.suit", gettext_noop("Half court cards or kings, from each")),
    "meld_full": ("meld.suit", gettext_noop("Full court cards or kings, from each")),
    "meld_overfull": ("meld.suit", gettext_noop("Overfull court cards or kings, from each")),
    "pagat_saved": ("pagat_saved", gettext_noop("Pagat saved, from each")),
    "pagat_lost": ("pagat_lost", gettext_noop("Pagat lost, to each")),
    "pagat_lost_cup": ("pagat_lost", gettext_noop("Pagat lost, into the Pagatkop")),
    "king_lost": ("king_lost", gettext_noop("A King lost, to each")),
    "king_lost_cup": ("king_lost", gettext_noop("A King lost, into the Kongekop")),
    "last_trick": ("last_trick", gettext_noop("The last trick, from each")),
    "last_trick_needs_no_ultimo_card": (
        "last_trick",
        gettext_noop("The last trick pays only when neither the Pagat nor a King is in it"),
    ),
    "pagat_ultimo": ("pagat_ultimo", gettext_noop("Pagat ultimo: the Pagatkop and this from each")),
    "king_ultimo": ("king_ultimo", gettext_noop("King ultimo: the Kongekop and this from each")),
    "pagat_bagud": ("pagat_bagud", gettext_noop("Pagat bagud: to each, besides paying the cup")),
    "king_bagud": ("king_bagud", gettext_noop("King bagud: to each, besides paying the cup")),
    "last_trick_fees": (
        "last_trick_fee",
        gettext_noop("A Pagat or King in the last trick also earns or pays the play fees"),
    ),
    "nolo": ("nolo", gettext_noop("Nolo, from each")),
    "tout": ("tout", gettext_noop("Tout, from each")),
    "tout_takes_cups": ("tout", gettext_noop("A tout takes both cups")),
    "tout_counts": ("tout", gettext_noop("A tout is counted as usual")),
    "count": ("count", gettext_noop("How the count is paid: rounded table or exact")),
    "count_shortfall_to_pagatkop": (
        "count_shortfall",
        gettext_noop("Points missing from the count go into the Pagatkop"),
    ),
}


def _ref(preset: str, rule: str) -> str:
    ref = seed_ref(preset, rule)
    return "decision" if ref.startswith("brief") else ref


def describe(preset: str) -> list[Parameter]:
    """Every parameter a season of `preset` may change, in the order of settlement."""
    base = PRESETS[preset]
    found = []
    for name, kind in OVERRIDABLE.items():
        if name == "fines":
            continue
        rule, meaning = _NOTES[name]
        if name == "count":
            found.append(Parameter(name, CHOICE, base.count, meaning, _ref(preset, rule), ("rounded", "exact")))
        else:
            found.append(
                Parameter(
                    name,
                    FLAG if kind is bool else AMOUNT,
                    getattr(base, name),
                    meaning,
                    _ref(preset, rule),
                )
            )
    for offence, fine in base.fines.items():
        found.append(
            Parameter(
                f"fines.{offence}",
                AMOUNT,
                fine.amount,
                phrase(gettext_noop("Fine: {offence}"), offence=WORDS.get(offence, offence)),
                _ref(preset, f"fine.{offence}"),
            )
        )
    return found
