"""Club migration 0041: a Slovenian sitting kept before its state gained the radelci crossed off
(`crossed_off`) gets them from the replay, so `ledger_check` finds nothing; a table whose kept
states have their family's shape is not replayed at all."""

from __future__ import annotations

import importlib

from django.apps import apps as live_apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.models import Deal, Sitting
from club.services.deals import record_deal
from club.services.replay import check_table

migration = importlib.import_module("club.migrations.0041_kept_states_of_a_grown_shape")

BEGGAR_WON = {"dealer": "Anna", "contract": "beggar", "declarer": "Bent", "won": True}
BEGGAR_WON_AGAIN = {"dealer": "Bent", "contract": "beggar", "declarer": "Bent", "won": True}


def test_a_slovenian_sitting_kept_without_its_radelci_crossed_off_gets_them(
    club, make_season, start_sitting, sitting_date
):
    """Bent wins two beggars: the second, doubled by the radelc the first gave each member, crosses
    his off and gives each a new one (R50-R53): Bent's sheet 70 + 140 = 210, one radelc held and one
    crossed off, the others two held. Kept before the shape grew, the states lack the key."""
    season = make_season(club, "slovenian", name="Tarok", starts_on=sitting_date, ends_on=sitting_date)
    sitting = start_sitting(season, first_dealer="Anna")
    record_deal(sitting, BEGGAR_WON, number=1)
    record_deal(sitting, BEGGAR_WON_AGAIN, number=2)
    sitting.refresh_from_db()
    assert sitting.state["crossed_off"] == {"Bent": 1}
    for deal in Deal.objects.filter(sitting=sitting):
        deal.state_before = {key: value for key, value in deal.state_before.items() if key != "crossed_off"}
        deal.save(update_fields=["state_before"])
    old = {key: value for key, value in sitting.state.items() if key != "crossed_off"}
    Sitting.objects.filter(pk=sitting.pk).update(state=old)
    assert check_table(sitting.table).states  # what ledger_check would name

    migration.keep_grown_states(live_apps, None)

    sitting.refresh_from_db()
    assert sitting.state == {
        "radelci": {"Anna": 2, "Bent": 1, "Carl": 2, "Dorte": 2},
        "totals": {"Anna": 0, "Bent": 210, "Carl": 0, "Dorte": 0},  # the paper sheet's: 70 + 70 × 2
        "crossed_off": {"Bent": 1},
    }
    assert Deal.objects.get(sitting=sitting, number=2).state_before["crossed_off"] == {}
    assert not check_table(sitting.table).states


def test_states_of_their_familys_shape_replay_nothing(club, make_season, start_sitting, sitting_date):
    season = make_season(club, "slovenian", name="Tarok", starts_on=sitting_date, ends_on=sitting_date)
    sitting = start_sitting(season, first_dealer="Anna")
    record_deal(sitting, BEGGAR_WON, number=1)

    with CaptureQueriesContext(connection) as queries:
        migration.keep_grown_states(live_apps, None)

    assert len(queries) == 1  # the one read of the kept states


def test_a_state_that_differs_in_what_it_holds_is_left_for_ledger_check(club, make_season, start_sitting, sitting_date):
    """Deal 2's kept state says Bent held no radelc: not a state of the older shape but a wrong
    one. It and what follows are left as they are, for ledger_check to name."""
    season = make_season(club, "slovenian", name="Tarok", starts_on=sitting_date, ends_on=sitting_date)
    sitting = start_sitting(season, first_dealer="Anna")
    record_deal(sitting, BEGGAR_WON, number=1)
    record_deal(sitting, BEGGAR_WON_AGAIN, number=2)
    deal_2 = Deal.objects.get(sitting=sitting, number=2)
    wrong = {"radelci": {"Anna": 1, "Bent": 0, "Carl": 1, "Dorte": 1}, "totals": {"Bent": 70}}
    Deal.objects.filter(pk=deal_2.pk).update(state_before=wrong)
    Deal.objects.filter(sitting=sitting, number=1).update(state_before={"radelci": {}, "totals": {}})
    sitting.refresh_from_db()
    kept = {key: value for key, value in sitting.state.items() if key != "crossed_off"}
    Sitting.objects.filter(pk=sitting.pk).update(state=kept)

    migration.keep_grown_states(live_apps, None)

    assert Deal.objects.get(sitting=sitting, number=1).state_before == {"radelci": {}, "totals": {}, "crossed_off": {}}
    assert Deal.objects.get(pk=deal_2.pk).state_before == wrong
    assert Sitting.objects.get(pk=sitting.pk).state == kept
