"""Helpers for the Slovenian tests: a sitting record of a few deals, replayed, and its deal events."""

from __future__ import annotations

from typing import Any

import rules

TABLE = ("Ana", "Bor", "Cene", "Dana")


def sitting(
    *deals: dict[str, Any],
    table: tuple[str, ...] = TABLE,
    radelci: dict[str, int] | None = None,
    overrides: dict[str, Any] | None = None,
    close: bool = False,
) -> dict[str, Any]:
    record: dict[str, Any] = {"ruleset": "slovenian", "table": list(table), "deals": list(deals)}
    if radelci:
        record["radelci"] = radelci
    if overrides:
        record["overrides"] = overrides
    if close:
        record["close"] = True
    return record


def replay(*deals: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return rules.replay(sitting(*deals, **kw))


def deal_events(*deals: dict[str, Any], **kw: Any) -> list[dict[str, Any]]:
    return [event for event in replay(*deals, **kw)["events"] if event["kind"] == "deal"]


def scores(deal: dict[str, Any], **kw: Any) -> dict[str, int]:
    """The sheet's line of one deal: what each member writes."""
    return deal_events(deal, **kw)[0]["scores"]


def radelci_after(deal: dict[str, Any], **kw: Any) -> dict[str, int]:
    return deal_events(deal, **kw)[0]["radelci_after"]


def problems(record: dict[str, Any]) -> list[tuple[int | None, str, str]]:
    """Every problem of a refused record: (deal, field, code)."""
    try:
        rules.replay(record)
    except rules.InvalidRecord as refused:
        return [(p.deal, p.field, p.code) for p in refused.problems]
    raise AssertionError("the record was not refused")
