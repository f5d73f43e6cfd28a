"""Money posted past the club's services (no ledger entry, no payment accounts for it): the
member's page, statement (HTML and PDF) and postings CSV count it in the saldo, as the ledger
does, and flag it; none of them fails on it.

On the hand-computed autumn (conftest) Bent closes November at −15 points, −3,75 kr. at 25 øre a
point. Two transactions are appended through the ledger's own services, Bent against Carl:
    25 Nov 2026, the season's book      Bent +2000 points   = +500,00 kr.
    26 Nov 2026, a book no season has   Bent   +40 points   (no point value: not in the saldo)
so Bent's saldo is −375 + 50000 = 49625 øre (496,25 kr.), and his points −15 + 2000 + 40 = 2025.
"""

from __future__ import annotations

import csv
import datetime
import io

import pypdf
import pytest
from django.urls import reverse

from club.models import Member
from club.services import bookkeeping
from ledger import services as ledger

pytestmark = pytest.mark.django_db


@pytest.fixture
def strays(autumn):
    bent, carl = (Member.objects.get(pk=m.pk) for m in (autumn.bent, autumn.carl))

    def stray(points: int, day: int, book: str):
        lines = [ledger.Line(bent.account_id, points), ledger.Line(carl.account_id, -points)]
        return ledger.post(reference="by hand", lines=lines, value_date=datetime.date(2026, 11, day), book=book)

    return stray(2000, 25, bookkeeping.season_book(autumn.season.pk)), stray(40, 26, "")


def get(client, autumn, name: str, *args):
    client.force_login(autumn.dorte.user)
    response = client.get(reverse(name, args=["vestbyen", autumn.bent.pk, *args]), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response


def test_the_member_page_shows_the_ledgers_saldo_and_flags_the_postings(client, autumn, strays):
    counted, unpriced = strays
    page = get(client, autumn, "member")

    assert page.context["saldo_ore"] == 49625
    html = page.content.decode()
    assert 'data-saldo-ore="49625"' in html
    assert "Not accounted for" in html
    assert f'data-transaction="{counted.pk}" data-ore="50000"' in html
    assert f"Transaction {counted.pk}, 25 Nov 2026: 500.00 kr." in html
    assert f"Transaction {unpriced.pk}, 26 Nov 2026: 40 in book —, which no season prices: not in the saldo" in html


def test_the_statement_counts_and_flags_them(client, autumn, strays):
    counted, unpriced = strays
    november = get(client, autumn, "member-statement", "2026-11").context["statement"]

    assert [p.transaction_id for p in november.unaccounted] == [counted.pk, unpriced.pk]
    # 43 + 2 − 60 points from the sittings and the correction, + 2000 + 40 unaccounted.
    assert (november.closing, november.unaccounted_points) == (2025, 2040)
    # 10,75 + 0,50 − 15,00 kr., + 500,00 kr. of the season's book; the other book is not priced.
    assert (november.closing_ore, november.unaccounted_ore) == (49625, 50000)
    december = get(client, autumn, "member-statement", "2026-12").context["statement"]
    assert (december.opening_ore, december.closing_ore, december.unaccounted) == (49625, 49625, [])

    text = pdf_text(get(client, autumn, "member-statement-pdf", "2026-11").content)
    assert "Not accounted for 500.00 kr." in text
    assert "Saldo on 30 Nov 2026 496.25 kr." in text


def test_the_postings_csv_lists_them_as_unaccounted(client, autumn, strays):
    response = get(client, autumn, "member-postings-csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))

    # After the correction's last row (balance −15): the two, in the ledger's order.
    assert rows[-3][-1] == "-15"
    assert rows[-2:] == [
        ["2026-11-25", "", "", "", "", "unaccounted", "", "", "2000", "1985"],
        ["2026-11-26", "", "", "", "", "unaccounted", "", "", "40", "2025"],
    ]
    # The season's own postings include the one in its book, not the other.
    season = client.get(
        reverse("member-postings-csv", args=["vestbyen", autumn.bent.pk]) + f"?season={autumn.season.pk}",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    season_rows = list(csv.reader(io.StringIO(season.content.decode("utf-8-sig"))))
    assert season_rows[-1] == ["2026-11-25", "", "", "", "", "unaccounted", "", "", "2000", "1985"]


def pdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages)
