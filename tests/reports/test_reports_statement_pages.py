"""The statement as a web page and as an A4 PDF: who may see it, and what the PDF says when its
text is read back."""

from __future__ import annotations

import datetime
import io
import re
import subprocess
from pathlib import Path

import pypdf
from django.urls import reverse

from club.models import Payment
from club.reports.pdf import ascii_slug, render_statement_pdf
from club.services.payments import record_payment

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def pdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages)


def statement_url(club, member, month="2026-11", pdf=False):
    name = "member-statement-pdf" if pdf else "member-statement"
    return reverse(name, args=[club.club.slug if hasattr(club, "club") else club.slug, member.pk, month])


def test_pdf_in_english_names_member_club_month_and_balances(autumn):
    data = render_statement_pdf(autumn.bent, 2026, 11, "en")
    assert data.startswith(b"%PDF")
    reader = pypdf.PdfReader(io.BytesIO(data))
    width, height = (round(float(v) * 25.4 / 72) for v in reader.pages[0].mediabox.upper_right)
    assert (width, height) == (210, 297)  # A4 in millimetres
    text = pdf_text(data)
    for expected in (
        "Vestbyens Tarokklub",
        "Bent Ørsted",
        "November 2026",
        # 43, +2, −60 and −15 points at the season's 25 øre a point.
        "Saldo on 1 Nov 2026 10.75 kr.",
        "Sittings this month 0.50 kr.",
        "Corrections this month −15.00 kr.",
        "Saldo on 30 Nov 2026 −3.75 kr.",
        "To pay 3.75 kr.",
        "Carl took the last trick, not Bent",
    ):
        assert expected in text, expected
    # The 4 November sitting and the correction as lines of their tables.
    assert re.search(r"4 Nov 2026 Bord 1 2 \+2 0.50 kr.", text)
    assert re.search(
        r"20 Nov\s2026\sDeal 1, Bord 1\s20 Oct 2026\sCarl took the last trick, not Bent −60 −15.00 kr.", text
    )


def test_pdf_in_danish_uses_danish_numbers_dates_and_letters(autumn):
    text = pdf_text(render_statement_pdf(autumn.carl, 2026, 11, "da"))
    # −17, −4, +60 and 39 points at 25 øre.
    expected_words = (
        "Carl Åberg",
        "Vestbyens Tarokklub",
        "november 2026",
        "−4,25 kr.",
        "Til gode 9,75 kr.",
        "04.11.2026",
    )
    for expected in expected_words:
        assert expected in text, expected


def test_the_running_footer_prints_a_hyphen_an_apostrophe_and_an_ampersand_as_typed(autumn):
    """The footer is a CSS string: escapejs's JavaScript escapes once printed a double-barrelled
    name as "Østergaardu002DKristiansen"."""
    autumn.club.name = "Tarok & Co's"
    autumn.club.save(update_fields=["name"])
    autumn.carl.name = "Carl Østergaard-Kristiansen"
    autumn.carl.save(update_fields=["name"])
    text = pdf_text(render_statement_pdf(autumn.carl, 2026, 11, "da"))
    assert "Tarok & Co's · Carl Østergaard-Kristiansen · 2026-11" in text
    assert "u002D" not in text and "u0027" not in text


def test_pdf_in_magyar_uses_hungarian_words_numbers_dates_and_months(autumn):
    """Bent's November (43, +2, −60 and −15 points at 25 øre) as a Hungarian reader writes it:
    year first, a lower-case month, dates 2026.11.04., a decimal comma."""
    text = pdf_text(render_statement_pdf(autumn.bent, 2026, 11, "hu"))
    for expected in (
        "Kivonat 2026. november",
        "Bent Ørsted",
        "2026.11.01. – 2026.11.30.",
        "Egyenleg 2026.11.01. 10,75 kr.",
        "A hónap játékestjei 0,50 kr.",
        "A hónap javításai −15,00 kr.",
        "Egyenleg 2026.11.30. −3,75 kr.",
        "Fizetendő 3,75 kr.",
        "Carl took the last trick, not Bent",  # the reason as the official typed it
    ):
        assert expected in text, expected
    assert re.search(r"2026\.11\.04\. Bord 1 2 \+2 0,50 kr\.", text)
    assert re.search(r"1\. leosztás,\s+Bord 1\s+2026\.10\.20\.", text)
    assert "A Tarokbog készítette (" in text


