"""Query strings and bodies the schema forbids answer 400 (415 for a body that is not JSON) and
write nothing: DRF alone would read `?page=last`, skip an empty filter, take the last of two
values, and read "1" as 1 or "yes" as true."""

from __future__ import annotations

import pytest

from club.models import Table


@pytest.fixture
def admin(api, two_clubs):
    return api(two_clubs["a"].users["admin"])


@pytest.mark.parametrize(
    "query",
    [
        "page=last",
        "page=0",
        "page_size=501",
        "page_size=",
        "sitting=",
        "sitting=0",
        "sitting=1&sitting=2",
        "sitting=1.0",
    ],
)
def test_a_query_value_outside_the_schema_answers_400(admin, query):
    response = admin.get(f"/api/deals/?{query}")
    assert response.status_code == 400
    name = query.split("=")[0]
    assert response.json() == {name: ["Expected a whole number."]}


def test_query_values_inside_the_schema_are_read(admin, two_clubs):
    sitting = two_clubs["a"].open_sitting
    response = admin.get(f"/api/deals/?sitting={sitting.pk}&page=1&page_size=500")
    assert (response.status_code, [d["sitting"] for d in response.json()["results"]]) == (200, [sitting.pk])


@pytest.mark.parametrize("body", [{"club": "CLUB", "name": "Bord 9"}, {"club": True, "name": "Bord 9"}, {"name": 9}])
def test_a_body_value_of_another_json_type_is_refused_and_nothing_written(admin, two_clubs, body):
    # "CLUB": club a's id as a string, which DRF alone would read as the id.
    body = {name: str(two_clubs["a"].club.pk) if value == "CLUB" else value for name, value in body.items()}
    body.setdefault("club", two_clubs["a"].club.pk)
    before = Table.objects.count()
    response = admin.post("/api/tables/", body, format="json")
    assert response.status_code == 400
    assert Table.objects.count() == before


def test_a_table_is_still_added_with_json_types(admin, two_clubs):
    response = admin.post("/api/tables/", {"club": two_clubs["a"].club.pk, "name": "Bord 9"}, format="json")
    assert (response.status_code, response.json()["name"]) == (201, "Bord 9")


def test_a_form_body_answers_415(admin, two_clubs):
    response = admin.post("/api/tables/", {"club": two_clubs["a"].club.pk, "name": "Bord 9"}, format="multipart")
    assert response.status_code == 415


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("/api/deals/", "sitting_id=3"),  # a typo that would list every deal of the clubs
        ("/api/deals/", "=null"),
        ("/api/sittings/", "seasn=1"),
        ("/api/members/", "format=json"),
    ],
)
def test_a_query_parameter_the_operation_does_not_read_answers_400_naming_it(admin, path, query):
    response = admin.get(f"{path}?{query}")
    name = query.split("=")[0] or "?"
    assert response.status_code == 400
    assert list(response.json()) == [name]
    assert response.json()[name][0].startswith("No such query parameter: this operation reads ")


def test_a_sittings_deals_read_their_pages_and_no_other_parameter(admin, two_clubs):
    sitting = two_clubs["a"].open_sitting
    assert admin.get(f"/api/sittings/{sitting.pk}/deals/?page=1&page_size=2").status_code == 200
    response = admin.get(f"/api/sittings/{sitting.pk}/deals/?sitting=1")
    assert (response.status_code, response.json()) == (
        400,
        {"sitting": ["No such query parameter: this operation reads page, page_size."]},
    )


def test_recording_a_deal_with_a_parameter_it_does_not_read_is_refused_in_the_error_list(admin, two_clubs):
    from club.models import Deal

    w = two_clubs["a"]
    before = Deal.objects.count()
    response = admin.post(f"/api/sittings/{w.open_sitting.pk}/deals/?numbr=2", w.open_deal_2, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "deal": None,
            "field": "numbr",
            "code": "unknown",
            "message": "No such query parameter: this operation reads number.",
            "message_da": "Ingen sådan forespørgselsparameter: denne handling læser number.",
        }
    ]
    assert Deal.objects.count() == before
