"""Forgetting a member who leaves: his name, address and login become "Tidligere medlem N" while
the books stay whole, and nothing else of the club's history changes.

What is rewritten is only what names him as his: his member row, his seats, the records of the
sittings he played (a sitting's and each deal's table state, each deal version's record: a name
as a value or a key, only where his seat there bore that name, so a replay settles every sitting
as before), and in the audit log the entries of his own rows (his member row, his requests to
join, the logins forgotten with him) and the address those logins acted under. Words someone
typed stay as they were typed: payment notes and reasons, ledger memos, correction reasons,
dispute comments, every other log entry and the club's mail to others. Renaming a member to a
word and forgetting him therefore rewords nothing an official wrote.

His logins go only when they are his alone (`his_logins`): their access logs (django-axes) and
the mail to them (a password reset waiting in the outbox) go with them, never by matching an
address his row once held, which may be another login's. The club's mail to an address that was
his alone goes too, with its attachment files on disk once the transaction commits. The log
entry of the forget names who did it and counts what was rewritten where (`PLACES`).

Deal versions, seats and the audit log are history the app may not change (scripts/app-role.sql,
club migration 0004): on PostgreSQL the rewrite is one function owned by the tables' owner
(`club_forget_member`, in `club.triggers`) that touches only that member's club and rows; on
SQLite, whose guards are the models' own, the same statements run here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from auditlog.context import disable_auditlog
from auditlog.models import LogEntry
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from post_office.models import Email

from .. import audit
from ..models import Club, Deal, DealVersion, JoinRequest, Member, Seat, Sitting
from . import money
from .members import _keeps_an_admin, retire_login
from .money import format_ore
from .office import refuse

FORGOTTEN = "Tidligere medlem"  # + a number, unique in the club: the name he is known by afterwards
# Where a forget rewrites or deletes, as its log entry counts them (the database's places first,
# in the order `club_forget_member` returns them).
PLACES = ("seats", "sittings", "deals", "deal_versions", "log_entries", "log_actors", "mails", "files", "logins")


def forgotten_name(club: Club) -> str:
    """ "Tidligere medlem N", N one more than the highest the club has used."""
    used = [
        int(name.rsplit(" ", 1)[1])
        for name in Member.objects.filter(club=club, name__startswith=f"{FORGOTTEN} ").values_list("name", flat=True)
        if re.fullmatch(rf"{FORGOTTEN} \d+", name)
    ]
    return f"{FORGOTTEN} {max(used, default=0) + 1}"


def forget_member(member: Member, *, by=None, confirmed: bool = False) -> Member:
    """Replace the member's name, address and login by "Tidligere medlem N" wherever his club
    keeps them as his. Refused while he sits at an open sitting, for the club's last admin, and,
    unless `confirmed`, while his saldo is not zero."""
    with transaction.atomic():
        # The club first, as the office does: two forgets at once take turns (the next number, the last admin).
        Club.objects.select_for_update().get(pk=member.club_id)
        member = Member.objects.select_for_update(of=("self",)).select_related("club").get(pk=member.pk)
        if re.fullmatch(rf"{FORGOTTEN} \d+", member.name) and member.user_id is None and not member.email:
            raise refuse("member", _("%(name)s is forgotten already.") % {"name": member.name})
        if Seat.objects.filter(member=member, sitting__closed_at__isnull=True).exists():
            raise refuse("member", _("%(name)s sits at an open sitting; close it first.") % {"name": member.name})
        _keeps_an_admin(member, role=Member.Role.MEMBER, active=False)
        saldo = money.saldo(member)
        if saldo and not confirmed:
            raise refuse(
                "confirmed",
                _("%(name)s has a saldo of %(saldo)s: settle it first, or confirm that it stays in the books.")
                % {"name": member.name, "saldo": format_ore(saldo)},
            )
        logins = his_logins(member)
        names, addresses = former_names(member), former_addresses(member, logins)
        new, user = forgotten_name(member.club), member.user
        forget_user = user is not None and not Member.objects.filter(user=user).exclude(pk=member.pk).exists()
        forgotten = [*([user] if forget_user else []), *logins.former]
        scope = LogScope({login.pk for login in forgotten} | logins.gone)
        # Unlogged: the log would keep the old name as what changed.
        with disable_auditlog():
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT club_forget_member(%s, %s, %s, %s)", [member.club_id, member.pk, new, forget_user]
                    )
                    counts = dict(_json(cursor.fetchone()[0]))
            else:
                counts = _rewrite(member, names, addresses, new, scope, forgotten)
            counts["mails"], counts["files"] = _forget_mail(member, addresses, forgotten)
            JoinRequest.objects.filter(member=member).delete()
            member.name, member.email, member.user, member.active = new, "", None, False
            member.save(update_fields=["name", "email", "user", "active"])
            _forget_access_logs(forgotten)
            # A former login the office retired already when his address changed counts once, then.
            counts["logins"] = sum(1 for login in forgotten if login.username != f"tidligere-{login.pk}")
            for login in forgotten:
                retire_login(login)
        audit.record_forgetting(member, by, {place: counts.get(place, 0) for place in PLACES})
    return member


def _login_names(logins) -> set[str]:
    """What each login is known by: its username and its address."""
    return {name for login in logins for name in (login.username, login.email) if name}


def _forget_access_logs(forgotten: list) -> None:
    """The record of the attempts to log in of the logins forgotten with him, and of no other
    (an address his row once held may be another person's login, whose lock must stand)."""
    names = _login_names(forgotten)
    for attempts in (AccessAttempt, AccessFailureLog, AccessLog):
        attempts.objects.filter(username__in=names).delete()


def _forget_mail(member: Member, addresses: set[str], forgotten: list) -> tuple[int, int]:
    """His mail goes: the club's mail to an address that was his alone, and any mail of no club
    (a password reset) to the logins forgotten with him; the attachment files no other mail
    shares go from the disk once the transaction commits. (mails, files) deleted."""
    logins = _login_names(forgotten)
    # An address his row held that a login which stays holds is that login owner's: his mail stays.
    users = get_user_model().objects.exclude(pk__in=[login.pk for login in forgotten])
    theirs = _login_names(users.filter(Q(username__in=addresses) | Q(email__in=addresses)))
    his = {address.lower() for address in (addresses | logins) - theirs}
    clubs = Email.objects.filter(club_mail__club_id=member.club_id)
    unclubbed = Email.objects.filter(club_mail__isnull=True)
    mails = [
        *(email for email in _mails_to(clubs, his) if his & _recipients(email)),
        *(email for email in _mails_to(unclubbed, logins) if {a.lower() for a in logins} & _recipients(email)),
    ]
    files = []
    for email in mails:
        attachments = list(email.attachments.all())
        email.delete()
        for attachment in attachments:
            if not attachment.emails.exists():
                files.append((attachment.file.storage, attachment.file.name))
                attachment.delete()
    transaction.on_commit(lambda: [storage.delete(name) for storage, name in files if name])
    return len(mails), len(files)


def _mails_to(mails, addresses: set[str]):
    """The mails among `mails` whose recipients' text holds one of `addresses` (checked exactly by the caller)."""
    if not addresses:
        return mails.none()
    found = Q()
    for address in addresses:
        found |= Q(to__icontains=address) | Q(cc__icontains=address) | Q(bcc__icontains=address)
    return mails.filter(found).distinct()


def _recipients(email: Email) -> set[str]:
    return {address.lower() for address in [*email.to, *email.cc, *email.bcc]}


# --- the rewrite: the same on both databases (club.triggers holds PostgreSQL's) ------------------


def renamed_json(value: Any, renames: Mapping[str, str]) -> Any:
    """A JSON value with every string and key that is one of `renames` replaced by its new one;
    a string that only holds one among other words stays as it is."""
    if isinstance(value, dict):
        return {renames.get(key, key): renamed_json(item, renames) for key, item in value.items()}
    if isinstance(value, list):
        return [renamed_json(item, renames) for item in value]
    if isinstance(value, str):
        return renames.get(value, value)
    return value


@dataclass(frozen=True)
class Logins:
    linked: set[int]  # every login his row was linked to, today's included
    former: list  # the logins it was linked to before that nobody needs now: forgotten with him
    gone: set[int]  # those the office deleted since, never used (their log is his alone too)


@dataclass(frozen=True)
class LogScope:
    """The logins whose log is his: those forgotten with him, and those of his that are gone."""

    logins: set[int]


def his_logins(member: Member) -> Logins:
    """The logins the member's row was linked to, as the log kept each change. A former one goes
    with him when no member uses it now and it is no staff's (as `members._retire_if_unused`
    keeps it); a login other clubs' members use stays theirs."""
    linked = {member.user_id} if member.user_id is not None else set()
    for changes in _member_changes(member):
        said = changes.get("user")
        if isinstance(said, list):
            linked.update(int(pk) for pk in said if isinstance(pk, str) and pk.isdigit() and len(pk) <= 9)
    users = get_user_model().objects
    former = (
        users.filter(pk__in=linked - {member.user_id}, is_staff=False, is_superuser=False)
        .exclude(pk__in=Member.objects.filter(user__isnull=False).values("user_id"))
        .order_by("pk")
    )
    gone = linked - set(users.filter(pk__in=linked).values_list("pk", flat=True))
    return Logins(linked, list(former), gone)


def _rewrite(
    member: Member, names: set[str], addresses: set[str], new: str, scope: LogScope, forgotten: list
) -> dict[str, int]:
    """SQLite's rewrite, statement for statement as `club_forget_member` of `club.triggers`, with
    the same counts. Raw SQL for the deal versions, whose model refuses an update."""
    counts = dict.fromkeys(PLACES[:6], 0)
    # A sitting's records name him only where his seat there bore one of his names.
    his_seat = dict(Seat.objects.filter(member=member, name__in=names).values_list("sitting_id", "name"))
    for sitting in Sitting.objects.filter(pk__in=his_seat).order_by("pk"):
        state = renamed_json(sitting.state, {his_seat[sitting.pk]: new})
        if state != sitting.state:
            sitting.state = state
            sitting.save(update_fields=["state"])
            counts["sittings"] += 1
    for deal in Deal.objects.filter(sitting_id__in=his_seat).order_by("pk"):
        state = renamed_json(deal.state_before, {his_seat[deal.sitting_id]: new})
        if state != deal.state_before:
            deal.state_before = state
            deal.save(update_fields=["state_before"])
            counts["deals"] += 1
    versions = DealVersion.objects.filter(deal__sitting_id__in=his_seat).order_by("pk")
    with connection.cursor() as cursor:
        for pk, record, sitting_id in versions.values_list("pk", "record", "deal__sitting_id"):
            renamed = renamed_json(_json(record), {his_seat[sitting_id]: new})
            if renamed != _json(record):
                cursor.execute(
                    "UPDATE club_dealversion SET record = %s WHERE id = %s",
                    [json.dumps(renamed, ensure_ascii=False), pk],
                )
                counts["deal_versions"] += 1
    counts["seats"] = Seat.objects.filter(member=member).exclude(name=new).update(name=new)
    # His own entries in the log: an address goes blank, a forgotten login's name is its retired one.
    renames = {
        **{name: new for name in names},
        **{login.username: f"tidligere-{login.pk}" for login in forgotten},
        **{address: "" for address in addresses},
    }
    for entry in _his_log_entries(member, scope).order_by("pk"):
        before = (entry.object_repr, entry.changes_text, entry.changes, entry.serialized_data, entry.additional_data)
        entry.object_repr = renames.get(entry.object_repr, entry.object_repr)
        entry.changes_text = renames.get(entry.changes_text, entry.changes_text)
        entry.changes = renamed_json(entry.changes, renames)
        entry.serialized_data = renamed_json(entry.serialized_data, renames)
        entry.additional_data = renamed_json(entry.additional_data, renames)
        if before != (
            entry.object_repr,
            entry.changes_text,
            entry.changes,
            entry.serialized_data,
            entry.additional_data,
        ):
            entry.save()
            counts["log_entries"] += 1
    counts["log_actors"] = (
        LogEntry.objects.filter(actor_id__in=scope.logins).exclude(actor_email="").exclude(actor_email__isnull=True)
    ).update(actor_email="")
    return counts


def _his_log_entries(member: Member, scope: LogScope):
    """The log's entries of his own rows: his member row, his requests to join (also those
    withdrawn since: the entry that made one names his row), and the logins in `scope`."""
    types = ContentType.objects.get_for_models(Member, JoinRequest, get_user_model())
    return LogEntry.objects.filter(
        Q(content_type=types[Member], object_id=member.pk)
        | Q(content_type=types[JoinRequest], changes__member__1=str(member.pk))
        | Q(content_type=types[get_user_model()], object_id__in=scope.logins)
    )


def former_names(member: Member) -> set[str]:
    """Every name the member had: now, at each of his seats, and before each rename the log
    kept; none that another member of the club has now or had at a seat."""
    names = {member.name, *Seat.objects.filter(member=member).values_list("name", flat=True)}
    for changes in _member_changes(member):
        said = changes.get("name")
        if isinstance(said, list):
            names.update(name for name in said if isinstance(name, str))
    others = {
        *Member.objects.filter(club_id=member.club_id).exclude(pk=member.pk).values_list("name", flat=True),
        *Seat.objects.filter(member__club_id=member.club_id).exclude(member=member).values_list("name", flat=True),
    }
    return {name for name in names if name and name not in others}


def former_addresses(member: Member, logins: Logins) -> set[str]:
    """Every address the member had: now, his login's and his former logins', and before each
    change the log kept; none that another member of the club has now."""
    addresses = {member.email, member.user.email if member.user is not None else ""}
    addresses.update(login.email for login in logins.former)
    for changes in _member_changes(member):
        said = changes.get("email")
        if isinstance(said, list):
            addresses.update(address for address in said if isinstance(address, str))
    others = set(Member.objects.filter(club_id=member.club_id).exclude(pk=member.pk).values_list("email", flat=True))
    return {address for address in addresses if address and address not in others}


def _member_changes(member: Member) -> list[dict]:
    """What the log kept of each change to the member."""
    member_type = ContentType.objects.get_for_model(Member)
    entries = LogEntry.objects.filter(content_type=member_type, object_id=member.pk)
    return [changes for changes in entries.values_list("changes", flat=True) if isinstance(changes, dict)]


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value
