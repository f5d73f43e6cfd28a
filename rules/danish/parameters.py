"""The Danish presets' parameters described (`rules.parameters`): meaning and seed line of each."""

from __future__ import annotations

from ..parameters import AMOUNT, CHOICE, FLAG, Parameter
from .citations import seed_ref
from .presets import OVERRIDABLE, PRESETS

# override name -> (rule key of citations.SEED_REFS, English, Danish and Hungarian meaning)
_NOTES: dict[str, tuple[str, str, str, str]] = {
    "fund": (
        "funding",
        "Each member pays this into an empty cup",
        "Hver ved bordet betaler dette i en tom kop",
        "Minden tag ennyit fizet egy üres kasszába",
    ),
    "stake": (
        "stake",
        "The dealer pays this into each cup",
        "Giveren betaler dette i hver kop",
        "Az osztó ennyit fizet mindkét kasszába",
    ),
    "meld_taroks": (
        "meld.taroks",
        "Meld of 10 taroks, from each",
        "Melding af 10 tarokker, fra hver",
        "10 tarokk meldingje, mindenkitől",
    ),
    "meld_taroks_step": (
        "meld.taroks",
        "Each tarok above 10 adds",
        "Hver tarok over 10 lægger til",
        "Minden 10 feletti tarokk ennyivel növeli",
    ),
    "meld_matadors": (
        "meld.matadors",
        "Meld of 3 matadors, from each",
        "Melding af 3 matadorer, fra hver",
        "3 matador meldingje, mindenkitől",
    ),
    "meld_matadors_step": (
        "meld.matadors",
        "Each matador above 3 adds",
        "Hver matador over 3 lægger til",
        "Minden 3 feletti matador ennyivel növeli",
    ),
    "meld_half": (
        "meld.suit",
        "Half court cards or kings, from each",
        "Halv kavaleri eller konger, fra hver",
        "Fél figura- vagy királymelding, mindenkitől",
    ),
    "meld_full": (
        "meld.suit",
        "Full court cards or kings, from each",
        "Fuld kavaleri eller konger, fra hver",
        "Teljes figura- vagy királymelding, mindenkitől",
    ),
    "meld_overfull": (
        "meld.suit",
        "Overfull court cards or kings, from each",
        "Overfyldt kavaleri eller konger, fra hver",
        "Túlteljes figura- vagy királymelding, mindenkitől",
    ),
    "pagat_saved": ("pagat_saved", "Pagat saved, from each", "Pagat hjemme, fra hver", "Megmentett Pagat, mindenkitől"),
    "pagat_lost": ("pagat_lost", "Pagat lost, to each", "Pagat tabt, til hver", "Elveszett Pagat, mindenkinek"),
    "pagat_lost_cup": (
        "pagat_lost",
        "Pagat lost, into the Pagatkop",
        "Pagat tabt, i Pagatkoppen",
        "Elveszett Pagat, a Pagatkopba",
    ),
    "king_lost": ("king_lost", "A King lost, to each", "En konge tabt, til hver", "Elveszett király, mindenkinek"),
    "king_lost_cup": (
        "king_lost",
        "A King lost, into the Kongekop",
        "En konge tabt, i Kongekoppen",
        "Elveszett király, a Kongekopba",
    ),
    "last_trick": ("last_trick", "The last trick, from each", "Sidste stik, fra hver", "Az utolsó ütés, mindenkitől"),
    "last_trick_needs_no_ultimo_card": (
        "last_trick",
        "The last trick pays only when neither the Pagat nor a King is in it",
        "Sidste stik betales kun, når hverken Pagat eller en konge er i det",
        "Az utolsó ütés csak akkor fizet, ha sem a Pagat, sem király nincs benne",
    ),
    "pagat_ultimo": (
        "pagat_ultimo",
        "Pagat ultimo: the Pagatkop and this from each",
        "Pagat ultimo: Pagatkoppen og dette fra hver",
        "Pagat ultimo: a Pagatkop és ennyi mindenkitől",
    ),
    "king_ultimo": (
        "king_ultimo",
        "King ultimo: the Kongekop and this from each",
        "Konge ultimo: Kongekoppen og dette fra hver",
        "Király ultimo: a Kongekop és ennyi mindenkitől",
    ),
    "pagat_bagud": (
        "pagat_bagud",
        "Pagat bagud: to each, besides paying the cup",
        "Pagat bagud: til hver, ud over koppen",
        "Pagat bagud: mindenkinek, a kassza megfizetésén felül",
    ),
    "king_bagud": (
        "king_bagud",
        "King bagud: to each, besides paying the cup",
        "Konge bagud: til hver, ud over koppen",
        "Király bagud: mindenkinek, a kassza megfizetésén felül",
    ),
    "last_trick_fees": (
        "last_trick_fee",
        "A Pagat or King in the last trick also earns or pays the play fees",
        "Pagat eller konge i sidste stik får eller betaler også spillets gebyrer",
        "Pagat vagy király az utolsó ütésben a játék díjait is megkapja vagy fizeti",
    ),
    "nolo": ("nolo", "Nolo, from each", "Nolo, fra hver", "Nolo, mindenkitől"),
    "tout": ("tout", "Tout, from each", "Tout, fra hver", "Tout, mindenkitől"),
    "tout_takes_cups": (
        "tout",
        "A tout takes both cups",
        "En tout tager begge kopper",
        "A tout mindkét kasszát elviszi",
    ),
    "tout_counts": (
        "tout",
        "A tout is counted as usual",
        "En tout tælles som sædvanlig",
        "A toutot a szokásos módon számolják",
    ),
    "count": (
        "count",
        "How the count is paid: rounded table or exact",
        "Hvordan tællingen betales: afrundet eller nøjagtig",
        "Hogyan fizetik a számolást: kerekített táblázat vagy pontosan",
    ),
    "count_shortfall_to_pagatkop": (
        "count_shortfall",
        "Points missing from the count go into the Pagatkop",
        "Point, der mangler i tællingen, går i Pagatkoppen",
        "A számolásból hiányzó pontok a Pagatkopba mennek",
    ),
}

