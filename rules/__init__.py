"""Tarokbog's rules engine: tarok records in, validated settlements out.

Pure Python, standard library only, deterministic. The one place where tarok arithmetic lives:
`club/` and `ledger/` ask here what a deal costs and post what they are told.

- `rules.replay(record)` — a whole sitting record, settled by the family its `ruleset` names
- `rules.family_of(preset_or_ruleset)` — that family (`rules.family.Family`); `rules.FAMILIES` lists them
- `rules.check_sitting`, `rules.settle_sitting`, `rules.check_deal` — the one sitting loop, given a family
- `rules.Problem`, `rules.InvalidRecord` — what is wrong with a record, in English and Danish
- `rules.LineItem` — one balanced movement of points, as every family settles into them

    family = rules.family_of("paskievics")
    game = family.ruleset("paskievics", {"pot": True})          # InvalidRecord on a bad override
    events, state = family.play(deal, table, family.state({"pot": 10}), game)

The families themselves are packages below: `rules.danish` (Danish Tarok, four rulebooks, with the
Pagatkop and Kongekop), `rules.hungarian` (the six games of Tolnai 1930, with the ultimókassza) and
`rules.slovenian` (Slovenian tarok, one rule set with its club parameters, the radelci its table state).
"""

from .events import LineItem
from .family import AnyFamily, Family, Vocabulary
from .problems import InvalidRecord, Problem
from .registry import FAMILIES
from .replay import family_of, replay
from .sitting import check_deal, check_sitting, settle_sitting

__all__ = [
    "FAMILIES",
    "AnyFamily",
    "Family",
    "InvalidRecord",
    "LineItem",
    "Problem",
    "Vocabulary",
    "check_deal",
    "check_sitting",
    "family_of",
    "replay",
    "settle_sitting",
]
