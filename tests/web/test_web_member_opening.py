"""Kontor → Medlemmer → a member: his saldo from the paper books, once, before his first posting
(club.services.opening.carry_over_once)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from club.models import Payment
from club.services import money
from table_evening import DEAL_1
from world.clubs import play

pytestmark = pytest.mark.django_db

ON = datetime.date(2026, 1, 1)


def test_an_official_carries_a_members_paper_saldo_over_once(club, members, as_member):
    erik = members["Erik"]
    client = as_member("Anna")
    page = client.get(reverse("office_member_edit", args=[club.slug, erik.pk])).content.decode()
    assert 'id="opening-saldo"' in page

    url = reverse("office_member_opening", args=[club.slug, erik.pk])
    done = client.post(url, {"saldo": "-125,50", "on": str(ON)})

    assert done.status_code == 302
    [payment] = Payment.objects.filter(member=erik)
    assert (payment.method, payment.direction, payment.amount_ore, payment.paid_on) == (
        Payment.Method.OPENING,
        Payment.Direction.OUT,
        12550,
        ON,
    )
    assert money.saldo(erik) == -12550
    # Once: the form is gone from his page, and a second one sent anyway is refused.
    assert 'id="opening-saldo"' not in client.get(reverse("office_member_edit", args=[club.slug, erik.pk])).text
    again = client.post(url, {"saldo": "10", "on": str(ON)})
    assert again.status_code == 400
    assert "Erik has played or paid already" in again.content.decode()
    assert Payment.objects.filter(member=erik).count() == 1


def test_a_member_who_has_played_has_no_paper_saldo_any_more(club, members, sitting, as_member):
    play(sitting, [DEAL_1])
    client = as_member("Anna")
    anna = members["Anna"]
    assert 'id="opening-saldo"' not in client.get(reverse("office_member_edit", args=[club.slug, anna.pk])).text

    refused = client.post(reverse("office_member_opening", args=[club.slug, anna.pk]), {"saldo": "5", "on": str(ON)})

    assert refused.status_code == 400
    assert not Payment.objects.filter(member=anna).exists()


@pytest.mark.parametrize(
    ("saldo", "why"),
    [
        ("", "This field is required."),
        ("abc", 'Write the amount in kroner as 1.234,50 or 1234,50 (digits 0–9, at most two decimals), not "abc".'),
        ("0", "A saldo from 0,01 to 100.000,00 kr."),
        ("-100000,01", "A saldo from 0,01 to 100.000,00 kr."),
        ("1e5\x00", "Null characters are not allowed."),
    ],
)
def test_a_saldo_that_is_no_amount_is_refused_on_its_field(club, members, as_member, saldo, why):
    erik = members["Erik"]
    refused = as_member("Anna").post(
        reverse("office_member_opening", args=[club.slug, erik.pk]), {"saldo": saldo, "on": str(ON)}
    )
    assert refused.status_code == 400
    assert why in " ".join(refused.context["opening_form"].errors["saldo"])
    assert not Payment.objects.filter(member=erik).exists()


def test_only_an_official_carries_a_saldo_over(club, members, as_member):
    erik = members["Erik"]
    url = reverse("office_member_opening", args=[club.slug, erik.pk])
    assert as_member("Bent").post(url, {"saldo": "5", "on": str(ON)}).status_code == 403
    assert as_member("Anna").get(url).status_code == 405
    assert not Payment.objects.filter(member=erik).exists()
