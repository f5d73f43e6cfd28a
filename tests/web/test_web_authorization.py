"""Every web page and export × the five kinds of requester × own club and another club, by the
one access policy (`club.access`, stated in docs/access.md).

The requesters are those of the API's matrix: club a's admin (Anna), scorer (Bent) and plain
member (Carl), an anonymous visitor, and club b's admin (a member of another club). The page is
built from club a's objects ("own") or club b's ("other"). The route list comes from the
URLconf: a new page without a row here fails `test_the_matrix_covers_every_web_route`.

What each role may do is written out here by hand from docs/access.md's table, not read from the
code, so a change of policy shows up as a failing case:

- READ (score sheets, audit pages, standings, member pages, standings CSV): every member;
- PRIVATE (Carl's statement, its PDF, his postings CSV): Carl himself and the club admin;
- SCORE (start, record, correct, close): scorers and admins;
- DISPUTE: every member; RESOLVE and MANAGE (the office: members, seasons, tables, mail): the admin.

Refused inside one's own club: 403. Another club's page: 404. Anonymous: 302 to the login page.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

ROLES = ("admin", "scorer", "member")
MAY = {
    "read": {"admin", "scorer", "member"},
    "private": {"admin", "member"},  # the page is Carl's, and Carl is the plain member
    "score": {"admin", "scorer"},
    "dispute": {"admin", "scorer", "member"},
    "resolve": {"admin"},
    "log": {"admin"},  # the club's audit log (club.audit): its admins only
    "manage": {"admin"},  # the office: members, seasons, tables, payments
}
# Routes outside this matrix: Django's admin site (staff only, its own login) and the API (its
# own matrix, tests/api/test_api_authorization.py, tied to club/api/urls.py the same way).
ELSEWHERE = ("admin/", "api/")


@dataclass(frozen=True)
class Page:
    name: str
    method: str
    url: Callable[..., str]
    action: str | None = None  # None: a site page outside any club (`public` says its statuses)
    body: Callable[..., dict] | None = None
    ok: int = 200  # the answer when the policy allows it
    public: dict[str, int] | None = None  # requester kind -> status, for pages outside a club
    headers: dict[str, str] | None = None
    anonymous: int = 302  # the login page; an endpoint a script reads answers 401 itself


def club_url(name: str, *args: Callable) -> Callable:
    return lambda w: reverse(name, args=[w.club.slug, *(arg(w) for arg in args)])


def start_form(w) -> dict:
    """Bord 2 for Erik, Finn and Gitte, who sit at no open sitting; Erik deals first."""
    erik, finn, gitte = (w.members[n].pk for n in ("Erik", "Finn", "Gitte"))
    return {"season": w.season.pk, "table": w.free_table.pk, "date": "2026-03-19", "first_dealer": erik} | {
        "seat_0": erik,
        "seat_1": finn,
        "seat_2": gitte,
    }


def carls_payment(w):
    """A payment of Carl's for the case (rolled back with it)."""
    from club.models import Payment
    from club.services import payments

    carl = w.members["Carl"]
    return Payment.objects.filter(member=carl, reverses=None).first() or payments.record_payment(
        w.club, member=carl, direction="in", amount_ore=40, method="cash", paid_on=datetime.date(2026, 3, 20)
    )


def free_tables_opening(w):
    """Bord 2's Pagatkop from paper, for the case (rolled back with it)."""
    from club.models import TableOpening
    from club.services import opening

    held = TableOpening.objects.filter(table=w.free_table, reverses=None).first()
    return held or opening.carry_over_table(w.free_table, w.season, {"cup:pagat": 10})[0]


OPEN = lambda w: w.open_sitting.pk  # noqa: E731
CARL = lambda w: w.members["Carl"].pk  # noqa: E731
MARCH = lambda w: "2026-03"  # noqa: E731

