"""Schemathesis fuzzes every operation of /api/schema/ through the WSGI app with every check it
has (`schemathesis.checks.CHECKS`: no 5xx; status codes, content types, headers and bodies as
documented; invalid data refused, valid data taken; missing headers, unsupported methods,
ignored credentials, use after free, resource availability, object-level authorization), then
runs its stateful phase: chains of calls along the links it infers between operations (a POST's
`id` into the GET, PATCH and actions of that object).

Both as a club admin and as a scorer of club a of conftest.py (each with a token), on whichever
database the suite runs on, derandomized so every run sends the same cases. Each operation's
cases share one transaction, rolled back after it. Bounded: the schema's examples and
`MAX_EXAMPLES` generated cases per operation, positive and negative; the stateful phase runs
`MAX_EXAMPLES` scenarios per role. `.ci/run` runs it in both of its passes; the run ends with
one summary line (cases, failures).
"""

from __future__ import annotations

import datetime
import itertools
import json
import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import CHECKS as REGISTERED_CHECKS
from schemathesis.checks import load_all_checks
from schemathesis.specs.openapi.checks import positive_data_acceptance

from club.wsgi import application

# A deeper run: SCHEMATHESIS_MAX_EXAMPLES=500 .venv/bin/python -m pytest tests/api/test_schemathesis.py
MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "50"))
ROLES = ("admin", "scorer")

# Loaded at collection: the schema view needs no database, and each operation becomes a test.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
# The schema's examples, MAX_EXAMPLES generated cases per operation and the stateful phase. The
# coverage phase would add well over a thousand boundary cases for the deal record alone: too
# slow for every run.
schema.config.phases.coverage.enabled = False

HYPOTHESIS = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# --- valid data the schema cannot tell from refused data -----------------------------------------

# Rules of the club that depend on more than the request's shape: what else the club holds (a
# table with an open sitting, a reversed payment, a season with deals), how fields go together
# (the first dealer among the seated, a season's dates in order) or the rules engine's reading
# of a deal (a name not at the table). The schema cannot say them, so a request that fits it may
# still be refused with 400; `positive_data_acceptance` takes such a refusal, and only such a
# one: the answer must show it came from the rule, not from reading the request.


def _problems(body) -> list[dict]:
    problems = body.get("errors") if isinstance(body, dict) else None
    return problems if isinstance(problems, list) and problems else []


def refused_by_the_office(body) -> bool:
    """`club.services` refused it (`OfficeError`: every problem's code is `refused`)."""
    return all(problem.get("code") == "refused" for problem in _problems(body)) and bool(_problems(body))


def refused_by_the_rules_engine(body) -> bool:
    """The rules engine refused the record: every problem names the deal it is about."""
    return bool(_problems(body)) and all(problem.get("deal") is not None for problem in _problems(body))


SITTING_RULE_FIELDS = {"table", "members", "first_dealer", "date"}


def refused_by_the_sitting_rules(body) -> bool:
    """`club.services.sittings.start_sitting` refused it (`InvalidSitting`, by field), or the rules engine
    found the table the wrong size (its problem list, code `table_size`)."""
    if _problems(body):
        return all(problem.get("code") == "table_size" for problem in _problems(body))
    return isinstance(body, dict) and bool(body) and set(body) <= SITTING_RULE_FIELDS


REFUSED_BY_A_RULE = {
    "POST /api/members/": refused_by_the_office,
    "PATCH /api/members/{id}/": refused_by_the_office,
    "POST /api/seasons/": refused_by_the_office,
    "PATCH /api/seasons/{id}/": refused_by_the_office,
    "POST /api/tables/": refused_by_the_office,
    "PATCH /api/tables/{id}/": refused_by_the_office,
    "POST /api/payments/": refused_by_the_office,
    "POST /api/payments/{id}/reverse/": refused_by_the_office,
    "POST /api/sittings/": refused_by_the_sitting_rules,
    "POST /api/sittings/{id}/deals/": refused_by_the_rules_engine,
    "POST /api/deals/{id}/corrections/": refused_by_the_rules_engine,
}


def positive_data_acceptance_besides_club_rules(ctx, response, case):
    """`positive_data_acceptance`, except for a 400 that one of the club's rules gave (above)."""
    refused_by_a_rule = REFUSED_BY_A_RULE.get(case.operation.label)
    if response.status_code == 400 and refused_by_a_rule is not None and refused_by_a_rule(_json(response)):
        return None
    return positive_data_acceptance(ctx, response, case)


def _json(response):
    try:
        return json.loads(response.content)
    except ValueError:
        return None


