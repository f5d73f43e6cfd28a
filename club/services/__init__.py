"""Domain operations on sittings and deals: the one way records become money.

Views, the API, imports and the demo all come through here. Each operation loads what the
rules engine needs (seats, the season's rule set, the table's ledger state), lets `rules` validate
and settle, and hands the settled events to `ledger.services` to post — inside one database
transaction, with the sitting row locked, so nothing is ever half-written.

Where each write lives:

- `sittings`: starting a sitting (seats, the opening funding of the cups), the row locks every
  write takes, and the table state kept with a sitting and each deal.
- `deals`: recording a deal (or several as one, for an import), what a deal version settles to,
  and the void record.
- `corrections`: a new version of a deal, re-posting every later event it changes; voiding the
  last deal.
- `closing`: closing a sitting (the split, or the cups carried on).
- `replay`: no writes of its own; the table's history settled afresh and compared with the
  ledger, for corrections and `ledger_check`.
- `import_export`: a whole sitting from its record (through the writes above), and back.
- `disputes`: raising a dispute and resolving it; it never moves money.
- `stats`: a member's season in figures, summed from what each seat keeps (a cache the database
  marks stale as deals and entries are written; a page recounts a stale seat and keeps it).
- the office, what officials do besides the score (`office` holds their shared refusals):
  `members` (a new club and its first official, members, invitations), `seasons`, `tables`, and
  `money` (the one meaning of a member's saldo, in øre).

The public names of each are re-exported here, so callers write `services.record_deal`.
"""

from .closing import close_sitting, closing_event, preview_close
from .corrections import Correction, correct_deal, preview_correction, void_last_deal
from .deals import (
    VOID,
    DealConflict,
    Recorded,
    SavedByAnotherUser,
    check_saved_by,
    is_void,
    last_played_record,
    parse_record,
    preview_deal,
    record_deal,
    record_deals,
    repeats_last_deal,
    scoped_key,
    settle_version,
)
from .disputes import (
    DisputeError,
    close_dispute,
    disputes_of_deal,
    disputes_of_sitting,
    raise_dispute,
    resolve_by_correction,
)
from .import_export import export_sitting, import_sitting
from .replay import (
    Difference,
    ExpectedEvent,
    Replay,
    StateDifference,
    TableCheck,
    check_table,
    compare,
    differences,
    expected_events,
)
from .sittings import InvalidSitting, SittingError, start_sitting, state_as_json, state_from_json

__all__ = [
    "VOID",
    "Correction",
    "DealConflict",
    "Difference",
    "DisputeError",
    "ExpectedEvent",
    "InvalidSitting",
    "Recorded",
    "Replay",
    "SavedByAnotherUser",
    "SittingError",
    "StateDifference",
    "TableCheck",
    "check_saved_by",
    "check_table",
    "close_dispute",
    "close_sitting",
    "closing_event",
    "compare",
    "correct_deal",
    "differences",
    "disputes_of_deal",
    "disputes_of_sitting",
    "expected_events",
    "export_sitting",
    "import_sitting",
    "is_void",
    "last_played_record",
    "parse_record",
    "preview_close",
    "preview_correction",
    "preview_deal",
    "raise_dispute",
    "record_deal",
    "record_deals",
    "repeats_last_deal",
    "resolve_by_correction",
    "scoped_key",
    "settle_version",
    "start_sitting",
    "state_as_json",
    "state_from_json",
    "void_last_deal",
]
