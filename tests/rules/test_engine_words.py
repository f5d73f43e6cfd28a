"""The engines' words have one source: `rules/` writes English message ids and no language
dictionary; the club's catalogues (locale/da, locale/hu, locale/sl) translate every one of them, and
`python -m rules replay --language` says a problem in Danish, Magyar or Slovenian from those catalogues."""

import ast
import json
import os
import re
import subprocess
import sys

import pytest

from rules.texts import LANGUAGES
from tarok_testkit import ROOT
from world.catalogues import catalogue

RULES = ROOT / "rules"
MODULES = sorted(RULES.rglob("*.py"))
MARKERS = {"gettext_noop": None, "pgettext_lazy": 0}  # marker -> the argument holding the context
TRANSLATED = LANGUAGES[1:]  # every language but English, the source: da, hu, sl


def trees():
    for path in MODULES:
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def language_named(name: object) -> bool:
    return isinstance(name, str) and (name in TRANSLATED or name.endswith(tuple(f"_{code}" for code in TRANSLATED)))


def test_rules_has_no_per_language_dictionary():
    """No {"da": …, "hu": …} table, no `what_da=`, no `meaning_hu`: a language is the catalogue's."""
    found = []
    for path, tree in trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                # "message_da" is the output's Danish message (sitting-format.md), said from the catalogue.
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and k.value != "message_da"]
                found += [f"{path.name}:{node.lineno} key {k!r}" for k in keys if language_named(k)]
            elif isinstance(node, ast.keyword) and language_named(node.arg):
                found.append(f"{path.name}:{node.value.lineno} {node.arg}=")
            elif isinstance(node, ast.Name | ast.Attribute | ast.arg):
                name = getattr(node, "id", None) or getattr(node, "attr", None) or getattr(node, "arg", None)
                if language_named(name) and name not in TRANSLATED:
                    found.append(f"{path.name}:{node.lineno} {name}")
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                # A placeholder of one language ("{suit_da}") belongs to a dictionary of texts.
                found += [
                    f"{path.name}:{node.lineno} {p}"
                    for p in re.findall(r"{\w+_(?:" + "|".join(TRANSLATED) + ")}", node.value)
                ]
    assert found == []


# A family whose texts the translators have not reached yet: its message ids are marked (so
# makemessages collects them), and said in English until the catalogues translate them. Slovenian
# tarok's translations (sl, da, hu) come with their own change; then this set is emptied.
AWAITING_TRANSLATION = set()


def awaiting(path):
    return any(folder in path.parents for folder in AWAITING_TRANSLATION)


def engine_message_ids(pending=False):
    """Every (context, message id) that `rules/` marks, as makemessages reads them; with `pending`,
    only those of the families awaiting translation (and nowhere else)."""
    found, elsewhere = set(), set()
    for path, tree in trees():
        ids = found if awaiting(path) == pending else elsewhere
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in MARKERS:
                strings = [a.value for a in node.args if isinstance(a, ast.Constant)]
                assert len(strings) == len(node.args), ast.unparse(node)  # literals only: xgettext reads no other
                ids.add((strings[0], strings[1]) if MARKERS[node.func.id] == 0 else (None, strings[0]))
    return found - elsewhere if pending else found


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_engine_text_is_translated_in_the_catalogue(language):
    ids = engine_message_ids()
    assert len(ids) > 350  # the problems, the settlement lines, the record words, the parameters
    entries = catalogue(language)
    missing = [message for message in ids if message not in entries]
    untranslated = [message for message in ids if message in entries and not entries[message].msgstr]
    fuzzy = [message for message in ids if message in entries and entries[message].fuzzy]
    assert (missing, untranslated, fuzzy) == ([], [], [])


def test_the_texts_awaiting_translation_are_marked_for_the_catalogue():
    """Slovenian tarok's texts are marked, so makemessages collects them, and said in English until
    translated; once AWAITING_TRANSLATION is empty, nothing is pending and they are checked above."""
    pending = engine_message_ids(pending=True)
    if not AWAITING_TRANSLATION:
        assert pending == set()
        assert (None, "{what} is missing.") in engine_message_ids()
        return
    assert len(pending) > 50
    assert (None, "{what} is missing.") in pending


def run(*args):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )


INVALID = str(ROOT / "fixtures" / "replay" / "invalid.json")


def messages(*args):
    done = run("replay", INVALID, *args)
    assert done.returncode == 2, done.stderr
    return [(error["code"], error["message"], error["message_da"]) for error in json.loads(done.stdout)["errors"]]


def test_the_cli_says_problems_in_english_and_danish_by_default():
    assert messages() == [
        (
            "unknown_override",
            "'jackpot' is not a rule parameter that can be overridden.",
            "'jackpot' er ikke en regelparameter, der kan ændres.",
        ),
        (
            "players_seat_order",
            "The players must follow the seat order from the dealer: expected Anna, Bent, Dorte.",
            "Spillerne skal følge bordets rækkefølge fra giveren: forventet Anna, Bent, Dorte.",
        ),
        ("out_of_range", "23 is outside 10..22.", "23 ligger uden for 10..22."),
    ]


def test_the_cli_says_problems_in_magyar_with_language_hu():
    assert [message for _code, message, _danish in messages("--language", "hu")] == [
        "'jackpot' nem módosítható szabályparaméter.",
        "A játékosoknak az osztótól kezdve az ülésrendet kell követniük: várt sorrend Anna, Bent, Dorte.",
        "23 kívül esik a 10..22 tartományon.",
    ]


def test_the_cli_says_problems_in_slovenian_with_language_sl():
    assert [message for _code, message, _danish in messages("--language", "sl")] == [
        "'jackpot' ni parameter pravil, ki bi ga bilo mogoče spremeniti.",
        "Igralci morajo slediti sedežnemu redu od delivca: pričakovano Anna, Bent, Dorte.",
        "23 je zunaj 10..22.",
    ]


def test_the_cli_says_a_phrase_inside_a_problem_in_the_language_asked(tmp_path):
    """A value that is itself words ("The dealer", a suit) is said in the message's language."""
    record = tmp_path / "record.json"
    record.write_text(
        json.dumps(
            {
                "ruleset": "ensartede",
                "table": ["A", "B", "C"],
                "deals": [
                    {"players": ["A", "B", "C"], "pagat": {"holder": "B"}},
                    {
                        "dealer": "B",
                        "players": ["B", "C", "A"],
                        "melds": {"B": {"kings": "full"}, "C": {"suits": {"clubs": "full"}}},
                        "last_trick": "B",
                    },
                ],
            }
        ),
        encoding="utf-8",
    )
    done = run("replay", str(record), "--language", "hu")
    errors = {(e["deal"], e["field"]): e for e in json.loads(done.stdout)["errors"]}
    assert errors[(1, "dealer")]["message"] == "Az osztó megadása kötelező."
    assert errors[(1, "dealer")]["message_da"] == "Giveren skal udfyldes."
    assert errors[(1, "pagat.fate")]["message"] == "A lap sorsa megadása kötelező."
    kings = errors[(2, "melds.C.suits.clubs")]
    assert kings["message"] == "B meldingjeiben ott a(z) treff király, így ebben a meldingben nem lehet."
    assert kings["message_da"] == "Bs meldinger har klør konge, så denne melding kan ikke også have den."


def test_the_cli_refuses_a_language_it_has_no_catalogue_for():
    done = run("replay", INVALID, "--language", "de")
    assert done.returncode == 2 and "invalid choice: 'de'" in done.stderr and done.stdout == ""
