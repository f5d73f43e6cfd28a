"""`import_sitting` and `export_sitting`: a sitting record in, the same record out."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Sum
from django.utils import translation

import rules
from club.management.commands.load_demo import DEMO_DIRECTORY
from club.models import Deal, Member, Sitting, Table
from club.services import bookkeeping, import_export
from club.services.bookkeeping import table_balances
from ledger.models import Posting, Transaction
from world.clubs import add_members, cups_of, make_club, make_season, make_table

pytestmark = pytest.mark.django_db

CLUB_ARGS = ["--club", "norrebro", "--season", "2026", "--table", "Bord 1"]


def run(command: str, *args) -> tuple[str, str, str | None]:
    """(stdout, stderr, the error it exited with or None)."""
    out, err = io.StringIO(), io.StringIO()
    with translation.override("en"):
        try:
            call_command(command, *args, stdout=out, stderr=err)
        except CommandError as error:
            return out.getvalue(), err.getvalue(), str(error)
    return out.getvalue(), err.getvalue(), None


def write(tmp_path, record: dict, name: str = "sitting.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def balances_by_name(sitting: Sitting) -> dict[str, int]:
    rows = Posting.objects.filter(transaction__entry__sitting=sitting, account__kind=bookkeeping.MEMBER).values(
        "account__member__name"
    )
    return {r["account__member__name"]: r["total"] for r in rows.annotate(total=Sum("amount"))}


def nothing_written() -> bool:
    """Nothing of the hand-made club's play: no sitting, deal, transaction or member."""
    return not (
        Sitting.objects.filter(table__club__slug="norrebro").exists()
        or Deal.objects.filter(sitting__table__club__slug="norrebro").exists()
        or Transaction.objects.filter(entry__sitting__table__club__slug="norrebro").exists()
        or Member.objects.filter(club__slug="norrebro").exists()
    )


def test_import_records_the_sitting_and_settles_it_as_by_hand(club, tmp_path, one_deal_sitting):
    out, _err, error = run(
        "import_sitting", write(tmp_path, one_deal_sitting), *CLUB_ARGS, "--date", "2026-10-01", "--create-members"
    )

    assert error is None
    sitting = Sitting.objects.get(table__club=club)
    assert out.strip() == f"Recorded sitting {sitting.pk}: Bord 1 2026-10-01, 1 deals, closed (split)."
    assert sitting.seat_names() == ["Anna", "Bent", "Carl"]
    assert sitting.first_dealer.name == "Anna"
    # Funding: 20 from each of three into each cup (cups 60/60). Deal 1: Anna deals and stakes 5
    # into each cup (65/65); Bent takes the last trick, 20 from each: Anna -70, Bent 0, Carl -60.
    # Split: 130 among three is 43 each, the odd point to the first dealer: -26, 43, -17.
    assert balances_by_name(sitting) == {"Anna": -26, "Bent": 43, "Carl": -17}
    assert cups_of(Table.objects.get(club=club)) == rules.danish.Cups(0, 0)
    assert list(sitting.entries.values_list("event", flat=True)) == ["funding:1", "deal:1", "close"]


def test_the_date_defaults_to_the_files_own(club, tmp_path, one_deal_sitting):
    record = one_deal_sitting | {"date": "2026-03-05"}

    run("import_sitting", write(tmp_path, record), *CLUB_ARGS, "--create-members")

    assert Sitting.objects.get(table__club=club).date.isoformat() == "2026-03-05"


def test_an_invalid_file_lists_every_problem_and_writes_nothing(club, tmp_path, one_deal_sitting):
    record = one_deal_sitting
    record["deals"][0]["players"] = ["Anna", "Carl", "Bent"]
    record["deals"].append({"dealer": "Bent", "players": ["Bent", "Carl", "Anna"], "last_trick": "Dorte"})

    _out, err, error = run("import_sitting", write(tmp_path, record), *CLUB_ARGS, "--create-members")

    assert error == "The sitting record is invalid; nothing was recorded."
    problems = [(p["deal"], p["field"], p["code"]) for p in json.loads(err)["errors"]]
    assert problems == [(1, "players", "players_seat_order"), (2, "last_trick", "not_at_table")]
    assert (
        json.loads(err)["errors"][0]["message"]
        == "The players must follow the seat order from the dealer: expected Anna, Bent, Carl."
    )
    assert nothing_written()


def test_a_file_played_by_other_rules_is_refused(club, tmp_path, one_deal_sitting):
    record = one_deal_sitting | {"overrides": {"nolo": 30}}

    _out, _err, error = run("import_sitting", write(tmp_path, record), *CLUB_ARGS, "--create-members")

    assert (
        error
        == "The file is played by vlk-2010 {'nolo': 30}, but the season 2026 plays vlk-2010. Nothing was recorded."
    )
    assert nothing_written()


def test_an_override_that_repeats_the_preset_is_no_change(club, tmp_path, one_deal_sitting):
    record = one_deal_sitting | {"overrides": {"nolo": 25}}  # vlk-2010's own nolo

    _out, _err, error = run(
        "import_sitting", write(tmp_path, record), *CLUB_ARGS, "--create-members", "--date", "2026-10-01"
    )

    assert error is None


