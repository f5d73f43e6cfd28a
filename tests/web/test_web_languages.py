"""Each member and each login has a language: a signed-in user's pages speak the one he chose (on
his account page, or with the footer's buttons), over his browser's; mail speaks its reader's
language, whoever causes it: a member's own, else his club's; a login's own, else its member's."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import translation

from club.models import LoginLanguage, Member
from club.web.log import log_lines


@pytest.fixture
def vestby(two_clubs):
    world = two_clubs["a"]
    for member in world.members.values():
        if member.user is not None:
            address = f"{member.name.lower()}@example.org"
            Member.objects.filter(pk=member.pk).update(email=address)
            type(member.user).objects.filter(pk=member.user.pk).update(email=address)
    return world


def lang_of(page) -> str:
    return page.text.split('<html lang="', 1)[1].split('"', 1)[0]


def test_the_page_follows_the_users_choice_over_the_browser(client, vestby):
    client.force_login(vestby.users["member"])  # Carl
    home = reverse("club_home", args=["vestby"])
    assert lang_of(client.get(home, HTTP_ACCEPT_LANGUAGE="en")) == "en"  # no choice yet: the browser's

    saved = client.post(reverse("account"), {"language": "hu"}, HTTP_ACCEPT_LANGUAGE="en")

    assert saved.status_code == 302
    assert LoginLanguage.objects.get(user=vestby.users["member"]).language == "hu"
    assert lang_of(client.get(home, HTTP_ACCEPT_LANGUAGE="en")) == "hu"
    assert lang_of(client.get(reverse("account"), HTTP_ACCEPT_LANGUAGE="da")) == "hu"


def test_the_choice_is_the_logins_in_every_new_session_and_gone_after_signing_out(client, vestby):
    LoginLanguage.objects.create(user=vestby.users["member"], language="hu")
    client.force_login(vestby.users["member"])
    home = reverse("club_home", args=["vestby"])
    assert lang_of(client.get(home, HTTP_ACCEPT_LANGUAGE="da")) == "hu"

    client.post(reverse("logout"))

    assert lang_of(client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="da")) == "da"


def test_the_footer_buttons_keep_a_signed_in_users_choice(client, vestby):
    client.force_login(vestby.users["scorer"])
    client.post(reverse("set_language"), {"language": "en", "next": "/"})

    assert LoginLanguage.objects.get(user=vestby.users["scorer"]).language == "en"
    assert lang_of(client.get(reverse("club_home", args=["vestby"]), HTTP_ACCEPT_LANGUAGE="hu")) == "en"


def test_choosing_the_browser_again_forgets_the_choice(client, vestby):
    LoginLanguage.objects.create(user=vestby.users["member"], language="hu")
    client.force_login(vestby.users["member"])
    client.post(reverse("account"), {"language": ""})

    assert not LoginLanguage.objects.exists()
    assert lang_of(client.get(reverse("club_home", args=["vestby"]), HTTP_ACCEPT_LANGUAGE="en")) == "en"


def test_an_unknown_language_is_a_form_error_and_nothing_is_kept(client, vestby):
    client.force_login(vestby.users["member"])
    answer = client.post(reverse("account"), {"language": "xx"}, HTTP_ACCEPT_LANGUAGE="en")

    assert answer.status_code == 200 and "Select a valid choice" in answer.text
    assert not LoginLanguage.objects.exists()


def test_a_password_reset_speaks_the_logins_language_not_the_browsers(client, vestby, send_queued_mail):
    # No choice of his own: his club's language (Danish), though his browser asks in English.
    client.post(reverse("password_reset"), {"email": "carl@example.org"}, HTTP_ACCEPT_LANGUAGE="en")
    LoginLanguage.objects.create(user=vestby.users["scorer"], language="hu")
    client.post(reverse("password_reset"), {"email": "bent@example.org"}, HTTP_ACCEPT_LANGUAGE="en")
    send_queued_mail()

    subjects = {m.to[0]: m.subject for m in mail.outbox}
    assert subjects == {
        "carl@example.org": "En ny adgangskode til Tarokbog",
        "bent@example.org": "Új jelszó a Tarokboghoz",
    }


def test_an_invitation_speaks_the_members_language_and_the_log_names_it(client, vestby, send_queued_mail):
    carl = vestby.members["Carl"]
    Member.objects.filter(pk=carl.pk).update(language="hu")
    client.force_login(vestby.users["admin"])  # Anna, on a Danish page
    client.post(reverse("office_member_invite", args=["vestby", carl.pk]), HTTP_ACCEPT_LANGUAGE="da")
    send_queued_mail()

    (message,) = mail.outbox
    assert message.subject == "Bejelentkezése – Tarokklubben Vestby"
    assert "Carl" in message.body
    with translation.override("en"):
        newest = log_lines(vestby.club)[0]
    assert (newest.kind, newest.text) == ("member", "Anna invited Carl to log in (carl@example.org).")


def test_an_official_sets_a_members_language(client, vestby):
    carl = vestby.members["Carl"]
    client.force_login(vestby.users["admin"])
    url = reverse("office_member_edit", args=["vestby", carl.pk])
    answer = client.post(url, {"name": "Carl", "email": "carl@example.org", "role": "member", "language": "hu"})

    assert answer.status_code == 302
    carl.refresh_from_db()
    assert carl.language == "hu"
    refused = client.post(url, {"name": "Carl", "email": "carl@example.org", "role": "member", "language": "xx"})
    assert refused.status_code == 200
    carl.refresh_from_db()
    assert carl.language == "hu"
