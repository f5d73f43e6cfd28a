"""Money settled: the treasurer (a club admin) records payments in and out in kroner against the
club's till; a wrong one is reversed, never edited; a sitting can be settled at the table.

The evening of table_evening.py at vlk-2010's 1 øre a point leaves Anna −130, Bent −10,
Carl +165, Dorte −305 øre (−1,30, −0,10, +1,65, −3,05 kr.).
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

from club import inputs
from club.models import Payment
from club.services import money, payments, till
from club.services.office import OfficeError


def url(name: str, *args) -> str:
    return reverse(name, args=["nordvest", *args])


def pay(client, member, amount: str, direction: str = "in", method: str = "mobilepay", note: str = ""):
    body = {
        "paid_on": "2026-11-20",
        "member": member.pk,
        "direction": direction,
        "amount": amount,
        "method": method,
        "note": note,
    }
    return client.post(url("office_payments"), body)


def test_the_treasurer_records_a_payment_and_a_payout(as_member, members, played):
    anna = as_member("Anna")
    assert pay(anna, members["Dorte"], "3,05").status_code == 302
    assert pay(anna, members["Carl"], "1.65", direction="out", method="cash").status_code == 302

    # Dorte paid her 3,05 kr.; Carl was paid his 1,65 kr.: both settled, the till holds 1,40 kr.
    assert money.saldo(members["Dorte"]) == 0
    assert money.saldo(members["Carl"]) == 0
    assert till.holding(members["Anna"].club) == 305 - 165
    dorte = Payment.objects.get(member=members["Dorte"])
    assert (dorte.amount_ore, dorte.signed_ore, dorte.method, dorte.paid_on) == (
        305,
        305,
        "mobilepay",
        datetime.date(2026, 11, 20),
    )


def test_amounts_are_exact_to_the_øre(as_member, members, played):
    anna = as_member("Anna")
    page = pay(anna, members["Dorte"], "1,005")
    assert page.status_code == 200
    assert page.context["form"].errors["amount"] == [
        'Write the amount in kroner as 1.234,50 or 1234,50 (digits 0–9, at most two decimals), not "1,005".'
    ]
    assert not Payment.objects.exists()


# Typed -> øre. A point followed by exactly three digits groups thousands (Danish); a point
# followed by one or two digits is a decimal point.
READ_AS = {
    "1234": 123400,
    "1234,50": 123450,
    "1.234,50": 123450,
    "1234.50": 123450,
    "1.000": 100000,
    "1.234": 123400,
    "12.345.678,90": 1234567890,
    "12.5": 1250,
    "0,05": 5,
    "0.01": 1,
    "7,5": 750,
    " 120,50 ": 12050,
}
# Anything else: other digits, exponents, underscores, spaces inside, signs, a third decimal,
# thousands points not in threes, two decimal separators, English grouping.
REFUSED = [
    "",
    "1e3",
    "1_000",
    "١٢٣",  # Arabic-Indic 123
    "１２３",  # full-width 123
    "²",
    "1 000",
    "1 000",
    "-5",
    "+5",
    "1,005",
    "1.2345",
    "1.23.456",
    "12.34,5",
    "1.00,00",
    "1.234.5",
    "1,234.50",
    "1,2,3",
    ",50",
    "5,",
    "5.",
    ".5",
    "NaN",
    "Infinity",
    "0x10",
    "1" * 21,
]


@pytest.mark.parametrize(("typed", "ore"), READ_AS.items())
def test_an_amount_in_kroner_is_read_the_danish_way(typed, ore):
    assert inputs.ore_from_kroner(typed) == ore


@pytest.mark.parametrize("typed", REFUSED)
def test_anything_else_is_refused_saying_what_to_write(typed):
    with translation.override("en"), pytest.raises(inputs.AmountRefused) as refused:
        inputs.ore_from_kroner(typed)
    shown = typed.strip() if len(typed) <= 20 else typed[:20] + "…"
    assert str(refused.value) == (
        f'Write the amount in kroner as 1.234,50 or 1234,50 (digits 0–9, at most two decimals), not "{shown}".'
    )


def test_the_refusal_says_in_danish_how_to_write_an_amount():
    with translation.override("da"), pytest.raises(inputs.AmountRefused) as refused:
        inputs.ore_from_kroner("1e3")
    assert str(refused.value) == (
        'Skriv beløbet i kroner som 1.234,50 eller 1234,50 (cifrene 0–9, højst to decimaler), ikke "1e3".'
    )


def test_the_treasurer_typing_1000_records_one_thousand_kroner(as_member, members, played):
    anna = as_member("Anna")
    answer = pay(anna, members["Dorte"], "1.000")

    assert answer.status_code == 302
    assert Payment.objects.get().amount_ore == 100_000
    page = anna.get(answer["Location"], HTTP_ACCEPT_LANGUAGE="da").content.decode()
    assert "Dorte paid in 1,000.00 kr." in page  # the message in the language the form was sent in
    assert "I kassen: <strong>1.000,00 kr.</strong>" in page


@pytest.mark.parametrize("typed", ["1e3", "1_000", "١٢٣", "１２３", "1 000", "-5"])
def test_the_payment_form_refuses_what_is_not_an_amount_and_records_nothing(as_member, members, played, typed):
    page = pay(as_member("Anna"), members["Dorte"], typed)

    assert page.status_code == 200
    assert page.context["form"].errors["amount"] == [
        f'Write the amount in kroner as 1.234,50 or 1234,50 (digits 0–9, at most two decimals), not "{typed}".'
    ]
    assert not Payment.objects.exists()


def test_a_wrong_payment_is_reversed_never_edited(as_member, members, played):
    anna = as_member("Anna")
    pay(anna, members["Bent"], "100,00")  # meant 0,10
    wrong = Payment.objects.get()
    assert money.saldo(members["Bent"]) == -10 + 10000

    anna.post(url("office_payment_reverse", wrong.pk), {"reason": "Tastefejl: det var 0,10 kr."})
    reversal = Payment.objects.get(reverses=wrong)
    assert (reversal.signed_ore, reversal.reason) == (-10000, "Tastefejl: det var 0,10 kr.")
    assert money.saldo(members["Bent"]) == -10
    assert till.holding(members["Anna"].club) == 0
    # The original is as it was; a second reversal is refused.
    assert Payment.objects.get(pk=wrong.pk).amount_ore == 10000
    with pytest.raises(OfficeError):
        payments.reverse_payment(wrong, reason="again")


def test_someone_who_is_not_an_official_is_refused(as_member, members, played):
    for name in ("Bent", "Erik"):  # a scorer and a plain member
        assert pay(as_member(name), members["Dorte"], "3,05").status_code == 403
    assert not Payment.objects.exists()


def test_a_sitting_settled_at_the_table(members, played):
    from club.services.closing import close_sitting

    close_sitting(played, how="split")
    # The split of 280 (cups 85 + 195) among four: 70 each. Anna −60, Bent +60, Carl +235,
    # Dorte −235 points at 1 øre.
    settled = payments.settle_at_table(played)
    assert sorted((p.member.name, p.signed_ore) for p in settled) == [
        ("Anna", 60),
        ("Bent", -60),
        ("Carl", -235),
        ("Dorte", 235),
    ]
    assert all(money.saldo(members[name]) == 0 for name in ("Anna", "Bent", "Carl", "Dorte"))


def test_the_settled_at_the_table_note_is_read_in_the_readers_language(as_member, members, played):
    from club.services.closing import close_sitting

    close_sitting(played, how="split")
    with translation.override("da"):  # closed from a Danish page: the note is kept as its code
        payments.settle_at_table(played)
    assert set(Payment.objects.values_list("note", "note_code")) == {("", "settled_at_table")}

    anna = as_member("Anna")
    english = anna.get(url("office_payments")).text
    magyar = anna.get(url("office_payments"), HTTP_ACCEPT_LANGUAGE="hu").text
    statement = anna.get(
        reverse("member-statement", args=["nordvest", members["Carl"].pk, f"{played.date:%Y-%m}"]),
        HTTP_ACCEPT_LANGUAGE="hu",
    ).text

    assert english.count("· Settled at the table") == 4 and "Afregnet ved bordet" not in english
    assert magyar.count("· Az asztalnál rendezve") == 4 and "Afregnet ved bordet" not in magyar
    assert "Az asztalnál rendezve" in statement and "Afregnet ved bordet" not in statement


def test_the_migration_keeps_stored_danish_notes_as_their_code(members, played):
    import importlib
    from types import SimpleNamespace

    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from club.services.closing import close_sitting

    close_sitting(played, how="split")
    for member, ore in ((members["Anna"], 60), (members["Bent"], 60)):  # as they were stored before
        payments.record_payment(
            members["Anna"].club,
            member=member,
            direction="in",
            amount_ore=ore,
            method="cash",
            paid_on=played.date,
            note="Afregnet ved bordet",
            sitting=played,
        )
    typed = payments.record_payment(
        members["Anna"].club,
        member=members["Carl"],
        direction="in",
        amount_ore=100,
        method="cash",
        paid_on=played.date,
        note="Afregnet ved bordet",  # an official's own words on a payment of no sitting stay his
    )
    migration = importlib.import_module("club.migrations.0018_payment_note_codes")
    state = MigrationExecutor(connection).loader.project_state(("club", "0018_payment_note_codes"))
    migration.to_codes(state.apps, SimpleNamespace(connection=connection))  # it reads only the connection

    rows = dict(Payment.objects.values_list("member__name", "note_code"))
    assert rows == {"Anna": "settled_at_table", "Bent": "settled_at_table", "Carl": ""}
    assert Payment.objects.get(pk=typed.pk).note == "Afregnet ved bordet"
    with translation.override("hu"):
        assert {p.note_words for p in Payment.objects.filter(sitting=played)} == {"Az asztalnál rendezve"}


def test_the_payment_form_sent_twice_records_one_payment(as_member, members, played):
    """N6: the page's form carries its own key; a double click or a resend records once, and the
    page says the payment was recorded. Back, a change and a send is refused once, then records."""
    anna = as_member("Anna")
    page = anna.get(url("office_payments")).text
    key = re.search(r'name="idempotency_key" value="([0-9a-f]{32})"', page).group(1)
    body = {
        "paid_on": "2026-11-20",
        "member": members["Dorte"].pk,
        "direction": "in",
        "amount": "3,05",
        "method": "mobilepay",
        "idempotency_key": key,
    }

    first = anna.post(url("office_payments"), body)
    again = anna.post(url("office_payments"), body, follow=True, HTTP_ACCEPT_LANGUAGE="en")

    assert first.status_code == 302
    assert "Recorded once, sent twice" in again.text
    assert Payment.objects.filter(member=members["Dorte"]).count() == 1
    assert money.saldo(members["Dorte"]) == 0
    changed = anna.post(url("office_payments"), body | {"amount": "1,00"}, HTTP_ACCEPT_LANGUAGE="en")
    assert changed.status_code == 200
    assert "This form recorded a payment already" in changed.text
    assert Payment.objects.filter(member=members["Dorte"]).count() == 1
    new_key = re.search(r'name="idempotency_key" value="([0-9a-f]{32})"', changed.text).group(1)
    assert new_key != key
    assert anna.post(url("office_payments"), body | {"amount": "1,00", "idempotency_key": new_key}).status_code == 302
    assert Payment.objects.filter(member=members["Dorte"]).count() == 2


def test_a_reversal_sent_twice_is_made_once(as_member, members, played):
    anna = as_member("Anna")
    assert pay(anna, members["Dorte"], "3,05").status_code == 302
    paid = Payment.objects.get(member=members["Dorte"])
    page = anna.get(url("office_payments")).text
    key = re.search(rf'name="idempotency_key" value="([0-9a-f]{{32}}-{paid.pk})"', page).group(1)
    body = {"reason": "Typed twice", "idempotency_key": key}

    first = anna.post(url("office_payment_reverse", paid.pk), body, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    again = anna.post(url("office_payment_reverse", paid.pk), body, follow=True, HTTP_ACCEPT_LANGUAGE="en")

    assert "The payment is reversed." in first.text
    assert "The payment is reversed." in again.text
    assert Payment.objects.filter(reverses=paid).count() == 1
    assert money.saldo(members["Dorte"]) == -305
