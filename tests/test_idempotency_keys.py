"""Idempotency keys belong to the user who sent them and the sitting they were sent for, on the web
and the API alike: the same key elsewhere is another key. It never answers "already saved" for a
deal it did not record, and never blocks another club's or another sitting's deal.

The clubs are conftest.py's: each has Bord 1 open with deal 1 recorded; Bent deals deal 2.
"""

from __future__ import annotations

import datetime
import re
import uuid

from django.urls import reverse

from club.models import DealVersion
from world.clubs import start_sitting

KEY = "6f1c2a8e-3b4d-4e5f-9a7b-0c1d2e3f4a5b"


def web_deal_2(client, w, key: str):
    """Deal 2 at Bord 1 from the web form as the page proposes it (Bent deals), with `key`."""
    url = reverse("deal_new", args=[w.club.slug, w.open_sitting.pk])
    page = client.get(url).text

    def selected(name: str) -> str:
        return re.search(rf'<input type="radio" name="{name}" value="([^"]*)"[^>]*\schecked', page).group(1)

    form = {name: selected(name) for name in ("dealer", "forehand", "middlehand")}
    form |= {"last_trick": form["forehand"], "number": "2", "idempotency_key": key}
    return client.post(url, form, HTTP_ACCEPT_LANGUAGE="en")


def web(client, user):
    client.force_login(user)
    return client


def test_a_web_key_from_another_club_records_the_deal(two_clubs, client):
    a, b = two_clubs["a"], two_clubs["b"]
    assert web_deal_2(web(client, a.users["scorer"]), a, KEY).status_code == 302

    # Club b's scorer posts club a's key: his deal is recorded, not answered "already saved".
    response = web_deal_2(web(client, b.users["scorer"]), b, KEY)

    assert response.status_code == 302
    assert response["Location"] == f"/c/{b.club.slug}/sittings/{b.open_sitting.pk}/#deal-2"
    assert [d.number for d in b.open_sitting.deals.order_by("number")] == [1, 2]
    assert [d.number for d in a.open_sitting.deals.order_by("number")] == [1, 2]
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").text
    assert "was saved already" not in page
    stored = DealVersion.objects.filter(deal__number=2).values_list("idempotency_key", flat=True)
    assert set(stored) == {
        f"{a.users['scorer'].pk}:{a.open_sitting.pk}:{KEY}",
        f"{b.users['scorer'].pk}:{b.open_sitting.pk}:{KEY}",
    }


def test_a_key_first_used_on_the_web_in_one_club_does_not_block_the_api_in_another(two_clubs, client, api):
    a, b = two_clubs["a"], two_clubs["b"]
    assert web_deal_2(web(client, b.users["scorer"]), b, KEY).status_code == 302

    response = api(a.users["scorer"]).post(
        f"/api/sittings/{a.open_sitting.pk}/deals/", a.open_deal_2, format="json", HTTP_IDEMPOTENCY_KEY=KEY
    )

    assert (response.status_code, response.json()["number"]) == (201, 2)


def test_an_api_key_reused_in_another_sitting_records_a_deal_there(two_clubs, api):
    """Bent records deal 2 at Bord 1 with a key, then starts Bord 2 and sends its first deal with
    the same key: a second deal at another table, not Bord 1's answer again."""
    a = two_clubs["a"]
    bent = api(a.users["scorer"])
    first = bent.post(
        f"/api/sittings/{a.open_sitting.pk}/deals/", a.open_deal_2, format="json", HTTP_IDEMPOTENCY_KEY=KEY
    )
    bord_2 = start_sitting(
        a.season, "Erik Finn Gitte", at=a.free_table, date=datetime.date(2026, 3, 19), by=a.users["scorer"]
    )
    erik_deals = {"dealer": "Erik", "players": ["Erik", "Finn", "Gitte"], "last_trick": "Finn"}

    second = bent.post(f"/api/sittings/{bord_2.pk}/deals/", erik_deals, format="json", HTTP_IDEMPOTENCY_KEY=KEY)
    again = bent.post(f"/api/sittings/{bord_2.pk}/deals/", erik_deals, format="json", HTTP_IDEMPOTENCY_KEY=KEY)

    assert (first.status_code, second.status_code, again.status_code) == (201, 201, 200)
    assert (second.json()["sitting"], second.json()["number"]) == (bord_2.pk, 1)
    assert again.json() == second.json()  # within its sitting the key still makes one deal
    assert [d.number for d in a.open_sitting.deals.order_by("number")] == [1, 2]
    assert bord_2.deals.count() == 1


def test_the_web_form_hands_out_random_keys(two_clubs, client):
    a = two_clubs["a"]
    page = web(client, a.users["scorer"]).get(reverse("deal_new", args=[a.club.slug, a.open_sitting.pk])).text
    key = re.search(r'name="idempotency_key" value="([^"]*)"', page).group(1)
    assert uuid.UUID(hex=key).version == 4
