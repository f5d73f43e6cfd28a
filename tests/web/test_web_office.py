"""The officials' pages: members, seasons and tables of Nordvest Tarok (tests/web/conftest.py).

Anna is the club admin; Bent scores; Erik is a plain member. The evening of table_evening.py
leaves, at 1 øre a point (vlk-2010's own value), Anna −130 øre, Bent −10, Carl +165, Dorte −305.
"""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import translation

from club import inputs
from club.models import Member, Season, Table
from club.services import members as office
from club.services import seasons
from club.services.office import OfficeError


@pytest.fixture
def anna(as_member):
    return as_member("Anna")


def url(name: str, club, *args) -> str:
    return reverse(name, args=[club.slug, *args])


def test_the_members_list_shows_each_saldo_in_kroner_and_the_last_sitting(anna, club, played, today):
    page = anna.get(url("office_members", club))

    assert page.status_code == 200
    rows = {row.member.name: (row.saldo_ore, row.last_sitting) for row in page.context["rows"]}
    assert rows == {
        "Anna": (-130, today),
        "Bent": (-10, today),
        "Carl": (165, today),
        "Dorte": (-305, today),
        "Erik": (0, None),
    }
    assert "\u22121.30 kr." in page.content.decode()  # English page: −1.30 kr.


def test_a_plain_member_and_a_scorer_are_refused(as_member, club):
    assert as_member("Erik").get(url("office_members", club)).status_code == 403
    assert as_member("Bent").post(url("office_member_new", club), {"name": "Olga"}).status_code == 403
    assert not Member.objects.filter(name="Olga").exists()


def test_add_a_member_with_an_email_gives_him_a_login(anna, club):
    response = anna.post(
        url("office_member_new", club), {"name": " Frida  Holm ", "email": "Frida@Example.org", "role": "scorer"}
    )

    assert response.status_code == 302
    frida = Member.objects.get(club=club, name="Frida Holm")
    assert (frida.role, frida.email, frida.user.username) == ("scorer", "frida@example.org", "frida@example.org")
    assert not frida.user.has_usable_password()


def test_add_a_member_without_email_and_a_taken_name(anna, club):
    assert anna.post(url("office_member_new", club), {"name": "Gorm", "role": "member"}).status_code == 302
    assert Member.objects.get(name="Gorm").user is None
    again = anna.post(url("office_member_new", club), {"name": "gorm", "role": "member"})
    assert again.status_code == 200
    assert again.context["form"].errors["name"] == ["The club already has a member called gorm."]


@pytest.mark.parametrize("invisible", ["\u200b", "\u200e", "\u200f", "\u061c", "\ufeff", "\u00ad", "\u2060"])
def test_a_name_with_an_invisible_format_character_is_refused(anna, club, invisible):
    page = anna.post(url("office_member_new", club), {"name": f"Ib{invisible}", "role": "member"})

    assert page.status_code == 200
    code = f"U+{ord(invisible):04X}"
    assert page.context["form"].errors["name"] == [
        f"The name contains an invisible formatting character ({code}), which would make it look like another name."
    ]
    assert not Member.objects.filter(club=club, name__startswith="Ib").exists()


@pytest.mark.parametrize(
    "blank", ["\u3164", "\u115f", "\uffa0", "\u034f", "\ufe0f", "\u180b", "\U000e0100", "\u17b4", "\u2800"]
)
def test_a_name_with_a_character_that_shows_as_nothing_is_refused(anna, club, blank):
    """L3: a default-ignorable code point that is no format character (a Hangul filler is a letter,
    a variation selector a mark) is refused as well, and blocks no look-alike that was stored
    before: the club compares names without them."""
    page = anna.post(url("office_member_new", club), {"name": f"Ib{blank}", "role": "member"})

    assert page.status_code == 200
    assert page.context["form"].errors["name"] == [
        f"The name contains a character that shows as nothing (U+{ord(blank):04X}), which would make it look like"
        " another name."
    ]
    Member.objects.create(club=club, name=f"Ib{blank}")  # written before names refused it
    with translation.override("en"), pytest.raises(OfficeError, match="already has a member called ib"):
        office.add_member(club, name="ib")


INVISIBLE = "The name contains an invisible formatting character (U+200B), which would make it look like another name."


