"""Hungarian tarokk: the six games of Tolnai 1930 (book 002) — Paskievics, Magyar tarokk, Királyhívó,
Tapper, Strómann, Trisák — with the ultimókassza (`pot`) where a game keeps one. `FAMILY` is the
family as the shared core and the club use it (`rules.family.Family`).

    rules = ruleset("paskievics", {"pot": True})                 # InvalidRecord on a bad override
    events, state = play(deal, table, TableState(pot=0), rules)   # raises InvalidRecord
"""

from .engine import HUNGARIAN as FAMILY
from .engine import TableState, check_deal, check_sitting, play, replay, settle, settle_sitting
from .messages import HUNGARIAN_MESSAGES
from .presets import PARAMETERS, PRESETS, RuleSet, resolve, ruleset
from .records import POT, Deal, Sitting, parse_deal, parse_sitting
from .settlement import Event, close, settle_deal
from .validation import Parties, active_players, forehand, parties, validate_deal

__all__ = [
    "FAMILY",
    "HUNGARIAN_MESSAGES",
    "PARAMETERS",
    "POT",
    "PRESETS",
    "Deal",
    "Event",
    "Parties",
    "RuleSet",
    "Sitting",
    "TableState",
    "active_players",
    "check_deal",
    "check_sitting",
    "close",
    "forehand",
    "parse_deal",
    "parse_sitting",
    "parties",
    "play",
    "replay",
    "resolve",
    "ruleset",
    "settle",
    "settle_deal",
    "settle_sitting",
    "validate_deal",
]
