"""A member's own login: forgotten password, the invitation link, changing the password, and
django-axes throttling every form that checks a password."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.urls import reverse

from club.models import Member
from club.services import members as office


@pytest.fixture
def anna(db):
    return office.create_club(name="Vestbyens Tarokklub", admin_email="anna@example.org")


def test_the_login_page_links_to_forgot_password(client):
    page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="da")
    assert b"Glemt adgangskode?" in page.content
    assert reverse("password_reset").encode() in page.content


def page_text(client, url: str) -> str:
    """The page without its CSRF tokens, which are masked anew in every response."""
    html = client.get(url).content.decode()
    return re.sub(r'(X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+', r"\1", html)


def test_the_reset_form_answers_the_same_for_a_known_and_an_unknown_address(client, anna, send_queued_mail):
    known = client.post(reverse("password_reset"), {"email": "Anna@example.org"})
    unknown = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    send_queued_mail()

    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert known["Location"] == reverse("password_reset_done")
    assert page_text(client, known["Location"]) == page_text(client, unknown["Location"])
    # Only the known address gets mail: an invited member who never set a password too.
    assert [m.to for m in mail.outbox] == [["anna@example.org"]]
    link = re.search(r"http://testserver(/password/set/\S+/)", mail.outbox[0].body)
    assert link, mail.outbox[0].body


def set_password(client, path: str, password: str):
    form = client.get(path, follow=True)
    return client.post(form.redirect_chain[-1][0], {"new_password1": password, "new_password2": password})


def test_an_invitation_link_works_once(client, anna, send_queued_mail):
    club = anna.club
    bent = office.add_member(club, name="Bent", email="bent@example.org")
    path = office.invite(bent, base_url="https://tarok.example.org")
    send_queued_mail()

    (message,) = mail.outbox
    assert message.to == ["bent@example.org"]
    assert message.subject == "Dit login til Vestbyens Tarokklub"
    assert f"https://tarok.example.org{path}" in message.body
    assert "virker én gang, i 3 dage" in message.body

    assert set_password(client, path, "pagat-ultimo-7").status_code == 302
    bent.user.refresh_from_db()
    assert bent.user.check_password("pagat-ultimo-7")
    again = client.get(path, follow=True)
    assert again.context["validlink"] is False
    assert "Linket virker ikke længere".encode() in again.content


def test_an_invitation_link_expires(client, anna, monkeypatch, settings):
    bent = office.add_member(anna.club, name="Bent", email="bent@example.org")
    path = office.invite(bent, base_url="http://testserver")
    later = datetime.datetime.now() + datetime.timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT + 60)
    monkeypatch.setattr(default_token_generator, "_now", lambda: later)

    page = client.get(path, follow=True)
    assert page.context["validlink"] is False
    Member.objects.get(pk=bent.pk).user.refresh_from_db()
    assert not Member.objects.get(pk=bent.pk).user.has_usable_password()


def test_every_member_changes_his_password(client, anna, django_user_model):
    user = anna.user
    user.set_password("old-password-1")
    user.save()
    client.force_login(user)

    wrong = client.post(
        reverse("password_change"),
        {"old_password": "nope", "new_password1": "new-password-2", "new_password2": "new-password-2"},
    )
    assert wrong.status_code == 200 and wrong.context["form"].errors["old_password"]
    right = client.post(
        reverse("password_change"),
        {"old_password": "old-password-1", "new_password1": "new-password-2", "new_password2": "new-password-2"},
    )
    assert right["Location"] == reverse("password_change_done")
    assert django_user_model.objects.get(pk=user.pk).check_password("new-password-2")


def test_axes_locks_the_password_change_after_five_wrong_old_passwords(client, anna):
    user = anna.user
    user.set_password("old-password-1")
    user.save()
    client.force_login(user)
    body = {"old_password": "wrong", "new_password1": "new-password-2", "new_password2": "new-password-2"}
    statuses = [client.post(reverse("password_change"), body).status_code for _ in range(6)]
    assert statuses[:4] == [200] * 4
    assert statuses[-1] == 429
    # Locked: even the right old password is refused now.
    body["old_password"] = "old-password-1"
    assert client.post(reverse("password_change"), body).status_code == 429


def test_axes_sees_at_most_150_characters_of_a_username(client, db):
    from axes.models import AccessAttempt

    longest = client.post(reverse("login"), {"username": "x" * 150, "password": "p"})
    too_long = client.post(reverse("login"), {"username": "y" * 5000, "password": "p"})

    assert longest.status_code == too_long.status_code == 200
    # The longest username a login can have is counted; a longer one is a form error and never reaches axes.
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["x" * 150]


def test_changing_the_password_needs_a_login(client):
    assert client.get(reverse("password_change"))["Location"].startswith("/login/")
