"""Recording, refusing, repeating, correcting and closing through the API.

Figures are worked out by hand in conftest.py; the 400 bodies are compared with what
`rules.replay` says about the same sitting record.
"""

from __future__ import annotations

import pytest

import rules
from club.models import Deal, DealVersion, Sitting
from ledger.models import Transaction

OPEN_TABLE = ["Anna", "Bent", "Carl", "Dorte"]


def record_url(sitting) -> str:
    return f"/api/sittings/{sitting.pk}/deals/"


@pytest.fixture
def club(two_clubs):
    return two_clubs["a"]


@pytest.fixture
def scorer(api, club):
    return api(club.users["scorer"])


# --- recording --------------------------------------------------------------------------------


def test_a_recorded_deal_answers_201_with_its_settlement(scorer, club):
    response = scorer.post(record_url(club.open_sitting), club.open_deal_2, format="json")

    assert response.status_code == 201
    deal = Deal.objects.get(sitting=club.open_sitting, number=2)
    assert response.json() == {
        "id": deal.pk,
        "sitting": club.open_sitting.pk,
        "number": 2,
        "version": 1,
        "record": club.open_deal_2,
        "entered_by": "Bent",  # the scorer login's member name in the club
        "entered_at": response.json()["entered_at"],
        "reason": "",
        "events": [
            {
                "kind": "deal",
                "number": 2,
                "items": [
                    # Bent deals: 5 to each cup.
                    {
                        "rule": "stake",
                        "ref": "001 L258",
                        "postings": {"Bent": -10, "cup:pagat": 5, "cup:king": 5},
                        "player": "Bent",
                    },
                    # Carl takes the last trick: 20 from each of the other two players.
                    {
                        "rule": "last_trick",
                        "ref": "001 L300",
                        "postings": {"Carl": 40, "Bent": -20, "Anna": -20},
                        "player": "Carl",
                    },
                ],
                "net": {"Anna": -20, "Bent": -30, "Carl": 40, "Dorte": 0},
                "cups_after": {"pagat": 90, "king": 90},
            }
        ],
    }


def test_the_recorded_deal_moves_the_balances(api, club):
    api(club.users["scorer"]).post(record_url(club.open_sitting), club.open_deal_2, format="json")
    carl = club.members["Carl"]
    balance = api(club.users["member"]).get(f"/api/members/{carl.pk}/balance/").json()
    # Funding -40, deal 1 sat out, deal 2 +40.
    assert balance == {
        "member": carl.pk,
        "name": "Carl",
        "points": 0,
        "saldo_ore": 0,  # the two clubs' season plays at 1 øre a point
        "seasons": [{"season": club.season.pk, "name": "2026", "points": 0}],
        "unaccounted": [],
    }
    table = api(club.users["member"]).get(f"/api/tables/{club.open_table.pk}/").json()
    assert table["cups"] == {"pagat": 90, "king": 90}


def test_the_sittings_deal_list_shows_both_deals_in_order(scorer, club):
    scorer.post(record_url(club.open_sitting), club.open_deal_2, format="json")
    listed = scorer.get(record_url(club.open_sitting)).json()
    assert listed["count"] == 2
    assert [(d["number"], d["record"]) for d in listed["results"]] == [(1, club.open_deal_1), (2, club.open_deal_2)]


def test_a_deal_names_who_entered_it_by_his_member_name(scorer, club):
    """Bent's login is "vestby-scorer": the lists and the deal say "Bent", as the audit page does;
    deal 1 came in without a login (the test world's import), so nobody entered it."""
    scorer.post(record_url(club.open_sitting), club.open_deal_2, format="json")
    in_sitting = scorer.get(record_url(club.open_sitting)).json()["results"]
    everywhere = scorer.get(f"/api/deals/?sitting={club.open_sitting.pk}").json()["results"]
    assert [d["entered_by"] for d in in_sitting] == [d["entered_by"] for d in everywhere] == [None, "Bent"]
    deal_2 = Deal.objects.get(sitting=club.open_sitting, number=2)
    assert scorer.get(f"/api/deals/{deal_2.pk}/").json()["entered_by"] == "Bent"


