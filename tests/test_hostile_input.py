"""Hostile input through the API and the web: input that could end in a 500, and input of any
size. Every answer is a 4xx with a message saying what is wrong (JSON on the API), and
nothing is written: the rows of every table that holds a record, a seat, a dispute or money are
counted before and after.

The clubs are conftest.py's: club a's scorer Bent records at Bord 1 (open, deal 1 recorded),
Carl is a plain member, Anna the admin; Carl's dispute of deal 1 is open.
"""

from __future__ import annotations

import io
import json

import openpyxl
import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError, connection
from django.urls import reverse
from django.utils import timezone, translation
from rest_framework.test import APIClient
from rest_framework.throttling import UserRateThrottle

from club.api import views as api_views
from club.models import Deal, DealVersion, Dispute, Member, Season, Seat, Sitting, Table
from club.services.closing import close_sitting
from club.services.opening import RowProblem
from ledger.models import Account, Posting, Transaction
from world import clubs

ROW_MODELS = (Sitting, Seat, Deal, DealVersion, Dispute, Member, Account, Transaction, Posting)
NUL = "a\x00b"
RLO = "Anna\u202e1202"  # shows as "Anna2021"
ISOLATE = "\u2066Bent\u2069"
BIDI_MESSAGE = (
    "The text contains an invisible direction control (U+%s), which would make it show differently from what it says."
)
SURROGATE = "\ud800"
MEGABYTE = 1024 * 1024


def rows() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in ROW_MODELS}


@pytest.fixture
def unchanged(two_clubs):
    """Asserts, after the test, that no row was added or removed anywhere."""
    before = rows()
    yield
    assert rows() == before


def raw_post(client, url: str, body: bytes | str, content_type: str = "application/json"):
    """A body exactly as given: the test client's own JSON encoder would refuse a lone surrogate."""
    return client.generic("POST", url, body.encode() if isinstance(body, str) else body, content_type=content_type)


def as_json(body) -> str:
    return json.dumps(body)  # ensure_ascii: "\ud800" travels as its escape, as a hostile client sends it


def deals_url(w) -> str:
    return f"/api/sittings/{w.open_sitting.pk}/deals/"


def problems(response) -> list[tuple]:
    return [(e["deal"], e["field"], e["code"]) for e in response.json()["errors"]]


# --- the API: a deal record ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"note": NUL}, "note"),
        ({"note": SURROGATE}, "note"),
        ({"last_trick": NUL}, "last_trick"),
        ({"melds": {SURROGATE: {"matadors": 3}}}, "melds"),
        ({"last_trick": RLO}, "last_trick"),
        ({"melds": {ISOLATE: {"matadors": 3}}}, "melds"),
    ],
    ids=["nul-in-a-note", "surrogate-in-a-note", "nul-in-a-name", "surrogate-in-a-key", "bidi-in-a-name", "bidi-key"],
)
def test_api_refuses_nul_and_lone_surrogates_in_a_record(two_clubs, api, unchanged, extra, field):
    w = two_clubs["a"]
    response = raw_post(api(w.users["scorer"]), deals_url(w), as_json(w.open_deal_2 | extra))

    assert response.status_code == 400
    assert problems(response) == [(2, field, "bad_character")]  # deal 2 would be the next
    assert response.json()["errors"][0]["message"] == (
        "The text contains a NUL character, a lone surrogate or an invisible direction control "
        "(U+202A to U+202E, U+2066 to U+2069), which is not kept."
    )


@pytest.mark.parametrize("caused", [[None], ["ultimo", None]], ids=["null", "ultimo-and-null"])
def test_api_refuses_a_culprit_whose_cause_is_null(two_clubs, api, unchanged, caused):
    """`"caused": [null]` was read as no culprit and named no problem: the deal was recorded (201),
    a culprit and all, though vlk-2010 keeps no culprit (`culprit_not_in_preset`)."""
    w = two_clubs["a"]
    record = {
        "dealer": "Bent",
        "players": ["Bent", "Carl", "Anna"],
        "fines": [{"player": "Anna", "offence": "revoke"}],
        "stopped": True,
        "culprit": {"player": "Anna", "caused": caused},
    }
    response = api(w.users["scorer"]).post(deals_url(w), record, format="json")

    assert response.status_code == 400
    assert (2, f"culprit.caused.{caused.index(None)}", "unknown_value") in problems(response)
    assert "'null' is not one of ultimo, bagud." in [e["message"] for e in response.json()["errors"]]


