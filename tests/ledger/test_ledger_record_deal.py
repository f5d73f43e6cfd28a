"""record_deal posts exactly what the rules engine settles, and a double tap makes one deal.

The evening (vlk-2010, Anna Bent Carl Dorte, Anna deals first), computed by hand:

- funding: both cups empty, 20 from each of four into each cup: each member -40, cups 80/80.
- deal 1 (Anna deals; Anna, Bent, Dorte play): stake Anna -10 (+5 each cup); Bent meld 11
  taroks med Pagat = 15 from each; Bent saves the Pagat = 5 from each; Dorte wins a plain last
  trick = 20 from each. Anna -50, Bent +20, Dorte +20; cups 85/85.
- deal 2 (Bent deals; Bent, Carl, Anna): stake Bent -10 (cups 90/90); Carl full hearts = 10
  from each; Anna Pagat ultimo takes the Pagatkop's 90 and 40 from each, plus the vlk last-trick
  fee 5 from each; the Pagatkop is refunded 20 from each of four. Anna +150, Bent -85,
  Carl -45, Dorte -20; cups 80/90.
- deal 3 (Carl deals; Carl, Dorte, Bent): stake Carl -10 (cups 85/95); Dorte's plain last
  trick 20 from each; Bent's King of hearts goes bagud: 40 to each and the Kongekop's 95 into
  it, plus the lost fee 5 to each and 5 into it; count Carl 39 → +15, Bent 19 → -5, forehand
  Dorte -10. Carl +30, Dorte +75, Bent -215; cups 85/195.
- deal 4 (Dorte deals; Dorte, Anna, Carl): stake Dorte -10; Carl 3 matadors = 10 from each;
  Carl loses the Pagat: 5 to each and 5 into the Pagatkop; Anna's last trick 20 from each;
  Dorte nolo 25 from each. Dorte +15, Anna +10, Carl -40; cups 95/200.

Season: Anna 70, Bent -320, Carl -95, Dorte 50; the cups hold 295 = what the members lost.
"""

from __future__ import annotations

import random

import pytest
from django.utils import translation

import rules
from club.models import Deal, DealVersion
from club.services import balances
from club.services.closing import close_sitting
from club.services.deals import DealConflict, record_deal
from ledger.models import Transaction
from world.clubs import cups_of

pytestmark = pytest.mark.django_db

NET = [
    {"Anna": -50, "Bent": 20, "Carl": 0, "Dorte": 20},
    {"Anna": 150, "Bent": -85, "Carl": -45, "Dorte": -20},
    {"Anna": 0, "Bent": -215, "Carl": 30, "Dorte": 75},
    {"Anna": 10, "Bent": 0, "Carl": -40, "Dorte": 15},
]
CUPS_AFTER = [
    rules.danish.Cups(85, 85),
    rules.danish.Cups(80, 90),
    rules.danish.Cups(85, 195),
    rules.danish.Cups(95, 200),
]


def test_funding_at_the_start_puts_20_from_each_into_both_cups(season, start_sitting, table, members, postings):
    sitting = start_sitting(season)

    funding = Transaction.objects.get(entry__sitting=sitting)
    assert (funding.entry.kind, funding.entry.event) == ("funding", "funding:1")
    assert postings(funding) == sorted(
        [("cup:pagat", 80, "funding"), ("cup:king", 80, "funding")]
        + [(name, -20, "funding") for name in ("Anna", "Bent", "Carl", "Dorte") for _cup in (1, 2)]
    )
    assert cups_of(table) == rules.danish.Cups(80, 80)
    assert {
        name: balances.member_balance(members[name]) for name in ("Anna", "Bent", "Carl", "Dorte")
    } == dict.fromkeys(("Anna", "Bent", "Carl", "Dorte"), -40)


def test_each_deal_posts_the_hand_computed_settlement(season, start_sitting, table, members, evening, scorer):
    sitting = start_sitting(season)
    for number, record in enumerate(evening, start=1):
        recorded = record_deal(sitting, record, by=scorer, number=number)

        assert recorded.created and recorded.deal.number == number
        [txn] = recorded.transactions
        assert (txn.entry.kind, txn.entry.event, txn.entry.deal_version, txn.entry.caused_by, txn.created_by) == (
            "deal",
            f"deal:{number}",
            recorded.version,
            recorded.version,
            scorer,
        )
        by_member = {m.name: p for m, p in _nets(txn, members).items()}
        assert by_member == {k: v for k, v in NET[number - 1].items() if v}
        assert cups_of(table) == CUPS_AFTER[number - 1]

    standings = {s.name: s.points for s in balances.season_standings(season)}
    assert standings == {"Anna": 70, "Dorte": 50, "Carl": -95, "Bent": -320}


