"""Mail leaves through the outbox (django-post-office's tables).

`queue` writes a mail as a row in the caller's transaction, so a change that is rolled back
queues nothing, and a request never waits for a mail server; `manage.py send_queued_mail` hands
the rows to the delivery backend and tries a failed one again later (settings.POST_OFFICE).
Every Django mail comes here too: settings.EMAIL_BACKEND is `QueueBackend`.

A mail of a club (an invitation, a statement) is linked to it, so the office sees the club's mails
that wait or failed. A password reset belongs to no club.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from email.mime.base import MIMEBase

from django.core.files.base import ContentFile
from django.core.mail import EmailMessage
from django.core.mail.backends.base import BaseEmailBackend
from django.db import transaction
from django.db.models import Count, Prefetch
from django.utils.translation import gettext_lazy as _
from post_office.models import PRIORITY, STATUS, Email, Log
from post_office.utils import create_attachments

from ..models import Club, ClubMail

# Each state of a mail that has not gone yet: its code (for pages and tests) and its words.
NOT_SENT = {
    STATUS.queued: ("waiting", _("waiting")),
    STATUS.requeued: ("retrying", _("trying again")),
    STATUS.failed: ("failed", _("failed")),
}
SHOWN = 200  # the office's list: the newest of the club's unsent mails


def queue(message: EmailMessage, club: Club | None = None) -> Email:
    """Write `message` to the outbox as it stands (post-office's own `mail.send` would read the
    subject and body as Django templates, and a member's name is no template)."""
    with transaction.atomic():
        email = _email(message)
        email.save()
        files = dict(_attachment(part) for part in message.attachments)
        if files:
            email.attachments.add(*create_attachments(files))
        if club is not None:
            ClubMail.objects.create(club=club, email=email)
    return email


def queue_many(messages: list[EmailMessage], club: Club) -> list[Email]:
    """`queue` for many of the club's mails without attachments (an import's invitations), in
    two statements whatever their number; each checked as `Email.save` checks it."""
    if any(message.attachments for message in messages):
        raise ValueError("a mail with attachments is queued by itself")
    emails = [_email(message) for message in messages]
    for email in emails:
        email.full_clean()
    with transaction.atomic():
        made = Email.objects.bulk_create(emails)
        ClubMail.objects.bulk_create(ClubMail(club=club, email=email) for email in made)
    return made


def _email(message: EmailMessage) -> Email:
    html = next((content for content, kind in getattr(message, "alternatives", ()) if kind == "text/html"), "")
    headers = dict(message.extra_headers)
    if message.reply_to:
        headers.setdefault("Reply-To", ", ".join(message.reply_to))
    return Email(
        from_email=message.from_email,
        to=message.to,
        cc=message.cc,
        bcc=message.bcc,
        subject=message.subject,
        message=message.body,
        html_message=html,
        headers=headers or None,
        priority=PRIORITY.medium,
        status=STATUS.queued,
    )


def _attachment(part) -> tuple[str, dict]:
    if isinstance(part, MIMEBase):
        content = part.get_payload(decode=True)
        return part.get_filename() or "attachment", {"file": ContentFile(content), "mimetype": part.get_content_type()}
    filename, content, mimetype = part
    return filename, {"file": ContentFile(content), "mimetype": mimetype or ""}


class QueueBackend(BaseEmailBackend):
    """settings.EMAIL_BACKEND: any other Django mail is queued too, in the current transaction."""

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        for message in email_messages:
            queue(message)
        return len(email_messages)


# --- what the office sees ----------------------------------------------------------------------


@dataclass(frozen=True)
class UnsentMail:
    to: str
    subject: str
    state: str  # waiting, retrying, failed
    state_words: str
    tries: int  # delivery attempts that failed so far
    last_error: str
    queued_at: datetime.datetime
    next_try: datetime.datetime | None


def unsent_mails(club: Club) -> list[UnsentMail]:
    """The club's mails that have not gone yet (waiting, to be tried again, or given up), newest first."""
    emails = (
        Email.objects.filter(club_mail__club=club, status__in=list(NOT_SENT))
        .annotate(tries=Count("logs"))
        .prefetch_related(Prefetch("logs", queryset=Log.objects.order_by("-date", "-id"), to_attr="newest_logs"))
        .order_by("-created", "-id")[:SHOWN]
    )
    return [
        UnsentMail(
            to=", ".join(email.to),
            subject=email.subject,
            state=NOT_SENT[email.status][0],
            state_words=str(NOT_SENT[email.status][1]),
            tries=email.tries,
            last_error=email.newest_logs[0].message if email.newest_logs else "",
            queued_at=email.created,
            next_try=email.scheduled_time if email.status == STATUS.requeued else None,
        )
        for email in emails
    ]
