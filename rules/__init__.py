"""Tarokbog's rules engine: Danish Tarok records in, validated settlements out.

Pure Python, standard library only, deterministic. The one place where tarok arithmetic lives:
`club/` and `ledger/` ask here what a deal costs and post what they are told.

    rules = ruleset("vlk-2010", {"nolo": 30})
    events, state = play(deal, table, TableState(Cups()), rules)
"""

from .engine import TableState, play, replay, settle_sitting
from .presets import DEFAULT_PRESET, OFFENCES, OVERRIDABLE, PRESETS, FineRule, RuleSet, resolve, ruleset
from .problems import InvalidRecord, Problem
from .records import Cups, Deal, Sitting, parse_deal, parse_sitting
from .settlement import Event, LineItem, close, fund, rounded_count
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
    "InvalidRecord",
    "LineItem",
    "Problem",
    "RuleSet",
    "Sitting",
    "close",
    "fund",
    "TableState",
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
