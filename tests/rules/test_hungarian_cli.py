"""`python -m rules replay` on the Hungarian fixtures: one sitting per game exits 0, the invalid
one exits 2 with several problems and nothing settled."""

import json
import os
import subprocess
import sys

import pytest

import rules
from tarok_testkit import ROOT

GAMES = ("paskievics", "magyar", "kiralyhivo", "tapper", "stromann", "trisak")


def run(*args):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )


@pytest.mark.parametrize("game", GAMES)
def test_each_game_fixture_replays_with_exit_0(game):
    path = ROOT / "fixtures" / "replay" / f"{game}.json"
    done = run("replay", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(done.stdout)
    assert result["ruleset"] == game
    assert result == rules.replay(json.loads(path.read_text(encoding="utf-8")))


def test_the_paskievics_fixture_balances_by_hand():
    """fixtures/replay/paskievics.json, pot kept, split at the close:
    1 all pass: 5 each into the pot (20). 2 Anna self-calls a one (3 from each) and makes her
    announced ultimo (10 from each) and takes the pot (20): Anna +9 +30 +20, others −3 −10.
    3 Bela's two with an official contra (rekontra: 2 × 4 = 8) lost: Bela −24, others +8.
    4 Csaba's honourless three: he pays each 1; 5 each into the pot (20).
    5 Dora with Bela (a three kontra'd: 2) wins; Dora's trull kontra'd made (4); Anna–Csaba's silent
    four kings (1); Anna's announced ultimo lost (10) and her party doubles the pot (10 each, 40);
    Anna's announced 9 trumps: 2 from each. Close: 40 split, 10 each."""
    result = rules.replay(json.loads((ROOT / "fixtures/replay/paskievics.json").read_text(encoding="utf-8")))
    anna = -5 + 9 + 30 + 20 + 8 + 1 - 5 + 6 - 2 - 4 + 1 - 10 - 10 + 10
    bela = -5 - 3 - 10 - 24 + 1 - 5 - 2 + 2 + 4 - 1 + 10 + 10
    csaba = -5 - 3 - 10 + 8 - 3 - 5 - 2 - 2 - 4 + 1 - 10 - 10 + 10
    dora = -5 - 3 - 10 + 8 + 1 - 5 - 2 + 2 + 4 - 1 + 10 + 10
    assert result["balances"] == {"Anna": anna, "Bela": bela, "Csaba": csaba, "Dora": dora, "pot": 0}


def test_the_invalid_hungarian_fixture_exits_2_with_several_problems():
    done = run("replay", str(ROOT / "fixtures" / "replay" / "invalid-hungarian.json"))
    assert done.returncode == 2
    output = json.loads(done.stdout)
    assert list(output) == ["errors"]
    assert [(e["deal"], e["field"], e["code"]) for e in output["errors"]] == [
        (None, "overrides.fund", "unknown_override"),
        (1, "game_contra", "official_contra_not_doubled"),
        (2, "announcements", "counter_without_contra"),
        (2, "card_points", "card_points_range"),
        (3, "trump_counts[0].count", "trump_count_invalid"),
        (4, "no_game", "unknown_value"),
    ]
    for error in output["errors"]:
        assert error["message"] and error["message_da"] and "{" not in error["message"] + error["message_da"]
