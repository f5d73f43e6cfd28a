"""Money between members and the club's till: payments in, payouts, their reversals, and settling
a sitting at the table.

Points and kroner meet here and nowhere else: a season's points are priced at its point value
(`club.services.money`), and a payment is kept in øre from the start, in the ledger as in the
`Payment` row. A payment is never edited; a wrong one is reversed (a second payment naming it,
with a reason) and, if need be, recorded again.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import audit, inputs
from ..models import Club, Member, Payment, Sitting
from . import till
from .balances import sitting_totals
from .closing import close_sitting
from .office import OfficeError, refuse

MAX_PAYMENT_ORE = 10_000_000  # 100.000 kr.: anything larger is a typing error at a card club
MAX_NOTE = 200


def _check(club: Club, member: Member, amount_ore: int, note: str, paid_on: datetime.date) -> None:
    errors: dict[str, list[str]] = defaultdict(list)
    if member.club_id != club.pk:
        errors["member"].append(_("Choose a member of the club."))
    if not 0 < amount_ore <= MAX_PAYMENT_ORE:
        errors["amount"].append(_("An amount from 0,01 to 100.000,00 kr."))
    if message := inputs.bad_character(note):
        errors["note"].append(message)
    if len(note) > MAX_NOTE:
        errors["note"].append(_("At most %(limit)d characters.") % {"limit": MAX_NOTE})
    if not inputs.FIRST_YEAR <= paid_on.year <= inputs.LAST_YEAR:
        errors["paid_on"].append(_("Give a real date."))
    if errors:
        raise OfficeError(errors)


def scoped_key(key: str | None, *, by, club_id: int) -> str | None:
    """A client's idempotency key as a payment keeps it: with the official who sent it and the
    club, so the same key from another official or for another club is another key (as a deal's,
    `club.services.deals.scoped_key`)."""
    if not key:
        return None
    return f"{getattr(by, 'pk', None) or '-'}:{club_id}:{key}"


@dataclass
class Recorded:
    payment: Payment
    created: bool  # False when the key answered with the payment an earlier request recorded


class KeyReused(OfficeError):
    """The key was sent before with another payment (or reversal): nothing is recorded."""

    def __init__(self) -> None:
        super().__init__({"idempotency_key": [_("This request was sent before with another payment.")]})


def record_payment_once(club: Club, *, idempotency_key: str | None, by=None, **details) -> Recorded:
    """`record_payment`, once per key: the same request sent again (a double click, a retry after a
    lost answer) answers with the payment the first recorded. A key sent before with another
    payment is refused (`KeyReused`)."""
    key = scoped_key(idempotency_key, by=audit.login_of(by), club_id=club.pk)
    if key is None:
        return Recorded(record_payment(club, by=by, **details), True)
    wanted = {
        "member_id": details["member"].pk,
        "direction": details["direction"],
        "amount_ore": details["amount_ore"],
        "method": details["method"],
        "paid_on": details["paid_on"],
        "note": details.get("note", "").strip(),
        "reverses_id": None,
    }
    return _once(key, wanted, lambda: record_payment(club, by=by, _key=key, **details))


def reverse_payment_once(payment: Payment, *, idempotency_key: str | None, reason: str, by=None) -> Recorded:
    """`reverse_payment`, once per key: sent again, it answers with the reversal the first made."""
    key = scoped_key(idempotency_key, by=audit.login_of(by), club_id=payment.club_id)
    if key is None:
        return Recorded(reverse_payment(payment, reason=reason, by=by), True)
    wanted = {"reverses_id": payment.pk, "reason": reason.strip()}
    return _once(key, wanted, lambda: reverse_payment(payment, reason=reason, by=by, _key=key))


def _once(key: str, wanted: dict, record) -> Recorded:
    for _attempt in range(2):
        earlier = Payment.objects.filter(idempotency_key=key).first()
        if earlier is not None:
            if any(getattr(earlier, field) != value for field, value in wanted.items()):
                raise KeyReused()
            return Recorded(earlier, False)
        try:
            with transaction.atomic():  # a savepoint: a request with the same key that won leaves it usable
                return Recorded(record(), True)
        except IntegrityError as error:
            # The same request, sent twice at once: the other recorded it first.
            if "idempotency_key" not in str(error):
                raise
    raise KeyReused()


@transaction.atomic
def record_payment(
    club: Club,
    *,
    member: Member,
    direction: str,
    amount_ore: int,
    method: str,
    paid_on: datetime.date,
    note: str = "",
    note_code: str = "",
    by=None,
    sitting: Sitting | None = None,
    _key: str | None = None,
) -> Payment:
    """The member paid the club (`Payment.Direction.IN`) or was paid (`OUT`): a ledger transaction
    between his money account and the club's till, and the row that says how and when."""
    actor, by = by, audit.login_of(by)
    note = note.strip()
    _check(club, member, amount_ore, note, paid_on)
    if direction not in Payment.Direction.values:
        raise refuse("direction", _("Paid in or paid out?"))
    # A saldo carried over from paper is booked by `opening.carry_over`, never as cash at the till.
    if method not in Payment.Method.values or method == Payment.Method.OPENING:
        raise refuse("method", _("Choose how it was paid."))
    payment = Payment(
        club=club,
        member=member,
        direction=direction,
        amount_ore=amount_ore,
        method=method,
        paid_on=paid_on,
        note=note,
        note_code=note_code,
        sitting=sitting,
        recorded_by=by,
        idempotency_key=_key,
    )
    payment.transaction = till.post(payment, by=by)
    payment.save()
    audit.record(club, audit.Kind.PAYMENT, by=actor, payment=payment.pk)
    return payment


