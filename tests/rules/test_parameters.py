"""Each preset's parameters described for a person: the override names a family accepts, their
defaults as the books give them, and the way back to a season's overrides."""

from __future__ import annotations

import pytest

from rules import danish, hungarian
from rules.danish import parameters as danish_parameters
from rules.hungarian import parameters as hungarian_parameters
from rules.parameters import overrides_from, values_from

DANISH = [(p, danish_parameters, danish) for p in danish.PRESETS]
HUNGARIAN = [(p, hungarian_parameters, hungarian) for p in hungarian.PRESETS]


@pytest.mark.parametrize(("preset", "described", "family"), DANISH + HUNGARIAN, ids=[p for p, *_ in DANISH + HUNGARIAN])
def test_every_parameter_resolves_at_its_default_and_has_words_and_a_source(preset, described, family):
    parameters = described.describe(preset)
    assert parameters
    for parameter in parameters:
        english, danish, magyar = (parameter.meaning_in(language) for language in ("en", "da", "hu"))
        assert english and danish and magyar and parameter.ref
        assert danish != english and magyar != english, parameter.name
        assert parameter.ref == "decision" or parameter.ref.startswith("00")
    values = {p.name: p.default for p in parameters}
    assert overrides_from(parameters, values) == {}
    # Every parameter, set explicitly to its default, is a valid override of the family.
    explicit = {}
    for p in parameters:
        path = p.override_path
        if len(path) == 1:
            explicit[path[0]] = p.default
        else:
            explicit.setdefault(path[0], {})[path[1]] = p.default
    resolved, problems = family.resolve(preset, explicit)
    assert problems == [] and resolved == family.PRESETS[preset]


def by_name(parameters):
    return {p.name: p for p in parameters}


def test_the_books_defaults_and_lines():
    vlk = by_name(danish_parameters.describe("vlk-2010"))
    assert (vlk["nolo"].default, vlk["nolo"].ref) == (25, "001 L311")
    assert (vlk["stake"].default, vlk["stake"].ref) == (5, "001 L258")
    assert (vlk["fines.revoke"].default, vlk["fines.revoke"].ref) == (40, "001 L295–L296")
    schwartz = by_name(danish_parameters.describe("schwartz-1847"))
    assert (schwartz["nolo"].default, schwartz["nolo"].ref) == (52, "004 L161–L162")
    assert "fines.cups_not_pushed" not in schwartz  # no cups in 1847
    paskievics = by_name(hungarian_parameters.describe("paskievics"))
    assert (paskievics["no_game_pot"].default, paskievics["no_game_pot"].ref) == (5, "002 L550")
    assert (paskievics["pot"].default, paskievics["pot"].kind) == (False, "flag")
    assert "pot" not in by_name(hungarian_parameters.describe("magyar"))
    assert by_name(hungarian_parameters.describe("tapper"))["deck"].choices == (54, 42)


def test_values_and_overrides_go_both_ways():
    parameters = danish_parameters.describe("vlk-2010")
    overrides = {"nolo": 30, "fines": {"revoke": 20}}
    values = values_from(parameters, overrides)
    assert (values["nolo"], values["fines.revoke"], values["tout"]) == (30, 20, 80)
    assert overrides_from(parameters, values) == overrides
