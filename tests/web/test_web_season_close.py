"""Kontor → Sæsoner: an official closes a season (its preview, then the close); a sitting of a
closed season is refused on the start form and by the API (club.services.season_close)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from club.models import Season
from world.clubs import play

pytestmark = pytest.mark.django_db

DAY = datetime.date(2024, 3, 7)


@pytest.fixture
def seasons(club, make_season):
    spring = make_season(
        club, name="Forår", starts_on=datetime.date(2024, 1, 1), ends_on=datetime.date(2024, 6, 30), point_value_ore=25
    )
    autumn = make_season(
        club,
        name="Efterår",
        starts_on=datetime.date(2024, 7, 1),
        ends_on=datetime.date(2024, 12, 31),
        point_value_ore=50,
    )
    return spring, autumn


def start_body(season, table, members, day) -> dict:
    seated = [members[name].pk for name in ("Anna", "Bent", "Carl", "Dorte")]
    return {"season": season.pk, "table": table.pk, "date": str(day), "first_dealer": seated[0]}, seated


def test_an_official_previews_and_closes_a_season(seasons, table, members, start_sitting, as_member):
    spring, autumn = seasons
    play(start_sitting(spring, date=DAY), [], close="carry")  # the cups funded 80/80 at 25 øre
    client = as_member("Anna")
    listing = client.get(reverse("office_seasons", args=[table.club.slug]))
    assert reverse("office_season_close", args=[table.club.slug, spring.pk]) in listing.content.decode()

    url = reverse("office_season_close", args=[table.club.slug, spring.pk])
    preview = client.get(url)
    assert preview.status_code == 200
    assert "carried into Efterår as Kongekop 40, Pagatkop 40 points at 50 øre" in preview.content.decode()

    done = client.post(url, {"how": "carry", "into": autumn.pk})
    assert done.status_code == 302
    spring.refresh_from_db()
    assert spring.closed_at is not None and spring.closed_by == members["Anna"].user
    log = client.get(reverse("club_log", args=[table.club.slug])).content.decode()
    assert "closed the season Forår: what the tables held was carried into Efterår" in log

    again = client.post(url, {"how": "carry", "into": autumn.pk})
    assert again.status_code == 400
    assert "was closed on" in again.content.decode()

    # Neither the start form nor the API starts a sitting of the closed season.
    form, seated = start_body(spring, table, members, DAY)
    form |= {f"seat_{i}": pk for i, pk in enumerate(seated)}
    page = client.post(reverse("sitting_new", args=[table.club.slug]), form)
    assert page.status_code == 400
    assert page.context["form"].errors["season"] == ["The season Forår is closed: start the sitting in another season."]
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(members["Anna"].user)
    body, seated = start_body(spring, table, members, DAY)
    answer = api.post("/api/sittings/", body | {"members": seated}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"season": ["The season Forår is closed: start the sitting in another season."]}


def test_a_season_of_another_price_waits_for_the_close(seasons, table, members, start_sitting, as_member):
    spring, autumn = seasons
    play(start_sitting(spring, date=DAY), [], close="carry")
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(members["Anna"].user)
    body, seated = start_body(autumn, table, members, datetime.date(2024, 8, 1))
    answer = api.post("/api/sittings/", body | {"members": seated}, format="json")
    assert answer.status_code == 400
    assert "still holds 160 points of Forår at 25 øre a point" in answer.json()["season"][0]


def test_a_scorer_may_not_close_a_season(seasons, table, as_member):
    spring, _autumn = seasons
    page = as_member("Bent").post(reverse("office_season_close", args=[table.club.slug, spring.pk]), {"how": "split"})
    assert page.status_code == 403
    assert Season.objects.get(pk=spring.pk).closed_at is None