def test_the_deal_list_counts_deals_not_versions_across_its_pages(scorer, club):
    """Three deals (the closed sitting's one, the open sitting's two), deal 1 corrected once: the
    count is 3 on every page, the pages hold the deals by sitting and number."""
    scorer.post(record_url(club.open_sitting), club.open_deal_2, format="json")
    scorer.post(
        f"/api/deals/{club.open_deal.pk}/corrections/",
        {"record": club.open_deal_1_corrected, "reason": "Dorte took the last trick"},
        format="json",
    )
    deals = list(Deal.objects.filter(sitting__season__club=club.club).order_by("sitting_id", "number"))

    first = scorer.get("/api/deals/?page_size=2").json()
    second = scorer.get("/api/deals/?page_size=2&page=2").json()
    of_the_sitting = scorer.get(f"/api/deals/?sitting={club.open_sitting.pk}&page_size=1").json()

    assert len(deals) == 3
    assert (first["count"], second["count"], of_the_sitting["count"]) == (3, 3, 2)
    assert [d["id"] for d in first["results"] + second["results"]] == [d.pk for d in deals]
    assert first["previous"] is None and first["next"].endswith("page=2&page_size=2")
    assert second["next"] is None
    assert [(d["number"], d["version"]) for d in of_the_sitting["results"]] == [(1, 2)]


# --- refusing ---------------------------------------------------------------------------------

# Deal 2 with a mistake in four fields, each caught while reading the record. The engine reads
# melds before counts and the Pagat after both; `rules replay` lists problems by field.
UNREADABLE_DEAL_2 = {
    "dealer": "Bent",
    "players": ["Bent", "Carl", "Anna"],
    "melds": {"Carl": {"taroks": 9, "pagat": True}},
    "counts": {"Anna": "many"},
    "pagat": {"holder": "Bent", "fate": "won"},
    "stopped": "no",
}
# Deal 2 that reads well but breaks the table's rules: Dorte sits out yet melds and takes the
# last trick, and Erik is not at the table at all.
INVALID_DEAL_2 = {
    "dealer": "Bent",
    "players": ["Bent", "Carl", "Anna"],
    "last_trick": "Dorte",
    "melds": {"Dorte": {"matadors": 3}},
    "nolo": "Erik",
}


@pytest.mark.parametrize("bad_deal", [UNREADABLE_DEAL_2, INVALID_DEAL_2], ids=["unreadable", "invalid"])
def test_a_refused_deal_answers_400_with_the_error_list_of_rules_replay(scorer, club, bad_deal):
    sitting_record = {"ruleset": "vlk-2010", "table": OPEN_TABLE, "deals": [club.open_deal_1, bad_deal]}
    with pytest.raises(rules.InvalidRecord) as replayed:
        rules.replay(sitting_record)
    versions_before = DealVersion.objects.count()
    transactions_before = Transaction.objects.count()

    response = scorer.post(record_url(club.open_sitting), bad_deal, format="json")

    assert response.status_code == 400
    assert response.json() == replayed.value.as_dict()
    assert len(response.json()["errors"]) >= 2
    assert {e["deal"] for e in response.json()["errors"]} == {2}
    assert (DealVersion.objects.count(), Transaction.objects.count()) == (versions_before, transactions_before)


def test_the_unreadable_deal_names_every_field(scorer, club):
    response = scorer.post(record_url(club.open_sitting), UNREADABLE_DEAL_2, format="json")
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("counts.Anna", "wrong_type"),
        ("melds.Carl.taroks", "out_of_range"),
        ("pagat.fate", "unknown_value"),
        ("stopped", "wrong_type"),
    ]
    assert response.json()["errors"][1]["message"] == "9 is outside 10..22."


def test_a_closed_sitting_answers_409(scorer, club):
    response = scorer.post(record_url(club.closed_sitting), club.open_deal_2, format="json")
    assert response.status_code == 409
    assert response.json() == {"detail": "The sitting is closed."}


def test_a_deal_number_someone_else_recorded_answers_409(scorer, club):
    response = scorer.post(record_url(club.open_sitting) + "?number=1", club.open_deal_2, format="json")
    assert response.status_code == 409
    assert response.json() == {"detail": "Deal 1 is already recorded; the next deal is 2."}
    assert scorer.post(record_url(club.open_sitting) + "?number=2", club.open_deal_2, format="json").status_code == 201


