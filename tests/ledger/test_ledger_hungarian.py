"""Hungarian seasons on the ledger: what the services post equals `rules.replay` of the exported
sitting, for random valid sittings of all six games (fixtures/hungarian_sittings.py), with the
ultimókassza (`pot`) carried from sitting to sitting, corrections, import and `ledger_check`.

The random records are valid by construction and come from fixed seeds; the expected numbers
are the rules engine's own replay of the record the database exports — which is the claim: the
ledger holds exactly what the engine settles, event by event, whichever family the season plays.
"""

from __future__ import annotations

import datetime
import io
import random
from collections import defaultdict

import pytest
from django.core.management import call_command
from django.db.models import Sum
from django.utils import translation

import rules
from club.models import Club, Deal, Season, Sitting, Table
from club.services import balances, bookkeeping, import_export
from club.services.closing import close_sitting, closing_event
from club.services.corrections import correct_deal, void_last_deal
from club.services.deals import record_deal, settle_version
from club.services.import_export import export_sitting
from club.services.replay import check_table
from club.services.sittings import SittingError
from fixtures.hungarian_sittings import MEMBERS, random_deal, random_sitting
from ledger.models import Account, Posting, Transaction
from rules import hungarian

# Each game with the overrides that make it keep a pot where it can (paskievics, tapper).
GAMES = {
    "paskievics": {"pot": True, "lost_three_pot": 2},
    "magyar": {},
    "kiralyhivo": {},
    "tapper": {"pot": True},
    "stromann": {},
    "trisak": {},
}
DATE = datetime.date(2026, 3, 12)


@pytest.fixture
def club(make_club) -> Club:
    return make_club("Budai Tarokk Kör", "buda", MEMBERS)


@pytest.fixture
def table(club, make_table) -> Table:
    return make_table(club, "Asztal 1")


@pytest.fixture
def sitting_date() -> datetime.date:
    return DATE


@pytest.fixture
def season_of(club, make_season):
    """`season_of(preset, overrides, close="carry")`: a 2026 season of the game."""
    return lambda preset, overrides, close="carry": make_season(
        club, preset, year=2026, overrides=overrides, close=close
    )


def play_through_services(start_sitting, season: Season, record: dict, date=DATE) -> Sitting:
    """Start the sitting, record each deal as a phone would, and close it as the record says."""
    dealer = record["deals"][0]["dealer"] if record["deals"] else record["table"][0]
    sitting = start_sitting(season, record["table"], first_dealer=dealer, date=date)
    for number, deal in enumerate(record["deals"], start=1):
        record_deal(sitting, deal, number=number)
    if record.get("close"):
        close_sitting(sitting, how=record["close"])
    return Sitting.objects.get(pk=sitting.pk)


def ledger_events(sitting: Sitting) -> dict[str, dict[str, int]]:
    """Per event key ("deal:3", "close"), what the effective transactions post, by engine name."""
    names = {
        a.pk: a.member.name if a.kind == bookkeeping.MEMBER else {"pot": "pot"}.get(a.kind, a.kind)
        for a in Account.objects.select_related("member")
    }
    by_event: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    counting = Transaction.objects.filter(entry__sitting=sitting, reversed_by__isnull=True, reverses__isnull=True)
    for posting in Posting.objects.filter(transaction__in=counting).select_related("transaction"):
        by_event[posting.transaction.entry.event][names[posting.account_id]] += posting.amount
    nonzero = {key: {a: p for a, p in accounts.items() if p} for key, accounts in by_event.items()}
    return {key: accounts for key, accounts in nonzero.items() if accounts}


def replay_events(replayed: dict) -> dict[str, dict[str, int]]:
    """The same shape from `rules.replay`'s events."""
    out: dict[str, dict[str, int]] = {}
    for event in replayed["events"]:
        key = "close" if event["kind"] == "close" else f"{event['kind']}:{event['number']}"
        total: dict[str, int] = defaultdict(int)
        for item in event["items"]:
            for account, points in item["postings"].items():
                total[account] += points
        if any(total.values()):
            out[key] = {a: p for a, p in total.items() if p}
    return out


def pot_after(sitting: Sitting) -> int:
    later = Sitting.objects.filter(table=sitting.table, pk__gt=sitting.pk).order_by("pk").first()
    return (
        bookkeeping.table_balances(sitting.table, before_sitting=later)["pot"]
        if later
        else bookkeeping.table_balances(sitting.table)["pot"]
    )


def assert_ledger_is_replay(sitting: Sitting) -> dict:
    exported = export_sitting(sitting)
    replayed = rules.replay(exported)
    assert ledger_events(sitting) == replay_events(replayed)
    by_member = balances.sitting_totals(sitting)
    held = {seat.name: by_member.get(seat.member_id, 0) for seat in sitting.seats.all()}
    if sitting.season.ruleset().pot:
        held["pot"] = pot_after(sitting)
    assert held == replayed["balances"]
    return exported


