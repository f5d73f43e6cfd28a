"""Invitations in bulk: one submit invites every member with an address and no password yet, and
the import of a spreadsheet can invite the members it adds (Nordvest Tarok, tests/web/conftest.py)."""

from __future__ import annotations

import io

import pytest
from django.contrib.messages import get_messages
from django.core import mail
from django.urls import reverse

from club.models import Member
from club.services import members as office
from tests.commands.test_import_members import spreadsheet
from world.clubs import make_user


@pytest.fixture
def anna(as_member):
    return as_member("Anna")


@pytest.fixture
def newcomers(club):
    """Frida and Gorm wait for their invitation; Hilde set her password; Ida left the club; Jens
    has no address; Karl's address is another club's login, so he is asked to join, not invited."""
    for name in ("Frida", "Gorm", "Hilde", "Ida"):
        office.add_member(club, name=name, email=f"{name.lower()}@example.org")
    hilde = Member.objects.get(club=club, name="Hilde").user
    hilde.set_password("s3cret-enough")
    hilde.save()
    office.set_member_active(Member.objects.get(club=club, name="Ida"), False)
    office.add_member(club, name="Jens")
    make_user("karl@example.org", email="karl@example.org")
    office.add_member(club, name="Karl", email="karl@example.org")


def test_one_submit_invites_every_member_with_an_address_and_no_login(anna, club, newcomers, send_queued_mail):
    send_queued_mail()  # Karl's request to join
    mail.outbox.clear()
    page = anna.get(reverse("office_members", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert page.context["awaiting"] == 2
    assert "Invite the 2 members with an address and no login" in page.content.decode()

    done = anna.post(reverse("office_members_invite_all", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="en")

    assert done.status_code == 302
    assert [str(m) for m in get_messages(done.wsgi_request)] == ["2 invitations queued: the mail worker sends them."]
    send_queued_mail()
    assert sorted(message.to[0] for message in mail.outbox) == ["frida@example.org", "gorm@example.org"]
    assert all("http://testserver/password/set/" in message.body for message in mail.outbox)


def test_invite_all_is_a_post_of_an_official(as_member, club, newcomers):
    url = reverse("office_members_invite_all", args=[club.slug])
    assert as_member("Anna").get(url).status_code == 405
    assert as_member("Bent").post(url).status_code == 403


def test_the_import_invites_the_members_it_adds_when_ticked(anna, club, send_queued_mail):
    url = reverse("office_members_import", args=[club.slug])
    rows = [("Olga", "olga@example.org", "medlem", "10", 1000), ("Pia", "", "medlem", "", 0)]
    upload = io.BytesIO(spreadsheet(rows))
    upload.name = "medlemmer.csv"
    preview = anna.post(url, {"sheet_file": upload})
    assert 'name="invite"' in preview.content.decode()

    done = anna.post(
        url, {"sheet": preview.context["sheet"], "confirmed": "1", "invite": "1"}, HTTP_ACCEPT_LANGUAGE="en"
    )

    assert done.status_code == 302
    assert "1 invitation queued: the mail worker sends it." in [str(m) for m in get_messages(done.wsgi_request)]
    send_queued_mail()
    assert [message.to for message in mail.outbox] == [["olga@example.org"]]
