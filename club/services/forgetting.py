"""Forgetting a member who leaves: his name, address and login become "Tidligere medlem N" while
the books stay whole.

The name is replaced everywhere the club keeps it, consistently, so a replay settles every sitting
as before: his seats, the table states kept with sittings and deals, the deal records (a name as a
value or a key), and in free text (reasons, notes, dispute comments, the audit log, the club's
mail) wherever it stands as a word. Deal versions, seats, payments and the audit log are history
the app may not change (scripts/app-role.sql, club migration 0004): on PostgreSQL the rewrite is
one function owned by the tables' owner (`club_forget_member`, in `club.triggers`) that touches
only that member's club; on SQLite, whose guards are the models' own, the same statements run
here. His ledger accounts, postings and payments keep their amounts: only names change.
"""

from __future__ import annotations

import json
import re
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

from ledger import services as ledger

from .. import audit
from ..models import (
    Club,
    ClubMail,
    Dispute,
    JoinRequest,
    LedgerEntry,
    Member,
    Payment,
    Seat,
    Sitting,
    TableOpening,
)
from . import money
from .members import _keeps_an_admin, retire_login
from .money import format_ore
from .office import refuse

FORGOTTEN = "Tidligere medlem"  # + a number, unique in the club: the name he is known by afterwards


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
    keeps them. Refused while he sits at an open sitting, for the club's last admin, and, unless
    `confirmed`, while his saldo is not zero."""
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
        # Unlogged: the log would keep the old name as what changed.
        with disable_auditlog():
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT club_forget_member(%s, %s, %s, %s)", [member.club_id, member.pk, new, forget_user]
                    )
            else:
                _rewrite(member, names, addresses, new, LogScope(logins.linked, {login.pk for login in forgotten}))
            _forget_mail(member, addresses, names, new)
            JoinRequest.objects.filter(member=member).delete()
            member.name, member.email, member.user, member.active = new, "", None, False
            member.save(update_fields=["name", "email", "user", "active"])
            for login in forgotten:
                _forget_login(login, addresses)
        audit.record_forgetting(member, by)
    return member


def _forget_login(user, addresses: set[str]) -> None:
    """A login no other club's member uses: no name, no address, no password, and no record of
    its attempts to log in (under its name, or any address he had)."""
    for attempts in (AccessAttempt, AccessFailureLog, AccessLog):
        attempts.objects.filter(Q(username=user.username) | Q(username__in=addresses)).delete()
    retire_login(user)


def _forget_mail(member: Member, addresses: set[str], names: set[str], new: str) -> None:
    """The club's mail to any address he had goes; its other mail names him by his new name."""
    mails = Email.objects.filter(pk__in=ClubMail.objects.filter(club_id=member.club_id).values("email_id"))
    his = {address.lower() for address in addresses}
    for email in mails:
        if his & {address.lower() for address in email.to}:
            email.attachments.all().delete()
            email.delete()
    for email in mails.all():
        for old in sorted(names, key=lambda name: (-len(name), name)):
            email.subject = renamed_text(email.subject, old, new)
            email.message = renamed_text(email.message, old, new)
            email.html_message = renamed_text(email.html_message, old, new)
            email.context = renamed_json(email.context, old, new, in_text=True)
        email.save(update_fields=["subject", "message", "html_message", "context"])


# --- the rewrite: the same on both databases (club.triggers holds PostgreSQL's) ------------------


def renamed_text(text: str | None, old: str, new: str) -> str | None:
    """`old` replaced by `new` where it stands as a word of `text`."""
    if not text:
        return text
    return re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, text)


def renamed_json(value: Any, old: str, new: str, *, in_text: bool = False) -> Any:
    """A JSON value with every string and key that is `old` replaced by `new` (and, `in_text`, the
    word `old` inside any string)."""
    if isinstance(value, dict):
        return {
            (new if key == old else key): renamed_json(item, old, new, in_text=in_text) for key, item in value.items()
        }
    if isinstance(value, list):
        return [renamed_json(item, old, new, in_text=in_text) for item in value]
    if isinstance(value, str):
        return new if value == old else (renamed_text(value, old, new) if in_text else value)
    return value


@dataclass(frozen=True)
class Logins:
    linked: set[int]  # every login his row was linked to, today's included
    former: list  # the logins it was linked to before that nobody needs now: forgotten with him


@dataclass(frozen=True)
class LogScope:
    """Which logins' traces in the log go: the address he acted under (`actors`), and the log of
    the logins forgotten with him (`forgotten`)."""

    actors: set[int]
    forgotten: set[int]


