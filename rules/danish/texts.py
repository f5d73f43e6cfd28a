"""Danish Tarok's words for the club's pages, in English, Danish and Magyar (`rules.texts`).

The game's words stay Danish in every language: Pagatkop, Kongekop, bagud, ultimo, nolo, tout.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..texts import TableAccountTexts, Text, Texts, same, say


def _t(en: str, da: str, hu: str) -> Text:
    return {"en": en, "da": da, "hu": hu}


ACCOUNTS = {
    "cup:pagat": TableAccountTexts(same("Pagatkop"), "P"),
    "cup:king": TableAccountTexts(same("Kongekop"), "K"),
}

RULES = {
    "funding": _t("Cups funded", "Kopper funderet", "Kupák feltöltve"),  # 000 L69
    "refund": _t("Cup refilled", "Kop fyldt op", "Kupa újratöltve"),
    "stake": _t("Dealer's stake", "Giverens indskud", "Az osztó tétje"),
    "meld.taroks": _t("Meld: taroks", "Melding: tarokker", "Bemondás: tarokkok"),
    "meld.matadors": _t("Meld: matadors", "Melding: matadorer", "Bemondás: matadorok"),
    "meld.suit": _t("Meld: court cards", "Melding: kavaleri", "Bemondás: figurák"),
    "meld.kings": _t("Meld: kings", "Melding: konger", "Bemondás: királyok"),
    "pagat_saved": _t("Pagat saved", "Pagat reddet", "Pagat megmentve"),
    "pagat_lost": _t("Pagat lost", "Pagat tabt", "Pagat elveszett"),
    "king_lost": _t("King lost", "Konge tabt", "Király elveszett"),
    "pagat_ultimo": same("Pagat ultimo"),
    "king_ultimo": _t("King ultimo", "Konge ultimo", "Király ultimo"),
    "pagat_bagud": same("Pagat bagud"),
    "king_bagud": _t("King bagud", "Konge bagud", "Király bagud"),
    "culprit_ultimo": _t("Culprit refills the cup", "Synderen fylder koppen op", "A vétkes újratölti a kupát"),
    "culprit_bagud": _t("Culprit pays the bagud", "Synderen betaler bagud", "A vétkes fizeti a bagudot"),
    "prevented_ultimo": _t(
        "Culprit pays the prevented ultimo",
        "Synderen betaler den forhindrede ultimo",
        "A vétkes fizeti a meghiúsított ultimót",
    ),
    "last_trick": _t("Last trick", "Sidste stik", "Utolsó ütés"),
    "nolo": same("Nolo"),
    "tout": same("Tout"),
    "tout_failed": _t("Tout failed", "Tout mislykket", "Bukott tout"),
    "count": _t("Count", "Tælling", "Számolás"),
    "close_split": _t("Cups split", "Kopper delt", "Kupák szétosztva"),
    "fine.*": _t("Fine: %(tail)s", "Bøde: %(tail)s", "Büntetés: %(tail)s"),
}

PHRASES = {
    "holdings": _t("The cups", "Kopperne", "A kupák"),
    "before": _t("Cups before", "Kopper før", "Kupák előtte"),
    "after": _t("Cups after", "Kopper efter", "Kupák utána"),
    "split": _t(
        "split the cups among the table",
        "del kopperne mellem bordets spillere",
        "a kupák szétosztása az asztal játékosai között",
    ),
    "carry": _t(
        "carry the cups to the next sitting",
        "før kopperne videre til næste spilleaften",
        "a kupák továbbvitele a következő estére",
    ),
    "carried": _t(
        "Closing posts nothing: the cups carry over to the table's next sitting.",
        "Afslutningen bogfører intet: kopperne går videre til bordets næste spilleaften.",
        "A zárás semmit sem könyvel: a kupák az asztal következő estéjére mennek tovább.",
    ),
    "funding": _t("Cups funded", "Kopper funderet", "Kupák feltöltve"),
    "funding_before": _t(
        "Cups funded before deal %(number)s",
        "Kopper funderet før spil %(number)s",
        "Kupák feltöltve a(z) %(number)s. leosztás előtt",
    ),
}

SUITS = {
    "hearts": _t("Hearts", "Hjerter", "Kőr"),
    "diamonds": _t("Diamonds", "Ruder", "Káró"),
    "clubs": _t("Clubs", "Klør", "Treff"),
    "spades": _t("Spades", "Spar", "Pikk"),
}
KING_OF = _t("King of %(suit)s", "%(suit)s konge", "%(suit)s király")
SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}

WORDS = {
    **SUITS,
    "pagat": same("Pagat"),
    **{
        f"king:{suit}": {language: say(KING_OF, language) % {"suit": say(name, language)} for language in name}
        for suit, name in SUITS.items()
    },
    "half": _t("half", "halvt", "fél"),
    "full": _t("full", "fuldt", "teljes"),
    "overfull": _t("overfull", "sprøjtefuldt", "túlteljes"),
    "king": _t("king", "konge", "király"),
    "queen": _t("queen", "dame", "dáma"),
    "cavalier": _t("cavalier", "kaval", "lovas"),
    "knight": _t("knight", "knægt", "bubi"),
    "saved": _t("saved", "reddet", "megmentve"),
    "lost": _t("lost", "tabt", "elveszett"),
    "ultimo": same("ultimo"),
    "bagud": same("bagud"),
    "prevented_ultimo": _t("prevented ultimo", "forhindret ultimo", "meghiúsított ultimo"),
    "skat": _t("in the skat", "i skat", "a skatban"),
    "kept": _t("kept", "beholdt", "megtartva"),
    "misdeal": _t("misdeal", "fejlgivning", "hibás osztás"),
    "cups_not_pushed": _t("cups not pushed on", "kopper ikke skudt videre", "a kupák nem mentek tovább"),
    "wrong_skat": _t("wrong skat", "fejl lagt skat", "hibás skat"),
    "wrong_cards": _t("wrong cards", "fejle kort", "hibás lapszám"),
    "revoke": _t("revoke", "kulørsvig", "renonsz"),
    "missing_meld": _t("missing meld", "manglende melding", "elmaradt bemondás"),
    "missing_meld_self": _t("missing meld (own loss)", "manglende melding (eget tab)", "elmaradt bemondás (saját kár)"),
    "wrong_meld": _t("wrong meld", "fejlmelding", "hibás bemondás"),
    "wrong_meld_self": _t("wrong meld (own loss)", "fejlmelding (eget tab)", "hibás bemondás (saját kár)"),
    "meld_caused_ultimo": _t("meld caused an ultimo", "melding gav ultimo", "a bemondás ultimót okozott"),
    "lead_out_of_turn": _t("lead out of turn", "udspil uden tur", "kihívás nem soron"),
    "miscount": _t("miscount", "fejltælling", "hibás számolás"),
    "scus_called_in_vain": _t("Scus called in vain", "Skus kaldt forgæves", "Skus hiába hívva"),
    "play_out_of_turn": _t("played out of turn", "spillet uden tur", "nem soron játszott"),
    "meld_out_of_time": _t(
        "meld too early or too late", "melding for tidligt eller for sent", "túl korai vagy késői bemondás"
    ),
}

FIELDS = {
    "dealer": _t("dealer", "giver", "osztó"),
    "players": _t("players", "spillere", "játékosok"),
    "melds": _t("melds", "meldinger", "bemondások"),
    "taroks": _t("taroks", "tarokker", "tarokkok"),
    "pagat": same("Pagat"),
    "matadors": _t("matadors", "matadorer", "matadorok"),
    "suits": _t("court cards", "kavalerier", "figurák"),
    "kings": _t("Kings", "Konger", "Királyok"),
    "level": _t("level", "niveau", "szint"),
    "missing": _t("missing", "mangler", "hiányzik"),
    "holder": _t("held by", "hos", "kinél"),
    "fate": _t("fate", "udfald", "sorsa"),
    "last_trick": _t("last trick", "sidste stik", "utolsó ütés"),
    "nolo": same("nolo"),
    "tout": same("tout"),
    "won": _t("won", "vundet", "nyert"),
    "counts": _t("count", "tælling", "számolás"),
    "fines": _t("fines", "bøder", "büntetések"),
    "culprit": _t("culprit", "synder", "vétkes"),
    "caused": _t("caused", "skyld i", "okozta"),
    "stopped": _t("stopped", "standset", "leállítva"),
    "void": _t("void", "annulleret", "semmis"),
    **SUITS,
}

SAID = {
    "void": _t(
        "Void: the deal settles nothing.",
        "Annulleret: spillet afregner intet.",
        "Semmis: a leosztás után nincs elszámolás.",
    ),
    "roles": _t(
        "%(dealer)s dealt; %(forehand)s forehand, %(middlehand)s middlehand.",
        "%(dealer)s gav; %(forehand)s i forhånd, %(middlehand)s i mellemhånd.",
        "%(dealer)s osztott; %(forehand)s előkéz, %(middlehand)s középkéz.",
    ),
    "melded": _t("%(name)s melded %(melds)s.", "%(name)s meldte %(melds)s.", "%(name)s bemondott: %(melds)s."),
    "taroks": _t("%(count)s taroks", "%(count)s tarokker", "%(count)s tarokk"),
    "with_pagat": _t("with the Pagat", "med Pagat", "Pagattal"),
    "matadors": _t("%(count)s matadors", "%(count)s matadorer", "%(count)s matador"),
    "card": same("%(card)s (%(holder)s): %(fate)s."),
    "last_trick": _t("%(name)s took the last trick.", "%(name)s tog sidste stik.", "%(name)s vitte az utolsó ütést."),
    "nolo": _t("%(name)s played nolo.", "%(name)s spillede nolo.", "%(name)s nolót játszott."),
    "tout_failed": _t(
        "%(name)s announced a tout and failed.",
        "%(name)s meldte tout og tabte den.",
        "%(name)s toutot mondott, és elbukta.",
    ),
    "tout": _t("%(name)s made a tout.", "%(name)s vandt en tout.", "%(name)s teljesítette a toutot."),
    "counted": _t("Counted: %(counts)s.", "Talt: %(counts)s.", "Számolás: %(counts)s."),
    "fined": _t(
        "%(name)s fined: %(offence)s.", "%(name)s fik bøde: %(offence)s.", "%(name)s büntetést kapott: %(offence)s."
    ),
    "caused": _t("%(name)s caused the %(what)s.", "%(name)s var skyld i %(what)s.", "%(name)s okozta: %(what)s."),
    "stopped": _t("The deal was stopped.", "Spillet blev standset.", "A leosztást leállították."),
}


def _level(value: Any) -> Any:
    return value.get("level") if isinstance(value, dict) else value


def _meld_parts(meld: Mapping[str, Any], texts: Texts, language: str) -> list[str]:
    """One player's melds in words: taroks, matadors, court cards per suit, kings."""
    parts = []
    if meld.get("taroks") is not None:
        pagat = " " + say(SAID["with_pagat"], language) if meld.get("pagat") else ""
        parts.append(say(SAID["taroks"], language) % {"count": meld["taroks"]} + pagat)
    if meld.get("matadors") is not None:
        parts.append(say(SAID["matadors"], language) % {"count": meld["matadors"]})
    for suit, level in (meld.get("suits") or {}).items():
        parts.append(f"{SUIT_SYMBOLS.get(suit, suit)} {texts.word(_level(level), language)}")
    if meld.get("kings") is not None:
        parts.append(f"{say(FIELDS['kings'], language)} {texts.word(_level(meld['kings']), language)}")
    return parts


