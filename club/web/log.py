"""The club's log page: officials' actions in sentences, newest first.

What django-auditlog kept of the club's own objects (club.audit), each deal correction (a deal
version after the first, with its reason) and each payment, said the way a member would say it:
"Anna rettede spil 7 ved Vinduesbordet (grund: …)", "Bent indbetalte 120,00 kr." Changes that
are bookkeeping rather than an act (a login linked, an order of rows) say nothing.
"""

from __future__ import annotations

import ast
import datetime
import heapq
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice

from auditlog.models import LogEntry
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import access, audit, families
from ..inputs import whole_number
from ..models import Club, DealVersion, Dispute, JoinRequest, Member, Payment, Season, SeasonEnd, Sitting, Table
from ..services.deals import is_void
from ..services.money import format_ore
from .office_forms import overrides_in_words
from .templatetags import day_month_year
from .views import club_page

PAGE_SIZE = 50


@dataclass(frozen=True)
class LogLine:
    when: datetime.datetime
    text: str
    kind: str  # the object's kind, for the page's markup: member, season, table, sitting, dispute, deal


@club_page
def club_log(request: HttpRequest, club: Club, member: Member) -> HttpResponse:
    if not access.is_official(member):
        raise PermissionDenied(_("Only the club's admins may read its log."))
    return render(request, "club/log.html", {"club": club, "page": log_page(club, request.GET.get("page"))})


@dataclass(frozen=True)
class LogPage:
    """One page of the log, newest first, with what the template asks of a Paginator's page."""

    lines: list[LogLine]
    number: int
    has_next: bool

    def __iter__(self) -> Iterator[LogLine]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)

    def has_previous(self) -> bool:
        return self.number > 1

    def has_other_pages(self) -> bool:
        return self.has_previous() or self.has_next

    def previous_page_number(self) -> int:
        return self.number - 1

    def next_page_number(self) -> int:
        return self.number + 1


def log_page(club: Club, asked: str | None) -> LogPage:
    """Page `asked` of the log (the first for anything but a page number), reading only the lines
    up to its end and one more: a club's lifetime of sittings is not built to show fifty lines. A
    page past the end is the last page, as a Paginator's get_page answers it."""
    number = whole_number(asked or "", digits=6) or 1
    start = (number - 1) * PAGE_SIZE
    lines = list(islice(_newest_first(club, start + PAGE_SIZE + 1), start, start + PAGE_SIZE + 1))
    if not lines and number > 1:
        last = Paginator(log_lines(club), PAGE_SIZE).get_page(number)
        return LogPage(list(last), last.number, last.has_next())
    return LogPage(lines[:PAGE_SIZE], number, len(lines) > PAGE_SIZE)


def log_lines(club: Club) -> list[LogLine]:
    """Every sentence of the club's log, newest first."""
    return list(_newest_first(club, None))


def _newest_first(club: Club, wanted: int | None) -> Iterator[LogLine]:
    """The four sources merged newest first; each reads its rows in batches of `wanted` (all at
    once if None), so that the first `wanted` lines cost about `wanted` rows of each."""
    names = _Names(club)
    sources = (
        _audit_lines(club, names, wanted),
        _corrections(club, names, wanted),
        _payments(club, names, wanted),
        _table_openings(club, names, wanted),
    )
    # Lines of equal time keep the sources' order: the audit's, the corrections', the payments', the tables'.
    return heapq.merge(*sources, key=lambda line: line.when, reverse=True)


def _batches(rows: QuerySet, size: int | None) -> Iterator[list]:
    """A newest-first queryset's rows in lists of `size` (one list of all if None)."""
    if size is None:
        yield list(rows)
        return
    offset = 0
    while True:
        batch = list(rows[offset : offset + size])
        yield batch
        if len(batch) < size:
            return
        offset += size


