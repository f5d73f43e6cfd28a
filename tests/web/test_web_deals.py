"""Entering a deal: the rotation pre-filled, the live preview, saving once, and mistakes shown."""

import re

from django.urls import reverse

from club.models import Deal, DealVersion
from club.services import balances
from ledger.models import Posting, Transaction
from table_evening import DEAL_1, DEAL_1_FORM


def entry_url(sitting):
    return reverse("deal_new", args=["nordvest", sitting.pk])


def preview_url(sitting):
    return reverse("deal_preview", args=["nordvest", sitting.pk])


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def selected(html: str, name: str) -> str:
    """The checked button of a choice (players and cards are buttons: radio inputs)."""
    return re.search(rf'<input type="radio" name="{name}" value="([^"]*)"[^>]*\schecked', html).group(1)


def test_the_first_deal_is_the_first_dealers(sitting, as_member):
    page = as_member("Bent").get(entry_url(sitting))

    assert page.status_code == 200
    assert (selected(page.text, "dealer"), selected(page.text, "forehand"), selected(page.text, "middlehand")) == (
        "Anna",
        "Bent",
        "Dorte",
    )
    assert '<span id="sits-out">Carl</span>' in page.text
    assert hidden(page.text, "number") == "1"
    assert re.fullmatch(r"[0-9a-f]{32}", hidden(page.text, "idempotency_key"))
    assert f'hx-post="{preview_url(sitting)}" hx-trigger="change, keyup delay:500ms"' in page.text


def test_the_next_dealer_is_the_previous_forehand(played, as_member):
    page = as_member("Bent").get(entry_url(played)).text

    # Deal 3: Carl dealt, Dorte was forehand; so Dorte deals deal 4, Anna leads, Carl counts.
    assert (selected(page, "dealer"), selected(page, "forehand"), selected(page, "middlehand")) == (
        "Dorte",
        "Anna",
        "Carl",
    )
    assert hidden(page, "number") == "4"


def test_each_page_load_gets_its_own_idempotency_key(sitting, as_member):
    client = as_member("Bent")

    assert hidden(client.get(entry_url(sitting)).text, "idempotency_key") != hidden(
        client.get(entry_url(sitting)).text, "idempotency_key"
    )


def test_saving_records_the_deal_and_returns_to_the_score_sheet(sitting, members, as_member):
    client = as_member("Bent")

    response = client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "k-1"})

    assert response.status_code == 302
    assert response["Location"] == f"/c/nordvest/sittings/{sitting.pk}/#deal-1"
    version = DealVersion.objects.get()
    assert version.record == DEAL_1
    assert version.entered_by == members["Bent"].user
    assert version.idempotency_key == f"{members['Bent'].user.pk}:{sitting.pk}:k-1"  # his key, at this sitting
    assert balances.sitting_totals(sitting) == {
        members[n].pk: p for n, p in {"Anna": -55, "Bent": -10, "Carl": -40, "Dorte": -65}.items()
    }


def test_a_double_tap_makes_one_deal(sitting, as_member):
    client = as_member("Bent")
    form = DEAL_1_FORM | {"number": "1", "idempotency_key": "same-tap"}

    first = client.post(entry_url(sitting), form)
    second = client.post(entry_url(sitting), form)

    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Deal.objects.count() == 1
    assert Transaction.objects.filter(entry__kind="deal").count() == 1


def points_of(html: str, side: str) -> dict[str, int]:
    """The points each member got in one side of the "is it the same deal?" comparison."""
    block = re.search(rf'data-deal="{side}">(.*?)</div>', html, re.S).group(1)
    return {name: int(points) for name, points in re.findall(r'data-name="(\w+)" data-points="(-?\d+)"', block)}


def test_a_deal_someone_else_saved_first_is_shown_beside_this_one_and_not_saved_twice(sitting, as_member):
    client = as_member("Bent")
    client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "anna-phone"})

    # The same deal 1 from a second phone: the deal saved first beside it, and a question.
    asked = client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "bent-phone"})
    assert asked.status_code == 200
    assert "Deal 1 was already saved by Bent — is it the same deal?" in asked.text
    theirs, mine = points_of(asked.text, "theirs"), points_of(asked.text, "mine")
    assert theirs == mine and set(theirs) == {"Anna", "Bent", "Carl", "Dorte"} and theirs["Bent"] > 0
    # It never moves on by itself: the page is still deal 1, this phone's key, its entries.
    assert hidden(asked.text, "number") == "1"
    assert hidden(asked.text, "idempotency_key") == "bent-phone"
    assert 'name="record_as" value="2"' in asked.text and 'name="drop" value="1"' in asked.text
    assert Deal.objects.count() == 1

    # Saved again as it is: the same question, nothing recorded.
    again = client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "bent-phone"})
    assert "is it the same deal?" in again.text and Deal.objects.count() == 1

    # "The same deal: drop mine": nothing is recorded; the sheet says so.
    dropped = client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "drop": "1"}, follow=True)
    assert "Nothing was recorded: deal 1 stands as it was saved." in dropped.text
    assert Deal.objects.count() == 1