# offence -> (Danish, Hungarian) name of a fine; the Danish game's words stay Danish (Scus, melding, skat).
_OFFENCE_WORDS = {
    "misdeal": ("fejlgivning", "hibás osztás"),
    "cups_not_pushed": ("kopperne ikke skubbet frem", "a kasszák nem lettek továbbtolva"),
    "wrong_skat": ("forkert skat", "hibás skat"),
    "wrong_cards": ("forkert antal kort", "hibás lapszám"),
    "revoke": ("renonce", "renonsz"),
    "missing_meld": ("glemt melding (fundet af andre)", "elmaradt melding (más vette észre)"),
    "missing_meld_self": ("glemt melding (selv opgivet)", "elmaradt melding (maga jelentette)"),
    "wrong_meld": ("forkert melding (fundet af andre)", "hibás melding (más vette észre)"),
    "wrong_meld_self": ("forkert melding (selv opgivet)", "hibás melding (maga jelentette)"),
    "meld_caused_ultimo": ("melding, der gav ultimo", "ultimót okozó melding"),
    "lead_out_of_turn": ("udspil uden tur", "soron kívüli hívás"),
    "miscount": ("fejltælling", "hibás számolás"),
    "scus_called_in_vain": ("Scus kaldt forgæves", "hiába hívott Scus"),
    "play_out_of_turn": ("spil uden tur", "soron kívül játszott lap"),
    "meld_out_of_time": ("melding uden for tid", "rossz időben mondott melding"),
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
        rule, meaning, meaning_da, meaning_hu = _NOTES[name]
        if name == "count":
            found.append(
                Parameter(
                    name, CHOICE, base.count, meaning, meaning_da, meaning_hu, _ref(preset, rule), ("rounded", "exact")
                )
            )
        else:
            found.append(
                Parameter(
                    name,
                    FLAG if kind is bool else AMOUNT,
                    getattr(base, name),
                    meaning,
                    meaning_da,
                    meaning_hu,
                    _ref(preset, rule),
                )
            )
    for offence, fine in base.fines.items():
        words = offence.replace("_", " ")
        danish, hungarian = _OFFENCE_WORDS.get(offence, (words, words))
        found.append(
            Parameter(
                f"fines.{offence}",
                AMOUNT,
                fine.amount,
                f"Fine: {words}",
                f"Bøde: {danish}",
                f"Büntetés: {hungarian}",
                _ref(preset, f"fine.{offence}"),
            )
        )
    return found
