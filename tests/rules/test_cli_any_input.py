"""`python -m rules replay` on any input at all (brief §9, rev. 2): exit 0 with a result or exit 2
with an error list, never a traceback; the output is always UTF-8 JSON.

Hypothesis feeds `main()` in-process (standard input and output swapped for byte buffers):
arbitrary bytes, arbitrary JSON (deep nesting, huge numbers, lone surrogates), and valid sittings
with one part replaced by arbitrary JSON. A few runs go through a real subprocess too.
"""

from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures.hungarian_sittings import random_sitting as hungarian_random_sitting
from fixtures.sittings import random_sitting
from rules import hungarian
from rules.__main__ import main
from tarok_testkit import PRESETS, ROOT

ANY = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


def run_main(data: bytes, *args: str) -> tuple[int, bytes]:
    stdin, stdout = sys.stdin, sys.stdout
    out = io.BytesIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8")
    try:
        status = main(["replay", "-", *args])
        sys.stdout.flush()
        output = out.getvalue()
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    return status, output


def check_answer(status: int, output: bytes) -> dict:
    """Exit 0 with a settled sitting or exit 2 with a list of problems; nothing else."""
    assert status in (0, 2)
    answer = json.loads(output.decode("utf-8"))  # strict UTF-8, valid JSON
    if status == 0:
        assert set(answer) == {"ruleset", "events", "balances"}
        assert sum(answer["balances"].values()) >= 0
    else:
        assert list(answer) == ["errors"] and answer["errors"]
        for error in answer["errors"]:
            assert set(error) == {"deal", "field", "code", "message", "message_da"}
            assert error["message"] and error["message_da"]
    return answer


surrogates = st.sampled_from(["\ud800", "a\udfffb", "\udc00\ud800", "Anna\ud83d"])
texts = (
    st.text(max_size=12)
    | surrogates
    | st.sampled_from(["A", "B", "C", "vlk-2010", "ensartede", "paskievics", "ultimo", "bagud", "pagat", "hearts", ""])
)
huge = st.integers(min_value=10**30, max_value=10**40) | st.sampled_from([10**12 + 1, -1, 2**63, 10**6 + 1])
scalars = (
    st.none() | st.booleans() | st.integers(-100, 100) | huge | st.floats(allow_nan=True, allow_infinity=True) | texts
)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4), max_leaves=25
)


def encode(value) -> bytes:
    # ensure_ascii writes a lone surrogate as the escape "\ud800", which JSON allows.
    return json.dumps(value, ensure_ascii=True).encode("ascii")


@ANY
@given(st.binary(max_size=3000))
def test_arbitrary_bytes(data):
    check_answer(*run_main(data))


@ANY
@given(json_values)
def test_arbitrary_json(value):
    check_answer(*run_main(encode(value)))


@ANY
@given(st.integers(0, 10_000), st.sampled_from(PRESETS), st.data())
def test_a_valid_sitting_with_one_part_replaced_by_anything(seed, preset, data):
    record = random_sitting(random.Random(seed), preset, 3)
    value = data.draw(json_values)
    path = []
    node = record
    while isinstance(node, (dict, list)) and node and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]
    changed = copy.deepcopy(record)
    if not path:
        changed = value
    else:
        target = changed
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    check_answer(*run_main(encode(changed)))


@settings(max_examples=40, deadline=None)
@given(st.integers(95, 400), st.sampled_from(["[", '{"a":', '{"table":[']))
def test_deep_nesting(depth, opener):
    closer = {"[": "]", '{"a":': "}", '{"table":[': "]}"}[opener]
    status, output = run_main((opener * depth + "1" + closer * depth).encode())
    answer = check_answer(status, output)
    nested = depth * (2 if opener == '{"table":[' else 1)
    if nested > 100:
        assert [e["code"] for e in answer["errors"]] == ["too_deep"]


