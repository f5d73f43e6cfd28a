"""Payments through the API: officials record and reverse them; a member reads only his own; a
payment by someone who is not an official is refused (the web's policy, `access.MANAGE`).

The clubs of tests/conftest.py ("a": Anna admin, Bent scorer, Carl member), 1 øre a point:
Carl's saldo is −40 øre (he funded Bord 1's cups and played nothing since).
"""

from __future__ import annotations

import pytest

from club.models import Payment
from club.services import money

pytestmark = pytest.mark.django_db


def body(member, **more) -> dict:
    return {
        "member": member.pk,
        "direction": "in",
        "amount_ore": 40,
        "method": "mobilepay",
        "paid_on": "2026-03-20",
    } | more


def test_an_official_records_a_payment(two_clubs, api):
    a = two_clubs["a"]
    carl = a.members["Carl"]
    answer = api(a.users["admin"]).post("/api/payments/", body(carl, note="Kaffekassen"), format="json")

    assert answer.status_code == 201, answer.json()
    data = answer.json()
    assert (data["member"], data["amount_ore"], data["signed_ore"], data["method"], data["note"]) == (
        carl.pk,
        40,
        40,
        "mobilepay",
        "Kaffekassen",
    )
    assert money.saldo(carl) == 0


@pytest.mark.parametrize("role", ["scorer", "member"])
def test_a_payment_by_someone_who_is_not_an_official_is_refused(two_clubs, api, role):
    a = two_clubs["a"]
    answer = api(a.users[role]).post("/api/payments/", body(a.members["Carl"]), format="json")
    assert answer.status_code == 403
    assert not Payment.objects.exists()


def test_another_clubs_member_is_404(two_clubs, api):
    answer = api(two_clubs["b"].users["admin"]).post(
        "/api/payments/", body(two_clubs["a"].members["Carl"]), format="json"
    )
    assert answer.status_code == 404


def test_a_reversal_and_who_reads_what(two_clubs, api):
    a = two_clubs["a"]
    admin = api(a.users["admin"])
    carl, dorte = a.members["Carl"], a.members["Dorte"]
    first = admin.post("/api/payments/", body(carl, amount_ore=4000), format="json").json()
    admin.post("/api/payments/", body(dorte, direction="out", amount_ore=500), format="json")

    reversal = admin.post(f"/api/payments/{first['id']}/reverse/", {"reason": "40 kr., not 0,40"}, format="json")
    assert reversal.status_code == 201
    assert (reversal.json()["reverses"], reversal.json()["signed_ore"]) == (first["id"], -4000)
    assert admin.post(f"/api/payments/{first['id']}/reverse/", {"reason": "again"}, format="json").status_code == 400

    # Carl reads his own two (the payment and its reversal), not Dorte's; the admin reads all three.
    own = api(a.users["member"]).get("/api/payments/").json()["results"]
    assert sorted(p["signed_ore"] for p in own) == [-4000, 4000]
    assert len(admin.get("/api/payments/").json()["results"]) == 3
    assert money.saldo(carl) == -40


def test_bad_input_is_an_error_list(two_clubs, api):
    a = two_clubs["a"]
    answer = api(a.users["admin"]).post(
        "/api/payments/", body(a.members["Carl"], amount_ore=0, method="gold"), format="json"
    )
    assert answer.status_code == 400
    assert {(e["field"], e["code"]) for e in answer.json()["errors"]} == {
        ("amount_ore", "invalid"),
        ("method", "invalid"),
    }


@pytest.mark.parametrize("amount", [1.0, 40.0, "40", True, False, 12.5, "1e3", [40]])
def test_an_amount_is_whole_øre_as_a_json_integer_only(two_clubs, api, amount):
    a = two_clubs["a"]
    answer = api(a.users["admin"]).post("/api/payments/", body(a.members["Carl"], amount_ore=amount), format="json")

    assert answer.status_code == 400
    assert answer.json()["errors"] == [
        {"field": "amount_ore", "code": "invalid", "message": "Whole øre as a JSON integer, e.g. 12050 for 120,50 kr."}
    ]
    assert not Payment.objects.exists()


def test_a_payment_sent_again_with_its_idempotency_key_is_recorded_once(two_clubs, api):
    """N6: a retry after a lost answer (same key, same payment) answers 200 with the first; the key
    with another payment is 409 and records nothing; the key is the official's and club's own."""
    a = two_clubs["a"]
    carl, dorte = a.members["Carl"], a.members["Dorte"]
    admin = api(a.users["admin"])
    key = {"HTTP_IDEMPOTENCY_KEY": "pay-carl-2026-03-20"}

    first = admin.post("/api/payments/", body(carl), format="json", **key)
    again = admin.post("/api/payments/", body(carl), format="json", **key)
    other = admin.post("/api/payments/", body(dorte, amount_ore=99), format="json", **key)

    assert (first.status_code, again.status_code, other.status_code) == (201, 200, 409)
    assert again.json() == first.json()
    assert other.json()["detail"] == "This request was sent before with another payment."
    assert Payment.objects.filter(member=carl).count() == 1
    assert not Payment.objects.filter(member=dorte).exists()
    assert money.saldo(carl) == 0
    # Without a key each request is a payment of its own; a bad key is refused before anything.
    assert admin.post("/api/payments/", body(dorte), format="json").status_code == 201
    assert admin.post("/api/payments/", body(dorte), format="json").status_code == 201
    bad = admin.post("/api/payments/", body(dorte), format="json", HTTP_IDEMPOTENCY_KEY="x" * 65)
    assert bad.status_code == 400
    assert Payment.objects.filter(member=dorte).count() == 2


def test_a_reversal_sent_again_with_its_idempotency_key_is_made_once(two_clubs, api):
    a = two_clubs["a"]
    admin = api(a.users["admin"])
    paid = admin.post("/api/payments/", body(a.members["Carl"], amount_ore=4000), format="json").json()
    reverse = f"/api/payments/{paid['id']}/reverse/"
    key = {"HTTP_IDEMPOTENCY_KEY": "undo-1"}

    first = admin.post(reverse, {"reason": "40 kr., not 0,40"}, format="json", **key)
    again = admin.post(reverse, {"reason": "40 kr., not 0,40"}, format="json", **key)

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert Payment.objects.filter(reverses_id=paid["id"]).count() == 1
    # Another key is another request: the payment is reversed already.
    assert admin.post(reverse, {"reason": "again"}, format="json", HTTP_IDEMPOTENCY_KEY="undo-2").status_code == 400
