"""The API's office: officials write members, seasons and tables (`access.MANAGE`); everyone else
in the club is refused with 403, another club's objects are 404; refusals are {"errors": [...]}.

The two clubs of tests/conftest.py: "a"'s admin Anna, scorer Bent, plain member Carl.
"""

from __future__ import annotations

import pytest

from club.models import Member, Season, Table

pytestmark = pytest.mark.django_db


def test_an_official_adds_and_edits_a_member(two_clubs, api):
    a = two_clubs["a"]
    client = api(a.users["admin"])
    created = client.post(
        "/api/members/", {"club": a.club.pk, "name": "Hanne", "email": "Hanne@Example.org"}, format="json"
    )

    assert created.status_code == 201, created.json()
    hanne = Member.objects.get(pk=created.json()["id"])
    assert (hanne.name, hanne.role, hanne.email, hanne.user.username) == (
        "Hanne",
        "member",
        "hanne@example.org",
        "hanne@example.org",
    )

    edited = client.patch(f"/api/members/{hanne.pk}/", {"role": "scorer", "active": False}, format="json")
    assert edited.status_code == 200
    assert edited.json() | {"id": 0} == {
        "id": 0,
        "club": a.club.pk,
        "name": "Hanne",
        "role": "scorer",
        "active": False,
        "language": "",
    }


def test_a_members_language_is_read_and_written(two_clubs, api):
    """A member's own language for his mail and statements: da, en, hu or sl, or "" for the club's."""
    a = two_clubs["a"]
    client = api(a.users["admin"])
    created = client.post("/api/members/", {"club": a.club.pk, "name": "Ilona", "language": "hu"}, format="json")
    assert (created.status_code, created.json()["language"]) == (201, "hu")
    ilona = created.json()["id"]

    assert client.get(f"/api/members/{ilona}/").json()["language"] == "hu"
    assert client.patch(f"/api/members/{ilona}/", {"name": "Ilona K."}, format="json").json()["language"] == "hu"
    assert client.patch(f"/api/members/{ilona}/", {"language": ""}, format="json").json()["language"] == ""
    assert Member.objects.get(pk=ilona).language == ""

    refused = client.patch(f"/api/members/{ilona}/", {"language": "de"}, format="json")
    assert refused.status_code == 400
    assert [(e["field"], e["code"]) for e in refused.json()["errors"]] == [("language", "invalid")]
    assert Member.objects.get(pk=ilona).language == ""


@pytest.mark.parametrize("role", ["scorer", "member"])
def test_a_non_official_is_refused(two_clubs, api, role):
    a = two_clubs["a"]
    client = api(a.users[role])
    assert client.post("/api/members/", {"club": a.club.pk, "name": "Hanne"}, format="json").status_code == 403
    assert client.patch(f"/api/tables/{a.free_table.pk}/", {"name": "X"}, format="json").status_code == 403
    assert not Member.objects.filter(name="Hanne").exists()
    assert Table.objects.get(pk=a.free_table.pk).name == "Bord 2"


def test_another_clubs_objects_are_404(two_clubs, api):
    client = api(two_clubs["b"].users["admin"])
    a = two_clubs["a"]
    assert client.post("/api/members/", {"club": a.club.pk, "name": "Hanne"}, format="json").status_code == 404
    assert client.patch(f"/api/members/{a.members['Carl'].pk}/", {"name": "X"}, format="json").status_code == 404


def test_refusals_are_an_error_list(two_clubs, api):
    a = two_clubs["a"]
    client = api(a.users["admin"])
    taken = client.post("/api/members/", {"club": a.club.pk, "name": "carl"}, format="json")
    assert taken.status_code == 400
    assert taken.json() == {
        "errors": [{"field": "name", "code": "refused", "message": "The club already has a member called carl."}]
    }
    bad = client.post("/api/members/", {"club": a.club.pk, "name": "", "role": "king"}, format="json")
    assert bad.status_code == 400
    assert {(e["field"], e["code"]) for e in bad.json()["errors"]} == {("name", "invalid"), ("role", "invalid")}


def test_a_season_with_the_pot_and_a_refused_override(two_clubs, api):
    a = two_clubs["a"]
    client = api(a.users["admin"])
    body = {
        "club": a.club.pk,
        "name": "Tirsdage",
        "starts_on": "2026-09-01",
        "ends_on": "2027-05-31",
        "preset": "paskievics",
        "overrides": {"pot": True},
        "point_value_ore": 10,
    }
    created = client.post("/api/seasons/", body, format="json")
    assert created.status_code == 201, created.json()
    assert Season.objects.get(name="Tirsdage").overrides == {"pot": True}

    refused = client.post("/api/seasons/", body | {"name": "Onsdage", "overrides": {"nolo": 30}}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "nolo"
    assert not Season.objects.filter(name="Onsdage").exists()


def test_a_season_with_deals_keeps_its_rules(two_clubs, api):
    a = two_clubs["a"]
    answer = api(a.users["admin"]).patch(f"/api/seasons/{a.season.pk}/", {"overrides": {"nolo": 30}}, format="json")
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "preset"


def test_tables_are_added_renamed_and_retired(two_clubs, api):
    a = two_clubs["a"]
    client = api(a.users["admin"])
    created = client.post("/api/tables/", {"club": a.club.pk, "name": "Vinduesbordet"}, format="json")
    assert created.status_code == 201
    table_id = created.json()["id"]
    assert (
        client.patch(f"/api/tables/{table_id}/", {"name": "Kakkelovnen", "active": False}, format="json").status_code
        == 200
    )
    table = Table.objects.get(pk=table_id)
    assert (table.name, table.active) == ("Kakkelovnen", False)
    busy = client.patch(f"/api/tables/{a.open_table.pk}/", {"active": False}, format="json")
    assert busy.status_code == 400
    assert busy.json()["errors"][0]["message"] == "Bord 1 has an open sitting; close it first."


def test_a_name_longer_than_its_limit_is_refused_as_sent_not_as_trimmed(two_clubs, api):
    """The schema's maxLength (60) counts what was sent: a 61-character name whose first character
    is whitespace Python would strip is refused, and the member keeps his name."""
    a = two_clubs["a"]
    carl = a.members["Carl"]
    answer = api(a.users["admin"]).patch(f"/api/members/{carl.pk}/", {"name": "\x1f" + "C" * 60}, format="json")
    assert answer.status_code == 400
    assert answer.json()["errors"] == [
        {"field": "name", "code": "invalid", "message": "Ensure this field has no more than 60 characters."}
    ]
    carl.refresh_from_db()
    assert carl.name == "Carl"
