"""The OpenAPI document: valid, with the shapes the rules engine defines, and its viewers served
from local files."""

from __future__ import annotations

import re

import yaml
from django.contrib.staticfiles import finders
from django.core.management import call_command
from openapi_spec_validator import validate

import rules


def test_the_schema_is_valid_openapi_without_warnings(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert yaml.safe_load(out.read_text())["openapi"].startswith("3.")


def test_the_served_document_is_a_valid_openapi_document(client):
    validate(yaml.safe_load(client.get("/api/schema/").content))


def test_the_record_components_come_from_each_family_schema_with_plain_names_and_unique_titles(client):
    components = yaml.safe_load(client.get("/api/schema/").content)["components"]["schemas"]
    assert all(re.fullmatch(r"[A-Za-z0-9]+", name) for name in components)
    for family in rules.FAMILIES:
        declared = family.record_schema()
        prefix = family.name.title()
        served = components[f"{prefix}Deal"]
        assert served["title"] == declared["title"]
        assert set(served["properties"]) == set(declared["properties"])
        assert served["required"] == declared["required"]
        assert {f"{prefix}{name}" for name in declared["$defs"]} <= set(components)
    titles = [schema["title"] for schema in _schemas(components) if isinstance(schema.get("title"), str)]
    assert sorted(titles) == sorted(family.record_schema()["title"] for family in rules.FAMILIES)


def _schemas(value):
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _schemas(item)
    elif isinstance(value, list):
        for item in value:
            yield from _schemas(item)


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
    assert set(responses) == {"200", "201", "400", "401", "403", "404", "409", "413", "415", "503"}

    components = schema["components"]["schemas"]
    # A deal record is a deal of one of the families (Danish, Hungarian, …), each a component of its own.
    assert components["DealRecord"]["oneOf"] == [
        {"$ref": f"#/components/schemas/{family.name.title()}Deal"} for family in rules.FAMILIES
    ]
    record = components["DanishDeal"]
    assert record["required"] == ["dealer", "players"]
    assert record["additionalProperties"] is False
    pagat = record["properties"]["pagat"]
    assert pagat["nullable"] is True
    assert pagat["properties"]["fate"]["enum"] == ["saved", "lost", "ultimo", "bagud", "skat"]
    assert record["properties"]["fines"]["items"] == {"$ref": "#/components/schemas/DanishFine"}
    assert components["HungarianCall"]["required"] == ["partner"]
    problem = components["Problem"]
    assert set(problem["properties"]) == {"deal", "field", "code", "message", "message_da"}
    assert set(schema["components"]["securitySchemes"]) == {"tokenAuth", "cookieAuth"}


def test_every_operation_documents_the_answers_any_operation_may_give(client):
    """401 and 503 everywhere a requester is needed; 404 where the path names an object; 400, 413
    and 415 where a body is read; recording and correcting answer every 400 as the error list."""
    schema = yaml.safe_load(client.get("/api/schema/").content)
    operations = {(method, path): op for path, ops in schema["paths"].items() for method, op in ops.items()}

    assert set(operations[("get", "/api/")]["responses"]) == {"200", "401"}
    for (method, path), operation in operations.items():
        if path in ("/api/", "/api/schema/"):
            continue
        codes = set(operation["responses"])
        assert {"401", "403", "503"} <= codes, (method, path)
        if "{" in path:
            assert "404" in codes, (method, path)
        if method == "post":
            assert {"400", "413", "415"} <= codes, (method, path)
    for key in (("post", "/api/sittings/{id}/deals/"), ("post", "/api/deals/{id}/corrections/")):
        bad_request = operations[key]["responses"]["400"]["content"]["application/json"]["schema"]
        assert bad_request == {"$ref": "#/components/schemas/ErrorList"}, key
    statement = operations[("get", "/api/members/{member_id}/statements/{month}.pdf")]["responses"]
    assert set(statement["404"]["content"]) == {"application/json"}  # a refusal is JSON, not a PDF


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
