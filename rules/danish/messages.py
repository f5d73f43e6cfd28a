"""The Danish family's problem texts, in English, Danish and Hungarian.

Registered with the core's catalogue (`rules.problems.register_messages`); the core's codes
(`required`, `wrong_type`, `unknown_key`, `not_at_table`, …) keep the core's texts. Danish game
words stay Danish in every language: Pagat, Skus, ultimo, bagud, tout, nolo.
"""

from __future__ import annotations

from ..problems import Texts, family_problem_maker, register_messages

FAMILY = "danish"

DANISH_MESSAGES: dict[str, Texts] = {
    "unknown_override": (
        "'{name}' is not a rule parameter that can be overridden.",
        "'{name}' er ikke en regelparameter, der kan ændres.",
        "'{name}' nem módosítható szabályparaméter.",
    ),
    "offence_not_in_preset": (
        "The offence '{offence}' does not exist in {preset}.",
        "Forseelsen '{offence}' findes ikke i {preset}.",
        "'{offence}' vétség nem létezik a(z) {preset} szabályaiban.",
    ),
    "table_size": (
        "A table seats 3, 4 or 5 members, not {count}.",
        "Et bord har 3, 4 eller 5 spillere, ikke {count}.",
        "Egy asztalnál 3, 4 vagy 5 tag ül, nem {count}.",
    ),
    "reserved_name": (
        "'{player}' is reserved for the cups; choose another name.",
        "'{player}' er reserveret til kopperne; vælg et andet navn.",
        "'{player}' a kasszák neve; válasszon másik nevet.",
    ),
    "players_count": (
        "A deal has exactly three players: dealer, forehand, middlehand.",
        "Et spil har præcis tre spillere: giver, forhånd, mellemhånd.",
        "Egy leosztásnak pontosan három játékosa van: osztó, előkéz, középkéz.",
    ),
    "dealer_not_first": (
        "The dealer must be listed first among the players.",
        "Giveren skal stå først blandt spillerne.",
        "Az osztónak kell elsőnek állnia a játékosok között.",
    ),
    "players_seat_order": (
        "The players must follow the seat order from the dealer: expected {expected}.",
        "Spillerne skal følge bordets rækkefølge fra giveren: forventet {expected}.",
        "A játékosoknak az osztótól kezdve az ülésrendet kell követniük: várt sorrend {expected}.",
    ),
    "meld_needs_pagat_flag": (
        "A taroks meld must say with or without the Pagat.",
        "En tarokmelding skal sige med eller uden Pagat.",
        "Egy tarokk-meldingnek meg kell mondania, hogy Pagattal vagy Pagat nélkül.",
    ),
    "meld_pagat_without_taroks": (
        "'With/without Pagat' belongs to a taroks meld.",
        "'Med/uden Pagat' hører til en tarokmelding.",
        "A „Pagattal/Pagat nélkül” a tarokk-meldinghez tartozik.",
    ),
    "meld_level_not_in_preset": (
        "{preset} has no {level} meld.",
        "{preset} har ingen {level_da} melding.",
        "A(z) {preset} szabályaiban nincs {level_hu} melding.",
    ),
    "meld_scus_twice": (
        "Only one player holds the Scus, but {players} meld with it.",
        "Kun én spiller har Skusen, men {players} melder med den.",
        "A Skus csak egy játékosnál lehet, de {players} is meldingel vele.",
    ),
    "meld_court_twice": (
        "Only one player can hold three court cards of {suit}.",
        "Kun én spiller kan have tre billedkort i {suit_da}.",
        "Csak egy játékosnál lehet három figura ebből a színből: {suit_hu}.",
    ),
    "meld_kings_twice": (
        "Only one player can meld Kings.",
        "Kun én spiller kan melde konger.",
        "Csak egy játékos meldingelhet királyokat.",
    ),
    "meld_kings_conflict": (
        "{holder}'s melds hold the King of {suit}, so this meld cannot hold it too.",
        "{holder}s meldinger har {suit_da} konge, så denne melding kan ikke også have den.",
        "{holder} meldingjeiben ott a(z) {suit_hu} király, így ebben a meldingben nem lehet.",
    ),
    "meld_kings_no_room": (
        "The other players' melds hold {count} Kings, so three Kings are not left for a half kings meld.",
        "De andre spilleres meldinger har {count} konger, så der er ikke tre konger tilbage til halve konger.",
        "A többi játékos meldingjeiben {count} király van, így nem maradt három király egy fél királymeldinghez.",
    ),
    "meld_matadors_over_taroks": (
        "{matadors} matadors are more than the {taroks} taroks melded.",
        "{matadors} matadorer er flere end de {taroks} meldte tarokker.",
        "{matadors} matador több, mint a meldingelt {taroks} tarokk.",
    ),
    "meld_matadors_without_pagat": (
        "Matadors hold the Pagat, so the taroks meld cannot be without it.",
        "Matadorer har Pagaten, så tarokmeldingen kan ikke være uden Pagat.",
        "A matadorok között ott a Pagat, így a tarokk-melding nem lehet nélküle.",
    ),
    "meld_missing_not_half": (
        "Only a half meld misses a card; a {level} meld has them all.",
        "Kun en halv melding mangler et kort; en {level_da} melding har dem alle.",
        "Csak a fél meldingből hiányzik egy lap; a(z) {level_hu} meldingben mind megvan.",
    ),
    "pagat_skat_melded": (
        "The dealer melded the Pagat ({what}), so he did not lay it in the skat.",
        "Giveren meldte Pagaten ({what_da}), så han lagde den ikke i skaten.",
        "Az osztó meldingelte a Pagatot ({what_hu}), tehát nem tette a skatba.",
    ),
    "meld_pagat_twice": (
        "Only one player holds the Pagat, but {players} meld with it.",
        "Kun én spiller har Pagaten, men {players} melder med den.",
        "A Pagat csak egy játékosnál lehet, de {players} is meldingel vele.",
    ),
    "meld_taroks_total": (
        "The taroks melded add up to {total}; there are only 22.",
        "De meldte tarokker bliver {total}; der er kun 22.",
        "A meldingelt tarokkok száma {total}; csak 22 van.",
    ),
    "pagat_holder_conflict": (
        "The melds say {expected} holds the Pagat.",
        "Meldingerne siger, at {expected} har Pagaten.",
        "A meldingek szerint a Pagat {expected} kezében van.",
    ),
    "pagat_holder_excluded": (
        "{player} melded taroks without the Pagat.",
        "{player} meldte tarokker uden Pagat.",
        "{player} Pagat nélkül meldingelt tarokkot.",
    ),
    "pagat_skat_not_dealer": (
        "Only the dealer lays the skat.",
        "Kun giveren lægger skat.",
        "Skatot csak az osztó tesz.",
    ),
    "pagat_skat_forbidden": (
        "{preset} does not allow the Pagat in the skat.",
        "{preset} tillader ikke Pagaten i skaten.",
        "A(z) {preset} nem engedi a Pagatot a skatban.",
    ),
    "king_holder_conflict": (
        "The melds say {expected} holds this King.",
        "Meldingerne siger, at {expected} har denne konge.",
        "A meldingek szerint ez a király {expected} kezében van.",
    ),
    "king_holder_excluded": (
        "{player}'s meld says he does not hold this King.",
        "{player}s melding siger, at han ikke har denne konge.",
        "{player} meldingje szerint ez a király nincs nála.",
    ),
    "last_trick_required": (
        "Who won the last trick?",
        "Hvem tog sidste stik?",
        "Ki vitte az utolsó ütést?",
    ),
    "last_trick_nolo": (
        "The nolo player took no trick, so not the last one.",
        "Nolospilleren tog intet stik, heller ikke det sidste.",
        "A nolo játékosa nem ütött, így az utolsót sem vihette.",
    ),
    "last_trick_barred": (
        "{player} had wrong cards and cannot win the last trick.",
        "{player} havde fejle kort og kan ikke tage sidste stik.",
        "{player} hibás lapokkal játszott, és nem viheti az utolsó ütést.",
    ),
    "ultimo_not_winner": (
        "An ultimo card wins the last trick: its holder must be the winner, {winner}.",
        "Et ultimokort tager sidste stik: dets ejer skal være vinderen, {winner}.",
        "Az ultimo lap viszi az utolsó ütést: a birtokosának kell a nyerőnek lennie, {winner}.",
    ),
    "bagud_is_winner": (
        "A card that goes bagud loses the last trick; {winner} won it.",
        "Et kort, der går bagud, taber sidste stik; {winner} tog det.",
        "A bagudra menő lap elveszti az utolsó ütést; {winner} vitte.",
    ),
    "two_cards_last_trick": (
        "{player} plays one card to the last trick, not {cards}.",
        "{player} lægger ét kort i sidste stik, ikke {cards}.",
        "{player} egy lapot tesz az utolsó ütésbe, nem {cards} lapot.",
    ),
    "nolo_with_tout": (
        "A deal cannot have both a nolo and a tout.",
        "Et spil kan ikke have både nolo og tout.",
        "Egy leosztásban nem lehet egyszerre nolo és tout.",
    ),
    "nolo_took_trick": (
        "The nolo player took no trick, so he cannot have {what}.",
        "Nolospilleren tog intet stik og kan ikke have {what_da}.",
        "A nolo játékosa nem ütött, így nem lehet {what_hu}.",
    ),
    "tout_not_winner": (
        "The tout player took every trick, so also the last one.",
        "Toutspilleren tog alle stik, også det sidste.",
        "A tout játékosa minden ütést vitt, az utolsót is.",
    ),
    "tout_other_took_trick": (
        "{player} took a trick ({what}) during {touter}'s tout.",
        "{player} tog et stik ({what_da}) under {touter}s tout.",
        "{player} ütött {touter} toutja alatt ({what_hu}).",
    ),
    "tout_failed_not_in_preset": (
        "{preset} has no rule for a failed tout.",
        "{preset} har ingen regel for en mislykket tout.",
        "A(z) {preset} szabályaiban nincs szabály a bukott toutra.",
    ),
    "count_players": (
        "Give the counts of two or three players.",
        "Angiv tællingen for to eller tre spillere.",
        "Két vagy három játékos számolását adja meg.",
    ),
    "count_counters": (
        "The counters are the dealer and middlehand ({expected}).",
        "Tællerne er giveren og mellemhånden ({expected}).",
        "A számolók az osztó és a középkéz ({expected}).",
    ),
    "count_total": (
        "The counts add up to {total}; {rule}.",
        "Tællingerne giver {total}; {rule_da}.",
        "A számolások összege {total}; {rule_hu}.",
    ),
    "stopped_needs_offence": (
        "Only a revoke, wrong cards or a wrong skat stops a deal.",
        "Kun kulørsvig, fejle kort eller fejl lagt skat standser et spil.",
        "Leosztást csak renonsz, hibás lapok vagy hibás skat szakít félbe.",
    ),
    "stopped_required": (
        "{offence} stops the deal in {preset}: mark the deal as stopped.",
        "{offence} standser spillet i {preset}: markér spillet som standset.",
        "A(z) {preset} szabályai szerint a(z) {offence} félbeszakítja a leosztást: jelölje félbeszakítottként.",
    ),
    "stopped_has_play": (
        "A stopped deal has no {what}.",
        "Et standset spil har ingen {what_da}.",
        "Félbeszakított leosztásban nincs {what_hu}.",
    ),
    "fine_player_not_dealer": (
        "Only the dealer lays the skat.",
        "Kun giveren lægger skat.",
        "Skatot csak az osztó tesz.",
    ),
    "fine_not_previous_dealer": (
        "The cups are pushed on by the previous dealer, {expected}.",
        "Kopperne skydes videre af forrige giver, {expected}.",
        "A kasszákat az előző osztó tolja tovább, {expected}.",
    ),
    "fine_meld_required": (
        "{preset} pays back the wrong meld's value: record the meld with the fine.",
        "{preset} betaler den forkerte meldings værdi tilbage: angiv meldingen ved bøden.",
        "A(z) {preset} visszafizeti a hibás melding értékét: adja meg a meldinget a büntetésnél.",
    ),
    "fine_meld_not_allowed": (
        "Only a fine for a wrong or out-of-time meld carries a meld.",
        "Kun en bøde for en forkert eller for tidlig/sen melding har en melding med.",
        "Csak a hibás vagy rossz időben mondott melding büntetéséhez tartozik melding.",
    ),
    "wrong_skat_correctable": (
        "Nobody else has melded yet, so the skat is put right and nothing is recorded (001 L275).",
        "Ingen anden har meldt endnu, så skaten rettes, og intet noteres (001 L275).",
        "Még senki más nem meldingelt, így a skatot kijavítják, és semmit sem kell rögzíteni (001 L275).",
    ),
    "culprit_not_in_preset": (
        "{preset} has no rule for a culprit paying.",
        "{preset} har ingen regel om, at synderen betaler.",
        "A(z) {preset} szabályaiban nincs szabály a vétkes fizetéséről.",
    ),
    "culprit_without_offence": (
        "{player} has no fine that can cause an ultimo or bagud.",
        "{player} har ingen bøde, der kan være skyld i en ultimo eller bagud.",
        "{player} büntetései közül egyik sem okozhat ultimót vagy bagudot.",
    ),
    "culprit_nothing_caused": (
        "There is no {caused} for the culprit to have caused.",
        "Der er ingen {caused} at være skyld i.",
        "Nincs {caused}, amelyet a vétkes okozhatott volna.",
    ),
    "culprit_is_beneficiary": (
        "The culprit cannot be the player whose {caused} he caused.",
        "Synderen kan ikke selv have den {caused}, han er skyld i.",
        "A vétkes nem lehet az a játékos, akinek a(z) {caused} javára szólt.",
    ),
    "culprit_prevented_only": (
        "'{key}' belongs to a prevented ultimo only.",
        "'{key}' hører kun til en forhindret ultimo.",
        "'{key}' csak megakadályozott ultimóhoz tartozik.",
    ),
    "culprit_nothing_prevented": (
        "No ultimo can have been prevented in a deal with {what}.",
        "Ingen ultimo kan være forhindret i et spil med {what_da}.",
        "Egy leosztásban, ahol {what_hu} van, egyetlen ultimo sem akadályozható meg.",
    ),
    "culprit_victim_barred": (
        "{player} may not ultimo this deal, so no ultimo of his was prevented.",
        "{player} må ikke ultimere i dette spil, så ingen ultimo blev forhindret for ham.",
        "{player} ebben a leosztásban nem mondhat ultimót, így egyetlen ultimóját sem akadályozták meg.",
    ),
    "culprit_victim_not_holder": (
        "The prevented ultimo was made with {card}, which {holder} held.",
        "Den forhindrede ultimo var med {card_da}, som {holder} havde.",
        "A megakadályozott ultimo lapja {card_hu} volt, amely {holder} kezében volt.",
    ),
    "close_not_split_or_carry": (
        "Close a sitting by 'split' or 'carry'.",
        "En spilleaften afsluttes med 'split' eller 'carry'.",
        "Egy játékestet 'split' vagy 'carry' zár le.",
    ),
    "no_cups_in_preset": (
        "{preset} plays without cups.",
        "{preset} spilles uden kopper.",
        "A(z) {preset} kasszák nélkül játszik.",
    ),
}

register_messages(FAMILY, DANISH_MESSAGES)

problem = family_problem_maker(FAMILY)
