"""Properties of the Hungarian family over random valid sittings (``fixtures/hungarian_sittings.py``).

Hypothesis draws a seed, a game, a table size, a number of deals, a close and now and then a few
§10 overrides; the generator turns them into a valid record. Every game, every table size.
"""

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from fixtures.hungarian_sittings import random_sitting
from rules import hungarian

GAMES = tuple(hungarian.PRESETS)
PROPERTY_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def sittings(draw):
    preset = draw(st.sampled_from(GAMES))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return random_sitting(
        rng,
        preset,
        draw(st.integers(1, 14)),
        table_size=draw(st.sampled_from(hungarian.PRESETS[preset].table_sizes)),
        close=draw(st.sampled_from((None, "split", "carry"))),
        overrides=draw(st.sampled_from((None, "random"))),
    )


@PROPERTY_SETTINGS
@given(sittings())
def test_every_item_sums_to_zero_and_nets_are_the_items(record):
    result = rules.replay(copy.deepcopy(record))
    table = record["table"]
    for event in result["events"]:
        for item in event["items"]:
            assert sum(item["postings"].values()) == 0, item
            assert 0 not in item["postings"].values()
            assert item["rule"] and item["ref"].startswith(("002 L", "brief §"))
        if event["kind"] == "deal":
            assert list(event["net"]) == table
            assert event["net"] == {m: sum(i["postings"].get(m, 0) for i in event["items"]) for m in table}


@PROPERTY_SETTINGS
@given(sittings())
def test_balances_plus_pot_equal_the_opening_pot(record):
    result = rules.replay(copy.deepcopy(record))
    opening = record.get("pot", 0)
    assert sum(result["balances"].values()) == opening
    keeps_pot = hungarian.ruleset(record["ruleset"], record.get("overrides")).pot
    assert ("pot" in result["balances"]) == keeps_pot
    pot = opening
    for event in result["events"]:
        pot += sum(i["postings"].get("pot", 0) for i in event["items"])
        assert pot >= 0
        if keeps_pot:
            assert event["pot_after"] == pot
        else:
            assert "pot_after" not in event
    if keeps_pot:
        assert result["balances"]["pot"] == pot


@PROPERTY_SETTINGS
@given(sittings())
def test_replay_is_deterministic_and_leaves_the_record_alone(record):
    before = json.dumps(record, sort_keys=True)
    first = rules.replay(record)
    assert json.dumps(record, sort_keys=True) == before
    assert json.dumps(rules.replay(copy.deepcopy(record))) == json.dumps(first)


@PROPERTY_SETTINGS
@given(sittings())
def test_deal_by_deal_play_equals_the_replay(record):
    """`hungarian.play` one deal at a time (the club's way) gives the replay's events."""
    result = rules.replay(copy.deepcopy(record))
    game = hungarian.ruleset(record["ruleset"], record.get("overrides"))
    table = record["table"]
    state = hungarian.TableState(record.get("pot", 0))
    played = []
    for number, data in enumerate(record["deals"], 1):
        problems = []
        deal = hungarian.parse_deal(data, number, problems)
        assert problems == []
        events, state = hungarian.play(deal, table, state, game)
        played += [event.as_dict(table, game.pot) for event in events]
    assert played == [e for e in result["events"] if e["kind"] == "deal"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32 - 1))
def test_random_valid_deals_of_every_game_never_crash(preset, seed):
    """Long sittings with overrides: every deal the generator makes settles."""
    record = random_sitting(random.Random(seed), preset, 60, overrides="random")
    result = rules.replay(record)
    assert len([e for e in result["events"] if e["kind"] == "deal"]) == 60


JUNK = [
    None,
    0,
    -1,
    1,
    8,
    9,
    20,
    10**13,
    True,
    "",
    "x",
    "pot",
    "trull",
    "volat",
    [],
    {},
    [1],
    ["trull"],
    {"declarer": ["volat"]},
    {"card": 20, "partner": None},
    {"king": "hearts", "partner": "x"},
    1.5,
]


def _damage(rng, value, depth=0):
    """Replace, delete or descend into one place of `value` (a dict or list), in place."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        if rng.random() < 0.3:
            del value[key]
        elif depth < 4 and isinstance(value[key], (dict, list)) and rng.random() < 0.6:
            _damage(rng, value[key], depth + 1)
        else:
            value[key] = copy.deepcopy(rng.choice(JUNK))
    elif isinstance(value, list) and value:
        index = rng.randrange(len(value))
        if depth < 4 and isinstance(value[index], (dict, list)) and rng.random() < 0.6:
            _damage(rng, value[index], depth + 1)
        else:
            value[index] = copy.deepcopy(rng.choice(JUNK))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_damaged_records_are_refused_with_problems_never_a_crash(preset, seed, damage):
    """Any JSON value in any place: the answer is a result or InvalidRecord with readable problems."""
    rng = random.Random(seed)
    record = random_sitting(rng, preset, 4, overrides="random")
    for _ in range(damage):
        _damage(rng, record)
    try:
        rules.replay(record)
    except rules.InvalidRecord as error:
        assert error.problems
        for found in error.as_dict()["errors"]:
            assert found["code"] and found["message"] and found["message_da"]
