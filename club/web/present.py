"""How settlements and corrections read on a page: each line's rule, account and event in words.

The words are the family's (`club.families.Family.rule_name`, `account_name`, `phrase`); this
module lays them out.

Shapes only — the points shown are the engine's line items and the ledger's postings as they
are; nothing here adds a payment up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from ledger.models import Account

from ..families import Family, Holding
from ..services.bookkeeping import MEMBER, account_label


def event_label(key: str, family: Family) -> str:
    """A settled event by its ledger key: "funding:3" (the family's words), "deal:3", "close"."""
    kind, _sep, number = key.partition(":")
    if kind == "funding":
        return str(family.phrase("funding") if number == "1" else family.phrase("funding_before", number=number))
    if kind == "deal":
        return _("Deal %(number)s") % {"number": number}
    return str(_("End of sitting"))


# What a close that posts nothing says, by what the game keeps (Family.keeps).
_NOTHING_POSTED = {
    "": _("Closing posts nothing: the game keeps no cups and no pot, so there is nothing to split."),
    "cups": _("Closing posts nothing: the cups are empty, so there is nothing to split."),
    "pot": _("Closing posts nothing: the pot (kassza) is empty, so there is nothing to split."),
}


def close_statement(family: Family, ruleset: Any, how: str, posts: bool) -> Any:
    """The one thing the close page says: what the close splits or carries, or that it posts
    nothing and why. `posts`: the close has lines to post."""
    kept = family.keeps(ruleset)
    if posts:
        return family.phrase(how)
    if kept and how == "carry":
        return family.phrase("carried")
    return _NOTHING_POSTED[kept]


@dataclass(frozen=True)
class Line:
    label: str
    rule: str
    ref: str
    card: str
    payers: list[tuple[str, int]]
    receivers: list[tuple[str, int]]


@dataclass(frozen=True)
class EventView:
    label: str
    lines: list[Line]
    net: list[tuple[str, int]]
    holdings_before: list[Holding]  # the table's own accounts of the game (the cups, or the pot)
    holdings_after: list[Holding]


def describe_events(
    events: Sequence[Any], names: Sequence[str], number: int, family: Family, ruleset: Any
) -> list[EventView]:
    """Line by line: who pays (negative postings) and who receives, with rule and seed line."""
    views = []
    keeps_accounts = bool(family.accounts(ruleset))
    for event in events:
        lines = [
            Line(
                label=family.rule_name(item["rule"]),
                rule=item["rule"],
                ref=item["ref"],
                card=_card_word(family, item.get("card")),
                payers=[(family.account_name(a), p) for a, p in item["postings"].items() if p < 0],
                receivers=[(family.account_name(a), p) for a, p in item["postings"].items() if p > 0],
            )
            for item in event.items
        ]
        key = f"{event.kind}:{event.number or number}" if event.kind != "close" else "close"
        views.append(
            EventView(
                event_label(key, family),
                lines,
                list(event.net(names).items()),
                family.holdings(family.rules_family.accounts_before(event), ruleset) if keeps_accounts else [],
                family.holdings(family.held_after(event), ruleset) if keeps_accounts else [],
            )
        )
    return views


def _card_word(family: Family, card: str | None) -> str:
    """The card an item is about, in words; the Pagat's rule names it already."""
    return "" if not card or card == "pagat" else family.word(card)


def net_of_events(events: Sequence[EventView]) -> list[tuple[str, int]]:
    """Each member's points from all the events of one deal (a deal may be preceded by a funding)."""
    total: dict[str, int] = {}
    for event in events:
        for name, points in event.net:
            total[name] = total.get(name, 0) + points
    return list(total.items())


@dataclass(frozen=True)
class AccountChange:
    name: str
    before: int
    after: int
    delta: int


@dataclass(frozen=True)
class ChangedEvent:
    label: str
    sitting: object
    changes: list[AccountChange]


def describe_differences(differences, sitting) -> list[ChangedEvent]:
    """A correction's preview: per event and account, what the ledger holds and will hold."""
    ids = {a for d in differences for a in (*d.posted, *d.expected)}
    names, cups = {}, set()
    for account in Account.objects.filter(pk__in=ids).select_related("member"):
        names[account.pk] = account_label(account)
        if account.kind != MEMBER:
            cups.add(account.pk)
    changed = []
    for difference in differences:
        delta = difference.delta()
        changes = [
            AccountChange(names[a], difference.posted.get(a, 0), difference.expected.get(a, 0), delta[a])
            for a in sorted(delta, key=lambda a: (a in cups, names[a]))  # members first, then the cups
        ]
        other = difference.sitting if difference.sitting.pk != sitting.pk else None
        changed.append(ChangedEvent(event_label(difference.key, sitting.season.family), other, changes))
    return changed
