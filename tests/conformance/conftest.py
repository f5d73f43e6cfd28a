"""The families the conformance suite runs: every family of the registry (`rules.FAMILIES`), and
Kasse, the toy family of `toyfamily`, put in the registry for the test that plays it."""

from __future__ import annotations

import importlib

import pytest

import rules
from club import families
from conformance.toyfamily import KASSE_FAMILY


def register(monkeypatch, family) -> None:
    """`family` in the registry for one test, the rules' and the club's, as its line in
    rules/registry.py would put it."""
    monkeypatch.setattr(rules.registry, "FAMILIES", (*rules.registry.FAMILIES, family))
    monkeypatch.setattr(rules, "FAMILIES", rules.registry.FAMILIES)
    by_preset = importlib.import_module("rules.replay")  # the module: the package's `replay` is its function
    monkeypatch.setattr(by_preset, "_BY_PRESET", {**by_preset._BY_PRESET, **dict.fromkeys(family.presets, family)})
    club_family = families.Family(family)
    monkeypatch.setattr(families, "FAMILIES", (*families.FAMILIES, club_family))
    monkeypatch.setattr(families, "_BY_NAME", {**families._BY_NAME, family.name: club_family})


FAMILIES = (*rules.FAMILIES, KASSE_FAMILY)


@pytest.fixture(params=FAMILIES, ids=[family.name for family in FAMILIES])
def family(request, monkeypatch):
    """Each family in turn, registered (the toy family for its test alone)."""
    if request.param not in rules.FAMILIES:
        register(monkeypatch, request.param)
    return request.param