@pytest.mark.parametrize(
    ("second", "refusal"),
    [
        ("IB", "The club already has a member called IB."),
        ("ib", "The club already has a member called ib."),
        ("Ｉｂ", "The club already has a member called Ｉｂ."),  # fullwidth: NFKC reads it as Ib
        ("ib\u200b", INVISIBLE),
        ("\u200bIb", INVISIBLE),
        # L3: a confusables skeleton after Unicode TR39: accents, and Cyrillic or Greek look-alikes.
        ("Íb", "The club already has a member called Íb."),
        ("I\u0301b", "The club already has a member called I\u0301b."),  # I and a combining acute
        (
            "\u0406b",
            "The club already has a member called \u0406b.",
        ),  # CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I
        ("\u0399b", "The club already has a member called \u0399b."),  # GREEK CAPITAL LETTER IOTA
        ("\u0456b", "The club already has a member called \u0456b."),  # CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I
    ],
)
def test_two_names_that_differ_only_by_case_or_invisible_characters_cannot_coexist(club, second, refusal):
    office.add_member(club, name="Ib")
    with translation.override("en"), pytest.raises(OfficeError) as refused:
        office.add_member(club, name=second)
    assert refused.value.errors == {"name": [refusal]}
    newcomers = Member.objects.filter(club=club).exclude(name__in=["Anna", "Bent", "Carl", "Dorte", "Erik"])
    assert list(newcomers.values_list("name", flat=True)) == ["Ib"]


def test_an_old_name_with_a_zero_width_space_blocks_its_look_alike(club, members):
    # Written before names refused format characters: the check still sees it as "Erik".
    Member.objects.filter(pk=members["Erik"].pk).update(name="Erik\u200b")
    with pytest.raises(OfficeError):
        office.add_member(club, name="erik")
    office.edit_member(members["Erik"], name="Erik", email="", role="member")
    assert Member.objects.get(pk=members["Erik"].pk).name == "Erik"


def test_names_that_only_look_alike_to_a_skeleton_stay_apart_where_they_differ(club):
    """L3: the skeleton reads look-alikes as one name, and no more: "Søren" (ø is a letter of its
    own) and "Soren" are two names, as are "Ib" and "Ivan"."""
    for name in ("Søren", "Soren", "Ivan", "Ib"):
        office.add_member(club, name=name)
    assert {inputs.name_key(name) for name in ("Søren", "Soren", "Ib", "Іb", "Ιb")} == {"søren", "soren", "ib"}


def test_two_look_alikes_stored_before_keep_their_names_when_edited(club, members):
    """A look-alike written before the skeleton stands beside "Erik": editing either without a new
    name is no refusal; renaming into the other still is."""
    Member.objects.filter(pk=members["Dorte"].pk).update(name="Еrik")  # Cyrillic Е
    office.edit_member(members["Erik"], name="Erik", email="", role="scorer")
    office.edit_member(Member.objects.get(pk=members["Dorte"].pk), name="Еrik", email="", role="scorer")
    with translation.override("en"), pytest.raises(OfficeError, match="already has a member called ERIK"):
        office.edit_member(members["Bent"], name="ERIK", email="", role="member")
    edited = Member.objects.filter(pk__in=[members["Erik"].pk, members["Dorte"].pk]).order_by("pk")
    assert list(edited.values_list("name", "role")) == [("Еrik", "scorer"), ("Erik", "scorer")]


def test_edit_a_member(anna, club, members):
    erik = members["Erik"]
    response = anna.post(
        url("office_member_edit", club, erik.pk), {"name": "Erik B", "email": "erik@example.org", "role": "scorer"}
    )
    assert response.status_code == 302
    erik.refresh_from_db()
    assert (erik.name, erik.email, erik.role, erik.user.username) == (
        "Erik B",
        "erik@example.org",
        "scorer",
        "erik@example.org",
    )


def test_the_last_admin_stays(anna, club, members):
    anna_member = members["Anna"]
    demoted = anna.post(url("office_member_edit", club, anna_member.pk), {"name": "Anna", "role": "member"})
    assert demoted.context["form"].errors["role"] == ["Anna is the club's last admin."]
    anna.post(url("office_member_active", club, anna_member.pk), {"active": "0"})
    assert Member.objects.get(pk=anna_member.pk).active


