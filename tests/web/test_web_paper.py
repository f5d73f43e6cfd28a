"""The paper fallback: a blank score sheet for a table and a played sitting's sheet, as A4 PDFs
whose text is read back (pypdf). Nordvest Tarok's evening (tests/web/table_evening.py): after three
deals Anna −130, Bent −10, Carl +165, Dorte −305, the Pagatkop 85 and the Kongekop 195."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from world import clubs


def pdf_text(response) -> str:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert reader.pages[0].mediabox.width == pytest.approx(595.28, abs=0.5)  # A4: 210 mm
    return "\n".join(page.extract_text() for page in reader.pages)


def test_a_played_sitting_prints_every_deal_and_the_totals(as_member, club, played):
    text = pdf_text(
        as_member("Erik").get(reverse("sitting_print", args=[club.slug, played.pk]), HTTP_ACCEPT_LANGUAGE="da")
    )
    for words in ("Nordvest Tarok", "Bord 1", "Anna", "Bent", "Carl", "Dorte", "Pagatkop", "Kongekop", "Giver"):
        assert words in text
    lines = text.splitlines()
    totals = next(line for line in lines if line.startswith("Σ"))
    assert totals.split() == ["Σ", "\u2212130", "\u221210", "165", "\u2212305", "85", "195"]
    # Deal 2: Bent deals; after it Anna −75, Bent −80, Carl +175, Dorte −20 and the cups 80 / 90.
    assert any(line.split()[:2] == ["2", "Bent"] for line in lines)
    assert "\u221275" in text and "175" in text


def test_a_blank_sheet_names_the_tables_last_seating_and_the_games_columns(as_member, club, played):
    response = as_member("Erik").get(
        reverse("table_blank_sheet", args=[club.slug, played.table_id]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response["Content-Disposition"] == 'inline; filename="nordvest-bord-1-blank.pdf"'
    text = pdf_text(response)
    assert "Score sheet · Bord 1" in text
    head = next(line for line in text.splitlines() if line.startswith("#"))
    assert head.split() == ["#", "Dealer", "Anna", "Bent", "Carl", "Dorte", "Pagatkop", "Kongekop"]
    numbers = [line.split()[0] for line in text.splitlines() if line.split() and line.split()[0].isdigit()]
    assert numbers == [str(n) for n in range(1, 23)]
    assert len(PdfReader(io.BytesIO(response.content)).pages) == 1


def test_a_blank_sheet_follows_the_seasons_game(as_member, club, played):
    # Another game's season, which keeps no cups: no cup columns, and empty heads for a table
    # that has not played (Bord 1's Danish sheet has both cups, as above).
    other_game = clubs.make_season(club, "slovenian", name="Sreda")
    assert not other_game.family.accounts(other_game.ruleset())
    table = clubs.make_table(club, "Bord 9")
    url = reverse("table_blank_sheet", args=[club.slug, table.pk])
    text = pdf_text(as_member("Erik").get(url, {"season": other_game.pk}, HTTP_ACCEPT_LANGUAGE="en"))
    assert "Sreda" in text
    head = next(line for line in text.splitlines() if line.startswith("#"))
    assert head.split() == ["#", "Dealer"]
    assert as_member("Erik").get(url, {"season": "x"}).status_code == 404
    assert as_member("Erik").get(url, {"season": 10**9}).status_code == 404


def test_the_prints_are_the_clubs_only(client, club, played, make_club):
    other = make_club("Andet", "andet", ["Ulla"], logins=True)
    client.force_login(other.members.get().user)
    assert client.get(reverse("sitting_print", args=[club.slug, played.pk])).status_code == 404
    assert client.get(reverse("table_blank_sheet", args=[club.slug, played.table_id])).status_code == 404


def test_the_printed_sheet_marks_a_corrected_deal_and_says_a_voided_one_is_void(as_member, club, played):
    """As on the screen: deal 1 corrected carries ✎ (explained under the table), and deal 3, voided,
    says "annulleret" where its dealer stood."""
    from club.services.corrections import correct_deal, void_last_deal
    from table_evening import DEAL_1_CORRECTED

    correct_deal(played.deals.get(number=1), DEAL_1_CORRECTED, reason="forgotten King")
    void_last_deal(played, reason="Tastet to gange")
    text = pdf_text(
        as_member("Erik").get(reverse("sitting_print", args=[club.slug, played.pk]), HTTP_ACCEPT_LANGUAGE="da")
    )
    lines = [line.split() for line in text.splitlines()]
    assert ["1", "✎", "Anna"] in [line[:3] for line in lines]
    assert ["3", "annulleret"] in [line[:2] for line in lines]
    assert ["2", "Bent"] in [line[:2] for line in lines]  # neither corrected nor voided
    assert ["✎", "rettet"] in lines