def test_the_statement_page_in_magyar(client, autumn):
    client.force_login(autumn.bent.user)
    body = client.get(statement_url(autumn, autumn.bent), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert '<html lang="hu"' in body
    assert '<span class="month">2026. november</span>' in body
    assert "← 2026. október" in body and "2026. december →" in body
    assert "Fizetendő" in body and "−3,75 kr." in body


def test_pdf_embeds_dejavu_for_æøå(autumn):
    reader = pypdf.PdfReader(io.BytesIO(render_statement_pdf(autumn.bent, 2026, 11, "da")))
    fonts = {str(font.get_object()["/BaseFont"]) for font in reader.pages[0]["/Resources"]["/Font"].values()}
    assert fonts and all("DejaVu" in font for font in fonts), fonts


def test_page_one_rendered_to_png_for_a_look(autumn):
    """Writes tests/artifacts/statement-bent-2026-11-p1.png (git-ignored) to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / "statement-bent-2026-11.pdf"
    pdf.write_bytes(render_statement_pdf(autumn.bent, 2026, 11, "da"))
    prefix = ARTIFACTS / "statement-bent-2026-11-p1"
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", pdf, prefix], check=True)
    png = prefix.with_suffix(".png").read_bytes()
    assert png.startswith(b"\x89PNG")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (662, 936)  # A4 at 80 dpi


def test_file_names_spell_danish_letters_in_ascii():
    assert ascii_slug("Bent Ørsted") == "bent-oersted"
    assert ascii_slug("Carl Åberg") == "carl-aaberg"
    assert ascii_slug("Dorte Ærø") == "dorte-aeroe"


# --- who may see a statement ------------------------------------------------------------------


def test_a_member_sees_their_own_statement(client, autumn):
    client.force_login(autumn.bent.user)
    response = client.get(statement_url(autumn, autumn.bent), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    statement = response.context["statement"]
    assert (statement.member, statement.opening, statement.closing) == (autumn.bent, 43, -15)
    body = response.content.decode()
    assert "Bent Ørsted" in body and "−3.75 kr." in body and "Carl took the last trick, not Bent" in body
    # The header is the club's, as on its other pages: its name and its standings, not "Tarokbog".
    assert f'<a class="brand" href="/c/{autumn.club.slug}/">Vestbyens Tarokklub</a>' in body
    assert f'href="/c/{autumn.club.slug}/standings/"' in body


def test_an_official_sees_any_members_statement_and_pdf(client, autumn):
    client.force_login(autumn.dorte.user)
    assert client.get(statement_url(autumn, autumn.carl)).context["statement"].closing == 39
    response = client.get(statement_url(autumn, autumn.carl, pdf=True), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="vestbyen-2026-11-carl-aaberg.pdf"'
    assert "Carl Åberg" in pdf_text(response.content) and "9.75 kr." in pdf_text(response.content)


def test_a_plain_member_cannot_see_another_members_statement(client, autumn):
    # 403, not 404: the member is on the club's roster for all to see, his statement is his own
    # and the admins' (club.access).
    client.force_login(autumn.bent.user)
    assert client.get(statement_url(autumn, autumn.anna)).status_code == 403
    assert client.get(statement_url(autumn, autumn.anna, pdf=True)).status_code == 403
    # A scorer is no official either.
    client.force_login(autumn.anna.user)
    assert client.get(statement_url(autumn, autumn.bent)).status_code == 403


def test_another_club_gets_404(client, autumn, other_club):
    client.force_login(other_club.ebbe.user)  # an official, but of Østerbro
    assert client.get(statement_url(autumn, autumn.bent)).status_code == 404
    # Nor may Østerbro's URL reach Vestbyen's member.
    assert client.get(statement_url(other_club.club, autumn.bent)).status_code == 404


def test_anonymous_visitors_log_in_and_impossible_months_get_404(client, autumn):
    response = client.get(statement_url(autumn, autumn.bent))
    assert (response.status_code, response["Location"]) == (302, f"/login/?next={statement_url(autumn, autumn.bent)}")
    client.force_login(autumn.bent.user)
    assert client.get(f"/c/vestbyen/members/{autumn.bent.pk}/statements/2026-13/").status_code == 404
    # Years whose neighbouring months are no dates (0000, 9999) are no months either.
    for month in ("0000-01", "9999-12", "0999-12"):
        assert client.get(f"/c/vestbyen/members/{autumn.bent.pk}/statements/{month}/").status_code == 404, month
        assert client.get(f"/c/vestbyen/members/{autumn.bent.pk}/statements/{month}.pdf").status_code == 404, month


def test_a_two_page_statement_totals_the_payments_once_where_their_list_ends(autumn):
    """Thirty payments in of 0,25 kr., 0,50 kr., … 7,50 kr. (together 25 øre · (1 + … + 30) = 116,25 kr.)
    run onto page 2: page 1's part of the list carries no total, the end of the list carries it once."""
    for n in range(1, 31):
        record_payment(
            autumn.club, member=autumn.bent, direction=Payment.Direction.IN, amount_ore=25 * n,
            method=Payment.Method.CASH, paid_on=datetime.date(2026, 11, 21), note=f"Betaling {n}",
        )  # fmt: skip
    reader = pypdf.PdfReader(io.BytesIO(render_statement_pdf(autumn.bent, 2026, 11, "en")))
    pages = [page.extract_text() for page in reader.pages]
    assert len(pages) == 2
    assert "Betaling 1 " in pages[0] and "Betaling 30 " in pages[1] and "Betaling 30 " not in pages[0]
    # The sittings' and the corrections' totals on page 1, the payments' only on page 2, after its last row.
    assert pages[0].count("Total") == 2 and pages[1].count("Total") == 1
    assert re.search(r"Betaling 30 7.50 kr.\s*Total 116.25 kr.", pages[1])
    assert "Payments this month 116.25 kr." in pages[0]


def test_the_statement_page_links_the_month_after_only_once_it_has_begun(client, autumn, booked_on):
    """On 2 December 2026 November's statement leads on to December, the running month, whose
    statement leads on to no month: January has not begun."""
    client.force_login(autumn.bent.user)
    with booked_on(datetime.date(2026, 12, 2)):
        november = client.get(statement_url(autumn, autumn.bent, "2026-11")).content.decode()
        december = client.get(statement_url(autumn, autumn.bent, "2026-12")).content.decode()
    assert f'href="{statement_url(autumn, autumn.bent, "2026-12")}" rel="next"' in november
    assert 'rel="next"' not in december
    assert f'href="{statement_url(autumn, autumn.bent, "2026-11")}" rel="prev"' in december
