"""`rules/` is the standard library and itself, nothing else: no Django, no third-party package."""

import ast
import json
import subprocess
import sys

from rules.registry import FAMILIES
from tarok_testkit import ROOT

RULES = ROOT / "rules"
MODULES = sorted(RULES.rglob("*.py"))


def imported_names(path):
    """Every module name an import in `path` reaches for: (top-level name, is_relative)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], False) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.append((node.module or "", True))
            else:
                found.append((node.module.split(".")[0], False))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            raise AssertionError(f"{path.name}: dynamic import")
    return found


def test_the_rules_package_has_the_expected_modules():
    # The shared core at the top, one package per family below it.
    assert [p.relative_to(RULES).as_posix() for p in MODULES] == [
        "__init__.py",
        "__main__.py",
        "danish/__init__.py",
        "danish/citations.py",
        "danish/engine.py",
        "danish/layout.py",
        "danish/messages.py",
        "danish/pages.py",
        "danish/parameters.py",
        "danish/presets.py",
        "danish/records.py",
        "danish/schema.py",
        "danish/settlement.py",
        "danish/texts.py",
        "danish/validation.py",
        "envelope.py",
        "events.py",
        "family.py",
        "hungarian/__init__.py",
        "hungarian/citations.py",
        "hungarian/engine.py",
        "hungarian/layout.py",
        "hungarian/messages.py",
        "hungarian/pages.py",
        "hungarian/parameters.py",
        "hungarian/presets.py",
        "hungarian/records.py",
        "hungarian/schema.py",
        "hungarian/settlement.py",
        "hungarian/texts.py",
        "hungarian/validation.py",
        "layout.py",
        "pages.py",
        "parameters.py",
        "problems.py",
        "registry.py",
        "replay.py",
        "schema.py",
        "sitting.py",
        "slovenian/__init__.py",
        "slovenian/citations.py",
        "slovenian/engine.py",
        "slovenian/layout.py",
        "slovenian/messages.py",
        "slovenian/pages.py",
        "slovenian/parameters.py",
        "slovenian/presets.py",
        "slovenian/records.py",
        "slovenian/schema.py",
        "slovenian/settlement.py",
        "slovenian/texts.py",
        "slovenian/validation.py",
        "texts.py",
    ]


def test_the_shared_core_names_no_family_but_in_the_registry():
    """A family is a package under rules/ and one line of `rules.registry`: no other module of the
    core imports a family package, so a third family needs nothing else."""
    families = {p.parent.name for p in RULES.glob("*/__init__.py")}
    core = [p for p in MODULES if p.parent == RULES and p.name != "registry.py"]
    reaching = []
    for path in core:
        for name, relative in imported_names(path):
            if relative and name.split(".")[0] in families:
                reaching.append((path.name, name))
    assert families == {family.name for family in FAMILIES}
    assert reaching == []


def test_every_import_in_rules_is_relative_or_standard_library():
    outside = []
    for path in MODULES:
        for name, relative in imported_names(path):
            if relative or name == "rules" or name == "__future__" or name in sys.stdlib_module_names:
                continue
            outside.append((path.name, name))
    assert outside == []
    # The check itself sees what it should: the engine does use the standard library.
    names = {name for path in MODULES for name, relative in imported_names(path) if not relative}
    assert {"dataclasses", "argparse", "json"} <= names


def test_importing_rules_in_an_isolated_interpreter_loads_no_django():
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import rules, rules.__main__; "
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-I", "-c", code, str(ROOT)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert "rules.danish.engine" in loaded
    assert "rules.hungarian.engine" in loaded
    assert not [m for m in loaded if m.split(".")[0] in {"django", "rest_framework", "club", "ledger"}]


def test_rules_works_without_site_packages_at_all():
    """-I -S: no site-packages on the path, so only the standard library can be imported."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import rules; "
        "record = {'ruleset': 'vlk-2010', 'table': ['A', 'B', 'C'], "
        "'deals': [{'dealer': 'A', 'players': ['A', 'B', 'C'], 'last_trick': 'B'}]}; "
        "third = sorted({m.split('.')[0] for m in sys.modules} - set(sys.stdlib_module_names) - set(sys.builtin_module_names) - {'rules', '__main__'}); "
        "print(json.dumps([rules.replay(record)['balances'], third]))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(ROOT)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    balances, third = json.loads(done.stdout)
    assert balances == {"A": -40 - 10 - 20, "B": -40 + 40, "C": -40 - 20, "cup:pagat": 65, "cup:king": 65}
    assert third == []


def test_the_test_worlds_deal_builders_load_no_django():
    """The rules tests build their deals with tests/world/records.py: it needs `rules` and the
    standard library only, whatever the Django half of the test world imports."""
    code = (
        "import json, sys; sys.path[:0] = sys.argv[1:]; import world.records; "
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(ROOT / "tests"), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout))
    assert {"world", "rules"} <= loaded
    assert not loaded & {"django", "rest_framework", "club", "ledger", "pytest"}
