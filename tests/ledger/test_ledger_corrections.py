"""Correcting a deal: a new version, and the ledger posts the difference as reversals + reposts.

The evening is the one of test_ledger_record_deal.py. Deal 1 is corrected so that Dorte lost the
King of spades: she pays 5 to Anna and to Bent and 5 into the Kongekop (Dorte -15, Anna +5,
Bent +5, Kongekop +5). Deal 2 does not touch the Kongekop. Deal 3's King bagud doubles the
Kongekop as it stands: 95 before, 100 after the correction, so Bent pays 5 more into it.
Season after the correction: Anna 75, Bent -320, Carl -95, Dorte 35; cups 95/210.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone, translation

from club.models import Deal, DealVersion
from club.services.bookkeeping import table_accounts
from club.services.closing import close_sitting
from club.services.corrections import correct_deal
from club.services.deals import record_deal
from club.services.sittings import SittingError
from ledger.models import Transaction
from world.clubs import make_user
from world.records import SEATS, danish_deal

pytestmark = pytest.mark.django_db

REASON = "Dorte lost the King of spades; the scorer missed it"

DEAL_3_CORRECTED = sorted(
    [
        ("Carl", -10, "stake"),
        ("cup:pagat", 5, "stake"),
        ("cup:king", 5, "stake"),
        ("Dorte", 40, "last_trick"),
        ("Carl", -20, "last_trick"),
        ("Bent", -20, "last_trick"),
        # 40 to each and the Kongekop's 100 into it (95 before the correction).
        ("Bent", -180, "king_bagud"),
        ("Carl", 40, "king_bagud"),
        ("Dorte", 40, "king_bagud"),
        ("cup:king", 100, "king_bagud"),
        ("Bent", -15, "king_lost"),
        ("Carl", 5, "king_lost"),
        ("Dorte", 5, "king_lost"),
        ("cup:king", 5, "king_lost"),
        ("Carl", 15, "count"),
        ("Bent", -5, "count"),
        ("Dorte", -10, "count"),
    ]
)


def _play(start_sitting, season, evening, scorer):
    sitting = start_sitting(season)
    for record in evening:
        record_deal(sitting, record, by=scorer)
    return sitting


def _frozen(txn: Transaction) -> tuple:
    txn = Transaction.objects.get(pk=txn.pk)
    fields = (txn.reference, txn.entry.kind, txn.entry.event, txn.entry.deal_version_id, txn.value_date, txn.memo)
    return fields, tuple(txn.postings.values_list("pk", "account_id", "amount", "rule", "ref", "item"))


def _names(sitting, delta: dict[int, int]) -> dict[str, int]:
    """A difference's delta (account id -> points) with the accounts named as in a record."""
    names = {seat.member.account.pk: seat.name for seat in sitting.seats.select_related("member__account")}
    names |= {account.pk: name for name, account in table_accounts(sitting.table, ("cup:pagat", "cup:king")).items()}
    return {names[a]: p for a, p in delta.items()}


