"""Properties of settlement over random valid sittings from ``fixtures/sittings.py``.

Hypothesis draws a seed, a preset, a table size, a number of deals and a way to close; the
generator turns the seed into a valid sitting record. Every preset, every table size.
"""

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from fixtures.sittings import random_sitting

PRESETS = tuple(rules.danish.PRESETS)
CUPS = ("cup:pagat", "cup:king")
OVERRIDES = [
    None,
    {"nolo": 30},
    {"fines": {"revoke": 20}},
    {"count": "rounded"},
    {"count": "exact"},
    {"fund": 10, "stake": 1},
    {"tout": 50, "last_trick": 15},
    {"tout_takes_cups": True, "tout": 30},
    {"last_trick_fees": True, "last_trick_needs_no_ultimo_card": False},
]

PROPERTY_SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def sittings(draw, overrides=False):
    preset = draw(st.sampled_from(PRESETS))
    chosen = draw(st.sampled_from(OVERRIDES)) if overrides else None
    if chosen and "fines" in chosen and not set(chosen["fines"]) <= set(rules.danish.PRESETS[preset].fines):
        chosen = None
    record = random_sitting(
        random.Random(draw(st.integers(0, 2**32 - 1))),
        preset,
        draw(st.integers(1, 16)),
        table_size=draw(st.sampled_from((3, 4, 5))),
        close=draw(st.sampled_from((None, "split", "carry"))),
        overrides=chosen,
    )
    return record


def opening(record):
    cups = record.get("cups", {})
    return cups.get("pagat", 0) + cups.get("king", 0)


@PROPERTY_SETTINGS
@given(sittings(overrides=True))
def test_every_line_item_sums_to_zero(record):
    result = rules.replay(record)
    for event in result["events"]:
        for item in event["items"]:
            assert sum(item["postings"].values()) == 0, item
            assert all(points != 0 for points in item["postings"].values()), item


@PROPERTY_SETTINGS
@given(sittings(overrides=True))
def test_balances_sum_to_the_opening_cups_and_follow_the_events(record):
    result = rules.replay(record)
    balances = result["balances"]
    assert sum(balances.values()) == opening(record)
    members = {m: 0 for m in record["table"]}
    for event in result["events"]:
        for item in event["items"]:
            for account, points in item["postings"].items():
                if account in members:
                    members[account] += points
        if event["kind"] == "deal":
            assert sum(event["net"].values()) == -sum(
                points for item in event["items"] for account, points in item["postings"].items() if account in CUPS
            )
            moved = dict.fromkeys(record["table"], 0)  # every member, in seat order
            for item in event["items"]:
                for account, points in item["postings"].items():
                    if account in moved:
                        moved[account] += points
            assert list(event["net"].items()) == list(moved.items())
    assert {m: balances[m] for m in members} == members
    if rules.danish.PRESETS[record["ruleset"]].cups:
        final = result["events"][-1]["cups_after"] if result["events"] else record.get("cups", {"pagat": 0, "king": 0})
        assert (balances["cup:pagat"], balances["cup:king"]) == (final["pagat"], final["king"])
    else:
        assert set(balances) == set(record["table"])


@PROPERTY_SETTINGS
@given(sittings(overrides=True))
def test_replay_is_deterministic_and_leaves_its_input_alone(record):
    before = copy.deepcopy(record)
    first = json.dumps(rules.replay(record), sort_keys=False)
    assert record == before
    second = json.dumps(rules.replay(json.loads(json.dumps(record))), sort_keys=False)
    assert first == second


@PROPERTY_SETTINGS
@given(sittings(overrides=True))
def test_cups_never_go_negative_and_chain_from_event_to_event(record):
    result = rules.replay(record)
    has_cups = rules.danish.PRESETS[record["ruleset"]].cups
    cups = dict(record.get("cups", {})) if has_cups else {}
    cups = {"pagat": cups.get("pagat", 0), "king": cups.get("king", 0)}
    for event in result["events"]:
        for item in event["items"]:
            assert has_cups or not set(item["postings"]) & set(CUPS), item
            cups["pagat"] += item["postings"].get("cup:pagat", 0)
            cups["king"] += item["postings"].get("cup:king", 0)
            assert cups["pagat"] >= 0 and cups["king"] >= 0, (event.get("number"), item)
        # Brief §9 (rev. 2): a preset without cups prints no cup contents.
        assert event.get("cups_after") == (cups if has_cups else None)
        if has_cups and event["kind"] == "deal":
            assert cups["pagat"] > 0 and cups["king"] > 0  # a taken cup is refunded at once
    if record.get("close") == "split" and has_cups:
        assert result["events"][-1]["cups_after"] == {"pagat": 0, "king": 0}