def test_api_answers_a_surrogate_it_cannot_store_with_valid_json(two_clubs, api, unchanged):
    """The 400 echoes the refused value: it travels as a \\u escape, and the answer is JSON."""
    w = two_clubs["a"]
    response = raw_post(
        api(w.users["scorer"]), f"/api/sittings/{w.open_sitting.pk}/close/", as_json({"how": SURROGATE})
    )

    assert response.status_code == 400
    assert response.json() == {"how": [f'"{SURROGATE}" is not a valid choice.']}
    assert Sitting.objects.get(pk=w.open_sitting.pk).is_open


def test_api_refuses_a_record_over_16_kib(two_clubs, api, unchanged):
    # 20,000 characters in an unknown key: the record is 20,000 + the deal's ~100 bytes of JSON.
    w = two_clubs["a"]
    response = api(w.users["scorer"]).post(deals_url(w), w.open_deal_2 | {"x": "y" * 20_000}, format="json")

    assert response.status_code == 400
    assert problems(response) == [(2, "", "record_too_large")]
    size = len(json.dumps(w.open_deal_2 | {"x": "y" * 20_000}, separators=(",", ":")))
    assert (
        response.json()["errors"][0]["message"] == f"The deal record is {size} bytes as JSON; at most 16384 are kept."
    )


def test_api_refuses_a_1_mb_unknown_key_as_too_large(two_clubs, api, unchanged):
    w = two_clubs["a"]
    response = api(w.users["scorer"]).post(deals_url(w), w.open_deal_2 | {"x": "y" * MEGABYTE}, format="json")

    assert response.status_code == 413
    assert response.json() == {"detail": "The request body is larger than 262144 bytes."}


