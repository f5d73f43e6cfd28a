"""The Hungarian games' words for the club's pages, as message ids (`rules.texts`).

The game's words are Hungarian in every language, as the book writes them (002): the contracts
(hármas, szóló, betli …), the figures (tulétroá, volát, pagátultimó …), kontra and its levels, the
hand bonuses, and the kassza — the pot the ultimó feeds, wins and doubles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..texts import Sentences, TableAccountTexts, Texts, gettext_noop, same, say

ACCOUNTS = {
    "pot": TableAccountTexts(
        same("ultimókassza"),
        "kassza",
        gettext_noop("the pot of the Hungarian games, fed on no-game deals and won or doubled by an ultimó"),
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
    "announced": gettext_noop("announced"),
    "silent": gettext_noop("silent"),
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
    "fine.*": gettext_noop("Fine: %(tail)s"),
    **{f"{figure}.*": same(f"{word} · %(tail)s") for figure, word in FIGURES.items()},
}

PHRASES = {
    "holdings": gettext_noop("The pot"),
    "before": gettext_noop("Before"),
    "after": gettext_noop("After"),
    "split": gettext_noop("split the pot (kassza) among the table"),
    "carry": gettext_noop("carry the pot (kassza) to the next sitting"),
    "carried": gettext_noop("Closing posts nothing: the pot (kassza) carries over to the table's next sitting."),
    "funding": gettext_noop("Pot funded"),
    "funding_before": gettext_noop("Pot funded before deal %(number)s"),
}

FIELDS = {
    "dealer": gettext_noop("dealer"),
    "no_game": gettext_noop("no game"),
    "contract": gettext_noop("game"),
    "declarer": gettext_noop("declarer"),
    "call": gettext_noop("call"),
    "card": gettext_noop("called trump"),
    "king": gettext_noop("called king"),
    "partner": same("partner"),
    "choice": gettext_noop("talon choice"),
    "game_contra": gettext_noop("kontra on the game"),
    "announcements": gettext_noop("announcements"),
    "card_points": gettext_noop("card points"),
    "tricks": gettext_noop("tricks"),
    "made": gettext_noop("made"),
    "opponents": gettext_noop("opponents"),
    "trump_counts": same("tarokkszám"),
    "hand_bonuses": gettext_noop("hand bonuses"),
    "bidders": gettext_noop("bidders"),
    "ultimo": same("ultimó"),
    "called_king_captured": gettext_noop("called king captured"),
    "conceded": gettext_noop("conceded"),
    "player_points": gettext_noop("card points by player"),
    "trickless": gettext_noop("took no trick"),
    "talon_honours": gettext_noop("honours from the talon"),
    "fines": gettext_noop("fines"),
}

SAID = {
    "no_game": gettext_noop("No game: %(why)s."),
    "dealt": gettext_noop("%(dealer)s dealt."),
    "declared": gettext_noop("%(declarer)s played %(game)s."),
    "bid": gettext_noop("%(declarer)s bid."),
    "game": gettext_noop("The game: %(game)s."),
    "called": gettext_noop("Called %(card)s, partner: %(partner)s."),
    "out_of_play": gettext_noop("out of play"),
    "choice": gettext_noop("Talon choice %(choice)s."),
    "game_contra": gettext_noop("The game was doubled: %(level)s."),
    "announced": gettext_noop("%(by)s announced %(figure)s."),
    "card_points": gettext_noop("The declarer's party counted %(points)s."),
    "dealer_points": gettext_noop("The dealer counted %(points)s."),
    "tricks": gettext_noop("The declarer's party took %(tricks)s tricks."),
    "made.declarer": gettext_noop("The declarer's party made %(figures)s."),
    "made.opponents": gettext_noop("The opponents made %(figures)s."),
    "trump_count": gettext_noop("%(player)s: tarokkszám %(count)s%(silent)s."),
    "hand_bonus": same("%(player)s: %(bonus)s."),
    "bidders": gettext_noop("Bid: %(names)s."),
    "ultimo": gettext_noop("%(player)s's Pagát took the last trick (ultimó)."),
    "captured": gettext_noop("The opponents took the called king home."),
    "conceded": gettext_noop("The declarer settled for half (félfizetés)."),
    "player_points": gettext_noop("Card points: %(points)s."),
    "trickless": gettext_noop("No trick: %(names)s."),
    "talon": gettext_noop("%(player)s took %(honours)s from the talon."),
    "fined": gettext_noop("%(name)s fined: %(offence)s."),
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


def describe(record: Mapping[str, Any], texts: Texts, language: str) -> list[str]:
    """A Hungarian deal record as a scorer would say it, one sentence per part."""
    out = Sentences(SAID, texts, language)
    if record.get("dealer"):
        out.said("dealt", dealer=record["dealer"])
    for part in (_no_game,) if record.get("no_game") else _PARTS:
        part(record, out)
    return out.lines


def _no_game(record: Mapping[str, Any], out: Sentences) -> None:
    out.said("no_game", why=out.word(record["no_game"]))
    if record.get("declarer"):
        out.said("bid", declarer=record["declarer"])


def _contract(record: Mapping[str, Any], out: Sentences) -> None:
    """The game, who declared it, the called card, the talon choice, the game's contra."""
    game = out.word(record.get("contract")) if record.get("contract") else "?"
    if record.get("declarer"):
        out.said("declared", declarer=record["declarer"], game=game)
    elif record.get("contract"):
        out.said("game", game=game)
    if isinstance(call := record.get("call"), dict):
        out.said("called", **_call(call, out.language))
    if record.get("choice") is not None:
        out.said("choice", choice=record["choice"])
    if level := _contra(record.get("game_contra")):
        out.said("game_contra", level=level)


