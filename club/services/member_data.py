"""What the club holds about one member, for him to take away (`member_data`, as JSON or as a zip
of CSV files), and forgetting him when he leaves (`forget_member`).

Forgetting keeps the books whole: the member's row, id, accounts, seats, payments and every
posting stay, so every saldo, statement and `ledger_check` reads as before. What identifies him
goes: his name becomes "Tidligere medlem <id>" (stored so, in Danish, the club's language: a name
is data, not a word of the interface), his address is emptied, his login is deleted when it
belongs to no other club and has recorded nothing (otherwise it is emptied and closed, or only
unlinked when another club still has him). The name is replaced wherever it was written as a
name: the seats, the kept table states, the deal records (through the one redaction PostgreSQL's
guard on deal versions allows, club migration 0016), the disputes, the club's mails and the audit
log's entries, whose changes would otherwise keep it. Free text people typed into the append-only
history (a correction's reason, a payment's note) is not rewritten.

On PostgreSQL the renaming writes columns the restricted app role may not change
(scripts/app-role.sql: seat names, deal records, dispute texts, the audit log): as that role,
forgetting is refused by the database and nothing is written; it runs as the tables' owner.
"""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from typing import Any

from auditlog.context import set_actor
from auditlog.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from django.db.models import ProtectedError, Q
from django.utils.translation import gettext as _
from django_scopes import scopes_disabled  # type: ignore[import-untyped]
from post_office.models import Email

from ledger.models import Posting

from ..audit import club_log
from ..models import Club, Deal, DealVersion, Dispute, JoinRequest, Member, Seat, Sitting
from . import money
from .office import refuse

FORGOTTEN_NAME = "Tidligere medlem %(id)d"
CSV_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# --- his data -------------------------------------------------------------------------------------


def member_data(member: Member) -> dict[str, list[dict[str, Any]]]:
    """Everything the club keeps about the member, by kind: himself, his sittings, the deals of
    his sittings, his postings, his payments and the months he has a statement for."""
    seats = Seat.objects.filter(member=member).select_related("sitting__table", "sitting__season")
    deals = Deal.objects.filter(sitting__seats__member=member).select_related("current_version")
    postings = Posting.objects.filter(Q(account__member=member) | Q(account__payer=member)).select_related(
        "transaction", "account"
    )
    payments = member.payments.order_by("paid_on", "pk")
    months = sorted(
        {p.transaction.value_date.strftime("%Y-%m") for p in postings} | {p.paid_on.strftime("%Y-%m") for p in payments}
    )
    return {
        "member": [
            {
                "id": member.pk,
                "club": member.club.slug,
                "name": member.name,
                "email": member.email,
                "role": member.role,
                "active": member.active,
                "saldo_ore": money.saldo(member),
            }
        ],
        "sittings": [
            {
                "sitting": seat.sitting_id,
                "date": seat.sitting.date.isoformat(),
                "table": seat.sitting.table.name,
                "season": seat.sitting.season.name,
                "seat": seat.position + 1,
                "points": seat.points,
            }
            for seat in seats.order_by("sitting__date", "sitting_id")
        ],
        "deals": [
            {
                "sitting": deal.sitting_id,
                "number": deal.number,
                "version": deal.current_version.version if deal.current_version else None,
                "record": json.dumps(deal.current_version.record if deal.current_version else None, ensure_ascii=False),
            }
            for deal in deals.order_by("sitting_id", "number")
        ],
        "postings": [
            {
                "date": posting.transaction.value_date.isoformat(),
                "book": posting.transaction.book,
                "reference": posting.transaction.reference,
                "account": posting.account.kind,
                "rule": posting.rule,
                "amount": posting.points,
            }
            for posting in postings.order_by("transaction__value_date", "transaction_id", "pk")
        ],
        "payments": [
            {
                "date": payment.paid_on.isoformat(),
                "direction": payment.direction,
                "method": payment.method,
                "signed_ore": payment.signed_ore,
                "note": payment.note,
                "reverses": payment.reverses_id,
                "reason": payment.reason,
            }
            for payment in payments
        ],
        "statements": [{"month": month} for month in months],
    }