class _Names:
    """Who did it (a member's name in this club, else the login), and what the sittings and
    disputes the lines read so far were called: each batch of log entries loads only its own."""

    def __init__(self, club: Club):
        self.club = club
        self.members = dict(Member.objects.filter(club=club).exclude(user=None).values_list("user_id", "name"))
        self.sittings: dict[int, Sitting] = {}
        self.disputes: dict[int, Dispute] = {}
        self.kept: dict[int, str] = {}

    def load(self, entries: Iterable[LogEntry]) -> None:
        """The sittings and disputes these entries name."""
        wanted: dict[type, set[int]] = {Sitting: set(), Dispute: set()}
        for entry in entries:
            model = entry.content_type.model_class()
            if model in wanted and (pk := whole_number(str(entry.object_pk))) is not None:
                wanted[model].add(pk)
        if wanted[Sitting]:
            rows = Sitting.objects.filter(table__club=self.club, pk__in=wanted[Sitting]).select_related(
                "table", "season"
            )
            self.sittings |= {s.pk: s for s in rows}
        if wanted[Dispute]:
            disputes = Dispute.objects.filter(deal__sitting__table__club=self.club, pk__in=wanted[Dispute])
            self.disputes |= {d.pk: d for d in disputes.select_related("deal__sitting__table")}

    def sitting(self, pk: object) -> Sitting | None:
        number = whole_number(str(pk))
        return None if number is None else self.sittings.get(number)

    def dispute(self, pk: object) -> Dispute | None:
        number = whole_number(str(pk))
        return None if number is None else self.disputes.get(number)

    def keeps(self, season: Season) -> str:
        """What the season's game keeps at its tables (`Family.keeps`): "cups", "pot" or ""."""
        if season.pk not in self.kept:
            self.kept[season.pk] = season.family.keeps(season.ruleset())
        return self.kept[season.pk]

    def season(self, pk: object) -> Season | None:
        number = whole_number(str(pk))
        return None if number is None else Season.objects.filter(club=self.club, pk=number).first()

    def actor(self, user) -> str:
        if user is None:
            return _("The system")
        return self.members.get(user.pk) or user.get_username()


def _change(entry: LogEntry) -> dict[str, tuple[str, str]]:
    """auditlog's changes as (old, new) text, with its "None" read as empty."""
    found = {}
    for name, values in (entry.changes_dict or {}).items():
        old, new = (("" if v in (None, "None") else str(v)) for v in values)
        found[name] = (old, new)
    return found


def _audit_lines(club: Club, names: _Names, wanted: int | None) -> Iterator[LogLine]:
    for batch in _batches(audit.club_log(club), wanted):
        names.load(batch)
        for entry in batch:
            yield from _entry_lines(entry, names)


def _entry_lines(entry: LogEntry, names: _Names) -> Iterator[LogLine]:
    model = entry.content_type.model_class()
    sayer = _SAYERS.get(model)
    if sayer is None:
        return
    who = names.actor(entry.actor)
    for text in sayer(entry, who, _change(entry), names):
        yield LogLine(entry.timestamp, text, entry.content_type.model)


def _role(value: str) -> str:
    return str(dict(Member.Role.choices).get(value, value))


def _member(entry: LogEntry, who: str, change: dict, names: _Names) -> Iterator[str]:
    name = change.get("name", ("", entry.object_repr))[1] or entry.object_repr
    if entry.action == LogEntry.Action.CREATE:
        yield _("%(who)s added the member %(name)s (%(role)s).") % {
            "who": who,
            "name": name,
            "role": _role(change.get("role", ("", ""))[1]),
        }
        return
    if entry.action == LogEntry.Action.DELETE:
        yield _("%(who)s deleted the member %(name)s.") % {"who": who, "name": entry.object_repr}
        return
    if "name" in change:
        yield _("%(who)s renamed the member %(old)s to %(new)s.") % {"who": who, "old": change["name"][0], "new": name}
    if "role" in change:
        yield _("%(who)s made %(name)s %(role)s.") % {"who": who, "name": name, "role": _role(change["role"][1])}
    if "active" in change:
        active = change["active"][1] == "True"
        text = _("%(who)s reactivated %(name)s.") if active else _("%(who)s deactivated %(name)s.")
        yield text % {"who": who, "name": name}
    if "email" in change:
        yield _("%(who)s changed the email address of %(name)s.") % {"who": who, "name": name}
    if audit.FORGOTTEN in change:
        forgot = _("%(who)s forgot a member: his name, address and login are %(name)s now.") % {
            "who": who,
            "name": name,
        }
        yield " ".join([forgot, *_forget_places(entry)])
    if audit.INVITED in change:
        yield _("%(who)s invited %(name)s to log in (%(email)s).") % {
            "who": who,
            "name": name,
            "email": change[audit.INVITED][1],
        }


