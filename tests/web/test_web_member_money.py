"""A member's own money: after login his saldo and whom to pay on the club page, his payments on
his page; the treasurer's debtors under Kontor, sorted by saldo, with totals."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from club.models import Payment
from club.services import opening, payments

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 3, 3)


@pytest.fixture
def owing(club, members):
    payments.save_payment_details(club, mobilepay="12 34 56", bank_account="", note="")
    opening.carry_over(members["Bent"], -123450, on=DAY)
    opening.carry_over(members["Carl"], 2500, on=DAY)
    opening.carry_over(members["Dorte"], -1000, on=DAY)
    payments.record_payment(
        club,
        member=members["Bent"],
        direction=Payment.Direction.IN,
        amount_ore=50000,
        method=Payment.Method.MOBILEPAY,
        paid_on=DAY,
    )
    return members


def test_the_club_page_says_his_saldo_and_whom_to_pay(owing, club, as_member):
    page = as_member("Bent").get(reverse("club_home", args=[club.slug])).content.decode()
    assert 'data-saldo-ore="-73450"' in page
    assert "Pay to · MobilePay: 12 34 56" in page
    carl = as_member("Carl").get(reverse("club_home", args=[club.slug])).content.decode()
    assert 'data-saldo-ore="2500"' in carl and "MobilePay: 12 34 56" not in carl


def test_his_page_lists_his_payments(owing, club, as_member):
    page = as_member("Bent").get(reverse("member", args=[club.slug, owing["Bent"].pk])).content.decode()
    his = page.split('id="his-payments"')[1].split("</table>")[0]
    assert 'data-signed-ore="50000"' in his and "MobilePay" in his
    assert 'data-signed-ore="-123450"' not in his  # the paper saldo has its own table


def test_the_treasurer_reads_the_debtors_by_saldo(owing, club, as_member):
    page = as_member("Anna").get(reverse("office_debtors", args=[club.slug]))
    assert page.status_code == 200
    rows = [row.split('"')[0] for row in page.content.decode().split('data-member="')[1:]]
    assert rows == ["Bent", "Dorte", "Carl"]
    debtors = page.context["debtors"]
    assert (debtors.owed_to_club_ore, debtors.owed_by_club_ore, debtors.net_ore) == (74450, 2500, -71950)
    assert as_member("Bent").get(reverse("office_debtors", args=[club.slug])).status_code == 403