PAGES = [
    Page("healthz", "get", lambda w: reverse("healthz"), public={"anonymous": 200, "member": 200}),
    Page("home", "get", lambda w: "/", public={"anonymous": 200, "member": 302}),
    Page("login", "get", lambda w: reverse("login"), public={"anonymous": 200, "member": 302}),
    Page("logout", "post", lambda w: reverse("logout"), public={"anonymous": 302, "member": 302}),
    Page("service_worker", "get", lambda w: reverse("service_worker"), public={"anonymous": 200, "member": 200}),
    Page("offline", "get", lambda w: reverse("offline"), public={"anonymous": 200, "member": 200}),
    # The web app manifest: the browser fetches it without the session's cookie.
    Page("manifest", "get", lambda w: reverse("manifest"), public={"anonymous": 200, "member": 200}),
    Page(
        "set_language",
        "post",
        lambda w: reverse("set_language"),
        body=lambda w: {"language": "en"},
        public={"anonymous": 302, "member": 302},
    ),
    # A member's own login: the reset pages are everyone's, changing a password needs a login.
    Page("password_reset", "get", lambda w: reverse("password_reset"), public={"anonymous": 200, "member": 200}),
    Page(
        "password_reset",
        "post",
        lambda w: reverse("password_reset"),
        body=lambda w: {"email": "nobody@example.org"},
        public={"anonymous": 302, "member": 302},
    ),
    Page(
        "password_reset_done", "get", lambda w: reverse("password_reset_done"), public={"anonymous": 200, "member": 200}
    ),
    Page(
        "password_reset_confirm",
        "get",
        lambda w: reverse("password_reset_confirm", args=["MQ", "no-token"]),
        public={"anonymous": 200, "member": 200},
    ),
    Page(
        "password_reset_complete",
        "get",
        lambda w: reverse("password_reset_complete"),
        public={"anonymous": 200, "member": 200},
    ),
    Page("password_change", "get", lambda w: reverse("password_change"), public={"anonymous": 302, "member": 200}),
    Page("account", "get", lambda w: reverse("account"), public={"anonymous": 302, "member": 200}),
    Page(
        "password_change_done",
        "get",
        lambda w: reverse("password_change_done"),
        public={"anonymous": 302, "member": 200},
    ),
    # A club's request to join is its addressee's alone: anyone else's (here: none of theirs) is 404.
    Page(
        "join_request",
        "post",
        lambda w: reverse("join_request", args=[999_999]),
        body=lambda w: {"answer": "accept"},
        public={"anonymous": 302, "member": 404},
    ),
    Page("club_home", "get", club_url("club_home"), "read"),
    Page("club_log", "get", club_url("club_log"), "log"),
    Page("office_members", "get", club_url("office_members"), "manage"),
    Page("office_member_new", "get", club_url("office_member_new"), "manage"),
    Page(
        "office_member_new",
        "post",
        club_url("office_member_new"),
        "manage",
        lambda w: {"name": "Hanne", "role": "member"},
        ok=302,
    ),
    Page("office_member_edit", "get", club_url("office_member_edit", CARL), "manage"),
    Page(
        "office_member_edit",
        "post",
        club_url("office_member_edit", CARL),
        "manage",
        lambda w: {"name": "Carl", "role": "member"},
        ok=302,
    ),
    Page(
        "office_member_active",
        "post",
        club_url("office_member_active", CARL),
        "manage",
        lambda w: {"active": "0"},
        ok=302,
    ),
    Page("office_member_invite", "post", club_url("office_member_invite", CARL), "manage", lambda w: {}, ok=302),
    Page(
        "office_member_opening",
        "post",
        club_url("office_member_opening", lambda w: w.members["Finn"].pk),  # Finn never plays or pays
        "manage",
        lambda w: {"saldo": "-12,50", "on": "2026-03-01"},
        ok=302,
    ),
    Page("office_members_invite_all", "post", club_url("office_members_invite_all"), "manage", lambda w: {}, ok=302),
    Page("office_member_forget", "post", club_url("office_member_forget", CARL), "manage", lambda w: {}, ok=302),
    Page("office_seasons", "get", club_url("office_seasons"), "manage"),
    Page("office_season_new", "get", lambda w: club_url("office_season_new")(w) + "?preset=paskievics", "manage"),
    Page("office_season_new", "post", club_url("office_season_new"), "manage", lambda w: {"preset": "magyar"}),
    Page("office_season_edit", "get", club_url("office_season_edit", lambda w: w.season.pk), "manage"),
    Page("office_season_close", "get", club_url("office_season_close", lambda w: w.season.pk), "manage"),
    Page("office_season_summary", "get", club_url("office_season_summary", lambda w: w.season.pk), "manage"),
    Page("office_season_summary_pdf", "get", club_url("office_season_summary_pdf", lambda w: w.season.pk), "manage"),
    Page("office_payments", "get", club_url("office_payments"), "manage"),
    Page("office_payment_details", "get", club_url("office_payment_details"), "manage"),
    Page("office_debtors", "get", club_url("office_debtors"), "manage"),
    Page(
        "office_debtors_remind", "post", club_url("office_debtors_remind"), "manage", lambda w: {"over": "100"}, ok=302
    ),
    Page(
        "office_payments",
        "post",
        club_url("office_payments"),
        "manage",
        lambda w: {
            "paid_on": "2026-03-20",
            "member": w.members["Carl"].pk,
            "direction": "in",
            "amount": "0,40",
            "method": "cash",
        },
        ok=302,
    ),
    Page(
        "office_payment_reverse",
        "post",
        club_url("office_payment_reverse", lambda w: carls_payment(w).pk),
        "manage",
        lambda w: {"reason": "typed twice"},
        ok=302,
    ),
    Page("office_members_import", "get", club_url("office_members_import"), "manage"),
    # An empty upload: allowed, the page says the file holds nothing (400); refused, 403 first.
    Page("office_members_import", "post", club_url("office_members_import"), "manage", lambda w: {}, ok=400),
    Page("office_tables", "get", club_url("office_tables"), "manage"),
    Page("office_mail", "get", club_url("office_mail"), "manage"),
    Page("office_tables", "post", club_url("office_tables"), "manage", lambda w: {"name": "Bord 9"}, ok=302),
    Page(
        "office_table_rename",
        "post",
        club_url("office_table_rename", lambda w: w.free_table.pk),
        "manage",
        lambda w: {"name": "Bord to"},
        ok=302,
    ),
    Page(
        "office_table_active",
        "post",
        club_url("office_table_active", lambda w: w.free_table.pk),
        "manage",
        lambda w: {"active": "0"},
        ok=302,
    ),
    Page("office_table_opening", "get", club_url("office_table_opening", lambda w: w.free_table.pk), "manage"),
    # An empty form: allowed, the page names what is missing (400); refused, 403 first.
    Page(
        "office_table_opening",
        "post",
        club_url("office_table_opening", lambda w: w.free_table.pk),
        "manage",
        lambda w: {},
        ok=400,
    ),
    Page(
        "office_table_opening_reverse",
        "post",
        club_url("office_table_opening_reverse", lambda w: free_tables_opening(w).pk),
        "manage",
        lambda w: {"reason": "typed twice"},
        ok=302,
    ),
    Page("sitting_new", "get", club_url("sitting_new"), "score"),
    Page("sitting_new", "post", club_url("sitting_new"), "score", start_form, ok=302),
    # The closed sitting: Carl did not sit there, and reads it all the same.
    Page("sitting", "get", club_url("sitting", lambda w: w.closed_sitting.pk), "read"),
    Page(
        "sitting_close", "post", club_url("sitting_close", OPEN), "score", lambda w: {"how": "split"}
    ),  # shows the split first
    Page(
        "sitting_close",
        "post",
        club_url("sitting_close", OPEN),
        "score",
        lambda w: {"how": "split", "confirmed": "1"},
        ok=302,
    ),
    Page("sitting_sheet", "get", club_url("sitting_sheet", OPEN), "read"),
    Page(
        "deal_void",
        "post",
        club_url("deal_void", OPEN, lambda w: 1),
        "score",
        lambda w: {"reason": "Tastet to gange"},
        ok=302,
    ),
    Page("deal_new", "get", club_url("deal_new", OPEN), "score"),
    # An empty form: allowed, it comes back with its errors; refused, 403 before it is read.
    Page("deal_new", "post", club_url("deal_new", OPEN), "score", lambda w: {}),
    # The offline queue's address: JSON only, an empty deal refused as bad input (400).
    Page(
        "deal_queued",
        "post",
        club_url("deal_queued", OPEN),
        "score",
        lambda w: {},
        ok=400,
        headers={"Accept": "application/json"},
        anonymous=401,
    ),
    Page("deal_preview", "post", club_url("deal_preview", OPEN), "score", lambda w: {}),
    Page("deal_correct", "get", club_url("deal_correct", OPEN, lambda w: 1), "score"),
    Page("deal_correct", "post", club_url("deal_correct", OPEN, lambda w: 1), "score", lambda w: {}),
    Page("standings", "get", club_url("standings"), "read"),
    Page("season", "get", club_url("season", lambda w: w.season.pk), "read"),
    # Another member's page (statistics and season balance, as the standings show them).
    Page("member", "get", club_url("member", lambda w: w.members["Dorte"].pk), "read"),
    Page("member-statement", "get", club_url("member-statement", CARL, MARCH), "private"),
    Page("member-statement-pdf", "get", club_url("member-statement-pdf", CARL, MARCH), "private"),
    Page("member-postings-csv", "get", club_url("member-postings-csv", CARL), "private"),
    Page("member-postings-xlsx", "get", club_url("member-postings-xlsx", CARL), "private"),
    Page("member-data-json", "get", club_url("member-data-json", CARL), "private"),
    Page("member-data-csv", "get", club_url("member-data-csv", CARL), "private"),
    # Carl has no address in the matrix's clubs: allowed, the page says so (302 back to it).
    Page("member-statement-send", "post", club_url("member-statement-send", CARL, MARCH), "manage", ok=302),
    Page("season-standings-csv", "get", club_url("season-standings-csv", lambda w: w.season.pk), "read"),
    Page("season-standings-xlsx", "get", club_url("season-standings-xlsx", lambda w: w.season.pk), "read"),
    Page("office_exports", "get", club_url("office_exports"), "manage"),
    Page("sitting_print", "get", club_url("sitting_print", OPEN), "read"),
    Page("table_blank_sheet", "get", club_url("table_blank_sheet", lambda w: w.free_table.pk), "read"),
    Page(
        "office_export",
        "get",
        lambda w: (
            club_url("office_export", lambda w: "till", lambda w: "xlsx")(w) + "?first=2026-01-01&last=2026-03-31"
        ),
        "manage",
    ),
    Page("deal-audit", "get", club_url("deal-audit", lambda w: w.closed_deal.pk), "read"),
    Page(
        "deal-dispute-raise",
        "post",
        club_url("deal-dispute-raise", lambda w: w.closed_deal.pk),
        "dispute",
        lambda w: {"comment": "Erik's last trick was Bent's"},
        ok=302,
    ),
    Page(
        "dispute-resolve",
        "post",
        club_url("dispute-resolve", lambda w: w.dispute.pk),
        "resolve",
        lambda w: {"action": "closed", "reason": "Bent showed his 10 taroks"},
        ok=302,
    ),
]