# What a forget rewrote or deleted, place by place (club.services.forgetting.PLACES).
_FORGET_PLACES = {
    "seats": gettext_lazy("seats"),
    "sittings": gettext_lazy("sittings' table states"),
    "deals": gettext_lazy("deals' table states"),
    "deal_versions": gettext_lazy("deal records"),
    "log_entries": gettext_lazy("log entries of his own rows"),
    "log_actors": gettext_lazy("log entries his logins made (their address)"),
    "mails": gettext_lazy("mails to him deleted"),
    "files": gettext_lazy("attachment files deleted"),
    "logins": gettext_lazy("logins retired"),
}


def _forget_places(entry: LogEntry) -> Iterator[str]:
    counts = (entry.additional_data or {}).get(audit.FORGOTTEN)
    if not isinstance(counts, dict):
        return
    said = [
        f"{words} {counts[place]}"
        for place, words in _FORGET_PLACES.items()
        if isinstance(counts.get(place), int) and counts[place]
    ]
    yield _("Rewritten: %(places)s.") % {"places": ", ".join(said)} if said else _("Nothing else was rewritten.")


def _join_request(entry: LogEntry, who: str, change: dict, names: _Names) -> Iterator[str]:
    # A request made says nothing: that an address has a login somewhere is not the office's to
    # see (issue 36, N8); the owner's answer is his own act.
    name = entry.object_repr
    if entry.action != LogEntry.Action.CREATE and "accepted" in change and change["accepted"][1] in ("True", "False"):
        accepted = change["accepted"][1] == "True"
        text = (
            _("The owner of the login accepted: %(name)s signs in with it.")
            if accepted
            else _("The owner of the login declined to join as %(name)s.")
        )
        yield text % {"name": name}


def _club(entry: LogEntry, who: str, change: dict, names: _Names) -> Iterator[str]:
    if entry.action == LogEntry.Action.CREATE:
        yield _("%(who)s created the club %(name)s.") % {"who": who, "name": entry.object_repr}
    elif "name" in change:
        yield _("%(who)s renamed the club to %(name)s.") % {"who": who, "name": change["name"][1]}
    if {"mobilepay", "bank_account", "payment_note"} & set(change):
        yield _("%(who)s changed how members pay the club.") % {"who": who}
    if audit.STATEMENTS_MAILED in change:
        again, month = change[audit.STATEMENTS_MAILED]
        text = (
            _("%(who)s sent the statements of %(month)s again.")
            if again
            else _("%(who)s mailed the statements of %(month)s.")
        )
        yield text % {"who": who, "month": month}


def _overrides(entry: LogEntry, change: dict, name: str) -> Iterator[str]:
    """The season's rules that differ from its rule set, each in words."""
    preset = change.get("preset", ("", ""))[1] or (entry.serialized_data or {}).get("fields", {}).get("preset", "")
    text = change.get("overrides", ("", ""))[1]
    try:
        overrides = ast.literal_eval(text) if text else {}
    except (ValueError, SyntaxError):
        return
    if not isinstance(overrides, dict) or not families.is_preset(preset):
        return
    for words in overrides_in_words(preset, overrides):
        yield _("The season %(name)s plays its own rule: %(rule)s.") % {"name": name, "rule": words}


