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
    from club.services.corrections import correct_deal

    deal = played.deals.get(number=1)
    correct_deal(
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


def test_the_log_pages_fifty_lines_newest_first_across_its_three_sources(played, members, as_member, today):
    from club.models import Payment, Table
    from club.services.corrections import correct_deal
    from club.services.payments import record_payment
    from club.services.tables import rename_table

    bord = Table.objects.get(name="Bord 1")
    deal = played.deals.get(number=1)
    newest_first = []
    # 60 rounds of a payment and a table renamed, a correction every twentieth: 123 lines, each
    # source's lines interleaved with the others' across both page boundaries.
    for i in range(1, 61):
        record_payment(
            played.table.club,
            member=members["Bent"],
            direction=Payment.Direction.IN,
            amount_ore=100 * i,
            method=Payment.Method.CASH,
            paid_on=today,
            by=members["Anna"].user,
        )
        newest_first.insert(0, f"Bent paid in {i}.00 kr. (cash; recorded by Anna).")
        bord = rename_table(bord, name=f"Bord {i + 1}")  # by nobody: "The system"
        newest_first.insert(0, f"The system renamed the table Bord {i} to Bord {i + 1}.")
        if i % 20 == 0:
            record = deal.current_version.record | {"last_trick": "Dorte" if i % 40 else "Bent"}
            correct_deal(deal, record, by=members["Anna"].user, reason=f"runde {i}")
            deal.refresh_from_db()
            newest_first.insert(0, f"Anna corrected deal 1 at Bord 61 (reason: runde {i}).")
    client = as_member("Anna")
    url = reverse("club_log", args=["nordvest"])

    first, second, third = (client.get(url, {"page": n}).text for n in (1, 2, 3))

    assert len(newest_first) == 123
    assert rows(first) == newest_first[:50]
    assert rows(second) == newest_first[50:100]
    older = rows(third)
    assert older[:23] == newest_first[100:]
    # Then what the sitting's start and the club's setting-up left, the start of the sitting last.
    assert older[23] == f"The system started a sitting at Bord 61 on {today.day} {today:%b %Y}."
    assert 'href="?page=2">Older' in first and "Newer" not in first
    assert 'href="?page=1">Newer' in second and 'href="?page=3">Older' in second
    assert 'href="?page=2">Newer' in third and "Older" not in third
    # A page past the end is the last one; a page that is no number is the first.
    assert rows(client.get(url, {"page": 9}).text) == older
    for not_a_page in ("x", "²", "٣", "0", "9" * 40):
        assert rows(client.get(url, {"page": not_a_page}).text) == newest_first[:50]