# --- Idempotency-Key ----------------------------------------------------------------------------


def test_a_repeated_idempotency_key_returns_the_first_answer_and_records_one_deal(scorer, club):
    url = record_url(club.open_sitting)
    first = scorer.post(url, club.open_deal_2, format="json", HTTP_IDEMPOTENCY_KEY="phone-7f3a")
    again = scorer.post(url, club.open_deal_2, format="json", HTTP_IDEMPOTENCY_KEY="phone-7f3a")

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert club.open_sitting.deals.count() == 2


def test_an_idempotency_key_reused_for_another_deal_answers_409(scorer, club):
    url = record_url(club.open_sitting)
    scorer.post(url, club.open_deal_2, format="json", HTTP_IDEMPOTENCY_KEY="phone-7f3a")
    other = club.open_deal_2 | {"last_trick": "Anna"}
    response = scorer.post(url, other, format="json", HTTP_IDEMPOTENCY_KEY="phone-7f3a")
    assert response.status_code == 409
    assert response.json() == {"detail": "This Idempotency-Key was already used for a different deal."}
    assert club.open_sitting.deals.count() == 2


def test_idempotency_keys_belong_to_their_user(api, club):
    """Anna's key "k1" is not Bent's "k1": her POST records deal 3, it does not get his deal 2."""
    url = record_url(club.open_sitting)
    bent = api(club.users["scorer"]).post(url, club.open_deal_2, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    deal_3 = {
        "dealer": "Carl",
        "players": list(rules.danish.seat_order_from("Carl", OPEN_TABLE)),
        "last_trick": "Dorte",
    }
    anna = api(club.users["admin"]).post(url, deal_3, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert (bent.status_code, anna.status_code) == (201, 201)
    assert (bent.json()["number"], anna.json()["number"]) == (2, 3)


def test_a_deal_number_that_is_no_number_answers_the_error_list(scorer, club):
    response = scorer.post(record_url(club.open_sitting) + "?number=two", club.open_deal_2, format="json")
    assert (response.status_code, response.json()) == (
        400,
        {
            "errors": [
                {
                    "deal": None,
                    "field": "number",
                    "code": "invalid",
                    "message": "Expected a whole number.",
                    "message_da": "Forventede et heltal.",
                }
            ]
        },
    )
    assert club.open_sitting.deals.count() == 1


def test_an_overlong_idempotency_key_answers_400(scorer, club):
    response = scorer.post(
        record_url(club.open_sitting), club.open_deal_2, format="json", HTTP_IDEMPOTENCY_KEY="k" * 65
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "deal": None,
                "field": "Idempotency-Key",
                "code": "invalid",
                "message": "Use 1 to 64 printable ASCII characters.",
                "message_da": "Brug 1 til 64 synlige ASCII-tegn.",
            }
        ]
    }
    assert club.open_sitting.deals.count() == 1


# --- corrections ----------------------------------------------------------------------------------


def test_a_correction_answers_201_with_the_money_it_moved(scorer, club):
    scorer.post(record_url(club.open_sitting), club.open_deal_2, format="json")
    deal = club.open_deal

    response = scorer.post(
        f"/api/deals/{deal.pk}/corrections/",
        {"record": club.open_deal_1_corrected, "reason": "Dorte took the last trick, not Bent"},
        format="json",
    )

    assert response.status_code == 201
    # Deal 1 with the last trick to Dorte: Bent 20 + 10 - 20 = +10 (was +70), Dorte -10 - 5 + 40
    # = +25 (was -35); Anna pays 20 for the last trick either way (-45). The cups do not move,
    # so deal 2 settles as before and is not listed.
    sitting = club.open_sitting.pk
    assert response.json() == {
        "deal": deal.pk,
        "version": 2,
        "reason": "Dorte took the last trick, not Bent",
        "differences": [
            {
                "sitting": sitting,
                "event": "deal:1",
                "account": "Bent",
                "member": club.members["Bent"].pk,
                "before": 70,
                "after": 10,
            },
            {
                "sitting": sitting,
                "event": "deal:1",
                "account": "Dorte",
                "member": club.members["Dorte"].pk,
                "before": -35,
                "after": 25,
            },
        ],
    }
    shown = scorer.get(f"/api/deals/{deal.pk}/").json()
    assert (shown["version"], shown["record"], shown["reason"]) == (
        2,
        club.open_deal_1_corrected,
        "Dorte took the last trick, not Bent",
    )
    assert shown["events"][0]["net"] == {"Anna": -45, "Bent": 10, "Carl": 0, "Dorte": 25}


