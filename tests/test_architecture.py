"""The house's rules an import graph cannot see: the ledger names no club model even lazily, and
nothing outside `rules/` and the family adapter (`club/families.py`) asks which family it holds.

Which package may import which (faces -> services -> models -> ledger and rules, the families
apart) is import-linter's: the contracts in pyproject.toml, checked by `lint-imports` in `make lint`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = "club/families.py"

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


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


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


def excused(path: Path, name: str) -> bool:
    return any(within(name, allowed) for allowed in LEDGER_EXCEPTIONS.get(relative(path), ()))


def test_ledger_names_no_club_model_or_migration():
    wrong = [
        (relative(path), name)
        for path in python_files("ledger")
        for name in sorted(references(path))
        if (within(name, "club") or within(name, "rules")) and not excused(path, name)
    ]
    assert wrong == []


# --- nothing tests which family it holds ---------------------------------------------------------

TEMPLATE_CONDITION = re.compile(r"\{%-?\s*(?:if|elif)\b(?P<test>.*?)%\}", re.S)
# What names a family or one of its rule sets, from the registry ("danish", "magyar", "slovenian", …).
FAMILY_NAMES = [family.name for family in rules.FAMILIES]
FAMILY_WORDS = {*FAMILY_NAMES, *(preset for family in rules.FAMILIES for preset in family.presets)}
FAMILY_WORD = re.compile("|".join(re.escape(word) for word in sorted(FAMILY_WORDS, key=len, reverse=True)), re.I)


@pytest.mark.parametrize(
    "path", sorted((ROOT / "templates").rglob("*.html")), ids=lambda p: str(p.relative_to(ROOT / "templates"))
)
def test_no_template_tests_the_family(path):
    tests = [m["test"].strip() for m in TEMPLATE_CONDITION.finditer(path.read_text())]
    assert [test for test in tests if FAMILY_WORD.search(test)] == []


# A family's constant is its name in capitals (rules.registry: DANISH, HUNGARIAN, SLOVENIAN).
FAMILY_TEST = re.compile(
    rf"(?:\bis(?: not)?|[!=]=)\s*(?:families\.)?(?:{'|'.join(name.upper() for name in FAMILY_NAMES)})\b"
    rf"|\.name\s*[!=]=\s*[\"'](?:{'|'.join(FAMILY_NAMES)})"
)


def test_no_python_outside_the_adapter_tests_the_family():
    wrong = [
        relative(path)
        for path in python_files("club", "ledger")
        if relative(path) != ADAPTER and FAMILY_TEST.search(path.read_text())
    ]
    assert wrong == []


def test_the_checks_see_what_they_check(tmp_path):
    """The checks would pass vacuously if the readers found nothing."""
    model = tmp_path / "models.py"
    model.write_text('member = ForeignKey("club.Member")\ndependencies = [("club", "0001_initial")]\n')
    assert references(model) == {"club.Member", "club"}
    assert "club" in references(ROOT / "ledger/migrations/0006_payments_and_till.py")
    assert TEMPLATE_CONDITION.search("{% if hungarian %}x{% endif %}")["test"].strip() == "hungarian"
    assert FAMILY_TEST.search("if sitting.season.family is families.HUNGARIAN:")
    for family in rules.FAMILIES:  # every registered family, the latest too
        assert FAMILY_TEST.search(f'if family.name == "{family.name}":')
        assert FAMILY_WORD.search(f"{{% if season.preset == '{family.default_preset}' %}}")


def _family_packages() -> set[str]:
    """The registry's family packages: "rules.danish", … (the module each family's class lives in)."""
    return {type(family).__module__.rpartition(".")[0] for family in rules.FAMILIES}


def test_every_package_under_rules_is_a_registered_family():
    """A package under rules/ is a family, and every family is in the registry: a fourth family's
    package cannot sit beside the others unregistered (and so outside the checks below)."""
    packages = {f"rules.{path.parent.name}" for path in (ROOT / "rules").glob("*/__init__.py")}
    assert packages == _family_packages()


def test_the_import_contracts_cover_every_registered_family():
    """The two per-family contracts of pyproject.toml (no family imports another; only the registry
    imports a family) list exactly the registry's packages, so none goes unchecked."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    independence = [c["modules"] for c in contracts if c["type"] == "independence"]
    protected = [c["protected_modules"] for c in contracts if c["type"] == "protected"]
    assert [set(modules) for modules in independence] == [_family_packages()]
    assert [set(modules) for modules in protected] == [_family_packages()]
