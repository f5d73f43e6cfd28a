"""Schemathesis fuzzes every operation of /api/schema/ through the WSGI app with every check on
the answers: no 5xx, every status code, content type and body as the schema documents them.

It runs as a club admin with a token (the role that reaches the most code), against the two
clubs of conftest.py, on whichever database the suite runs on. Each operation's cases share one
transaction, rolled back after it (a sitting closed by one case stays closed for the next).
Bounded: the schema's examples and `MAX_EXAMPLES` generated cases per operation, no stateful
phase. `.ci/run` runs it in both of its passes; the module ends with one summary line (cases,
failures).
"""

from __future__ import annotations

import datetime
import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from club.wsgi import application

# A deeper run: SCHEMATHESIS_MAX_EXAMPLES=500 .venv/bin/python -m pytest tests/api/test_schemathesis.py
MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "20"))


# Loaded at collection: the schema view needs no database, and each operation becomes a test.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
# The schema's examples and MAX_EXAMPLES generated cases per operation. The coverage phase
# would add well over a thousand boundary cases for the deal record alone: too slow for every run.
schema.config.phases.coverage.enabled = False


# Random ids would almost always answer 404 (the authorization matrix covers that): aim every
# call at one of club a's objects instead, so the generated bodies and query strings reach the
# code behind it: the deal recorder, corrections, closing, balances, statements.
REAL_OBJECT = {
    "clubs": lambda club: club.club.pk,
    "members": lambda club: club.members["Carl"].pk,
    "seasons": lambda club: club.season.pk,
    "tables": lambda club: club.open_table.pk,
    "sittings": lambda club: club.open_sitting.pk,
    "deals": lambda club: club.open_deal.pk,
    "payments": lambda club: a_payment(club).pk,
}


def a_payment(club):
    """A payment of Carl's, 0,40 kr. in cash, made the first time a case needs one."""
    from club.models import Payment
    from club.services import payments

    carl = club.members["Carl"]
    return Payment.objects.filter(member=carl, reverses=None).first() or payments.record_payment(
        club.club, member=carl, direction="in", amount_ore=40, method="cash", paid_on=datetime.date(2026, 3, 20)
    )


def aim_at_real_object(case, club) -> None:
    resource = case.operation.path.split("/")[2]
    for name in ("id", "member_id"):
        if name in (case.path_parameters or {}):
            case.path_parameters[name] = str(REAL_OBJECT[resource](club))


@pytest.fixture
def keep_the_test_transaction():
    """Called as a plain WSGI app, Django closes the database connection around each request,
    which would end the test's transaction on PostgreSQL; Django's own test client does this too."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def admin_headers(two_clubs, keep_the_test_transaction) -> dict[str, str]:
    token = Token.objects.create(user=two_clubs["a"].users["admin"])
    # identity: schemathesis reads the body as sent, and GZipMiddleware compresses larger answers.
    return {"Authorization": f"Token {token.key}", "Accept-Language": "en", "Accept-Encoding": "identity"}


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
RUN: dict = {"cases": 0, "failed": set()}


@pytest.fixture(scope="module")
def summary_line(pytestconfig):
    yield
    reporter = pytestconfig.pluginmanager.get_plugin("terminalreporter")
    capture = pytestconfig.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None and RUN["cases"]:
        with capture.global_and_fixture_disabled():  # on the terminal, not in a captured section
            reporter.write_line("")
            reporter.write_line(
                f"schemathesis: {RUN['cases']} cases, {len(RUN['failed'])} failures "
                f"({', '.join(check.__name__ for check in CHECKS)}; {MAX_EXAMPLES} generated per operation)"
            )


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_no_server_error(case, two_clubs, admin_headers, summary_line):
    aim_at_real_object(case, two_clubs["a"])
    response = case.call(headers=admin_headers)
    RUN["cases"] += 1
    try:
        case.validate_response(response, checks=CHECKS)
    except Exception:
        RUN["failed"].add(case.operation.label)
        raise
