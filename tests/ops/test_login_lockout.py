"""Login throttling with django-axes: counted in the database, so processes share the count, and
keyed on the username as a login holds it (NFKC, case-folded), so the fullwidth `ｇｏｒｍ` is `gorm`.

Five failures for one username from one address lock that pair for 15 minutes, and twenty from
one address lock the address, whatever usernames they name (docs/access.md).
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from club.web.login_lock import username

MANAGE = Path(settings.BASE_DIR) / "manage.py"
PASSWORD = "rigtig-kode-7"

# One process: two failed logins, through the whole stack (middleware, form, axes' backend).
FAIL_TWICE = """
from django.test import Client
client = Client(HTTP_HOST="localhost")
for name in ["gorm", "ｇｏｒｍ"]:
    status = client.post("/login/", {"username": name, "password": "forkert"}).status_code
    print(name, status)
"""

TRY_GOOD_PASSWORD = f"""
from django.test import Client
response = Client(HTTP_HOST="localhost").post("/login/", {{"username": "gorm", "password": "{PASSWORD}"}})
print(response.status_code)
"""


def test_username_is_counted_as_a_login_holds_it():
    assert username(None, {"username": "ｇｏｒｍ"}) == "gorm"
    assert username(None, {"username": " gorm "}) == "gorm"
    assert username(None, {"username": "Gorm"}) == "gorm"  # the login is found case-folded, so counted so
    assert username(None, {"username": "ﬁn"}) == "fin"  # the ligature ﬁ is f + i under NFKC
    assert username(None, {"username": "ſofie@example.org"}) == "sofie@example.org"  # the long s is s


@pytest.mark.django_db
def test_fullwidth_failures_lock_the_plain_username(client, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    django_user_model.objects.create_user("gorm", password=PASSWORD)
    statuses = [
        client.post(reverse("login"), {"username": name, "password": "forkert"}).status_code
        for name in ["gorm", "ｇｏｒｍ", "ｇｏｒｍ", "gorm", "ｇｏｒｍ"]
    ]
    assert statuses == [200, 200, 200, 200, 429]  # the fifth failure, fullwidth or not, locks

    locked = client.post(reverse("login"), {"username": "gorm", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en")

    assert locked.status_code == 429
    assert "Too many failed logins" in locked.text
    assert "_auth_user_id" not in client.session
    # One record for both spellings; the right password the lock refused is not counted.
    assert list(AccessAttempt.objects.values_list("username", "failures_since_start")) == [("gorm", 5)]


@pytest.mark.django_db
def test_twenty_failures_from_one_address_with_new_usernames_lock_that_address(client, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    django_user_model.objects.create_user("gorm", password=PASSWORD)
    attacker = {"REMOTE_ADDR": "203.0.113.7", "HTTP_ACCEPT_LANGUAGE": "en"}
    statuses = [
        client.post(reverse("login"), {"username": f"guess{n}", "password": "forkert"}, **attacker).status_code
        for n in range(1, 21)
    ]
    assert statuses == [200] * 19 + [429]  # each username failed once: only the address's count locks

    locked = client.post(reverse("login"), {"username": "gorm", "password": PASSWORD}, **attacker)

    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session
    # The wait ends 15 minutes after the twentieth failure, said to the minute and rounded up.
    twentieth = AccessAttempt.objects.get(username="guess20").attempt_time
    ends = timezone.localtime(twentieth + datetime.timedelta(minutes=15))
    retry_at = ends.replace(second=0, microsecond=0)
    assert locked.context["retry_at"] == (retry_at if retry_at == ends else retry_at + datetime.timedelta(minutes=1))
    assert (
        "Too many failed logins from here: 5 for one username or 20 from one address within 15 minutes. "
        f"Try again after {locked.context['retry_at']:%H:%M}."
    ) in locked.text

    elsewhere = client.post(reverse("login"), {"username": "gorm", "password": PASSWORD}, REMOTE_ADDR="198.51.100.4")
    assert elsewhere.status_code == 302  # another client address is not locked
    assert client.session["_auth_user_id"] == str(django_user_model.objects.get(username="gorm").pk)


@pytest.mark.django_db
def test_a_flood_from_a_locked_address_writes_nothing_and_asks_the_database_nothing(
    client, django_user_model, settings, django_assert_num_queries
):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    attacker = {"REMOTE_ADDR": "203.0.113.9"}
    for n in range(1, 21):
        client.post(reverse("login"), {"username": f"guess{n}", "password": "forkert"}, **attacker)
    rows = (AccessAttempt.objects.count(), AccessFailureLog.objects.count())
    assert rows[0] == 20

    for n in range(21, 51):
        with django_assert_num_queries(0):
            refused = client.post(reverse("login"), {"username": f"guess{n}", "password": "forkert"}, **attacker)
        assert refused.status_code == 429

    # Thirty more tries: not one row more, and the address still counts its twenty failures.
    assert (AccessAttempt.objects.count(), AccessFailureLog.objects.count()) == rows
    assert sum(AccessAttempt.objects.values_list("failures_since_start", flat=True)) == 20


@pytest.mark.django_db
def test_nineteen_failures_from_one_address_leave_it_open(client, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    django_user_model.objects.create_user("gorm", password=PASSWORD)
    for n in range(1, 20):
        client.post(reverse("login"), {"username": f"guess{n}", "password": "forkert"}, REMOTE_ADDR="203.0.113.7")

    signed_in = client.post(reverse("login"), {"username": "gorm", "password": PASSWORD}, REMOTE_ADDR="203.0.113.7")

    assert signed_in.status_code == 302
    # A success forgets gorm's own failures only: the nineteen guesses still count for the address.
    assert (
        sum(AccessAttempt.objects.filter(ip_address="203.0.113.7").values_list("failures_since_start", flat=True)) == 19
    )


def test_ten_failures_from_five_processes_lock_the_account(tmp_path):
    """Each process fails twice, fewer than the five a lock needs: only a shared count locks.

    A SQLite file of its own, so that separate processes see one database, whichever database
    this run of the suite uses.
    """
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'axes.sqlite3'}", "DEBUG": "1"}

    def manage(*args: str) -> str:
        result = subprocess.run([sys.executable, MANAGE, *args], env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        return result.stdout

    manage("migrate", "--noinput")
    manage(
        "shell",
        "-c",
        f"from django.contrib.auth.models import User; User.objects.create_user('gorm', password={PASSWORD!r})",
    )
    outputs = [manage("shell", "-c", FAIL_TWICE) for _ in range(5)]

    # The first two processes fail normally (200 and the form again); from the fifth failure on
    # (the third process's first) the pair is locked and every answer is 429.
    statuses = [line.split()[-1] for output in outputs for line in output.splitlines()[-2:]]
    assert statuses == ["200"] * 4 + ["429"] * 6
    assert manage("shell", "-c", TRY_GOOD_PASSWORD).splitlines()[-1] == "429"
    attempts = "from axes.models import AccessAttempt as A; print(list(A.objects.values_list('username', 'failures_since_start')))"
    # The five failures that locked, on the one record for `gorm`; the tries the lock refused
    # (the right password too) are not counted.
    assert manage("shell", "-c", attempts).splitlines()[-1] == "[('gorm', 5)]"


@pytest.mark.django_db
@pytest.mark.parametrize("length", [256, 10_000])
@pytest.mark.parametrize("url", ["/login/", "/admin/login/"])
def test_an_overlong_username_is_a_form_error_before_axes_sees_it(client, url, length):
    """axes keeps usernames in varchar(255): on PostgreSQL a longer one was a server error."""
    response = client.post(url, {"username": "u" * length, "password": "forkert"}, HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 200
    assert response.context["form"].errors["username"] == [
        f"Ensure this value has at most 150 characters (it has {length})."
    ]
    assert f"Ensure this value has at most 150 characters (it has {length})." in response.text
    assert not AccessAttempt.objects.exists()  # nothing counted: no password was checked


@pytest.mark.django_db
def test_unlock_login_forgets_the_failures_and_counts_them_in_the_page_language(client, django_user_model, settings):
    import io

    from django.core.management import call_command
    from django.utils import translation

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    django_user_model.objects.create_user("gorm", password=PASSWORD)
    client.post(reverse("login"), {"username": "ｇｏｒｍ", "password": "forkert"})  # counted as gorm

    out = io.StringIO()
    with translation.override("da"):
        call_command("unlock_login", "ｇｏｒｍ", stdout=out)
    assert out.getvalue() == "1 mislykket login for gorm glemt; det kan logge ind igen.\n"  # one, not "1 attempts"
    assert not AccessAttempt.objects.exists()
    out = io.StringIO()
    with translation.override("en"):
        call_command("unlock_login", "gorm", stdout=out)
    assert out.getvalue() == "0 failed logins of gorm forgotten; it may log in again.\n"


@pytest.mark.django_db
def test_failures_from_one_ipv6_64_count_as_one_client(client, django_user_model, settings):
    """Whoever holds one IPv6 address holds its /64: a new address each try is the same client."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    django_user_model.objects.create_user("gorm", password=PASSWORD)
    statuses = [
        client.post(
            reverse("login"), {"username": f"guess{n}", "password": "forkert"}, REMOTE_ADDR=f"2001:db8:1:2::{n:x}"
        ).status_code
        for n in range(1, 21)
    ]
    assert statuses == [200] * 19 + [429]
    assert (
        client.post(
            reverse("login"), {"username": "gorm", "password": PASSWORD}, REMOTE_ADDR="2001:db8:1:2:ffff::9"
        ).status_code
        == 429
    )
    # The next /64 is another client.
    assert (
        client.post(
            reverse("login"), {"username": "gorm", "password": PASSWORD}, REMOTE_ADDR="2001:db8:1:3::1"
        ).status_code
        == 302
    )


@pytest.mark.django_db
def test_one_username_from_two_addresses_of_one_64_locks_at_five(client, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    django_user_model.objects.create_user("gorm", password=PASSWORD)
    statuses = [
        client.post(
            reverse("login"), {"username": "gorm", "password": "forkert"}, REMOTE_ADDR=f"2001:db8:1:2::{n % 2 + 1}"
        ).status_code
        for n in range(5)
    ]
    assert statuses == [200] * 4 + [429]
