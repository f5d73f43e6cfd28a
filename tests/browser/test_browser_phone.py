"""The card table on a phone at 360×740: a 25-deal evening of four on one screen as on paper,
every target a thumb's size.

The sitting: Anna, Bent, Carl and Dorte at Bord 1, 25 plain deals round the table, each won in
the last trick by the forehand (the world's `danish_deal`).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from card_table import SEATS, sign_in
from world.clubs import play
from world.records import danish_deal

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = "/work/notes/shots"


@pytest.fixture
def evening(sitting):
    """25 plain deals round the table."""
    play(sitting, [danish_deal(SEATS[k % 4], SEATS, last_trick=SEATS[(k + 1) % 4]) for k in range(25)])
    return sitting


def rows_in_view(page) -> list[int]:
    """The deal rows wholly inside the viewport and below the names row."""
    return page.evaluate(
        """() => {
            const head = document.querySelector('#sheet thead th').getBoundingClientRect();
            return [...document.querySelectorAll('#sheet tbody tr.deal')]
                .filter(r => { const b = r.getBoundingClientRect(); return b.top >= head.bottom - 1 && b.bottom <= innerHeight; })
                .map(r => +r.id.replace('deal-', ''));
        }"""
    )


def test_sheet_shows_twelve_deals_of_a_25_deal_evening_with_the_names_in_view(evening, live_server, phone, screenshot):
    page = phone
    sign_in(page, live_server.url, evening)
    expect(page.locator("#deal-25")).to_be_attached()
    page.locator("#deal-10").evaluate("row => row.scrollIntoView({block: 'center'})")
    names = page.locator("#sheet thead th").nth(1)
    expect(names).to_have_text("Anna")
    head = names.bounding_box()
    assert 0 <= head["y"] and head["y"] + head["height"] <= 740, head
    shown = rows_in_view(page)
    assert len(shown) >= 12, shown
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot("phone-sheet-25-deals", full_page=False)
