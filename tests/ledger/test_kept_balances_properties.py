"""Kept figures stay the sums of their postings whatever the club does, in any order: every
balance the database keeps (per account, book and month) and every seat's points, after each of a
random sequence of deals recorded, corrected and voided, sittings closed (split or carried) and
started again, payments made and reversed. Runs on the test database, SQLite or PostgreSQL."""

from __future__ import annotations

import datetime
from collections import defaultdict

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.models import Payment, Seat
from club.services import payments
from club.services.closing import close_sitting
from club.services.corrections import correct_deal, void_last_deal
from club.services.deals import VOID, record_deal
from ledger.models import Balance, Posting

operations = st.lists(
    st.one_of(
        st.tuples(st.just("record")),
        st.tuples(st.just("correct"), st.integers(0, 50)),
        st.tuples(st.just("void")),
        st.tuples(st.just("close"), st.sampled_from(("split", "carry"))),
        st.tuples(st.just("pay"), st.sampled_from(("Anna", "Erik")), st.integers(1, 50_000), st.booleans()),
        st.tuples(st.just("reverse payment")),
    ),
    min_size=1,
    max_size=14,
)


def kept_and_summed() -> tuple[dict, dict]:
    """(every kept balance, the same keys summed from the postings); zero rows left out of both."""
    kept = {
        (a, book, month): points
        for a, book, month, points in Balance.objects.values_list("account_id", "book", "month", "amount")
        if points
    }
    summed: dict[tuple, int] = defaultdict(int)
    for account_id, book, value_date, points in Posting.objects.values_list(
        "account_id", "transaction__book", "transaction__value_date", "amount"
    ):
        summed[(account_id, book, value_date.replace(day=1))] += points
    return kept, {key: points for key, points in summed.items() if points}


def seats_and_postings() -> tuple[dict, dict]:
    """(each seat's kept points, its member's postings at the sitting)."""
    kept = {(s.sitting_id, s.member_id): s.points for s in Seat.objects.all()}
    summed: dict[tuple, int] = dict.fromkeys(kept, 0)
    for sitting_id, member_id, points in Posting.objects.filter(account__member__isnull=False).values_list(
        "transaction__entry__sitting_id", "account__member__id", "amount"
    ):
        summed[(sitting_id, member_id)] += points
    return kept, summed


def with_fine(record: dict) -> dict:
    """The record with a misdeal fine on its dealer (001 L360): both cups move, and every later
    deal that takes or doubles them."""
    return record | {"fines": [*record.get("fines", []), {"player": record["dealer"], "offence": "misdeal"}]}


@pytest.mark.django_db
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=operations)
def test_kept_figures_stay_the_sums_of_their_postings(steps, club, members, season, start_sitting, evening):
    with transaction.atomic():  # each example starts from the empty club: its writes roll back
        for member in members.values():  # the fixture's objects outlive the last example's accounts
            member.refresh_from_db()
        sitting = start_sitting(season)
        sittings = 1
        for step in steps:
            kind = step[0]
            deals = list(sitting.deals.select_related("current_version").order_by("number"))
            if kind == "record" and sitting.is_open:
                played = [d for d in deals if d.current_version.record != VOID]
                record_deal(sitting, evening[len(played) % 4])  # the dealer moves on from the last played
            elif kind == "correct" and deals:
                deal = deals[step[1] % len(deals)]
                if deal.current_version.record != VOID:
                    correct_deal(deal, with_fine(deal.current_version.record), reason="a fine forgotten")
            elif kind == "void" and sitting.is_open and deals and deals[-1].current_version.record != VOID:
                void_last_deal(sitting, reason="entered twice")
            elif kind == "close" and sitting.is_open:
                close_sitting(sitting, how=step[1])
                sittings += 1
                sitting = start_sitting(season, date=season.starts_on + datetime.timedelta(days=30 * sittings))
            elif kind == "pay":
                _kind, name, ore, paid_in = step
                payments.record_payment(
                    club,
                    member=members[name],
                    direction=Payment.Direction.IN if paid_in else Payment.Direction.OUT,
                    amount_ore=ore,
                    method=Payment.Method.CASH,
                    paid_on=season.starts_on + datetime.timedelta(days=ore % 360),
                )
            elif kind == "reverse payment":
                payment = club.payments.filter(reverses__isnull=True, reversed_by__isnull=True).last()
                if payment is not None:
                    payments.reverse_payment(payment, reason="typed wrong")
            sitting.refresh_from_db()
            kept, summed = kept_and_summed()
            assert kept == summed, step
            seats, postings = seats_and_postings()
            assert seats == postings, step
        transaction.set_rollback(True)
