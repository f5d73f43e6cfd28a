"""No cache between the API and its client keeps or shares what belongs to a requester."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


def vary(response) -> set[str]:
    return {name.strip() for name in response["Vary"].split(",")}


@pytest.mark.parametrize("authentication", ["token", "session"])
def test_an_authenticated_answer_is_private_and_varies_with_the_requester(two_clubs, authentication):
    carl = two_clubs["a"].members["Carl"]
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if authentication == "token":
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=carl.user).key}")
    else:
        client.force_login(carl.user)

    for url in (f"/api/members/{carl.pk}/balance/", "/api/clubs/", "/api/no-such-thing/"):
        response = client.get(url)
        assert response["Cache-Control"] == "private, no-store", url
        assert {"Authorization", "Cookie"} <= vary(response), url


def test_an_anonymous_answer_varies_with_the_requester_too(two_clubs, api):
    """A 401 cached for anyone would be served to the member who sends a token."""
    response = api(None).get("/api/clubs/")

    assert response.status_code == 401
    assert {"Authorization", "Cookie"} <= vary(response)
    assert "Cache-Control" not in response
