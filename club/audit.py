"""The audit log of officials' actions, kept by django-auditlog.

Every change to a club, its members and their roles, seasons, tables, sittings (closing one) and
disputes (resolving one), and the requests to join that an address with a login causes (asked,
accepted, declined), is logged with who made it (AuditlogMiddleware) and what changed, whether
it came through the club's pages, the API or the admin; so are changes to logins (staff rights,
active). Deal versions are their own history (the deal audit page), and money is the ledger's.
Club admins read their club's log at /c/<club>/log/; staff read all of it in the admin.
"""

from __future__ import annotations

from typing import Any

from auditlog.middleware import AuditlogMiddleware
from auditlog.models import LogEntry
from auditlog.registry import auditlog
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import DatabaseError
from django.db.models import Q, QuerySet
from django.http import HttpRequest

from .client_ip import client_ip
from .models import Club, Dispute, JoinRequest, Member, Season, Sitting, Table


class AuditMiddleware(AuditlogMiddleware):
    """auditlog's middleware with the client address of club.client_ip (X-Forwarded-For only
    from TRUSTED_PROXIES; auditlog's own takes the header's first address from anyone), and an
    actor lookup that lets a database outage reach the view, which answers it with 503."""

    @staticmethod
    def _get_remote_addr(request: HttpRequest) -> str | None:
        return client_ip(request) or None

    @staticmethod
    def _get_actor(request: HttpRequest) -> Any:
        try:
            return AuditlogMiddleware._get_actor(request)
        except DatabaseError:
            return None


def register() -> None:
    """Called once from ClubConfig.ready(). Only the models' own columns, not their relations."""
    for model in (Club, Member, Season, Table, Sitting, Dispute, JoinRequest):
        fields = [field.name for field in model._meta.concrete_fields if (model, field.name) not in _NOT_LOGGED]
        auditlog.register(model, include_fields=fields)
    auditlog.register(get_user_model(), include_fields=["username", "is_active", "is_staff", "is_superuser", "email"])


# A sitting's kept table state changes with every deal: bookkeeping, not an official's act. A
# season's close is logged by `record_season_closed`, with what it did, not as two changed fields.
_NOT_LOGGED = {(Sitting, "state"), (Season, "closed_at"), (Season, "closed_by")}

INVITED = "invited"  # a log entry's change: a member was mailed an invitation to log in
FORGOTTEN = "forgotten"  # a log entry's change: a member was forgotten, to the name he has now


def record_invitation(member: Member, address: str) -> None:
    """An invitation changes no row, yet the club's log names it: an entry on the member, by
    whoever is signed in (auditlog's middleware fills in the actor)."""
    LogEntry.objects.log_create(member, action=LogEntry.Action.UPDATE, changes={INVITED: ["", address]})


def record_forgetting(member: Member, by=None, rewritten: dict[str, int] | None = None) -> None:
    """A member forgotten (club.services.forgetting): an entry on him naming only his new name,
    by `by` or whoever is signed in, with how many rows of each place the forget rewrote or
    deleted (`rewritten`, by `forgetting.PLACES`)."""
    LogEntry.objects.log_create(
        member,
        force_log=True,
        action=LogEntry.Action.UPDATE,
        changes={FORGOTTEN: ["", member.name]},
        actor=by,
        additional_data={FORGOTTEN: rewritten or {}},
    )


SEASON_CLOSED = "season_closed"  # a log entry's change: a season was closed, ["", "split"] or ["", "carry:<into>"]


def record_season_closed(season: Season, how: str, into: Season | None, by=None) -> None:
    """A season closed (club.services.season_close): an entry on the season saying how, by `by`
    or whoever is signed in."""
    done = how if into is None else f"{how}:{into.name}"
    LogEntry.objects.log_create(
        season, force_log=True, action=LogEntry.Action.UPDATE, changes={SEASON_CLOSED: ["", done]}, actor=by
    )


STATEMENTS_MAILED = "statements_mailed"  # a log entry's change: a month's statements were mailed, ["", "YYYY-MM"]


def record_statements_mailed(club: Club, month: str, *, again: bool, by=None) -> None:
    """A month's statements queued for mailing (club.services.statement_mailings): an entry on the
    club, naming the month and whether it was sent again."""
    LogEntry.objects.log_create(
        club,
        force_log=True,
        action=LogEntry.Action.UPDATE,
        changes={STATEMENTS_MAILED: ["again" if again else "", month]},
        actor=by,
    )


def club_log(club: Club) -> QuerySet[LogEntry]:
    """The log entries of this club's own objects, newest first."""
    objects = {
        Club: Club.objects.filter(pk=club.pk),
        Member: Member.objects.filter(club=club),
        Season: Season.objects.filter(club=club),
        Table: Table.objects.filter(club=club),
        Sitting: Sitting.objects.filter(table__club=club),
        Dispute: Dispute.objects.filter(deal__sitting__table__club=club),
        JoinRequest: JoinRequest.objects.filter(member__club=club),
    }
    types = ContentType.objects.get_for_models(*objects)
    match = Q(pk__in=[])
    for model, rows in objects.items():
        match |= Q(content_type=types[model], object_id__in=rows.values("pk"))
    return LogEntry.objects.filter(match).select_related("actor", "content_type").order_by("-timestamp", "-pk")