def _season(entry: LogEntry, who: str, change: dict, names: _Names) -> Iterator[str]:
    name = change.get("name", ("", entry.object_repr))[1] or entry.object_repr
    if entry.action == LogEntry.Action.CREATE:
        yield _("%(who)s created the season %(name)s (%(preset)s).") % {
            "who": who,
            "name": name,
            "preset": families.preset_name(change.get("preset", ("", ""))[1]),
        }
        yield from _overrides(entry, change, name)
        return
    if entry.action == LogEntry.Action.DELETE:
        yield _("%(who)s deleted the season %(name)s.") % {"who": who, "name": entry.object_repr}
        return
    if "name" in change:
        yield _("%(who)s renamed the season %(old)s to %(new)s.") % {"who": who, "old": change["name"][0], "new": name}
    if {"starts_on", "ends_on"} & set(change):
        yield _("%(who)s changed the dates of the season %(name)s.") % {"who": who, "name": name}
    if {"preset", "overrides"} & set(change):
        yield _("%(who)s changed the rules of the season %(name)s.") % {"who": who, "name": name}
        yield from _overrides(entry, change, name)
    if "point_value_ore" in change:
        yield _("%(who)s set the point value of the season %(name)s to %(ore)s øre.") % {
            "who": who,
            "name": name,
            "ore": change["point_value_ore"][1],
        }
    if audit.SEASON_CLOSED in change:
        how, _sep, into = change[audit.SEASON_CLOSED][1].partition(":")
        if how == "split":
            yield _("%(who)s closed the season %(name)s: what the tables held was split among those who played.") % {
                "who": who,
                "name": name,
            }
        else:
            yield _("%(who)s closed the season %(name)s: what the tables held was carried into %(into)s.") % {
                "who": who,
                "name": name,
                "into": into,
            }
    if "at_close" in change:
        yield _("%(who)s chose what the close of the season %(name)s does: %(how)s.") % {
            "who": who,
            "name": name,
            "how": SeasonEnd(change["at_close"][1]).label if change["at_close"][1] in SeasonEnd.values else "",
        }
    season = names.season(entry.object_pk) if "close" in change else None
    kept = names.keeps(season) if season is not None else ""
    if kept:  # a game that keeps neither cups nor a pot has nothing to split or carry
        yield _SEASON_CLOSES[kept, change["close"][1] == Season.Close.CARRY] % {"who": who, "name": name}


# A season's end of sitting, by what its game keeps and whether it carries.
_SEASON_CLOSES = {
    ("cups", True): gettext_lazy("%(who)s let the sittings of the season %(name)s carry their cups over."),
    ("cups", False): gettext_lazy("%(who)s let the sittings of the season %(name)s split their cups."),
    ("pot", True): gettext_lazy("%(who)s let the sittings of the season %(name)s carry their pot (kassza) over."),
    ("pot", False): gettext_lazy("%(who)s let the sittings of the season %(name)s split their pot (kassza)."),
}
# A sitting's close, by what its game keeps and whether it carried.
_SITTING_CLOSES = {
    ("cups", True): gettext_lazy("%(who)s closed the sitting at %(table)s on %(date)s; the cups were carried over."),
    ("cups", False): gettext_lazy("%(who)s closed the sitting at %(table)s on %(date)s; the cups were split."),
    ("pot", True): gettext_lazy(
        "%(who)s closed the sitting at %(table)s on %(date)s; the pot (kassza) was carried over."
    ),
    ("pot", False): gettext_lazy("%(who)s closed the sitting at %(table)s on %(date)s; the pot (kassza) was split."),
    ("", True): gettext_lazy("%(who)s closed the sitting at %(table)s on %(date)s."),
    ("", False): gettext_lazy("%(who)s closed the sitting at %(table)s on %(date)s."),
}


def _table(entry: LogEntry, who: str, change: dict, names: _Names) -> Iterator[str]:
    name = change.get("name", ("", entry.object_repr))[1] or entry.object_repr
    if entry.action == LogEntry.Action.CREATE:
        yield _("%(who)s added the table %(name)s.") % {"who": who, "name": name}
        return
    if "name" in change and entry.action == LogEntry.Action.UPDATE:
        yield _("%(who)s renamed the table %(old)s to %(new)s.") % {"who": who, "old": change["name"][0], "new": name}
    if "active" in change:
        active = change["active"][1] == "True"
        text = (
            _("%(who)s took the table %(name)s into use again.") if active else _("%(who)s retired the table %(name)s.")
        )
        yield text % {"who": who, "name": name}


def _sitting(entry: LogEntry, who: str, change: dict, names: _Names) -> Iterator[str]:
    sitting = names.sitting(entry.object_pk)
    if sitting is None:
        return
    where = {"who": who, "table": sitting.table.name, "date": day_month_year(sitting.date)}
    if entry.action == LogEntry.Action.CREATE:
        yield _("%(who)s started a sitting at %(table)s on %(date)s.") % where
    elif change.get("closed_at", ("", ""))[1]:
        carried = change.get("closed_how", ("", ""))[1] == Season.Close.CARRY
        yield _SITTING_CLOSES[names.keeps(sitting.season), carried] % where