def test_api_refuses_a_3_mb_body_with_json_413(two_clubs, api, unchanged):
    w = two_clubs["a"]
    response = raw_post(api(w.users["scorer"]), "/api/sittings/", b"[" + b"1," * (3 * MEGABYTE // 2) + b"1]")

    assert response.status_code == 413
    assert response.json() == {"detail": "The request body is larger than 262144 bytes."}


def test_api_answers_a_content_length_of_other_digits_in_json(two_clubs, api, unchanged):
    # A latin-1 header may say "²", a digit to str.isdigit but no length: Django reads no body.
    w = two_clubs["a"]
    body = json.dumps(w.open_deal_2 | {"dealer": None}).encode()
    response = api(w.users["scorer"]).generic("POST", deals_url(w), body, "application/json", CONTENT_LENGTH="²")

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"


TOO_DEEP = "JSON parse error - nested deeper than 32 levels."


@pytest.mark.parametrize(
    ("url", "body"),
    [
        # Recording and correcting a deal answer every 400 as the rules engine's error list.
        (deals_url, {"errors": [[None, "", "parse_error", TOO_DEEP, "JSON-fejl - indlejret dybere end 32 niveauer."]]}),
        (
            lambda w: f"/api/deals/{w.open_deal.pk}/corrections/",
            {"errors": [[None, "", "parse_error", TOO_DEEP, "JSON-fejl - indlejret dybere end 32 niveauer."]]},
        ),
        (lambda w: "/api/sittings/", {"detail": TOO_DEEP}),
    ],
    ids=["record", "correct", "start"],
)
def test_api_refuses_json_nested_50000_deep(two_clubs, api, unchanged, url, body):
    w = two_clubs["a"]
    response = raw_post(api(w.users["scorer"]), url(w), "[" * 50_000 + "]" * 50_000)

    assert response.status_code == 400
    answer = response.json()
    if "errors" in answer:
        answer = {"errors": [list(problem.values()) for problem in answer["errors"]]}
    assert answer == body


def test_brackets_inside_strings_do_not_count_as_nesting(two_clubs, api, unchanged):
    """A note of 100 brackets is text, not depth: the record is refused for its NUL only."""
    w = two_clubs["a"]
    response = raw_post(api(w.users["scorer"]), deals_url(w), as_json(w.open_deal_2 | {"note": "[" * 100 + NUL}))
    assert problems(response) == [(2, "note", "bad_character")]


@pytest.mark.parametrize(
    ("record_extra", "reason", "expected"),
    [
        ({"note": NUL}, "fine", [(1, "note", "bad_character")]),
        ({}, NUL, [(None, "reason", "bad_character", "The text contains a NUL character, which cannot be stored.")]),
        (
            {},
            SURROGATE,
            [(None, "reason", "bad_character", "The text contains a lone surrogate (U+D800), which is no character.")],
        ),
        ({}, "r" * 2001, [(None, "reason", "max_length", "Ensure this field has no more than 2000 characters.")]),
        ({}, RLO, [(None, "reason", "bad_character", BIDI_MESSAGE % "202E")]),
    ],
    ids=["nul-in-the-record", "nul-in-the-reason", "surrogate-in-the-reason", "reason-too-long", "bidi-in-the-reason"],
)
def test_api_refuses_hostile_corrections(two_clubs, api, unchanged, record_extra, reason, expected):
    w = two_clubs["a"]
    body = {"record": w.open_deal_1_corrected | record_extra, "reason": reason}
    response = raw_post(api(w.users["scorer"]), f"/api/deals/{w.open_deal.pk}/corrections/", as_json(body))

    assert response.status_code == 400
    if len(expected[0]) == 3:
        assert problems(response) == expected
    else:
        assert [(e["deal"], e["field"], e["code"], e["message"]) for e in response.json()["errors"]] == expected


def test_api_refuses_a_void_record_carrying_more_than_void(two_clubs, api, unchanged):
    """Schemathesis found it on PostgreSQL: `{"void": true}` plus a NUL was stored unread (500)."""
    w = two_clubs["a"]
    body = {"record": {"void": True, "note": NUL}, "reason": "fine"}
    response = raw_post(api(w.users["scorer"]), f"/api/deals/{w.open_deal.pk}/corrections/", as_json(body))

    assert response.status_code == 400
    assert (1, "note", "bad_character") in problems(response)


# --- the API: starting a sitting (the rules are club.services.sittings.start_sitting's) --------------------


@pytest.mark.parametrize(
    ("change", "status", "expected"),
    [
        ("inactive", 400, {"members": ["Gitte is no longer an active member."]}),
        ("1900-01-01", 400, {"date": ["1900-01-01 is outside the season 2026 (2026-01-01 to 2026-12-31)."]}),
        ("9999-12-31", 400, {"date": ["9999-12-31 is outside the season 2026 (2026-01-01 to 2026-12-31)."]}),
        ("seated", 409, {"detail": "Anna already sits at the open sitting at Bord 1; close it first."}),
    ],
)
def test_api_refuses_a_sitting_against_the_rules(two_clubs, api, unchanged, change, status, expected):
    w = two_clubs["a"]
    body = w.start_body()
    if change == "inactive":
        Member.objects.filter(pk=w.members["Gitte"].pk).update(active=False)
    elif change == "seated":
        body["members"] = [w.members["Anna"].pk, *body["members"][1:]]
        body["first_dealer"] = w.members["Anna"].pk
    else:
        body["date"] = change
    before = rows()  # Gitte's deactivation is the test's own change

    response = api(w.users["scorer"]).post("/api/sittings/", body, format="json")

    assert (response.status_code, response.json()) == (status, expected)
    assert rows() == before


# --- the API: months, ids, and every error as JSON --------------------------------------------------


@pytest.mark.parametrize("month", ["0000-01", "9999-12", "2026-13", "2026-00"])
def test_api_statement_of_an_impossible_month_is_404_json(two_clubs, api, month):
    w = two_clubs["a"]
    response = api(w.users["admin"]).get(f"/api/members/{w.members['Carl'].pk}/statements/{month}.pdf")
    assert (response.status_code, response.json()) == (404, {"detail": "No such month."})


def test_api_answers_every_error_as_json(two_clubs, api, unchanged):
    w = two_clubs["a"]
    client = api(w.users["scorer"])
    cases = [
        (client.get("/api/no-such-thing/"), 404, {"detail": "Not found."}),
        (
            client.get(f"/api/sittings/{w.open_sitting.pk + 10**6}/"),
            404,
            {"detail": "Not found."},  # never the model's name
        ),
        (client.put("/api/clubs/", {}, format="json"), 405, {"detail": 'Method "PUT" not allowed.'}),
        (
            client.post(f"/api/sittings/{w.closed_sitting.pk}/deals/", w.open_deal_2, format="json"),
            409,
            {"detail": "The sitting is closed."},
        ),
        (api(None).get("/api/clubs/"), 401, {"detail": "Authentication credentials were not provided."}),
        (client.get("/api/sittings/?season=abc"), 400, {"season": ["Expected a whole number."]}),
        # "²" and "٣" are digits to str.isdigit, not to int() or the database.
        (client.get("/api/deals/", {"sitting": "²"}), 400, {"sitting": ["Expected a whole number."]}),
        (client.get("/api/sittings/", {"season": "٣"}), 400, {"season": ["Expected a whole number."]}),
    ]
    for response, status, body in cases:
        assert (response.status_code, response["Content-Type"], response.json()) == (status, "application/json", body)


def test_api_answers_429_as_json(two_clubs, api, monkeypatch):
    cache.clear()
    monkeypatch.setattr(api_views.ClubViewSet, "throttle_classes", [UserRateThrottle])
    monkeypatch.setattr(UserRateThrottle, "rate", "1/minute", raising=False)
    client = api(two_clubs["a"].users["member"])

    assert client.get("/api/clubs/").status_code == 200
    response = client.get("/api/clubs/")
    cache.clear()
    assert response.status_code == 429
    assert response.json()["detail"].startswith("Request was throttled.")


def test_api_answers_500_as_json(two_clubs, monkeypatch):
    def broken(self):
        raise RuntimeError("a bug")

    monkeypatch.setattr(api_views.ClubViewSet, "get_queryset", broken)
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
    client.force_login(two_clubs["a"].users["member"])

    response = client.get("/api/clubs/")
    assert (response.status_code, response.json()) == (500, {"detail": "A server error occurred; it has been logged."})


def database_down(execute, sql, params, many, context):
    raise OperationalError("server closed the connection unexpectedly")


def test_api_answers_a_database_outage_with_503_json(two_clubs, api):
    w = two_clubs["a"]
    client = api(w.users["scorer"])
    with connection.execute_wrapper(database_down):
        read = client.get("/api/clubs/")
        write = client.post(deals_url(w), w.open_deal_2, format="json")
    for response in (read, write):
        assert response.status_code == 503
        assert response.json() == {
            "detail": "The database is not answering; nothing was written. Try again in a moment."
        }
        assert response["Retry-After"] == "5"
    assert DealVersion.objects.filter(deal__sitting=w.open_sitting).count() == 1


# --- the web --------------------------------------------------------------------------------------


@pytest.fixture
def web(client):
    def login(user):
        client.force_login(user)
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
        return client

    return login


def audit(w) -> str:
    return reverse("deal-audit", args=[w.club.slug, w.open_deal.pk])


@pytest.mark.parametrize(
    ("comment", "message"),
    [
        (NUL, "The text contains a NUL character, which cannot be stored."),
        ("c" * 2001, "Ensure this value has at most 2000 characters (it has 2001)."),
        ("   ", "Say what looks wrong with the deal."),
        (ISOLATE, BIDI_MESSAGE % "2066"),
    ],
    ids=["nul", "2001-characters", "blank", "bidi"],
)
def test_web_refuses_a_hostile_dispute_comment(two_clubs, web, unchanged, comment, message):
    w = two_clubs["a"]
    response = web(w.users["member"]).post(
        reverse("deal-dispute-raise", args=[w.club.slug, w.open_deal.pk]), {"comment": comment}
    )

    assert response.status_code == 400
    assert message in response.text


def test_web_refuses_a_1_mb_dispute_comment(two_clubs, web, unchanged):
    """It would make the sitting and audit pages 1 MB each: the body is over the 256 KiB limit."""
    w = two_clubs["a"]
    client = web(w.users["member"])
    response = client.post(
        reverse("deal-dispute-raise", args=[w.club.slug, w.open_deal.pk]), {"comment": "c" * MEGABYTE}
    )

    assert (response.status_code, response.text) == (413, "The request is too large.")


def test_web_refuses_a_3_mb_body(two_clubs, web, unchanged):
    w = two_clubs["a"]
    response = web(w.users["scorer"]).post(reverse("sitting_new", args=[w.club.slug]), {"junk": "j" * 3 * MEGABYTE})
    assert (response.status_code, response.text) == (413, "The request is too large.")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "closed", "reason": NUL}, "The text contains a NUL character, which cannot be stored."),
        ({"action": "closed", "reason": "r" * 2001}, "Ensure this value has at most 2000 characters (it has 2001)."),
        ({"action": "closed", "reason": ""}, "Give the reason the settlement stands."),
        ({"action": "closed", "reason": "ok\u202b"}, BIDI_MESSAGE % "202B"),
        ({"action": NUL, "reason": "fine"}, "Select a valid choice."),
        ({"action": "corrected", "version": "1" * 30}, "Ensure this value is less than or equal to"),
    ],
    ids=["nul", "2001-characters", "blank", "bidi", "nul-action", "huge-version"],
)
def test_web_refuses_a_hostile_resolution(two_clubs, web, unchanged, data, message):
    w = two_clubs["a"]
    response = web(w.users["admin"]).post(reverse("dispute-resolve", args=[w.club.slug, w.dispute.pk]), data)

    assert response.status_code == 400
    assert message in response.text
    assert Dispute.objects.get(pk=w.dispute.pk).is_open


