"""One protocol per endpoint of a deal's save. The deal form (`deal_new`) takes a plain form post
and answers a redirect, or, asked by htmx for a whole page (the card table's save), that page at
once with its address in HX-Push-Url; the phone's offline queue sends each waiting deal to its own
address (`deal_queued`), which answers JSON only, refusals included. Each refuses the other's
requests with a clear 4xx, and nothing is recorded."""

import pytest
from django.urls import reverse

from club.models import Deal
from table_evening import DEAL_1_FORM as TABLE_DEAL_1_FORM

DEAL_1_FORM = TABLE_DEAL_1_FORM | {"number": "1", "idempotency_key": "phone-1"}
JSON = {"Accept": "application/json"}
BOOSTED = {"HX-Request": "true", "HX-Boosted": "true"}


def entry_url(sitting) -> str:
    return reverse("deal_new", args=["nordvest", sitting.pk])


def queue_url(sitting) -> str:
    return reverse("deal_queued", args=["nordvest", sitting.pk])


def sheet_url(sitting) -> str:
    return reverse("sitting", args=["nordvest", sitting.pk])


# --- the deal form: a plain form post, or htmx's request for the page it leads to -------------


def test_a_plain_save_is_answered_with_a_redirect_to_the_row(sitting, as_member):
    answer = as_member("Bent").post(entry_url(sitting), DEAL_1_FORM)

    assert answer.status_code == 302
    assert answer["Location"] == f"{sheet_url(sitting)}#deal-1"
    assert "HX-Push-Url" not in answer
    assert Deal.objects.get().number == 1


def test_a_plain_save_and_next_is_answered_with_a_redirect_to_the_next_form(sitting, as_member):
    answer = as_member("Bent").post(entry_url(sitting), DEAL_1_FORM | {"next": "1"})

    assert (answer.status_code, answer["Location"]) == (302, entry_url(sitting))


def test_the_same_deal_drop_mine_from_the_script_is_the_sheet_at_the_deal_saved_first(sitting, as_member):
    client = as_member("Bent")
    client.post(entry_url(sitting), DEAL_1_FORM)

    answer = client.post(entry_url(sitting), DEAL_1_FORM | {"idempotency_key": "phone-2", "drop": "1"}, headers=BOOSTED)

    assert answer.status_code == 200
    assert answer["HX-Push-Url"] == f"{sheet_url(sitting)}#deal-1"
    assert "Nothing was recorded: deal 1 stands as it was saved." in answer.text
    assert Deal.objects.count() == 1


def test_an_htmx_request_that_is_not_for_a_whole_page_gets_the_plain_redirect(sitting, as_member):
    answer = as_member("Bent").post(entry_url(sitting), DEAL_1_FORM, headers={"HX-Request": "true"})

    assert (answer.status_code, answer["Location"]) == (302, f"{sheet_url(sitting)}#deal-1")
    assert "HX-Push-Url" not in answer


def test_the_deal_form_refuses_the_offline_queues_resend(sitting, as_member):
    """An old script's queue, before the queue had its own address: refused, the deal stays on
    the phone (the new script sends it to `deal_queued`)."""
    answer = as_member("Bent").post(entry_url(sitting), DEAL_1_FORM, headers={"X-Tarok-Resend": "1"} | JSON)

    assert answer.status_code == 400
    assert answer.text == "Deals waiting on the phone are sent to their own address."
    assert not Deal.objects.exists()


# --- the offline queue's address: JSON in, JSON out --------------------------------------------


def send(client, sitting, data, headers=JSON):
    return client.post(queue_url(sitting), data, headers=headers)


def test_the_queue_records_a_deal_once_with_its_settlement_in_words(sitting, as_member):
    client = as_member("Bent")

    first = send(client, sitting, DEAL_1_FORM)
    again = send(client, sitting, DEAL_1_FORM)

    assert first.status_code == 201
    assert first.json() == {
        "status": "recorded",
        "message": "Deal 1 is saved: Anna −15, Bent +30, Carl 0, Dorte −25.",
        "number": 1,
        "url": f"{sheet_url(sitting)}#deal-1",
    }
    assert (again.status_code, again.json()["status"], again.json()["number"]) == (200, "recorded", 1)
    assert Deal.objects.count() == 1


def test_the_queue_refuses_a_wrong_deal_with_its_problems(sitting, as_member):
    answer = send(as_member("Bent"), sitting, DEAL_1_FORM | {"last_trick": "Carl"})

    assert answer.status_code == 400
    assert answer.json() == {"status": "invalid", "message": "Carl does not play this deal."}
    assert not Deal.objects.exists()


def test_the_queue_asks_before_recording_the_last_deal_again(sitting, as_member):
    client = as_member("Bent")
    send(client, sitting, DEAL_1_FORM)

    asked = send(client, sitting, DEAL_1_FORM | {"number": "2", "idempotency_key": "phone-2"})
    confirmed = send(
        client, sitting, DEAL_1_FORM | {"number": "2", "idempotency_key": "phone-2", "confirm_duplicate": "1"}
    )

    assert (asked.status_code, asked.json()["status"]) == (409, "confirm")
    assert asked.json()["message"].startswith("This deal is the same as the last one, with the same dealer.")
    assert (confirmed.status_code, confirmed.json()["number"]) == (201, 2)
    assert list(Deal.objects.order_by("number").values_list("number", flat=True)) == [1, 2]


def test_the_queue_says_a_closed_sitting_takes_no_more_deals(played, as_member):
    client = as_member("Bent")
    client.post(reverse("sitting_close", args=["nordvest", played.pk]), {"how": "carry", "confirmed": "1"})

    answer = send(client, played, DEAL_1_FORM | {"number": "4"})

    assert (answer.status_code, answer.json()) == (409, {"status": "invalid", "message": "The sitting is closed."})
    assert Deal.objects.count() == 3


def test_the_queue_refuses_a_page_load_and_a_form_post_and_htmx(sitting, as_member):
    client = as_member("Bent")

    page = client.get(queue_url(sitting))
    form_post = send(client, sitting, DEAL_1_FORM, headers={"Accept": "text/html"})
    htmx = send(client, sitting, DEAL_1_FORM, headers=JSON | BOOSTED)

    assert (page.status_code, page["Allow"], page.json()["status"]) == (405, "POST", "refused")
    assert form_post.status_code == 406 and htmx.status_code == 406
    assert form_post.json() == {
        "status": "refused",
        "message": "This address answers the offline queue's deals in JSON only.",
    }
    assert not Deal.objects.exists()


def test_the_queue_tells_a_session_that_ended_in_json(sitting, client):
    answer = send(client, sitting, DEAL_1_FORM)

    assert answer.status_code == 401
    assert answer.json()["status"] == "signed_out"


@pytest.mark.parametrize(
    ("who", "status", "message"),
    [
        ("outsider", 404, "No such sitting in your clubs."),
        ("Erik", 403, "Only the club's scorers and admins may do this."),  # a member who may not score
    ],
)
def test_the_queue_refuses_who_may_not_score_here_in_json(sitting, members, outsider, client, who, status, message):
    client.force_login(outsider if who == "outsider" else members[who].user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"

    answer = send(client, sitting, DEAL_1_FORM)

    assert (answer.status_code, answer.json()) == (status, {"status": "refused", "message": message})
    assert not Deal.objects.exists()


def test_the_queue_refuses_a_sitting_of_another_club(sitting, as_member):
    answer = as_member("Bent").post(reverse("deal_queued", args=["nordvest", 999999]), DEAL_1_FORM, headers=JSON)

    assert (answer.status_code, answer.json()["status"]) == (404, "refused")
