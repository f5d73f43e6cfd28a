"""How settlements and corrections read on a page: names for rule keys, accounts and events.

Shapes only — the points shown are the engine's line items and the ledger's postings as they
are; nothing here adds a payment up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ledger.models import Account

from ..families import TABLE_ACCOUNTS, Family, Holding
from ..services.bookkeeping import MEMBER, account_label
from .forms import KING_FATE_LABELS, LEVEL_LABELS, OFFENCE_LABELS, PAGAT_FATE_LABELS, SUIT_LABELS, SUIT_SYMBOLS

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


def rule_label(rule: str) -> str:
    from .hungarian_forms import BONUS_WORDS, FIGURE_WORDS, OFFENCE_WORDS, RULE_WORDS

    head, _dot, tail = rule.partition(".")
    if rule in RULE_WORDS:  # the Hungarian games' words stay Hungarian
        return RULE_WORDS[rule]
    if head in FIGURE_WORDS and tail in ("announced", "silent"):
        how = _("announced") if tail == "announced" else _("silent")
        return f"{FIGURE_WORDS[head]} · {how}"
    if head == "hand_bonus":
        return BONUS_WORDS.get(tail, tail)
    if head == "fine" and tail in OFFENCE_WORDS and tail != "revoke":
        return _("Fine: %(offence)s") % {"offence": OFFENCE_WORDS[tail]}
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
        return _("Cups funded before deal %(number)s") % {"number": number} if number != "1" else str(_("Cups funded"))
    if kind == "deal":
        return _("Deal %(number)s") % {"number": number}
    return str(_("End of sitting"))


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


def _account(name: str) -> str:
    account = TABLE_ACCOUNTS.get(name)
    return str(account.label) if account else name


def describe_events(
    events: Sequence[Any], names: Sequence[str], number: int, family: Family, ruleset: Any
) -> list[EventView]:
    """Line by line: who pays (negative postings) and who receives, with rule and seed line."""
    views = []
    keeps_accounts = bool(family.accounts(ruleset))
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
        views.append(
            EventView(
                event_label(key),
                lines,
                list(event.net(names).items()),
                family.holdings(family.held_before(event), ruleset) if keeps_accounts else [],
                family.holdings(family.held_after(event), ruleset) if keeps_accounts else [],
            )
        )
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
        changed.append(ChangedEvent(event_label(difference.key), other, changes))
    return changed


# --- a record in words (the audit page) -------------------------------------------------------


def _label(labels: Mapping[str, Any], word: Any) -> Any:
    """A record's word in the reader's language; a word without a label is shown as written.

    A culprit's `caused` may be a list (rev. 2: both an ultimo and a bagud): each word is labelled.
    """
    if isinstance(word, str):
        return labels.get(word, word)
    if isinstance(word, list):
        return ", ".join(str(_label(labels, part)) for part in word)
    return "?" if word is None else str(word)


def _meld_parts(meld: Mapping[str, Any]) -> list[Any]:
    """One player's melds in words: taroks, matadors, court cards per suit, kings."""
    parts = []
    if meld.get("taroks") is not None:
        parts.append(
            _("%(count)s taroks") % {"count": meld["taroks"]}
            + (" " + str(_("with the Pagat")) if meld.get("pagat") else "")
        )
    if meld.get("matadors") is not None:
        parts.append(_("%(count)s matadors") % {"count": meld["matadors"]})
    for suit, level in (meld.get("suits") or {}).items():
        level = level.get("level") if isinstance(level, dict) else level
        parts.append(f"{SUIT_SYMBOLS.get(suit, suit)} {_label(LEVEL_LABELS, level)}")
    if meld.get("kings") is not None:
        level = meld["kings"].get("level") if isinstance(meld["kings"], dict) else meld["kings"]
        parts.append(f"{_('Kings')} {_label(LEVEL_LABELS, level)}")
    return parts