@pytest.mark.parametrize("season", ["abc", "1" * 30, "-1", "1.5", "²"])
def test_web_member_page_and_postings_csv_answer_404_to_a_bad_season(two_clubs, web, season):
    w = two_clubs["a"]
    client = web(w.users["member"])
    carl = w.members["Carl"].pk
    assert client.get(reverse("member", args=[w.club.slug, carl]), {"season": season}).status_code == 404
    assert client.get(reverse("member-postings-csv", args=[w.club.slug, carl]), {"season": season}).status_code == 404


@pytest.mark.parametrize("month", ["0000-01", "9999-12"])
def test_web_statement_of_an_impossible_month_is_404(two_clubs, web, month):
    w = two_clubs["a"]
    client = web(w.users["member"])
    carl = w.members["Carl"].pk
    assert client.get(f"/c/{w.club.slug}/members/{carl}/statements/{month}/").status_code == 404
    assert client.get(f"/c/{w.club.slug}/members/{carl}/statements/{month}.pdf").status_code == 404


def test_web_ids_too_long_for_the_database_are_404(two_clubs, web):
    w = two_clubs["a"]
    client = web(w.users["admin"])
    huge = "9" * 30
    for url in (
        f"/c/{w.club.slug}/sittings/{huge}/",
        f"/c/{w.club.slug}/sittings/{w.open_sitting.pk}/deals/{huge}/correct/",
        f"/c/{w.club.slug}/members/{huge}/",
        f"/c/{w.club.slug}/deals/{huge}/audit/",
        f"/c/{w.club.slug}/seasons/{huge}/standings.csv",
    ):
        assert client.get(url).status_code == 404, url


