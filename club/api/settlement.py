"""The settlement the API shows for a deal, a close or a correction, read back from the engine.

The ledger keeps postings, not the engine's events (which also carry the player, the card and
the cups after each event), so the API settles the sitting again from its records: the same
`club.services.expected_events` that corrections and `ledger_check` rely on. Its figures are
the ones posted; `ledger_check` is what proves that.
"""

from __future__ import annotations

from collections.abc import Iterable

from club import services
from club.models import DealVersion, Sitting
from ledger.models import Account
from ledger.services import TABLE_ACCOUNTS


def deal_events(version: DealVersion) -> list[dict]:
    """The events `version` of its deal settles to: a funding before it if a cup ran dry, and
    the deal itself, as `python -m rules replay` prints them."""
    deal = version.deal
    sitting = deal.sitting
    _sittings, expected = services.expected_events(sitting.table, sitting, replace={deal.pk: version.record})
    names = sitting.seat_names()
    family, ruleset = sitting.season.family, sitting.season.ruleset()
    own = {f"funding:{deal.number}", f"deal:{deal.number}"}
    # The sitting's opening funding is also keyed "funding:1"; it belongs to no deal.
    return [
        family.event_dict(item.event, names, ruleset)
        for item in expected
        if item.sitting.pk == sitting.pk and item.key in own and item.deal_version is not None
    ]


def close_event(sitting: Sitting) -> dict | None:
    _sittings, expected = services.expected_events(sitting.table, sitting)
    closing = next((item for item in expected if item.sitting.pk == sitting.pk and item.key == "close"), None)
    if closing is None:
        return None
    return sitting.season.family.event_dict(closing.event, sitting.seat_names(), sitting.season.ruleset())


def difference_rows(differences: Iterable[services.Difference]) -> list[dict]:
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
                    "member": account.member_id,
                    "before": pair.posted.get(account_id, 0),
                    "after": pair.expected.get(account_id, 0),
                }
            )
    return rows


def _account_name(account: Account) -> str:
    """The engine's account names: the member's, or cup:pagat / cup:king / pot."""
    if account.kind == Account.Kind.MEMBER:
        return account.member.name
    return {kind: name for name, kind in TABLE_ACCOUNTS.items()}[account.kind]
