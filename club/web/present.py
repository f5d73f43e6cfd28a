"""How settlements and corrections read on a page: names for rule keys, accounts and events.

Shapes only — the points shown are the engine's line items and the ledger's postings as they
are; nothing here adds a payment up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import rules
from ledger.models import Account
from rules.danish.records import KING_CUP, PAGAT_CUP

from .forms import OFFENCE_LABELS, SUIT_LABELS

RULE_LABELS = {
    "funding": _("Cups funded"),
    "refund": _("Cup refilled"),
    "stake": _("Dealer's stake"),
    "meld.taroks": _("Meld: taroks"),
    "meld.matadors": _("Meld: matadors"),
    "meld.suit": _("Meld: court cards"),
    "meld.kings": _("Meld: kings"),
    "pagat_saved": _("Pagat saved"),
    "pagat_lost": _("Pagat lost"),
    "king_lost": _("King lost"),
    "pagat_ultimo": _("Pagat ultimo"),
    "king_ultimo": _("King ultimo"),
    "pagat_bagud": _("Pagat bagud"),
    "king_bagud": _("King bagud"),
    "culprit_ultimo": _("Culprit refills the cup"),
    "culprit_bagud": _("Culprit pays the bagud"),
    "prevented_ultimo": _("Culprit pays the prevented ultimo"),
    "last_trick": _("Last trick"),
    "nolo": pgettext_lazy("settlement", "Nolo"),
    "tout": pgettext_lazy("settlement", "Tout"),
    "tout_failed": _("Tout failed"),
    "count": _("Count"),
    "close_split": _("Cups split"),
}
ACCOUNT_LABELS = {PAGAT_CUP: _("Pagatkop"), KING_CUP: _("Kongekop")}


def rule_label(rule: str) -> str:
    if rule.startswith("fine."):
        offence = rule.removeprefix("fine.")
        return _("Fine: %(offence)s") % {"offence": OFFENCE_LABELS.get(offence, offence)}
    return str(RULE_LABELS.get(rule, rule))


def card_label(card: str | None) -> str:
    if not card:
        return ""
    if card == "pagat":
        return "Pagat"
    suit = card.removeprefix("king:")
    return _("King of %(suit)s") % {"suit": SUIT_LABELS.get(suit, suit)}


def event_label(key: str) -> str:
    kind, _sep, number = key.partition(":")
    if kind == "funding":
        return _("Cups funded before deal %(number)s") % {"number": number} if number != "1" else _("Cups funded")
    if kind == "deal":
        return _("Deal %(number)s") % {"number": number}
    return _("End of sitting")


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
    cups_before: rules.Cups
    cups_after: rules.Cups


def _account(name: str) -> str:
    return str(ACCOUNT_LABELS.get(name, name))


def describe_events(events: Sequence[rules.Event], names: Sequence[str], number: int) -> list[EventView]:
    """Line by line: who pays (negative postings) and who receives, with rule and seed line."""
    views = []
    for event in events:
        lines = [
            Line(
                label=rule_label(item.rule),
                rule=item.rule,
                ref=item.ref,
                card="" if item.card == "pagat" else card_label(item.card),  # the Pagat's rules name it
                payers=[(_account(a), p) for a, p in item.postings.items() if p < 0],
                receivers=[(_account(a), p) for a, p in item.postings.items() if p > 0],
            )
            for item in event.items
        ]
        key = f"{event.kind}:{event.number or number}" if event.kind != "close" else "close"
        views.append(EventView(event_label(key), lines, list(event.net(names).items()), event.cups_before, event.cups_after))
    return views


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
        if account.member is not None:
            names[account.pk] = account.member.name
        else:
            names[account.pk] = str(ACCOUNT_LABELS[PAGAT_CUP if account.kind == Account.Kind.PAGAT_CUP else KING_CUP])
            cups.add(account.pk)
    changed = []
    for difference in differences:
        delta = difference.delta()
        changes = [
            AccountChange(names[a], difference.posted.get(a, 0), difference.expected.get(a, 0), delta[a])
            for a in sorted(delta, key=lambda a: (a in cups, names[a]))  # members first, then the cups
        ]
        other = difference.sitting if difference.sitting.pk != sitting.pk else None
        changed.append(ChangedEvent(event_label(difference.key), other, changes))
    return changed
