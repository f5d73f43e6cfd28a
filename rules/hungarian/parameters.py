"""The Hungarian games' parameters described (`rules.parameters`): meaning and Tolnai 1930 line."""

from __future__ import annotations

from ..parameters import AMOUNT, CHOICE, FLAG, Parameter
from .presets import _AMOUNT, PARAMETERS, PRESETS

# override name -> (seed line, English meaning, Danish meaning); the game words stay Hungarian.
_NOTES: dict[str, tuple[str, str, str]] = {
    "max_contra": ("002 L697", "Highest kontra level (0: no kontra)", "Højeste kontra-niveau (0: ingen kontra)"),
    "silent_vs_contra": (
        "002 L799",
        "A silent figure against a kontra'd game: the larger, replace or multiply",
        "Stille figur mod et kontreret spil: den største, erstat eller gang",
    ),
    "faulty_discard": (
        "002 L534-L540",
        "A faulty discard: strict (as a revoke) or mild",
        "Fejlagtig lægning: streng (som renonce) eller mild",
    ),
    "penalty_counts_contras": ("002 L697", "A penalty counts the kontras", "En straf tæller kontraerne med"),
    "penalty_replaces_result": (
        "002 L1000-L1002",
        "A penalty replaces the game, its figures and the pot",
        "En straf erstatter spillet, figurerne og ultimókasszaen",
    ),
    "pot": ("002 L839-L847", "Keep an ultimókassza (pot) at the table", "Hold en ultimókassza ved bordet"),
    "pot_fund": (
        "decision",
        "Each player pays this into an empty ultimókassza",
        "Hver spiller betaler dette i en tom ultimókassza",
    ),
    "no_game_pot": (
        "002 L550",
        "Each player pays this into the ultimókassza on a no-game deal",
        "Hver spiller betaler dette i ultimókasszaen, når der ikke spilles",
    ),
    "lost_three_pot": (
        "002 L387",
        "A declarer who loses a three pays this into the ultimókassza",
        "En spilfører, der taber en három, betaler dette i ultimókasszaen",
    ),
    "official_contra_doubles": (
        "002 L697",
        "The official kontra doubles the game",
        "Den officielle kontra fordobler spillet",
    ),
    "trump_count_payers": (
        "002 L636-L652",
        "Who pays the trump count: all or the opponents",
        "Hvem betaler trumftællingen: alle eller modspillerne",
    ),
    "honourless_bid_fine": ("002 L544", "Fine for bidding without an honour", "Bøde for at byde uden honnør"),
    "dealer_cries_and_laughs": (
        "002 L580-L582",
        "The dealer cries and laughs (sír és nevet)",
        "Giveren græder og ler (sír és nevet)",
    ),
    "ujlak_talon_honours": (
        "002 L562-L566",
        "Honours taken from the talon pay (Újlak custom)",
        "Honnører taget fra talonen betaler (skik i Újlak)",
    ),
    "ultimo_as_figure": (
        "002 L1191-L1199",
        "The ultimo counts as a figure in every contract",
        "Ultimo tæller som figur i alle kontrakter",
    ),
    "called_king_fine": (
        "002 L1207",
        "Fine when the called King is not played",
        "Bøde, når den kaldte konge ikke spilles",
    ),
    "thrown_game_fee": (
        "002 L1189",
        "Each pays this when the game is thrown",
        "Hver betaler dette, når spillet kastes",
    ),
    "deck": ("002 L1223-L1246", "Cards in the deck: 54 or 42", "Kort i spillet: 54 eller 42"),
    "trump_bonus": (
        "002 L1254",
        "Value of the trump count by agreement (0: not played)",
        "Værdi af trumftælling efter aftale (0: spilles ikke)",
    ),
    "fejek_needs_bid": ("002 L1270-L1275", "Hand bonuses (fejek) need a bid", "Håndbonusser (fejek) kræver et bud"),
    "fejek_value": ("002 L1270", "Value of a hand bonus (fejek)", "Værdi af en håndbonus (fejek)"),
    "trisak_tie": (
        "002 L1335",
        "Tied top scorers in trisákolás: all pay or none pay",
        "Lige topscorere i trisákolás: alle betaler eller ingen",
    ),
}


def describe(preset: str) -> list[Parameter]:
    """Every parameter a season of `preset` may change (its row of docs/rules-hungarian.md, "Parameters")."""
    base = PRESETS[preset]
    found = []
    for name, check in PARAMETERS.items():
        if name not in base.overridable:
            continue
        ref, meaning, meaning_da = _NOTES[name]
        if check is bool:
            kind, choices = FLAG, ()
        elif check == _AMOUNT:
            kind, choices = AMOUNT, ()
        else:
            kind, choices = CHOICE, tuple(check)
        found.append(Parameter(name, kind, getattr(base, name), meaning, meaning_da, ref, choices))
    return found
