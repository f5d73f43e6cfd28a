"""`python -m rules replay FILE` and `-` (sitting-format.md, "The command line")."""

import json
import os
import random
import re
import shlex
import subprocess
import sys

import rules
from fixtures.sittings import random_sitting
from tarok_testkit import ROOT
from world.records import danish_deal, sitting_record


def run(*args, stdin=None):
    # The checkout's own `rules` first, whatever an installed copy says.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def test_replay_file_prints_the_result_and_exits_0(tmp_path):
    record = random_sitting(random.Random(14), "ensartede", 12, table_size=4, close="split")
    path = tmp_path / "sitting.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == rules.replay(record)
    assert json.loads(done.stdout)["ruleset"] == "ensartede"


def test_replay_stdin_prints_the_result_and_exits_0():
    record = sitting_record("vlk-2010", danish_deal(counts={"A": 39, "C": 19}), ["Åse", "B", "C"])
    record["deals"][0] = danish_deal(dealer="Åse", table=["Åse", "B", "C"], counts={"Åse": 39, "C": 19})
    done = run("replay", "-", stdin=json.dumps(record))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["balances"] == {
        "Åse": -40 - 10 + 40 + 15,
        "B": -40 - 20 - 10,
        "C": -40 - 20 - 5,
        "cup:pagat": 65,
        "cup:king": 65,
    }
    assert "Åse" in done.stdout  # names are printed as they are, not escaped


def test_an_invalid_sitting_exits_2_with_every_error_and_nothing_settled(tmp_path):
    record = sitting_record(
        "vlk-2010", [danish_deal(last_trick="C", nolo="C"), danish_deal(dealer="B", players=["B", "A", "C"])]
    )
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode == 2
    output = json.loads(done.stdout)
    assert list(output) == ["errors"]
    assert [(e["deal"], e["field"], e["code"]) for e in output["errors"]] == [
        (1, "last_trick", "last_trick_nolo"),
        (2, "players", "players_seat_order"),
    ]
    for error in output["errors"]:
        assert set(error) >= {"deal", "field", "code", "message"}
        assert error["message"] and "{" not in error["message"]
    assert output["errors"][0]["message"] == "The nolo player took no trick, so not the last one."


def test_invalid_json_exits_2():
    done = run("replay", "-", stdin='{"ruleset": "vlk-2010", "table": [')
    assert done.returncode == 2
    errors = json.loads(done.stdout)["errors"]
    assert [(e["deal"], e["field"], e["code"]) for e in errors] == [(None, "", "not_json")]
    assert errors[0]["message"].startswith("The record is not valid JSON: line 1, column")


def test_a_sitting_that_is_not_an_object_exits_2():
    done = run("replay", "-", stdin="[]")
    assert done.returncode == 2
    assert [e["code"] for e in json.loads(done.stdout)["errors"]] == ["wrong_type", "required"]


def test_a_missing_file_exits_1_with_a_message(tmp_path):
    done = run("replay", str(tmp_path / "nowhere.json"))
    assert done.returncode == 1
    assert done.stdout == ""
    assert "cannot read" in done.stderr


def test_usage_errors_exit_2_from_argparse():
    done = run()
    assert done.returncode == 2
    assert "usage: python -m rules" in done.stderr


def test_help_names_both_families_and_every_preset():
    done = run("--help")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "Danish Tarok (vlk-2010, ensartede, schiellerup-1900, schwartz-1847)" in text
    assert "Hungarian tarokk (paskievics, magyar, kiralyhivo, tapper, stromann, trisak)" in text
    assert "replay settle a sitting record and print the result as JSON" in text


def test_replay_help_gives_every_argument_its_help():
    done = run("replay", "--help")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "file a sitting record (JSON file), or - for standard input" in text
    assert "--indent N pretty-print with N spaces (0-16); compact by default" in text
    assert "a record without 'ruleset' plays vlk-2010" in text
    for preset in (preset for family in rules.FAMILIES for preset in family.presets):
        assert preset in text


def test_the_documented_replay_lines_exit_as_documented():
    """Each `python -m rules replay` line of docs/development.md's command-line block, run as written
    (from the checkout, with this interpreter), exits with the code its comment states."""
    lines = re.findall(
        r"^\.venv/bin/python -m rules (replay .+?)\s+# exit (\d)",
        (ROOT / "docs" / "development.md").read_text("utf-8"),
        re.M,
    )
    assert len(lines) >= 2, "docs/development.md shows no replay line with its exit code"
    for command, code in lines:
        done = subprocess.run(
            f"{shlex.quote(sys.executable)} -m rules {command}",
            shell=True,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=60,
        )
        assert done.returncode == int(code), (command, done.stderr)
        assert json.loads(done.stdout)  # the settled sitting, or the error list
