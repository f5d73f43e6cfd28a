"""Danish Tarok: the four presets of `docs/rules.md` (vlk-2010, ensartede, schiellerup-1900,
schwartz-1847) — records, presets, validation and settlement with the Pagatkop and Kongekop.
"""

from ..events import LineItem
from .engine import TableState, check_sitting, play, replay, settle_sitting
from .presets import DEFAULT_PRESET, OFFENCES, OVERRIDABLE, PRESETS, FineRule, RuleSet, resolve, ruleset
from .records import Cups, Deal, Sitting, parse_deal, parse_sitting
from .settlement import Event, close, fund, rounded_count
from .validation import seat_order_from, validate_deal, validate_table

__all__ = [
    "DEFAULT_PRESET",
    "OFFENCES",
    "OVERRIDABLE",
    "PRESETS",
    "Cups",
    "Deal",
    "Event",
    "FineRule",
    "LineItem",
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
    "settle_sitting",
    "validate_deal",
    "validate_table",
]
