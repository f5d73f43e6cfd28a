"""`manage.py import_sitting` and `export_sitting` with a Slovenian record (sitting-format-slovenian.md):
the lifecycle sitting of slovenian-tarok.md §13 example 34 comes in, closes with the radelci's
penalty, posts the money points the replay prints, and goes out as a record that replays the same."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

import rules
from club.models import Sitting
from club.services import balances
from world.clubs import make_club, make_season, make_table

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def run(command: str, *args) -> tuple[str, str | None]:
    out, err = io.StringIO(), io.StringIO()
    with translation.override("en"):
        try:
            call_command(command, *args, stdout=out, stderr=err)
        except CommandError as error:
            return out.getvalue(), str(error)
    return out.getvalue(), None


def test_a_slovenian_sitting_comes_in_closes_and_goes_out(tmp_path):
    club = make_club("Ljubljanski tarok", "ljubljana")
    make_season(club, "slovenian", name="2026", year=2026)
    make_table(club, "Miza")
    source = ROOT / "fixtures" / "replay" / "slovenian.json"
    args = [str(source), "--club", "ljubljana", "--season", "2026", "--table", "Miza", "--date", "2026-11-20"]
    _out, error = run("import_sitting", *args, "--create-members")
    assert error is None, error

    sitting = Sitting.objects.get(table__club=club)
    assert sitting.closed_how
    totals = balances.sitting_totals(sitting)
    posted = {s.name: totals.get(s.member_id, 0) for s in sitting.seats.all()}
    assert posted == {"Ana": 20, "Bor": -940, "Cene": 360, "Dana": 560}  # example 34's money points

    target = tmp_path / "out.json"
    _out, error = run("export_sitting", str(sitting.pk), "-o", str(target))
    assert error is None, error
    record = json.loads(target.read_text(encoding="utf-8"))
    assert record["close"] is True and record["ruleset"] == "slovenian"
    assert rules.replay(record)["balances"] == posted

    # ledger_check replays the sitting (its radelci in the kept states, the close) and finds nothing.
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", "--club", "ljubljana", stdout=out)
    assert re.search(r"problems found: 0\.", out.getvalue()), out.getvalue()
