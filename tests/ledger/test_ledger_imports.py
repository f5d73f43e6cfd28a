"""The arrows point down (docs/house.md): club → ledger → rules. Nothing under ledger/ imports club,
at the top of a module or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

LEDGER = Path(__file__).resolve().parents[2] / "ledger"


def _imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def test_no_module_under_ledger_imports_club():
    modules = sorted(LEDGER.rglob("*.py"))
    assert len(modules) >= 8  # models, services, queries, checks, admin, apps, migrations...
    offenders = {
        str(path.relative_to(LEDGER.parent)): sorted(
            m for m in _imported_modules(path) if m == "club" or m.startswith("club.")
        )
        for path in modules
    }
    assert {path: found for path, found in offenders.items() if found} == {}
