"""`python -m rules replay` on Slovenian sittings: the JSON answer of sitting-format-slovenian.md
(exit 0), or every problem (exit 2, nothing settled); `--language sl` is accepted."""

import json
import os
import subprocess
import sys

import rules
from tarok_testkit import ROOT

FIXTURE = ROOT / "fixtures" / "replay" / "slovenian.json"
INVALID = ROOT / "fixtures" / "replay" / "invalid-slovenian.json"


def run(*args):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )


def test_the_fixture_replays_with_exit_0_and_the_slovenian_answer():
    """Example 34 of slovenian-tarok.md §13, closed."""
    done = run("replay", str(FIXTURE))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert list(result) == ["ruleset", "events", "totals", "radelci", "balances"]
    assert result["ruleset"] == "slovenian"
    assert [event["kind"] for event in result["events"]] == ["deal"] * 5 + ["close"]
    first = result["events"][0]
    assert list(first) == ["kind", "number", "items", "scores", "radelci_after", "totals_after", "net"]
    assert first["number"] == 1 and all("rule" in item and "amount" in item for item in first["items"])
    assert list(result["events"][-1]) == ["kind", "radelc_penalty", "net"]
    assert result["totals"] == {"Ana": -170, "Bor": -410, "Cene": -85, "Dana": -35}
    assert result["radelci"] == {"Ana": 2, "Bor": 3, "Cene": 2, "Dana": 2}
    assert result["balances"] == {"Ana": 20, "Bor": -940, "Cene": 360, "Dana": 560}
    assert result == rules.replay(json.loads(FIXTURE.read_text(encoding="utf-8")))


def test_an_open_sitting_has_no_close_event(tmp_path):
    record = json.loads(FIXTURE.read_text(encoding="utf-8"))
    del record["close"]
    path = tmp_path / "open.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = json.loads(run("replay", str(path)).stdout)
    assert [event["kind"] for event in result["events"]] == ["deal"] * 5
    assert result["totals"] == {"Ana": 30, "Bor": -110, "Cene": 115, "Dana": 165}


def test_the_invalid_fixture_exits_2_with_every_problem():
    done = run("replay", str(INVALID))
    assert done.returncode == 2
    errors = json.loads(done.stdout)["errors"]
    assert [(e["deal"], e["field"], e["code"]) for e in errors] == [
        (None, "overrides.jackpot", "unknown_parameter"),
        (None, "overrides.max_kontra", "bad_parameter"),
        (2, "bonuses.trula.kontra", "not_allowed"),
        (2, "partner", "same_player"),
        (3, "card_points", "not_allowed"),
        (3, "declarer", "sitting_out"),
        (4, "klop.Dana", "missing"),
        (4, "klop.Zoran", "not_member"),
        (5, "out", "missing"),
        (5, "talon", "unknown_key"),
    ]
    assert all(set(error) >= {"deal", "field", "code", "message"} for error in errors)


def test_language_sl_is_accepted():
    done = run("replay", str(INVALID), "--language", "sl")
    assert done.returncode == 2
    assert json.loads(done.stdout)["errors"][0]["message"]
    assert run("replay", str(FIXTURE), "--language", "sl").returncode == 0
