"""Correcting a deal: pre-filled, a reason, the changes to later deals previewed, then confirmed."""

import re

from django.urls import reverse

from club.models import DealVersion
from club.services import balances as ledger_balances
from ledger.models import Transaction
from table_evening import DEAL_1, DEAL_1_CORRECTED, DEAL_1_FORM, TOTALS, TOTALS_CORRECTED


def correct_url(sitting, number=1):
    return reverse("deal_correct", args=["nordvest", sitting.pk, number])


def corrected_form(played, **more):
    version = played.deals.get(number=1).current_version
    return (
        DEAL_1_FORM
        | {
            "king_spades_holder": "Dorte",
            "king_spades_fate": "lost",
            "reason": "Dorte lost the King of spades; we forgot it.",
            "base_version": str(version.pk),
        }
        | more
    )


def balances(sitting, members):
    totals = ledger_balances.sitting_totals(sitting)
    return {name: totals[m.pk] for name, m in members.items() if m.pk in totals}


def changes(html):
    """{event heading: {account: (before, after, delta)}} from the preview's tables."""
    found = {}
    for heading, body in re.findall(r"<h3>(.*?)</h3>\s*<table.*?<tbody>(.*?)</tbody>", html, re.S):
        rows = re.findall(
            r'<tr data-name="(\w+)" data-delta="(-?\d+)"><th scope="row">\w+</th><td class="num">(.*?)</td><td class="num">(.*?)</td>',
            body,
        )
        found[heading.strip()] = {name: (before, after, int(delta)) for name, delta, before, after in rows}
    return found


def test_the_correction_form_opens_with_the_current_record(played, as_member):
    page = as_member("Carl").get(correct_url(played))

    assert page.status_code == 200
    assert re.search(r'<input type="radio" name="last_trick" value="Bent"[^>]*\schecked', page.text)
    assert 'name="dealer_count" value="39"' in page.text and 'name="middlehand_count" value="19"' in page.text
    assert f'name="base_version" value="{played.deals.get(number=1).current_version.pk}"' in page.text
    assert "v1 · " in page.text


def test_previewing_shows_the_changes_deal_by_deal_and_writes_nothing(played, members, as_member):
    page = as_member("Carl").post(correct_url(played), corrected_form(played))

    assert page.status_code == 200
    assert changes(page.text) == {
        "Deal 1": {
            "Anna": ("−15", "−10", 5),
            "Bent": ("+30", "+35", 5),
            "Dorte": ("−25", "−40", -15),
            "Kongekop": ("+5", "+10", 5),
        },
        "Deal 3": {"Dorte": ("−220", "−225", -5), "Kongekop": ("+105", "+110", 5)},
    }
    assert '<input type="hidden" name="confirmed" value="1">' in page.text
    assert DealVersion.objects.count() == 3
    assert balances(played, members) == TOTALS


def test_confirming_keeps_a_new_version_and_reposts_what_changed(played, members, as_member):
    client = as_member("Carl")

    response = client.post(correct_url(played), corrected_form(played) | {"confirmed": "1"})

    assert response.status_code == 302 and response["Location"].endswith("#deal-1")
    deal = played.deals.get(number=1)
    assert deal.current_version.version == 2 and deal.current_version.record == DEAL_1_CORRECTED
    assert deal.current_version.reason == "Dorte lost the King of spades; we forgot it."
    assert deal.current_version.entered_by == members["Carl"].user
    assert balances(played, members) == TOTALS_CORRECTED
    assert ledger_balances.table_cups(played.table) == {"pagat": 85, "king": 205}
    assert set(Transaction.objects.filter(entry__kind="reversal").values_list("entry__event", flat=True)) == {
        "deal:1",
        "deal:3",
    }
    sheet = client.get(reverse("sitting", args=["nordvest", played.pk])).text
    assert '<abbr title="corrected">✎</abbr>' in sheet


def test_a_correction_needs_a_reason(played, members, as_member):
    page = as_member("Carl").post(correct_url(played), corrected_form(played, reason="  ", confirmed="1"))

    assert page.status_code == 200
    assert re.search(r'id="problems-reason"><p>This field is required.</p>', page.text)
    assert played.deals.get(number=1).current_version.record == DEAL_1
    assert balances(played, members) == TOTALS


def test_a_wrong_correction_shows_its_problems_and_changes_nothing(played, members, as_member):
    page = as_member("Carl").post(correct_url(played), corrected_form(played, king_spades_holder="Carl", confirmed="1"))

    assert page.status_code == 200
    assert '<div class="problems" id="problems-king_spades"><p>Carl does not play this deal.</p></div>' in page.text
    assert 'id="changes"' not in page.text
    assert balances(played, members) == TOTALS


def test_a_correction_made_meanwhile_asks_for_a_new_preview(played, members, as_member):
    client = as_member("Carl")
    stale = corrected_form(played)
    client.post(correct_url(played), stale | {"confirmed": "1", "reason": "first"})

    again = client.post(correct_url(played), stale | {"confirmed": "1", "last_trick": "Dorte"})

    assert "Someone corrected this deal meanwhile" in again.text
    assert played.deals.get(number=1).current_version.version == 2
    assert balances(played, members) == TOTALS_CORRECTED


def test_an_unknown_deal_is_404(played, as_member):
    assert as_member("Carl").get(correct_url(played, 9)).status_code == 404


def test_the_correction_page_names_each_version_by_its_authors_member_name(played, as_member):
    # Anna (login "anna") saved the evening's deals; the page names her as the audit page does.
    page = as_member("Carl").get(correct_url(played))

    versions = re.search(r'<ul class="versions">(.*?)</ul>', page.text, re.S).group(1)
    assert re.findall(r"<li>v(\d) · [^<]* · (\w+)</li>", versions) == [("1", "Anna")]
