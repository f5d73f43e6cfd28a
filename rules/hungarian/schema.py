"""The JSON Schema of a Hungarian deal record (docs/rules-hungarian.md, "The keys of a deal"): the
shapes `records.parse_deal` reads, as data, with the widest range any game allows (the game's own
range is validation's). Tests hold the reader to it both ways: a record that fits it is read without
a shape problem, and the engine refuses what it refuses."""

from __future__ import annotations

from ..schema import DIALECT, NAME, Schema, by_name, closed_object, integer, optional, ref, words
from .presets import CONTRA_NAMES, FIGURES, HAND_BONUSES, HONOURS, KINGS, NO_GAMES, OFFENCES, PRESETS

CONTRACTS = tuple(dict.fromkeys(contract for rules in PRESETS.values() for contract in rules.contracts))
CONTRA = integer(0, len(CONTRA_NAMES) - 1, "0 none, 1 kontra … 5 mordkontra.")
CARD_POINTS = integer(0, 106)  # 94 in the 42-card games
NAMES: Schema = {"type": "array", "items": NAME}

CALL = closed_object(
    {
        "card": optional(integer(2, 20, "The called trump (XX = 20).")),
        "king": optional(words(KINGS, "Királyhívó: the called king.")),
        "partner": optional(NAME | {"description": "The holder; the declarer (self-call); null: out of play."}),
    },
    ("partner",),
    description="The called card and its holder.",
    # A call names its card: a trump or a king.
    **{"not": {"properties": {"card": {"type": "null"}, "king": {"type": "null"}}}},
)

ANNOUNCEMENT = closed_object(
    {"figure": words(FIGURES), "by": NAME, "contra": optional(CONTRA)},
    ("figure", "by"),
    description="A figure announced, by whom, and its contra level.",
)

TRUMP_COUNT = closed_object(
    {"player": NAME, "count": {"type": "integer", "enum": [8, 9]}, "announced": optional({"type": "boolean"})},
    ("player", "count"),
    description="Eight or nine trumps held (announced unless said otherwise).",
)

HAND_BONUS = closed_object({"player": NAME, "bonus": words(HAND_BONUSES)}, ("player", "bonus"))

FINE = closed_object({"player": NAME, "offence": words(OFFENCES)}, ("player", "offence"))

MADE_FIGURES = optional({"type": "array", "items": words(FIGURES)})  # a null in the list is no figure

DEAL_RECORD: Schema = {
    "$schema": DIALECT,
    "title": "Hungarian deal",
    "description": "One deal of a Hungarian game, as the sitting record writes it (docs/rules-hungarian.md): what the "
    "scorer sees once the deal is over. Keys left out (or null) mean nothing happened; an unknown key is refused.",
    **closed_object(
        {
            "dealer": NAME,
            "contract": optional(words(CONTRACTS, "The contract id of the season's game.")),
            "declarer": optional(NAME),
            "call": optional(ref("Call")),
            "choice": optional(integer(1, 11, "Magyar: the talon choice kept.")),
            "game_contra": optional(CONTRA),
            "announcements": optional({"type": "array", "items": ref("Announcement")}),
            "card_points": optional(CARD_POINTS),
            "tricks": optional(integer(0, 27)),
            "made": optional(
                closed_object(
                    {"declarer": MADE_FIGURES, "opponents": MADE_FIGURES}, description="The figures each party made."
                )
            ),
            "trump_counts": optional({"type": "array", "items": ref("TrumpCount")}),
            "hand_bonuses": optional({"type": "array", "items": ref("HandBonus")}),
            "bidders": optional(NAMES),
            "ultimo": optional(NAME),
            "called_king_captured": optional({"type": "boolean"}),
            "conceded": optional({"type": "boolean"}),
            "player_points": optional(by_name(optional(CARD_POINTS), "Card points, by player.")),
            "trickless": optional(NAMES),
            "talon_honours": optional(
                by_name(
                    optional({"type": "array", "items": optional(words(HONOURS))}),
                    "The honours each player found in the talon.",
                )
            ),
            "fines": optional({"type": "array", "items": ref("Fine"), "maxItems": 1}),
            "no_game": optional(words(NO_GAMES)),
        },
        ("dealer",),
    ),
    "$defs": {
        "Call": CALL,
        "Announcement": ANNOUNCEMENT,
        "TrumpCount": TRUMP_COUNT,
        "HandBonus": HAND_BONUS,
        "Fine": FINE,
    },
    "examples": [
        {
            "dealer": "Dora",
            "contract": "one",
            "declarer": "Bela",
            "call": {"card": 20, "partner": "Anna"},
            "game_contra": 1,
            "announcements": [{"figure": "trull", "by": "Bela", "contra": 1}],
            "card_points": 53,
            "made": {"declarer": ["trull"]},
        }
    ],
}
