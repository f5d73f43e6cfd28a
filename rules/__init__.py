"""Tarokbog's rules engine: tarok records in, validated settlements out.

Pure Python, standard library only, deterministic. The one place where tarok arithmetic lives:
`club/` and `ledger/` ask here what a deal costs and post what they are told.

- `rules.problems` — what is wrong with a record, in English and Danish (shared by the families)
- `rules.replay` — a whole sitting record, dispatched to its family by `ruleset`
- `rules.danish` — Danish Tarok: four presets with the Pagatkop and Kongekop
- `rules.hungarian` — Hungarian tarokk: the six games of Tolnai 1930, with the pot (ultimókassza)
- `rules.events`, `rules.envelope` — the line items every family posts; reading a record's JSON

    rules = ruleset("vlk-2010", {"nolo": 30})
    events, state = play(deal, table, TableState(Cups()), rules)

The Danish names are exported here too, as the ones club/ and ledger/ were written against.
"""

from . import hungarian
from .danish import (
    DEFAULT_PRESET,
    OFFENCES,
    OVERRIDABLE,
    PRESETS,
    Cups,
    Deal,
    Event,
    FineRule,
    LineItem,
    RuleSet,
    Sitting,
    TableState,
    close,
    fund,
    parse_deal,
    parse_sitting,
    play,
    resolve,
    rounded_count,
    ruleset,
    seat_order_from,
    settle_sitting,
    validate_deal,
    validate_table,
)
from .problems import InvalidRecord, Problem
from .replay import family_of, replay

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
    "TableState",
    "close",
    "family_of",
    "fund",
    "hungarian",
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
