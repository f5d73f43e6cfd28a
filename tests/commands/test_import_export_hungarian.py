"""`manage.py export_sitting` and `import_sitting` with Hungarian records (sitting-format-hungarian.md):
a demo Paskievics sitting that opened with a carried ultimókassza goes out as a record with its
`pot`, replays to the ledger, and comes into another club's Paskievics season only when that
table holds the same pot."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

import rules
from club.models import Sitting
from club.services import balances
from club.services.bookkeeping import table_balances
from world.clubs import make_club, make_season, make_table

pytestmark = pytest.mark.django_db


def run(command: str, *args) -> tuple[str, str | None]:
    out, err = io.StringIO(), io.StringIO()
    with translation.override("en"):
        try:
            call_command(command, *args, stdout=out, stderr=err)
        except CommandError as error:
            return out.getvalue(), str(error)
    return out.getvalue(), None


def test_a_paskievics_sitting_goes_out_and_comes_back_in(demo, tmp_path):
    # The second Paskievics evening at Magyar asztal opened with what the first carried.
    sitting = Sitting.objects.get(table__club=demo, table__name="Magyar asztal", date="2026-09-22")
    opening = table_balances(sitting.table, before_sitting=sitting)["pot"]
    target = tmp_path / "paskievics.json"

    _out, error = run("export_sitting", str(sitting.pk), "-o", str(target))

    assert error is None
    record = json.loads(target.read_text(encoding="utf-8"))
    assert (record["ruleset"], record["overrides"], record["close"]) == ("paskievics", {"pot": True}, "carry")
    assert record["pot"] == opening > 0
    assert record["date"] == "2026-09-22"  # the envelope's date, as in the Danish export
    replayed = rules.replay(record)
    totals = balances.sitting_totals(sitting)
    assert {s.name: totals.get(s.member_id, 0) for s in sitting.seats.all()} == {
        name: points for name, points in replayed["balances"].items() if name != "pot"
    }

    # Another club: the same rules, a table whose pot is empty. The file opens with a pot: refused.
    other = make_club("Pesti Tarokk", "pest")
    make_season(other, "paskievics", name="2026", year=2026, overrides={"pot": True}, close="carry")
    make_table(other, "Asztal")
    args = [
        str(target),
        "--club",
        "pest",
        "--season",
        "2026",
        "--table",
        "Asztal",
        "--date",
        "2026-09-22",
        "--create-members",
    ]
    _out, error = run("import_sitting", *args)
    assert error == (
        f"The file starts with ultimókassza {opening}, but Asztal holds ultimókassza 0. Nothing was recorded."
    )
    assert not Sitting.objects.filter(table__club=other).exists()

    # Without the opening pot the same deals settle from an empty pot, as rules.replay says.
    del record["pot"]
    target.write_text(json.dumps(record), encoding="utf-8")
    _out, error = run("import_sitting", *args)
    assert error is None, error
    imported = Sitting.objects.get(table__club=other)
    expected = rules.replay(record)["balances"]
    totals = balances.sitting_totals(imported)
    assert {s.name: totals.get(s.member_id, 0) for s in imported.seats.all()} | {
        "pot": table_balances(imported.table)["pot"]
    } == expected