def test_correcting_deal_1_reverses_and_reposts_it_and_the_later_bagud(
    season, start_sitting, evening, deal_1_king_lost, scorer, postings, replayed, in_ledger
):
    sitting = _play(start_sitting, season, evening, scorer)
    deal_1, deal_3 = Deal.objects.get(sitting=sitting, number=1), Deal.objects.get(sitting=sitting, number=3)
    original = {t.entry.event: t for t in Transaction.objects.filter(entry__sitting=sitting)}
    frozen = {event: _frozen(txn) for event, txn in original.items()}
    referee = make_user("referee")

    correction = correct_deal(deal_1, deal_1_king_lost, by=referee, reason=f"  {REASON}  ")

    # Both versions are kept; the new one is current and says who and why.
    v1, v2 = DealVersion.objects.filter(deal=deal_1).order_by("version")
    assert (v1.version, v1.record, v1.entered_by, v1.reason) == (1, evening[0], scorer, "")
    assert (v2.version, v2.record, v2.entered_by, v2.reason) == (2, deal_1_king_lost, referee, REASON)
    assert correction.version == v2 and Deal.objects.get(pk=deal_1.pk).current_version == v2

    # The money that moved, per event.
    assert {d.key: _names(sitting, d.delta()) for d in correction.differences} == {
        "deal:1": {"Anna": 5, "Bent": 5, "Dorte": -15, "cup:king": 5},
        "deal:3": {"Bent": -5, "cup:king": 5},
    }

    # Originals stay exactly as they were; deal 1 and deal 3 are reversed, nothing else is.
    assert {event: _frozen(txn) for event, txn in original.items()} == frozen
    reversed_events = Transaction.objects.filter(reverses__in=original.values()).values_list("entry__event", flat=True)
    assert sorted(reversed_events) == ["deal:1", "deal:3"]
    today = timezone.localdate()
    for event in ("deal:1", "deal:3"):
        reversal = Transaction.objects.get(reverses=original[event])
        assert (
            reversal.entry.kind,
            reversal.entry.event,
            reversal.entry.caused_by,
            reversal.created_by,
            reversal.value_date,
            reversal.memo,
        ) == ("reversal", event, v2, referee, today, REASON)
        assert postings(reversal) == sorted((a, -p, rule) for a, p, rule in postings(original[event]))

    # The reposts: deal 1 settles version 2; deal 3 still settles its own version 1, caused by v2.
    new_1 = Transaction.objects.get(
        entry__sitting=sitting, entry__event="deal:1", entry__kind="deal", reversed_by__isnull=True
    )
    new_3 = Transaction.objects.get(
        entry__sitting=sitting, entry__event="deal:3", entry__kind="deal", reversed_by__isnull=True
    )
    assert (new_1.entry.deal_version, new_1.entry.caused_by, new_1.value_date) == (v2, v2, today)
    assert (new_3.entry.deal_version, new_3.entry.caused_by, new_3.value_date) == (deal_3.current_version, v2, today)
    king_lost = [
        ("Anna", 5, "king_lost"),
        ("Bent", 5, "king_lost"),
        ("Dorte", -15, "king_lost"),
        ("cup:king", 5, "king_lost"),
    ]
    assert postings(new_1) == sorted(postings(original["deal:1"]) + king_lost)
    assert postings(new_3) == DEAL_3_CORRECTED
    assert Transaction.objects.filter(entry__sitting=sitting).count() == len(original) + 4

    expected = {"Anna": 75, "Bent": -320, "Carl": -95, "Dorte": 35, "cup:pagat": 95, "cup:king": 210}
    assert replayed(sitting) == expected
    assert in_ledger(sitting) == expected


def test_correcting_a_closed_split_sitting_reposts_the_split(
    season, start_sitting, evening, deal_1_king_lost, postings, replayed, in_ledger
):
    sitting = _play(start_sitting, season, evening, None)
    close_sitting(sitting)
    close = Transaction.objects.get(entry__sitting=sitting, entry__event="close")
    # 295 in the cups: 73 each and 3 over, one each from the first dealer Anna in seat order.
    assert postings(close) == sorted(
        [
            ("cup:pagat", -95, "close_split"),
            ("cup:king", -200, "close_split"),
            ("Anna", 74, "close_split"),
            ("Bent", 74, "close_split"),
            ("Carl", 74, "close_split"),
            ("Dorte", 73, "close_split"),
        ]
    )

    correction = correct_deal(Deal.objects.get(sitting=sitting, number=1), deal_1_king_lost, reason=REASON)

    assert [d.key for d in correction.differences] == ["deal:1", "deal:3", "close"]
    assert Transaction.objects.get(reverses=close).entry.kind == "reversal"
    new_close = Transaction.objects.get(
        entry__sitting=sitting, entry__event="close", entry__kind="close", reversed_by__isnull=True
    )
    # 305 now: 76 each and 1 over, to Anna.
    assert postings(new_close) == sorted(
        [
            ("cup:pagat", -95, "close_split"),
            ("cup:king", -210, "close_split"),
            ("Anna", 77, "close_split"),
            ("Bent", 76, "close_split"),
            ("Carl", 76, "close_split"),
            ("Dorte", 76, "close_split"),
        ]
    )
    expected = {"Anna": 152, "Bent": -244, "Carl": -19, "Dorte": 111, "cup:pagat": 0, "cup:king": 0}
    assert replayed(sitting) == expected
    assert in_ledger(sitting) == expected