@pytest.mark.parametrize(
    ("change", "status", "message"),
    [
        ("1900-01-01", 400, "1900-01-01 is outside the season 2026 (2026-01-01 to 2026-12-31)."),
        ("9999-12-31", 400, "9999-12-31 is outside the season 2026 (2026-01-01 to 2026-12-31)."),
        ("inactive", 400, "Select a valid choice."),  # the seat lists offer active members only
        ("seated", 409, "Anna already sits at the open sitting at Bord 1; close it first."),
        ("nul-date", 400, "Enter a valid date."),
    ],
)
def test_web_refuses_a_sitting_against_the_rules(two_clubs, web, change, status, message):
    w = two_clubs["a"]
    erik, finn, gitte = (w.members[n].pk for n in ("Erik", "Finn", "Gitte"))
    data = {"season": w.season.pk, "table": w.free_table.pk, "date": "2026-03-19", "first_dealer": erik}
    data |= {"seat_0": erik, "seat_1": finn, "seat_2": gitte}
    if change == "inactive":
        Member.objects.filter(pk=gitte).update(active=False)
    elif change == "seated":
        data |= {"seat_0": w.members["Anna"].pk, "first_dealer": w.members["Anna"].pk}
    elif change == "nul-date":
        data["date"] = "2026-03-19\x00"
    else:
        data["date"] = change
    before = rows()

    response = web(w.users["scorer"]).post(reverse("sitting_new", args=[w.club.slug]), data)

    assert response.status_code == status
    assert message in response.text
    assert rows() == before


