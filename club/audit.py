"""The club's log (`ClubEvent`): each service writes its own line, in its own transaction, with
its kind, its data (ids and values), the member acting and through what (a page, the API, a
command's operator, the admin); club.web.log reads them at /c/<club>/log/. The faces pass who
acts to the services as `by=` (a login, a member or an `Actor`).

django-auditlog still keeps, for staff in the admin, each change to a club, its members, seasons,
tables, sittings, disputes and join requests, and to logins, field by field (AuditlogMiddleware
names who); forgetting a member rewrites it (club.services.forgetting, `club_log`).
"""

from __future__ import annotations

import getpass
import json
from dataclasses import dataclass
from typing import Any

from auditlog.cid import get_cid
from auditlog.diff import model_instance_diff
from auditlog.middleware import AuditlogMiddleware
from auditlog.models import LogEntry
from auditlog.registry import auditlog
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import DatabaseError, connection
from django.db.models import Q, QuerySet
from django.db.models.signals import pre_save
from django.http import HttpRequest

from .client_ip import client_ip
from .models import Club, ClubEvent, Dispute, JoinRequest, Member, Season, Sitting, Table


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

Kind = ClubEvent.Kind
Through = ClubEvent.Through


@dataclass(frozen=True)
class Actor:
    """Who acts, as the face that called a service knows it: a login (a page's or the API
    token's), a member, or a command's operator (`--by`, else the OS user), and through what.
    Services take it as `by=` beside a plain login (a page's) or a member, read by `acting`."""

    user: Any = None
    member: Member | None = None
    through: str = Through.PAGE
    operator: str = ""

    @classmethod
    def api(cls, user: Any) -> Actor:
        return cls(user=user, through=Through.API)

    @classmethod
    def admin(cls, user: Any) -> Actor:
        return cls(user=user, through=Through.ADMIN)

    @classmethod
    def command(cls, operator: str = "") -> Actor:
        """A management command's operator: `--by`, else whoever runs it on the machine."""
        return cls(through=Through.COMMAND, operator=(operator or _os_user())[:150])


def _os_user() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no name for the process's uid (a bare container)
        return ""


def acting(by: Any) -> Actor:
    """`by` as an Actor: None (the system), a login, a member or an Actor."""
    if isinstance(by, Actor):
        return by
    if by is None:
        return Actor()
    if isinstance(by, Member):
        return Actor(user=by.user, member=by)
    return Actor(user=by)


def login_of(by: Any) -> Any:
    """The login `by` acts with (for a record's `recorded_by`, `entered_by`): None for a command."""
    if isinstance(by, Actor):
        return by.user if by.user is not None else (by.member.user if by.member is not None else None)
    if isinstance(by, Member):
        return by.user
    return by


def record(club: Club | int, kind: str, *, by: Any = None, **data: Any) -> ClubEvent:
    """One line of the club's log, written in the caller's transaction. `data` holds ids and plain
    values (club.web.log reads the names of today from the ids)."""
    event = _lines(club, by, [(kind, data)])[0]
    event.save()
    return event


def record_many(club: Club | int, lines: list[tuple[str, dict[str, Any]]], *, by: Any = None) -> list[ClubEvent]:
    """Many lines of the club's log by one actor, each (kind, data) as `record` writes it, in one
    statement (an import: a line for each member added and each saldo carried over)."""
    return ClubEvent.objects.bulk_create(_lines(club, by, lines))


def _lines(club: Club | int, by: Any, lines: list[tuple[str, dict[str, Any]]]) -> list[ClubEvent]:
    actor = acting(by)
    club_id = club if isinstance(club, int) else club.pk
    member = actor.member if actor.member is not None and actor.member.club_id == club_id else None
    user = login_of(actor)
    if member is None and user is not None and getattr(user, "pk", None) is not None:
        member = Member._base_manager.filter(club_id=club_id, user_id=user.pk).first()
    return [
        ClubEvent(
            club_id=club_id,
            kind=kind,
            data=data,
            member=member,
            user=user if member is None and getattr(user, "pk", None) is not None else None,
            through=actor.through,
            operator=actor.operator,
        )
        for kind, data in lines
    ]


