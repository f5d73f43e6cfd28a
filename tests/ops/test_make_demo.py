"""`make demo` serves on 127.0.0.1:8000, or on the port PORT names (make's dry run: nothing runs)."""

from __future__ import annotations

import os
import subprocess

import pytest
from django.conf import settings


def demo_commands(*arguments: str, **environment: str) -> list[str]:
    env = {key: value for key, value in os.environ.items() if key != "PORT"} | environment
    result = subprocess.run(
        ["make", "--no-print-directory", "--dry-run", "demo", *arguments],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.splitlines()


@pytest.mark.parametrize(
    ("arguments", "environment", "address"),
    [((), {}, "127.0.0.1:8000"), (("PORT=8001",), {}, "127.0.0.1:8001"), ((), {"PORT": "8002"}, "127.0.0.1:8002")],
)
def test_make_demo_serves_on_the_port_asked_for(arguments, environment, address):
    assert demo_commands(*arguments, **environment)[-1] == f".venv/bin/python manage.py runserver {address}"
