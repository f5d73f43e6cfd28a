"""One meaning of saldo, read by one policy: what a member owes or is owed today, in kroner, shown
on his page and in the standings only to himself and the club's officials; the season's points
are its "season result", everyone's to read.

The evening of table_evening.py at vlk-2010's 1 øre a point: Anna −130, Bent −10, Carl +165,
Dorte −305 points, so −1,30, −0,10, +1,65, −3,05 kr.; Erik (a plain member) never played.
"""

from __future__ import annotations

import re

from django.urls import reverse


def saldi_on(html: str) -> list[int]:
    return [int(v) for v in re.findall(r'data-saldo-ore="(-?\d+)"', html)]


def test_a_member_sees_his_own_saldo_and_not_anothers(as_member, members, played):
    erik = as_member("Erik")
    own = erik.get(reverse("member", args=["nordvest", members["Erik"].pk])).text
    other = erik.get(reverse("member", args=["nordvest", members["Dorte"].pk])).text

    assert saldi_on(own) == [0]
    assert saldi_on(other) == []
    assert 'id="season-result" data-points="-305"' in other  # the season result is the club's


def test_the_standings_show_a_plain_member_only_his_own_saldo_and_an_official_all(as_member, members, played):
    standings = reverse("standings", args=["nordvest"])
    assert saldi_on(as_member("Carl").get(standings).text) == [165]
    # Best first: Carl, Bent, Anna, Dorte.
    assert saldi_on(as_member("Anna").get(standings).text) == [165, -10, -130, -305]


def test_the_member_page_says_to_pay_in_danish(as_member, members, played):
    page = as_member("Dorte").get(reverse("member", args=["nordvest", members["Dorte"].pk]), HTTP_ACCEPT_LANGUAGE="da")
    assert re.search(r"Saldo i dag: <strong>\u22123,05 kr\.</strong>\s+\(at betale\)", page.text)


def test_the_api_refuses_another_members_balance_by_the_same_policy(api, two_clubs):
    a = two_clubs["a"]
    erik = a.members["Erik"]
    assert api(a.users["member"]).get(f"/api/members/{erik.pk}/balance/").status_code == 403
    assert api(a.users["admin"]).get(f"/api/members/{erik.pk}/balance/").json()["saldo_ore"] == 42
