"""The JSON schema the OpenAPI document shows for a deal record, the shape the rules engine owns.

It describes; it does not validate. The rules engine checks every record and answers with its
own error list, so a record that fits this schema may still be refused (a name not at the
table, a meld the preset lacks) and the answer then says which field and why.
"""

from __future__ import annotations

from rules.danish.records import COURT_CARDS, CULPRIT_CAUSES, KING_FATES, MELD_LEVELS, PAGAT_FATES, SUITS

NAME = {"type": "string", "minLength": 1, "description": "A member's name as seated at the sitting."}
NULLABLE_NAME = {**NAME, "nullable": True}


def _suit_meld(missing: tuple[str, ...]) -> dict:
    return {
        "oneOf": [
            {"type": "string", "enum": list(MELD_LEVELS)},
            {
                "type": "object",
                "properties": {
                    "level": {"type": "string", "enum": list(MELD_LEVELS)},
                    "missing": {"type": "string", "enum": list(missing)},
                },
                "required": ["level"],
            },
        ]
    }


MELD = {
    "type": "object",
    "description": "A player's melds; every key optional. `taroks` goes with `pagat` (true = med, false = uden).",
    "properties": {
        "taroks": {"type": "integer", "minimum": 10, "maximum": 22},
        "pagat": {"type": "boolean"},
        "matadors": {"type": "integer", "minimum": 3, "maximum": 22},
        "suits": {"type": "object", "properties": {suit: _suit_meld(COURT_CARDS) for suit in SUITS}},
        "kings": _suit_meld(SUITS),
    },
}


def _card_fate(fates: tuple[str, ...]) -> dict:
    return {
        "type": "object",
        "properties": {"holder": NAME, "fate": {"type": "string", "enum": list(fates)}},
        "required": ["holder", "fate"],
    }


DEAL_RECORD = {
    "type": "object",
    "description": "One deal in the sitting-format shape (shared/rules/sitting-format.md). Keys left out mean "
    "nothing happened: no melds, no fines, Kings kept, no nolo or tout, no counts.",
    "properties": {
        "dealer": NAME,
        "players": {
            "type": "array",
            "items": NAME,
            "minItems": 3,
            "maxItems": 3,
            "description": "Dealer, forehand, middlehand, in the table's seat order from the dealer.",
        },
        "melds": {"type": "object", "additionalProperties": MELD, "description": "Per player name."},
        "pagat": {**_card_fate(PAGAT_FATES), "nullable": True, "description": "Left out when nobody knows."},
        "kings": {"type": "object", "properties": {suit: _card_fate(KING_FATES) for suit in SUITS}},
        "last_trick": NULLABLE_NAME,
        "nolo": NULLABLE_NAME,
        "tout": {
            "nullable": True,
            "oneOf": [
                NAME,
                {"type": "object", "properties": {"player": NAME, "won": {"type": "boolean"}}, "required": ["player"]},
            ],
        },
        "counts": {
            "type": "object",
            "nullable": True,
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 78},
            "description": "Card points of two or three active players, by name.",
        },
        "fines": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"player": NAME, "offence": {"type": "string"}, "meld": MELD},
                "required": ["player", "offence"],
            },
        },
        "culprit": {
            "type": "object",
            "nullable": True,
            "properties": {
                "player": NAME,
                "caused": {
                    "oneOf": [
                        {"type": "string", "enum": list(CULPRIT_CAUSES)},
                        {
                            "type": "array",
                            "items": {"type": "string", "enum": ["ultimo", "bagud"]},
                            "minItems": 1,
                            "maxItems": 2,
                        },
                    ]
                },
                "card": {"type": "string", "enum": ["pagat", *SUITS], "description": "A prevented ultimo's card."},
                "victim": {**NAME, "description": "Whose ultimo the error prevented."},
            },
            "required": ["player", "caused"],
        },
        "stopped": {"type": "boolean"},
    },
    "required": ["dealer", "players"],
    "example": {
        "dealer": "Anna",
        "players": ["Anna", "Bent", "Dorte"],
        "melds": {"Bent": {"taroks": 10, "pagat": True}},
        "pagat": {"holder": "Bent", "fate": "saved"},
        "last_trick": "Bent",
    },
}
