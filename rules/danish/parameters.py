"""The Danish presets' parameters described (`rules.parameters`): meaning and seed line of each."""

from __future__ import annotations

from ..parameters import AMOUNT, CHOICE, FLAG, Parameter
from .citations import seed_ref
from .presets import OVERRIDABLE, PRESETS

# override name -> (rule key of citations.SEED_REFS, English meaning, Danish meaning)
_NOTES: dict[str, tuple[str, str, str]] = {
    "fund": ("funding", "Each member pays this into an empty cup", "Hver ved bordet betaler dette i en tom kop"),
    "stake": ("stake", "The dealer pays this into each cup", "Giveren betaler dette i hver kop"),
    "meld_taroks": ("meld.taroks", "Meld of 10 taroks, from each", "Melding af 10 tarokker, fra hver"),
    "meld_taroks_step": ("meld.taroks", "Each tarok above 10 adds", "Hver tarok over 10 lægger til"),
    "meld_matadors": ("meld.matadors", "Meld of 3 matadors, from each", "Melding af 3 matadorer, fra hver"),
    "meld_matadors_step": ("meld.matadors", "Each matador above 3 adds", "Hver matador over 3 lægger til"),
    "meld_half": ("meld.suit", "Half court cards or kings, from each", "Halv kavaleri eller konger, fra hver"),
    "meld_full": ("meld.suit", "Full court cards or kings, from each", "Fuld kavaleri eller konger, fra hver"),
    "meld_overfull": (
        "meld.suit",
        "Overfull court cards or kings, from each",
        "Overfyldt kavaleri eller konger, fra hver",
    ),
    "pagat_saved": ("pagat_saved", "Pagat saved, from each", "Pagat hjemme, fra hver"),
    "pagat_lost": ("pagat_lost", "Pagat lost, to each", "Pagat tabt, til hver"),
    "pagat_lost_cup": ("pagat_lost", "Pagat lost, into the Pagatkop", "Pagat tabt, i Pagatkoppen"),
    "king_lost": ("king_lost", "A King lost, to each", "En konge tabt, til hver"),
    "king_lost_cup": ("king_lost", "A King lost, into the Kongekop", "En konge tabt, i Kongekoppen"),
    "last_trick": ("last_trick", "The last trick, from each", "Sidste stik, fra hver"),
    "last_trick_needs_no_ultimo_card": (
        "last_trick",
        "The last trick pays only when neither the Pagat nor a King is in it",
        "Sidste stik betales kun, når hverken Pagat eller en konge er i det",
    ),
    "pagat_ultimo": (
        "pagat_ultimo",
        "Pagat ultimo: the Pagatkop and this from each",
        "Pagat ultimo: Pagatkoppen og dette fra hver",
    ),
    "king_ultimo": (
        "king_ultimo",
        "King ultimo: the Kongekop and this from each",
        "Konge ultimo: Kongekoppen og dette fra hver",
    ),
    "pagat_bagud": (
        "pagat_bagud",
        "Pagat bagud: to each, besides paying the cup",
        "Pagat bagud: til hver, ud over koppen",
    ),
    "king_bagud": (
        "king_bagud",
        "King bagud: to each, besides paying the cup",
        "Konge bagud: til hver, ud over koppen",
    ),
    "last_trick_fees": (
        "last_trick_fee",
        "A Pagat or King in the last trick also earns or pays the play fees",
        "Pagat eller konge i sidste stik får eller betaler også spillets gebyrer",
    ),
    "nolo": ("nolo", "Nolo, from each", "Nolo, fra hver"),
    "tout": ("tout", "Tout, from each", "Tout, fra hver"),
    "tout_takes_cups": ("tout", "A tout takes both cups", "En tout tager begge kopper"),
    "tout_counts": ("tout", "A tout is counted as usual", "En tout tælles som sædvanlig"),
    "count": (
        "count",
        "How the count is paid: rounded table or exact",
        "Hvordan tællingen betales: afrundet eller nøjagtig",
    ),
    "count_shortfall_to_pagatkop": (
        "count_shortfall",
        "Points missing from the count go into the Pagatkop",
        "Point, der mangler i tællingen, går i Pagatkoppen",
    ),
}

_OFFENCES_DA = {
    "misdeal": "fejlgivning",
    "cups_not_pushed": "kopperne ikke skubbet frem",
    "wrong_skat": "forkert skat",
    "wrong_cards": "forkert antal kort",
    "revoke": "renonce",
    "missing_meld": "glemt melding (fundet af andre)",
    "missing_meld_self": "glemt melding (selv opgivet)",
    "wrong_meld": "forkert melding (fundet af andre)",
    "wrong_meld_self": "forkert melding (selv opgivet)",
    "meld_caused_ultimo": "melding, der gav ultimo",
    "lead_out_of_turn": "udspil uden tur",
    "miscount": "fejltælling",
    "scus_called_in_vain": "Scus kaldt forgæves",
    "play_out_of_turn": "spil uden tur",
    "meld_out_of_time": "melding uden for tid",
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
        rule, meaning, meaning_da = _NOTES[name]
        if name == "count":
            found.append(
                Parameter(name, CHOICE, base.count, meaning, meaning_da, _ref(preset, rule), ("rounded", "exact"))
            )
        else:
            found.append(
                Parameter(
                    name, FLAG if kind is bool else AMOUNT, getattr(base, name), meaning, meaning_da, _ref(preset, rule)
                )
            )
    for offence, fine in base.fines.items():
        words = offence.replace("_", " ")
        found.append(
            Parameter(
                f"fines.{offence}",
                AMOUNT,
                fine.amount,
                f"Fine: {words}",
                f"Bøde: {_OFFENCES_DA.get(offence, words)}",
                _ref(preset, f"fine.{offence}"),
            )
        )
    return found