def test_a_correction_needs_a_reason(scorer, club):
    response = scorer.post(
        f"/api/deals/{club.open_deal.pk}/corrections/",
        {"record": club.open_deal_1_corrected, "reason": "  "},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "deal": None,
                "field": "reason",
                "code": "blank",
                "message": "This field may not be blank.",
                "message_da": "Dette felt må ikke være tomt.",
            }
        ]
    }
    assert DealVersion.objects.filter(deal=club.open_deal).count() == 1


def test_an_invalid_correction_answers_400_with_the_error_list(scorer, club):
    wrong = club.open_deal_1 | {"players": ["Anna", "Dorte", "Bent"]}
    with pytest.raises(rules.InvalidRecord) as replayed:
        rules.replay({"ruleset": "vlk-2010", "table": OPEN_TABLE, "deals": [wrong]})
    response = scorer.post(
        f"/api/deals/{club.open_deal.pk}/corrections/", {"record": wrong, "reason": "seats"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == replayed.value.as_dict()


# --- starting and closing sittings ----------------------------------------------------------------


def test_starting_a_sitting_seats_the_members_and_funds_the_cups(scorer, club):
    response = scorer.post("/api/sittings/", club.start_body(), format="json")

    assert response.status_code == 201
    sitting = Sitting.objects.get(pk=response.json()["id"])
    assert response.json()["seats"] == [
        {"position": 0, "member": club.members["Erik"].pk, "name": "Erik"},
        {"position": 1, "member": club.members["Finn"].pk, "name": "Finn"},
        {"position": 2, "member": club.members["Gitte"].pk, "name": "Gitte"},
    ]
    assert (response.json()["is_open"], sitting.table_id, str(sitting.date)) == (True, club.free_table.pk, "2026-03-19")
    # Three members pay 20 into each empty cup.
    assert scorer.get(f"/api/tables/{club.free_table.pk}/").json()["cups"] == {"pagat": 60, "king": 60}


def test_a_table_with_an_open_sitting_answers_409(scorer, club):
    body = club.start_body() | {"table": club.open_table.pk}
    response = scorer.post("/api/sittings/", body, format="json")
    assert response.status_code == 409
    assert response.json() == {"detail": "Bord 1 already has an open sitting; close it first."}


def test_two_members_are_no_table(scorer, club):
    body = club.start_body() | {"members": [club.members["Erik"].pk, club.members["Finn"].pk]}
    response = scorer.post("/api/sittings/", body, format="json")
    assert response.status_code == 400
    assert [(e["deal"], e["field"], e["code"]) for e in response.json()["errors"]] == [(None, "table", "table_size")]


def test_closing_splits_the_cups_and_answers_with_the_close(scorer, club):
    response = scorer.post(f"/api/sittings/{club.open_sitting.pk}/close/", {"how": "split"}, format="json")

    assert response.status_code == 200
    body = response.json()
    assert (body["is_open"], body["closed_how"]) == (False, "split")
    # 85 + 85 = 170 among four: 42 each and 2 over, one each from the first dealer Anna on.
    assert body["close"] == {
        "kind": "close",
        "items": [
            {
                "rule": "close_split",
                "ref": "brief §5",
                "postings": {"cup:pagat": -85, "cup:king": -85, "Anna": 43, "Bent": 43, "Carl": 42, "Dorte": 42},
            }
        ],
        "cups_after": {"pagat": 0, "king": 0},
    }
    again = scorer.post(f"/api/sittings/{club.open_sitting.pk}/close/", {}, format="json")
    assert again.status_code == 409
    assert again.json() == {"detail": "The sitting is already closed."}
