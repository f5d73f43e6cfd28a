"""The card table's second pass, without a browser: undo (void), the sheet's cheap poll, the
start page's proposal, disputes answered by a correction and told to officials, chart styles.

Figures from table_evening.py (by hand): after deal 2 the totals are A -130, B -90, C +135,
D -85 (start -40 each; deal 1 A -15 B +30 D -25; deal 2 A -75 B -80 C +175 D -20), cups 80/90.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from club.models import Dispute
from club.services import balances as ledger_balances
from club.services.corrections import void_last_deal
from club.services.deals import VOID, last_played_record, record_deal
from club.services.disputes import raise_dispute
from club.services.import_export import export_sitting
from club.services.sittings import SittingError
from club.web.charts import DASHES, PALETTE, line_style
from ledger.models import Transaction
from table_evening import SEATS

AFTER_DEAL_2 = {"Anna": -130, "Bent": -90, "Carl": 135, "Dorte": -85}


def balances(sitting, members):
    totals = ledger_balances.sitting_totals(sitting)
    return {name: totals[m.pk] for name, m in members.items() if m.pk in totals}


def test_voiding_the_last_deal_reverses_it_and_keeps_its_versions(played, members):
    deal = played.deals.get(number=3)
    posted = Transaction.objects.get(entry__deal_version=deal.current_version, entry__kind="deal")

    correction = void_last_deal(played, by=members["Bent"].user, reason="Tastet to gange", number=3)

    deal.refresh_from_db()
    assert deal.current_version == correction.version and deal.current_version.version == 2
    assert deal.current_version.record == VOID and deal.current_version.reason == "Tastet to gange"
    assert Transaction.objects.get(reverses=posted).entry.caused_by == correction.version  # reversed, not deleted
    assert balances(played, members) == AFTER_DEAL_2
    assert ledger_balances.table_cups(played.table) == {"pagat": 80, "king": 90}
    # Deal 3 was never played: Carl (deal 2's forehand) deals deal 4.
    page_form = last_played_record(played)
    assert page_form["dealer"] == "Bent" and page_form["players"][1] == "Carl"


def test_voiding_refuses_what_it_must_not_do(played, members):
    with translation.override("en"):
        with pytest.raises(SittingError, match="no longer the last deal"):
            void_last_deal(played, reason="x", number=2)
        with pytest.raises(SittingError, match="reason"):
            void_last_deal(played, reason="  ")
        void_last_deal(played, reason="to gange")
        with pytest.raises(SittingError, match="already void"):
            void_last_deal(played, reason="igen")
    assert balances(played, members) == AFTER_DEAL_2


def test_undo_from_the_score_sheet_and_the_next_dealer(played, members, as_member):
    client = as_member("Bent")
    sheet = client.get(reverse("sitting", args=["nordvest", played.pk]))
    assert 'id="undo"' in sheet.text and "Void deal 3" in sheet.text
    assert sheet["Cache-Control"].startswith("max-age=0") and "no-store" in sheet["Cache-Control"]

    response = client.post(
        reverse("deal_void", args=["nordvest", played.pk, 3]), {"reason": "Tastet to gange"}, follow=True
    )

    assert 'class="deal void"' in response.text and "Deal 3 is void" in response.text
    assert balances(played, members) == AFTER_DEAL_2
    form = client.get(reverse("deal_new", args=["nordvest", played.pk])).text
    assert 'name="number" value="4"' in form
    assert re.search(r'<input type="radio" name="dealer" value="Carl"[^>]*\schecked', form)
    assert export_sitting(played)["deals"] == [d.current_version.record for d in played.deals.order_by("number")][:2]


def test_the_sheet_poll_answers_204_until_something_is_posted(played, members, as_member):
    client = as_member("Erik")  # a member who only looks sees the sheet update too
    url = reverse("sitting_sheet", args=["nordvest", played.pk])
    first = client.get(url)
    version = first.text.split('data-version="')[1].split('"')[0]
    assert first.status_code == 200 and 'hx-trigger="every 3s"' in first.text
    assert client.get(url, {"v": version}).status_code == 204
    record_deal(played, {"dealer": "Dorte", "players": ["Dorte", "Anna", "Carl"], "last_trick": "Anna"})
    changed = client.get(url, {"v": version})
    assert changed.status_code == 200 and 'id="deal-4"' in changed.text


def test_starting_a_sitting_proposes_the_last_seating_and_first_dealer(played, members, as_member):
    client = as_member("Bent")
    client.post(reverse("sitting_close", args=["nordvest", played.pk]), {"how": "carry", "confirmed": "1"})
    page = client.get(reverse("sitting_new", args=["nordvest"])).text
    for seat, name in enumerate(SEATS):
        assert (
            f'<option value="{members[name].pk}" selected>{name}</option>'
            in page.split(f'name="seat_{seat}"')[1].split("</select>")[0]
        )
    dealer = page.split('name="first_dealer"')[1].split("</select>")[0]
    assert f'<option value="{members["Anna"].pk}" selected>Anna</option>' in dealer


def test_the_proposed_seating_leaves_out_whoever_sits_at_another_open_sitting(
    played, members, as_member, season, start_sitting, make_table
):
    client = as_member("Bent")
    client.post(reverse("sitting_close", args=["nordvest", played.pk]), {"how": "carry", "confirmed": "1"})
    start_sitting(season, ["Erik", "Anna", "Dorte"], at=make_table(played.table.club, "Bord 2"))
    page = client.get(reverse("sitting_new", args=["nordvest"])).text
    assert f'<option value="{played.table.pk}" selected>' in page.split('name="table"')[1].split("</select>")[0]
    proposed = [
        re.findall(
            r'<option value="\d+" selected>(\w+)</option>', page.split(f'name="seat_{seat}"')[1].split("</select>")[0]
        )
        for seat in range(5)
    ]
    assert proposed == [["Bent"], ["Carl"], [], [], []]
    dealer = page.split('name="first_dealer"')[1].split("</select>")[0]
    assert '<option value="" selected>' in dealer  # Anna dealt first last time, and sits at Bord 2 now


def test_a_refused_seating_names_everyone_who_sits_at_another_open_sitting(
    played, members, as_member, season, make_table, today
):
    data = {"season": season.pk, "table": make_table(played.table.club, "Bord 2").pk, "date": today.isoformat()}
    data |= {"first_dealer": members["Erik"].pk, "seat_0": members["Erik"].pk}
    data |= {"seat_1": members["Bent"].pk, "seat_2": members["Dorte"].pk}
    with translation.override("en"):
        answer = as_member("Bent").post(reverse("sitting_new", args=["nordvest"]), data, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 409
    assert "These members already sit at an open sitting; close it first: Bent (Bord 1), Dorte (Bord 1)." in answer.text


def test_cups_carried_over_are_not_said_to_be_funded(played, members, as_member, season, table, today):
    client = as_member("Bent")
    client.post(reverse("sitting_close", args=["nordvest", played.pk]), {"how": "carry", "confirmed": "1"})
    data = {"season": season.pk, "table": table.pk, "date": today.isoformat(), "first_dealer": members["Anna"].pk}
    data |= {f"seat_{i}": members[name].pk for i, name in enumerate(SEATS)}
    page = client.post(reverse("sitting_new", args=["nordvest"]), data, follow=True).text
    assert "the cups carry over as they were" in page and "the cups are funded" not in page


def test_a_correction_by_an_official_answers_the_deals_dispute(played, members, as_member):
    deal = played.deals.get(number=1)
    dispute = raise_dispute(deal, member=members["Dorte"], comment="Sparkongen blev tabt")
    admin = as_member("Anna")
    home = admin.get(reverse("club_home", args=["nordvest"])).text
    assert 'id="open-disputes"' in home and f"/deals/{deal.pk}/audit/#disputes" in home
    audit = admin.get(reverse("deal-audit", args=["nordvest", deal.pk])).text
    assert f'class="correct-dispute" href="/c/nordvest/sittings/{played.pk}/deals/1/correct/"' in audit

    form = {"dealer": "Anna", "forehand": "Bent", "middlehand": "Dorte", "last_trick": "Bent", "dealer_count": "39",
            "middlehand_count": "19", "king_spades": "Dorte:lost", "reason": "Sparkongen tabt",
            "base_version": deal.current_version.pk, "confirmed": "1"}  # fmt: skip
    admin.post(reverse("deal_correct", args=["nordvest", played.pk, 1]), form)

    dispute.refresh_from_db()
    deal.refresh_from_db()
    assert dispute.resolution == Dispute.Resolution.CORRECTED and dispute.correction == deal.current_version
    assert 'id="open-disputes"' not in admin.get(reverse("club_home", args=["nordvest"])).text
    assert 'id="open-disputes"' not in as_member("Bent").get(reverse("club_home", args=["nordvest"])).text


def test_chart_lines_stay_distinct_beyond_eight_members():
    styles = [line_style(i) for i in range(len(PALETTE) * len(DASHES))]
    assert len(set(styles)) == 32
    assert line_style(0) == (PALETTE[0], "") and line_style(8) == (PALETTE[0], DASHES[1])
