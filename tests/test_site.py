"""The site shell: home page, admin, languages, local assets."""

import pytest

pytestmark = pytest.mark.django_db


def test_home_page_names_the_site(client):
    response = client.get("/")

    assert response.status_code == 200
    assert "Tarokbog" in response.text


def test_admin_login_page_renders(client):
    response = client.get("/admin/login/")

    assert response.status_code == 200


def test_danish_is_the_default_language(client):
    response = client.get("/")

    assert '<html lang="da"' in response.text
    assert "Pointbog og regnskab for tarokklubber: dansk tarok og ungarsk tarokk." in response.text


def test_browser_asking_for_english_gets_english(client):
    response = client.get("/", headers={"accept-language": "en"})

    assert '<html lang="en"' in response.text
    assert "Scorebook and ledger for tarok clubs: Danish Tarok and Hungarian tarokk." in response.text


def test_language_switch_sticks(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302

    assert '<html lang="en"' in client.get("/").text


def test_htmx_is_served_locally(client):
    html = client.get("/").text

    assert 'src="/static/django_htmx/htmx-2.min.js"' in html
    assert '<script src="http' not in html


def test_api_docs_use_bundled_swagger_ui(client):
    assert client.get("/api/schema/").status_code == 200

    html = client.get("/api/docs/").text
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
