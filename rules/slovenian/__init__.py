"""Slovenian tarok (slovenian-tarok.md, sitting-format-slovenian.md): one rule set, `slovenian`,
with the 22 club parameters of its §11; the radelci each member holds are the table's state, and
the ledger posts money points (R81, R82). `FAMILY` is the family as the shared core and the club
use it (`rules.family.Family`).

    rules = ruleset("slovenian", {"difference_rounding": 1})        # InvalidRecord on a bad override
    events, state = play(deal, table, TableState({"Ana": 1}), rules)  # raises InvalidRecord
"""

from .engine import SLOVENIAN as FAMILY
from .engine import TableState, check_deal, check_sitting, play, replay, settle, settle_sitting
from .messages import SLOVENIAN_MESSAGES
from .presets import PARAMETERS, PRESETS, RuleSet, resolve, ruleset
from .records import Bonus, Deal, Sitting, parse_deal, parse_sitting
from .settlement import Event, close, money_points, round_to, settle_deal
from .validation import active_members, validate_deal

__all__ = [
    "FAMILY",
    "PARAMETERS",
    "PRESETS",
    "SLOVENIAN_MESSAGES",
    "Bonus",
    "Deal",
    "Event",
    "RuleSet",
    "Sitting",
    "TableState",
    "active_members",
    "check_deal",
    "check_sitting",
    "close",
    "money_points",
    "parse_deal",
    "parse_sitting",
    "play",
    "replay",
    "resolve",
    "round_to",
    "ruleset",
    "settle",
    "settle_deal",
    "settle_sitting",
    "validate_deal",
]
