"""Slovenian tarok's words for the club's pages, as message ids (`rules.texts`).

The game's words are Slovenian in every language, as the tables say them: the contracts (tri, dva,
ena, solo, berač, klop …), the bonuses (trula, kralji, pagat ultimo …), kontra and its levels
(re, sub, mort), the radelc and the mondfang. The family keeps no table account.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..texts import Sentences, Texts, gettext_noop, same

CONTRACTS = {
    "klop": "klop",
    "three": "tri",
    "two": "dva",
    "one": "ena",
    "solo_three": "solo tri",
    "solo_two": "solo dva",
    "solo_one": "solo ena",
    "beggar": "berač",
    "solo_without": "solo brez",
    "open_beggar": "odprti berač",
    "colour_valat": "barvni valat",
    "valat": "valat",
    "pikolo": "pikolo",
    "renons": "renons",
}
BONUSES = {
    "trula": "trula",
    "kings": "kralji",
    "king_ultimo": "kralj ultimo",
    "pagat_ultimo": "pagat ultimo",
    "valat": "valat",
}
KONTRAS = {"kontra": "kontra", "re": "re", "sub": "sub", "mort": "mort"}

WORDS = {
    **{key: same(word) for table in (CONTRACTS, BONUSES, KONTRAS) for key, word in table.items()},
    "declarer": gettext_noop("the declarer's side"),
    "opponents": gettext_noop("the opponents"),
}

RULES = {
    "game": same("igra"),
    "radelc": same("radelc ×2"),
    "mondfang": same("mondfang"),
    "klop": same("klop"),
    "renons": same("renons"),
    "close:radelci": same("radelci"),
    **{f"bonus:{bonus}": same(word) for bonus, word in BONUSES.items()},
}

PHRASES = {
    "holdings": gettext_noop("Radelci"),
    "before": gettext_noop("Before"),
    "after": gettext_noop("After"),
    "close": gettext_noop("settle the radelci still held: a penalty for each (radelc penalty)"),
    "split": gettext_noop("settle the radelci still held: a penalty for each (radelc penalty)"),
    "carry": gettext_noop("settle the radelci still held: a penalty for each (radelc penalty)"),
    "carried": gettext_noop("Closing posts the penalty of the radelci still held."),
    "funding": gettext_noop("Sitting opened"),
    "funding_before": gettext_noop("Sitting opened before deal %(number)s"),
    # A member's radelci on the sheet, for a screen reader (the page draws ○ and ⊗).
    "marks": gettext_noop("Radelci – not used: %(held)s, used: %(crossed_off)s"),
}

FIELDS = {
    "dealer": gettext_noop("dealer"),
    "contract": gettext_noop("game"),
    "declarer": gettext_noop("declarer"),
    "partner": same("partner"),
    "out": gettext_noop("sitting out"),
    "card_points": gettext_noop("card points"),
    "won": gettext_noop("won"),
    "difference": gettext_noop("difference"),
    "kontra": same("kontra"),
    "bonuses": gettext_noop("bonuses"),
    "announced": gettext_noop("announced"),
    "made": gettext_noop("made"),
    "lost": gettext_noop("lost"),
    "mondfang": same("mondfang"),
    "klop": same("klop"),
    "offender": gettext_noop("offender"),
    **{bonus: same(word) for bonus, word in BONUSES.items()},
}

SAID = {
    "dealt": gettext_noop("%(dealer)s dealt."),
    "out": gettext_noop("%(name)s sat out."),
    "declared": gettext_noop("%(declarer)s played %(game)s."),
    "partner": gettext_noop("Partner: %(partner)s."),
    "alone": gettext_noop("The declarer played alone."),
    "card_points": gettext_noop("The declarer's side counted %(points)s."),
    "won": gettext_noop("Won, difference %(difference)s."),
    "lost": gettext_noop("Lost, difference %(difference)s."),
    "made": gettext_noop("Made."),
    "failed": gettext_noop("Not made."),
    "kontra": gettext_noop("The game was doubled: %(level)s."),
    "bonus": gettext_noop("%(bonus)s: %(what)s."),
    "mondfang": gettext_noop("%(name)s lost the mond (mondfang)."),
    "klop": gettext_noop("Klop: %(points)s."),
    "renons": gettext_noop("%(name)s revoked (renons)."),
}

_LEVELS = ("kontra", "re", "sub", "mort")


def _level(level: Any) -> str | None:
    return _LEVELS[level - 1] if isinstance(level, int) and 0 < level <= len(_LEVELS) else None


def _result(record: Mapping[str, Any], out: Sentences) -> None:
    if record.get("card_points") is not None:
        out.said("card_points", points=record["card_points"])
    elif isinstance(record.get("won"), bool):
        if "difference" in record:
            out.said("won" if record["won"] else "lost", difference=record.get("difference"))
        else:
            out.said("made" if record["won"] else "failed")
    if level := _level(record.get("kontra")):
        out.said("kontra", level=level)


def _bonuses(record: Mapping[str, Any], out: Sentences) -> None:
    bonuses = record.get("bonuses")
    if not isinstance(bonuses, dict):
        return
    for name, item in bonuses.items():
        if not isinstance(item, dict):
            continue
        parts = [
            f"{out.texts.field(key, out.language)} {out.word(item[key])}"
            for key in ("announced", "made", "lost")
            if isinstance(item.get(key), str)
        ]
        if level := _level(item.get("kontra")):
            parts.append(level)
        if parts:
            out.said("bonus", bonus=out.word(name), what=", ".join(parts))


def describe(record: Mapping[str, Any], texts: Texts, language: str) -> list[str]:
    """A Slovenian deal record as a scorer would say it, one sentence per part."""
    out = Sentences(SAID, texts, language)
    if record.get("dealer"):
        out.said("dealt", dealer=record["dealer"])
    if record.get("out"):
        out.said("out", name=record["out"])
    contract = record.get("contract")
    if contract == "renons":
        out.said("renons", name=record.get("offender") or "?")
        return out.lines
    if contract == "klop":
        piles = record.get("klop")
        if isinstance(piles, dict):
            out.said("klop", points=", ".join(f"{name} {points}" for name, points in piles.items()))
        return out.lines
    if record.get("declarer"):
        out.said("declared", declarer=record["declarer"], game=out.word(contract) if contract else "?")
    if "partner" in record:
        if record["partner"]:
            out.said("partner", partner=record["partner"])
        else:
            out.said("alone")
    _result(record, out)
    _bonuses(record, out)
    if record.get("mondfang"):
        out.said("mondfang", name=record["mondfang"])
    return out.lines


TEXTS = Texts(accounts={}, rules=RULES, phrases=PHRASES, words=WORDS, fields=FIELDS, describer=describe)
