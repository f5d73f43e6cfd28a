"""Monthly statements by email: `manage.py statements --email` and an official's send button.

The autumn of tests/reports/conftest.py: November's statements go to Anna, Bent and Carl (Dorte
never plays and owes nothing). Anna and Carl have addresses here; Bent has none.
"""

from __future__ import annotations

import io

import pypdf
import pytest
from django.core import mail
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from club.models import Member


@pytest.fixture
def addressed(autumn):
    Member.objects.filter(pk=autumn.anna.pk).update(email="anna@example.org")
    Member.objects.filter(pk=autumn.carl.pk).update(email="carl@example.org")
    return autumn


def pdf_text(attachment) -> str:
    _name, content, mimetype = attachment
    assert mimetype == "application/pdf"
    return pypdf.PdfReader(io.BytesIO(content)).pages[0].extract_text()


def test_the_command_mails_each_member_with_an_address_his_pdf_and_names_the_rest(addressed):
    out = io.StringIO()
    call_command("statements", "--month", "2026-11", "--email", "--language", "en", stdout=out)

    assert sorted(m.to[0] for m in mail.outbox) == ["anna@example.org", "carl@example.org"]
    carl = next(m for m in mail.outbox if m.to == ["carl@example.org"])
    assert carl.subject == "Your statement from Vestbyens Tarokklub for 2026-11"
    (attachment,) = carl.attachments
    assert attachment[0] == "vestbyen-2026-11-carl-aaberg.pdf"
    assert "Carl Åberg" in pdf_text(attachment)
    assert "Vestbyens Tarokklub: 2 statements for 2026-11 mailed." in out.getvalue()
    assert "No email address, not mailed: Bent Ørsted" in out.getvalue()


def test_the_command_needs_somewhere_to_put_them(autumn):
    with translation.override("en"), pytest.raises(CommandError, match="--out DIR, --email"):
        call_command("statements", "--month", "2026-11", "--language", "en")


def test_an_official_sends_one_statement_from_the_site(addressed, client):
    client.force_login(addressed.dorte.user)
    url = reverse("member-statement-send", args=["vestbyen", addressed.carl.pk, "2026-11"])
    response = client.post(url)

    assert response.status_code == 302
    (message,) = mail.outbox
    assert message.to == ["carl@example.org"]
    assert message.attachments[0][0] == "vestbyen-2026-11-carl-aaberg.pdf"


def test_a_member_cannot_send_statements(addressed, client):
    client.force_login(addressed.anna.user)  # a scorer, not an official
    url = reverse("member-statement-send", args=["vestbyen", addressed.anna.pk, "2026-11"])
    assert client.post(url).status_code == 403
    assert mail.outbox == []