def test_deactivate_and_reactivate(anna, club, members):
    erik = members["Erik"]
    anna.post(url("office_member_active", club, erik.pk), {"active": "0"})
    assert not Member.objects.get(pk=erik.pk).active
    anna.post(url("office_member_active", club, erik.pk), {"active": "1"})
    assert Member.objects.get(pk=erik.pk).active


def test_a_member_at_an_open_sitting_stays_active(anna, club, members, sitting):
    page = anna.post(url("office_member_active", club, members["Bent"].pk), {"active": "0"}, follow=True)
    assert "Bent sits at an open sitting." in page.content.decode()
    assert Member.objects.get(pk=members["Bent"].pk).active


def test_invite_by_email(anna, club, send_queued_mail):
    office.add_member(club, name="Frida", email="frida@example.org")
    frida = Member.objects.get(name="Frida")
    anna.post(url("office_member_invite", club, frida.pk))
    send_queued_mail()
    (message,) = mail.outbox
    assert message.to == ["frida@example.org"]
    assert "http://testserver/password/set/" in message.body


# --- seasons -------------------------------------------------------------------------------------


def season_body(**values) -> dict:
    return {
        "name": "Forår 2027",
        "starts_on": "2027-01-01",
        "ends_on": "2027-06-30",
        "preset": "vlk-2010",
        "point_value_ore": "5",
        "close": "carry",
    } | values


def form_defaults(client, club, preset: str) -> dict:
    """What the new-season form of `preset` holds before anyone types (unticked boxes are not sent)."""
    form = client.get(url("office_season_new", club) + f"?preset={preset}").context["form"]
    return {f.html_name: f.initial for f in form.parameter_fields() if f.initial is not False}


def test_the_season_form_has_a_labelled_field_per_parameter_with_default_meaning_and_seed_line(anna, club):
    page = anna.get(url("office_season_new", club) + "?preset=vlk-2010")
    html = page.content.decode()

    assert "Nolo, from each" in html
    assert "The rule set&#x27;s own: 25 · 001 L311" in html
    assert "Fine: revoke" in html and "The rule set&#x27;s own: 40 · 001 L295–L296" in html
    assert "{" not in page.context["form"]["p_nolo"].value().__str__()


def test_a_vlk_season_keeps_only_what_differs_from_the_preset(anna, club):
    body = season_body() | form_defaults(anna, club, "vlk-2010") | {"p_nolo": "30", "p_fines__revoke": "20"}
    response = anna.post(url("office_season_new", club), body)

    assert response.status_code == 302, response.context["form"].errors
    season = Season.objects.get(name="Forår 2027")
    assert (season.preset, season.point_value_ore, season.close) == ("vlk-2010", 5, "carry")
    assert season.overrides == {"nolo": 30, "fines": {"revoke": 20}}


def test_a_paskievics_season_with_the_pot(anna, club):
    html = anna.get(url("office_season_new", club) + "?preset=paskievics").content.decode()
    assert "ultimókassza — Keep an ultimókassza (pot) at the table" in html
    body = season_body(name="Keddene", preset="paskievics") | form_defaults(anna, club, "paskievics")
    body |= {"p_pot": "on", "p_pot_fund": "10"}
    assert anna.post(url("office_season_new", club), body).status_code == 302
    assert Season.objects.get(name="Keddene").overrides == {"pot": True, "pot_fund": 10}


def test_a_bad_value_is_refused_on_its_field(anna, club):
    body = season_body(preset="tapper") | form_defaults(anna, club, "tapper") | {"p_deck": "53"}
    page = anna.post(url("office_season_new", club), body)
    assert page.status_code == 200
    assert "p_deck" in page.context["form"].errors
    assert not Season.objects.filter(name="Forår 2027").exists()


