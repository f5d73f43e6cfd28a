"""Each family's deal-record schema (`Family.record_schema`) and its reader agree both ways.

- every deal of the hand-checked replays and of the demo fits its family's schema;
- a record made from the schema is read without a shape problem;
- a hand-checked deal changed at one place so that the schema refuses it is refused by the engine
  (its reader, or its checks at that table and rule set where the range is the game's).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import rules
from rules.schema import NAME

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted(p for p in (ROOT / "fixtures" / "replay").glob("*.json") if not p.stem.startswith("invalid"))
DEMO = sorted((ROOT / "fixtures" / "demo" / "sittings").glob("*.json"))
FAMILIES = {family.name: family for family in rules.FAMILIES}
VALIDATORS = {name: Draft202012Validator(family.record_schema()) for name, family in FAMILIES.items()}
SETTINGS = settings(max_examples=500, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def _sittings(paths: list[Path]) -> list[tuple[str, dict]]:
    loaded = [(path.name, json.loads(path.read_text())) for path in paths]
    return [(name, record) for name, record in loaded if isinstance(record, dict) and "deals" in record]


@pytest.mark.parametrize(("name", "record"), _sittings(REPLAYS + DEMO), ids=lambda value: str(value)[:40])
def test_every_hand_checked_and_demo_deal_fits_its_family_schema(name, record):
    family = rules.family_of(record.get("ruleset", "vlk-2010"))
    for number, deal in enumerate(record["deals"], start=1):
        errors = [error.message for error in VALIDATORS[family.name].iter_errors(deal)]
        assert errors == [], (name, number)


def test_the_invalid_replays_have_deals_their_schema_refuses():
    for stem, bad_deal in (("invalid", 2), ("invalid-hungarian", 3)):
        record = json.loads((ROOT / "fixtures" / "replay" / f"{stem}.json").read_text())
        family = rules.family_of(record["ruleset"])
        assert not VALIDATORS[family.name].is_valid(record["deals"][bad_deal - 1]), stem


def test_each_schema_is_valid_json_schema_with_a_unique_title():
    titles = []
    for family in rules.FAMILIES:
        schema = family.record_schema()
        Draft202012Validator.check_schema(schema)
        titles.append(schema["title"])
        for example in schema["examples"]:
            assert VALIDATORS[family.name].is_valid(example), family.name
    assert sorted(titles) == sorted(f"{family.title.split()[0]} deal" for family in rules.FAMILIES)


# --- records made from a schema -------------------------------------------------------------------

TEXT = st.text(st.characters(codec="utf-8"), max_size=8)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)


def from_schema(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> st.SearchStrategy[Any]:
    """Values of the part of JSON Schema the records use; the whole record is filtered by its
    validator after, for what this does not build (`if`/`then`, `not`)."""
    if "$ref" in schema:
        return st.deferred(lambda: from_schema(defs[schema["$ref"].removeprefix("#/$defs/")], defs))
    for union in ("anyOf", "oneOf"):
        if union in schema:
            return st.one_of([from_schema(branch, defs) for branch in schema[union]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    return _BY_TYPE[schema["type"]](schema, defs)


def _object(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> st.SearchStrategy[Any]:
    properties = schema.get("properties", {})
    if not properties:
        values = from_schema(schema["additionalProperties"], defs)
        return st.dictionaries(from_schema(NAME, defs), values, max_size=3)
    required = set(schema.get("required", ()))
    return st.fixed_dictionaries(
        {key: from_schema(value, defs) for key, value in properties.items() if key in required},
        optional={key: from_schema(value, defs) for key, value in properties.items() if key not in required},
    )


def _array(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> st.SearchStrategy[Any]:
    return st.lists(
        from_schema(schema["items"], defs),
        min_size=schema.get("minItems", 0),
        max_size=schema.get("maxItems", 4),
        unique=schema.get("uniqueItems", False),
    )


def _string(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> st.SearchStrategy[Any]:
    text = st.text(st.characters(codec="utf-8"), min_size=schema.get("minLength", 0), max_size=schema["maxLength"])
    return text.filter(str.strip) if schema.get("pattern") == r"\S" else text


_BY_TYPE = {
    "object": _object,
    "array": _array,
    "string": _string,
    "integer": lambda schema, defs: st.integers(schema["minimum"], schema["maximum"]),
    "boolean": lambda schema, defs: st.booleans(),
    "null": lambda schema, defs: st.none(),
}


def records(family: rules.Family) -> st.SearchStrategy[Any]:
    schema = family.record_schema()
    return from_schema(schema, schema["$defs"]).filter(VALIDATORS[family.name].is_valid)


@pytest.mark.parametrize("family", rules.FAMILIES, ids=lambda family: family.name)
def test_a_record_made_from_the_schema_is_read_without_a_shape_problem(family):
    @SETTINGS
    @given(records(family))
    def check(record):
        problems: list[rules.Problem] = []
        deal = family.parse_deal(record, 1, problems)
        assert [(p.field, p.code) for p in problems] == []
        assert deal is not None

    check()


# --- what the schema refuses, the engine refuses --------------------------------------------------


def _contexts() -> list[tuple[rules.Family, dict, int, tuple[str, ...], Any, Any]]:
    """Each hand-checked and demo deal with its table, rule set and the deal before it."""
    contexts = []
    for _name, record in _sittings(REPLAYS + DEMO):
        family = rules.family_of(record["ruleset"])
        sitting, problems = family.parse_sitting(record)
        assert sitting is not None and not problems
        ruleset = family.ruleset(sitting.ruleset, sitting.overrides)
        previous = None
        for number, (data, deal) in enumerate(zip(record["deals"], sitting.deals), start=1):
            contexts.append((family, data, number, sitting.table, ruleset, previous))
            previous = deal
    return contexts


CONTEXTS = _contexts()


def _paths(value: Any, at: tuple = ()) -> list[tuple]:
    """Every place in a JSON value: each key of an object, each item of a list."""
    found = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*at, index))
    return found


def _replaced(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return copy


# Values a lenient reader might take for "nothing": each is tried at every place too.
PROBES = (None, False, True, 0, 1, -1, 2.0, "", " ", "x", [], [None], {}, {"x": 1})


@st.composite
def changed_deals(draw):
    """A hand-checked deal with one value replaced by any JSON value, or one key added."""
    family, data, number, table, ruleset, previous = draw(st.sampled_from(CONTEXTS))
    places = _paths(data)
    objects = [path for path in places if isinstance(_at(data, path), dict)]
    if draw(st.booleans()):
        path = draw(st.sampled_from(objects))
        path = (*path, draw(TEXT | st.sampled_from(sorted(family.record_schema()["properties"]))))
    else:
        path = draw(st.sampled_from(places[1:]))
    new = draw(st.sampled_from(PROBES) | JSON_VALUES)
    return family, _replaced(data, path, new), number, table, ruleset, previous, (path, new)


def _at(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def test_a_hand_checked_deal_changed_so_that_the_schema_refuses_it_is_refused_by_the_engine():
    assert len(CONTEXTS) > 100

    @SETTINGS
    @given(changed_deals())
    def check(case):
        family, data, number, table, ruleset, previous, change = case
        if VALIDATORS[family.name].is_valid(data):
            return
        deal, problems = rules.check_deal(family, data, number, table, ruleset, previous)
        assert deal is None and problems, (family.name, number, change)

    check()


def test_the_hand_checked_deals_are_valid_unchanged():
    for family, data, number, table, ruleset, previous in CONTEXTS:
        _deal, problems = rules.check_deal(family, data, number, table, ruleset, previous)
        assert problems == [], (family.name, number)


def test_null_is_a_key_left_out_in_a_danish_tout_and_an_empty_value_is_no_list_of_fines():
    danish = rules.family_of("vlk-2010")
    seated = {"dealer": "Anna", "players": ["Anna", "Bent", "Dorte"]}
    problems: list[rules.Problem] = []
    deal = danish.parse_deal({**seated, "tout": {"player": "Bent", "won": None}}, 1, problems)
    assert problems == [] and deal is not None and (deal.tout.player, deal.tout.won) == ("Bent", True)
    for not_a_list in (0, "", False, {}):
        problems = []
        assert danish.parse_deal({**seated, "fines": not_a_list}, 1, problems) is None
        assert [(p.field, p.code) for p in problems] == [("fines", "wrong_type")]
