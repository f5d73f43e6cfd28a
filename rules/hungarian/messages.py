"""The Hungarian family's problem texts: English message ids, translated by the club's catalogues (`rules.texts`).

Registered with the core's catalogue (`rules.problems.register_messages`); the core's codes
(`required`, `wrong_type`, `unknown_key`, `not_at_table`, …) keep the core's texts. Hungarian game
words stay Hungarian in every language: tulétroá, volát, pagátultimó, kontra.
"""

from __future__ import annotations

from ..problems import family_problem_maker, register_messages
from ..texts import Text, gettext_noop

FAMILY = "hungarian"

HUNGARIAN_MESSAGES: dict[str, Text] = {
    "unknown_override": gettext_noop("'{name}' is not a parameter of {preset} that a club can change."),
    "bad_override": gettext_noop("'{value}' is not a value of {name}: expected {expected}."),
    "table_size": gettext_noop("A {preset} table seats {sizes} members, not {count}."),
    "reserved_name": gettext_noop("'{player}' is the name of the table's pot (ultimókassza); choose another name."),
    "pot_not_kept": gettext_noop("{preset} is played here without a pot (ultimókassza), so the sitting has no pot."),
    "contract_fields": gettext_noop("'{key}' does not belong to {what}."),
    "choice_out_of_range": gettext_noop("The talon choice of a {contract} is {low}..{high}, not {value}."),
    "called_card": gettext_noop("The called trump is {low}..{high} (II..{roman}), not {value}."),
    "partner_invalid": gettext_noop("The declarer cannot call himself in {what}."),
    "official_contra_not_doubled": gettext_noop(
        "An official contra (hivatalos kontra) is a kontra on the game: game_contra must be at least 1."
    ),
    "card_points_range": gettext_noop("Card points are 0..{high}, not {value}."),
    "card_points_total": gettext_noop("{what}"),
    "tricks_range": gettext_noop("Tricks are 0..{high} in this game, not {value}."),
    "volat_tricks_mismatch": gettext_noop(
        "A volát takes every trick: the declarer's party has {expected} tricks, not {value}."
    ),
    "volat_points_mismatch": gettext_noop(
        "A party with the volát has at least 71 card points; the declarer's party has {value}."
    ),
    "figure_not_in_contract": gettext_noop("{figure} is not played in {what}."),
    "figure_made_by_both": gettext_noop("Only one party can make {figure}."),
    "figure_wrong_party": gettext_noop("Only the declarer's party plays for {figure}."),
    "figures_conflict": gettext_noop("{what}"),
    "duplicate_announcement": gettext_noop("The {party} announce {figure} more than once."),
    "counter_without_contra": gettext_noop(
        "Both parties announce {figure}; the second announcement comes only after a kontra."
    ),
    "contra_out_of_range": gettext_noop("The kontra level is 0..{high} here, not {value}."),
    "ultimo_call_needs_ultimo": gettext_noop("An ultimóhívás needs the declarer's announced pagátultimó."),
    "concession_invalid": gettext_noop(
        "Only a declarer left alone in an ultimóhívás (called trump out of play) can concede."
    ),
    "declarer_not_forehand": gettext_noop("{contract} belongs to the forehand, {expected}."),
    "trump_count_invalid": gettext_noop("{what}"),
    "hand_bonus_conflict": gettext_noop("{what}"),
    "bonus_needs_bid": gettext_noop("{player} took no part in the bidding, so he cannot claim {bonus}."),
    "offence_invalid": gettext_noop("{what}"),
    "talon_honours_invalid": gettext_noop("{what}"),
}

register_messages(FAMILY, HUNGARIAN_MESSAGES)


problem = family_problem_maker(FAMILY)  # a problem of a Hungarian record: its texts first
