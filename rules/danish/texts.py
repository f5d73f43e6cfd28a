"""Danish Tarok's words for the club's pages, as message ids (`rules.texts`).

The game's words stay Danish in every language: Pagatkop, Kongekop, bagud, ultimo, nolo, tout.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..texts import Sentences, TableAccountTexts, Texts, gettext_noop, same, say

ACCOUNTS = {
    "cup:pagat": TableAccountTexts(same("Pagatkop"), "P"),
    "cup:king": TableAccountTexts(same("Kongekop"), "K"),
}

RULES = {
    "funding": gettext_noop("Cups funded"),  # 000 L69
    "refund": gettext_noop("Cup refilled"),
    "stake": gettext_noop("Dealer's stake"),
    "meld.taroks": gettext_noop("Meld: taroks"),
    "meld.matadors": gettext_noop("Meld: matadors"),
    "meld.suit": gettext_noop("Meld: court cards"),
    "meld.kings": gettext_noop("Meld: kings"),
    "pagat_saved": gettext_noop("Pagat saved"),
    "pagat_lost": gettext_noop("Pagat lost"),
    "king_lost": gettext_noop("King lost"),
    "pagat_ultimo": same("Pagat ultimo"),
    "king_ultimo": gettext_noop("King ultimo"),
    "pagat_bagud": same("Pagat bagud"),
    "king_bagud": gettext_noop("King bagud"),
    "culprit_ultimo": gettext_noop("Culprit refills the cup"),
    "culprit_bagud": gettext_noop("Culprit pays the bagud"),
    "prevented_ultimo": gettext_noop("Culprit pays the prevented ultimo"),
    "last_trick": gettext_noop("Last trick"),
    "nolo": same("Nolo"),
    "tout": same("Tout"),
    "tout_failed": gettext_noop("Tout failed"),
    "count": gettext_noop("Count"),
    "close_split": gettext_noop("Cups split"),
    "fine.*": gettext_noop("Fine: %(tail)s"),
}

PHRASES = {
    "holdings": gettext_noop("The cups"),
    "before": gettext_noop("Cups before"),
    "after": gettext_noop("Cups after"),
    "split": gettext_noop("split the cups among the table"),
    "carry": gettext_noop("carry the cups to the next sitting"),
    "carried": gettext_noop("Closing posts nothing: the cups carry over to the table's next sitting."),
    "funding": gettext_noop("Cups funded"),
    "funding_before": gettext_noop("Cups funded before deal %(number)s"),
}

SUITS = {
    "hearts": gettext_noop("Hearts"),
    "diamonds": gettext_noop("Diamonds"),
    "clubs": gettext_noop("Clubs"),
    "spades": gettext_noop("Spades"),
}
SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}

WORDS = {
    **SUITS,
    "pagat": same("Pagat"),
    "king:hearts": gettext_noop("King of Hearts"),
    "king:diamonds": gettext_noop("King of Diamonds"),
    "king:clubs": gettext_noop("King of Clubs"),
    "king:spades": gettext_noop("King of Spades"),
    "half": gettext_noop("half"),
    "full": gettext_noop("full"),
    "overfull": gettext_noop("overfull"),
    "king": gettext_noop("king"),
    "queen": gettext_noop("queen"),
    "cavalier": gettext_noop("cavalier"),
    "knight": gettext_noop("knight"),
    "saved": gettext_noop("saved"),
    "lost": gettext_noop("lost"),
    "ultimo": same("ultimo"),
    "bagud": same("bagud"),
    "prevented_ultimo": gettext_noop("prevented ultimo"),
    "skat": gettext_noop("in the skat"),
    "kept": gettext_noop("kept"),
    "misdeal": gettext_noop("misdeal"),
    "cups_not_pushed": gettext_noop("cups not pushed on"),
    "wrong_skat": gettext_noop("wrong skat"),
    "wrong_cards": gettext_noop("wrong cards"),
    "revoke": gettext_noop("revoke"),
    "missing_meld": gettext_noop("missing meld"),
    "missing_meld_self": gettext_noop("missing meld (own loss)"),
    "wrong_meld": gettext_noop("wrong meld"),
    "wrong_meld_self": gettext_noop("wrong meld (own loss)"),
    "meld_caused_ultimo": gettext_noop("meld caused an ultimo"),
    "lead_out_of_turn": gettext_noop("lead out of turn"),
    "miscount": gettext_noop("miscount"),
    "scus_called_in_vain": gettext_noop("Scus called in vain"),
    "play_out_of_turn": gettext_noop("played out of turn"),
    "meld_out_of_time": gettext_noop("meld too early or too late"),
}

FIELDS = {
    "dealer": gettext_noop("dealer"),
    "players": gettext_noop("players"),
    "melds": gettext_noop("melds"),
    "taroks": gettext_noop("taroks"),
    "pagat": same("Pagat"),
    "matadors": gettext_noop("matadors"),
    "suits": gettext_noop("court cards"),
    "kings": gettext_noop("Kings"),
    "level": gettext_noop("level"),
    "missing": gettext_noop("missing"),
    "holder": gettext_noop("held by"),
    "fate": gettext_noop("fate"),
    "last_trick": gettext_noop("last trick"),
    "nolo": same("nolo"),
    "tout": same("tout"),
    "won": gettext_noop("won"),
    "counts": gettext_noop("count"),
    "fines": gettext_noop("fines"),
    "culprit": gettext_noop("culprit"),
    "caused": gettext_noop("caused"),
    "stopped": gettext_noop("stopped"),
    "void": gettext_noop("void"),
    **SUITS,
}

SAID = {
    "void": gettext_noop("Void: the deal settles nothing."),
    "roles": gettext_noop("%(dealer)s dealt; %(forehand)s forehand, %(middlehand)s middlehand."),
    "melded": gettext_noop("%(name)s melded %(melds)s."),
    "taroks": gettext_noop("%(count)s taroks"),
    "with_pagat": gettext_noop("with the Pagat"),
    "matadors": gettext_noop("%(count)s matadors"),
    "card": same("%(card)s (%(holder)s): %(fate)s."),
    "last_trick": gettext_noop("%(name)s took the last trick."),
    "nolo": gettext_noop("%(name)s played nolo."),
    "tout_failed": gettext_noop("%(name)s announced a tout and failed."),
    "tout": gettext_noop("%(name)s made a tout."),
    "counted": gettext_noop("Counted: %(counts)s."),
    "fined": gettext_noop("%(name)s fined: %(offence)s."),
    "caused": gettext_noop("%(name)s caused the %(what)s."),
    "stopped": gettext_noop("The deal was stopped."),
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


def describe(record: Mapping[str, Any], texts: Texts, language: str) -> list[str]:
    """A Danish deal record as a scorer would say it, one sentence per part."""
    if record.get("void"):
        return [say(SAID["void"], language)]
    out = Sentences(SAID, texts, language)
    for part in _PARTS:
        part(record, out)
    return out.lines


def _table(record: Mapping[str, Any], out: Sentences) -> None:
    """Who dealt and who sat where, then each player's melds."""
    players = [p for p in record.get("players") or [] if p]
    if len(players) == 3:
        out.said("roles", dealer=players[0], forehand=players[1], middlehand=players[2])
    for name, meld in (record.get("melds") or {}).items():
        if isinstance(meld, dict) and (parts := _meld_parts(meld, out.texts, out.language)):
            out.said("melded", name=name, melds=", ".join(parts))