def test_web_answers_a_database_outage_with_503(two_clubs, web):
    w = two_clubs["a"]
    client = web(w.users["member"])
    with connection.execute_wrapper(database_down):
        response = client.get(reverse("club_home", args=[w.club.slug]))
    assert response.status_code == 503
    assert response.text == "The database is not answering; nothing was written. Try again in a moment."


@pytest.mark.parametrize(
    ("text", "limit", "deeper"),
    [
        ("[[[1]]]", 2, True),  # three levels
        ("[[[1]]]", 3, False),
        ('["[[[", {"a": "]]]]{{{{"}]', 2, False),  # brackets in strings are text: two levels
        ('["\\"[[[", ["x"]]', 2, False),  # an escaped quote does not end the string
        ('[{"a": [{"b": []}]}]', 4, True),  # [ { [ { [ : five levels
    ],
)
def test_json_depth_is_counted_outside_strings(text, limit, deeper):
    from club.inputs import json_depth_exceeds

    assert json_depth_exceeds(text, limit) is deeper


# --- the office's money pages: how members pay, a season's close, a payment's own key ------------------


@pytest.mark.parametrize(
    "data",
    [
        {"mobilepay": NUL, "bank_account": "", "payment_note": ""},
        {"mobilepay": "", "bank_account": "", "payment_note": RLO},
        {"mobilepay": "1" * 10_000, "bank_account": "", "payment_note": "n" * 10_000},
    ],
)
def test_web_refuses_hostile_payment_details_and_keeps_the_old(two_clubs, web, unchanged, data):
    w = two_clubs["a"]
    response = web(w.users["admin"]).post(reverse("office_payment_details", args=[w.club.slug]), data)

    assert response.status_code == 200 and response.context["form"].errors
    w.club.refresh_from_db()
    assert (w.club.mobilepay, w.club.bank_account, w.club.payment_note) == ("", "", "")


@pytest.mark.parametrize(
    "data",
    [{"how": "carry", "into": "abc"}, {"how": RLO, "into": NUL}, {"how": "x" * 10_000}, {"into": "9" * 40}],
)
def test_web_answers_a_hostile_season_close_without_closing(two_clubs, web, unchanged, data):
    w = two_clubs["a"]
    response = web(w.users["admin"]).post(reverse("office_season_close", args=[w.club.slug, w.season.pk]), data)

    assert response.status_code in (200, 400)
    w.season.refresh_from_db()
    assert w.season.closed_at is None  # it has an open sitting, and no later season to carry into


@pytest.fixture
def closable(two_clubs):
    """Club a's season 2026 with no open sitting, and two later seasons: 2027 (closed since the
    preview was shown) and 2028 (open, the only season a close may carry into)."""
    w = two_clubs["a"]
    close_sitting(w.open_sitting, how="split")
    later = clubs.make_season(w.club, name="2027", year=2027, point_value_ore=1)
    clubs.make_season(w.club, name="2028", year=2028, point_value_ore=1)
    Season.objects.filter(pk=later.pk).update(closed_at=timezone.now())
    return w, later


INTO_REFUSED = "Carry into a later season of the club that is not closed."


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (lambda w, later, other: {"how": "carry", "into": later.pk}, INTO_REFUSED),  # closed meanwhile
        (lambda w, later, other: {"how": "carry", "into": other.pk}, INTO_REFUSED),  # another club's
        (lambda w, later, other: {"how": "carry", "into": "abc"}, INTO_REFUSED),
        (lambda w, later, other: {"how": "carry", "into": "9" * 40}, INTO_REFUSED),
        (lambda w, later, other: {"how": "both", "into": ""}, "Choose split or carry."),
    ],
    ids=["closed-meanwhile", "another-clubs", "no-id", "huge-id", "no-way"],
)
def test_web_season_close_refuses_a_target_it_was_not_given(two_clubs, closable, web, data, message):
    """The close carried into the next open season (2028), or closed the season's own way,
    whatever was asked: money moved where the preview never said. It is refused, nothing closed."""
    w, later = closable
    before = rows()
    response = web(w.users["admin"]).post(
        reverse("office_season_close", args=[w.club.slug, w.season.pk]), data(w, later, two_clubs["b"].season)
    )

    assert response.status_code == 400
    assert message in response.text
    assert rows() == before
    w.season.refresh_from_db()
    assert w.season.closed_at is None