def test_a_deal_whose_number_was_taken_is_recorded_as_the_next_when_the_scorer_says_so(sitting, members, as_member):
    client = as_member("Bent")
    client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "anna-phone"})

    # "A new deal: record as 2", even with the dealer of deal 1 (the scorer was asked).
    saved = client.post(
        entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "bent-phone", "record_as": "2"}
    )

    assert saved.status_code == 302 and saved["Location"].endswith("#deal-2")
    assert list(Deal.objects.values_list("number", flat=True)) == [1, 2]
    bent = members["Bent"].user.pk
    assert DealVersion.objects.get(deal__number=2).idempotency_key == f"{bent}:{sitting.pk}:bent-phone"


def choice_classes(html: str) -> dict[str, str]:
    """The choices of the "is it the same deal?" question, in their order: data-choice -> class."""
    choices = html.split('class="choices"')[1]
    found = re.findall(r'<button[^>]*class="([^"]*)"[^>]*data-choice="([^"]*)"', choices)
    return {choice: classes for classes, choice in found}


def test_the_same_deal_saved_twice_asks_with_the_same_deal_as_the_primary_choice(sitting, as_member):
    client = as_member("Bent")
    client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "anna-phone"})

    # Bent's deal 1 again, the same dealer and points: most likely one deal on two phones.
    asked = client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "bent-phone"})

    classes = choice_classes(asked.text)
    assert list(classes) == ["drop", "renumber"]  # "the same deal" first
    assert "primary" in classes["drop"].split() and "primary" not in classes["renumber"].split()


def test_a_deal_recorded_as_the_next_keeps_every_role_as_entered_and_records_the_points_shown(sitting, as_member):
    """Anna's phone still shows deal 1 (Anna deals, Bent forehand, Dorte middlehand) while another
    deal 1 is saved; hers is another deal: Dorte saves the Pagat and takes the last trick, Anna
    counts 30 and Dorte 25. "A new deal: record as 2" records it with those roles: the counts stay
    with Anna and Dorte as the Pagat and the last trick stay with Dorte, the points shown."""
    client = as_member("Bent")
    client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "anna-phone"})
    mine = DEAL_1_FORM | {
        "number": "1",
        "idempotency_key": "bent-phone",
        "pagat": "Dorte:saved",
        "last_trick": "Dorte",
        "dealer_count": "30",
        "middlehand_count": "25",
    }

    asked = client.post(entry_url(sitting), mine)
    classes = choice_classes(asked.text)
    assert "primary" in classes["renumber"].split() and "primary" not in classes["drop"].split()
    assert "A new deal: record as 2" in asked.text and "dealt by Anna, as entered" in asked.text
    shown = points_of(asked.text, "mine")

    saved = client.post(entry_url(sitting), mine | {"record_as": "2"})
    assert saved.status_code == 302 and saved["Location"].endswith("#deal-2")
    record = DealVersion.objects.get(deal__number=2).record
    assert (record["dealer"], record["players"]) == ("Anna", ["Anna", "Bent", "Dorte"])
    sheet = client.get(saved["Location"].split("#")[0]).text
    row = re.search(r'<tr id="deal-2".*?</tr>', sheet, re.S).group(0)
    changes = [int(c) for c in re.findall(r'data-change="(-?\d+)"', row)]
    assert dict(zip(["Anna", "Bent", "Carl", "Dorte"], changes)) == shown
    assert shown["Dorte"] > 0


def test_the_last_deal_again_with_the_same_dealer_is_asked_about_first(sitting, as_member):
    client = as_member("Bent")
    client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "first"})

    # Deal 2 with deal 1's entries and dealer: an old page saved twice, more likely than a deal.
    asked = client.post(entry_url(sitting), DEAL_1_FORM | {"number": "2", "idempotency_key": "second"})
    assert "This deal is the same as the last one, with the same dealer." in asked.text
    assert hidden(asked.text, "confirm_duplicate") == "1"  # the next save records it
    assert Deal.objects.count() == 1

    confirmed = client.post(
        entry_url(sitting), DEAL_1_FORM | {"number": "2", "idempotency_key": "second", "confirm_duplicate": "1"}
    )
    assert confirmed.status_code == 302
    assert list(Deal.objects.values_list("number", flat=True)) == [1, 2]


