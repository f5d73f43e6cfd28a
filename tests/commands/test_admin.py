"""The officials' admin: set-up is editable, play and money are shown but never written."""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib import admin
from django.urls import reverse

from club.models import Deal, DealVersion, LedgerEntry, Member, Season, Sitting
from club.services.corrections import correct_deal
from club.services.import_export import import_sitting
from ledger.models import Account, Posting, Transaction

pytestmark = pytest.mark.django_db

READ_ONLY = [Sitting, Deal, DealVersion, Transaction, Posting, Account]


@pytest.fixture
def played(club, one_deal_sitting):
    """The hand-settled sitting, with its deal corrected once (so there is a reversal)."""
    season, table = club.seasons.get(), club.tables.get()
    sitting = import_sitting(
        season=season, table=table, data=one_deal_sitting, date=datetime.date(2026, 10, 1), create_members=True
    )
    corrected = one_deal_sitting["deals"][0] | {"last_trick": "Carl"}
    correct_deal(sitting.deals.get(), corrected, reason="Carl tog sidste stik")
    return sitting


def url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def season_form(club, **changes) -> dict:
    data = {
        "club": club.pk,
        "name": "2027",
        "starts_on": "2027-01-01",
        "ends_on": "2027-12-31",
        "preset": "vlk-2010",
        "overrides": "{}",
        "point_value_ore": "1",
        "close": "split",
    }
    return data | changes


def test_every_changelist_and_object_page_opens_for_a_superuser(admin_client, played):
    for model in admin.site._registry:
        assert admin_client.get(url(model, "changelist")).status_code == 200, model
        obj = model.objects.first()
        if obj is not None:
            assert admin_client.get(url(model, "change", obj.pk)).status_code == 200, model


def test_changelists_show_deal_versions_and_postings_with_their_rules(admin_client, played):
    # Only this club's deals: a folder's demo club may be loaded before this test runs (conftest).
    club = played.season.club
    deals = admin_client.get(
        url(Deal, "changelist") + f"?sitting__season__club__id__exact={club.pk}", headers={"accept-language": "en"}
    ).text
    assert "Carl tog sidste stik" in deals  # the current version's reason

    postings = admin_client.get(url(Posting, "changelist")).text
    assert "last_trick" in postings and "001 L300" in postings

    versions = admin_client.get(url(DealVersion, "change", played.deals.get().current_version.pk)).text
    assert "&quot;last_trick&quot;: &quot;Carl&quot;" in versions


def test_account_balances_are_sums_of_postings(admin_client, played):
    response = admin_client.get(url(Account, "changelist"), headers={"accept-language": "en"})

    # Corrected, Carl took the last trick: Anna -70, Bent -60, Carl 0 before the split of
    # 65 + 65 (44 to Anna, the first dealer; 43 each to Bent and Carl). The ledger names an
    # account by its owner key and kind only; which member or table that is, is the club's.
    member = {m.name: f"member:{m.pk} (member)" for m in played.season.club.members.all()}
    table = f"table:{played.table_id}"
    owners = {f"member:{m.pk}" for m in played.season.club.members.all()} | {table}
    # Only this club's accounts: a folder's demo club may be loaded before this test runs (conftest).
    shown = {str(account): account.balance for account in response.context["cl"].result_list if account.owner in owners}
    assert shown == {
        member["Anna"]: -26,
        member["Bent"]: -17,
        member["Carl"]: 43,
        f"{table} (pagat_cup)": 0,
        f"{table} (king_cup)": 0,
    }


@pytest.mark.parametrize("model", READ_ONLY)
def test_play_and_money_cannot_be_added_changed_or_deleted(admin_client, played, model):
    obj = model.objects.first()
    count = model.objects.count()

    assert admin_client.get(url(model, "add")).status_code == 403
    assert admin_client.post(url(model, "add"), {}).status_code == 403
    assert admin_client.post(url(model, "change", obj.pk), {}).status_code == 403
    assert admin_client.get(url(model, "delete", obj.pk)).status_code == 403
    assert admin_client.post(url(model, "delete", obj.pk), {"post": "yes"}).status_code == 403
    changelist = admin_client.get(url(model, "changelist")).text
    assert "delete_selected" not in changelist
    assert model.objects.count() == count