def test_a_season_with_deals_keeps_its_rules(anna, club, season, played):
    body = season_body(name="Vinter", preset="vlk-2010", starts_on=str(season.starts_on), ends_on=str(season.ends_on))
    body |= {"point_value_ore": "1", "close": "split", "p_nolo": "30"}
    # The rule fields are disabled: what a browser sends for them is not read.
    assert anna.post(url("office_season_edit", club, season.pk), body).status_code == 302
    season.refresh_from_db()
    assert season.overrides == {} and season.point_value_ore == 1
    # The name and how a sitting ends still change.
    renamed = anna.post(url("office_season_edit", club, season.pk), body | {"name": "Vinter 26", "close": "carry"})
    assert renamed.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.close, season.overrides) == ("Vinter 26", "carry", {})


# --- tables --------------------------------------------------------------------------------------


def test_add_rename_and_retire_a_table(anna, club, table, today):
    assert anna.post(url("office_tables", club), {"name": "Vinduesbordet"}).status_code == 302
    window = Table.objects.get(club=club, name="Vinduesbordet")
    anna.post(url("office_table_rename", club, window.pk), {"name": "Kakkelovnen"})
    window.refresh_from_db()
    assert window.name == "Kakkelovnen"
    anna.post(url("office_table_active", club, window.pk), {"active": "0"})
    window.refresh_from_db()
    assert not window.active
    start = anna.get(url("sitting_new", club))
    assert list(start.context["form"].fields["table"].queryset) == [table]


def test_a_table_with_an_open_sitting_is_not_retired(anna, club, table, sitting):
    page = anna.post(url("office_table_active", club, table.pk), {"active": "0"}, follow=True)
    assert "Bord 1 has an open sitting; close it first." in page.content.decode()
    table.refresh_from_db()
    assert table.active


def test_dates_are_checked(anna, club):
    body = season_body(starts_on="2027-06-30", ends_on="2027-01-01") | form_defaults(anna, club, "vlk-2010")
    page = anna.post(url("office_season_new", club), body)
    assert page.context["form"].errors["ends_on"] == ["The season ends before it starts."]
    assert not Season.objects.filter(name="Forår 2027").exists()


def _save_as_it_is(season, **changes):
    fields = {"name": season.name, "starts_on": season.starts_on, "ends_on": season.ends_on}
    fields |= {"preset": season.preset, "overrides": season.overrides, "point_value_ore": season.point_value_ore}
    return seasons.save_season(season.club, season=season, **(fields | {"close": season.close} | changes))


def test_the_service_refuses_new_rules_for_a_season_with_a_sitting(club, season, sitting):
    """A sitting without deals already holds the funding its season's rules settled."""
    with translation.override("en"), pytest.raises(OfficeError) as refused:
        seasons.save_season(
            club,
            season=season,
            name=season.name,
            starts_on=season.starts_on,
            ends_on=season.ends_on,
            preset="vlk-2010",
            values={"nolo": 30},
            point_value_ore=1,
            close="split",
        )
    assert refused.value.errors == {"preset": ["The season has sittings: its rules and point value no longer change."]}
    with translation.override("en"), pytest.raises(OfficeError) as refused:
        _save_as_it_is(season, point_value_ore=100)
    assert refused.value.errors == {"preset": ["The season has sittings: its rules and point value no longer change."]}
    season.refresh_from_db()
    assert (season.overrides, season.point_value_ore) == ({}, 1)


def test_a_played_season_still_changes_its_name_and_how_a_sitting_ends(club, season, played):
    _save_as_it_is(season, name="Forår", close="carry")
    season.refresh_from_db()
    assert (season.name, season.close, season.point_value_ore) == ("Forår", "carry", 1)


def test_the_databases_refusal_is_the_offices_refusal(anna, club, season, sitting, monkeypatch):
    """A sitting started between the service's check and its write: the database's guard
    refuses, and the official reads the service's own words, never a 500."""
    monkeypatch.setattr(seasons, "has_sittings", lambda season: False)
    with translation.override("en"), pytest.raises(OfficeError) as refused:
        _save_as_it_is(season, point_value_ore=100)
    assert refused.value.errors == {"preset": ["The season has sittings: its rules and point value no longer change."]}
    answer = anna.patch(
        f"/api/seasons/{season.pk}/",
        {"point_value_ore": 100},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "errors": [
            {
                "field": "preset",
                "code": "refused",
                "message": "The season has sittings: its rules and point value no longer change.",
            }
        ]
    }
    season.refresh_from_db()
    assert season.point_value_ore == 1