def test_a_file_whose_cups_are_not_the_tables_is_refused(club, tmp_path, one_deal_sitting):
    record = one_deal_sitting | {"cups": {"pagat": 50, "king": 0}}

    _out, _err, error = run("import_sitting", write(tmp_path, record), *CLUB_ARGS, "--create-members")

    assert error == (
        "The file starts with Pagatkop 50 and Kongekop 0, but Bord 1 holds Pagatkop 0 and Kongekop 0. Nothing was recorded."
    )
    assert nothing_written()


def test_unknown_members_are_named_unless_they_may_be_created(club, tmp_path, one_deal_sitting):
    add_members(club, ["Bent"])

    _out, _err, error = run("import_sitting", write(tmp_path, one_deal_sitting), *CLUB_ARGS)

    assert error == "Nørrebro Tarok has no member called Anna, Carl. Nothing was recorded."
    assert not Sitting.objects.filter(table__club=club).exists()


def test_a_date_outside_the_season_is_refused(club, tmp_path, one_deal_sitting):
    _out, _err, error = run(
        "import_sitting", write(tmp_path, one_deal_sitting), *CLUB_ARGS, "--date", "2027-01-07", "--create-members"
    )

    assert error == "2027-01-07 is outside the season 2026 (2026-01-01 to 2026-12-31). Nothing was recorded."
    assert nothing_written()


def test_carried_cups_continue_into_the_next_file(club, tmp_path, one_deal_sitting):
    carried = one_deal_sitting | {"close": "carry"}
    run("import_sitting", write(tmp_path, carried), *CLUB_ARGS, "--date", "2026-10-01", "--create-members")
    # Carried: the cups keep 65 each for the table's next sitting.
    following = one_deal_sitting | {"cups": {"pagat": 65, "king": 65}}

    _out, _err, error = run(
        "import_sitting", write(tmp_path, following, "next.json"), *CLUB_ARGS, "--date", "2026-10-08"
    )

    assert error is None
    second = Sitting.objects.get(table__club=club, date="2026-10-08")
    assert import_export.export_sitting(second)["cups"] == {"pagat": 65, "king": 65}
    # No funding (the cups are not empty). Anna stakes 5 into each cup (70/70), Bent takes the
    # last trick (Anna -30, Bent +40, Carl -20); 140 split three ways is 46, the two odd points go
    # one each to Anna and Bent from the first dealer on.
    assert balances_by_name(second) == {"Anna": -30 + 47, "Bent": 40 + 47, "Carl": -20 + 46}


def test_export_writes_the_record_back(club, tmp_path, one_deal_sitting):
    run("import_sitting", write(tmp_path, one_deal_sitting), *CLUB_ARGS, "--date", "2026-10-01", "--create-members")
    sitting = Sitting.objects.get(table__club=club)
    target = tmp_path / "out.json"

    out, _err, error = run("export_sitting", str(sitting.pk), "-o", str(target))

    assert error is None and out == ""
    assert json.loads(target.read_text(encoding="utf-8")) == one_deal_sitting | {
        "cups": {"pagat": 0, "king": 0},
        "date": "2026-10-01",
    }


def test_export_of_a_missing_sitting_is_an_error(db):
    _out, _err, error = run("export_sitting", "999")

    assert error == "There is no sitting 999."


def test_every_demo_sitting_exports_to_a_record_that_replays_to_the_ledger(demo):
    """Danish and Hungarian sittings alike: members' nets, and what the table's own
    accounts hold after the sitting (the cups; the ultimókassza where the game keeps one)."""
    sittings = Sitting.objects.filter(table__club=demo).select_related("season", "table").order_by("pk")
    assert len(sittings) == 21 + 10 + 3
    for sitting in sittings:
        replayed = rules.replay(import_export.export_sitting(sitting))["balances"]

        members = {name: points for name, points in replayed.items() if not name.startswith("cup:") and name != "pot"}
        assert members == {name: balances_by_name(sitting).get(name, 0) for name in sitting.seat_names()}, sitting
        later = Sitting.objects.filter(table=sitting.table, pk__gt=sitting.pk).order_by("pk").first()
        held = table_balances(sitting.table, before_sitting=later) if later else table_balances(sitting.table)
        own = {name: held[name] for name in sitting.season.family.rules_family.table_accounts(sitting.season.ruleset())}
        assert {name: replayed[name] for name in own} == own, sitting
        assert set(replayed) - set(members) == set(own), sitting


def test_export_carries_the_corrected_record(demo):
    manifest = json.loads((DEMO_DIRECTORY / "manifest.json").read_text(encoding="utf-8"))
    correction = manifest["corrections"][0]
    entry = next(s for s in manifest["sittings"] if s["file"] == correction["file"])
    sitting = Sitting.objects.get(table__club=demo, table__name=entry["table"], date=entry["date"])

    exported = import_export.export_sitting(sitting)

    assert exported["deals"][correction["deal"] - 1] == correction["record"]


