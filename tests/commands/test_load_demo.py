"""The demo club: what the generator made is in git, and `load_demo` loads exactly that."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.db.models import Count
from django.utils import translation

from club.management.commands.load_demo import DEMO_DIRECTORY
from club.models import Club, DealVersion, LedgerEntry, Member, Sitting
from fixtures import demo as generator
from ledger.models import Posting, Transaction

pytestmark = pytest.mark.django_db

MANIFEST = json.loads((DEMO_DIRECTORY / "manifest.json").read_text(encoding="utf-8"))


def test_the_files_in_git_are_what_the_fixed_seed_makes():
    assert generator.stale() == []


def test_nobody_sits_at_two_tables_on_one_evening():
    by_date: dict[str, list[str]] = {}
    for entry in MANIFEST["sittings"]:
        table = json.loads((DEMO_DIRECTORY / entry["file"]).read_text(encoding="utf-8"))["table"]
        by_date.setdefault(entry["date"], []).extend(table)
    for date, seated in by_date.items():
        assert len(seated) == len(set(seated)), date


def test_the_demo_club_is_loaded(demo):
    """21 Danish sittings on Thursdays, the Hungarian circle's 10 on Tuesdays (five Paskievics
    sittings at Magyar asztal, one of each other game at Kis asztal; its nine members not already
    in the club join it, Anna plays both), and the Slovenian circle's 3 on Wednesdays at Slovensko
    omizje, with five members of its own."""
    assert demo.name == "Vestbyens Tarokklub"
    assert demo.members.count() == 10 + 9 + 5
    assert list(demo.tables.values_list("name", flat=True)) == [
        "Hjørnebordet",
        "Kakkelovnsbordet",
        "Kis asztal",
        "Magyar asztal",
        "Slovensko omizje",
        "Vinduesbordet",
    ]
    season = demo.seasons.get(name="2026")
    assert (season.name, season.preset, season.point_value_ore) == ("2026", "vlk-2010", 1)
    sittings = Sitting.objects.filter(table__club=demo)
    assert sittings.filter(season=season).count() == 21
    assert sittings.count() == 34
    by_game = dict(sittings.values_list("season__preset").annotate(n=Count("id")).values_list("season__preset", "n"))
    assert by_game == {
        "vlk-2010": 21,
        "paskievics": 5,
        "magyar": 1,
        "kiralyhivo": 1,
        "tapper": 1,
        "stromann": 1,
        "trisak": 1,
        "slovenian": 3,
    }
    assert sorted({s.date.month for s in sittings}) == [9, 10, 11]
    assert set(sittings.filter(season=season).annotate(n=Count("seats")).values_list("n", flat=True)) == {3, 4, 5}
    assert set(sittings.exclude(season=season).annotate(n=Count("seats")).values_list("n", flat=True)) == {2, 3, 4, 5}
    still_open = sittings.get(closed_at__isnull=True)
    assert (still_open.date.isoformat(), still_open.table.name) == ("2026-11-19", "Kakkelovnsbordet")
    expected_deals = sum(
        len(json.loads((DEMO_DIRECTORY / s["file"]).read_text())["deals"]) for s in MANIFEST["sittings"]
    )
    assert DealVersion.objects.filter(deal__sitting__table__club=demo, version=1).count() == expected_deals


def test_the_demo_plays_every_part_of_the_game(demo):
    rules_posted = set(
        Posting.objects.filter(transaction__entry__sitting__table__club=demo).values_list("rule", flat=True)
    )

    for rule in (
        "meld.taroks",
        "meld.suit",
        "pagat_ultimo",
        "king_ultimo",
        "pagat_bagud",
        "king_bagud",
        "nolo",
        "tout",
        "refund",
        "close_split",
    ):
        assert rule in rules_posted, rule
    assert any(rule.startswith("fine.") for rule in rules_posted)
    # The Hungarian circle: the game, figures announced and silent, the pot fed and doubled.
    for rule in (
        "game",
        "trull.announced",
        "ultimo.announced",
        "volat.silent",
        "trump_count",
        "pot_no_game",
        "pot_double",
        "close.split",
    ):
        assert rule in rules_posted, rule
    # The Slovenian circle: the game, klop, a radelc's doubling, bonuses and a mondfang.
    for rule in ("klop", "radelc", "bonus:trula", "bonus:pagat_ultimo", "mondfang"):
        assert rule in rules_posted, rule


def test_the_corrections_are_versions_with_danish_reasons_and_reversals(demo):
    corrected = DealVersion.objects.filter(deal__sitting__table__club=demo, version=2).select_related("entered_by")

    assert sorted(v.reason for v in corrected) == sorted(c["reason"] for c in MANIFEST["corrections"])
    assert {v.entered_by.username for v in corrected} == {"demo"}
    assert all(v.deal.current_version_id == v.pk for v in corrected)
    # The reversals of sittings' events (the month of payments has one reversal of its own).
    reversals = Transaction.objects.filter(entry__sitting__table__club=demo, entry__kind=LedgerEntry.Kind.REVERSAL)
    assert reversals.filter(entry__caused_by__in=corrected).count() == reversals.count() >= len(MANIFEST["corrections"])


def test_the_demo_has_a_month_of_payments_and_one_reversed(demo):
    from club.models import Payment
    from club.services import money, till

    paid = Payment.objects.filter(club=demo)
    assert paid.filter(reverses__isnull=True).count() == len(MANIFEST["payments"]) == 12
    (reversal,) = paid.filter(reverses__isnull=False)
    assert reversal.reason == "Tastefejl: beløbet var forkert"
    assert {p.paid_on.month for p in paid} == {11}
    assert {p.method for p in paid} == {"cash", "mobilepay", "bank"}
    # The till holds what was paid in less what was paid out, the reversed one not at all.
    counted = [p for p in MANIFEST["payments"] if not p["reversed"]]
    expected = sum(p["amount_ore"] if p["direction"] == "in" else -p["amount_ore"] for p in counted)
    assert till.holding(demo) == expected
    # Every member's saldo: his points at the season's 1 øre, plus what he paid in, less what he was paid.
    for name in {p["member"] for p in counted}:
        member = Member.objects.get(club=demo, name=name)
        own = sum(
            p["amount_ore"] if p["direction"] == "in" else -p["amount_ore"] for p in counted if p["member"] == name
        )
        points_in_ore = money.saldo(member) - own
        assert points_in_ore == sum(
            points * point_value
            for points, point_value in member.account.postings.values_list(
                "amount", "transaction__entry__sitting__season__point_value_ore"
            )
        )


def test_the_demo_login_is_the_clubs_admin_anna(demo, client):
    member = Member.objects.get(club=demo, user__username="demo")

    assert (member.name, member.role) == ("Anna", Member.Role.ADMIN)
    # Through the login page: django-axes' backend wants the request (Client.login has none).
    assert client.post("/login/", {"username": "demo", "password": "tarokbog"}).status_code == 302
    assert client.get("/admin/ledger/transaction/").status_code == 200


def test_loading_again_does_nothing(demo):
    counts = (Club.objects.count(), Sitting.objects.count(), Posting.objects.count())
    out = io.StringIO()

    with translation.override("en"):
        call_command("load_demo", stdout=out)

    assert out.getvalue() == "The demo club vestbyen is already loaded; nothing to do.\n"
    assert (Club.objects.count(), Sitting.objects.count(), Posting.objects.count()) == counts
