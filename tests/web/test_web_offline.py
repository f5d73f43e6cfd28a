"""The service worker and the offline page: served from the site's root, to anyone (they hold no
member's data; the pages the worker keeps are fetched with the member's own session)."""

from django.templatetags.static import static


def test_the_service_worker_is_served_from_the_root_with_the_shell_it_keeps(client):
    answer = client.get("/sw.js")

    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/javascript; charset=utf-8"
    assert answer["Cache-Control"] == "no-cache"
    body = answer.content.decode()
    for name in ("club/site.css", "club/table.js", "django_htmx/htmx-2.min.js"):
        assert f'"{static(name)}"' in body
    assert 'var OFFLINE_PAGE = "/offline/";' in body


def test_every_page_names_the_service_worker(client):
    page = client.get("/login/")

    assert 'data-service-worker="/sw.js"' in page.content.decode()


def test_the_offline_page_says_what_is_kept(client):
    page = client.get("/offline/", HTTP_ACCEPT_LANGUAGE="da")

    assert page.status_code == 200
    assert "Ingen forbindelse" in page.content.decode()