def test_a_transaction_page_shows_its_postings_without_a_save_button(admin_client, played):
    txn = Transaction.objects.filter(entry__kind=LedgerEntry.Kind.REVERSAL, entry__sitting=played).get()

    page = admin_client.get(url(Transaction, "change", txn.pk)).text

    assert 'name="_save"' not in page
    assert "Carl tog sidste stik" in page  # the reversal's memo
    assert page.count("last_trick") >= 2  # the negated postings, inline


def test_season_overrides_are_checked_by_the_rules_engine(admin_client, club):
    response = admin_client.post(
        url(Season, "add"),
        season_form(club, overrides=json.dumps({"nolo": "lots", "jackpot": 5})),
        headers={"accept-language": "en"},
    )

    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["overrides"]
    assert errors == [
        "overrides.nolo: Expected a whole number of points, 0 or more.",
        "overrides.jackpot: 'jackpot' is not a rule parameter that can be overridden.",
    ]
    assert not Season.objects.filter(name="2027").exists()


def test_valid_overrides_are_saved(admin_client, club):
    response = admin_client.post(url(Season, "add"), season_form(club, overrides='{"nolo": 30}'))

    assert response.status_code == 302
    assert Season.objects.get(name="2027").ruleset().nolo == 30


def test_an_emptied_overrides_field_means_no_overrides(admin_client, club):
    response = admin_client.post(url(Season, "add"), season_form(club, overrides=""))

    assert response.status_code == 302
    assert Season.objects.get(name="2027").overrides == {}


def test_a_name_with_a_direction_control_is_refused(admin_client, club):
    """U+202E would show "Anna\u202e1202" as "Anna2021": names refuse the bidi controls."""
    response = admin_client.post(
        url(Season, "add"), season_form(club, name="Efterår\u202e7202"), headers={"accept-language": "en"}
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["name"] == [
        "The text contains an invisible direction control (U+202E), which would make it show differently "
        "from what it says."
    ]
    assert not club.seasons.filter(name__startswith="Efterår").exists()


def test_a_members_name_with_a_zero_width_space_is_refused(admin_client, club):
    response = admin_client.post(
        url(Member, "add"),
        {"club": club.pk, "name": "Ib\u200b", "role": "member", "email": "", "active": "on"},
        headers={"accept-language": "en"},
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["name"] == [
        "The name contains an invisible formatting character (U+200B), which would make it look like another name."
    ]
    assert not club.members.filter(name__startswith="Ib").exists()


def test_a_season_with_sittings_keeps_its_rules(admin_client, club, played):
    season = club.seasons.get()
    page = admin_client.get(url(Season, "change", season.pk))
    assert set(page.context["adminform"].form.fields) == {"name", "starts_on", "ends_on", "point_value_ore", "close"}

    response = admin_client.post(
        url(Season, "change", season.pk),
        season_form(
            club,
            name="2026 (efterår)",
            starts_on="2026-01-01",
            ends_on="2026-12-31",
            preset="ensartede",
            overrides='{"nolo": 99}',
        ),
    )

    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.preset, season.overrides) == ("2026 (efterår)", "vlk-2010", {})


def test_a_hungarian_season_with_overrides_is_saved(admin_client, club):
    form = season_form(club, preset="paskievics", overrides='{"pot": true, "no_game_pot": 2}', close="carry")
    response = admin_client.post(url(Season, "add"), form)

    assert response.status_code == 302
    season = Season.objects.get(name="2027")
    assert (season.ruleset().pot, season.ruleset().no_game_pot) == (True, 2)


def test_bad_hungarian_overrides_get_the_hungarian_messages(admin_client, club):
    response = admin_client.post(
        url(Season, "add"),
        season_form(club, preset="paskievics", overrides=json.dumps({"pot": "yes", "nolo": 30})),
        headers={"accept-language": "en"},
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["overrides"] == [
        "overrides.pot: 'yes' is not a value of pot: expected true or false.",
        "overrides.nolo: 'nolo' is not a parameter of paskievics that a club can change.",
    ]
    assert not Season.objects.filter(name="2027").exists()