def describe(record: Mapping[str, Any], texts: Texts, language: str) -> list[str]:  # noqa: C901 (a sentence a key)
    """A Danish deal record as a scorer would say it, one sentence per part."""
    if record.get("void"):
        return [say(SAID["void"], language)]

    def said(key: str, **values: Any) -> None:
        sentences.append(say(SAID[key], language) % values)

    sentences: list[str] = []

    def word(value: Any) -> str:
        return texts.word(value, language)

    players = [p for p in record.get("players") or [] if p]
    if len(players) == 3:
        said("roles", dealer=players[0], forehand=players[1], middlehand=players[2])
    for name, meld in (record.get("melds") or {}).items():
        if isinstance(meld, dict) and (parts := _meld_parts(meld, texts, language)):
            said("melded", name=name, melds=", ".join(parts))
    cards = [("pagat", record.get("pagat"))] + [(f"king:{s}", f) for s, f in (record.get("kings") or {}).items()]
    for card, fate in cards:
        if isinstance(fate, dict):
            said("card", card=word(card), holder=fate.get("holder") or "?", fate=word(fate.get("fate")))
    if record.get("last_trick"):
        said("last_trick", name=record["last_trick"])
    if record.get("nolo"):
        said("nolo", name=record["nolo"])
    if tout := record.get("tout"):
        player = tout.get("player") if isinstance(tout, dict) else tout
        said("tout_failed" if isinstance(tout, dict) and tout.get("won") is False else "tout", name=player)
    if counts := record.get("counts") or {}:
        said("counted", counts=", ".join(f"{name} {points}" for name, points in counts.items()))
    for fine in record.get("fines") or []:
        if isinstance(fine, dict):
            said("fined", name=fine.get("player") or "?", offence=word(fine.get("offence")))
    if isinstance(culprit := record.get("culprit"), dict):
        said("caused", name=culprit.get("player") or "?", what=word(culprit.get("caused")))
    if record.get("stopped"):
        sentences.append(say(SAID["stopped"], language))
    return sentences


TEXTS = Texts(accounts=ACCOUNTS, rules=RULES, phrases=PHRASES, words=WORDS, fields=FIELDS, describer=describe)
