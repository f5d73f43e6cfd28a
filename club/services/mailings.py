"""Statements are mailed once a month: the club records which month it mailed (`StatementMailing`),
a second mailing of the same month is refused with the day it went out unless it is asked for
again (and the log says who asked), and a month still running is not mailed (its statement would
change; a preview PDF can be made now).

The faces (`manage.py statements --email`, the office's send button on a statement) ask `check`
before they make the PDFs, and `send` checks again with the club locked, in the transaction that
queues the mails and records the mailing.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import audit
from ..models import Club, Member, StatementMailing
from ..months import Month


class MailingRefused(Exception):
    """Why a month's statements are not mailed now, for an official. `mailed` is the earlier
    mailing that went out, if that is why."""

    def __init__(self, message: str, mailed: StatementMailing | None = None):
        self.mailed = mailed
        super().__init__(message)


def running_month(today: datetime.date | None = None) -> Month:
    today = today or timezone.localdate()
    return Month(today.year, today.month)


def mailed(club: Club, month: Month, member: Member | None = None) -> StatementMailing | None:
    """The first mailing of the month's statements: the club's, or (with `member`) the club's or
    his own."""
    rows = StatementMailing.objects.filter(club=club, month=month.first_day)
    rows = (
        rows.filter(member__isnull=True)
        if member is None
        else rows.filter(member__isnull=True) | rows.filter(member=member)
    )
    return rows.order_by("sent_at", "pk").first()


def check(
    club: Club, month: Month, *, member: Member | None = None, again: bool = False, today: datetime.date | None = None
) -> None:
    """`MailingRefused` unless the month's statements (or `member`'s) may be mailed now."""
    if month >= running_month(today):
        raise MailingRefused(
            _("%(month)s is not over yet: its statements are mailed once it is (a preview PDF can be made now).")
            % {"month": month}
        )
    if again:
        return
    earlier = mailed(club, month, member)
    if earlier is not None:
        raise MailingRefused(
            _("The statements of %(month)s went out on %(date)s.")
            % {"month": month, "date": timezone.localtime(earlier.sent_at).date().isoformat()},
            earlier,
        )


def record(
    club: Club,
    month: Month,
    *,
    member: Member | None = None,
    again: bool = False,
    by=None,
    today: datetime.date | None = None,
) -> StatementMailing:
    """Check again with the club locked, then record the mailing and log it: in the caller's
    transaction, the one that queues the mails."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("record a mailing in the transaction that queues its mails")
    # The club's row locked: two mailings of one month take turns, the second finds the first.
    list(Club.objects.select_for_update(of=("self",)).filter(pk=club.pk).values_list("pk"))
    check(club, month, member=member, again=again, today=today)
    actor, by = by, audit.login_of(by)
    by = by if by is not None and by.is_authenticated else None
    row = StatementMailing.objects.create(club=club, month=month.first_day, member=member, again=again, sent_by=by)
    audit.record_statements_mailed(club, str(month), again=again, by=actor, member=member)
    return row
