"""/api/ itself: where the schema, its viewers and each top-level resource are."""

from __future__ import annotations


def test_the_api_root_lists_its_links_without_a_token(two_clubs, api):
    response = api(None).get("/api/")

    assert (response.status_code, response["Content-Type"]) == (200, "application/json")
    base = "http://testserver/api/"
    assert response.json() == {
        "schema": base + "schema/",
        "docs": base + "docs/",
        "redoc": base + "redoc/",
        "clubs": base + "clubs/",
        "members": base + "members/",
        "seasons": base + "seasons/",
        "tables": base + "tables/",
        "sittings": base + "sittings/",
        "deals": base + "deals/",
    }
    for link in response.json().values():  # every link answers: the viewers to anyone, the data to a member
        assert api(two_clubs["a"].users["member"]).get(link.removeprefix("http://testserver")).status_code == 200
