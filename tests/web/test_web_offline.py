"""The service worker and the offline page: served from the site's root, to anyone (they hold no
member's data; the pages the worker keeps are fetched with the member's own session). A deal a
phone kept offline says who saved it, and is recorded only under that user's session."""

import re

from django.templatetags.static import static
from django.urls import reverse

from club.models import Deal, DealVersion
from table_evening import DEAL_1_FORM as TABLE_DEAL_1_FORM


def test_the_service_worker_is_served_from_the_root_with_the_shell_it_keeps(client):
    answer = client.get("/sw.js")

    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/javascript; charset=utf-8"
    assert answer["Cache-Control"] == "no-cache"
    body = answer.content.decode()
    for name in ("club/site.css", "club/site.js", "club/queue.js", "club/card_table.js", "django_htmx/htmx-2.min.js"):
        assert f'"{static(name)}"' in body
    assert 'var OFFLINE_PAGE = "/offline/";' in body


def test_every_page_names_the_service_worker(client):
    page = client.get("/login/")

    assert 'data-service-worker="/sw.js"' in page.content.decode()


def test_the_offline_page_says_what_is_kept(client):
    page = client.get("/offline/", HTTP_ACCEPT_LANGUAGE="da")

    assert page.status_code == 200
    assert "Ingen forbindelse" in page.content.decode()


# --- a shared phone: a deal kept offline is sent under its own scorer's session only ----------

DEAL_1_FORM = TABLE_DEAL_1_FORM | {"number": "1"}


def entry_url(sitting) -> str:
    return reverse("deal_new", args=["nordvest", sitting.pk])


def queue_url(sitting) -> str:
    return reverse("deal_queued", args=["nordvest", sitting.pk])


def send_queued(client, sitting, data, **headers):
    """A deal posted as the phone's offline queue sends it (static club/queue.js)."""
    return client.post(
        queue_url(sitting), data, headers={"Accept": "application/json"} | headers, HTTP_ACCEPT_LANGUAGE="en"
    )


def test_the_deal_form_names_the_user_who_saves_it(sitting, members, as_member):
    bent = members["Bent"].user

    html = as_member("Bent").get(entry_url(sitting)).content.decode()

    assert f'<html lang="en" data-service-worker="/sw.js" data-user="{bent.pk}" data-user-name="Bent">' in html
    assert re.search(r'<input type="hidden" name="saved_by" value="(\d+)"', html).group(1) == str(bent.pk)


def test_the_offline_page_is_rendered_for_nobody(members, as_member):
    html = as_member("Bent").get("/offline/").content.decode()

    assert "data-user" not in html


def test_a_queued_deal_saved_by_another_user_is_refused_and_recorded_under_its_own(sitting, members, client):
    anna, bent = members["Anna"].user, members["Bent"].user
    queued = DEAL_1_FORM | {"idempotency_key": "annas-phone-1", "saved_by": str(anna.pk)}
    client.force_login(bent)

    refused = send_queued(client, sitting, queued)

    assert refused.status_code == 403
    assert refused.json() == {
        "status": "other_user",
        "message": "This deal was saved by another user: it is sent only when that user is signed in.",
    }
    assert not Deal.objects.exists() and not DealVersion.objects.exists()

    client.force_login(anna)
    sent = send_queued(client, sitting, queued)
    again = send_queued(client, sitting, queued)

    assert (sent.status_code, sent.json()["status"], sent.json()["number"]) == (201, "recorded", 1)
    assert sent.json()["message"] == "Deal 1 is saved: Anna −15, Bent +30, Carl 0, Dorte −25."
    assert sent.json()["url"] == f"/c/nordvest/sittings/{sitting.pk}/#deal-1"
    assert (again.status_code, again.json()["status"]) == (200, "recorded")
    assert again.json()["message"] == "Deal 1 was saved already; nothing was recorded twice."
    version = DealVersion.objects.get()
    assert (version.deal.number, version.entered_by, version.idempotency_key) == (
        1,
        anna,
        f"{anna.pk}:{sitting.pk}:annas-phone-1",
    )


def test_a_deal_form_of_another_user_posted_plainly_is_refused_with_the_reason(sitting, members, client):
    client.force_login(members["Bent"].user)
    form = DEAL_1_FORM | {"idempotency_key": "k", "saved_by": str(members["Carl"].user.pk)}

    page = client.post(entry_url(sitting), form, HTTP_ACCEPT_LANGUAGE="da")

    assert page.status_code == 403
    assert "Dette spil blev gemt af en anden bruger: det sendes kun, når vedkommende er logget ind." in (
        page.content.decode()
    )
    assert not Deal.objects.exists()


def test_a_deal_form_of_the_signed_in_user_is_recorded(sitting, members, client):
    bent = members["Bent"].user
    client.force_login(bent)

    answer = client.post(entry_url(sitting), DEAL_1_FORM | {"idempotency_key": "k", "saved_by": str(bent.pk)})

    assert answer.status_code == 302
    assert DealVersion.objects.get().entered_by == bent


def test_the_offline_page_never_sets_the_csrf_cookie(members, client):
    """The service worker fetches it as it installs, often from the login page: an answer slower
    than the login must not put the token of before the login back (every later form would be
    refused as too old)."""
    client.cookies["csrftoken"] = "a" * 32  # the token the phone had before signing in
    client.force_login(members["Bent"].user)

    page = client.get("/offline/")

    assert page.status_code == 200 and "csrftoken" not in page.cookies