def admin_changed(changes: list[tuple[Any, Any]]) -> None:
    """django-auditlog's "changed" entry for each (row as it was, row as it is now) of one
    registered model written by `bulk_update`, which sends no signal, as `admin_created` does."""
    _admin_entries(LogEntry.Action.UPDATE, changes)


def admin_created(instances: list[Any]) -> None:
    """django-auditlog's "created" entry for each of `instances` (of one model registered in
    `register`) written by `bulk_create`, which sends no signal: the entry its receiver writes for
    a `save()`, its actor and address from the request's context (`AuditMiddleware`), in one
    statement."""
    _admin_entries(LogEntry.Action.CREATE, [(None, instance) for instance in instances])


def _admin_entries(action: int, changes: list[tuple[Any, Any]]) -> None:
    if not changes:
        return
    content_type = ContentType.objects.get_for_model(changes[0][1])
    entries = []
    for old, instance in changes:
        diff = model_instance_diff(
            old, instance, use_json_for_changes=getattr(settings, "AUDITLOG_STORE_JSON_CHANGES", False)
        )
        if not diff:
            continue
        entry = LogEntry(
            content_type=content_type,
            object_pk=str(instance.pk),
            object_id=instance.pk,
            object_repr=str(instance),
            action=action,
            changes=diff,
            cid=get_cid(),
        )
        # auditlog's context (`set_actor`, the middleware's) fills in the actor and his address
        # from `pre_save`, which `bulk_create` does not send.
        pre_save.send(LogEntry, instance=entry, raw=False, using=None, update_fields=None)
        entries.append(entry)
    LogEntry.objects.bulk_create(entries)


def record_invitation(member: Member, address: str, by: Any = None) -> None:
    """An invitation changes no row, yet the club's log names it, with the address it went to
    (forgetting him empties it: `record_forgetting`)."""
    record(member.club_id, Kind.MEMBER_INVITED, by=by, member=member.pk, email=address)


def record_forgetting(member: Member, by: Any = None, rewritten: dict[str, int] | None = None) -> None:
    """A member forgotten (club.services.forgetting), by `by`. The log's lines name him by id, so
    they read his new name; the only values of his it keeps, his former names (a rename) and the
    addresses he was invited at, are rewritten here (on PostgreSQL by the owner's function: the app
    may only add lines)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT club_forget_events(%s, %s)", [member.club_id, member.pk])
    else:
        _forget_events_sqlite(member)
    record(member.club_id, Kind.MEMBER_FORGOTTEN, by=by, member=member.pk, rewritten=rewritten or {})


def _forget_events_sqlite(member: Member) -> None:
    """SQLite's rewrite, as `club_forget_events` (club.triggers): raw SQL, since the model refuses."""
    rows = ClubEvent._base_manager.filter(
        club_id=member.club_id, kind__in=[Kind.MEMBER_RENAMED, Kind.MEMBER_INVITED], data__member=member.pk
    ).values_list("pk", "kind", "data")
    with connection.cursor() as cursor:
        for pk, kind, data in rows:
            if kind == Kind.MEMBER_RENAMED:
                data = data | {"old": member.name, "new": member.name}
            else:
                data = data | {"email": ""}
            cursor.execute("UPDATE club_clubevent SET data = %s WHERE id = %s", [json.dumps(data), pk])


def record_season_closed(season: Season, how: str, into: Season | None, by: Any = None) -> None:
    """A season closed (club.services.season_close): split, or carried into `into`."""
    record(season.club_id, Kind.SEASON_CLOSED, by=by, season=season.pk, how=how, into=into.pk if into else None)


def record_statements_mailed(
    club: Club, month: str, *, again: bool, by: Any = None, member: Member | None = None
) -> None:
    """A month's statements queued for mailing (club.services.mailings), "YYYY-MM": the club's, or
    one `member`'s."""
    record(club, Kind.STATEMENTS_MAILED, by=by, month=month, again=again, member=member.pk if member else None)


