"""`manage.py create_club`: a new club, its first official and a one-time link to set his password."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from club.models import Club, Member


def create(*args: str) -> str:
    out = io.StringIO()
    call_command("create_club", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_creates_the_club_its_admin_and_prints_a_link_that_sets_the_password(client):
    out = create("Vestbyens Tarokklub", "--admin", "Anna@Example.org", "--language", "en")

    club = Club.objects.get(slug="vestbyens-tarokklub")
    assert club.name == "Vestbyens Tarokklub"
    admin = Member.objects.get(club=club)
    assert (admin.name, admin.role, admin.email, admin.active) == ("Anna", "admin", "anna@example.org", True)
    assert admin.user.username == "anna@example.org"
    assert not admin.user.has_usable_password()
    assert "Created Vestbyens Tarokklub (/c/vestbyens-tarokklub/) with Anna as its club admin" in out
    link = re.search(r"http://127\.0\.0\.1:8000(/password/set/\S+/)", out)
    assert link, out

    form = client.get(link[1], follow=True)
    assert form.status_code == 200
    assert b"anna@example.org" in form.content
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "k0ngekop-42", "new_password2": "k0ngekop-42"})
    assert done.status_code == 302
    admin.user.refresh_from_db()
    assert admin.user.check_password("k0ngekop-42")


@pytest.mark.django_db
def test_name_slug_and_the_danish_letters():
    out = create("Østerbro Tarokselskab", "--admin", "bent@example.org", "--name", "Bent Ærø", "--language", "da")

    club = Club.objects.get(slug="oesterbro-tarokselskab")
    assert club.members.get().name == "Bent Ærø"
    assert "Oprettede Østerbro Tarokselskab" in out

    create("Vestbyen", "--admin", "carl@example.org", "--slug", "vest")
    assert Club.objects.filter(slug="vest").exists()


@pytest.mark.django_db
def test_refuses_a_taken_short_name_and_a_bad_address_and_writes_nothing():
    # Not the demo club's name: this folder's demo club may already stand (tests/commands/conftest.py).
    create("Nordhavn", "--admin", "anna@example.org")
    clubs = sorted(Club.objects.values_list("slug", flat=True))
    assert "nordhavn" in clubs
    with pytest.raises(CommandError, match="short name nordhavn already exists"):
        create("Nordhavn", "--admin", "bent@example.org", "--language", "en")
    with pytest.raises(CommandError, match="valid email address"):
        create("Nordby", "--admin", "not an address", "--language", "en")
    assert sorted(Club.objects.values_list("slug", flat=True)) == clubs
