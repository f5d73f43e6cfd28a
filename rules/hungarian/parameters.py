"""The Hungarian games' parameters described (`rules.parameters`): meaning and Tolnai 1930 line."""

from __future__ import annotations

from ..parameters import AMOUNT, CHOICE, FLAG, Parameter
from .presets import _AMOUNT, PARAMETERS, PRESETS

# override name -> (seed line, English, Danish and Hungarian meaning); the game words stay Hungarian.
_NOTES: dict[str, tuple[str, str, str, str]] = {
    "max_contra": (
        "002 L697",
        "Highest kontra level (0: no kontra)",
        "Højeste kontra-niveau (0: ingen kontra)",
        "A legmagasabb kontraszint (0: nincs kontra)",
    ),
    "silent_vs_contra": (
        "002 L799",
        "A silent figure against a kontra'd game: the larger, replace or multiply",
        "Stille figur mod et kontreret spil: den største, erstat eller gang",
        "Csendes figura kontrázott játék ellen: a nagyobb, helyettesíti vagy szorozza",
    ),
    "faulty_discard": (
        "002 L534-L540",
        "A faulty discard: strict (as a revoke) or mild",
        "Fejlagtig lægning: streng (som renonce) eller mild",
        "Hibás fektetés: szigorú (mint a renonsz) vagy enyhe",
    ),
    "penalty_counts_contras": (
        "002 L697",
        "A penalty counts the kontras",
        "En straf tæller kontraerne med",
        "A büntetés a kontrákat is számolja",
    ),
    "penalty_replaces_result": (
        "002 L1000-L1002",
        "A penalty replaces the game, its figures and the pot",
        "En straf erstatter spillet, figurerne og ultimókasszaen",
        "A büntetés a játék, a figurák és a kassza helyébe lép",
    ),
    "pot": (
        "002 L839-L847",
        "Keep an ultimókassza (pot) at the table",
        "Hold en ultimókassza ved bordet",
        "Ultimókassza (kassza) vezetése az asztalnál",
    ),
    "pot_fund": (
        "decision",
        "Each player pays this into an empty ultimókassza",
        "Hver spiller betaler dette i en tom ultimókassza",
        "Minden játékos ennyit fizet az üres ultimókasszába",
    ),
    "no_game_pot": (
        "002 L550",
        "Each player pays this into the ultimókassza on a no-game deal",
        "Hver spiller betaler dette i ultimókasszaen, når der ikke spilles",
        "Minden játékos ennyit fizet az ultimókasszába, ha nincs játék",
    ),
    "lost_three_pot": (
        "002 L387",
        "A declarer who loses a three pays this into the ultimókassza",
        "En spilfører, der taber en három, betaler dette i ultimókasszaen",
        "A hármast elvesztő felvevő ennyit fizet az ultimókasszába",
    ),
    "official_contra_doubles": (
        "002 L697",
        "The official kontra doubles the game",
        "Den officielle kontra fordobler spillet",
        "A hivatalos kontra duplázza a játékot",
    ),
    "trump_count_payers": (
        "002 L636-L652",
        "Who pays the trump count: all or the opponents",
        "Hvem betaler trumftællingen: alle eller modspillerne",
        "Ki fizeti a tarokkszámot: mindenki vagy az ellenfél",
    ),
    "honourless_bid_fine": (
        "002 L544",
        "Fine for bidding without an honour",
        "Bøde for at byde uden honnør",
        "Büntetés honőr nélküli licitért",
    ),
    "dealer_cries_and_laughs": (
        "002 L580-L582",
        "The dealer cries and laughs (sír és nevet)",
        "Giveren græder og ler (sír és nevet)",
        "Az osztó sír és nevet",
    ),
    "ujlak_talon_honours": (
        "002 L562-L566",
        "Honours taken from the talon pay (Újlak custom)",
        "Honnører taget fra talonen betaler (skik i Újlak)",
        "A talonból jött honőr is fizet (újlaki szokás)",
    ),
    "ultimo_as_figure": (
        "002 L1191-L1199",
        "The ultimo counts as a figure in every contract",
        "Ultimo tæller som figur i alle kontrakter",
        "Az ultimó minden játékban figurának számít",
    ),
    "called_king_fine": (
        "002 L1207",
        "Fine when the called King is not played",
        "Bøde, når den kaldte konge ikke spilles",
        "Büntetés, ha a hívott királyt az ellenfél viszi haza",
    ),
    "thrown_game_fee": (
        "002 L1189",
        "Each pays this when the game is thrown",
        "Hver betaler dette, når spillet kastes",
        "A felvevő ennyit fizet mindegyik társának, ha dobja a játékot",
    ),
    "deck": (
        "002 L1223-L1246",
        "Cards in the deck: 54 or 42",
        "Kort i spillet: 54 eller 42",
        "Lapok a pakliban: 54 vagy 42",
    ),
    "trump_bonus": (
        "002 L1254",
        "Value of the trump count by agreement (0: not played)",
        "Værdi af trumftælling efter aftale (0: spilles ikke)",
        "A tarokkszám értéke megállapodás szerint (0: nem játsszák)",
    ),
    "fejek_needs_bid": (
        "002 L1270-L1275",
        "Hand bonuses (fejek) need a bid",
        "Håndbonusser (fejek) kræver et bud",
        "A kézbónuszhoz (fejek) licit kell",
    ),
    "fejek_value": (
        "002 L1270",
        "Value of a hand bonus (fejek)",
        "Værdi af en håndbonus (fejek)",
        "Egy kézbónusz (fejek) értéke",
    ),
    "trisak_tie": (
        "002 L1335",
        "Tied top scorers in trisákolás: all pay or none pay",
        "Lige topscorere i trisákolás: alle betaler eller ingen",
        "Holtverseny a legtöbb pontért a trisákolásban: mindenki fizet vagy senki",
    ),
}


def describe(preset: str) -> list[Parameter]:
    """Every parameter a season of `preset` may change (its row of docs/rules-hungarian.md, "Parameters")."""
    base = PRESETS[preset]
    found = []
    for name, check in PARAMETERS.items():
        if name not in base.overridable:
            continue
        ref, meaning, meaning_da, meaning_hu = _NOTES[name]
        if check is bool:
            kind, choices = FLAG, ()
        elif check == _AMOUNT:
            kind, choices = AMOUNT, ()
        else:
            kind, choices = CHOICE, tuple(check)
        found.append(Parameter(name, kind, getattr(base, name), meaning, meaning_da, meaning_hu, ref, choices))
    return found
