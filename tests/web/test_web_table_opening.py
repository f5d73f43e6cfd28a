"""A table's cups or pot from paper: carried over in points before its first sitting, against the
club's opening balance in points, audited and reversed like a payment; the sitting starts from
them (danish-tarok.md §5: funding only into an empty cup; a split divides what the cups hold)."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from club.models import TableOpening
from club.services import bookkeeping, money, opening, sittings
from club.services.office import OfficeError
from ledger import services as ledger
from ledger.models import Unit
from world.clubs import play

pytestmark = pytest.mark.django_db


def ledger_check_problems() -> str:
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    return re.search(r"problems found: (\d+)", out.getvalue())[1]


def club_opening_points(club) -> int:
    account = ledger.account(bookkeeping.club_owner(club.pk), bookkeeping.OPENING_POINTS, Unit.POINTS)
    return ledger.balances([account.pk]).get(account.pk, 0)


def test_cups_from_paper_open_the_first_sitting_and_its_split(club, season, table, start_sitting, members):
    season.point_value_ore = 50
    season.save()
    opening.carry_over_table(table, season, {"cup:pagat": 45, "cup:king": 30}, by=members["Anna"].user)

    assert bookkeeping.table_balances(table) == {"cup:pagat": 45, "cup:king": 30, "pot": 0}
    assert club_opening_points(club) == -75
    # Neither cup is empty: the sitting funds nothing (vlk-2010 would fund 4 × 20 into an empty cup).
    sitting = start_sitting(season)
    assert sitting.state == {"pagat": 45, "king": 30, "previous_dealer": None}
    assert {name: money.saldo(m) for name, m in members.items()} == {
        "Anna": 0,
        "Bent": 0,
        "Carl": 0,
        "Dorte": 0,
        "Erik": 0,
    }
    assert ledger_check_problems() == "0"

    play(sitting, [], close="split")

    # 75 points split among four: 18 each, the 3 left over one each from the first dealer, Anna.
    # At 50 øre a point: 19 → 9,50 kr., 18 → 9,00 kr.
    assert {name: money.saldo(members[name]) for name in ("Anna", "Bent", "Carl", "Dorte")} == {
        "Anna": 950,
        "Bent": 950,
        "Carl": 950,
        "Dorte": 900,
    }
    assert bookkeeping.table_balances(table) == {"cup:pagat": 0, "cup:king": 0, "pot": 0}
    assert ledger_check_problems() == "0"


def test_an_empty_cup_is_funded_as_the_sitting_starts(club, season, table, start_sitting, members):
    opening.carry_over_table(table, season, {"cup:pagat": 45})

    sitting = start_sitting(season)

    # The Kongekop was empty: 20 from each of the four (vlk-2010's fund), the Pagatkop as carried.
    assert bookkeeping.table_balances(table) == {"cup:pagat": 45, "cup:king": 80, "pot": 0}
    assert sitting.state == {"pagat": 45, "king": 80, "previous_dealer": None}
    play(sitting, [], close="split")
    # 125 split among four: 31 each, 1 left over to Anna; less the 20 each paid in.
    assert {name: money.saldo(members[name]) for name in ("Anna", "Bent", "Carl", "Dorte")} == {
        "Anna": 12,
        "Bent": 11,
        "Carl": 11,
        "Dorte": 11,
    }
    assert ledger_check_problems() == "0"


def test_a_kassza_from_paper(club, make_season, table, start_sitting, today):
    season = make_season(club, "paskievics", name="Paskievics", overrides={"pot": True}, close="carry")
    opening.carry_over_table(table, season, {"pot": 60})

    sitting = start_sitting(season)

    assert bookkeeping.table_balances(table) == {"cup:pagat": 0, "cup:king": 0, "pot": 60}
    assert sitting.state == {"pot": 60}
    assert club_opening_points(club) == -60
    assert ledger_check_problems() == "0"


def test_what_the_game_does_not_keep_is_refused(club, make_season, table):
    no_cups = make_season(club, "schwartz-1847", name="Schwartz")
    no_pot = make_season(club, "paskievics", name="Paskievics")
    with translation.override("en"):
        with pytest.raises(OfficeError) as refused:
            opening.carry_over_table(table, no_cups, {"cup:pagat": 10})
        assert refused.value.errors["season"] == ["Schwartz keeps no cups and no pot."]
        with pytest.raises(OfficeError) as refused:
            opening.carry_over_table(table, no_pot, {"pot": 10})
        assert refused.value.errors["season"] == ["Paskievics keeps no cups and no pot."]
    assert not TableOpening.objects.exists()


@pytest.mark.parametrize("points", [0, -5, 100_001])
def test_points_out_of_bounds_are_refused(season, table, points):
    with translation.override("en"), pytest.raises(OfficeError) as refused:
        opening.carry_over_table(table, season, {"cup:pagat": points})
    assert refused.value.errors == {"points": ["From 1 to 100.000 points."]}


def test_one_holding_per_account_and_none_once_the_table_has_played(season, table, start_sitting, members):
    opening.carry_over_table(table, season, {"cup:pagat": 45})
    with translation.override("en"), pytest.raises(OfficeError) as refused:
        opening.carry_over_table(table, season, {"cup:king": 10, "cup:pagat": 40})
    assert str(refused.value) == "Bord 1 has its Pagatkop from paper already; reverse it first."
    assert bookkeeping.table_balances(table)["cup:king"] == 0

    start_sitting(season)

    held = TableOpening.objects.get()
    for attempt in (
        lambda: opening.carry_over_table(table, season, {"cup:king": 10}),
        lambda: opening.reverse_table_opening(held, reason="wrong cup"),
    ):
        with translation.override("en"), pytest.raises(OfficeError) as refused:
            attempt()
        assert str(refused.value) == (
            "Bord 1 has played already: what its cups or pot held on paper comes over before its first sitting."
        )
    assert ledger_check_problems() == "0"


def test_a_wrong_holding_is_reversed_with_its_reason_and_carried_again(club, season, table, members):
    anna = members["Anna"].user
    [wrong] = opening.carry_over_table(table, season, {"cup:pagat": 54}, by=anna)

    reversal = opening.reverse_table_opening(wrong, reason="54, not 45", by=anna)

    assert reversal.reverses == wrong
    assert reversal.signed_points == -54
    assert reversal.transaction.reverses == wrong.transaction
    assert bookkeeping.table_balances(table)["cup:pagat"] == 0
    assert club_opening_points(club) == 0
    with translation.override("en"), pytest.raises(OfficeError, match="reversed already"):
        opening.reverse_table_opening(wrong, reason="again")
    opening.carry_over_table(table, season, {"cup:pagat": 45}, by=anna)
    assert bookkeeping.table_balances(table)["cup:pagat"] == 45
    assert ledger_check_problems() == "0"


def test_the_office_page_carries_over_and_the_log_says_who(club, season, table, as_member):
    page = reverse("office_table_opening", args=[club.slug, table.pk])
    client = as_member("Anna")

    answer = client.get(page)
    assert answer.status_code == 200
    assert b'name="held_cup_pagat"' in answer.content and b'name="held_cup_king"' in answer.content

    refused = client.post(page, {"season": season.pk, "opened_on": "2026-03-01", "held_cup_pagat": "many"})
    assert refused.status_code == 400
    assert not TableOpening.objects.exists()

    answer = client.post(
        page, {"season": season.pk, "opened_on": "2026-03-01", "held_cup_pagat": "45", "held_cup_king": "30"}
    )
    assert answer.status_code == 302
    assert bookkeeping.table_balances(table) == {"cup:pagat": 45, "cup:king": 30, "pot": 0}
    pagat = TableOpening.objects.get(account="cup:pagat")
    assert pagat.opened_on.isoformat() == "2026-03-01"

    answer = client.post(reverse("office_table_opening_reverse", args=[club.slug, pagat.pk]), {"reason": "54"})
    assert answer.status_code == 302
    assert bookkeeping.table_balances(table)["cup:pagat"] == 0

    log = client.get(reverse("club_log", args=[club.slug])).content.decode()
    assert "Anna carried over Pagatkop 45 of Bord 1 from paper." in log
    assert "Anna carried over Kongekop 30 of Bord 1 from paper." in log
    assert "Anna reversed Pagatkop 45 of Bord 1 from paper (reason: 54)." in log
    # The club's page shows the table's cups as they stand.
    home = client.get(reverse("club_home", args=[club.slug])).content.decode()
    assert 'data-cup="pagat">0<' in home
    assert 'data-cup="king">30<' in home


def test_only_officials_carry_over(club, season, table, as_member):
    page = reverse("office_table_opening", args=[club.slug, table.pk])
    assert as_member("Bent").post(page, {"season": season.pk, "held_cup_pagat": "45"}).status_code == 403
    assert not TableOpening.objects.exists()


def test_the_command_carries_over(club, season, table):
    out = io.StringIO()
    with translation.override("en"):
        call_command("carry_over_table", club.slug, "Bord 1", "Vinter", "cup:pagat=45", "cup:king=30", stdout=out)
        with pytest.raises(CommandError, match="has no table Bord 9"):
            call_command("carry_over_table", club.slug, "Bord 9", "Vinter", "cup:pagat=45")
    assert out.getvalue().splitlines()[:2] == ["Pagatkop\t45", "Kongekop\t30"]
    assert bookkeeping.table_balances(table) == {"cup:pagat": 45, "cup:king": 30, "pot": 0}
    assert ledger_check_problems() == "0"


CARRIED_INTO_VINTER = (
    "What Bord 1's cups or pot held on paper was carried into Vinter: start its first sitting in Vinter, "
    "or reverse the holding under Office → Tables first."
)


@pytest.fixture
def carried(club, season, table, make_season, members):
    """The cups from paper, 45 and 30, carried into Vinter; Forår plays the same days."""
    opening.carry_over_table(table, season, {"cup:pagat": 45, "cup:king": 30}, by=members["Anna"].user)
    return make_season(club, name="Forår")


def start_body(season, table, members, today) -> dict:
    seated = [members[name].pk for name in ("Anna", "Bent", "Carl", "Dorte")]
    return {"season": season.pk, "table": table.pk, "date": str(today), "first_dealer": seated[0]}, seated


def test_the_first_sitting_plays_the_season_the_cups_were_carried_into(carried, season, table, start_sitting):
    with translation.override("en"), pytest.raises(sittings.InvalidSitting) as refused:
        start_sitting(carried)

    assert refused.value.errors == {"season": [CARRIED_INTO_VINTER]}
    assert not table.sittings.exists()
    assert bookkeeping.table_balances(table) == {"cup:pagat": 45, "cup:king": 30, "pot": 0}

    # In Vinter it starts from the cups as carried (neither empty: nothing funded), and a later
    # sitting may play Forår.
    first = start_sitting(season)
    assert first.state == {"pagat": 45, "king": 30, "previous_dealer": None}
    play(first, [], close="split")
    second = start_sitting(carried)
    # The split emptied both cups: Forår's sitting funds 4 × 20 into each.
    assert second.state == {"pagat": 80, "king": 80, "previous_dealer": None}
    assert ledger_check_problems() == "0"


def test_the_start_form_and_the_api_name_the_season_and_refuse(carried, table, members, today, as_member):
    form, seated = start_body(carried, table, members, today)
    form |= {f"seat_{i}": pk for i, pk in enumerate(seated)}
    client = as_member("Anna")

    page = client.post(reverse("sitting_new", args=[table.club.slug]), form)

    assert page.status_code == 400
    assert page.context["form"].errors["season"] == [CARRIED_INTO_VINTER]
    danish = client.post(reverse("sitting_new", args=[table.club.slug]), form, HTTP_ACCEPT_LANGUAGE="da")
    assert danish.context["form"].errors["season"] == [
        "Det, som Bord 1s kopper eller pulje holdt på papir, blev overført til Vinter: start bordets første "
        "spilleaften i Vinter, eller tilbagefør beholdningen under Kontor → Borde først."
    ]

    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(members["Anna"].user)
    body, seated = start_body(carried, table, members, today)
    answer = api.post("/api/sittings/", body | {"members": seated}, format="json")

    assert answer.status_code == 400
    assert answer.json() == {"season": [CARRIED_INTO_VINTER]}
    assert not table.sittings.exists()


def test_a_reversed_holding_binds_no_season(carried, table, members, start_sitting):
    for held in TableOpening.objects.filter(table=table):
        opening.reverse_table_opening(held, reason="Carried into the wrong season", by=members["Anna"].user)

    sitting = start_sitting(carried)

    # Both cups empty again: 4 × 20 into each.
    assert sitting.state == {"pagat": 80, "king": 80, "previous_dealer": None}
    assert bookkeeping.table_balances(table) == {"cup:pagat": 80, "cup:king": 80, "pot": 0}
    assert ledger_check_problems() == "0"
