"""Production settings: refuse to start without a secret, and pass Django's deploy checks."""

import os
import subprocess
import sys
from pathlib import Path

MANAGE = Path(__file__).resolve().parent.parent / "manage.py"


def manage(*args, **env):
    """Run manage.py in a fresh process, since settings are read once at import."""
    return subprocess.run(
        [sys.executable, MANAGE, *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )


def test_production_settings_pass_deploy_checks():
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING",
        DEBUG="0", SECRET_KEY="x7Rq2-not-a-real-secret-but-long-and-varied-enough-9KpZw4vN",
    )

    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_secret_key():
    result = manage("check", DEBUG="0", SECRET_KEY="")

    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr
