"""The Hungarian games' words for the club's pages, in English, Danish and Magyar (`rules.texts`).

The game's words are Hungarian in every language, as the book writes them (002): the contracts
(hármas, szóló, betli …), the figures (tulétroá, volát, pagátultimó …), kontra and its levels, the
hand bonuses, and the kassza — the pot the ultimó feeds, wins and doubles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..texts import TableAccountTexts, Text, Texts, same, say


def _t(en: str, da: str, hu: str) -> Text:
    return {"en": en, "da": da, "hu": hu}


ACCOUNTS = {
    "pot": TableAccountTexts(
        same("ultimókassza"),
        "kassza",
        _t(
            "the pot of the Hungarian games, fed on no-game deals and won or doubled by an ultimó",
            "de ungarske spils pulje: den fyldes ved spil uden spil og vindes eller fordobles ved en ultimó",
            "az ultimókassza: a játék nélküli leosztások töltik, az ultimó viszi el vagy duplázza",
        ),
    )
}

CONTRACTS = {
    "three": "hármas",
    "lower_three": "alsó hármas",
    "upper_three": "felső hármas",
    "two": "kettes",
    "one": "egyes",
    "solo": "szóló",
    "call": "hívás",
    "solo_three": "szóló hármas",
    "simple": "egyszerű játék",
    "game": "játék",
    "trisak": "trisákolás",
    "ultimo_call": "ultimóhívás",
    "bettli": "betli",
    "three_take": "hármasték",
    "open_bettli": "terített betli",
    "three_solo": "hármas szóló",
}
FIGURES = {
    "double": "dupla",
    "volat": "volát",
    "trull": "tulétroá",
    "four_kings": "négy király",
    "ultimo": "pagátultimó",
    "king_ultimo": "királyultimó",
    "xxi_capture": "XXI-fogás",
}
HAND_BONUSES = {
    "four_kings": "négy király",
    "trull": "tulétroá",
    "two_honours": "fejek",
    "many_trumps": "tarokkszám",
    "eight_trumps": "nyolc tarokk",
    "small_honours": "kis honőrök",
}
NO_GAMES = {
    "all_pass": "passz",
    "refused": "visszadobott hármas",
    "no_trumps": "tarokk nélkül",
    "honourless_bid": "honőr nélkül licitált",
    "thrown": "bedobott játék",
}
OFFENCES = {"revoke": "renonsz", "faulty_discard": "hibás skart"}
HONOURS = {"skiz": "skíz", "xxi": "XXI", "pagat": "pagát"}
KINGS = {"hearts": "kőr", "diamonds": "káró", "clubs": "treff", "spades": "pikk"}
CONTRAS = {level: level for level in ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")}

# The game's words, alike in every language (but how a figure was made).
WORDS = {
    **{
        key: same(word)
        for table in (CONTRACTS, FIGURES, HAND_BONUSES, NO_GAMES, OFFENCES, HONOURS)
        for key, word in table.items()
    },
    **{f"king:{suit}": same(f"{word} király") for suit, word in KINGS.items()},
    **{suit: same(word) for suit, word in KINGS.items()},
    "announced": _t("announced", "meldt", "bemondva"),
    "silent": _t("silent", "stille", "csendes"),
}

RULES = {
    "game": same("játék"),
    "trump_count": same("tarokkszám"),
    "talon_honour": same("talonhonőr"),
    "called_king_fine": same("király elvesztése"),
    "thrown": same("bedobott játék"),
    "concession": same("félfizetés"),
    "trisak": same("trisákolás"),
    "cries_and_laughs": same("sír és nevet"),
    "pot_fund": same("kassza +"),
    "pot_no_game": same("kassza +"),
    "pot_lost_three": same("kassza +"),
    "pot_double": same("kassza ×2"),
    "pot_take": same("kassza →"),
    "close.split": same("kassza ÷"),
    "hand_bonus.*": same("%(tail)s"),
    "fine.*": _t("Fine: %(tail)s", "Bøde: %(tail)s", "Büntetés: %(tail)s"),
    **{f"{figure}.*": same(f"{word} · %(tail)s") for figure, word in FIGURES.items()},
}

PHRASES = {
    "holdings": _t("The pot", "Puljen", "A kassza"),
    "before": _t("Before", "Før", "Előtte"),
    "after": _t("After", "Efter", "Utána"),
    "split": _t(
        "split the pot (kassza) among the table",
        "del puljen (kassza) mellem bordets spillere",
        "a kassza szétosztása az asztal játékosai között",
    ),
    "carry": _t(
        "carry the pot (kassza) to the next sitting",
        "før puljen (kassza) videre til næste spilleaften",
        "a kassza továbbvitele a következő estére",
    ),
    "carried": _t(
        "Closing posts nothing: the pot (kassza) carries over to the table's next sitting.",
        "Afslutningen bogfører intet: puljen (kassza) går videre til bordets næste spilleaften.",
        "A zárás semmit sem könyvel: a kassza az asztal következő estéjére megy tovább.",
    ),
    "funding": _t("Pot funded", "Puljen fyldt", "Kassza feltöltve"),
    "funding_before": _t(
        "Pot funded before deal %(number)s",
        "Puljen fyldt før spil %(number)s",
        "Kassza feltöltve a(z) %(number)s. leosztás előtt",
    ),
}

FIELDS = {
    "dealer": _t("dealer", "giver", "osztó"),
    "no_game": _t("no game", "intet spil", "nincs játék"),
    "contract": _t("game", "spil", "játék"),
    "declarer": _t("declarer", "spiller", "felvevő"),
    "call": _t("call", "kald", "hívás"),
    "card": _t("called trump", "kaldt tarok", "hívott tarokk"),
    "king": _t("called king", "kaldt konge", "hívott király"),
    "partner": same("partner"),
    "choice": _t("talon choice", "talonvalg", "talonválasztás"),
    "game_contra": _t("kontra on the game", "kontra på spillet", "kontra a játékra"),
    "announcements": _t("announcements", "meldinger", "bemondások"),
    "card_points": _t("card points", "kortpoint", "kártyapontok"),
    "tricks": _t("tricks", "stik", "ütések"),
    "made": _t("made", "fik hjem", "teljesítette"),
    "opponents": _t("opponents", "modspillere", "ellenfelek"),
    "trump_counts": same("tarokkszám"),
    "hand_bonuses": _t("hand bonuses", "håndbonusser", "lapbónuszok"),
    "bidders": _t("bidders", "bydere", "licitálók"),
    "ultimo": same("ultimó"),
    "called_king_captured": _t("called king captured", "kaldt konge taget", "hívott király elvitelve"),
    "conceded": _t("conceded", "opgivet", "feladva"),
    "player_points": _t("card points by player", "kortpoint pr. spiller", "játékosok kártyapontjai"),
    "trickless": _t("took no trick", "intet stik", "ütés nélkül"),
    "talon_honours": _t("honours from the talon", "honneurs fra talonen", "honőrök a talonból"),
    "fines": _t("fines", "bøder", "büntetések"),
}

SAID = {
    "no_game": _t("No game: %(why)s.", "Intet spil: %(why)s.", "Nincs játék: %(why)s."),
    "dealt": _t("%(dealer)s dealt.", "%(dealer)s gav.", "%(dealer)s osztott."),
    "declared": _t(
        "%(declarer)s played %(game)s.", "%(declarer)s spillede %(game)s.", "%(declarer)s játéka: %(game)s."
    ),
    "bid": _t("%(declarer)s bid.", "%(declarer)s bød.", "%(declarer)s licitált."),
    "game": _t("The game: %(game)s.", "Spillet: %(game)s.", "A játék: %(game)s."),
    "called": _t(
        "Called %(card)s, partner: %(partner)s.",
        "Kaldt %(card)s, makker: %(partner)s.",
        "Hívott lap: %(card)s, partner: %(partner)s.",
    ),
    "out_of_play": _t("out of play", "ude af spil", "nincs játékban"),
    "choice": _t("Talon choice %(choice)s.", "Talonvalg %(choice)s.", "Talonválasztás: %(choice)s."),
    "game_contra": _t("The game was doubled: %(level)s.", "Spillet blev doblet: %(level)s.", "A játékra: %(level)s."),
    "announced": _t("%(by)s announced %(figure)s.", "%(by)s meldte %(figure)s.", "%(by)s bemondta: %(figure)s."),
    "card_points": _t(
        "The declarer's party counted %(points)s.",
        "Spillerens parti talte %(points)s.",
        "A felvevő pártja %(points)s pontot számolt.",
    ),
    "dealer_points": _t(
        "The dealer counted %(points)s.", "Giveren talte %(points)s.", "Az osztó %(points)s pontot számolt."
    ),
    "tricks": _t(
        "The declarer's party took %(tricks)s tricks.",
        "Spillerens parti tog %(tricks)s stik.",
        "A felvevő pártja %(tricks)s ütést vitt el.",
    ),
    "made.declarer": _t(
        "The declarer's party made %(figures)s.",
        "Spillerens parti fik hjem: %(figures)s.",
        "A felvevő pártja teljesítette: %(figures)s.",
    ),
    "made.opponents": _t(
        "The opponents made %(figures)s.",
        "Modspillerne fik hjem: %(figures)s.",
        "Az ellenfelek teljesítették: %(figures)s.",
    ),
    "trump_count": _t(
        "%(player)s: tarokkszám %(count)s%(silent)s.",
        "%(player)s: tarokkszám %(count)s%(silent)s.",
        "%(player)s: tarokkszám %(count)s%(silent)s.",
    ),
    "hand_bonus": same("%(player)s: %(bonus)s."),
    "bidders": _t("Bid: %(names)s.", "Bød: %(names)s.", "Licitált: %(names)s."),
    "ultimo": _t(
        "%(player)s's Pagát took the last trick (ultimó).",
        "%(player)s' Pagát tog sidste stik (ultimó).",
        "%(player)s pagátja vitte az utolsó ütést (ultimó).",
    ),
    "captured": _t(
        "The opponents took the called king home.",
        "Modspillerne tog den kaldte konge hjem.",
        "Az ellenfelek hazavitték a hívott királyt.",
    ),
    "conceded": _t(
        "The declarer settled for half (félfizetés).",
        "Spilleren nøjedes med det halve (félfizetés).",
        "A felvevő megelégedett a félfizetéssel.",
    ),
    "player_points": _t("Card points: %(points)s.", "Kortpoint: %(points)s.", "Kártyapontok: %(points)s."),
    "trickless": _t("No trick: %(names)s.", "Intet stik: %(names)s.", "Ütés nélkül: %(names)s."),
    "talon": _t(
        "%(player)s took %(honours)s from the talon.",
        "%(player)s tog %(honours)s fra talonen.",
        "%(player)s a talonból kapta: %(honours)s.",
    ),
    "fined": _t(
        "%(name)s fined: %(offence)s.", "%(name)s fik bøde: %(offence)s.", "%(name)s büntetést kapott: %(offence)s."
    ),
}


def _names(value: Any) -> str:
    return ", ".join(str(name) for name in value) if isinstance(value, list) else str(value)


def _call(call: Mapping[str, Any], language: str) -> dict[str, str]:
    card = f"{KINGS.get(call['king'], call['king'])} király" if call.get("king") else _roman(call.get("card"))
    partner = call.get("partner") or say(SAID["out_of_play"], language)
    return {"card": card, "partner": str(partner)}


def _roman(number: Any) -> str:
    """A trump by its number as the cards print it: 20 -> XX."""
    if not isinstance(number, int) or not 0 < number < 40:
        return "?" if number is None else str(number)
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while number >= value:
            out, number = out + letters, number - value
    return out


def describe(record: Mapping[str, Any], texts: Texts, language: str) -> list[str]:  # noqa: C901 (a sentence a key)
    """A Hungarian deal record as a scorer would say it, one sentence per part."""
    sentences: list[str] = []

    def said(key: str, **values: Any) -> None:
        sentences.append(say(SAID[key], language) % values)

    def word(value: Any) -> str:
        return texts.word(value, language)

    if record.get("dealer"):
        said("dealt", dealer=record["dealer"])
    if record.get("no_game"):
        said("no_game", why=word(record["no_game"]))
        if record.get("declarer"):
            said("bid", declarer=record["declarer"])
        return sentences
    game = word(record.get("contract")) if record.get("contract") else "?"
    if record.get("declarer"):
        said("declared", declarer=record["declarer"], game=game)
    elif record.get("contract"):
        said("game", game=game)
    if isinstance(call := record.get("call"), dict):
        said("called", **_call(call, language))
    if record.get("choice") is not None:
        said("choice", choice=record["choice"])
    if isinstance(contra := record.get("game_contra"), int) and 0 < contra <= len(CONTRAS):
        said("game_contra", level=list(CONTRAS)[contra - 1])
    for item in record.get("announcements") or []:
        if isinstance(item, dict):
            figure = word(item.get("figure"))
            if isinstance(level := item.get("contra"), int) and 0 < level <= len(CONTRAS):
                figure = f"{figure} ({list(CONTRAS)[level - 1]})"
            said("announced", by=item.get("by") or "?", figure=figure)
    if record.get("card_points") is not None:
        said("card_points" if record.get("declarer") else "dealer_points", points=record["card_points"])
    if record.get("tricks") is not None:
        said("tricks", tricks=record["tricks"])
    for side, figures in (record.get("made") or {}).items():
        if figures and f"made.{side}" in SAID:
            said(f"made.{side}", figures=word(list(figures)))
    for count in record.get("trump_counts") or []:
        if isinstance(count, dict):
            silent = f" ({word('silent')})" if count.get("announced") is False else ""
            said("trump_count", player=count.get("player") or "?", count=count.get("count"), silent=silent)
    for bonus in record.get("hand_bonuses") or []:
        if isinstance(bonus, dict):
            said("hand_bonus", player=bonus.get("player") or "?", bonus=word(bonus.get("bonus")))
    if record.get("bidders"):
        said("bidders", names=_names(record["bidders"]))
    if record.get("ultimo"):
        said("ultimo", player=record["ultimo"])
    if record.get("called_king_captured"):
        said("captured")
    if record.get("conceded"):
        said("conceded")
    if isinstance(points := record.get("player_points"), dict) and points:
        said("player_points", points=", ".join(f"{name} {value}" for name, value in points.items()))
    if record.get("trickless"):
        said("trickless", names=_names(record["trickless"]))
    for player, honours in (record.get("talon_honours") or {}).items():
        said("talon", player=player or "?", honours=word(list(honours)) if isinstance(honours, list) else "?")
    for fine in record.get("fines") or []:
        if isinstance(fine, dict):
            said("fined", name=fine.get("player") or "?", offence=word(fine.get("offence")))
    return sentences


TEXTS = Texts(accounts=ACCOUNTS, rules=RULES, phrases=PHRASES, words=WORDS, fields=FIELDS, describer=describe)