def test_ledger_equals_the_replay_of_the_exported_sitting(season, start_sitting, table, evening, replayed, in_ledger):
    sitting = start_sitting(season)
    for record in evening:
        record_deal(sitting, record)

    expected = {"Anna": 70, "Bent": -320, "Carl": -95, "Dorte": 50, "cup:pagat": 95, "cup:king": 200}
    assert replayed(sitting) == expected
    assert in_ledger(sitting) == expected


def test_every_posting_carries_the_rule_seed_line_and_line_item_it_settles(season, start_sitting, evening):
    sitting = start_sitting(season)
    record_deal(sitting, evening[0])

    txn = Transaction.objects.get(entry__sitting=sitting, entry__event="deal:1")
    items: dict[int, tuple[str, str, dict[str, int]]] = {}
    for p in txn.postings.select_related("account__member"):
        name = (
            p.account.member.name
            if p.account.kind == "member"
            else {"pagat_cup": "cup:pagat", "king_cup": "cup:king"}[p.account.kind]
        )
        rule, ref, lines = items.setdefault(p.item, (p.rule, p.ref, {}))
        assert (p.rule, p.ref) == (rule, ref)
        lines[name] = p.amount
    assert items == {
        0: ("stake", "001 L258", {"Anna": -10, "cup:pagat": 5, "cup:king": 5}),
        1: ("meld.taroks", "001 L269\u2013L270", {"Bent": 30, "Anna": -15, "Dorte": -15}),
        2: ("pagat_saved", "001 L286", {"Bent": 10, "Anna": -5, "Dorte": -5}),
        3: ("last_trick", "001 L300", {"Dorte": 40, "Anna": -20, "Bent": -20}),
    }


def test_the_same_idempotency_key_twice_makes_one_deal(season, start_sitting, evening, counts):
    sitting = start_sitting(season)
    first = record_deal(sitting, evening[0], idempotency_key="phone-7f3a")
    after_first = counts()

    again = record_deal(sitting, evening[0], idempotency_key="phone-7f3a")

    assert first.created is True and again.created is False
    assert again.deal.pk == first.deal.pk and again.version.pk == first.version.pk
    assert [t.pk for t in again.transactions] == [t.pk for t in first.transactions]
    assert counts() == after_first
    assert Deal.objects.filter(sitting=sitting).count() == 1
    assert DealVersion.objects.filter(idempotency_key=f"-:{sitting.pk}:phone-7f3a").count() == 1  # no user


def test_a_stale_deal_number_is_a_conflict_that_names_the_next_deal(season, start_sitting, evening, counts):
    sitting = start_sitting(season)
    record_deal(sitting, evening[0], number=1)
    before = counts()

    with (
        translation.override("en"),
        pytest.raises(DealConflict, match="Deal 1 is already recorded; the next deal is 2"),
    ):
        record_deal(sitting, evening[1], number=1)
    assert counts() == before


def _nets(txn, members):
    by_account = {}
    for posting in txn.postings.select_related("account__member"):
        if posting.account.kind == "member":
            by_account[posting.account.member] = by_account.get(posting.account.member, 0) + posting.amount
    return {m: p for m, p in by_account.items() if p}


@pytest.mark.parametrize("preset", sorted(rules.danish.PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_sittings_of_every_preset_post_what_replay_settles(
    club, make_season, table, start_sitting, preset, seed, replayed, in_ledger, club_total
):
    """Two sittings in a row at one table (so a carry reaches the second), 25 deals each."""
    from fixtures.sittings import MEMBERS, random_sitting
    from world.clubs import add_members

    add_members(club, [name for name in MEMBERS if not club.members.filter(name=name).exists()])
    season = make_season(club, preset, close="carry", year=2024)
    rng = random.Random(f"{preset}-{seed}")
    for close in ("carry", "split"):
        record = random_sitting(rng, preset, deals=25, close=close, opening_cups=None)
        first_dealer = record["deals"][0]["dealer"]
        sitting = start_sitting(season, record["table"], first_dealer=first_dealer, date=season.starts_on)
        for number, deal in enumerate(record["deals"], start=1):
            record_deal(sitting, deal, number=number)
        close_sitting(sitting, how=close)

        assert in_ledger(sitting) == replayed(sitting)
    assert cups_of(table) == rules.danish.Cups(0, 0)  # the second sitting split whatever was carried
    assert club_total(club) == 0
