"""Mail leaves through the outbox: an invitation is a row written with the request, the worker
(`send_queued_mail`) delivers it and tries again while the mail server is away, and the office
lists the club's mails that wait or failed. Nordvest Tarok of tests/web/conftest.py: Anna is its
admin, Bent a scorer."""

from __future__ import annotations

import datetime
import socket

import pytest
from django.core import mail
from django.db import transaction
from django.urls import reverse
from post_office.models import STATUS, Email

from club.models import ClubMail
from club.services import members as office
from club.services import outbox

SMTP = "django.core.mail.backends.smtp.EmailBackend"
LOCMEM = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def anna(as_member):
    return as_member("Anna")


@pytest.fixture
def frida(club):
    return office.add_member(club, name="Frida", email="frida@example.org", language="en")


def closed_port() -> int:
    """A port on this machine where nothing listens: a connection to it is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def mail_server_down(settings, *, retries: int = 3) -> None:
    """The SMTP server of the settings cannot be reached, for a request (the site mailed straight
    through settings.EMAIL_BACKEND before the outbox) and for the worker; a failed mail is due
    again at once, as if the retry interval had passed."""
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", closed_port(), 2
    settings.EMAIL_BACKEND = SMTP
    settings.POST_OFFICE = settings.POST_OFFICE | {
        "BACKENDS": {"default": SMTP},
        "MAX_RETRIES": retries,
        "RETRY_INTERVAL": datetime.timedelta(0),
    }


def mail_server_up(settings) -> None:
    settings.POST_OFFICE = settings.POST_OFFICE | {"BACKENDS": {"default": LOCMEM}}


def invite_url(club, member) -> str:
    return reverse("office_member_invite", args=[club.slug, member.pk])


def test_send_invitation_with_the_mail_server_down_answers_302_and_the_mail_goes_once_it_is_up(
    anna, club, frida, settings, send_queued_mail
):
    mail_server_down(settings)

    response = anna.post(invite_url(club, frida), follow=True)

    assert response.redirect_chain == [(reverse("office_members", args=[club.slug]), 302)]
    assert "An invitation is on its way to frida@example.org." in response.content.decode()
    (queued,) = Email.objects.all()
    assert (queued.to, queued.subject, queued.status) == (["frida@example.org"], "Your login to Nordvest Tarok", 2)
    assert ClubMail.objects.get(email=queued).club == club

    # The worker finds the server down: the mail waits to be tried again.
    assert send_queued_mail() == (0, 0, 1)
    queued.refresh_from_db()
    assert (queued.status, queued.number_of_retries) == (STATUS.requeued, 1)
    assert "Connection refused" in queued.logs.get().message
    assert mail.outbox == []

    mail_server_up(settings)
    assert send_queued_mail() == (1, 0, 0)
    assert send_queued_mail() == (0, 0, 0)  # sent once, never again
    (message,) = mail.outbox
    assert message.to == ["frida@example.org"]
    assert "http://testserver/password/set/" in message.body
    queued.refresh_from_db()
    assert queued.status == STATUS.sent


def test_an_invitation_whose_transaction_is_rolled_back_queues_nothing(club, frida, send_queued_mail):
    with pytest.raises(RuntimeError), transaction.atomic():
        office.invite(frida, base_url="http://testserver")
        raise RuntimeError("the change that caused the mail failed")

    assert not Email.objects.exists() and not ClubMail.objects.exists()
    assert send_queued_mail() == (0, 0, 0)
    assert mail.outbox == []


def test_a_mail_is_queued_as_written_not_read_as_a_template(club, send_queued_mail):
    message = mail.EmailMessage("Pagat {{ ultimo }} {% now 'Y' %}", "Kongekop {{ x }}", to=["ib@example.org"])
    outbox.queue(message, club=club)
    send_queued_mail()

    (delivered,) = mail.outbox
    assert (delivered.subject, delivered.body) == ("Pagat {{ ultimo }} {% now 'Y' %}", "Kongekop {{ x }}")


def test_any_other_django_mail_is_queued_too(db, settings, send_queued_mail):
    from club import settings as configured

    assert configured.EMAIL_BACKEND == "club.services.outbox.QueueBackend"
    settings.EMAIL_BACKEND = configured.EMAIL_BACKEND  # pytest-django delivers to locmem otherwise

    assert mail.send_mail("Ultimo", "Pagat ultimo", None, ["ib@example.org"]) == 1
    (queued,) = Email.objects.all()
    assert (queued.to, queued.subject, queued.status) == (["ib@example.org"], "Ultimo", STATUS.queued)
    assert not ClubMail.objects.exists()  # no club's mail
    assert mail.outbox == []
    send_queued_mail()
    assert [m.subject for m in mail.outbox] == ["Ultimo"]


def test_the_office_lists_the_clubs_mails_that_wait_or_failed(
    anna, club, frida, members, make_club, settings, send_queued_mail
):
    bent = members["Bent"]
    office.edit_member(bent, name="Bent", email="bent@example.org", role=bent.role, language="en")
    anna.post(invite_url(club, frida))
    mail_server_down(settings, retries=1)
    send_queued_mail()  # Frida's: failed once, to be tried again
    send_queued_mail()  # and again: given up
    anna.post(invite_url(club, bent))  # Bent's: waiting
    # Not the club's: a password reset, and another club's invitation.
    anna.post(reverse("password_reset"), {"email": "frida@example.org"})
    other = make_club("Sydhavn Tarok", "sydhavn")
    office.invite(office.add_member(other, name="Olga", email="olga@example.org"), base_url="http://x")
    assert Email.objects.count() == 4

    page = anna.get(reverse("office_mail", args=[club.slug]))

    assert page.status_code == 200
    rows = [(m.to, m.subject, m.state, m.tries) for m in page.context["mails"]]
    assert rows == [
        ("bent@example.org", "Your login to Nordvest Tarok", "waiting", 0),
        ("frida@example.org", "Your login to Nordvest Tarok", "failed", 2),
    ]
    frida_row = page.context["mails"][1]
    assert "Connection refused" in frida_row.last_error
    html = page.content.decode()
    assert "tried 2 times" in html and "Last error" in html and "waiting" in html
    assert reverse("office_mail", args=[club.slug]) in html  # in the office's navigation

    # Once sent, a mail leaves the list.
    mail_server_up(settings)
    send_queued_mail()
    page = anna.get(reverse("office_mail", args=[club.slug]))
    assert [m.to for m in page.context["mails"]] == ["frida@example.org"]


def test_the_mail_page_is_the_officials(as_member, club):
    assert as_member("Bent").get(reverse("office_mail", args=[club.slug])).status_code == 403