@pytest.mark.parametrize("preset", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_ledger_equals_replay_of_the_export_for_random_sittings(club, preset, seed, season_of, table, start_sitting):
    """Two sittings at one table: the first carries its pot (where kept) into the second, which
    splits it. Each sitting's ledger equals the replay of its export, event by event."""
    season = season_of(preset, GAMES[preset])
    rng = random.Random(f"{preset}-{seed}")
    first = random_sitting(rng, preset, deals=14, close="carry", overrides=GAMES[preset], opening_pot=None)
    sitting_1 = play_through_services(start_sitting, season, first)
    exported_1 = assert_ledger_is_replay(sitting_1)
    assert exported_1["deals"] == first["deals"]

    second = random_sitting(rng, preset, deals=10, close="split", overrides=GAMES[preset], opening_pot=None)
    sitting_2 = play_through_services(start_sitting, season, second, date=DATE + datetime.timedelta(days=7))
    exported_2 = assert_ledger_is_replay(sitting_2)
    held = bookkeeping.table_balances(table)
    if season.ruleset().pot:
        # The second sitting opened with what the first left in the pot, and split it at the end.
        assert exported_2["pot"] == rules.replay(exported_1)["balances"]["pot"]
        assert held["pot"] == 0
    else:
        assert "pot" not in exported_2
        assert not Account.objects.filter(owner=bookkeeping.table_owner(table.pk)).exists()  # no pot, no table account
    # Double entry: the club's postings sum to zero.
    assert (
        Posting.objects.filter(transaction__entry__sitting__table__club=club).aggregate(total=Sum("amount"))["total"]
        == 0
    )


@pytest.mark.parametrize("preset", list(GAMES))
def test_a_correction_reposts_what_replay_says(club, preset, season_of, table, start_sitting):
    """Correct an early deal to another valid deal by the same dealer: the ledger still equals the
    replay of the export (a pot doubled later moves with it), and ledger_check finds nothing."""
    season = season_of(preset, GAMES[preset])
    rng = random.Random(f"correct-{preset}")
    record = random_sitting(rng, preset, deals=12, close=None, overrides=GAMES[preset], opening_pot=None)
    sitting = play_through_services(start_sitting, season, record)
    deal = sitting.deals.get(number=2)
    dealer = deal.current_version.record["dealer"]
    for _attempt in range(20):
        replacement = random_deal(rng, season.ruleset(), record["table"], dealer)
        if replacement != deal.current_version.record:
            break
    correction = correct_deal(deal, replacement, reason="wrong card points")
    assert correction.version.version == 2
    exported = assert_ledger_is_replay(sitting)
    assert exported["deals"][1] == replacement
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", "--club", "buda", stdout=out)
    assert "problems found: 0." in out.getvalue()


def test_a_table_seats_as_many_as_the_game(club, season_of, start_sitting):
    """Strómann is a two-player game (002 L1283): three members are refused with table_size."""
    season = season_of("stromann", {})
    members = list(club.members.order_by("name")[:3])
    with pytest.raises(rules.InvalidRecord) as refused:
        start_sitting(season, members)
    assert [p.code for p in refused.value.problems] == ["table_size"]
    assert not Sitting.objects.exists()
    sitting = start_sitting(season, members[:2])
    assert sitting.seat_names() == ["Anna", "Bela"]


def test_the_pot_is_a_table_account(club, season_of, table, start_sitting):
    """Paskievics with a pot of 5 a head per deal (pot_fund 5) at four: deal 1, a no-game deal
    (all pass) also pays the no-game pot, 5 each (002 L287, L550). Pot after: 4·5 + 4·5 = 40, each
    member −10. The pot shows as the table's ultimókassza account."""
    season = season_of("paskievics", {"pot": True, "pot_fund": 5})
    sitting = start_sitting(season, "Anna Bela Csaba Dora")
    record_deal(sitting, {"dealer": "Anna", "no_game": "all_pass"})
    pot = Account.objects.get(owner=bookkeeping.table_owner(table.pk))
    assert pot.kind == "pot" and bookkeeping.account_names([club])[pot.pk] == "ultimókassza (Asztal 1)"
    assert bookkeeping.table_balances(table) == {"cup:pagat": 0, "cup:king": 0, "pot": 40}
    assert {s.name: balances.sitting_totals(sitting)[s.member_id] for s in sitting.seats.all()} == {
        "Anna": -10,
        "Bela": -10,
        "Csaba": -10,
        "Dora": -10,
    }
    close_sitting(sitting)  # the season carries
    assert bookkeeping.table_balances(table)["pot"] == 40


def test_import_and_export_a_hungarian_sitting(season_of, table):
    """import_sitting records a Tapper sitting with an opening pot only when the table holds it;
    export gives the same record back (pot, deals, close)."""
    season = season_of("tapper", {"pot": True})
    record = random_sitting(random.Random(5), "tapper", deals=8, close="carry", overrides={"pot": True}, opening_pot=0)
    sitting = import_export.import_sitting(season=season, table=table, data=record, date=DATE)
    exported = export_sitting(sitting)
    assert {k: exported[k] for k in record} == record
    assert_ledger_is_replay(sitting)
    held = bookkeeping.table_balances(table)["pot"]
    assert held == rules.replay(record)["balances"]["pot"]

    # A file that opens with another pot than the table holds is refused, nothing written.
    wrong = random_sitting(
        random.Random(6), "tapper", deals=3, close="carry", overrides={"pot": True}, opening_pot=held + 1
    )
    before = Transaction.objects.count()
    with pytest.raises(SittingError, match="ultimókassza"):
        import_export.import_sitting(season=season, table=table, data=wrong, date=DATE + datetime.timedelta(days=1))
    assert Transaction.objects.count() == before

    # A Danish file into a Hungarian season: refused as other rules.
    danish = {"ruleset": "vlk-2010", "table": ["Anna", "Bela", "Csaba"], "deals": []}
    with pytest.raises(SittingError, match="vlk-2010"):
        import_export.import_sitting(season=season, table=table, data=danish, date=DATE)


def test_a_season_offers_every_preset_of_both_families():
    choices = [value for value, _label in Season._meta.get_field("preset").choices]
    assert choices == [preset for family in rules.FAMILIES for preset in family.presets]
    assert choices[: len(rules.danish.PRESETS) + len(hungarian.PRESETS)] == [*rules.danish.PRESETS, *hungarian.PRESETS]
    assert set(hungarian.PRESETS) == {"paskievics", "magyar", "kiralyhivo", "tapper", "stromann", "trisak"}


def test_the_kept_table_state_is_the_pot_and_a_void_deal_leaves_it(club, season_of, table, start_sitting):
    """The state kept with a Hungarian sitting and its deals is `{pot}` (club.families), and the
    void of cardtable's undo works as in Danish. Paskievics with pot_fund 5 at four. Deal 1, all
    pass, into an empty pot: the fund, 5 a head (002 L1260), and the no-game pot, 5 a head (002
    L287, L550): 4·5 + 4·5 = 40. Deal 2, all pass, into a pot that holds 40: no fund, only the
    no-game pot, 4·5 = 20, so 60. Opening {pot: 0}; after deal 1 {pot: 40}; deal 2 starts from 40
    and leaves 60; voiding deal 2 goes back to 40; the split close pays 40 / 4 = 10 to each seat."""
    season = season_of("paskievics", {"pot": True, "pot_fund": 5}, close="split")
    sitting = start_sitting(season, "Anna Bela Csaba Dora")
    assert Sitting.objects.get(pk=sitting.pk).state == {"pot": 0}

    first = record_deal(sitting, {"dealer": "Anna", "no_game": "all_pass"})
    assert Sitting.objects.get(pk=sitting.pk).state == {"pot": 40}
    second = record_deal(sitting, {"dealer": "Bela", "no_game": "all_pass"})
    assert (second.deal.state_before, Sitting.objects.get(pk=sitting.pk).state) == ({"pot": 40}, {"pot": 60})
    _names, events = settle_version(first.version)  # from the kept state, nothing replayed
    assert [(e.pot_before, e.pot_after) for e in events] == [(0, 40)]

    void_last_deal(sitting, reason="dealt twice", number=2)
    assert Sitting.objects.get(pk=sitting.pk).state == {"pot": 40}
    assert bookkeeping.table_balances(table)["pot"] == 40
    assert settle_version(Deal.objects.get(pk=second.deal.pk).current_version)[1] == []  # a void settles nothing

    close_sitting(sitting)
    closing = closing_event(Sitting.objects.get(pk=sitting.pk))
    assert (closing.pot_before, closing.pot_after) == (40, 0)
    assert bookkeeping.table_balances(table)["pot"] == 0
    assert {s.name: balances.sitting_totals(sitting)[s.member_id] for s in sitting.seats.all()} == {
        "Anna": 0,
        "Bela": 0,
        "Csaba": 0,
        "Dora": 0,
    }  # −10 into the pot in deal 1, +10 back at the split
    check = check_table(table)
    assert (check.differences, check.states, check.sittings) == ([], [], 1)