def his_logins(member: Member) -> Logins:
    """The logins the member's row was linked to, as the log kept each change. A former one goes
    with him when no member uses it now and it is no staff's (as `members._retire_if_unused`
    keeps it); a login other clubs' members use stays theirs."""
    linked = {member.user_id} if member.user_id is not None else set()
    for changes in _member_changes(member):
        said = changes.get("user")
        if isinstance(said, list):
            linked.update(int(pk) for pk in said if isinstance(pk, str) and pk.isdigit())
    former = (
        get_user_model()
        .objects.filter(pk__in=linked - {member.user_id}, is_staff=False, is_superuser=False)
        .exclude(pk__in=Member.objects.filter(user__isnull=False).values("user_id"))
        .order_by("pk")
    )
    return Logins(linked, list(former))


def _rewrite(member: Member, names: set[str], addresses: set[str], new: str, scope: LogScope) -> None:
    """SQLite's rewrite, statement for statement as the functions of `club.triggers`. Raw SQL for
    the rows whose models refuse an update (deal versions, payments, table openings)."""
    for old in sorted(names, key=lambda name: (-len(name), name)):
        _rename(member, old, new, scope)
    Seat.objects.filter(member=member).update(name=new)
    for address in sorted(addresses):
        _rename_in_log(member, address, "", scope)
    for login in get_user_model().objects.filter(pk__in=scope.forgotten).order_by("pk"):
        _rename_in_log(member, login.username, f"tidligere-{login.pk}", scope)


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


def _rename(member: Member, old: str, new: str, scope: LogScope) -> None:
    club_id = member.club_id
    # A sitting's records name him only where his seat there bore this name (club.triggers).
    for sitting in Sitting.objects.filter(seats__member=member, seats__name=old).distinct():
        sitting.state = renamed_json(sitting.state, old, new)
        sitting.save(update_fields=["state"])
        for deal in sitting.deals.all():
            deal.state_before = renamed_json(deal.state_before, old, new)
            deal.save(update_fields=["state_before"])
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT v.id, v.record, v.reason FROM club_dealversion v JOIN club_deal d ON v.deal_id = d.id "
            "JOIN club_seat st ON st.sitting_id = d.sitting_id WHERE st.member_id = %s AND st.name = %s",
            [member.pk, old],
        )
        for pk, record, reason in cursor.fetchall():
            cursor.execute(
                "UPDATE club_dealversion SET record = %s, reason = %s WHERE id = %s",
                [
                    json.dumps(renamed_json(_json(record), old, new), ensure_ascii=False),
                    renamed_text(reason, old, new),
                    pk,
                ],
            )
        cursor.execute("SELECT id, note, reason FROM club_payment WHERE club_id = %s", [club_id])
        for pk, note, reason in cursor.fetchall():
            cursor.execute(
                "UPDATE club_payment SET note = %s, reason = %s WHERE id = %s",
                [renamed_text(note, old, new), renamed_text(reason, old, new), pk],
            )
        cursor.execute("SELECT id, reason FROM club_tableopening WHERE club_id = %s", [club_id])
        for pk, reason in cursor.fetchall():
            cursor.execute(
                "UPDATE club_tableopening SET reason = %s WHERE id = %s", [renamed_text(reason, old, new), pk]
            )
    ledger.rewrite_memos(_club_transactions(club_id), lambda memo: renamed_text(memo, old, new))
    for dispute in Dispute.objects.filter(deal__sitting__table__club_id=club_id):
        dispute.comment = renamed_text(dispute.comment, old, new) or ""
        dispute.close_reason = renamed_text(dispute.close_reason, old, new) or ""
        dispute.save(update_fields=["comment", "close_reason"])
    _rename_in_log(member, old, new, scope)


def _club_transactions(club_id: int) -> list[int]:
    """The club's ledger transactions: its payments', its tables' openings' and its sittings'."""
    return [
        *Payment.objects.filter(club_id=club_id, transaction__isnull=False).values_list("transaction_id", flat=True),
        *TableOpening.objects.filter(club_id=club_id, transaction__isnull=False).values_list(
            "transaction_id", flat=True
        ),
        *LedgerEntry.objects.filter(sitting__table__club_id=club_id).values_list("transaction_id", flat=True),
    ]


def _rename_in_log(member: Member, old: str, new: str, scope: LogScope) -> None:
    for entry in _log_entries(member, scope):
        entry.object_repr = renamed_text(entry.object_repr, old, new) or ""
        entry.changes_text = renamed_text(entry.changes_text, old, new) or ""
        entry.changes = renamed_json(entry.changes, old, new, in_text=True)
        entry.serialized_data = renamed_json(entry.serialized_data, old, new, in_text=True)
        entry.additional_data = renamed_json(entry.additional_data, old, new, in_text=True)
        if entry.actor_id in scope.actors:
            entry.actor_email = ""
        entry.save()


def _log_entries(member: Member, scope: LogScope):
    """The audit log's entries of the member's club (club.audit.club_log), and of the logins
    forgotten with him."""
    entries = Q(pk__in=audit.club_log(member.club).values("pk"))
    if scope.forgotten:
        user_type = ContentType.objects.get_for_model(get_user_model())
        entries |= Q(content_type=user_type, object_id__in=scope.forgotten)
    return LogEntry.objects.filter(entries)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value
