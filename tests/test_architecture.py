"""The house's arrows, checked on the source: which package may import which, and that nothing
outside `rules/` and the family adapter (`club/families.py`) asks which family it holds.

Imports are read with `ast`, so an import inside a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = "club/families.py"
FAMILY_PACKAGES = ("rules.danish", "rules.hungarian")
FACES = ("club.web", "club.api", "club.reports")

# The ledger's historic migrations, from before it knew no domain, still name the club models its
# tables pointed at then (a migration's state is replayed as written); 0008 drops every such link.
HISTORIC = {"club", "club.club", "club.member", "club.table", "club.sitting", "club.dealversion"}
LEDGER_EXCEPTIONS = {
    "ledger/migrations/0001_initial.py": HISTORIC,
    "ledger/migrations/0005_table_accounts_both_families.py": {"club.table"},
    "ledger/migrations/0006_payments_and_till.py": {"club", "club.member", "club.sitting"},
}


def python_files(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module `path` imports, absolute (relative imports resolved against its package)."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # `from club import families` imports club.families: count the names as modules too.
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_rules_imports_only_the_standard_library_and_itself():
    wrong = [
        (relative(path), name)
        for path in python_files("rules")
        for name in imports(path)
        if not within(name, "rules") and name.split(".")[0] not in sys.stdlib_module_names
    ]
    assert wrong == []


def references(path: Path) -> set[str]:
    """What `path` names of other apps without importing them: lazy model references
    ("club.Member") and migration dependencies (("club", "0001_initial") names "club")."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"\w+\.\w+", node.value):
            found.add(node.value)
        elif isinstance(node, ast.Tuple) and len(node.elts) == 2:
            app, name = node.elts
            if isinstance(app, ast.Constant) and isinstance(name, ast.Constant) and str(name.value)[:4].isdigit():
                found.add(str(app.value))
    return found


def test_ledger_names_nothing_of_club_or_rules():
    wrong = []
    for path in python_files("ledger"):
        for name in sorted(imports(path) | references(path)):
            if (within(name, "club") or within(name, "rules")) and not excused(path, name):
                wrong.append((relative(path), name))
    assert wrong == []


def excused(path: Path, name: str) -> bool:
    return any(within(name, allowed) for allowed in LEDGER_EXCEPTIONS.get(relative(path), ()))


def test_no_family_package_is_imported_outside_rules_and_the_adapter():
    wrong = [
        (relative(path), name)
        for path in python_files("club", "ledger")
        if relative(path) != ADAPTER
        for name in imports(path)
        if any(within(name, family) for family in FAMILY_PACKAGES) and not excused(path, name)
    ]
    assert wrong == []


def core_modules() -> list[Path]:
    """The core of `club`: its own modules and its services; not the faces, not the URL map that
    joins them, not Django's admin pages (a face for staff, which shares the site's login form),
    not the management commands (a face for the shell)."""
    top = [path for path in (ROOT / "club").glob("*.py") if path.name not in ("urls.py", "admin.py")]
    return sorted([*top, *python_files("club/services")])


def test_the_core_imports_no_face():
    wrong = [
        (relative(path), name)
        for path in core_modules()
        for name in imports(path)
        if any(within(name, face) for face in FACES)
    ]
    assert wrong == []


# --- nothing tests which family it holds ---------------------------------------------------------

TEMPLATE_CONDITION = re.compile(r"\{%-?\s*(?:if|elif)\b(?P<test>.*?)%\}", re.S)
FAMILY_WORD = re.compile(r"hungarian|danish|magyar|dansk", re.I)


@pytest.mark.parametrize(
    "path", sorted((ROOT / "templates").rglob("*.html")), ids=lambda p: str(p.relative_to(ROOT / "templates"))
)
def test_no_template_tests_the_family(path):
    tests = [m["test"].strip() for m in TEMPLATE_CONDITION.finditer(path.read_text())]
    assert [test for test in tests if FAMILY_WORD.search(test)] == []


FAMILY_TEST = re.compile(
    r"(?:\bis(?: not)?|[!=]=)\s*(?:families\.)?(?:DANISH|HUNGARIAN)\b|\.name\s*[!=]=\s*[\"'](?:danish|hungarian)"
)


def test_no_python_outside_the_adapter_tests_the_family():
    wrong = [
        relative(path)
        for path in python_files("club", "ledger")
        if relative(path) != ADAPTER and FAMILY_TEST.search(path.read_text())
    ]
    assert wrong == []


def test_the_checks_see_what_they_check(tmp_path):
    """The contracts would pass vacuously if the readers found nothing."""
    model = tmp_path / "models.py"
    model.write_text('member = ForeignKey("club.Member")\ndependencies = [("club", "0001_initial")]\n')
    assert references(model) == {"club.Member", "club"}
    assert "rules.texts" in imports(ROOT / ADAPTER)
    assert "club.families" in imports(ROOT / "club/models.py")
    assert "club.services.sittings" in imports(ROOT / "club/services/__init__.py")
    assert TEMPLATE_CONDITION.search("{% if hungarian %}x{% endif %}")["test"].strip() == "hungarian"
    assert FAMILY_TEST.search("if sitting.season.family is families.HUNGARIAN:")
