"""The JSON Schema of a Slovenian deal record (sitting-format-slovenian.md, "A deal"): the shapes
`records.parse_deal` reads, as data. What depends on the contract or the table (a key that means
nothing for the contract, a member sitting out, the klop piles' sum) is validation's."""

from __future__ import annotations

from ..schema import DIALECT, NAME, Schema, by_name, closed_object, integer, optional, ref, words
from .presets import BONUSES, CONTRACTS, SIDES

KONTRA = integer(0, 4, "0 none, 1 kontra, 2 re, 3 sub, 4 mort (R30).")
SIDE = optional(words(SIDES))

BONUS = closed_object(
    {
        "announced": SIDE,
        "made": SIDE,
        "lost": optional(words(SIDES, "An ultimo's card beaten in the last trick: king_ultimo, pagat_ultimo.")),
        "kontra": optional(KONTRA),
    },
    description="One bonus (R31-R36): the side that announced it, made it, lost it; the kontra on an announced one.",
)

DEAL_RECORD: Schema = {
    "$schema": DIALECT,
    "title": "Slovenian deal",
    "description": "One deal of Slovenian tarok, as the sitting record writes it (sitting-format-slovenian.md): "
    "what the scorer knows once the deal is over. A key that means nothing for the contract is refused, an "
    "unknown key too.",
    **closed_object(
        {
            "contract": words(CONTRACTS, "The contract (R10-R12), klop, or renons."),
            "dealer": optional(NAME),
            "declarer": optional(NAME),
            "partner": optional(NAME | {"description": "The holder of the called king; null: alone (R3)."}),
            "out": optional(NAME | {"description": "The member sitting out, at five members (R2)."}),
            "card_points": optional(integer(0, 70, "The declarer's side's card points.")),
            "won": optional({"type": "boolean"}),
            "difference": optional(integer(0, 35, "The rounded difference, with won.")),
            "kontra": optional(KONTRA),
            "bonuses": optional(
                {
                    "type": "object",
                    "properties": {bonus: optional(ref("Bonus")) for bonus in BONUSES},
                    "additionalProperties": False,
                }
            ),
            "mondfang": optional(NAME | {"description": "The member whose mond was caught (R40)."}),
            "klop": optional(by_name(integer(0, 70), "Klop: every active member's card points.")),
            "offender": optional(NAME | {"description": "Renons: who revoked (R64)."}),
        },
        ("contract",),
    ),
    "$defs": {"Bonus": BONUS},
    "examples": [
        {
            "contract": "two",
            "declarer": "Ana",
            "partner": "Cene",
            "card_points": 48,
            "kontra": 1,
            "bonuses": {
                "trula": {"announced": "declarer", "made": "declarer", "kontra": 1},
                "kings": {"made": "opponents"},
                "pagat_ultimo": {"lost": "declarer"},
            },
            "mondfang": "Bor",
        },
        {"contract": "klop", "klop": {"Ana": 20, "Bor": 18, "Cene": 17, "Dana": 15}},
        {"contract": "beggar", "declarer": "Bor", "won": False},
        {"contract": "renons", "offender": "Dana"},
    ],
}
