"""Which clubs' rows a request may read: the one place a request's club scope is activated.

Every club-owned model's default manager is scoped (`club.models.scoped_to_club`): a query of it
raises `django_scopes.ScopeError` unless a scope is active, and sees only the scope's clubs when
one is. `ClubScope` chooses the scope of each request from its URL:

- a page under /c/<slug>/ (the club's pages, statements, CSV exports): that club. Whether the
  user may see the page is still `club.access`'s answer; the scope makes sure that no query of
  the page reaches another club, even one that forgets to filter by club;
- the API under /api/: the clubs of the requester's active memberships, none for anybody else;
- the pages in `ACROSS_CLUBS`: scopes disabled, each for the reason given there;
- any other page: a scope naming no club, so a query of a club's rows there fails instead of
  leaking.

Management commands choose for themselves (`--club`, or `scopes_disabled()` when they work on
every club); the admin is in `ACROSS_CLUBS`; the test suite's own set-up code runs with scopes
disabled (tests/conftest.py), while its requests pass through here like any other.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django_scopes import ScopeError, scope, scopes_disabled  # type: ignore[import-untyped]
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.views import APIView

from .access import Requester
from .errors import API_PREFIX, OUTAGE, outage_answer
from .models import Club

__all__ = ["ACROSS_CLUBS", "ClubScope", "ScopeError", "in_club_option_scope", "scope", "scopes_disabled"]

# Every route of a club's own pages starts so (club/web/urls.py, club/reports/urls.py).
CLUB_ROUTE = "c/<slug:slug>/"

# Pages that legitimately read rows of several clubs, or of a club not yet known, by URL name.
# Every other page outside /c/<slug>/ and /api/ (healthz, the service worker, the offline page,
# the language switch) reads no club rows and runs in a scope naming no club.
ACROSS_CLUBS = {
    # The landing page lists the signed-in user's clubs, whichever they are.
    "home",
    # A login belongs to a person, not to a club: signing in and out, and setting or changing a
    # password, find the login (and its memberships) by username or address across clubs.
    "login",
    "logout",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
    "password_change",
    "password_change_done",
    # A login's owner answers a club's request to join (club/services/joining.py): the request is
    # his, whichever club asked, and the page is reached from "home", not from a club's pages.
    "join_request",
}
# The admin is the site's staff's, over every club (only staff pass its login).
ADMIN_NAMESPACE = "admin"


class ClubScope:
    """Runs each request inside the club scope its URL calls for (see the module docstring)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            chosen = scope_of(request)
        except OUTAGE:
            # Choosing reads the database, before any view: answered as a view's outage would be.
            return outage_answer(request)
        with chosen:
            return self.get_response(request)


def scope_of(request: HttpRequest) -> AbstractContextManager:
    """The scope the request's queries run in; enabled in every case but `ACROSS_CLUBS`'s, so that
    not even a caller's own scope (a test's disabled one) reaches into a page."""
    if request.path_info.startswith(API_PREFIX):
        return scope(club=api_clubs(request))
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return scope()  # no club; Django answers 404 without a view
    if match.route.startswith(CLUB_ROUTE):
        return club_scope(match.kwargs["slug"])
    if match.url_name in ACROSS_CLUBS or ADMIN_NAMESPACE in match.namespaces:
        return scopes_disabled()
    return scope()  # no club: a query of a club's rows fails


def api_clubs(request: HttpRequest) -> list[int]:
    """The clubs where the API's requester has an active membership.

    DRF authenticates inside the view, after every middleware, so the requester is found here by
    the same authenticators (a token or the session; a test's `force_authenticate` too), asked
    directly: `Request.user` would also set `request.user`, and an anonymous one would then hide
    the session from the view. A credential they refuse is nobody here; the view then refuses it
    itself (401, or 403 for a session write without its CSRF token).
    """
    # A view's default authenticators: DRF's settings (a forced user replaces them in `Request`).
    api_request = Request(request, authenticators=APIView().get_authenticators())
    user = None
    for authenticator in api_request.authenticators or ():
        try:
            found = authenticator.authenticate(api_request)
        except APIException:
            return []
        if found is not None:
            user = found[0]
            break
    if user is None:
        return []
    with scopes_disabled():  # the memberships are what the scope is made of
        requester = Requester.of_user(user)
    # Kept on the request, where the view's `Requester.of` finds it instead of asking again.
    request._tarokbog_requester = requester  # type: ignore[attr-defined]
    return requester.clubs()


def club_scope(slug: str) -> AbstractContextManager:
    """The scope of the club with this short name (an empty one if there is none)."""
    club = Club.objects.filter(slug=slug).values_list("pk", flat=True).first()
    # Never None, which django-scopes reads as "every club".
    return scope(club=[] if club is None else club)


def in_club_option_scope(handle):
    """A management command's `handle` runs in the scope of the club its `--club` names, or
    across every club when it names none."""

    @wraps(handle)
    def run(self, *args, **options):
        with club_scope(options["club"]) if options.get("club") else scopes_disabled():
            return handle(self, *args, **options)

    return run