def _contra(level: Any) -> str | None:
    """A contra level by its name (1 -> kontra); None for no contra or a level the game has not."""
    return list(CONTRAS)[level - 1] if isinstance(level, int) and 0 < level <= len(CONTRAS) else None


def _announcements(record: Mapping[str, Any], out: Sentences) -> None:
    for item in record.get("announcements") or []:
        if isinstance(item, dict):
            figure = out.word(item.get("figure"))
            if level := _contra(item.get("contra")):
                figure = f"{figure} ({level})"
            out.said("announced", by=item.get("by") or "?", figure=figure)


def _outcome(record: Mapping[str, Any], out: Sentences) -> None:
    """The card points, the tricks, the figures each side made."""
    if record.get("card_points") is not None:
        out.said("card_points" if record.get("declarer") else "dealer_points", points=record["card_points"])
    if record.get("tricks") is not None:
        out.said("tricks", tricks=record["tricks"])
    for side, figures in (record.get("made") or {}).items():
        if figures and f"made.{side}" in SAID:
            out.said(f"made.{side}", figures=out.word(list(figures)))


def _hands(record: Mapping[str, Any], out: Sentences) -> None:
    """What the hands held: tarokkszám, hand bonuses."""
    for count in record.get("trump_counts") or []:
        if isinstance(count, dict):
            silent = f" ({out.word('silent')})" if count.get("announced") is False else ""
            out.said("trump_count", player=count.get("player") or "?", count=count.get("count"), silent=silent)
    for bonus in record.get("hand_bonuses") or []:
        if isinstance(bonus, dict):
            out.said("hand_bonus", player=bonus.get("player") or "?", bonus=out.word(bonus.get("bonus")))


def _play(record: Mapping[str, Any], out: Sentences) -> None:
    """The bidding and the play's events: ultimó, the called king, félfizetés, a trisakolás's points."""
    if record.get("bidders"):
        out.said("bidders", names=_names(record["bidders"]))
    if record.get("ultimo"):
        out.said("ultimo", player=record["ultimo"])
    if record.get("called_king_captured"):
        out.said("captured")
    if record.get("conceded"):
        out.said("conceded")
    if isinstance(points := record.get("player_points"), dict) and points:
        out.said("player_points", points=", ".join(f"{name} {value}" for name, value in points.items()))
    if record.get("trickless"):
        out.said("trickless", names=_names(record["trickless"]))


def _talon_and_fines(record: Mapping[str, Any], out: Sentences) -> None:
    for player, honours in (record.get("talon_honours") or {}).items():
        out.said("talon", player=player or "?", honours=out.word(list(honours)) if isinstance(honours, list) else "?")
    for fine in record.get("fines") or []:
        if isinstance(fine, dict):
            out.said("fined", name=fine.get("player") or "?", offence=out.word(fine.get("offence")))


_PARTS = (_contract, _announcements, _outcome, _hands, _play, _talon_and_fines)


TEXTS = Texts(accounts=ACCOUNTS, rules=RULES, phrases=PHRASES, words=WORDS, fields=FIELDS, describer=describe)