def changed(before: Any, after: Any, fields: tuple[str, ...]) -> dict[str, tuple[Any, Any]]:
    """The fields whose value differs between two snapshots of a row (dicts or model instances)."""

    def value(row: Any, name: str) -> Any:
        return row.get(name) if isinstance(row, dict) else getattr(row, name)

    return {
        name: (value(before, name), value(after, name)) for name in fields if value(before, name) != value(after, name)
    }


def snapshot(row: Any, fields: tuple[str, ...]) -> dict[str, Any]:
    return {name: getattr(row, name) for name in fields}


MEMBER_FIELDS = ("name", "role", "active", "email")


def record_member_changes(member: Member, before: dict[str, Any], *, by: Any = None) -> None:
    """A member's name, role, activity or address changed (the office, joining, the admin)."""
    change = changed(before, member, MEMBER_FIELDS)
    if "name" in change:
        old, new = change["name"]
        record(member.club_id, Kind.MEMBER_RENAMED, by=by, member=member.pk, old=old, new=new)
    if "role" in change:
        record(member.club_id, Kind.MEMBER_ROLE, by=by, member=member.pk, role=member.role)
    if "active" in change:
        record(member.club_id, Kind.MEMBER_ACTIVE, by=by, member=member.pk, active=member.active)
    if "email" in change:
        record(member.club_id, Kind.MEMBER_EMAIL, by=by, member=member.pk)


SEASON_FIELDS = ("name", "starts_on", "ends_on", "preset", "overrides", "point_value_ore", "close", "at_close")


def record_season_created(season: Season, *, by: Any = None) -> None:
    record(
        season.club_id,
        Kind.SEASON_CREATED,
        by=by,
        season=season.pk,
        name=season.name,
        preset=season.preset,
        overrides=season.overrides or {},
    )


def record_season_changes(season: Season, before: dict[str, Any], *, by: Any = None) -> None:
    """A season's name, dates, rules, point value or what its close does changed."""
    change = changed(before, season, SEASON_FIELDS)
    club_id, pk = season.club_id, season.pk
    if "name" in change:
        record(club_id, Kind.SEASON_RENAMED, by=by, season=pk, old=change["name"][0], new=season.name)
    if {"starts_on", "ends_on"} & set(change):
        record(club_id, Kind.SEASON_DATES, by=by, season=pk)
    if {"preset", "overrides"} & set(change):
        record(club_id, Kind.SEASON_RULES, by=by, season=pk, preset=season.preset, overrides=season.overrides or {})
    if "point_value_ore" in change:
        record(club_id, Kind.SEASON_POINT_VALUE, by=by, season=pk, ore=season.point_value_ore)
    if "close" in change:
        record(club_id, Kind.SEASON_SITTINGS_CLOSE, by=by, season=pk, carry=season.close == Season.Close.CARRY)
    if "at_close" in change:
        record(club_id, Kind.SEASON_AT_CLOSE, by=by, season=pk, at_close=season.at_close)


TABLE_FIELDS = ("name", "active")


def record_table_changes(table: Table, before: dict[str, Any], *, by: Any = None) -> None:
    change = changed(before, table, TABLE_FIELDS)
    if "name" in change:
        record(table.club_id, Kind.TABLE_RENAMED, by=by, table=table.pk, old=change["name"][0], new=table.name)
    if "active" in change:
        record(table.club_id, Kind.TABLE_ACTIVE, by=by, table=table.pk, active=table.active)


CLUB_FIELDS = ("name", "mobilepay", "bank_account", "payment_note")


def record_club_changes(club: Club, before: dict[str, Any], *, by: Any = None) -> None:
    change = changed(before, club, CLUB_FIELDS)
    if "name" in change:
        record(club, Kind.CLUB_RENAMED, by=by, old=change["name"][0], new=club.name)
    if {"mobilepay", "bank_account", "payment_note"} & set(change):
        record(club, Kind.PAYMENT_DETAILS, by=by)


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