def _dispute(entry: LogEntry, who: str, change: dict, names: _Names) -> Iterator[str]:
    dispute = names.dispute(entry.object_pk)
    if dispute is None:
        return
    where = {"who": who, "number": dispute.deal.number, "table": dispute.deal.sitting.table.name}
    if entry.action == LogEntry.Action.CREATE:
        yield _("%(who)s disputed deal %(number)s at %(table)s: “%(comment)s”") % (where | {"comment": dispute.comment})
        return
    resolution = change.get("resolution", ("", ""))[1]
    if resolution == Dispute.Resolution.CORRECTED:
        yield _("%(who)s answered the dispute on deal %(number)s at %(table)s with a correction.") % where
    elif resolution == Dispute.Resolution.CLOSED:
        yield _("%(who)s closed the dispute on deal %(number)s at %(table)s (reason: %(reason)s).") % (
            where | {"reason": dispute.close_reason}
        )


_SAYERS: dict[type, Callable[[LogEntry, str, dict, _Names], Iterator[str]]] = {
    Member: _member,
    Club: _club,
    Season: _season,
    Table: _table,
    Sitting: _sitting,
    Dispute: _dispute,
    JoinRequest: _join_request,
}


def _corrections(club: Club, names: _Names, wanted: int | None) -> Iterator[LogLine]:
    versions = (
        DealVersion.objects.filter(deal__sitting__table__club=club, version__gt=1)
        .select_related("deal__sitting__table", "entered_by")
        .order_by("-entered_at", "-pk")
    )
    for version in _rows(versions, wanted):
        where = {
            "who": names.actor(version.entered_by),
            "number": version.deal.number,
            "table": version.deal.sitting.table.name,
            "reason": version.reason,
        }
        if is_void(version.record):
            text = _("%(who)s voided deal %(number)s at %(table)s (reason: %(reason)s).") % where
        else:
            text = _("%(who)s corrected deal %(number)s at %(table)s (reason: %(reason)s).") % where
        yield LogLine(version.entered_at, text, "deal")


def _payments(club: Club, names: _Names, wanted: int | None) -> Iterator[LogLine]:
    payments = club.payments.select_related("member", "recorded_by", "reverses").order_by(
        "-recorded_at", "-paid_on", "-pk"
    )
    for payment in _rows(payments, wanted):
        values = {
            "name": payment.member.name,
            "amount": format_ore(payment.amount_ore),
            "method": payment.get_method_display(),
            "who": names.actor(payment.recorded_by),
        }
        if payment.reverses is not None:
            text = _("%(who)s reversed the payment of %(amount)s by %(name)s (reason: %(reason)s).") % (
                values | {"reason": payment.reason}
            )
        elif payment.is_opening:
            text = _("%(who)s carried over the saldo of %(name)s from paper: %(saldo)s.") % (
                values | {"saldo": format_ore(payment.signed_ore)}
            )
        elif payment.direction == Payment.Direction.IN:
            text = _("%(name)s paid in %(amount)s (%(method)s; recorded by %(who)s).") % values
        else:
            text = _("%(name)s was paid %(amount)s (%(method)s; recorded by %(who)s).") % values
        yield LogLine(payment.recorded_at, text, "payment")


def _table_openings(club: Club, names: _Names, wanted: int | None) -> Iterator[LogLine]:
    openings = club.table_openings.select_related("table", "recorded_by").order_by("-recorded_at", "-pk")
    for opening in _rows(openings, wanted):
        values = {
            "who": names.actor(opening.recorded_by),
            "table": opening.table.name,
            "account": opening.account_label,
            "points": opening.points,
        }
        if opening.reverses_id is not None:
            text = _("%(who)s reversed %(account)s %(points)s of %(table)s from paper (reason: %(reason)s).") % (
                values | {"reason": opening.reason}
            )
        else:
            text = _("%(who)s carried over %(account)s %(points)s of %(table)s from paper.") % values
        yield LogLine(opening.recorded_at, text, "table")


def _rows(rows: QuerySet, size: int | None) -> Iterator:
    for batch in _batches(rows, size):
        yield from batch