@transaction.atomic
def reverse_payment(
    payment: Payment, *, reason: str, by=None, on: datetime.date | None = None, _key: str | None = None
) -> Payment:
    """Undo a wrong payment: the exact opposite, booked on `on` (today), with the reason."""
    actor, by = by, audit.login_of(by)
    reason = reason.strip()
    if not reason:
        raise refuse("reason", _("Say why the payment is reversed."))
    if message := inputs.bad_character(reason):
        raise refuse("reason", message)
    if len(reason) > inputs.MAX_REASON:
        raise refuse("reason", _("At most %(limit)d characters.") % {"limit": inputs.MAX_REASON})
    # Reversals of one member's payments wait for each other at his row: a payment itself cannot
    # be locked by the app, which may not change one (scripts/app-role.sql).
    list(Member.objects.select_for_update(of=("self",)).filter(pk=payment.member_id).values_list("pk"))
    payment = Payment.objects.get(pk=payment.pk)
    if payment.reverses_id is not None:
        raise refuse("payment", _("A reversal is not reversed; record the payment again instead."))
    if Payment.objects.filter(reverses=payment).exists():
        raise refuse("payment", _("This payment is reversed already."))
    reversal = Payment(
        club_id=payment.club_id,
        member_id=payment.member_id,
        direction=payment.direction,
        amount_ore=payment.amount_ore,
        method=payment.method,
        paid_on=on or timezone.localdate(),
        note=payment.note,
        note_code=payment.note_code,
        reverses=payment,
        reason=reason,
        recorded_by=by,
        idempotency_key=_key,
    )
    reversal.transaction = till.post_reversal(payment, reversal, by=by)
    reversal.save()
    audit.record(payment.club_id, audit.Kind.PAYMENT, by=actor, payment=reversal.pk)
    return reversal


@transaction.atomic
def settle_at_table(sitting: Sitting, *, by=None) -> list[Payment]:
    """A closed sitting settled in cash on the evening: each player's net, at the season's point
    value, recorded as paid in (a loss) or paid out (a win). Nothing for a player who broke even."""
    sitting = Sitting.objects.select_for_update().select_related("season__club").get(pk=sitting.pk)
    if sitting.is_open:
        raise refuse("sitting", _("Close the sitting first."))
    if Payment.objects.filter(sitting=sitting).exists():
        raise refuse("sitting", _("This sitting is settled already."))
    point_value = sitting.season.point_value_ore
    members = {seat.member_id: seat.member for seat in sitting.seats.select_related("member")}
    payments = []
    for member_id, points in sorted(sitting_totals(sitting).items()):
        ore = points * point_value
        if ore == 0:
            continue
        payments.append(
            record_payment(
                sitting.season.club,
                member=members[member_id],
                # A loser pays his loss in; a winner is paid his win out.
                direction=Payment.Direction.IN if ore < 0 else Payment.Direction.OUT,
                amount_ore=abs(ore),
                method=Payment.Method.CASH,
                paid_on=sitting.date,
                note_code=Payment.Note.SETTLED_AT_TABLE,
                by=by,
                sitting=sitting,
            )
        )
    return payments


@transaction.atomic
def close_and_settle(sitting: Sitting, *, how: str | None = None, by=None) -> list[Payment]:
    """Close the sitting and settle it at the table, as one: both happen, or neither."""
    close_sitting(sitting, by=by, how=how)
    return settle_at_table(sitting, by=by)


@transaction.atomic
def save_payment_details(club: Club, *, mobilepay: str, bank_account: str, note: str, by=None) -> Club:
    """How the club's members pay it, as the statement's mail names it: a MobilePay number, a bank
    account (registration and account number, as the club writes it) and a free text. Each may be
    empty; the club's log records the change."""
    errors: dict[str, list[str]] = {}
    values = {}
    for name, text, limit in (
        ("mobilepay", mobilepay, 20),
        ("bank_account", bank_account, 40),
        ("payment_note", note, 500),
    ):
        try:
            values[name] = inputs.clean_text(text, limit)
        except inputs.TextRefused as error:
            errors[name] = [str(error)]
    if values.get("mobilepay") and not all(c.isdigit() or c == " " for c in values["mobilepay"]):
        errors["mobilepay"] = [_("A MobilePay number is digits.")]
    if errors:
        raise OfficeError(errors)
    before = audit.snapshot(club, audit.CLUB_FIELDS)
    club.mobilepay, club.bank_account, club.payment_note = (
        values["mobilepay"],
        values["bank_account"],
        values["payment_note"],
    )
    club.save(update_fields=["mobilepay", "bank_account", "payment_note"])
    audit.record_club_changes(club, before, by=by)
    return club