def member_data_json(member: Member) -> str:
    return json.dumps(member_data(member), ensure_ascii=False, indent=2)


def member_data_zip(member: Member) -> bytes:
    """The member's data as one CSV file per kind (UTF-8 with a byte order mark), in a zip."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for kind, rows in member_data(member).items():
            archive.writestr(f"{kind}.csv", "\ufeff" + _csv(rows))
    return buffer.getvalue()


def _csv(rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows({key: _cell(value) for key, value in row.items()} for row in rows)
    return out.getvalue()


def _cell(value: Any) -> Any:
    # Typed text that would start a formula in a spreadsheet is written as text (club.reports.exports).
    if isinstance(value, str) and value.startswith(CSV_FORMULA_STARTS):
        return "'" + value
    return value


# --- forgetting him -------------------------------------------------------------------------------


@transaction.atomic
def forget_member(member: Member, *, by=None, confirmed: bool = False) -> Member:
    """Replace what identifies the member, keep the books; refused while his saldo is not zero,
    unless `confirmed`, and while he sits at an open sitting."""
    member = Member.objects.select_for_update(of=("self",)).select_related("user").get(pk=member.pk)
    new_name = FORGOTTEN_NAME % {"id": member.pk}
    if member.name == new_name:
        raise refuse("member", _("%(name)s is forgotten already.") % {"name": new_name})
    if member.seats.filter(sitting__closed_at__isnull=True).exists():
        raise refuse("member", _("%(name)s sits at an open sitting.") % {"name": member.name})
    if (
        member.role == member.Role.ADMIN
        and not member.club.members.exclude(pk=member.pk).filter(role=member.Role.ADMIN, active=True).exists()
    ):
        raise refuse("member", _("%(name)s is the club's last admin.") % {"name": member.name})
    if (saldo := money.saldo(member)) and not confirmed:
        raise refuse(
            "confirmed",
            _("%(name)s has a saldo of %(saldo)s. Settle it first, or confirm that it stays in the books.")
            % {"name": member.name, "saldo": money.format_ore(saldo)},
        )
    old_name, old_email, user = member.name, member.email, member.user
    logged: list[tuple[type, int]] = [(Member, member.pk)] + [
        (JoinRequest, pk) for pk in member.join_requests.values_list("pk", flat=True)
    ]
    if user is not None:
        logged.append((type(user), user.pk))
    with set_actor(by):
        JoinRequest.objects.filter(member=member).delete()
        member.name, member.email, member.user, member.active = new_name, "", None, False
        member.role = member.Role.MEMBER
        member.save()
        _rename_in_sittings(member, old_name, new_name)
        login_gone = _forget_login(user)
    words = {old_name: new_name} | ({old_email: ""} if old_email else {})
    _scrub_mails(member.club, old_email, words, login_gone=login_gone)
    _scrub_log(member.club, words, logged)
    return member


def _rename_in_sittings(member: Member, old: str, new: str) -> None:
    """His name in the records of the sittings he sat at: seats, kept states and deal records,
    which name players by name."""
    sittings = Sitting.objects.filter(seats__member=member)
    Seat.objects.filter(member=member).update(name=new)
    # Kept statistics are counted again from the renamed records.
    Seat.objects.filter(sitting__in=sittings).update(stats=None, stats_of=None)
    for sitting in sittings:
        Sitting.objects.filter(pk=sitting.pk).update(state=_renamed(sitting.state, old, new))
    for deal in Deal.objects.filter(sitting__in=sittings):
        Deal.objects.filter(pk=deal.pk).update(state_before=_renamed(deal.state_before, old, new))
    versions = DealVersion.objects.filter(deal__sitting__in=sittings)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # Transaction-local: the guard (club migration 0016) lets exactly this renaming through.
            cursor.execute(
                "SELECT set_config('tarokbog.forget_name', %s, true), set_config('tarokbog.forget_as', %s, true)",
                [old, new],
            )
        for pk, record in versions.values_list("pk", "record"):
            renamed = _renamed(record, old, new)
            if renamed != record:
                cursor.execute(
                    "UPDATE club_dealversion SET record = %s WHERE id = %s",
                    [json.dumps(renamed, ensure_ascii=False), pk],
                )
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT set_config('tarokbog.forget_name', '', true), set_config('tarokbog.forget_as', '', true)"
            )
    for dispute in Dispute.objects.filter(deal__sitting__in=sittings):
        Dispute.objects.filter(pk=dispute.pk).update(
            comment=_replaced(dispute.comment, {old: new}), close_reason=_replaced(dispute.close_reason, {old: new})
        )


def _renamed(value: Any, old: str, new: str) -> Any:
    """`value` (decoded JSON) with every string, and every key, that is `old` made `new`."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_renamed(item, old, new) for item in value]
    if isinstance(value, dict):
        return {(new if key == old else key): _renamed(item, old, new) for key, item in value.items()}
    return value