def describe_record(record) -> list[str]:  # noqa: C901 (one sentence per record key)
    """A deal's record as a scorer would say it, one sentence per part; JSON stays behind a toggle."""
    if not isinstance(record, dict):
        return []
    if record.get("void"):
        return [str(_("Void: the deal settles nothing."))]
    said: list[str] = []
    players = [p for p in record.get("players") or [] if p]
    if len(players) == 3:
        said.append(
            _("%(dealer)s dealt; %(forehand)s forehand, %(middlehand)s middlehand.") % dict(zip(ROLE_KEYS, players))
        )
    for name, meld in (record.get("melds") or {}).items():
        if parts := _meld_parts(meld):
            said.append(_("%(name)s melded %(melds)s.") % {"name": name, "melds": ", ".join(str(p) for p in parts)})
    pagat = record.get("pagat")
    if isinstance(pagat, dict):
        said.append(
            _("Pagat (%(holder)s): %(fate)s.")
            % {
                "holder": pagat.get("holder") or "?",
                "fate": _label(PAGAT_FATE_LABELS, pagat.get("fate")),
            }
        )
    for suit, fate in (record.get("kings") or {}).items():
        if isinstance(fate, dict):
            said.append(
                _("%(card)s (%(holder)s): %(fate)s.")
                % {
                    "card": card_label(f"king:{suit}"),
                    "holder": fate.get("holder") or "?",
                    "fate": _label(KING_FATE_LABELS, fate.get("fate")),
                }
            )
    if record.get("last_trick"):
        said.append(_("%(name)s took the last trick.") % {"name": record["last_trick"]})
    if record.get("nolo"):
        said.append(_("%(name)s played nolo.") % {"name": record["nolo"]})
    tout = record.get("tout")
    if tout:
        player = tout.get("player") if isinstance(tout, dict) else tout
        failed = isinstance(tout, dict) and tout.get("won") is False
        said.append(
            (_("%(name)s announced a tout and failed.") if failed else _("%(name)s made a tout.")) % {"name": player}
        )
    counts = record.get("counts") or {}
    if counts:
        said.append(
            _("Counted: %(counts)s.") % {"counts": ", ".join(f"{name} {points}" for name, points in counts.items())}
        )
    for fine in record.get("fines") or []:
        if isinstance(fine, dict):
            offence = fine.get("offence")
            said.append(
                _("%(name)s fined: %(offence)s.")
                % {"name": fine.get("player") or "?", "offence": _label(OFFENCE_LABELS, offence)}
            )
    culprit = record.get("culprit")
    if isinstance(culprit, dict):
        said.append(
            _("%(name)s caused the %(what)s.")
            % {
                "name": culprit.get("player") or "?",
                "what": _label(PAGAT_FATE_LABELS, culprit.get("caused")),
            }
        )
    if record.get("stopped"):
        said.append(str(_("The deal was stopped.")))
    return [str(s) for s in said]


ROLE_KEYS = ("dealer", "forehand", "middlehand")

PATH_LABELS = {
    "dealer": _("dealer"),
    "players": _("players"),
    "melds": _("melds"),
    "taroks": _("taroks"),
    "pagat": "Pagat",
    "matadors": _("matadors"),
    "suits": _("court cards"),
    "kings": _("Kings"),
    "level": _("level"),
    "missing": _("missing"),
    "holder": _("held by"),
    "fate": _("fate"),
    "last_trick": _("last trick"),
    "nolo": "nolo",
    "tout": "tout",
    "won": _("won"),
    "counts": _("count"),
    "fines": _("fines"),
    "culprit": _("culprit"),
    "caused": _("caused"),
    "stopped": _("stopped"),
    "void": _("void"),
    **SUIT_LABELS,
}
VALUE_LABELS = {
    **LEVEL_LABELS,
    **KING_FATE_LABELS,
    **PAGAT_FATE_LABELS,
    **OFFENCE_LABELS,
    "true": _("yes"),
    "false": _("no"),
}
