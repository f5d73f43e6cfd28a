"""Club scoping in the ORM (club/scoping.py, `club.models.scoped_to_club`): a query of a club's
rows fails outside a club scope, and inside one sees only that club's rows, so a view that
forgets to filter by club cannot show another club's.

The views below forget on purpose; this module is their URLconf, beside the site's own.

Each club of `two_clubs` (tests/conftest.py) has, counted by hand: 7 members, 1 season, 3 tables,
2 sittings (Bord 3 closed, Bord 1 open) with 4 seats each, 2 deals with one version each, Carl's
1 dispute, and 5 ledger entries (Bord 3: funding, deal 1, close; Bord 1: funding, deal 1).
"""

from __future__ import annotations

import datetime

import pytest
from django.http import JsonResponse
from django.urls import include, path, reverse
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from club.models import Deal, DealVersion, Dispute, LedgerEntry, Member, Payment, Season, Seat, Sitting, Table
from club.scoping import ACROSS_CLUBS, ScopeError, scope
from club.services import payments

pytestmark = pytest.mark.django_db

SCOPED = [Member, Season, Table, Sitting, Seat, Deal, DealVersion, LedgerEntry, Dispute, Payment]
PER_CLUB = {
    Member: 7,
    Season: 1,
    Table: 3,
    Sitting: 2,
    Seat: 8,
    Deal: 2,
    DealVersion: 2,
    LedgerEntry: 5,
    Dispute: 1,
    Payment: 1,  # paid in by Carl (`paid`)
}


def _rows() -> dict[str, list[int]]:
    """Every member, deal and payment the current scope lets a query see, with no filter at all."""
    return {
        "members": sorted(Member.objects.values_list("pk", flat=True)),
        "deals": sorted(Deal.objects.values_list("pk", flat=True)),
        "payments": sorted(Payment.objects.values_list("pk", flat=True)),
    }


def forgetful_page(request, slug):
    """A club page that forgets to filter by club (and to ask who is asking)."""
    return JsonResponse(_rows())


class ForgetfulApi(APIView):
    """An API view that forgets the requester's clubs."""

    permission_classes = [AllowAny]

    def get(self, request):
        return Response(_rows())


urlpatterns = [
    path("c/<slug:slug>/forgetful/", forgetful_page),
    path("api/forgetful/", ForgetfulApi.as_view()),
    path("forgetful/", forgetful_page, {"slug": None}),
    path("", include("club.urls")),
]


@pytest.fixture
def paid(two_clubs):
    """Carl of each club pays 40 kr. in (rolled back with the test)."""
    return {
        key: payments.record_payment(
            w.club,
            member=w.members["Carl"],
            direction="in",
            amount_ore=4000,
            method="cash",
            paid_on=datetime.date(2026, 3, 20),
        )
        for key, w in two_clubs.items()
    }


def _club_rows(w, payment) -> dict[str, list[int]]:
    return {
        "members": sorted(m.pk for m in w.members.values()),
        "deals": sorted([w.open_deal.pk, w.closed_deal.pk]),
        "payments": [payment.pk],
    }


# --- the manager ------------------------------------------------------------------------------


@pytest.mark.parametrize("model", SCOPED, ids=lambda model: model.__name__)
def test_a_query_of_a_clubs_rows_outside_a_club_scope_fails(two_clubs, paid, model):
    with scope(), pytest.raises(ScopeError):  # a scope that names no club
        list(model.objects.all())
    with scope(), pytest.raises(ScopeError):
        model.objects.filter(pk=1).exists()
    with scope(), pytest.raises(ScopeError):
        model.objects.count()


def test_a_reverse_relation_outside_a_club_scope_fails_and_a_forward_one_reads_its_row(two_clubs):
    w = two_clubs["a"]
    with scope():
        with pytest.raises(ScopeError):
            list(w.club.members.all())
        with pytest.raises(ScopeError):
            list(w.open_sitting.deals.all())
        # Following a key forward reads the one row it names (Django's plain base manager).
        deal = DealVersion.objects.with_scopes_disabled().get(pk=w.open_deal.current_version_id).deal
        assert (deal.pk, deal.sitting.season.club_id) == (w.open_deal.pk, w.club.pk)