def _forget_login(user) -> bool:
    """His login goes, unless another club still has it (then it is only unlinked, above); whether
    it went. A login that recorded deals or payments cannot go (history names who recorded it): it
    is emptied and closed instead. Another club's membership is looked for in every club, whatever
    club's scope the request runs in."""
    with scopes_disabled():
        if user is None or Member.objects.filter(user=user).exists():
            return False
    try:
        with transaction.atomic():
            user.delete()
    except ProtectedError:
        user.username, user.email, user.first_name, user.last_name = f"forgotten-{user.pk}", "", "", ""
        user.is_active = False
        user.set_unusable_password()
        user.save()
    return True


def _scrub_mails(club: Club, email: str, words: dict[str, str], *, login_gone: bool) -> None:
    """The club's own mails: those to his address go (the send log goes with them), his name leaves
    the others. Other clubs' mails are theirs. When his login went, the mails of no club to its
    address (password resets) go too."""
    mails = Email.objects.filter(club_mail__club=club)
    if email:
        mails.filter(to__icontains=email).delete()
        if login_gone:
            Email.objects.filter(club_mail__isnull=True, to__icontains=email).delete()
    for name in words:
        for mail in mails.filter(
            Q(subject__contains=name) | Q(message__contains=name) | Q(html_message__contains=name)
        ):
            Email.objects.filter(pk=mail.pk).update(
                **{field: _replaced(getattr(mail, field), words) for field in ("subject", "message", "html_message")}
            )


def _scrub_log(club: Club, words: dict[str, str], logged: list[tuple[type, int]]) -> None:
    """The audit log's entries that wrote his name or address: his own changes, his join requests',
    his login's, and those of the club's objects whose texts name him; their texts and changes with
    the name replaced and the address emptied. Other clubs' entries are theirs."""
    own = Q()
    for model, pk in logged:
        own |= Q(content_type=ContentType.objects.get_for_model(model), object_pk=str(pk))
    naming = Q()
    for word in words:
        naming |= Q(object_repr__contains=word) | Q(changes_text__contains=word)
    for entry in LogEntry.objects.filter(own) | club_log(club).filter(naming):
        LogEntry.objects.filter(pk=entry.pk).update(
            object_repr=_replaced(entry.object_repr, words),
            changes_text=_replaced(entry.changes_text, words),
            changes=_replaced_json(entry.changes, words),
            serialized_data=_replaced_json(entry.serialized_data, words),
            additional_data=_replaced_json(entry.additional_data, words),
        )


def _replaced(text: str | None, words: dict[str, str]) -> str:
    """`text` with each old word made new where it stands as a word of its own: forgetting "Ib"
    leaves "Ibrahim" alone."""
    text = text or ""
    for old, new in words.items():
        # A function, not a template: the replacement is taken as written, backslashes too.
        text = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", _as_written(new), text)
    return text


def _as_written(new: str):
    def replacement(_match: re.Match[str]) -> str:
        return new

    return replacement


def _replaced_json(value: Any, words: dict[str, str]) -> Any:
    if isinstance(value, str):
        return _replaced(value, words)
    if isinstance(value, list):
        return [_replaced_json(item, words) for item in value]
    if isinstance(value, dict):
        return {_replaced(key, words): _replaced_json(item, words) for key, item in value.items()}
    return value


def forgotten(member: Member) -> bool:
    return member.name == FORGOTTEN_NAME % {"id": member.pk}
