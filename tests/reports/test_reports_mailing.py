"""Monthly statements by email: `manage.py statements --email` and an official's send button
queue them in the outbox, with their PDFs; the outbox's worker delivers them.

The autumn of tests/reports/conftest.py: November's statements go to Anna, Bent and Carl (Dorte
never plays and owes nothing). Anna and Carl have addresses here; Bent has none.
"""

from __future__ import annotations

import io

import pypdf
import pytest
from django.core import mail
from django.core.management import CommandError, call_command
from django.db import DatabaseError
from django.urls import reverse
from django.utils import translation
from post_office.models import STATUS, Email

from club.models import ClubMail, Member
from club.services import outbox


@pytest.fixture
def addressed(autumn):
    """Anna reads the club's language (Danish); Carl chose English."""
    Member.objects.filter(pk=autumn.anna.pk).update(email="anna@example.org")
    Member.objects.filter(pk=autumn.carl.pk).update(email="carl@example.org", language="en")
    return autumn


def pdf_text(attachment) -> str:
    _name, content, mimetype = attachment
    assert mimetype == "application/pdf"
    return pypdf.PdfReader(io.BytesIO(content)).pages[0].extract_text()


def test_the_command_mails_each_member_with_an_address_his_pdf_and_names_the_rest(addressed, send_queued_mail):
    out = io.StringIO()
    call_command("statements", "--month", "2026-11", "--email", "--language", "en", stdout=out)
    # The command only queues: nothing has gone until the outbox worker runs.
    assert not mail.outbox
    assert Email.objects.filter(status=STATUS.queued).count() == 2
    assert send_queued_mail() == (2, 0, 0)

    assert sorted(m.to[0] for m in mail.outbox) == ["anna@example.org", "carl@example.org"]
    carl = next(m for m in mail.outbox if m.to == ["carl@example.org"])
    assert carl.subject == "Your statement from Vestbyens Tarokklub for 2026-11"
    (attachment,) = carl.attachments
    assert attachment[0] == "vestbyen-2026-11-carl-aaberg.pdf"
    assert "Carl Åberg" in pdf_text(attachment)
    assert (
        "Vestbyens Tarokklub: 2 statements for 2026-11 queued in the outbox; "
        "the mail worker (manage.py send_queued_mail) sends them." in out.getvalue()
    )
    assert "No email address, not mailed: Bent Ørsted" in out.getvalue()
    # --language is what the command prints; each mail speaks its member's language.
    anna = next(m for m in mail.outbox if m.to == ["anna@example.org"])
    assert anna.subject == "Din opgørelse fra Vestbyens Tarokklub for 2026-11"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "da",
            "Vestbyens Tarokklub: 1 opgørelse for 2026-11 lagt i udbakken; "
            "mailarbejderen (manage.py send_queued_mail) sender den.",
        ),
        (
            "hu",
            "Vestbyens Tarokklub: 1 kivonat (2026-11) a kimenő levelek sorába került; "
            "a levélküldő (manage.py send_queued_mail) küldi el.",
        ),
    ],
)
def test_the_command_says_in_its_language_that_the_statements_wait_in_the_outbox(addressed, language, said):
    Member.objects.filter(pk=addressed.carl.pk).update(email="")
    out = io.StringIO()
    call_command("statements", "--month", "2026-11", "--email", "--language", language, stdout=out)

    assert said in out.getvalue()
    assert not mail.outbox
    assert list(Email.objects.values_list("to", "status")) == [(["anna@example.org"], STATUS.queued)]


def test_the_command_needs_somewhere_to_put_them(autumn):
    with translation.override("en"), pytest.raises(CommandError, match="--out DIR, --email"):
        call_command("statements", "--month", "2026-11", "--language", "en")


def test_an_official_sends_one_statement_from_the_site(addressed, client, send_queued_mail):
    client.force_login(addressed.dorte.user)
    url = reverse("member-statement-send", args=["vestbyen", addressed.carl.pk, "2026-11"])
    response = client.post(url, HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 302
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").text
    assert "The statement for carl@example.org waits in the outbox; the mail worker sends it." in page
    assert not mail.outbox
    assert send_queued_mail() == (1, 0, 0)
    (message,) = mail.outbox
    assert message.to == ["carl@example.org"]
    assert message.attachments[0][0] == "vestbyen-2026-11-carl-aaberg.pdf"


def test_a_magyar_member_gets_a_magyar_statement_when_a_danish_official_sends_it(addressed, client, send_queued_mail):
    Member.objects.filter(pk=addressed.carl.pk).update(language="hu")
    client.force_login(addressed.dorte.user)
    url = reverse("member-statement-send", args=["vestbyen", addressed.carl.pk, "2026-11"])
    response = client.post(url, HTTP_ACCEPT_LANGUAGE="da")
    assert send_queued_mail() == (1, 0, 0)

    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="da").text
    assert "Opgørelsen til carl@example.org venter i udbakken; mailarbejderen sender den." in page
    (message,) = mail.outbox
    assert message.subject == "Havi kivonata – Vestbyens Tarokklub, 2026-11"
    (attachment,) = message.attachments
    text = pdf_text(attachment)
    assert "Kivonat" in text and "A hónap játékestjei" in text and "Carl Åberg" in text
    assert "Opgørelse" not in text and "Spilleaftener i måneden" not in text


def test_a_member_cannot_send_statements(addressed, client):
    client.force_login(addressed.anna.user)  # a scorer, not an official
    url = reverse("member-statement-send", args=["vestbyen", addressed.anna.pk, "2026-11"])
    assert client.post(url).status_code == 403
    assert not Email.objects.exists()


def test_a_statement_waits_in_the_outbox_with_its_pdf_and_arrives_whole(addressed, send_queued_mail):
    call_command("statements", "--month", "2026-11", "--email", "--language", "en", stdout=io.StringIO())

    queued = {tuple(email.to): email for email in Email.objects.all()}
    assert sorted(queued) == [("anna@example.org",), ("carl@example.org",)]
    carl = queued[("carl@example.org",)]
    assert (carl.status, carl.subject) == (STATUS.queued, "Your statement from Vestbyens Tarokklub for 2026-11")
    assert ClubMail.objects.get(email=carl).club.slug == "vestbyen"
    (waiting,) = carl.attachments.all()
    assert (waiting.name, waiting.mimetype) == ("vestbyen-2026-11-carl-aaberg.pdf", "application/pdf")
    with waiting.file.open("rb") as stored:
        pdf = stored.read()
    assert pdf.startswith(b"%PDF-")

    assert send_queued_mail() == (2, 0, 0)
    delivered = next(m for m in mail.outbox if m.to == ["carl@example.org"])
    (attachment,) = delivered.attachments
    assert attachment == ("vestbyen-2026-11-carl-aaberg.pdf", pdf, "application/pdf")
    assert "Carl Åberg" in pdf_text(attachment)


def test_a_month_of_statements_is_queued_whole_or_not_at_all(addressed, monkeypatch, send_queued_mail):
    queue = outbox.queue
    calls = []

    def second_fails(message, club=None):
        calls.append(message.to)
        if len(calls) == 2:
            raise DatabaseError("the disk is full")
        return queue(message, club)

    monkeypatch.setattr(outbox, "queue", second_fails)
    with pytest.raises(DatabaseError):
        call_command("statements", "--month", "2026-11", "--email", "--language", "en", stdout=io.StringIO())

    assert len(calls) == 2
    assert not Email.objects.exists() and not ClubMail.objects.exists()
    assert send_queued_mail() == (0, 0, 0)