def _cards(record: Mapping[str, Any], out: Sentences) -> None:
    """The Pagat's and each king's fate, with who held it."""
    cards = [("pagat", record.get("pagat"))] + [(f"king:{s}", f) for s, f in (record.get("kings") or {}).items()]
    for card, fate in cards:
        if isinstance(fate, dict):
            out.said("card", card=out.word(card), holder=fate.get("holder") or "?", fate=out.word(fate.get("fate")))


def _play(record: Mapping[str, Any], out: Sentences) -> None:
    """The last trick, a nolo, a tout, the counted points."""
    if record.get("last_trick"):
        out.said("last_trick", name=record["last_trick"])
    if record.get("nolo"):
        out.said("nolo", name=record["nolo"])
    if tout := record.get("tout"):
        player = tout.get("player") if isinstance(tout, dict) else tout
        out.said("tout_failed" if isinstance(tout, dict) and tout.get("won") is False else "tout", name=player)
    if counts := record.get("counts") or {}:
        out.said("counted", counts=", ".join(f"{name} {points}" for name, points in counts.items()))


def _faults(record: Mapping[str, Any], out: Sentences) -> None:
    """Fines, a culprit and what they caused, a stopped deal."""
    for fine in record.get("fines") or []:
        if isinstance(fine, dict):
            out.said("fined", name=fine.get("player") or "?", offence=out.word(fine.get("offence")))
    if isinstance(culprit := record.get("culprit"), dict):
        out.said("caused", name=culprit.get("player") or "?", what=out.word(culprit.get("caused")))
    if record.get("stopped"):
        out.lines.append(say(SAID["stopped"], out.language))


_PARTS = (_table, _cards, _play, _faults)


TEXTS = Texts(accounts=ACCOUNTS, rules=RULES, phrases=PHRASES, words=WORDS, fields=FIELDS, describer=describe)