@pytest.mark.parametrize("data", [{}, {"active": "true"}, {"active": NUL}, {"active": "1", "x": "0"} | {"active": ""}])
@pytest.mark.parametrize("what", ["member", "table"])
def test_web_refuses_an_active_switch_that_is_neither_1_nor_0(two_clubs, web, unchanged, data, what):
    """Anything but "1" deactivated the member or retired the table (an empty POST too)."""
    w = two_clubs["a"]
    if what == "member":
        url = reverse("office_member_active", args=[w.club.slug, w.members["Carl"].pk])
    else:
        url = reverse("office_table_active", args=[w.club.slug, w.free_table.pk])

    response = web(w.users["admin"]).post(url, data)

    assert (response.status_code, response.text) == (400, "Send active=1 to make it active or active=0 to stop it.")
    assert Member.objects.get(pk=w.members["Carl"].pk).active and Table.objects.get(pk=w.free_table.pk).active


@pytest.mark.parametrize("key", [NUL, RLO, "k" * 10_000])
def test_web_refuses_a_hostile_payment_key(two_clubs, web, unchanged, key):
    w = two_clubs["a"]
    carl = w.members["Carl"]
    body = {
        "paid_on": "2026-11-20",
        "member": carl.pk,
        "direction": "in",
        "amount": "5,00",
        "method": "cash",
        "note": "",
        "idempotency_key": key,
    }
    response = web(w.users["admin"]).post(reverse("office_payments", args=[w.club.slug]), body)

    assert response.status_code == 200 and response.context["form"].errors


def test_web_reads_payment_details_that_are_no_utf_8_without_a_surrogate(two_clubs, web, unchanged):
    # A lone surrogate as a browser cannot send it but a hostile client can: its bytes, raw. Django
    # reads a form body's bytes that are no UTF-8 as U+FFFD, so what is kept is that, never a surrogate.
    w = two_clubs["a"]
    client = web(w.users["admin"])
    body = "mobilepay=&bank_account=%ED%A0%80&payment_note="
    response = raw_post(
        client, reverse("office_payment_details", args=[w.club.slug]), body, "application/x-www-form-urlencoded"
    )

    assert response.status_code == 302
    w.club.refresh_from_db()
    assert w.club.bank_account == "\ufffd\ufffd\ufffd"


@pytest.mark.parametrize("name", ["\u0301", "\u0301\u0308 \u0327"], ids=["an-accent", "accents-and-a-space"])
def test_api_refuses_a_member_name_of_combining_marks_only(two_clubs, api, unchanged, name):
    """Accents on nothing show as nothing (a dotted circle at most), as a blank name does; its
    look-alike skeleton (`club.inputs.name_key`) is empty."""
    w = two_clubs["a"]
    response = api(w.users["admin"]).post("/api/members/", {"club": w.club.pk, "name": name}, format="json")

    assert (response.status_code, response.json()) == (
        400,
        {"errors": [{"field": "name", "code": "refused", "message": "A name is needed."}]},
    )


# --- the members' spreadsheet ------------------------------------------------------------------------


def test_web_import_names_a_csv_field_too_long_to_read_without_importing(two_clubs, web, unchanged):
    """Python's csv reader refuses a field over 131,072 characters (csv.Error, a 500 here): the
    file is under the 1 MB the import takes, so its line is named and nothing is kept."""
    w = two_clubs["a"]
    sheet = "navn;email;rolle;saldo\nZoe;;;\n" + "Z" * 200_000 + ";;;\n"
    response = web(w.users["admin"]).post(
        reverse("office_members_import", args=[w.club.slug]),
        {"sheet_file": SimpleUploadedFile("medlemmer.csv", sheet.encode(), "text/csv")},
    )

    assert response.status_code == 400
    assert response.context["carried"].problems == [
        RowProblem(3, "A field is longer than 131072 characters: no name, address, role or saldo is.")
    ]


