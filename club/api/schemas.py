"""The JSON schemas the OpenAPI document shows for a deal record, the shape the rules engine owns:
a Danish deal or a Hungarian one, whichever family the sitting's season plays (described in
docs/rules.md, "The sitting record", and docs/rules-hungarian.md, "The record and its problems").
The word lists come from each family's adapter (`club.families`).

It describes; it does not validate. The rules engine checks every record and answers with its
own error list, so a record that fits this schema may still be refused (a name not at the
table, a meld the preset lacks) and the answer then says which field and why.
"""

from __future__ import annotations

from club.families import DANISH, HUNGARIAN

DK, HU = DANISH.words, HUNGARIAN.words

NAME = {"type": "string", "minLength": 1, "description": "A member's name as seated at the sitting."}
NULLABLE_NAME = {**NAME, "nullable": True}


def _suit_meld(missing: tuple[str, ...]) -> dict:
    return {
        "oneOf": [
            {"type": "string", "enum": list(DK.meld_levels)},
            {
                "type": "object",
                "properties": {
                    "level": {"type": "string", "enum": list(DK.meld_levels)},
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
        "suits": {"type": "object", "properties": {suit: _suit_meld(DK.court_cards) for suit in DK.suits}},
        "kings": _suit_meld(DK.suits),
    },
}


def _card_fate(fates: tuple[str, ...]) -> dict:
    return {
        "type": "object",
        "properties": {"holder": NAME, "fate": {"type": "string", "enum": list(fates)}},
        "required": ["holder", "fate"],
    }


DANISH_DEAL_RECORD = {
    "type": "object",
    "title": "Danish deal",
    "description": "One deal of a Danish game, as the sitting record writes it (docs/rules.md). Keys left out mean "
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
        "pagat": {**_card_fate(DK.pagat_fates), "nullable": True, "description": "Left out when nobody knows."},
        "kings": {"type": "object", "properties": {suit: _card_fate(DK.king_fates) for suit in DK.suits}},
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
                        {"type": "string", "enum": list(DK.culprit_causes)},
                        {
                            "type": "array",
                            "items": {"type": "string", "enum": ["ultimo", "bagud"]},
                            "minItems": 1,
                            "maxItems": 2,
                        },
                    ]
                },
                "card": {"type": "string", "enum": ["pagat", *DK.suits], "description": "A prevented ultimo's card."},
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


CONTRA = {"type": "integer", "minimum": 0, "maximum": 5, "description": "0 none, 1 kontra … 5 mordkontra."}
NAMES = {"type": "array", "items": NAME}
CONTRACTS = list(HU.contracts)

HUNGARIAN_DEAL_RECORD = {
    "type": "object",
    "title": "Hungarian deal",
    "description": "One deal of a Hungarian game, as the sitting record writes it (docs/rules-hungarian.md): what the scorer "
    "sees once the deal is over. Keys left out mean nothing happened; an unknown key is refused.",
    "properties": {
        "dealer": NAME,
        "contract": {"type": "string", "enum": CONTRACTS, "description": "The contract id of the season's game."},
        "declarer": NAME,
        "call": {
            "type": "object",
            "properties": {
                "card": {"type": "integer", "minimum": 2, "maximum": 20, "description": "The called trump (XX = 20)."},
                "king": {"type": "string", "enum": list(HU.kings), "description": "Királyhívó: the called king."},
                "partner": {**NULLABLE_NAME, "description": "The holder; the declarer (self-call); null: out of play."},
            },
            "required": ["partner"],
        },
        "choice": {"type": "integer", "minimum": 1, "maximum": 11, "description": "Magyar: the talon choice kept."},
        "game_contra": CONTRA,
        "announcements": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"figure": {"type": "string", "enum": list(HU.figures)}, "by": NAME, "contra": CONTRA},
                "required": ["figure", "by"],
            },
        },
        "card_points": {"type": "integer", "minimum": 0, "maximum": 106},
        "tricks": {"type": "integer", "minimum": 0, "maximum": 27},
        "made": {
            "type": "object",
            "properties": {
                party: {"type": "array", "items": {"type": "string", "enum": list(HU.figures)}}
                for party in ("declarer", "opponents")
            },
        },
        "trump_counts": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "player": NAME,
                    "count": {"type": "integer", "enum": [8, 9]},
                    "announced": {"type": "boolean"},
                },
                "required": ["player", "count"],
            },
        },
        "hand_bonuses": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"player": NAME, "bonus": {"type": "string", "enum": list(HU.hand_bonuses)}},
                "required": ["player", "bonus"],
            },
        },
        "bidders": NAMES,
        "ultimo": NULLABLE_NAME,
        "called_king_captured": {"type": "boolean"},
        "conceded": {"type": "boolean"},
        "player_points": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 106}},
        "trickless": NAMES,
        "talon_honours": {
            "type": "object",
            "additionalProperties": {"type": "array", "items": {"type": "string", "enum": list(HU.honours)}},
        },
        "fines": {
            "type": "array",
            "maxItems": 1,
            "items": {
                "type": "object",
                "properties": {"player": NAME, "offence": {"type": "string", "enum": list(HU.offences)}},
                "required": ["player", "offence"],
            },
        },
        "no_game": {"type": "string", "enum": list(HU.no_games)},
    },
    "required": ["dealer"],
    "additionalProperties": False,
    "example": {
        "dealer": "Dora",
        "contract": "one",
        "declarer": "Bela",
        "call": {"card": 20, "partner": "Anna"},
        "game_contra": 1,
        "announcements": [{"figure": "trull", "by": "Bela", "contra": 1}],
        "card_points": 53,
        "made": {"declarer": ["trull"]},
    },
}

# A record is one or the other: a Danish deal has `players`, which a Hungarian deal may not have.
DEAL_RECORD = {
    "description": "A deal record of the sitting's family: Danish Tarok or a Hungarian tarokk game.",
    "oneOf": [DANISH_DEAL_RECORD, HUNGARIAN_DEAL_RECORD],
}
