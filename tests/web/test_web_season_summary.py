"""Kontor → Sæsoner → Sæsonoversigt: a season for the club's books, as a page and an A4 PDF
(club.services.season_summary), worked by hand on the evening of table_evening.py."""

from __future__ import annotations

import datetime
import io
import re

import pypdf
import pytest
from django.urls import reverse
from django.utils import timezone

from club.models import Payment
from club.services import opening, payments
from club.services.season_summary import season_summary
from table_evening import DEAL_1, DEAL_2, DEAL_3
from world.clubs import play

pytestmark = pytest.mark.django_db

DAY = datetime.date(2024, 3, 7)


@pytest.fixture
def spring(club, make_season, table, members, start_sitting):
    """Forår 2024 at 25 øre a point: the evening's three deals (A −130, B −10, C +165, D −305;
    the cups hold the other 280), and the payments of the season and around it."""
    season = make_season(
        club, name="Forår", starts_on=datetime.date(2024, 1, 1), ends_on=datetime.date(2024, 6, 30), point_value_ore=25
    )
    play(start_sitting(season, date=DAY), [DEAL_1, DEAL_2, DEAL_3])

    def pay(name, direction, ore, on):
        return payments.record_payment(
            club, member=members[name], direction=direction, amount_ore=ore, method=Payment.Method.CASH, paid_on=on
        )

    pay("Dorte", Payment.Direction.IN, 7625, DAY)  # her −305 points at 25 øre
    wrong = pay("Anna", Payment.Direction.IN, 2000, datetime.date(2024, 3, 8))
    payments.reverse_payment(wrong, reason="Bent's money, not Anna's", on=datetime.date(2024, 3, 9))
    pay("Anna", Payment.Direction.IN, 3250, datetime.date(2024, 4, 1))
    pay("Carl", Payment.Direction.OUT, 4125, datetime.date(2024, 3, 10))
    pay("Bent", Payment.Direction.IN, 1000, datetime.date(2024, 7, 2))  # the next season's
    opening.carry_over(members["Erik"], 10000, on=datetime.date(2024, 1, 1))  # paper: moved no money
    return season


def test_the_summary_gives_each_members_sittings_points_kroner_and_payments(spring):
    summary = season_summary(spring)

    assert [
        (line.name, line.sittings, line.points, line.result_ore, line.paid_in_ore, line.paid_out_ore)
        for line in summary.lines
    ] == [
        ("Carl", 1, 165, 4125, 0, 4125),
        ("Bent", 1, -10, -250, 0, 0),
        ("Anna", 1, -130, -3250, 3250, 0),
        ("Dorte", 1, -305, -7625, 7625, 0),
    ]
    assert (summary.points, summary.result_ore) == (-280, -7000)  # the cups hold 280 points, 70 kr.
    assert (summary.till_in_ore, summary.till_out_ore, summary.till_net_ore) == (10875, 4125, 6750)
    assert (summary.sittings, summary.closed_sittings) == (1, 0)


def test_an_official_reads_the_summary_as_a_page_and_a_pdf(spring, as_member):
    client = as_member("Anna")
    slug = spring.club.slug
    listing = client.get(reverse("office_seasons", args=[slug])).content.decode()
    assert reverse("office_season_summary", args=[slug, spring.pk]) in listing

    page = client.get(reverse("office_season_summary", args=[slug, spring.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    rows = re.findall(r'<tr data-member="(\w+)" data-sittings="(\d+)" data-points="(-?\d+)"', html)
    assert rows == [("Carl", "1", "165"), ("Bent", "1", "-10"), ("Anna", "1", "-130"), ("Dorte", "1", "-305")]
    assert 'id="till-in" data-ore="10875"' in html and 'id="till-net" data-ore="6750"' in html

    pdf = client.get(reverse("office_season_summary_pdf", args=[slug, spring.pk]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf["Content-Disposition"] == 'inline; filename="nordvest-season-foraar.pdf"'
    text = " ".join(pypdf.PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().split())
    assert "Season summary Forår" in text
    assert "Carl 1 sitting 165 41.25 kr. 0.00 kr. 41.25 kr." in text
    assert "Paid in by members 108.75 kr." in text and "The till gained 67.50 kr." in text


def test_the_pdfs_facts_stand_apart_from_their_labels_and_its_date_ends_one_sentence(spring, as_member):
    # The longest label of each language had no room before its value ("Sæsonen lukketikke
    # endnu"), and Magyar's short date ends in its own dot ("2026.12.02..").
    url = reverse("office_season_summary_pdf", args=[spring.club.slug, spring.pk])
    today = timezone.localdate()
    said = {}
    for language in ("da", "hu", "sl"):
        pdf = as_member("Anna").get(url, HTTP_ACCEPT_LANGUAGE=language)
        said[language] = " ".join(pypdf.PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().split())
    assert "Sæsonen lukket ikke endnu" in said["da"]
    assert "Idény lezárva még nem" in said["hu"]
    assert "Sezona zaključena še ne" in said["sl"]
    assert f"A Tarokbog készítette ({today:%Y.%m.%d.})." in said["hu"]
    assert f"Lavet af Tarokbog den {today:%d.%m.%Y}." in said["da"]
    assert ".." not in said["hu"]


def test_the_summary_is_for_officials_only(spring, as_member):
    client = as_member("Bent")
    for name in ("office_season_summary", "office_season_summary_pdf"):
        assert client.get(reverse(name, args=[spring.club.slug, spring.pk])).status_code == 403