@pytest.mark.parametrize("model", SCOPED, ids=lambda model: model.__name__)
def test_a_club_scope_sees_exactly_that_clubs_rows(two_clubs, paid, model):
    a, b = two_clubs["a"].club.pk, two_clubs["b"].club.pk
    with scope(club=a):
        assert model.objects.count() == PER_CLUB[model]
    with scope(club=b):
        assert model.objects.count() == PER_CLUB[model]
    with scope(club=[a, b]):
        assert model.objects.count() == 2 * PER_CLUB[model]
    with scope(club=[]):
        assert model.objects.count() == 0


def test_under_club_as_scope_a_query_by_club_bs_id_finds_nothing(two_clubs, paid):
    a, b = two_clubs["a"], two_clubs["b"]
    with scope(club=a.club.pk):
        assert not Member.objects.filter(pk=b.members["Carl"].pk).exists()
        assert not Deal.objects.filter(pk=b.open_deal.pk).exists()
        assert not Payment.objects.filter(pk=paid["b"].pk).exists()
        assert Payment.objects.get(pk=paid["a"].pk).amount_ore == 4000


# --- the scope of a request -------------------------------------------------------------------


@pytest.mark.urls(__name__)
def test_a_club_page_that_forgets_the_club_shows_only_its_own_clubs_rows(two_clubs, paid, client):
    a, b = two_clubs["a"], two_clubs["b"]
    assert client.get(f"/c/{a.club.slug}/forgetful/").json() == _club_rows(a, paid["a"])
    assert client.get(f"/c/{b.club.slug}/forgetful/").json() == _club_rows(b, paid["b"])
    # Signed in as club A's admin changes nothing: the URL names the club.
    client.force_login(a.users["admin"])
    assert client.get(f"/c/{b.club.slug}/forgetful/").json() == _club_rows(b, paid["b"])
    assert client.get("/c/no-such-club/forgetful/").json() == {"members": [], "deals": [], "payments": []}


@pytest.mark.urls(__name__)
def test_a_page_outside_the_clubs_that_reads_a_clubs_rows_fails(two_clubs, client):
    with pytest.raises(ScopeError):
        client.get("/forgetful/")


@pytest.mark.urls(__name__)
def test_an_api_view_that_forgets_the_requesters_clubs_shows_only_his_clubs_rows(two_clubs, paid, api):
    a, b = two_clubs["a"], two_clubs["b"]
    scorer = a.users["scorer"]
    assert api(scorer).get("/api/forgetful/").json() == _club_rows(a, paid["a"])
    token = Token.objects.create(user=scorer)
    by_token = api().get("/api/forgetful/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert by_token.json() == _club_rows(a, paid["a"])
    assert api().get("/api/forgetful/").json() == {"members": [], "deals": [], "payments": []}

    # A member of both clubs sees both; an inactive membership is no membership.
    joined = Member.objects.create(club=b.club, name="Bent fra Vestby", user=scorer)
    both = api(scorer).get("/api/forgetful/").json()
    assert both["deals"] == sorted(_club_rows(a, paid["a"])["deals"] + _club_rows(b, paid["b"])["deals"])
    joined.active = False
    joined.save()
    assert api(scorer).get("/api/forgetful/").json() == _club_rows(a, paid["a"])


def test_the_api_under_club_as_scope_does_not_find_club_bs_deal(two_clubs, api):
    a, b = two_clubs["a"], two_clubs["b"]
    client = api(a.users["scorer"])
    assert client.get(f"/api/deals/{b.open_deal.pk}/").status_code == 404
    listed = client.get("/api/deals/").json()["results"]
    assert sorted(deal["id"] for deal in listed) == sorted([a.open_deal.pk, a.closed_deal.pk])


def test_every_page_named_as_spanning_clubs_exists():
    for name in ACROSS_CLUBS - {"password_reset_confirm", "join_request"}:
        reverse(name)
    reverse("password_reset_confirm", args=["MQ", "set-password"])
    reverse("join_request", args=[1])
