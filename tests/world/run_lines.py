"""Lines said once at the end of a run, after the failures, whether the run is one process or
pytest-xdist's workers (`make test`): a worker's terminal is nobody's, so its lines go back to the
controller with its output, and a line every worker says (one made at collection) is said once.

`say_at_the_end(config, line)` from a hook; the `summary_lines` fixture from a test's fixture.
"""

from __future__ import annotations

import pytest

_LINES = pytest.StashKey[list[str]]()


def say_at_the_end(config: pytest.Config, line: str) -> None:
    config.stash[_LINES].append(line)


def pytest_configure(config: pytest.Config) -> None:
    lines = config.stash[_LINES] = []
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: sent to the controller as it ends
        workeroutput["summary_lines"] = lines


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """On the controller, a worker that ended: its lines (none if it crashed)."""
    output = getattr(node, "workeroutput", None) or {}
    say = node.config.stash[_LINES]
    say.extend(line for line in output.get("summary_lines", []) if line not in say)


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    for line in config.stash[_LINES]:
        terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def summary_lines(pytestconfig: pytest.Config) -> list[str]:
    """The lines to say at the end of the run: a test's fixture appends to it."""
    return pytestconfig.stash[_LINES]
