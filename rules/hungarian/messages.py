"""The Hungarian family's problem texts, in English, Danish and Hungarian.

Registered with the core's catalogue (`rules.problems.register_messages`); the core's codes
(`required`, `wrong_type`, `unknown_key`, `not_at_table`, …) keep the core's texts. Hungarian game
words stay Hungarian in every language: tulétroá, volát, pagátultimó, kontra.
"""

from __future__ import annotations

from ..problems import Texts, family_problem_maker, register_messages

FAMILY = "hungarian"

HUNGARIAN_MESSAGES: dict[str, Texts] = {
    "unknown_override": (
        "'{name}' is not a parameter of {preset} that a club can change.",
        "'{name}' er ikke en parameter i {preset}, som en klub kan ændre.",
        "'{name}' nem olyan paramétere a(z) {preset} játéknak, amelyet egy klub módosíthat.",
    ),
    "bad_override": (
        "'{value}' is not a value of {name}: expected {expected}.",
        "'{value}' er ikke en værdi for {name}: forventede {expected}.",
        "'{value}' nem lehet a(z) {name} értéke: várt érték {expected}.",
    ),
    "table_size": (
        "A {preset} table seats {sizes} members, not {count}.",
        "Et {preset}-bord har {sizes_da} spillere, ikke {count}.",
        "A(z) {preset} asztalánál {sizes_hu} tag ül, nem {count}.",
    ),
    "reserved_name": (
        "'{player}' is the name of the table's pot (ultimókassza); choose another name.",
        "'{player}' er navnet på bordets pulje (ultimókassza); vælg et andet navn.",
        "'{player}' az asztal kasszájának (ultimókassza) neve; válasszon másik nevet.",
    ),
    "pot_not_kept": (
        "{preset} is played here without a pot (ultimókassza), so the sitting has no pot.",
        "{preset} spilles her uden pulje (ultimókassza), så spilleaftenen har ingen pulje.",
        "A(z) {preset} itt kassza (ultimókassza) nélkül megy, így a játékestnek nincs kasszája.",
    ),
    "contract_fields": (
        "'{key}' does not belong to {what}.",
        "'{key}' hører ikke til {what_da}.",
        "'{key}' nem tartozik ide: {what_hu}.",
    ),
    "choice_out_of_range": (
        "The talon choice of a {contract} is {low}..{high}, not {value}.",
        "Talonvalget i en {contract} er {low}..{high}, ikke {value}.",
        "A(z) {contract} talonválasztása {low}..{high}, nem {value}.",
    ),
    "called_card": (
        "The called trump is {low}..{high} (II..{roman}), not {value}.",
        "Den kaldte tarok er {low}..{high} (II..{roman}), ikke {value}.",
        "A hívott tarokk {low}..{high} (II..{roman}), nem {value}.",
    ),
    "partner_invalid": (
        "The declarer cannot call himself in {what}.",
        "Spilføreren kan ikke kalde sig selv i {what_da}.",
        "A felvevő nem hívhatja önmagát ebben: {what_hu}.",
    ),
    "official_contra_not_doubled": (
        "An official contra (hivatalos kontra) is a kontra on the game: game_contra must be at least 1.",
        "En officiel kontra (hivatalos kontra) er en kontra på spillet: game_contra skal være mindst 1.",
        "A hivatalos kontra a játékra szóló kontra: a game_contra legalább 1.",
    ),
    "card_points_range": (
        "Card points are 0..{high}, not {value}.",
        "Kortpoint er 0..{high}, ikke {value}.",
        "A kártyapont 0..{high}, nem {value}.",
    ),
    "card_points_total": (
        "{what}",
        "{what_da}",
        "{what_hu}",
    ),
    "tricks_range": (
        "Tricks are 0..{high} in this game, not {value}.",
        "Stik er 0..{high} i dette spil, ikke {value}.",
        "Az ütések száma ebben a játékban 0..{high}, nem {value}.",
    ),
    "volat_tricks_mismatch": (
        "A volát takes every trick: the declarer's party has {expected} tricks, not {value}.",
        "En volát tager alle stik: spilførerens parti har {expected_da} stik, ikke {value}.",
        "A volát minden ütést elvisz: a felvevő párjának ütései {expected_hu}, nem {value}.",
    ),
    "volat_points_mismatch": (
        "A party with the volát has at least 71 card points; the declarer's party has {value}.",
        "Et parti med volát har mindst 71 kortpoint; spilførerens parti har {value}.",
        "A volátot csináló pár legalább 71 kártyapontot visz; a felvevő párjáé {value}.",
    ),
    "figure_not_in_contract": (
        "{figure} is not played in {what}.",
        "{figure} spilles ikke i {what_da}.",
        "{figure} nem játszható ebben: {what_hu}.",
    ),
    "figure_made_by_both": (
        "Only one party can make {figure}.",
        "Kun ét parti kan lave {figure}.",
        "{figure} csak az egyik párnak sikerülhet.",
    ),
    "figure_wrong_party": (
        "Only the declarer's party plays for {figure}.",
        "Kun spilførerens parti spiller om {figure}.",
        "{figure} csak a felvevő párjának jár.",
    ),
    "figures_conflict": (
        "{what}",
        "{what_da}",
        "{what_hu}",
    ),
    "duplicate_announcement": (
        "The {party} announce {figure} more than once.",
        "{party_da} melder {figure} mere end én gang.",
        "{party_hu} többször is bemondja: {figure}.",
    ),
    "counter_without_contra": (
        "Both parties announce {figure}; the second announcement comes only after a kontra.",
        "Begge partier melder {figure}; den anden melding kommer kun efter en kontra.",
        "Mindkét pár bemondja: {figure}; a második bemondás csak kontra után jöhet.",
    ),
    "contra_out_of_range": (
        "The kontra level is 0..{high} here, not {value}.",
        "Kontra-niveauet er 0..{high} her, ikke {value}.",
        "A kontra szintje itt 0..{high}, nem {value}.",
    ),
    "ultimo_call_needs_ultimo": (
        "An ultimóhívás needs the declarer's announced pagátultimó.",
        "En ultimóhívás kræver spilførerens meldte pagátultimó.",
        "Az ultimóhíváshoz a felvevő bemondott pagátultimója kell.",
    ),
    "concession_invalid": (
        "Only a declarer left alone in an ultimóhívás (called trump out of play) can concede.",
        "Kun en spilfører, der står alene i en ultimóhívás (kaldt tarok ude af spil), kan opgive.",
        "Csak az ultimóhívásban egyedül maradt felvevő (a hívott tarokk nincs játékban) adhatja fel.",
    ),
    "declarer_not_forehand": (
        "{contract} belongs to the forehand, {expected}.",
        "{contract} tilhører forhånden, {expected}.",
        "A(z) {contract} az előkézé, {expected}.",
    ),
    "trump_count_invalid": (
        "{what}",
        "{what_da}",
        "{what_hu}",
    ),
    "hand_bonus_conflict": (
        "{what}",
        "{what_da}",
        "{what_hu}",
    ),
    "bonus_needs_bid": (
        "{player} took no part in the bidding, so he cannot claim {bonus}.",
        "{player} deltog ikke i budgivningen og kan ikke kræve {bonus}.",
        "{player} nem vett részt a licitben, így nem jár neki: {bonus}.",
    ),
    "offence_invalid": (
        "{what}",
        "{what_da}",
        "{what_hu}",
    ),
    "talon_honours_invalid": (
        "{what}",
        "{what_da}",
        "{what_hu}",
    ),
}

register_messages(FAMILY, HUNGARIAN_MESSAGES)


problem = family_problem_maker(FAMILY)  # a problem of a Hungarian record: its texts first
