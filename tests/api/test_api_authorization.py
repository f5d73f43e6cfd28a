"""Every role × every endpoint × own club and another club, with the exact status expected.

The requester is one of club a's admin (Anna), scorer (Bent) or member (Carl), anonymous, or
club b's admin; the endpoint is built from club a's objects ("own") or club b's ("other").
Another club's objects answer 404, never 403, so their existence is not revealed. Lists take
no object, so they answer 200 to everyone logged in (what they list is tested in test_api_reads).
The clubs are built once for the module; each case rolls back what it wrote, so a POST in one
case never changes another.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

import pytest

ROLES = ("admin", "scorer", "member")
EVERYONE_READS = (200, 200, 200)
NOT_FOUND = (404, 404, 404)
OFFICIAL = (200, 403, 403)  # the club admin runs the office
OFFICIAL_201 = (201, 403, 403)
NEW_SEASON = {"name": "Vår 2027", "starts_on": "2027-01-01", "ends_on": "2027-06-30", "preset": "magyar"}


def carls_payment(w):
    """A payment of Carl's, made for the case (rolled back with it)."""
    from club.models import Payment
    from club.services import payments

    found = Payment.objects.filter(member=w.members["Carl"], reverses=None).first()
    if found is None:
        found = payments.record_payment(
            w.club,
            member=w.members["Carl"],
            direction="in",
            amount_ore=40,
            method="cash",
            paid_on=datetime.date(2026, 3, 20),
        )
    return found


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    url: Callable[..., str]
    body: Callable[..., dict] | None = None
    own: tuple[int, int, int] = EVERYONE_READS  # admin, scorer, member of the object's club
    other: tuple[int, int, int] = NOT_FOUND  # admin, scorer, member of another club
    anonymous: int = 401


ENDPOINTS = [
    Endpoint("clubs-list", "get", lambda w: "/api/clubs/", other=EVERYONE_READS),
    Endpoint("club", "get", lambda w: f"/api/clubs/{w.club.pk}/"),
    Endpoint("members-list", "get", lambda w: "/api/members/", other=EVERYONE_READS),
    Endpoint("member", "get", lambda w: f"/api/members/{w.members['Carl'].pk}/"),
    Endpoint("member-balance", "get", lambda w: f"/api/members/{w.members['Carl'].pk}/balance/", own=(200, 403, 200)),
    Endpoint(
        "member-statement",
        "get",
        lambda w: f"/api/members/{w.members['Carl'].pk}/statements/2026-03.pdf",
        own=(200, 403, 200),
    ),
    Endpoint("seasons-list", "get", lambda w: "/api/seasons/", other=EVERYONE_READS),
    Endpoint("season", "get", lambda w: f"/api/seasons/{w.season.pk}/"),
    Endpoint("season-standings", "get", lambda w: f"/api/seasons/{w.season.pk}/standings/"),
    Endpoint("tables-list", "get", lambda w: "/api/tables/", other=EVERYONE_READS),
    Endpoint("table", "get", lambda w: f"/api/tables/{w.open_table.pk}/"),
    Endpoint("sittings-list", "get", lambda w: "/api/sittings/", other=EVERYONE_READS),
    # Another club's season, table and members are unknown to the serializer: 400, as for ids
    # that do not exist. A member scores for no club at all: 403 before the body is read.
    Endpoint(
        "sitting-start",
        "post",
        lambda w: "/api/sittings/",
        lambda w: w.start_body(),
        own=(201, 201, 403),
        other=(400, 400, 403),
    ),
    Endpoint("sitting-sat-at", "get", lambda w: f"/api/sittings/{w.open_sitting.pk}/"),
    # Carl did not sit at the closed sitting: the score sheets are the whole club's (club.access).
    Endpoint("sitting-not-sat-at", "get", lambda w: f"/api/sittings/{w.closed_sitting.pk}/"),
    Endpoint("sitting-deals", "get", lambda w: f"/api/sittings/{w.open_sitting.pk}/deals/"),
    Endpoint(
        "sitting-record-deal",
        "post",
        lambda w: f"/api/sittings/{w.open_sitting.pk}/deals/",
        lambda w: w.open_deal_2,
        own=(201, 201, 403),
    ),
    Endpoint(
        "closed-sitting-record-deal",
        "post",
        lambda w: f"/api/sittings/{w.closed_sitting.pk}/deals/",
        lambda w: w.open_deal_2,
        own=(409, 409, 403),
    ),
    Endpoint(
        "sitting-close",
        "post",
        lambda w: f"/api/sittings/{w.open_sitting.pk}/close/",
        lambda w: {},
        own=(200, 200, 403),
    ),
    Endpoint("deals-list", "get", lambda w: "/api/deals/", other=EVERYONE_READS),
    Endpoint("deal-sat-at", "get", lambda w: f"/api/deals/{w.open_deal.pk}/"),
    Endpoint("deal-not-sat-at", "get", lambda w: f"/api/deals/{w.closed_deal.pk}/"),
    Endpoint(
        "deal-correct",
        "post",
        lambda w: f"/api/deals/{w.open_deal.pk}/corrections/",
        lambda w: {"record": w.open_deal_1_corrected, "reason": "Dorte took the last trick"},
        own=(201, 201, 403),
    ),
    Endpoint(
        "closed-deal-correct",
        "post",
        lambda w: f"/api/deals/{w.closed_deal.pk}/corrections/",
        lambda w: {"record": w.closed_deal_1_corrected, "reason": "Bent took the last trick"},
        own=(201, 201, 403),
    ),
    # The office: officials (the club admin) write members, seasons, tables and payments.
    Endpoint(
        "member-add",
        "post",
        lambda w: "/api/members/",
        lambda w: {"club": w.club.pk, "name": "Hanne"},
        own=OFFICIAL_201,
    ),
    Endpoint(
        "member-edit",
        "patch",
        lambda w: f"/api/members/{w.members['Carl'].pk}/",
        lambda w: {"name": "Carl"},
        own=OFFICIAL,
    ),
    Endpoint(
        "season-add", "post", lambda w: "/api/seasons/", lambda w: NEW_SEASON | {"club": w.club.pk}, own=OFFICIAL_201
    ),
    Endpoint(
        "season-edit", "patch", lambda w: f"/api/seasons/{w.season.pk}/", lambda w: {"name": "2026"}, own=OFFICIAL
    ),
    Endpoint(
        "table-add", "post", lambda w: "/api/tables/", lambda w: {"club": w.club.pk, "name": "Bord 9"}, own=OFFICIAL_201
    ),
    Endpoint(
        "table-edit", "patch", lambda w: f"/api/tables/{w.free_table.pk}/", lambda w: {"name": "Bord to"}, own=OFFICIAL
    ),
    Endpoint("payments-list", "get", lambda w: "/api/payments/", other=EVERYONE_READS),
    # Carl's payment: his and the admin's to read (the scorer's 403, as for Carl's balance).
    Endpoint("payment", "get", lambda w: f"/api/payments/{carls_payment(w).pk}/", own=(200, 403, 200)),
    Endpoint(
        "payment-add",
        "post",
        lambda w: "/api/payments/",
        lambda w: {
            "member": w.members["Carl"].pk,
            "direction": "in",
            "amount_ore": 40,
            "method": "cash",
            "paid_on": "2026-03-20",
        },
        own=OFFICIAL_201,
    ),
    Endpoint(
        "payment-reverse",
        "post",
        lambda w: f"/api/payments/{carls_payment(w).pk}/reverse/",
        lambda w: {"reason": "typed twice"},
        own=OFFICIAL_201,
    ),
    # The API's links, the schema and its viewers describe the API and hold no club's data: public.
    Endpoint("root", "get", lambda w: "/api/", other=EVERYONE_READS, anonymous=200),
    Endpoint("schema", "get", lambda w: "/api/schema/", other=EVERYONE_READS, anonymous=200),
    Endpoint("swagger-ui", "get", lambda w: "/api/docs/", other=EVERYONE_READS, anonymous=200),
    Endpoint("redoc", "get", lambda w: "/api/redoc/", other=EVERYONE_READS, anonymous=200),
]