REQUESTERS = [("a", "admin"), ("a", "scorer"), ("a", "member"), (None, "anonymous"), ("b", "admin")]


def expected_status(page: Page, requester_club: str | None, role: str, target: str) -> int:
    if page.public is not None:
        return page.public["anonymous" if requester_club is None else "member"]
    if requester_club is None:
        return page.anonymous
    if requester_club != target:
        return 404
    return page.ok if role in MAY[page.action] else 403


@pytest.mark.parametrize("target", ["a", "b"], ids=["own-club", "other-club"])
@pytest.mark.parametrize(
    ("requester_club", "role"), REQUESTERS, ids=["admin", "scorer", "member", "anonymous", "other-club-admin"]
)
@pytest.mark.parametrize("page", PAGES, ids=[f"{p.name}-{p.method}" for p in PAGES])
def test_status(two_clubs, client, page, requester_club, role, target):
    if requester_club is not None:
        client.force_login(two_clubs[requester_club].users[role])
    objects = two_clubs[target]
    url = page.url(objects)
    response = getattr(client, page.method)(url, page.body(objects) if page.body else {}, headers=page.headers)
    assert response.status_code == expected_status(page, requester_club, role, target), response.content[:300]
    if response.status_code == 302 and requester_club is None and page.public is None:
        assert response["Location"].startswith("/login/?next="), response["Location"]


def web_routes(patterns=None, prefix: str = ""):
    """(route, name) of every URL pattern outside `ELSEWHERE`, walking includes."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            if route not in ELSEWHERE:
                yield from web_routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern.name


def test_the_matrix_covers_every_web_route():
    """A new page must join the matrix: every named route of the URLconf has a row above."""
    routes = dict(web_routes())
    assert None not in routes.values(), [route for route, name in routes.items() if name is None]
    assert set(routes.values()) == {page.name for page in PAGES}