@PROPERTY_SETTINGS
@given(sittings())
def test_members_sitting_out_only_fund_refund_and_share(record):
    result = rules.replay(record)
    deals = {i + 1: deal for i, deal in enumerate(record["deals"])}
    table_items = {"funding", "refund", "close_split"}
    for event in result["events"]:
        if event["kind"] != "deal":
            assert {item["rule"] for item in event["items"]} <= table_items
            continue
        active = set(deals[event["number"]]["players"])
        for item in event["items"]:
            outsiders = set(item["postings"]) - active - set(CUPS)
            if outsiders:
                assert item["rule"] in table_items | {"fine.cups_not_pushed"}, item


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(PRESETS), st.integers(0, 30))
def test_the_generator_is_deterministic_and_valid(seed, preset, deals):
    first = random_sitting(random.Random(seed), preset, deals, close="random")
    assert first == random_sitting(random.Random(seed), preset, deals, close="random")
    assert len(first["deals"]) == deals
    json.dumps(first)
    rules.replay(first)
    table = first["table"]
    dealer = first["deals"][0]["dealer"] if deals else None
    for deal in first["deals"]:
        assert deal["dealer"] == dealer
        assert deal["players"] == list(rules.danish.seat_order_from(dealer, table))
        dealer = deal["players"][1]  # forehand deals next


# --- the generator reaches every settlement rule ---------------------------------------------

REACHED = {
    "vlk-2010": {
        "funding",
        "stake",
        "meld.taroks",
        "meld.matadors",
        "meld.suit",
        "meld.kings",
        "pagat_saved",
        "pagat_lost",
        "king_lost",
        "last_trick",
        "pagat_ultimo",
        "king_ultimo",
        "pagat_bagud",
        "king_bagud",
        "nolo",
        "tout",
        "count",
        "refund",
        "close_split",
        "fine.misdeal",
        "fine.wrong_skat",
        "fine.wrong_cards",
        "fine.revoke",
        "fine.missing_meld",
        "fine.missing_meld_self",
        "fine.wrong_meld",
        "fine.wrong_meld_self",
        "fine.scus_called_in_vain",
        "ref:001 L308–L309",
        "ref:001 L241–L242",
    },
    "ensartede": {
        "funding",
        "stake",
        "meld.taroks",
        "meld.matadors",
        "meld.suit",
        "meld.kings",
        "pagat_saved",
        "pagat_lost",
        "king_lost",
        "last_trick",
        "pagat_ultimo",
        "king_ultimo",
        "pagat_bagud",
        "king_bagud",
        "nolo",
        "tout",
        "count",
        "refund",
        "close_split",
        "culprit_ultimo",
        "culprit_bagud",
        "ref:000 L145",
        "ref:000 L187–L189",
        "fine.misdeal",
        "fine.cups_not_pushed",
        "fine.wrong_skat",
        "fine.wrong_cards",
        "fine.revoke",
        "fine.missing_meld",
        "fine.wrong_meld",
        "fine.lead_out_of_turn",
        "fine.miscount",
        "fine.scus_called_in_vain",
        "fine.play_out_of_turn",
    },
    "schiellerup-1900": {
        "funding",
        "stake",
        "meld.taroks",
        "meld.matadors",
        "meld.suit",
        "meld.kings",
        "pagat_saved",
        "pagat_lost",
        "king_lost",
        "last_trick",
        "pagat_ultimo",
        "king_ultimo",
        "pagat_bagud",
        "king_bagud",
        "nolo",
        "tout",
        "tout_failed",
        "count",
        "refund",
        "close_split",
        "culprit_ultimo",
        "prevented_ultimo",
        "fine.misdeal",
        "fine.cups_not_pushed",
        "fine.wrong_skat",
        "fine.wrong_cards",
        "fine.revoke",
        "fine.missing_meld",
        "fine.wrong_meld",
        "fine.meld_caused_ultimo",
        "fine.lead_out_of_turn",
        "fine.scus_called_in_vain",
        "fine.play_out_of_turn",
    },
    "schwartz-1847": {
        "meld.taroks",
        "meld.matadors",
        "meld.suit",
        "meld.kings",
        "pagat_saved",
        "pagat_lost",
        "king_lost",
        "pagat_ultimo",
        "king_ultimo",
        "pagat_bagud",
        "king_bagud",
        "nolo",
        "count",
        "fine.misdeal",
        "fine.revoke",
        "fine.wrong_meld",
        "fine.wrong_meld_self",
    },
}
NEVER = {
    # Rules a preset cannot produce: no premium, no amount, or not in the book.
    "vlk-2010": {"culprit_ultimo", "culprit_bagud", "tout_failed", "ref:001 L145"},
    # ensartede's meld_out_of_time costs nothing (000 L85): no line item.
    "ensartede": {
        "tout_failed",
        "fine.missing_meld_self",
        "fine.wrong_meld_self",
        "fine.meld_out_of_time",
        "ref:000 L308–L309",
    },
    "schiellerup-1900": {"culprit_bagud", "fine.missing_meld_self", "fine.wrong_meld_self"},
    "schwartz-1847": {
        "funding",
        "stake",
        "refund",
        "close_split",
        "last_trick",
        "tout",
        "fine.wrong_skat",
        "culprit_ultimo",
        "culprit_bagud",
        "prevented_ultimo",
    },
}


