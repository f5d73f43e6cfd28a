"""No cache keeps or shares a page that belongs to a signed-in requester: every answer to a
request with a session (a page, a statement's PDF, a CSV, a redirect, a refusal) says
`Cache-Control: private, no-store`. Static files answer before sessions and keep their own long
caching.

The routes are those of the web's authorization matrix (tests/web/test_web_authorization.py),
which `test_the_matrix_covers_every_web_route` ties to the URLconf: a new page is checked here too.
"""

from __future__ import annotations

import pytest
from django.templatetags.static import static
from django.urls import reverse

from test_web_authorization import PAGES, Page, expected_status


def directives(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


def fetch(client, page: Page, world):
    return getattr(client, page.method)(page.url(world), page.body(world) if page.body else {}, headers=page.headers)


@pytest.mark.parametrize("page", PAGES, ids=[f"{p.name}-{p.method}" for p in PAGES])
def test_every_page_for_a_signed_in_member_is_private_and_never_stored(two_clubs, client, page):
    """Club a's admin may open every page of his club: each answer is the page itself."""
    client.force_login(two_clubs["a"].users["admin"])

    response = fetch(client, page, two_clubs["a"])

    assert response.status_code == expected_status(page, "a", "admin", "a")
    assert {"private", "no-store"} <= directives(response), response.get("Cache-Control")


@pytest.mark.parametrize(
    ("name", "status"),
    [("member-statement", 200), ("member-statement-pdf", 200), ("member-postings-csv", 200), ("office_members", 403)],
)
def test_a_members_own_statement_and_his_refusals_are_private(two_clubs, client, name, status):
    client.force_login(two_clubs["a"].users["member"])  # Carl
    page = next(p for p in PAGES if p.name == name and p.method == "get")

    response = fetch(client, page, two_clubs["a"])

    assert response.status_code == status
    assert {"private", "no-store"} <= directives(response)


def test_another_clubs_page_is_private_too(two_clubs, client):
    client.force_login(two_clubs["b"].users["admin"])

    response = client.get(reverse("member-postings-csv", args=[two_clubs["a"].club.slug, 1]))

    assert response.status_code == 404
    assert {"private", "no-store"} <= directives(response)


def test_a_page_for_an_anonymous_visitor_keeps_its_own_caching(client):
    """The offline page and the service worker show nobody's data."""
    assert "Cache-Control" not in client.get(reverse("offline"))
    assert client.get(reverse("service_worker"))["Cache-Control"] == "no-cache"


def test_a_static_file_keeps_its_own_caching_for_a_signed_in_member(two_clubs, client):
    client.force_login(two_clubs["a"].users["admin"])

    response = client.get(static("club/site.css"))

    assert response.status_code == 200
    assert "private" not in directives(response) and "no-store" not in directives(response)
