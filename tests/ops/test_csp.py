"""Content-Security-Policy (django-csp): scripts and styles only from our own files.

The templates carry no inline script, style or event handler, so the policy needs neither
'unsafe-inline' nor nonces; the API's Swagger UI and Redoc pages widen style-src for themselves.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# Rendered to PDF by WeasyPrint only (club/reports/pdf.py, club/web/paper.py), never served to a browser.
PDF_ONLY = {
    "reports/statement_print.html",
    "reports/season_summary_print.html",
    "club/print/_styles.html",
    "club/print/blank_sheet.html",
    "club/print/sitting.html",
}


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {name: values for name, *values in (part.split() for part in header.split(";") if part.strip())}


@pytest.mark.parametrize(
    "template",
    sorted(
        str(p.relative_to(TEMPLATES))
        for p in TEMPLATES.rglob("*.html")
        if str(p.relative_to(TEMPLATES)) not in PDF_ONLY
    ),
)
def test_no_inline_script_style_or_handler_in_templates(template):
    text = (TEMPLATES / template).read_text(encoding="utf-8")

    assert not re.search(r"<script(?![^>]*\bsrc=)", text), "inline <script>"
    assert "<style" not in text, "inline <style>"
    assert not re.search(r"\sstyle\s*=", text), "style= attribute"
    assert not re.search(r"\son[a-z]+\s*=", text), "inline event handler"
    assert "hx-on" not in text, "hx-on handlers are evaluated inline"


@pytest.mark.django_db
def test_pages_get_a_strict_policy(client):
    csp = policy(client.get("/login/"))

    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'none'"]


@pytest.mark.django_db
def test_api_viewers_widen_only_styles_and_workers(client):
    for path in ["/api/docs/", "/api/redoc/"]:
        response = client.get(path)
        csp = policy(response)

        assert response.status_code == 200
        assert csp["script-src"] == ["'self'"], path
        assert csp["style-src"] == ["'self'", "'unsafe-inline'"], path
        assert csp["worker-src"] == ["'self'", "blob:"], path
        scripts = re.findall(r"<script[^>]*>", response.content.decode())
        assert scripts and all("src=" in tag for tag in scripts), path

    start_up = client.get("/api/docs/?script=")
    assert start_up.status_code == 200
    assert start_up["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in start_up.content.decode()


@pytest.mark.django_db
def test_the_csrf_failure_page_is_ours_and_styled_under_the_policy(two_clubs):
    from django.test import Client

    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(two_clubs["a"].users["member"])
    response = client.post("/logout/")  # no CSRF token

    assert response.status_code == 403
    assert "The form was too old to be saved" in response.text
    assert re.search(r'<link rel="stylesheet" href="/static/club/site[^"]*\.css">', response.text)
    assert "<style" not in response.text and " style=" not in response.text
    assert policy(response)["style-src"] == ["'self'"]
