"""The Hungarian games' parameters described (`rules.parameters`): meaning and Tolnai 1930 line."""

from __future__ import annotations

from ..parameters import AMOUNT, CHOICE, FLAG, Parameter
from ..texts import Text, gettext_noop
from .presets import _AMOUNT, PARAMETERS, PRESETS

# override name -> (seed line, its meaning); the game words stay Hungarian.
_NOTES: dict[str, tuple[str, Text]] = {
    "max_contra": ("002 L697", gettext_noop("Highest kontra level (0: no kontra)")),
    "silent_vs_contra": (
        "002 L799",
        gettext_noop("A silent figure against a kontra'd game: the larger, replace or multiply"),
    ),
    "faulty_discard": ("002 L534-L540", gettext_noop("A faulty discard: strict (as a revoke) or mild")),
    "penalty_counts_contras": ("002 L697", gettext_noop("A penalty counts the kontras")),
    "penalty_replaces_result": (
        "002 L1000-L1002",
        gettext_noop("A penalty replaces the game, its figures and the pot"),
    ),
    "pot": ("002 L839-L847", gettext_noop("Keep an ultimókassza (pot) at the table")),
    "pot_fund": ("decision", gettext_noop("Each player pays this into an empty ultimókassza")),
    "no_game_pot": ("002 L550", gettext_noop("Each player pays this into the ultimókassza on a no-game deal")),
    "lost_three_pot": ("002 L387", gettext_noop("A declarer who loses a three pays this into the ultimókassza")),
    "official_contra_doubles": ("002 L697", gettext_noop("The official kontra doubles the game")),
    "trump_count_payers": ("002 L636-L652", gettext_noop("Who pays the trump count: all or the opponents")),
    "honourless_bid_fine": ("002 L544", gettext_noop("Fine for bidding without an honour")),
    "dealer_cries_and_laughs": ("002 L580-L582", gettext_noop("The dealer cries and laughs (sír és nevet)")),
    "ujlak_talon_honours": ("002 L562-L566", gettext_noop("Honours taken from the talon pay (Újlak custom)")),
    "ultimo_as_figure": ("002 L1191-L1199", gettext_noop("The ultimo counts as a figure in every contract")),
    "called_king_fine": ("002 L1207", gettext_noop("Fine when the called King is not played")),
    "thrown_game_fee": ("002 L1189", gettext_noop("Each pays this when the game is thrown")),
    "deck": ("002 L1223-L1246", gettext_noop("Cards in the deck: 54 or 42")),
    "trump_bonus": ("002 L1254", gettext_noop("Value of the trump count by agreement (0: not played)")),
    "fejek_needs_bid": ("002 L1270-L1275", gettext_noop("Hand bonuses (fejek) need a bid")),
    "fejek_value": ("002 L1270", gettext_noop("Value of a hand bonus (fejek)")),
    "trisak_tie": ("002 L1335", gettext_noop("Tied top scorers in trisákolás: all pay or none pay")),
}


def describe(preset: str) -> list[Parameter]:
    """Every parameter a season of `preset` may change (its row of docs/rules-hungarian.md, "Parameters")."""
    base = PRESETS[preset]
    found = []
    for name, check in PARAMETERS.items():
        if name not in base.overridable:
            continue
        ref, meaning = _NOTES[name]
        if check is bool:
            kind, choices = FLAG, ()
        elif check == _AMOUNT:
            kind, choices = AMOUNT, ()
        else:
            kind, choices = CHOICE, tuple(check)
        found.append(Parameter(name, kind, getattr(base, name), meaning, ref, choices))
    return found