def xlsx(*rows) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@pytest.mark.parametrize("saldo", [1e30, 1e308, -1e27])
def test_web_import_names_a_spreadsheet_number_too_large_for_kroner(two_clubs, web, unchanged, saldo):
    """A number cell is written as kroner with two decimals: one of 28 digits or more was past
    what Decimal.quantize can (InvalidOperation, a 500). It is named as the amount it is not."""
    w = two_clubs["a"]
    sheet = xlsx(["navn", "email", "rolle", "saldo"], ["Zoe", None, None, saldo])
    response = web(w.users["admin"]).post(
        reverse("office_members_import", args=[w.club.slug]),
        {"sheet_file": SimpleUploadedFile("medlemmer.xlsx", sheet)},
    )

    assert response.status_code == 400
    assert response.context["carried"].problems == [
        RowProblem(
            2,
            "Write the amount in kroner as 1.234,50 or 1234,50 (digits 0–9, at most two decimals), "
            f'not "{abs(saldo)!s}".',
        )
    ]


# --- a deal's idempotency key sent again with another deal -----------------------------------------


def deal_form(w, **fields) -> dict:
    """Deal 2 at Bord 1 as the deal form posts it (Bent deals, Carl takes the last trick)."""
    base = {"dealer": "Bent", "forehand": "Carl", "middlehand": "Anna", "last_trick": "Carl", "number": "2"}
    return base | {"idempotency_key": "k-deal-2", "saved_by": ""} | fields


KEY_REUSED_WEB = (
    "This form was saved already as deal 2, with other entries; nothing was recorded. "
    "Open the deal form anew for another deal."
)


def test_web_deal_form_refuses_its_key_sent_again_with_another_deal(two_clubs, web):
    """A repeated key answers the first save (a double tap, Back and save): sent with other entries
    it would say "saved already" and drop them unseen. 409, the deal as first saved, nothing more."""
    w = two_clubs["a"]
    client = web(w.users["scorer"])
    url = reverse("deal_new", args=[w.club.slug, w.open_sitting.pk])
    assert client.post(url, deal_form(w)).status_code == 302
    before = rows()

    response = client.post(url, deal_form(w, last_trick="Anna"))

    assert response.status_code == 409
    assert KEY_REUSED_WEB in response.text
    assert rows() == before
    assert w.open_sitting.deals.get(number=2).current_version.record["last_trick"] == "Carl"


def test_offline_queue_refuses_a_key_sent_again_with_another_deal(two_clubs, web):
    w = two_clubs["a"]
    client = web(w.users["scorer"])
    url = reverse("deal_queued", args=[w.club.slug, w.open_sitting.pk])
    assert client.post(url, deal_form(w), HTTP_ACCEPT="application/json").status_code == 201
    before = rows()

    response = client.post(url, deal_form(w, last_trick="Anna"), HTTP_ACCEPT="application/json")

    assert (response.status_code, response.json()) == (409, {"status": "invalid", "message": KEY_REUSED_WEB})
    assert rows() == before


def test_the_service_refuses_a_key_sent_again_with_another_deal(two_clubs):
    from club.services.deals import DealKeyReused, record_deal

    w = two_clubs["a"]
    bent = w.users["scorer"]
    record_deal(w.open_sitting, w.open_deal_2, by=bent, idempotency_key="k")
    before = rows()

    with pytest.raises(DealKeyReused) as refused, translation.override("en"):
        record_deal(w.open_sitting, w.open_deal_2 | {"last_trick": "Anna"}, by=bent, idempotency_key="k")

    assert refused.value.number == 2
    assert str(refused.value) == "This Idempotency-Key was already used for a different deal."
    assert rows() == before
    # The same deal again is the first answer, as before.
    assert record_deal(w.open_sitting, w.open_deal_2, by=bent, idempotency_key="k").created is False


def test_the_same_deal_sent_again_is_the_same_deal_however_its_record_was_built(two_clubs):
    """The key's first deal is read back from its JSON column (lists, text keys): the same deal
    built with a tuple of players is still the same deal, answered with the first, not refused."""
    from club.services.deals import record_deal

    w = two_clubs["a"]
    bent = w.users["scorer"]
    first = record_deal(w.open_sitting, w.open_deal_2, by=bent, idempotency_key="k")
    before = rows()

    again = record_deal(
        w.open_sitting, w.open_deal_2 | {"players": tuple(w.open_deal_2["players"])}, by=bent, idempotency_key="k"
    )

    assert (again.created, again.deal.pk) == (False, first.deal.pk)
    assert rows() == before
