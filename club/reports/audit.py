"""A deal's audit trail: every version of its record, the money each version posted, item by
item with the rule and seed line, and what its corrections moved in later deals.

Everything shown is read back from the ledger (postings carry the rules engine's rule key and
seed line), so the page explains what was actually posted, not what would be posted today.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch

from club.models import Deal, DealVersion, Dispute
from club.services.bookkeeping import account_label, kind_label, table_owner
from club.services.members import version_authors
from ledger.models import Account, Posting, Transaction

from ..services.disputes import disputes_of_deal

ABSENT = object()


# --- what changed between two versions of a record --------------------------------------------


@dataclass(frozen=True)
class Change:
    path: str  # "melds.Carl.taroks"
    before: str  # "" when the key was absent
    after: str


def record_diff(before: Any, after: Any) -> list[Change]:
    """The fields that differ between two records, as dotted paths with readable values."""
    old, new = _flatten(before), _flatten(after)
    return [
        Change(path, _readable(old.get(path, ABSENT)), _readable(new.get(path, ABSENT)))
        for path in sorted(old.keys() | new.keys())
        if old.get(path, ABSENT) != new.get(path, ABSENT)
    ]


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    # Lists stay whole ("players", "fines"): an item's position means little to a reader.
    if isinstance(value, dict) and value:
        flat: dict[str, Any] = {}
        for key, inner in value.items():
            flat.update(_flatten(inner, f"{prefix}.{key}" if prefix else str(key)))
        return flat
    return {prefix: value}


def _readable(value: Any) -> str:
    if value is ABSENT:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return ", ".join(value)
    return json.dumps(value, ensure_ascii=False)


# --- money, as the ledger holds it ------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """One line item of a posted transaction: a rule, its seed line, points per column."""

    rule: str
    ref: str
    points: list[int | None]


@dataclass
class Posted:
    transaction: Transaction
    items: list[Item]
    totals: list[tuple[str, int]]  # (account label, points) over the whole transaction

    @property
    def reversed_by(self) -> Transaction | None:
        return getattr(self.transaction, "reversed_by", None)


@dataclass
class VersionTrail:
    version: DealVersion
    entered_by: str
    changes: list[Change]  # against the version before; empty for the first
    settlement: list[Posted]  # transactions that settle this version's record

    @property
    def record_json(self) -> str:
        return json.dumps(self.version.record, indent=2, ensure_ascii=False)


@dataclass(frozen=True)
class LaterEffect:
    """What one correction of this deal moved in another event (a later deal, a close)."""

    caused_by: DealVersion
    transaction: Transaction  # the re-posting (or the reversal, when the event disappeared)
    deltas: list[tuple[str, int]]

    @property
    def deal(self) -> Deal | None:
        """The later deal re-settled (none for a close or a funding), for a link to its audit."""
        version = self.transaction.entry.deal_version
        return version.deal if version is not None else None


@dataclass
class DealAudit:
    deal: Deal
    seat_names: list[str]
    columns: list[str]  # the sitting's seats in order, then the cups
    versions: list[VersionTrail]
    caused: list[Posted]  # every transaction this deal's versions made, reversals included
    later_effects: list[LaterEffect]
    disputes: list[Dispute] = field(default_factory=list)


def deal_audit(deal: Deal) -> DealAudit:
    deal = Deal.objects.select_related("sitting__season__club", "sitting__table").get(pk=deal.pk)
    club = deal.sitting.season.club
    versions = list(deal.versions.select_related("entered_by").order_by("version"))
    version_ids = [v.pk for v in versions]

    seats = list(deal.sitting.seats.select_related("member__account"))
    # The table's own accounts its game uses: the Danish cups, or a Hungarian pot.
    used = list(deal.sitting.season.family.rules_family.table_accounts(deal.sitting.season.ruleset()).values())
    cups = sorted(
        Account.objects.filter(owner=table_owner(deal.sitting.table_id), kind__in=used),
        key=lambda cup: used.index(cup.kind),
    )
    column_accounts = [getattr(seat.member, "account", None) for seat in seats] + list(cups)
    columns = [seat.name for seat in seats] + [kind_label(cup.kind) for cup in cups]
    column_of = {account.pk: index for index, account in enumerate(column_accounts) if account is not None}

    found = (
        Transaction.objects.filter(entry__deal_version__in=version_ids)
        | Transaction.objects.filter(entry__caused_by__in=version_ids)
    ).distinct()
    transactions = list(
        found.select_related(
            "entry__sitting__table", "entry__caused_by", "entry__deal_version__deal", "reversed_by", "reverses"
        )
        .prefetch_related(Prefetch("postings", queryset=Posting.objects.select_related("account__member")))
        .order_by("id")
    )
    posted = {txn.pk: _posted(txn, column_of, len(columns)) for txn in transactions}

    names = version_authors(club, versions)
    trails = []
    previous: DealVersion | None = None
    for version in versions:
        settles = [
            posted[t.pk] for t in transactions if t.entry.deal_version_id == version.pk and t.reverses_id is None
        ]
        changes: list[Change] = record_diff(previous.record, version.record) if previous else []
        trails.append(VersionTrail(version, names.get(version.pk, ""), changes, settles))
        previous = version

    caused = [posted[t.pk] for t in transactions if t.entry.caused_by_id in version_ids]
    return DealAudit(
        deal=deal,
        seat_names=[seat.name for seat in seats],
        columns=columns,
        versions=trails,
        caused=caused,
        later_effects=_later_effects(transactions, set(version_ids)),
        disputes=disputes_of_deal(deal),
    )


def _posted(txn: Transaction, column_of: dict[int, int], width: int) -> Posted:
    by_item: dict[int, list[Posting]] = defaultdict(list)
    totals: dict[int, int] = defaultdict(int)
    labels: dict[int, str] = {}
    for posting in txn.postings.all():
        by_item[posting.item].append(posting)
        totals[posting.account_id] += posting.amount
        labels[posting.account_id] = _label(posting.account)
    items = []
    for index in sorted(by_item):
        postings = by_item[index]
        points: list[int | None] = [None] * width
        for posting in postings:
            column = column_of.get(posting.account_id)
            if column is not None:
                points[column] = (points[column] or 0) + posting.amount
        items.append(Item(postings[0].rule, postings[0].ref, points))
    # Seats in order, then the cups; accounts of another sitting's seats after those.
    ordered = sorted(totals, key=lambda account: (column_of.get(account, width), labels[account]))
    return Posted(txn, items, [(labels[a], totals[a]) for a in ordered if totals[a]])


def _later_effects(transactions: list[Transaction], own_versions: set[int]) -> list[LaterEffect]:
    """Net change per account of each other event a correction of this deal re-settled."""
    groups: dict[tuple[int, int | None, str], list[Transaction]] = defaultdict(list)
    for txn in transactions:
        entry = txn.entry
        if entry.caused_by_id in own_versions and entry.deal_version_id not in own_versions:
            groups[(entry.caused_by_id, entry.sitting_id, entry.event)].append(txn)
    effects = []
    for txns in groups.values():
        net: dict[str, int] = defaultdict(int)
        for txn in txns:
            for posting in txn.postings.all():
                net[_label(posting.account)] += posting.amount
        shown = next((t for t in txns if t.reverses_id is None), txns[0])
        deltas = [(label, points) for label, points in net.items() if points]
        cause = txns[0].entry.caused_by  # grouped by caused_by_id, which is one of own_versions
        if deltas and cause is not None:  # re-posted unchanged (the corrected deal's own funding) is no effect
            effects.append(LaterEffect(cause, shown, deltas))
    return effects


def _label(account: Account) -> str:
    return account_label(account)
