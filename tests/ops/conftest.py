"""What the operations tests share."""

from __future__ import annotations

import os

import pytest


@pytest.fixture
def worker_suffix() -> str:
    """`_gw0` in pytest-xdist's first worker, empty in a run of one process: the end of the names of
    the PostgreSQL roles and databases a test makes beside its test database. Roles are the whole
    cluster's and two workers run at once, so each names its own, as pytest-django names its test
    database (test_NAME_gw0)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return f"_{worker}" if worker else ""
