"""Danish Tarok: the four presets (vlk-2010, ensartede, schiellerup-1900, schwartz-1847) — records,
presets, validation and settlement with the Pagatkop and Kongekop. `FAMILY` is the family as the
shared core and the club use it (`rules.family.Family`).
"""

from .engine import DANISH as FAMILY
from .engine import TableState, check_sitting, play, replay, settle, settle_sitting
from .messages import DANISH_MESSAGES
from .presets import DEFAULT_PRESET, OFFENCES, OVERRIDABLE, PRESETS, FineRule, RuleSet, resolve, ruleset
from .records import Cups, Deal, Sitting, parse_deal, parse_sitting
from .settlement import Event, close, fund, rounded_count
from .validation import seat_order_from, validate_deal

__all__ = [
    "DANISH_MESSAGES",
    "DEFAULT_PRESET",
    "FAMILY",
    "OFFENCES",
    "OVERRIDABLE",
    "PRESETS",
    "Cups",
    "Deal",
    "Event",
    "FineRule",
    "RuleSet",
    "Sitting",
    "TableState",
    "check_sitting",
    "close",
    "fund",
    "parse_deal",
    "parse_sitting",
    "play",
    "replay",
    "resolve",
    "rounded_count",
    "ruleset",
    "seat_order_from",
    "settle",
    "settle_sitting",
    "validate_deal",
]