def test_an_exported_demo_sitting_imports_into_another_club_with_the_same_balances(demo, club, tmp_path):
    # Vinduesbordet's cups start empty on 8 October, and deal 22 was corrected afterwards.
    sitting = Sitting.objects.get(table__club=demo, table__name="Vinduesbordet", date="2026-10-08")
    assert sitting.deals.get(number=22).current_version.version == 2
    target = tmp_path / "vindue.json"
    run("export_sitting", str(sitting.pk), "-o", str(target))

    _out, _err, error = run("import_sitting", str(target), *CLUB_ARGS, "--create-members")

    assert error is None
    copied = Sitting.objects.get(table__club=club)
    assert copied.date.isoformat() == "2026-10-08"
    assert balances_by_name(copied) == balances_by_name(sitting)
    assert balances_by_name(copied) != {}


def _renamed(record: dict, old: str, new: str) -> dict:
    return json.loads(json.dumps(record).replace(json.dumps(old)[1:-1], json.dumps(new)[1:-1]))


def test_a_nul_in_a_name_is_refused_before_anything_is_written(club, tmp_path, one_deal_sitting):
    record = _renamed(one_deal_sitting, "Anna", "An\x00na")

    _out, err, error = run(
        "import_sitting", write(tmp_path, record), *CLUB_ARGS, "--date", "2026-10-01", "--create-members"
    )

    assert error == "The sitting record is invalid; nothing was recorded."
    # Every place the name stands: the table, the dealer, the first player (Anna deals).
    assert [(e["field"], e["code"]) for e in json.loads(err)["errors"]] == [
        ("table.0", "bad_character"), ("deals.0.dealer", "bad_character"), ("deals.0.players.0", "bad_character")
    ]  # fmt: skip
    assert nothing_written()


def test_a_name_longer_than_a_member_may_have_is_refused(club, tmp_path, one_deal_sitting):
    record = _renamed(one_deal_sitting, "Anna", "A" * 61)  # the rules engine's limit is 60 (rules/envelope.py)

    _out, err, error = run(
        "import_sitting", write(tmp_path, record), *CLUB_ARGS, "--date", "2026-10-01", "--create-members"
    )

    assert error == "The sitting record is invalid; nothing was recorded."
    assert ("table.0", "long_name") in [(e["field"], e["code"]) for e in json.loads(err)["errors"]]
    assert nothing_written()


def test_json_nested_50000_deep_is_refused(club, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")

    _out, _err, error = run("import_sitting", str(path), *CLUB_ARGS, "--date", "2026-10-01")

    assert error == f"{path} is not JSON: nested too deep."
    assert nothing_written()


def test_the_whole_demo_season_exported_and_imported_into_another_club_keeps_every_balance(demo, tmp_path):
    """Every sitting of the demo, exported and imported in the order it was played, table by
    table into a new club with the same seasons and tables: each member ends with the same
    balance, each sitting with the same nets, each table with the same cups. The
    demo also has the Hungarian circle's 10 sittings in six seasons of their own (test_load_demo):
    they go through the same path into copies of their seasons, and each table keeps its pot too.
    """
    copy = make_club("Kopiklubben", "kopi")
    for season in demo.seasons.all():
        make_season(
            copy,
            season.preset,
            name=season.name,
            starts_on=season.starts_on,
            ends_on=season.ends_on,
            overrides=season.overrides,
            close=season.close,
        )
    tables = {t.name: make_table(copy, t.name) for t in demo.tables.all()}
    originals = list(Sitting.objects.filter(table__club=demo).select_related("table", "season").order_by("pk"))
    assert len(originals) == 21 + 10 + 3

    for sitting in originals:
        target = tmp_path / f"{sitting.pk}.json"
        run("export_sitting", str(sitting.pk), "-o", str(target))
        # A Hungarian record carries no date (sitting-format-hungarian.md): the importer gives it.
        _out, _err, error = run(
            "import_sitting",
            str(target),
            "--club",
            "kopi",
            "--season",
            sitting.season.name,
            "--table",
            sitting.table.name,
            "--date",
            sitting.date.isoformat(),
            "--create-members",
        )
        assert error is None, (sitting, error)

    copies = list(Sitting.objects.filter(table__club=copy).select_related("table", "season").order_by("pk"))
    assert [(s.table.name, s.season.name, s.date, s.closed_how) for s in copies] == [
        (s.table.name, s.season.name, s.date, s.closed_how) for s in originals
    ]
    for original, copied in zip(originals, copies, strict=True):
        assert balances_by_name(copied) == balances_by_name(original), original
    for name, table in tables.items():
        assert table_balances(table) == table_balances(Table.objects.get(club=demo, name=name)), name

    def season_balances(club):
        rows = Posting.objects.filter(
            transaction__entry__sitting__table__club=club, account__kind=bookkeeping.MEMBER
        ).values("account__member__name")
        return {r["account__member__name"]: r["total"] for r in rows.annotate(total=Sum("amount"))}

    # 10 Danish members, the Hungarian circle's 9 who are not among them (Anna plays both), and the
    # Slovenian circle's 5.
    assert season_balances(copy) == season_balances(demo) and len(season_balances(demo)) == 10 + 9 + 5
