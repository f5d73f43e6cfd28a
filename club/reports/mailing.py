"""Monthly statements by email: each member with an address gets his PDF (Django's email; the
SMTP server from the environment, `EMAIL_*` in settings, as for server errors to `ADMINS`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from weasyprint.text.fonts import FontConfiguration

from club.models import Club, Member

from .pdf import statement_filename, statement_pdf
from .statements import Month, build_statement, members_with_statements


class NoAddress(ValueError):
    """The member has no email address: his statement cannot be mailed."""


@dataclass
class Mailing:
    sent: list[Member] = field(default_factory=list)
    without_address: list[Member] = field(default_factory=list)


def send_statement(member: Member, month: Month, language: str | None = None, font_config=None) -> None:
    """Mail the member his statement for `month` as a PDF attachment."""
    if not member.email:
        raise NoAddress(_("%(name)s has no email address.") % {"name": member.name})
    language = language or settings.LANGUAGE_CODE
    statement = build_statement(member, month)
    pdf = statement_pdf(statement, language, font_config)
    with translation.override(language):
        subject = _("Your statement from %(club)s for %(month)s") % {"club": member.club.name, "month": month}
        body = render_to_string("club/email/statement.txt", {"statement": statement})
    message = EmailMessage(subject, body, to=[member.email])
    message.attach(statement_filename(statement), pdf, "application/pdf")
    message.send()


def send_statements(club: Club, month: Month, language: str | None = None, progress=None) -> Mailing:
    """Mail every member of the club who has a statement for the month and an email address."""
    mailing = Mailing()
    font_config = FontConfiguration()
    for member in members_with_statements(club, month):
        if not member.email:
            mailing.without_address.append(member)
            continue
        send_statement(member, month, language, font_config)
        mailing.sent.append(member)
        if progress is not None:
            progress(member)
    return mailing