# (requester, target club): club a's admin, scorer, member and an anonymous caller, then club
# b's admin, who is "another club's admin" towards club a and an admin at home in club b.
REQUESTERS = [("a", "admin"), ("a", "scorer"), ("a", "member"), (None, "anonymous"), ("b", "admin")]


def expected_status(endpoint: Endpoint, requester_club: str | None, role: str, target: str) -> int:
    if requester_club is None:
        return endpoint.anonymous
    statuses = endpoint.own if requester_club == target else endpoint.other
    return statuses[ROLES.index(role)]


@pytest.mark.parametrize("target", ["a", "b"], ids=["own-club", "other-club"])
@pytest.mark.parametrize(
    ("requester_club", "role"), REQUESTERS, ids=["admin", "scorer", "member", "anonymous", "other-club-admin"]
)
@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=[e.name for e in ENDPOINTS])
def test_status(two_clubs, api, endpoint, requester_club, role, target):
    user = two_clubs[requester_club].users[role] if requester_club else None
    objects = two_clubs[target]
    body = endpoint.body(objects) if endpoint.body else None
    response = getattr(api(user), endpoint.method)(endpoint.url(objects), body, format="json")
    assert response.status_code == expected_status(endpoint, requester_club, role, target), response.content[:300]


def test_the_matrix_covers_every_route_of_the_api():
    """A new endpoint must join the matrix: these are all the routes under /api/, each has rows above."""
    from club.api import urls

    assert {str(p.pattern) for p in urls.urlpatterns} == {
        "",
        "schema/",
        "docs/",
        "redoc/",
        r"^members/(?P<member_id>[0-9]{1,18})/statements/(?P<month>[0-9]{4}-[0-9]{2})\.pdf$",
        "^clubs/$",
        "^clubs/(?P<pk>[0-9]{1,18})/$",
        "^members/$",
        "^members/(?P<pk>[0-9]{1,18})/$",
        "^members/(?P<pk>[0-9]{1,18})/balance/$",
        "^seasons/$",
        "^seasons/(?P<pk>[0-9]{1,18})/$",
        "^seasons/(?P<pk>[0-9]{1,18})/standings/$",
        "^tables/$",
        "^tables/(?P<pk>[0-9]{1,18})/$",
        "^payments/$",
        "^payments/(?P<pk>[0-9]{1,18})/$",
        "^payments/(?P<pk>[0-9]{1,18})/reverse/$",
        "^sittings/$",
        "^sittings/(?P<pk>[0-9]{1,18})/$",
        "^sittings/(?P<pk>[0-9]{1,18})/close/$",
        "^sittings/(?P<pk>[0-9]{1,18})/deals/$",
        "^deals/$",
        "^deals/(?P<pk>[0-9]{1,18})/$",
        "^deals/(?P<pk>[0-9]{1,18})/corrections/$",
    }
