"""Payment reminders: the treasurer types an amount, and every active member with an address who
owes the club more than that (a saldo below minus the amount) gets a mail saying his saldo, that
he owes it, and how to pay, in his own language, through the outbox.

At most one a calendar month per member (`PaymentReminder`, unique per member and month): a
second round the same month skips whoever had one and says how many. One round is one
transaction: the reminders' rows, their mails and one line in the club's log, or nothing.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import audit
from ..models import Club, Member, PaymentReminder
from . import languages, money, outbox
from .office import refuse
from .payments import MAX_PAYMENT_ORE

DEFAULT_OVER_ORE = 10_000  # 100 kr.: the office's form starts from it


@dataclass
class Round:
    """What a round of reminders did: whom it reminded (with his saldo), and whom it skipped."""

    over_ore: int
    month: datetime.date  # its first day
    sent: list[tuple[Member, int]] = field(default_factory=list)
    reminded_already: list[Member] = field(default_factory=list)  # had one this month
    without_address: list[Member] = field(default_factory=list)

    def said(self) -> str:
        """For the treasurer: "12 påmindelser i kø; 3 fik allerede en i denne måned"."""
        sent, already, unaddressed = len(self.sent), len(self.reminded_already), len(self.without_address)
        said = [ngettext("%(count)d reminder queued", "%(count)d reminders queued", sent) % {"count": sent}]
        if already:
            said.append(
                ngettext("%(count)d had one already this month", "%(count)d had one already this month", already)
                % {"count": already}
            )
        if unaddressed:
            said.append(
                ngettext("%(count)d has no address", "%(count)d have no address", unaddressed) % {"count": unaddressed}
            )
        return "; ".join(said)


def owing(club: Club, over_ore: int) -> list[tuple[Member, int]]:
    """The club's active members who owe it more than `over_ore`, with their saldo, who owes most
    first (`money.debtors`' order)."""
    return [(m, ore) for m, ore in money.debtors(club).rows if ore < -over_ore and m.active]


def last_reminders(club: Club) -> dict[int, PaymentReminder]:
    """Member id -> the last reminder he was sent, for each member of the club ever reminded: one
    query however many members and reminders (the debtors' page shows it on each row)."""
    last = PaymentReminder.objects.filter(member=OuterRef("member")).order_by("-sent_at", "-id").values("pk")[:1]
    return {reminder.member_id: reminder for reminder in PaymentReminder.objects.filter(club=club, pk=Subquery(last))}


def reminders_of(member: Member) -> list[PaymentReminder]:
    """Every reminder the member was sent, the last first: one query (his office page)."""
    return list(PaymentReminder.objects.filter(club_id=member.club_id, member=member))


def check_amount(over_ore: int) -> None:
    if not 0 <= over_ore <= MAX_PAYMENT_ORE:
        raise refuse("over", _("An amount from 0,00 to 100.000,00 kr."))


@transaction.atomic
def remind_debtors(club: Club, over_ore: int, *, by=None, today: datetime.date | None = None) -> Round:
    """Queue a reminder to every active member with an address who owes the club more than
    `over_ore` and has had none this calendar month; the round's line in the club's log."""
    check_amount(over_ore)
    month = (today or timezone.localdate()).replace(day=1)
    # The club's row locked: two rounds of one month take turns, the second finds the first's rows.
    list(Club.objects.select_for_update(of=("self",)).filter(pk=club.pk).values_list("pk"))
    done = Round(over_ore, month)
    debtors = owing(club, over_ore)
    reminded = set(
        PaymentReminder.objects.filter(club=club, month=month, member__in=[m for m, _ore in debtors]).values_list(
            "member_id", flat=True
        )
    )
    login = audit.login_of(by)
    sent_by = login if login is not None and login.is_authenticated else None
    for member, saldo_ore in debtors:
        if member.pk in reminded:
            done.reminded_already.append(member)
        elif not member.email:
            done.without_address.append(member)
        else:
            PaymentReminder.objects.create(club=club, member=member, month=month, saldo_ore=saldo_ore, sent_by=sent_by)
            outbox.queue(reminder_message(member, saldo_ore, today=today), club=club)
            done.sent.append((member, saldo_ore))
    if done.sent:
        audit.record(
            club,
            audit.Kind.PAYMENT_REMINDERS,
            by=by,
            over_ore=over_ore,
            month=f"{month:%Y-%m}",
            count=len(done.sent),
            skipped=len(done.reminded_already),
        )
    return done


def reminder_message(member: Member, saldo_ore: int, *, today: datetime.date | None = None) -> EmailMessage:
    """The reminder's mail to the member, in his language: his saldo today, that he owes it, and
    the club's payment details (the statement mail's words)."""
    club = member.club
    with translation.override(languages.of_member(member)):
        subject = _("Payment reminder from %(club)s") % {"club": club.name}
        context = {
            "member": member,
            "club": club,
            "today": today or timezone.localdate(),
            "saldo_ore": saldo_ore,
            "owed_ore": -saldo_ore,
        }
        body = render_to_string("club/email/payment_reminder.txt", context)
    return EmailMessage(subject, body, to=[member.email])
