"""The club's log page: its lines (club.models.ClubEvent, written by each service as it acts) in
sentences, newest first, in the reader's language: "Anna rettede spil 7 ved Vinduesbordet (grund:
…)", "Bent indbetalte 120,00 kr." A line names members, tables, seasons and sittings by their ids,
so each is read by its name of today (a forgotten member by his new one).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .. import access, families
from ..inputs import whole_number
from ..models import (
    Club,
    ClubEvent,
    DealVersion,
    Dispute,
    Member,
    Payment,
    Season,
    SeasonEnd,
    Sitting,
    TableOpening,
)
from ..services.money import format_ore
from .office_forms import overrides_in_words
from .templatetags import day_month_year
from .views import club_page

PAGE_SIZE = 50
Kind = ClubEvent.Kind


@dataclass(frozen=True)
class LogLine:
    when: datetime.datetime
    text: str
    kind: str  # what it is about, for the page's markup: member, season, table, sitting, dispute, deal, …
    through: str = ClubEvent.Through.PAGE


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


def _events(club: Club):
    # A join request made is not shown (nor written any more): that an address has a login
    # elsewhere is not the office's to see (36 N8); the owner's answer is his own act.
    return (
        ClubEvent.objects.filter(club=club)
        .exclude(kind=Kind.JOIN_ASKED)
        .select_related("user")
        .only("at", "kind", "data", "member_id", "user__username", "through", "operator")
        .order_by("-at", "-pk")
    )


def log_page(club: Club, asked: str | None) -> LogPage:
    """Page `asked` of the log (the first for anything but a page number; a page past the end is
    the last), each of its lines read with the names they need: a handful of queries a page."""
    page = Paginator(_events(club), PAGE_SIZE).get_page(whole_number(asked or "", digits=6) or 1)
    return LogPage(list(_lines(club, list(page))), page.number, page.has_next())


def log_lines(club: Club) -> list[LogLine]:
    """Every sentence of the club's log, newest first."""
    return list(_lines(club, list(_events(club))))


def _lines(club: Club, events: list[ClubEvent]) -> Iterator[LogLine]:
    names = _Names(club, events)
    for event in events:
        say = _SAYERS.get(event.kind)
        if say is None:
            continue
        data = event.data if isinstance(event.data, dict) else {}
        said = say(names.actor(event), data, names)
        for text in [said] if isinstance(said, str) else said:
            if text:
                yield LogLine(event.at, text, _ABOUT.get(event.kind, "club"), event.through)


class _Names:
    """What the page's lines name, read at once: the club's members, tables and seasons, and the
    sittings, disputes, deal versions, payments and table openings its lines refer to."""

    def __init__(self, club: Club, events: Iterable[ClubEvent]):
        wanted: dict[str, set[int]] = {key: set() for key in ("sitting", "dispute", "version", "payment", "opening")}
        for event in events:
            for key, ids in wanted.items():
                if isinstance(value := (event.data or {}).get(key), int):
                    ids.add(value)
        self.members = dict(Member.objects.filter(club=club).values_list("pk", "name"))
        self.tables = dict(club.tables.values_list("pk", "name"))
        self.seasons = {s.pk: s for s in Season.objects.filter(club=club)}
        self.sittings = _by_pk(Sitting.objects.filter(table__club=club).select_related("table"), wanted["sitting"])
        self.disputes = _by_pk(
            Dispute.objects.filter(deal__sitting__table__club=club).select_related("deal__sitting__table"),
            wanted["dispute"],
        )
        self.versions = _by_pk(
            DealVersion.objects.filter(deal__sitting__table__club=club).select_related("deal__sitting__table"),
            wanted["version"],
        )
        self.payments = _by_pk(club.payments.select_related("member"), wanted["payment"])
        self.openings = _by_pk(TableOpening.objects.filter(club=club).select_related("table"), wanted["opening"])
        self.kept: dict[int, str] = {}

    def actor(self, event: ClubEvent) -> str:
        if event.member_id is not None:
            return self.members.get(event.member_id) or _("someone")
        if event.user_id is not None:
            return event.user.get_username() if event.user else _("someone")
        if event.operator:
            return _("%(name)s (command line)") % {"name": event.operator}
        return _("The system")

    def member(self, pk: Any) -> str:
        return self.members.get(pk, "") if isinstance(pk, int) else ""

    def table(self, pk: Any) -> str:
        return self.tables.get(pk, "") if isinstance(pk, int) else ""

    def season(self, pk: Any) -> Season | None:
        return self.seasons.get(pk) if isinstance(pk, int) else None

    def keeps(self, season: Season) -> str:
        """What the season's game keeps at its tables (`Family.keeps`): "cups", "pot" or ""."""
        if season.pk not in self.kept:
            self.kept[season.pk] = season.family.keeps(season.ruleset())
        return self.kept[season.pk]


