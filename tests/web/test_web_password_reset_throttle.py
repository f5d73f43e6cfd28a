"""A forgotten password's mail is throttled, by the address asked for (3 an hour) and by the client
asking (10 an hour), in the database; a known and an unknown address do the same work, and an
answer over a limit is the answer of a sent mail."""

from __future__ import annotations

import datetime
import hashlib
import io
import ipaddress
import re

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from post_office.models import Email

from club.models import Throttle
from club.services import members as office
from club.services import throttle


@pytest.fixture
def anna(db):
    return office.create_club(name="Vestbyens Tarokklub", admin_email="anna@example.org")


def ask(client, address: str, client_address: str = "203.0.113.7"):
    return client.post(reverse("password_reset"), {"email": address}, REMOTE_ADDR=client_address)


def test_ten_resets_for_one_address_queue_three_mails(client, anna, send_queued_mail):
    spellings = ["anna@example.org", "Anna@Example.org", "ANNA@EXAMPLE.ORG", " anna@example.org"]
    answers = [ask(client, spellings[n % 4], f"203.0.113.{n}") for n in range(10)]

    # Every answer is the answer of a sent mail, within the limit or over it.
    assert {(a.status_code, a["Location"]) for a in answers} == {(302, reverse("password_reset_done"))}
    assert Email.objects.count() == 3
    assert send_queued_mail() == (3, 0, 0)
    assert [m.to for m in mail.outbox] == [["anna@example.org"]] * 3


def test_the_address_may_ask_again_an_hour_after_its_first_three(client, anna, monkeypatch):
    for _ in range(4):
        ask(client, "anna@example.org")
    assert Email.objects.count() == 3

    an_hour_later = timezone.now() + datetime.timedelta(hours=1, seconds=1)
    monkeypatch.setattr(throttle.timezone, "now", lambda: an_hour_later)
    ask(client, "anna@example.org")
    assert Email.objects.count() == 4


def test_one_client_gets_ten_resets_an_hour_whatever_the_addresses(client, anna):
    for n in range(10):
        assert ask(client, f"nobody{n}@example.org")["Location"] == reverse("password_reset_done")

    over = ask(client, "anna@example.org")  # a known address, from the same client: over its limit
    assert (over.status_code, over["Location"]) == (302, reverse("password_reset_done"))
    assert not Email.objects.exists()

    ask(client, "anna@example.org", client_address="198.51.100.4")  # another client
    (queued,) = Email.objects.all()
    assert queued.to == ["anna@example.org"]


def test_behind_a_trusted_proxy_the_client_is_the_forwarded_address(client, anna, settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/8")]

    def via_proxy(address: str, forwarded_for: str):
        body = {"email": address}
        return client.post(reverse("password_reset"), body, REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded_for)

    for n in range(10):
        via_proxy(f"nobody{n}@example.org", "198.51.100.5")
    via_proxy("anna@example.org", "198.51.100.5")  # that client's eleventh
    assert not Email.objects.exists()
    via_proxy("anna@example.org", "198.51.100.6")  # another client behind the same proxy
    assert Email.objects.count() == 1


def written_tables(queries) -> list[str]:
    """The tables each INSERT or UPDATE of the request wrote, in order."""
    found = []
    for query in queries:
        match = re.match(r'\s*(?:INSERT INTO|UPDATE)\s+"?(\w+)"?', query["sql"])
        if match:
            found.append(match[1])
    return found


def test_a_known_and_an_unknown_address_do_the_same_counting(client, anna):
    with CaptureQueriesContext(connection) as known:
        ask(client, "anna@example.org", "203.0.113.1")
    with CaptureQueriesContext(connection) as unknown:
        ask(client, "nobody@example.org", "203.0.113.2")

    counting = ["club_throttle"] * 4  # per client and per address: the row's upsert, then its attempts
    assert written_tables(known.captured_queries) == [*counting, "post_office_email"]
    assert written_tables(unknown.captured_queries) == counting
    # Stored by hash: the addresses and clients typed are not kept.
    keys = set(Throttle.objects.values_list("key", flat=True))
    assert len(keys) == 4 and not any("@" in key or "203." in key for key in keys)


def test_one_ipv6_64_is_one_client(client, anna):
    """A new IPv6 address of one /64 for every request is still one client: its eleventh is over."""
    for n in range(10):
        ask(client, f"nobody{n}@example.org", f"2001:db8:1:2::{n + 1:x}")
    ask(client, "anna@example.org", "2001:db8:1:2:ffff:ffff:ffff:ffff")
    assert not Email.objects.exists()

    ask(client, "anna@example.org", "2001:db8:1:3::1")  # the next /64: another client
    (queued,) = Email.objects.all()
    assert queued.to == ["anna@example.org"]


def test_a_client_over_its_limit_adds_no_row_for_the_addresses_it_names(client, anna):
    for n in range(10):
        ask(client, f"nobody{n}@example.org")
    assert Throttle.objects.filter(scope="reset-address").count() == 10

    for n in range(10, 40):  # thirty more addresses, all over the client's limit
        over = ask(client, f"nobody{n}@example.org")
        assert (over.status_code, over["Location"]) == (302, reverse("password_reset_done"))

    assert Throttle.objects.filter(scope="reset-address").count() == 10
    assert Throttle.objects.filter(scope="reset-client").count() == 1


def test_over_its_limit_a_known_and_an_unknown_address_do_the_same_counting(client, anna):
    for n in range(10):
        ask(client, f"nobody{n}@example.org")
    with CaptureQueriesContext(connection) as known:
        ask(client, "anna@example.org")
    with CaptureQueriesContext(connection) as unknown:
        ask(client, "nobody@example.org")

    assert written_tables(known.captured_queries) == written_tables(unknown.captured_queries) == ["club_throttle"] * 2


def test_purge_throttles_deletes_the_counts_whose_hour_has_passed(client, anna, monkeypatch):
    ask(client, "anna@example.org", "203.0.113.1")
    half_an_hour_later = timezone.now() + datetime.timedelta(minutes=30)
    monkeypatch.setattr(throttle.timezone, "now", lambda: half_an_hour_later)
    ask(client, "bent@example.org", "203.0.113.2")
    assert Throttle.objects.count() == 4

    out = io.StringIO()
    an_hour_after_the_first = half_an_hour_later + datetime.timedelta(minutes=30, seconds=1)
    monkeypatch.setattr(throttle.timezone, "now", lambda: an_hour_after_the_first)
    with translation.override("en"):
        call_command("purge_throttles", stdout=out)

    assert out.getvalue() == "2 expired throttle counts deleted.\n"
    # Bent's and his client's counts, 30 minutes old, stay and still count.
    assert Throttle.objects.count() == 2
    assert set(Throttle.objects.values_list("key", flat=True)) == {
        hashlib.sha256(b"bent@example.org").hexdigest(),
        hashlib.sha256(b"203.0.113.2").hexdigest(),
    }


def test_purge_deletes_in_batches(anna, monkeypatch):
    monkeypatch.setattr(throttle, "PURGE_BATCH", 3)
    long_ago = timezone.now() - datetime.timedelta(hours=2)
    Throttle.objects.bulk_create(
        [Throttle(scope="reset-client", key=f"{n:064x}", attempts=[], last_attempt=long_ago) for n in range(7)]
    )
    Throttle.objects.create(scope="reset-client", key="f" * 64, attempts=[], last_attempt=timezone.now())

    assert throttle.purge_expired() == 7
    assert list(Throttle.objects.values_list("key", flat=True)) == ["f" * 64]
