"""The OpenAPI document: valid, with the shapes the rules engine defines, and its viewers served
from local files."""

from __future__ import annotations

import re

import yaml
from django.contrib.staticfiles import finders
from django.core.management import call_command


def test_the_schema_is_valid_openapi_without_warnings(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert yaml.safe_load(out.read_text())["openapi"].startswith("3.")


def test_recording_a_deal_is_described_with_the_deal_record_and_the_error_list(client):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    operation = schema["paths"]["/api/sittings/{id}/deals/"]["post"]

    assert operation["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/DealRecord"
    }
    assert {(p["in"], p["name"]) for p in operation["parameters"]} >= {
        ("header", "Idempotency-Key"),
        ("query", "number"),
    }
    responses = operation["responses"]
    assert responses["201"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/DealSettlement"}
    assert responses["400"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorList"}
    assert set(responses) == {"200", "201", "400", "403", "404", "409"}

    components = schema["components"]["schemas"]
    record = components["DealRecord"]
    assert record["required"] == ["dealer", "players"]
    assert record["properties"]["pagat"]["properties"]["fate"]["enum"] == ["saved", "lost", "ultimo", "bagud", "skat"]
    problem = components["Problem"]
    assert set(problem["properties"]) == {"deal", "field", "code", "message", "message_da"}
    assert set(schema["components"]["securitySchemes"]) == {"tokenAuth", "cookieAuth"}


def test_the_statement_is_described_as_a_pdf(client):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    operation = schema["paths"]["/api/members/{member_id}/statements/{month}.pdf"]["get"]
    assert operation["responses"]["200"]["content"] == {
        "application/pdf": {"schema": {"type": "string", "format": "binary"}}
    }


def test_swagger_ui_and_redoc_load_only_local_files(client):
    for page in ("/api/docs/", "/api/redoc/"):
        html = client.get(page).content.decode()
        sources = re.findall(r'(?:src|href)="([^"]+)"', html)
        # Swagger UI's start-up script is its own page with ?script= (no inline script: CSP).
        files = [s for s in sources if s != f"{page}?script="]
        assert files, page
        assert all(s.startswith("/static/drf_spectacular_sidecar/") for s in files), (page, sources)
        for source in files:
            assert finders.find(source.removeprefix("/static/")), source


def test_swagger_ui_sends_the_schema_to_no_online_validator(client):
    assert '"validatorUrl": null' in client.get("/api/docs/?script=").content.decode()