def _row(rows: dict[int, Any], pk: Any) -> Any:
    """The row a line's data names by id, None for anything else (a row gone, a value not an id)."""
    return rows.get(pk) if isinstance(pk, int) else None


def _by_pk(rows, wanted: set[int]) -> dict[int, Any]:
    return {row.pk: row for row in rows.filter(pk__in=wanted)} if wanted else {}


def _role(value: Any) -> str:
    return str(dict(Member.Role.choices).get(value, value))


# --- the club and its members ------------------------------------------------------------------


def _club_created(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s created the club %(name)s.") % {"who": who, "name": data.get("name", "")}


def _club_renamed(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s renamed the club to %(name)s.") % {"who": who, "name": data.get("new", "")}


def _payment_details(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s changed how members pay the club.") % {"who": who}


def _statements_mailed(who: str, data: dict, names: _Names) -> str:
    month = str(data.get("month", ""))
    if name := names.member(data.get("member")):
        month = f"{month} ({name})"
    if data.get("again"):
        return _("%(who)s sent the statements of %(month)s again.") % {"who": who, "month": month}
    return _("%(who)s mailed the statements of %(month)s.") % {"who": who, "month": month}


def _payment_reminders(who: str, data: dict, names: _Names) -> str:
    over = data.get("over_ore")
    count = data.get("count")
    if not isinstance(over, int) or not isinstance(count, int):
        return ""
    return ngettext(
        "%(who)s reminded %(count)d member who owed the club more than %(amount)s to pay.",
        "%(who)s reminded %(count)d members who owed the club more than %(amount)s to pay.",
        count,
    ) % {"who": who, "count": count, "amount": format_ore(over)}


def _member_added(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s added the member %(name)s (%(role)s).") % {
        "who": who,
        "name": names.member(data.get("member")),
        "role": _role(data.get("role", "")),
    }


def _member_deleted(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s deleted the member %(name)s.") % {"who": who, "name": data.get("name", "")}


def _member_renamed(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s renamed the member %(old)s to %(new)s.") % {
        "who": who,
        "old": data.get("old", ""),
        "new": data.get("new", ""),
    }


def _member_role(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s made %(name)s %(role)s.") % {
        "who": who,
        "name": names.member(data.get("member")),
        "role": _role(data.get("role", "")),
    }


def _member_active(who: str, data: dict, names: _Names) -> str:
    text = _("%(who)s reactivated %(name)s.") if data.get("active") else _("%(who)s deactivated %(name)s.")
    return text % {"who": who, "name": names.member(data.get("member"))}


def _member_email(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s changed the email address of %(name)s.") % {"who": who, "name": names.member(data.get("member"))}


def _member_invited(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s invited %(name)s to log in (%(email)s).") % {
        "who": who,
        "name": names.member(data.get("member")),
        "email": data.get("email", ""),
    }


def _member_forgotten(who: str, data: dict, names: _Names) -> str:
    forgot = _("%(who)s forgot a member: his name, address and login are %(name)s now.") % {
        "who": who,
        "name": names.member(data.get("member")),
    }
    counts = data.get("rewritten")
    if not isinstance(counts, dict):  # a forget before the counts were kept
        return forgot
    said = [
        f"{words} {counts[place]}"
        for place, words in _FORGET_PLACES.items()
        if isinstance(counts.get(place), int) and counts[place]
    ]
    rewritten = _("Rewritten: %(places)s.") % {"places": ", ".join(said)} if said else _("Nothing else was rewritten.")
    return f"{forgot} {rewritten}"


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


def _members_imported(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s imported %(count)s members from a spreadsheet.") % {"who": who, "count": data.get("count", 0)}


def _join_asked(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s gave %(name)s an address that has a login: its owner is asked to join.") % {
        "who": who,
        "name": names.member(data.get("member")),
    }


def _join_answered(who: str, data: dict, names: _Names) -> str:
    text = (
        _("The owner of the login accepted: %(name)s signs in with it.")
        if data.get("accepted")
        else _("The owner of the login declined to join as %(name)s.")
    )
    return text % {"name": names.member(data.get("member"))}


# --- seasons -----------------------------------------------------------------------------------


def _season_name(data: dict, names: _Names) -> str:
    season = names.season(data.get("season"))
    return season.name if season is not None else str(data.get("name", ""))


def _own_rules(name: str, data: dict) -> list[str]:
    """The season's rules that differ from its rule set, each in words."""
    preset, overrides = data.get("preset", ""), data.get("overrides")
    if not overrides or not isinstance(overrides, dict):
        return []
    try:
        words = overrides_in_words(preset, overrides)
    except (KeyError, LookupError, ValueError):  # a rule set this site no longer plays
        return []
    return [_("The season %(name)s plays its own rule: %(rule)s.") % {"name": name, "rule": rule} for rule in words]


def _season_created(who: str, data: dict, names: _Names) -> list[str]:
    name = str(data.get("name", ""))
    said = _("%(who)s created the season %(name)s (%(preset)s).") % {
        "who": who,
        "name": name,
        "preset": families.preset_name(data.get("preset", "")),
    }
    return [said, *_own_rules(name, data)]


def _season_deleted(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s deleted the season %(name)s.") % {"who": who, "name": data.get("name", "")}


def _season_renamed(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s renamed the season %(old)s to %(new)s.") % {
        "who": who,
        "old": data.get("old", ""),
        "new": data.get("new", ""),
    }


def _season_dates(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s changed the dates of the season %(name)s.") % {"who": who, "name": _season_name(data, names)}


def _season_rules(who: str, data: dict, names: _Names) -> list[str]:
    name = _season_name(data, names)
    said = _("%(who)s changed the rules of the season %(name)s.") % {"who": who, "name": name}
    return [said, *_own_rules(name, data)]


def _season_point_value(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s set the point value of the season %(name)s to %(ore)s øre.") % {
        "who": who,
        "name": _season_name(data, names),
        "ore": data.get("ore", ""),
    }


def _season_sittings_close(who: str, data: dict, names: _Names) -> str:
    season = names.season(data.get("season"))
    kept = names.keeps(season) if season is not None else ""
    if season is None or not kept:  # a game that keeps neither cups nor a pot has nothing to split or carry
        return ""
    return str(_SEASON_CLOSES[kept, bool(data.get("carry"))]) % {"who": who, "name": season.name}


def _season_at_close(who: str, data: dict, names: _Names) -> str:
    how = data.get("at_close")
    return _("%(who)s chose what the close of the season %(name)s does: %(how)s.") % {
        "who": who,
        "name": _season_name(data, names),
        "how": SeasonEnd(how).label if how in SeasonEnd.values else "",
    }


def _season_closed(who: str, data: dict, names: _Names) -> str:
    name = _season_name(data, names)
    if data.get("how") == SeasonEnd.SPLIT:
        return _("%(who)s closed the season %(name)s: what the tables held was split among those who played.") % {
            "who": who,
            "name": name,
        }
    into = names.season(data.get("into"))
    return _("%(who)s closed the season %(name)s: what the tables held was carried into %(into)s.") % {
        "who": who,
        "name": name,
        "into": into.name if into is not None else "",
    }


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


# --- tables and sittings -----------------------------------------------------------------------


def _table_added(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s added the table %(name)s.") % {"who": who, "name": names.table(data.get("table"))}


def _table_renamed(who: str, data: dict, names: _Names) -> str:
    return _("%(who)s renamed the table %(old)s to %(new)s.") % {
        "who": who,
        "old": data.get("old", ""),
        "new": data.get("new", ""),
    }


def _table_active(who: str, data: dict, names: _Names) -> str:
    text = (
        _("%(who)s took the table %(name)s into use again.")
        if data.get("active")
        else _("%(who)s retired the table %(name)s.")
    )
    return text % {"who": who, "name": names.table(data.get("table"))}


def _table_opening(who: str, data: dict, names: _Names) -> str:
    opening = _row(names.openings, data.get("opening"))
    if opening is None:
        return ""
    values = {"who": who, "table": opening.table.name, "account": opening.account_label, "points": opening.points}
    if opening.reverses_id is not None:
        return _("%(who)s reversed %(account)s %(points)s of %(table)s from paper (reason: %(reason)s).") % (
            values | {"reason": opening.reason}
        )
    return _("%(who)s carried over %(account)s %(points)s of %(table)s from paper.") % values


def _sitting_where(who: str, data: dict, names: _Names) -> tuple[Sitting | None, dict[str, str]]:
    sitting = _row(names.sittings, data.get("sitting"))
    if sitting is None:
        return None, {}
    return sitting, {"who": who, "table": sitting.table.name, "date": day_month_year(sitting.date)}


def _sitting_started(who: str, data: dict, names: _Names) -> str:
    _sitting, where = _sitting_where(who, data, names)
    return _("%(who)s started a sitting at %(table)s on %(date)s.") % where if where else ""


def _sitting_imported(who: str, data: dict, names: _Names) -> str:
    _sitting, where = _sitting_where(who, data, names)
    return _("%(who)s imported a sitting at %(table)s on %(date)s.") % where if where else ""


def _sitting_closed(who: str, data: dict, names: _Names) -> str:
    sitting, where = _sitting_where(who, data, names)
    if sitting is None:
        return ""
    season = names.seasons.get(sitting.season_id)
    kept = names.keeps(season) if season is not None else ""
    return str(_SITTING_CLOSES[kept, bool(data.get("carried"))]) % where


# --- deals, disputes, money --------------------------------------------------------------------


def _deal_corrected(who: str, data: dict, names: _Names) -> str:
    version = _row(names.versions, data.get("version"))
    if version is None:
        return ""
    where = {
        "who": who,
        "number": version.deal.number,
        "table": version.deal.sitting.table.name,
        "reason": version.reason,
    }
    if data.get("void"):
        return _("%(who)s voided deal %(number)s at %(table)s (reason: %(reason)s).") % where
    return _("%(who)s corrected deal %(number)s at %(table)s (reason: %(reason)s).") % where


def _dispute_opened(who: str, data: dict, names: _Names) -> str:
    dispute = _row(names.disputes, data.get("dispute"))
    if dispute is None:
        return ""
    return _("%(who)s disputed deal %(number)s at %(table)s: “%(comment)s”") % {
        "who": who,
        "number": dispute.deal.number,
        "table": dispute.deal.sitting.table.name,
        "comment": dispute.comment,
    }


def _dispute_answered(who: str, data: dict, names: _Names) -> str:
    dispute = _row(names.disputes, data.get("dispute"))
    if dispute is None:
        return ""
    where = {"who": who, "number": dispute.deal.number, "table": dispute.deal.sitting.table.name}
    if dispute.resolution == Dispute.Resolution.CORRECTED:
        return _("%(who)s answered the dispute on deal %(number)s at %(table)s with a correction.") % where
    if dispute.resolution == Dispute.Resolution.CLOSED:
        return _("%(who)s closed the dispute on deal %(number)s at %(table)s (reason: %(reason)s).") % (
            where | {"reason": dispute.close_reason}
        )
    return ""


def _payment(who: str, data: dict, names: _Names) -> str:
    payment = _row(names.payments, data.get("payment"))
    if payment is None:
        return ""
    values = {
        "name": payment.member.name,
        "amount": format_ore(payment.amount_ore),
        "method": payment.get_method_display(),
        "who": who,
    }
    if payment.reverses_id is not None:
        return _("%(who)s reversed the payment of %(amount)s by %(name)s (reason: %(reason)s).") % (
            values | {"reason": payment.reason}
        )
    if payment.is_opening:
        return _("%(who)s carried over the saldo of %(name)s from paper: %(saldo)s") % (
            values | {"saldo": format_ore(payment.signed_ore)}
        )
    if payment.direction == Payment.Direction.IN:
        return _("%(name)s paid in %(amount)s (%(method)s; recorded by %(who)s).") % values
    return _("%(name)s was paid %(amount)s (%(method)s; recorded by %(who)s).") % values


# Each kind's sentence (or sentences), "" for none.
_SAYERS: dict[str, Callable[[str, dict, _Names], str | list[str]]] = {
    Kind.CLUB_CREATED: _club_created,
    Kind.CLUB_RENAMED: _club_renamed,
    Kind.PAYMENT_DETAILS: _payment_details,
    Kind.STATEMENTS_MAILED: _statements_mailed,
    Kind.PAYMENT_REMINDERS: _payment_reminders,
    Kind.MEMBER_ADDED: _member_added,
    Kind.MEMBER_DELETED: _member_deleted,
    Kind.MEMBER_RENAMED: _member_renamed,
    Kind.MEMBER_ROLE: _member_role,
    Kind.MEMBER_ACTIVE: _member_active,
    Kind.MEMBER_EMAIL: _member_email,
    Kind.MEMBER_INVITED: _member_invited,
    Kind.MEMBER_FORGOTTEN: _member_forgotten,
    Kind.MEMBERS_IMPORTED: _members_imported,
    Kind.JOIN_ASKED: _join_asked,
    Kind.JOIN_ANSWERED: _join_answered,
    Kind.SEASON_CREATED: _season_created,
    Kind.SEASON_DELETED: _season_deleted,
    Kind.SEASON_RENAMED: _season_renamed,
    Kind.SEASON_DATES: _season_dates,
    Kind.SEASON_RULES: _season_rules,
    Kind.SEASON_POINT_VALUE: _season_point_value,
    Kind.SEASON_SITTINGS_CLOSE: _season_sittings_close,
    Kind.SEASON_AT_CLOSE: _season_at_close,
    Kind.SEASON_CLOSED: _season_closed,
    Kind.TABLE_ADDED: _table_added,
    Kind.TABLE_RENAMED: _table_renamed,
    Kind.TABLE_ACTIVE: _table_active,
    Kind.TABLE_OPENING: _table_opening,
    Kind.SITTING_STARTED: _sitting_started,
    Kind.SITTING_IMPORTED: _sitting_imported,
    Kind.SITTING_CLOSED: _sitting_closed,
    Kind.DEAL_CORRECTED: _deal_corrected,
    Kind.DISPUTE_OPENED: _dispute_opened,
    Kind.DISPUTE_ANSWERED: _dispute_answered,
    Kind.PAYMENT: _payment,
}
# What each kind of line is about, for the page's markup (`data-kind`).
_ABOUT = {
    kind: kind.split("_")[0].replace("members", "member").replace("join", "joinrequest")
    for kind in Kind.values
    if kind not in (Kind.DEAL_CORRECTED, Kind.STATEMENTS_MAILED, Kind.PAYMENT_DETAILS)
} | {Kind.DEAL_CORRECTED: "deal", Kind.STATEMENTS_MAILED: "club", Kind.PAYMENT_DETAILS: "club"}
