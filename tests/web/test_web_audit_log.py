"""The club's audit log (django-auditlog): officials' actions, who and what, shown to club admins
at /c/<club>/log/. Closing a sitting, resolving a dispute, a role changed in the admin."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from club.models import Dispute, Member

pytestmark = pytest.mark.django_db


def rows(html: str) -> list[str]:
    """Each log row's text, whitespace squeezed, newest first."""
    found = re.findall(r"<tr data-action=.*?</tr>", html, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in found]


def test_closing_a_sitting_is_logged_with_who_and_what(played, as_member):
    client = as_member("Bent")  # a scorer closes
    client.post(reverse("sitting_close", args=["nordvest", played.pk]), {"how": "split", "confirmed": "on"})

    log = as_member("Anna").get(reverse("club_log", args=["nordvest"]))

    assert log.status_code == 200
    newest = rows(log.text)[0]
    assert "bent update: sitting Bord 1" in newest
    # The close choice says "(or the pot)" since Hungarian seasons share it (issue 13, club 0005).
    assert "closed how : None → split the cups (or the pot) among the table" in newest


def test_resolving_a_dispute_is_logged(played, members, as_member):
    deal = played.deals.get(number=2)
    dispute = Dispute.objects.create(deal=deal, raised_by=members["Erik"], comment="Bent had no pagat.")
    client = as_member("Anna")
    client.post(
        reverse("dispute-resolve", args=["nordvest", dispute.pk]), {"action": "closed", "reason": "Bent had it."}
    )

    newest = rows(client.get(reverse("club_log", args=["nordvest"])).text)[0]

    assert "anna update: dispute" in newest
    assert "resolved by : None → Anna" in newest
    assert "resolution : None → closed" in newest
    assert "reason for closing : → Bent had it." in newest


def test_a_role_changed_in_the_admin_is_logged(members, client, django_user_model):
    staff = django_user_model.objects.create_user("ivar", password="x", is_staff=True, is_superuser=True)
    client.force_login(staff)
    carl = members["Carl"]
    client.post(
        reverse("admin:club_member_change", args=[carl.pk]),
        {"club": carl.club_id, "name": "Carl", "user": carl.user_id, "role": Member.Role.ADMIN, "active": "on"},
    )
    carl.refresh_from_db()
    assert carl.role == Member.Role.ADMIN

    client.force_login(members["Anna"].user)
    newest = rows(client.get(reverse("club_log", args=["nordvest"]), HTTP_ACCEPT_LANGUAGE="en").text)[0]

    assert "ivar update: member Carl" in newest
    assert "role : scorer → club admin" in newest


@pytest.mark.parametrize("name", ["Bent", "Erik"])
def test_only_admins_read_the_log(members, as_member, name):
    assert as_member(name).get(reverse("club_log", args=["nordvest"])).status_code == 403
    assert 'id="club-log-link"' not in as_member(name).get(reverse("club_home", args=["nordvest"])).text


def test_the_club_page_links_admins_to_the_log(members, as_member):
    home = as_member("Anna").get(reverse("club_home", args=["nordvest"]))

    assert f'href="{reverse("club_log", args=["nordvest"])}" id="club-log-link"' in home.text


def test_another_clubs_log_is_404(outsider, client, members):
    client.force_login(outsider)

    assert client.get(reverse("club_log", args=["nordvest"])).status_code == 404