def test_a_queued_deal_whose_number_was_taken_gets_the_question_as_json(sitting, as_member):
    client = as_member("Bent")
    client.post(entry_url(sitting), DEAL_1_FORM | {"number": "1", "idempotency_key": "anna-phone"})

    answer = client.post(
        reverse("deal_queued", args=["nordvest", sitting.pk]),
        DEAL_1_FORM | {"number": "1", "idempotency_key": "queued"},
        headers={"Accept": "application/json"},
    )

    data = answer.json()
    assert (answer.status_code, data["status"], data["next"]) == (409, "conflict", 2)
    assert "Deal 1 was already saved by Bent — is it the same deal?" in data["html"]
    assert 'data-choice="drop"' in data["html"] and 'data-choice="renumber"' in data["html"]
    assert Deal.objects.count() == 1


def test_a_wrong_deal_is_shown_again_with_each_problem_beside_its_field(sitting, as_member):
    form = DEAL_1_FORM | {"last_trick": "Carl", "pagat": "Bent:bagud", "number": "1", "idempotency_key": "k"}

    page = as_member("Bent").post(entry_url(sitting), form)

    assert page.status_code == 200
    assert re.search(r'id="problems-last_trick"><p>Carl does not play this deal.</p>', page.text)
    assert selected(page.text, "pagat") == "Bent:bagud"  # the entries are kept
    assert hidden(page.text, "idempotency_key") == "k"
    assert not Deal.objects.exists() and not Posting.objects.filter(transaction__entry__kind="deal").exists()


def test_the_form_works_in_danish_too(sitting, members, client):
    client.force_login(members["Bent"].user)
    form = DEAL_1_FORM | {"last_trick": "", "number": "1", "idempotency_key": "k"}

    page = client.post(entry_url(sitting), form)

    assert '<html lang="da"' in page.text
    assert '<div class="problems" id="problems-last_trick"><p>Hvem tog sidste stik?</p></div>' in page.text


def test_the_preview_shows_the_settlement_line_by_line_and_writes_nothing(played, as_member):
    before = Posting.objects.count()
    # Deal 4: Dorte deals, Anna forehand, Carl middlehand; Anna takes the last trick; Dorte
    # counts 30 (+5), Carl 40 (+15), Anna pays 20.
    data = {
        "dealer": "Dorte",
        "forehand": "Anna",
        "middlehand": "Carl",
        "last_trick": "Anna",
        "dealer_count": "30",
        "middlehand_count": "40",
    }

    page = as_member("Bent").post(preview_url(played), data, HTTP_HX_REQUEST="true")

    assert page.status_code == 200
    assert "<html" not in page.text  # a partial for htmx
    assert "Cups before: Pagatkop <strong>85</strong> · Kongekop <strong>195</strong>" in page.text
    lines = re.findall(
        r'<li data-rule="(\w+)">.*?<span class="payers">(.*?)</span>\s*<span class="arrow".*?<span class="receivers">(.*?)</span>\s*</div>',
        page.text,
        re.S,
    )

    def strip(html: str) -> list[str]:
        return re.sub(r"<[^>]+>", " ", html).split()

    assert [(rule, " ".join(strip(payers)), " ".join(strip(receivers))) for rule, payers, receivers in lines] == [
        ("stake", "Dorte −10", "Pagatkop +5 Kongekop +5"),
        ("last_trick", "Dorte −20 Carl −20", "Anna +40"),
        ("count", "Anna −20", "Dorte +5 Carl +15"),
    ]
    # Each line's rule by its name, the seed line in small print; the rule keys only as data.
    assert re.search(r'<strong>Last trick</strong>\s*<small class="ref">001 L300</small>', page.text)
    assert re.search(r'<strong>Dealer&#x27;s stake</strong>\s*<small class="ref">001 L\d+</small>', page.text)
    assert ">stake" not in page.text and ">last_trick" not in page.text
    net = re.search(r'<p class="net">.*?</p>', page.text, re.S).group()  # beside the save button
    assert re.findall(r'data-name="(\w+)" data-points="(-?\d+)"', net) == [
        ("Anna", "20"),
        ("Bent", "0"),
        ("Carl", "-5"),
        ("Dorte", "-25"),
    ]
    assert (
        'Cups after: Pagatkop <strong data-cup="pagat">90</strong> · Kongekop <strong data-cup="king">200</strong>'
        in page.text
    )
    assert Posting.objects.count() == before and Deal.objects.count() == 3


def test_the_preview_names_an_unanswered_question_beside_the_save_button_only(played, as_member):
    data = {"dealer": "Dorte", "forehand": "Anna", "middlehand": "Carl", "dealer_count": "30", "middlehand_count": "20"}

    page = as_member("Bent").post(preview_url(played), data, HTTP_HX_REQUEST="true")

    assert '<p class="unanswered">Not answered yet: <a href="#field-last_trick">Last trick won by</a></p>' in page.text
    assert '<div class="problems" id="problems-last_trick" hx-swap-oob="true"></div>' in page.text
    assert "thing to fix" not in page.text and 'id="form-problems"' not in page.text


