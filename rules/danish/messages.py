"""The Danish family's problem texts: English message ids, translated by the club's catalogues (`rules.texts`).

Registered with the core's catalogue (`rules.problems.register_messages`); the core's codes
(`required`, `wrong_type`, `unknown_key`, `not_at_table`, …) keep the core's texts. Danish game
words stay Danish in every language: Pagat, Skus, ultimo, bagud, tout, nolo.
"""

from __future__ import annotations

from ..problems import family_problem_maker, register_messages
from ..texts import Text, gettext_noop

FAMILY = "danish"

DANISH_MESSAGES: dict[str, Text] = {
    "unknown_override": gettext_noop("'{name}' is not a rule parameter that can be overridden."),
    "offence_not_in_preset": gettext_noop("The offence '{offence}' does not exist in {preset}."),
    "table_size": gettext_noop("A table seats 3, 4 or 5 members, not {count}."),
    "reserved_name": gettext_noop("'{player}' is reserved for the cups; choose another name."),
    "players_count": gettext_noop("A deal has exactly three players: dealer, forehand, middlehand."),
    "dealer_not_first": gettext_noop("The dealer must be listed first among the players."),
    "players_seat_order": gettext_noop("The players must follow the seat order from the dealer: expected {expected}."),
    "meld_needs_pagat_flag": gettext_noop("A taroks meld must say with or without the Pagat."),
    "meld_pagat_without_taroks": gettext_noop("'With/without Pagat' belongs to a taroks meld."),
    "meld_level_not_in_preset": gettext_noop("{preset} has no {level} meld."),
    "meld_scus_twice": gettext_noop("Only one player holds the Scus, but {players} meld with it."),
    "meld_court_twice": gettext_noop("Only one player can hold three court cards of {suit}."),
    "meld_kings_twice": gettext_noop("Only one player can meld Kings."),
    "meld_kings_conflict": gettext_noop("{holder}'s melds hold the King of {suit}, so this meld cannot hold it too."),
    "meld_kings_no_room": gettext_noop(
        "The other players' melds hold {count} Kings, so three Kings are not left for a half kings meld."
    ),
    "meld_matadors_over_taroks": gettext_noop("{matadors} matadors are more than the {taroks} taroks melded."),
    "meld_matadors_without_pagat": gettext_noop("Matadors hold the Pagat, so the taroks meld cannot be without it."),
    "meld_missing_not_half": gettext_noop("Only a half meld misses a card; a {level} meld has them all."),
    "pagat_skat_melded": gettext_noop("The dealer melded the Pagat ({what}), so he did not lay it in the skat."),
    "meld_pagat_twice": gettext_noop("Only one player holds the Pagat, but {players} meld with it."),
    "meld_taroks_total": gettext_noop("The taroks melded add up to {total}; there are only 22."),
    "pagat_holder_conflict": gettext_noop("The melds say {expected} holds the Pagat."),
    "pagat_holder_excluded": gettext_noop("{player} melded taroks without the Pagat."),
    "pagat_skat_not_dealer": gettext_noop("Only the dealer lays the skat."),
    "pagat_skat_forbidden": gettext_noop("{preset} does not allow the Pagat in the skat."),
    "king_holder_conflict": gettext_noop("The melds say {expected} holds this King."),
    "king_holder_excluded": gettext_noop("{player}'s meld says he does not hold this King."),
    "last_trick_required": gettext_noop("Who won the last trick?"),
    "last_trick_nolo": gettext_noop("The nolo player took no trick, so not the last one."),
    "last_trick_barred": gettext_noop("{player} had wrong cards and cannot win the last trick."),
    "ultimo_not_winner": gettext_noop("An ultimo card wins the last trick: its holder must be the winner, {winner}."),
    "bagud_is_winner": gettext_noop("A card that goes bagud loses the last trick; {winner} won it."),
    "two_cards_last_trick": gettext_noop("{player} plays one card to the last trick, not {cards}."),
    "nolo_with_tout": gettext_noop("A deal cannot have both a nolo and a tout."),
    "nolo_took_trick": gettext_noop("The nolo player took no trick, so he cannot have {what}."),
    "tout_not_winner": gettext_noop("The tout player took every trick, so also the last one."),
    "tout_other_took_trick": gettext_noop("{player} took a trick ({what}) during {touter}'s tout."),
    "tout_failed_not_in_preset": gettext_noop("{preset} has no rule for a failed tout."),
    "count_players": gettext_noop("Give the counts of two or three players."),
    "count_counters": gettext_noop("The counters are the dealer and middlehand ({expected})."),
    "count_total": gettext_noop("The counts add up to {total}; {rule}."),
    "stopped_needs_offence": gettext_noop("Only a revoke, wrong cards or a wrong skat stops a deal."),
    "stopped_required": gettext_noop("{offence} stops the deal in {preset}: mark the deal as stopped."),
    "stopped_has_play": gettext_noop("A stopped deal has no {what}."),
    "fine_player_not_dealer": gettext_noop("Only the dealer lays the skat."),
    "fine_not_previous_dealer": gettext_noop("The cups are pushed on by the previous dealer, {expected}."),
    "fine_meld_required": gettext_noop("{preset} pays back the wrong meld's value: record the meld with the fine."),
    "fine_meld_not_allowed": gettext_noop("Only a fine for a wrong or out-of-time meld carries a meld."),
    "wrong_skat_correctable": gettext_noop(
        "Nobody else has melded yet, so the skat is put right and nothing is recorded (001 L275)."
    ),
    "culprit_not_in_preset": gettext_noop("{preset} has no rule for a culprit paying."),
    "culprit_without_offence": gettext_noop("{player} has no fine that can cause an ultimo or bagud."),
    "culprit_nothing_caused": gettext_noop("There is no {caused} for the culprit to have caused."),
    "culprit_is_beneficiary": gettext_noop("The culprit cannot be the player whose {caused} he caused."),
    "culprit_prevented_only": gettext_noop("'{key}' belongs to a prevented ultimo only."),
    "culprit_nothing_prevented": gettext_noop("No ultimo can have been prevented in a deal with {what}."),
    "culprit_victim_barred": gettext_noop("{player} may not ultimo this deal, so no ultimo of his was prevented."),
    "culprit_victim_not_holder": gettext_noop("The prevented ultimo was made with {card}, which {holder} held."),
    "close_not_split_or_carry": gettext_noop("Close a sitting by 'split' or 'carry'."),
    "no_cups_in_preset": gettext_noop("{preset} plays without cups."),
}

register_messages(FAMILY, DANISH_MESSAGES)

problem = family_problem_maker(FAMILY)
