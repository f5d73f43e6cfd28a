"""The club's audit log (django-auditlog): officials' actions, who and what, shown to club admins
at /c/<club>/log/. Closing a sitting, resolving a dispute, a role changed in the admin."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from club.models import Dispute, Member
from world.clubs import make_user

pytestmark = pytest.mark.django_db


def rows(html: str) -> list[str]:
    """Each log line's sentence (without its time), whitespace squeezed, newest first."""
    found = re.findall(r"<li data-kind=.*?</li>", html, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", row.split("<br>", 1)[1]).split()) for row in found]


def log(client, language: str = "en") -> list[str]:
    return rows(client.get(reverse("club_log", args=["nordvest"]), HTTP_ACCEPT_LANGUAGE=language).text)


def test_closing_a_sitting_is_a_sentence(played, as_member, today):
    client = as_member("Bent")  # a scorer closes
    client.post(reverse("sitting_close", args=["nordvest", played.pk]), {"how": "split", "confirmed": "on"})

    lines = log(as_member("Anna"))

    assert lines[0] == f"Bent closed the sitting at Bord 1 on {today.day} {today:%b %Y}; the cups were split."
    assert lines[1] == f"The system started a sitting at Bord 1 on {today.day} {today:%b %Y}."


def test_no_field_dumps_no_none_no_json(played, members, as_member):
    client = as_member("Anna")
    client.post(reverse("sitting_close", args=["nordvest", played.pk]), {"how": "split", "confirmed": "on"})
    html = client.get(reverse("club_log", args=["nordvest"])).text
    for leak in ("None", "{", "create:", "update:", "closed_how", "→"):
        assert leak not in html.split('id="log"')[1], leak


def test_a_correction_says_who_which_deal_where_and_why_in_danish(played, members, as_member):
    from club import services

    deal = played.deals.get(number=1)
    services.correct_deal(
        deal,
        deal.current_version.record | {"last_trick": "Dorte"},
        by=members["Anna"].user,
        reason="Dorte tog sidste stik",
    )

    assert log(as_member("Anna"), "da")[0] == "Anna rettede spil 1 ved Bord 1 (grund: Dorte tog sidste stik)."


def test_resolving_a_dispute_is_a_sentence(played, members, as_member):
    deal = played.deals.get(number=2)
    dispute = Dispute.objects.create(deal=deal, raised_by=members["Erik"], comment="Bent had no pagat.")
    client = as_member("Anna")
    client.post(
        reverse("dispute-resolve", args=["nordvest", dispute.pk]), {"action": "closed", "reason": "Bent had it."}
    )

    assert log(client)[0] == "Anna closed the dispute on deal 2 at Bord 1 (reason: Bent had it.)."


def test_a_role_changed_in_the_admin_is_a_sentence(members, client):
    staff = make_user("ivar", password="x", is_staff=True, is_superuser=True)
    client.force_login(staff)
    carl = members["Carl"]
    client.post(
        reverse("admin:club_member_change", args=[carl.pk]),
        {"club": carl.club_id, "name": "Carl", "user": carl.user_id, "role": Member.Role.ADMIN, "active": "on"},
    )
    carl.refresh_from_db()
    assert carl.role == Member.Role.ADMIN

    client.force_login(members["Anna"].user)
    assert log(client)[0] == "ivar made Carl club admin."
    assert log(client, "da")[0] == "ivar gjorde Carl til klubadministrator."


def test_the_office_pages_leave_sentences(members, as_member):
    client = as_member("Anna")
    client.post(reverse("office_member_new", args=["nordvest"]), {"name": "Frida", "role": "member"})
    frida = Member.objects.get(name="Frida")
    client.post(reverse("office_member_active", args=["nordvest", frida.pk]), {"active": "0"})
    client.post(reverse("office_tables", args=["nordvest"]), {"name": "Vinduesbordet"})

    assert log(client)[:3] == [
        "Anna added the table Vinduesbordet.",
        "Anna deactivated Frida.",
        "Anna added the member Frida (member).",
    ]


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
