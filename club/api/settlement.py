"""The settlement the API shows for a deal, a close or a correction, read back from the engine.

The ledger keeps postings, not the engine's events (which also carry the player, the card and
the cups after each event), so the API settles the deal again from its record and the table
state kept with it (`club.services.deals.settle_version`): the same work whatever the number of deals
before it. Its figures are the ones posted; `ledger_check` is what proves that.
"""

from __future__ import annotations

from collections.abc import Iterable

from club.models import DealVersion, Sitting
from club.services.bookkeeping import MEMBER, table_kinds
from club.services.closing import closing_event
from club.services.deals import Recorded, settle_version
from club.services.replay import Difference
from ledger.models import Account


def deal_events(version: DealVersion, recorded: Recorded | None = None) -> list[dict]:
    """The events `version` of its deal settles to: a funding before it if a cup ran dry, and
    the deal itself, as `python -m rules replay` prints them. A deal just recorded brings its
    events along (`recorded`); nothing is read again then."""
    if (
        recorded is not None
        and recorded.events is not None
        and recorded.names is not None
        and recorded.version.pk == version.pk
    ):
        names, events = recorded.names, recorded.events
    else:
        names, events = settle_version(version)
    season = version.deal.sitting.season
    family, ruleset = season.family, season.ruleset()
    return [family.rules_family.event_dict(event, names, ruleset) for event in events]


def close_event(sitting: Sitting) -> dict | None:
    closing = closing_event(sitting)
    season = sitting.season
    return season.family.rules_family.event_dict(closing, sitting.seat_names(), season.ruleset()) if closing else None


def difference_rows(differences: Iterable[Difference]) -> list[dict]:
    """One row per event and account whose money a correction changed: before and after."""
    differences = list(differences)
    ids = {account for pair in differences for account in (*pair.posted, *pair.expected)}
    accounts = Account.objects.select_related("member").in_bulk(ids)
    rows = []
    for pair in differences:
        for account_id in sorted(pair.delta(), key=lambda a: _account_name(accounts[a])):
            account = accounts[account_id]
            rows.append(
                {
                    "sitting": pair.sitting.pk,
                    "event": pair.key,
                    "account": _account_name(account),
                    "member": account.member.pk if account.kind == MEMBER else None,
                    "before": pair.posted.get(account_id, 0),
                    "after": pair.expected.get(account_id, 0),
                }
            )
    return rows


def _account_name(account: Account) -> str:
    """The engine's account names: the member's, or cup:pagat / cup:king / pot."""
    if account.kind == MEMBER:
        return account.member.name
    return {kind: name for name, kind in table_kinds().items()}[account.kind]