@pytest.mark.parametrize("preset", PRESETS)
def test_random_sittings_reach_every_settlement_rule_of_the_preset(preset):
    reached: Counter = Counter()
    rng = random.Random(f"coverage {preset}")
    for _ in range(40):
        result = rules.replay(random_sitting(rng, preset, 25, close="random"))
        for event in result["events"]:
            for item in event["items"]:
                reached[item["rule"]] += 1
                reached["ref:" + item["ref"]] += 1
    assert REACHED[preset] - set(reached) == set()
    assert NEVER[preset] & set(reached) == set()
    assert len(REACHED[preset]) >= 17


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sittings(overrides=True))
def test_replay_agrees_with_playing_the_deals_one_by_one(record):
    """`replay` settles a checked sitting in one go; `play` validates and settles deal by deal."""
    sitting, problems = rules.danish.parse_sitting(record)
    assert problems == []
    ruleset = rules.danish.ruleset(sitting.ruleset, sitting.overrides)
    events = rules.settle_sitting(rules.danish.FAMILY, sitting, ruleset)
    assert [event.as_dict(sitting.table, ruleset.cups) for event in events] == rules.replay(record)["events"]
    state = rules.danish.TableState(sitting.cups)
    played = []
    for deal in sitting.deals:
        more, state = rules.danish.play(deal, sitting.table, state, ruleset)
        played += more
    assert played == [event for event in events if event.kind != "close"]


def test_the_generator_refuses_a_table_it_cannot_seat_and_an_unknown_close():
    with pytest.raises(ValueError, match="3, 4 or 5"):
        random_sitting(random.Random(1), "vlk-2010", 3, table_size=6)
    with pytest.raises(ValueError, match="split, carry"):
        random_sitting(random.Random(1), "vlk-2010", 3, close="later")
    with pytest.raises(rules.InvalidRecord):
        random_sitting(random.Random(1), "whist", 3)


def test_random_sittings_for_demo_data_and_benchmarks():
    from fixtures.sittings import random_sittings

    made = random_sittings(5, ("ensartede", "schwartz-1847"), 3, 7)
    assert [record["ruleset"] for record in made] == ["ensartede"] * 3 + ["schwartz-1847"] * 3
    assert made == random_sittings(5, ("ensartede", "schwartz-1847"), 3, 7)
    for record in made:
        assert len(rules.replay(record)["events"]) >= 7
