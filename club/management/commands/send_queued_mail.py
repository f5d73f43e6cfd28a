"""The mail worker: send what waits in the outbox, each mail once.

It takes the place of django-post-office's own `send_queued_mail` (club comes before post_office in
INSTALLED_APPS) for two reasons. The lock is a file in OUTBOX_DIR, a path the timer's unit and a
hand-run command share (post-office's sits in the process's temporary folder, which systemd's
PrivateTmp gives each unit its own of); and the mails go one at a time, each marked sent right after
its delivery (`BATCH_SIZE` 1 in settings.POST_OFFICE), so a worker killed mid-run sends nothing
twice. It exits non-zero when a delivery failed, so the timer's journal and a hand run show it.
"""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_noop, ngettext
from post_office import mail
from post_office.lockfile import FileLock, FileLocked

from club.management.base import TranslatedCommand


class Command(TranslatedCommand):
    help = gettext_noop("Send the mails waiting in the outbox, each once; another run already sending is left to it.")

    def add_arguments(self, parser):
        parser.add_argument(
            "-L",
            "--lockfile",
            default=str(settings.MAIL_LOCK_FILE),
            help=gettext("The lock file every run shares (default: MAIL_LOCK_FILE)."),
        )
        parser.add_argument(
            "-l",
            "--log-level",
            type=int,
            choices=(0, 1, 2),
            help=gettext("What the mail log keeps: 0 nothing, 1 failures, 2 every delivery."),
        )

    def handle(self, *args, **options):
        settings.MAIL_LOCK_FILE.parent.mkdir(parents=True, exist_ok=True)
        sent = failed = 0
        try:
            with FileLock(options["lockfile"]):
                while True:
                    sent_now, failed_now, requeued_now = mail.send_queued(processes=1, log_level=options["log_level"])
                    sent += sent_now
                    failed += failed_now + requeued_now
                    if not mail.get_queued().exists():
                        break
        except FileLocked:
            self.stdout.write(gettext("Another run is sending the outbox; this one sent nothing."))
            return
        self.stdout.write(ngettext("%(count)d mail sent.", "%(count)d mails sent.", sent) % {"count": sent})
        if failed:
            raise CommandError(
                ngettext(
                    "%(count)d mail could not be delivered; it waits in the outbox, and the office's mail page says why.",
                    "%(count)d mails could not be delivered; they wait in the outbox, and the office's mail page says why.",
                    failed,
                )
                % {"count": failed}
            )