def test_the_preview_puts_problems_beside_fields_out_of_band(played, as_member):
    data = {
        "dealer": "Dorte",
        "forehand": "Anna",
        "middlehand": "Carl",
        "last_trick": "Anna",
        "dealer_count": "30",
        "forehand_count": "",
        "middlehand_count": "60",
    }

    page = as_member("Bent").post(preview_url(played), data, HTTP_HX_REQUEST="true")

    assert (
        '<div class="problems" id="problems-dealer_count" hx-swap-oob="true"><p>The counts add up to 90; two counts hold at most 78.</p></div>'
        in page.text
    )
    assert '<div class="problems" id="problems-last_trick" hx-swap-oob="true"></div>' in page.text  # cleared
    assert "1 thing to fix" in page.text and "Cups before" not in page.text
    assert '<span hx-swap-oob="innerHTML:.name-dealer">Dorte</span>' in page.text
    assert '<span id="sits-out" hx-swap-oob="true">Bent</span>' in page.text


def test_the_preview_answers_only_the_problem_boxes_the_page_shows_or_gets(played, as_member):
    """The page says which fields show a problem now (`shown_problems`): the answer clears those,
    fills the new ones, and leaves the other fields' boxes alone (each swap costs a phone time)."""
    data = {
        "dealer": "Dorte",
        "forehand": "Anna",
        "middlehand": "Carl",
        "last_trick": "Anna",
        "dealer_count": "30",
        "middlehand_count": "60",
        "shown_problems": "last_trick forehand_count",
    }

    page = as_member("Bent").post(preview_url(played), data, HTTP_HX_REQUEST="true").text

    boxes = re.findall(r'<div class="problems" id="problems-(\w+)" hx-swap-oob="true">(.*?)</div>', page)
    assert sorted(boxes) == [
        ("dealer_count", "<p>The counts add up to 90; two counts hold at most 78.</p>"),
        ("forehand_count", ""),
        ("last_trick", ""),
    ]

    # Nothing shown and nothing wrong: no box at all.
    fine = data | {"middlehand_count": "19", "dealer_count": "39", "shown_problems": ""}
    page = as_member("Bent").post(preview_url(played), fine, HTTP_HX_REQUEST="true").text
    assert 'class="problems"' not in page and 'data-name="Anna"' in page


def test_a_closed_sitting_takes_no_more_deals(played, as_member):
    client = as_member("Bent")
    client.post(reverse("sitting_close", args=["nordvest", played.pk]), {"how": "carry", "confirmed": "1"})

    response = client.get(entry_url(played), follow=True)

    assert response.redirect_chain[-1][0] == f"/c/nordvest/sittings/{played.pk}/"
    assert "The sitting is closed." in response.text
    assert Deal.objects.count() == 3


def save_from_the_script(client, sitting, **fields):
    """Deal 1 posted as the card table's script posts it: htmx's request for a whole page
    (static club/pages.js, fetchPage)."""
    data = DEAL_1_FORM | {"number": "1", "idempotency_key": "k-1"} | fields
    return client.post(entry_url(sitting), data, headers={"HX-Request": "true", "HX-Boosted": "true"})


def test_a_save_the_card_tables_script_posts_is_answered_with_the_sheet_in_place(sitting, as_member):
    """The script swaps in the page a save leads to: it gets that page at once, its address in
    htmx's HX-Push-Url, instead of a redirect and a second request."""
    client = as_member("Bent")
    sheet = f"/c/nordvest/sittings/{sitting.pk}/"

    response = save_from_the_script(client, sitting)

    assert response.status_code == 200
    assert response["HX-Push-Url"] == f"{sheet}#deal-1"
    assert 'id="deal-1"' in response.text and 'id="live-sheet"' in response.text
    assert "Deal 1 is saved: Anna −15, Bent +30, Carl 0, Dorte −25." in response.text
    # Its language buttons come back to the sheet, not to the address posted to.
    assert f'<input type="hidden" name="next" value="{sheet}">' in response.text
    assert Deal.objects.count() == 1


def test_save_and_next_from_the_script_is_answered_with_the_next_deals_form(sitting, as_member):
    client = as_member("Bent")

    response = save_from_the_script(client, sitting, next="1")

    assert response.status_code == 200
    assert response["HX-Push-Url"] == entry_url(sitting)
    assert hidden(response.text, "number") == "2"
    assert selected(response.text, "dealer") == "Bent"
    assert "Deal 1 is saved" in response.text


def test_a_refused_save_from_the_script_is_the_form_with_its_problems(sitting, as_member):
    client = as_member("Bent")

    response = save_from_the_script(client, sitting, dealer_count="99")

    assert response.status_code == 200
    assert "HX-Push-Url" not in response
    assert 'id="form-problems"' in response.text
    assert Deal.objects.count() == 0