load_all_checks()
CHECKS = [
    positive_data_acceptance_besides_club_rules if check is positive_data_acceptance else check
    for check in REGISTERED_CHECKS.get_all()
]
CHECK_NAMES = [check.__name__ for check in REGISTERED_CHECKS.get_all()]


# --- aimed at the test world -------------------------------------------------------------------

# Random ids would almost always answer 404 (the authorization matrix covers that): aim every
# id of a generated case at one of club a's objects instead, so the generated bodies and query
# strings reach the code behind it: the deal recorder, corrections, closing, balances,
# statements. Schemathesis sees the change and judges the case as sent.
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


def body_objects(club) -> dict[str, int]:
    """The ids a body names, by field: club a, its season, its free table, a member (Erik)."""
    return {
        "club": club.club.pk,
        "season": club.season.pk,
        "table": club.free_table.pk,
        "member": club.members["Erik"].pk,
        "first_dealer": club.members["Erik"].pk,
    }


SEATABLE = ("Erik", "Finn", "Gitte", "Dorte", "Carl")


def aim_at_real_objects(case, club) -> None:
    resource = case.operation.path.split("/")[2]
    for name in ("id", "member_id"):
        if name in (case.path_parameters or {}):
            case.path_parameters[name] = str(REAL_OBJECT[resource](club))
    aim_body_at_real_objects(case, club)


def aim_body_at_real_objects(case, club) -> None:
    """The ids in a body of valid data; in invalid data they may be what is invalid."""
    body = case.body
    if not isinstance(body, dict) or case.meta is None or not case.meta.generation.mode.is_positive:
        return
    for name, pk in body_objects(club).items():
        if isinstance(body.get(name), int) and not isinstance(body[name], bool):
            body[name] = pk
    members = body.get("members")
    if isinstance(members, list) and all(isinstance(m, int) and not isinstance(m, bool) for m in members):
        seatable = itertools.cycle(club.members[name].pk for name in SEATABLE)
        body["members"] = [next(seatable) for _member in members]


# --- the run -----------------------------------------------------------------------------------


@pytest.fixture
def keep_the_test_transaction():
    """Called as a plain WSGI app, Django closes the database connection around each request,
    which would end the test's transaction on PostgreSQL; Django's own test client does this too."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture(params=ROLES)
def headers(request, two_clubs, keep_the_test_transaction) -> dict[str, str]:
    """The requester's token (club a's admin Anna, or its scorer Bent)."""
    token = Token.objects.create(user=two_clubs["a"].users[request.param])
    # identity: schemathesis reads the body as sent, and GZipMiddleware compresses larger answers.
    return {"Authorization": f"Token {token.key}", "Accept-Language": "en", "Accept-Encoding": "identity"}


RUN: dict = {"cases": 0, "failed": set()}


@pytest.fixture(scope="module")
def summary_line(summary_lines):
    yield
    if RUN["cases"]:
        summary_lines.append(
            f"schemathesis: {RUN['cases']} cases, {len(RUN['failed'])} failures "
            f"({len(CHECK_NAMES)} checks: {', '.join(CHECK_NAMES)}; {MAX_EXAMPLES} generated per operation "
            f"and {MAX_EXAMPLES} stateful scenarios, as {' and as '.join(ROLES)})"
        )


def validated(case, response, headers, label: str, **context) -> None:
    RUN["cases"] += 1
    try:
        case.validate_response(response, checks=CHECKS, headers=headers, **context)
    except Exception:
        RUN["failed"].add(label)
        raise


@schema.parametrize()
@HYPOTHESIS
def test_every_operation(case, two_clubs, headers, summary_line):
    aim_at_real_objects(case, two_clubs["a"])
    response = case.call(headers=headers)
    validated(case, response, headers, case.operation.label)


def test_stateful_phase(two_clubs, headers, summary_line):
    """Scenarios of up to 6 linked calls; each call's answer checked as above, with what the
    scenario did before it (a created object must be found, a deleted one gone)."""

    class Scenarios(schema.as_state_machine()):  # type: ignore[misc]
        # Each scenario starts from the test world as built: what one scenario wrote would
        # change which links the next can follow, and Hypothesis replays scenarios by their draws.
        def setup(self):
            self.savepoint = transaction.savepoint()

        def teardown(self):
            transaction.savepoint_rollback(self.savepoint)
            super().teardown()

        def before_call(self, case):
            # Only the body: the ids in a path come from the links, from the answers before.
            aim_body_at_real_objects(case, two_clubs["a"])

        def get_call_kwargs(self, case):
            return {"headers": headers}

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            validated(
                case,
                response,
                headers,
                f"stateful {case.operation.label}",
                transport_kwargs=kwargs,
                recorder=self.recorder,
            )

    Scenarios.run(settings=settings(HYPOTHESIS, stateful_step_count=6))