def test_correcting_a_carried_sitting_changes_the_next_sitting_at_the_table(
    season, start_sitting, evening, deal_1_king_lost, replayed, in_ledger, postings
):
    first = _play(start_sitting, season, evening, None)
    close_sitting(first, how="carry")  # the cups (95/200) stay with the table
    second = start_sitting(season, date=datetime.date(2024, 3, 14))
    # Bent's King of clubs ultimo takes the Kongekop: 200 + Anna's stake 5 = 205, and 40 from each.
    record_deal(
        second, danish_deal("Anna", SEATS, kings={"clubs": {"holder": "Bent", "fate": "ultimo"}}, last_trick="Bent")
    )
    assert not Transaction.objects.filter(
        entry__sitting=second, entry__kind="funding"
    ).exists()  # the carried cups were not empty
    assert replayed(second) == {"Anna": -70, "Bent": 265, "Carl": -20, "Dorte": -60, "cup:pagat": 100, "cup:king": 80}
    taken_before = Transaction.objects.get(entry__sitting=second, entry__event="deal:1")

    correction = correct_deal(Deal.objects.get(sitting=first, number=1), deal_1_king_lost, reason=REASON)

    assert [(d.sitting, d.key) for d in correction.differences] == [
        (first, "deal:1"),
        (first, "deal:3"),
        (second, "deal:1"),
    ]
    # The Kongekop held 210 at the carry, so the ultimo took 215: 10 more for Bent.
    assert _names(second, correction.differences[2].delta()) == {"Bent": 10, "cup:king": -10}
    assert Transaction.objects.get(reverses=taken_before).entry.caused_by == correction.version
    assert (
        in_ledger(first)
        == replayed(first)
        == {"Anna": 75, "Bent": -320, "Carl": -95, "Dorte": 35, "cup:pagat": 95, "cup:king": 210}
    )
    assert (
        in_ledger(second)
        == replayed(second)
        == {"Anna": -70, "Bent": 275, "Carl": -20, "Dorte": -60, "cup:pagat": 100, "cup:king": 80}
    )


def test_a_correction_that_changes_no_money_still_names_the_new_version(season, start_sitting, evening):
    sitting = _play(start_sitting, season, evening, None)
    deal_2 = Deal.objects.get(sitting=sitting, number=2)
    same_money = evening[1] | {"kings": {"spades": {"holder": "Carl", "fate": "kept"}}}

    correction = correct_deal(deal_2, same_money, reason="Carl kept the King of spades, for the record")

    assert correction.differences == []
    current = Transaction.objects.get(
        entry__sitting=sitting, entry__event="deal:2", entry__kind="deal", reversed_by__isnull=True
    )
    assert current.entry.deal_version == correction.version
    assert (
        Transaction.objects.filter(entry__sitting=sitting, entry__kind="reversal")
        .values_list("entry__event", flat=True)
        .get()
        == "deal:2"
    )


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_correction_needs_a_reason(season, start_sitting, evening, deal_1_king_lost, counts, reason):
    sitting = _play(start_sitting, season, evening, None)
    before = counts()
    with translation.override("en"), pytest.raises(SittingError, match="needs a reason"):
        correct_deal(Deal.objects.get(sitting=sitting, number=1), deal_1_king_lost, reason=reason)
    assert counts() == before


@pytest.mark.parametrize(
    ("reason", "message"),
    [
        ("wrong\x00king", "NUL character"),
        ("wrong \ud800 king", "lone surrogate"),
        ("x" * 2001, "at most 2000 characters"),
    ],
)
def test_a_correction_reason_is_bounded_text_whatever_form_sent_it(
    season, start_sitting, evening, deal_1_king_lost, counts, reason, message
):
    sitting = _play(start_sitting, season, evening, None)
    before = counts()
    with translation.override("en"), pytest.raises(SittingError, match=message):
        correct_deal(Deal.objects.get(sitting=sitting, number=1), deal_1_king_lost, reason=reason)
    assert counts() == before
