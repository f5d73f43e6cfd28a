"""The JSON Schema of a Danish deal record (docs/rules.md, "The sitting record"): the shapes
`records.parse_deal` reads, as data. Tests hold the reader to it both ways: a record that fits it
is read without a shape problem, and the engine refuses what it refuses."""

from __future__ import annotations

from ..schema import DIALECT, NAME, Schema, by_name, closed_object, integer, optional, ref, words
from .presets import OFFENCES
from .records import COURT_CARDS, CULPRIT_CARDS, CULPRIT_CAUSES, KING_FATES, MELD_LEVELS, PAGAT_FATES, PREVENTED, SUITS


def _suit_meld(missing: tuple[str, ...], description: str) -> Schema:
    """A level, or the level with the one card that is missing."""
    levelled = closed_object({"level": words(MELD_LEVELS), "missing": optional(words(missing))}, ("level",))
    return {"oneOf": [words(MELD_LEVELS), levelled], "description": description}


def _card_fate(fates: tuple[str, ...], description: str) -> Schema:
    return closed_object({"holder": NAME, "fate": words(fates)}, ("holder", "fate"), description=description)


def _per_suit(value: Schema, description: str) -> Schema:
    return closed_object({suit: optional(value) for suit in SUITS}, description=description)


MELD = closed_object(
    {
        "taroks": optional(integer(10, 22)),
        "pagat": optional({"type": "boolean", "description": "With (true) or without (false) the Pagat."}),
        "matadors": optional(integer(3, 22)),
        "suits": optional(_per_suit(ref("SuitMeld"), "Kavaleri, by suit.")),
        "kings": optional(ref("KingsMeld")),
    },
    description="A player's melds; every key optional. `taroks` goes with `pagat`.",
)

# `caused` is one word, or ["ultimo", "bagud"] when one error caused both (000 L201).
BOTH_CAUSES = {"type": "array", "items": words(("ultimo", "bagud")), "minItems": 1, "uniqueItems": True}

CULPRIT = closed_object(
    {
        "player": NAME,
        "caused": {"oneOf": [words(CULPRIT_CAUSES), BOTH_CAUSES]},
        "card": optional(words(CULPRIT_CARDS, "A prevented ultimo's card.")),
        "victim": optional(NAME | {"description": "Whose ultimo the error prevented."}),
    },
    ("player", "caused"),
    description="Who pays for what his error caused (000 L161-L201).",
    # A prevented ultimo names its card and its victim; nothing else does.
    **{
        "if": {"properties": {"caused": {"const": PREVENTED}}},
        "then": {
            "properties": {"card": {"type": "string"}, "victim": {"type": "string"}},
            "required": ["card", "victim"],
        },
        "else": {"properties": {"card": {"type": "null"}, "victim": {"type": "null"}}},
    },
)

TOUT = {
    "oneOf": [
        NAME | {"description": "The tout player, who won it."},
        closed_object({"player": NAME, "won": optional({"type": "boolean"})}, ("player",)),
    ]
}

FINE = closed_object(
    {"player": NAME, "offence": words(OFFENCES), "meld": optional(ref("Meld"))},
    ("player", "offence"),
    description="A fine; a wrong meld rides along in `meld`.",
)

DEAL_RECORD: Schema = {
    "$schema": DIALECT,
    "title": "Danish deal",
    "description": "One deal of a Danish game, as the sitting record writes it (docs/rules.md). Keys left out "
    "(or null) mean nothing happened: no melds, no fines, Kings kept, no nolo or tout, no counts.",
    **closed_object(
        {
            "dealer": NAME,
            "players": {
                "type": "array",
                "items": NAME,
                "minItems": 3,
                "maxItems": 3,
                "description": "Dealer, forehand, middlehand, in the table's seat order from the dealer.",
            },
            "melds": optional(by_name(optional(ref("Meld")), "Each player's melds, by name.")),
            "pagat": optional(_card_fate(PAGAT_FATES, "Who held the Pagat and what became of it.")),
            "kings": optional(_per_suit(ref("KingFate"), "What became of each King that was not kept.")),
            "last_trick": optional(NAME),
            "nolo": optional(NAME),
            "tout": optional(ref("Tout")),
            "counts": optional(by_name(optional(integer(0, 78)), "Card points of two or three active players.")),
            "fines": optional({"type": "array", "items": ref("Fine")}),
            "culprit": optional(ref("Culprit")),
            "stopped": optional({"type": "boolean", "description": "The deal was stopped by an offence."}),
        },
        ("dealer", "players"),
    ),
    "$defs": {
        "Meld": MELD,
        "SuitMeld": _suit_meld(COURT_CARDS, "A suit's court cards: a level, or a level and the missing card."),
        "KingsMeld": _suit_meld(SUITS, "The four Kings: a level, or a level and the missing suit."),
        "KingFate": _card_fate(KING_FATES, "Who held a King and what became of it."),
        "Tout": TOUT,
        "Fine": FINE,
        "Culprit": CULPRIT,
    },
    "examples": [
        {
            "dealer": "Anna",
            "players": ["Anna", "Bent", "Dorte"],
            "melds": {"Bent": {"taroks": 10, "pagat": True}},
            "pagat": {"holder": "Bent", "fate": "saved"},
            "last_trick": "Bent",
        }
    ],
}
