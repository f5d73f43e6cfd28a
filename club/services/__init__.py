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
- `balances`: every balance and standing a member sees, from the balances the ledger keeps.
- `stats`: a member's season in figures, summed from what each seat keeps (a cache the database
  marks stale as deals and entries are written; a page recounts a stale seat and keeps it).
- the office, what officials do besides the score (`office` holds their shared refusals):
  `members` (a new club and its first official, members, invitations), `seasons`, `tables`, and
  `money` (the one meaning of a member's saldo, in øre).

Callers import each service by its module (`from club.services.deals import record_deal`, or
`from club.services import deals`): this package re-exports nothing.
"""