@settings(max_examples=20, deadline=None)
@given(st.integers(4301, 20_000))
def test_numbers_too_long_to_read(digits):
    status, output = run_main(('{"table": ["A", "B", "C"], "cups": {"pagat": ' + "7" * digits + "}}").encode())
    assert [e["code"] for e in check_answer(status, output)["errors"]] == ["number_too_long"]


def test_a_byte_order_mark_is_accepted():
    record = json.dumps({"ruleset": "vlk-2010", "table": ["A", "B", "C"], "deals": []}).encode()
    status, output = run_main(b"\xef\xbb\xbf" + record)
    assert status == 0
    assert check_answer(status, output)["balances"] == {"A": 0, "B": 0, "C": 0, "cup:pagat": 0, "cup:king": 0}


def test_output_is_compact_unless_indented():
    record = json.dumps({"ruleset": "vlk-2010", "table": ["A", "B", "C"], "deals": []}).encode()
    assert (
        run_main(record)[1]
        == b'{"ruleset":"vlk-2010","events":[],"balances":{"A":0,"B":0,"C":0,"cup:pagat":0,"cup:king":0}}\n'
    )
    pretty = run_main(record, "--indent", "2")[1].decode()
    assert pretty.startswith('{\n  "ruleset": "vlk-2010",\n  "events": [],')


def run(data: bytes, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rules", "replay", "-", *args], input=data, capture_output=True, cwd=ROOT, timeout=60
    )


def test_bytes_nesting_numbers_and_names_it_cannot_read_exit_2_through_a_real_process():
    """Not UTF-8, a number too long, nesting too deep, a lone surrogate in a name: each is exit 2
    with its own code and nothing on stderr, never a traceback."""
    cases = {
        "not_utf8": b'{"table": ["\xe6", "B", "C"]}',
        "number_too_long": b'{"cups": {"pagat": ' + b"1" * 5000 + b"}}",
        "too_deep": b"[" * 1000 + b"]" * 1000,
        "bad_name": b'{"table": ["\\ud800", "B", "C"], "deals": []}',
    }
    for code, data in cases.items():
        done = run(data)
        assert done.returncode == 2 and done.stderr == b"", (code, done.stderr)
        assert json.loads(done.stdout.decode("utf-8"))["errors"][0]["code"] == code
    spurious = run(b'{"table": [1, 2, 3], "deals": []}')
    assert [e["code"] for e in json.loads(spurious.stdout)["errors"]] == ["wrong_type"] * 3


def test_a_closed_pipe_is_no_traceback():
    record = random_sitting(random.Random(3), "vlk-2010", 400)
    command = f"{sys.executable} -m rules replay - --indent 2 | head -c 10"
    done = subprocess.run(
        command, shell=True, input=json.dumps(record).encode(), capture_output=True, cwd=ROOT, timeout=60
    )
    assert done.stdout == b'{\n  "rules'
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr


def every_path(node, path=()):
    """The path of every value inside a JSON value, the value itself first."""
    yield path
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in children:
        yield from every_path(child, (*path, key))


@pytest.mark.parametrize("preset", [*PRESETS, *hungarian.PRESETS])
def test_a_value_nested_too_deep_anywhere_in_a_valid_sitting_is_refused(preset):
    # A record that settles is answered without the depth walk: none of them can hold 101 levels.
    rng = random.Random(f"deep:{preset}")
    if preset in hungarian.PRESETS:
        record = hungarian_random_sitting(rng, preset, 4, overrides="random")
    else:
        record = random_sitting(rng, preset, 4, close="split", overrides={"fines": {"misdeal": 5}, "nolo": 30})
    deep = json.loads("[" * 100 + "]" * 100)  # 100 levels; 101 and more where it replaces a value below the top
    for path in list(every_path(record))[1:]:
        changed = copy.deepcopy(record)
        target = changed
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = deep
        status, output = run_main(encode(changed))
        assert (status, [e["code"] for e in json.loads(output)["errors"]]) == (2, ["too_deep"]), path
