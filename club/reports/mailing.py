"""Monthly statements by email: each member with an address gets his PDF, queued in the outbox
(club.services.outbox) and delivered by `manage.py send_queued_mail`."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from weasyprint.text.fonts import FontConfiguration

from club.models import Club, Member
from club.months import Month
from club.services import languages, mailings, outbox

from .pdf import statement_filename, statement_pdf
from .statements import build_statement, members_with_statements


class NoAddress(ValueError):
    """The member has no email address: his statement cannot be mailed."""


@dataclass
class Mailing:
    sent: list[Member] = field(default_factory=list)
    without_address: list[Member] = field(default_factory=list)


def statement_message(member: Member, month: Month, font_config=None) -> EmailMessage:
    """The mail of the member's statement for `month`, its PDF attached, both in his language
    (whoever sends it)."""
    if not member.email:
        raise NoAddress(_("%(name)s has no email address.") % {"name": member.name})
    language = languages.of_member(member)
    statement = build_statement(member, month)
    pdf = statement_pdf(statement, language, font_config)
    with translation.override(language):
        subject = _("Your statement from %(club)s for %(month)s") % {"club": member.club.name, "month": month}
        body = render_to_string("club/email/statement.txt", {"statement": statement})
    message = EmailMessage(subject, body, to=[member.email])
    message.attach(statement_filename(statement), pdf, "application/pdf")
    return message


def send_statement(member: Member, month: Month, *, again: bool = False, by=None, today=None) -> None:
    """Queue the member's statement for `month`, as a PDF attachment, in the outbox: once a month
    (`mailings.MailingRefused` for a month mailed already, unless `again`, or still running)."""
    mailings.check(member.club, month, member=member, again=again, today=today)
    message = statement_message(member, month)
    with transaction.atomic():
        mailings.record(member.club, month, member=member, again=again, by=by, today=today)
        outbox.queue(message, club=member.club)


def send_statements(club: Club, month: Month, progress=None, *, again: bool = False, by=None, today=None) -> Mailing:
    """Queue a statement to every member of the club who has one for the month and an email
    address, each in the member's language.

    The PDFs are made first, then queued in one short transaction: all of the month's or none (a
    second run after a failure sends nobody his statement twice), and on SQLite the database is
    not held for writing while WeasyPrint works. A month is mailed once, and only once it is over
    (`mailings.MailingRefused`); `again` sends it again, logged with `by`."""
    mailings.check(club, month, again=again, today=today)
    mailing = Mailing()
    font_config = FontConfiguration()
    messages = []
    for member in members_with_statements(club, month):
        if member.email:
            messages.append((member, statement_message(member, month, font_config)))
        else:
            mailing.without_address.append(member)
    with transaction.atomic():
        mailings.record(club, month, again=again, by=by, today=today)
        for member, message in messages:
            outbox.queue(message, club=club)
            mailing.sent.append(member)
            if progress is not None:
                progress(member)
    return mailing
