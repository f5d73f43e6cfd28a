"""The statement's summary: the saldo carried over from paper on its own line, never summed under
the month's payments (issue 37: a member who paid 500 kr. read "Betalinger denne måned −734,50 kr."
because his paper saldo of −1.234,50 kr. was summed with them)."""

from __future__ import annotations

import datetime

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from club.models import Payment
from club.months import Month
from club.reports.statements import build_statement
from club.services import money, opening, payments

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 3, 3)


def test_the_paper_saldo_has_its_own_line(club, members):
    member = members["Anna"]
    opening.carry_over(member, -123450, on=DAY)
    payments.record_payment(
        club,
        member=member,
        direction=Payment.Direction.IN,
        amount_ore=50000,
        method=Payment.Method.MOBILEPAY,
        paid_on=DAY + datetime.timedelta(days=2),
    )
    statement = build_statement(member, Month(2025, 3))
    assert statement.payments_ore == 50000
    assert statement.paper_ore == -123450
    assert statement.closing_ore == -73450 == money.saldo(member)
    with translation.override("da"):
        html = render_to_string("reports/_statement_body.html", {"statement": statement})
    summary = html.split('<section class="summary"')[1].split("</section>")[0]
    assert "Saldo overført fra papir" in summary
    payments_row = summary.split("Betalinger denne måned")[1].split("</tr>")[0]
    assert "500,00 kr." in payments_row and "734,50" not in payments_row
    assert "−734,50 kr." in summary.split('class="closing"')[1]
