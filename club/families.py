"""The two families of games a season can play, behind one small interface for `club.services`.

A season's preset names its family (`rules.family_of`): Danish Tarok (the Pagatkop and Kongekop) or
Hungarian tarokk (the ultimókassza `pot` where the game keeps one). Services load a sitting, ask
its family for the table state, let the family settle, and post the events; every difference
between the families is behind the `rules.Family` protocol.

A table's own accounts are held as a mapping from the engine's account names ("cup:pagat",
"cup:king", "pot") to points — `club.services.bookkeeping.table_balances` answers in that shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import rules
from rules.parameters import Parameter

Held = Mapping[str, int]  # a table's own accounts by engine name -> points


class Family:
    """What services need to know about one family of games: the rules family (`rules.Family`)
    seen in the club's terms; the family does the arithmetic."""

    def __init__(self, family: rules.Family):
        self.rules_family = family
        self.name = family.name

    @property
    def presets(self) -> Mapping[str, Any]:
        return self.rules_family.presets

    def parameters(self, preset: str) -> list[Parameter]:
        """What a season of `preset` may change, each with its default, meaning and seed line."""
        return self.rules_family.parameters(preset)

    def vocabulary(self) -> rules.Vocabulary:
        """The closed sets of words the family's records use, for forms and schemas."""
        return self.rules_family.vocabulary()

    def resolve(self, preset: str, overrides: Mapping[str, Any] | None) -> tuple[Any | None, list[rules.Problem]]:
        return self.rules_family.resolve(preset, overrides)

    def ruleset(self, preset: str, overrides: Mapping[str, Any] | None) -> Any:
        return self.rules_family.ruleset(preset, overrides)

    def parse_deal(self, record: Any, number: int, problems: list[rules.Problem]) -> Any:
        return self.rules_family.parse_deal(record, number, problems)

    def play(self, deal: Any, names: Sequence[str], state: Any, ruleset: Any) -> tuple[list[Any], Any]:
        return self.rules_family.play(deal, names, state, ruleset)

    def table_names(self, ruleset: Any) -> tuple[str, ...]:
        """The engine names of the table accounts this game posts to."""
        return self.rules_family.table_accounts(ruleset)

    def validate_table(self, names: Sequence[str], ruleset: Any) -> list[rules.Problem]:
        return self.rules_family.validate_table(names, ruleset)

    def opening(self, names: Sequence[str], held: Held, ruleset: Any) -> Any | None:
        """The event that funds the table as a sitting starts, if any."""
        events, _state = self.rules_family.opening(names, self.rules_family.state(held), ruleset)
        return events[0] if events else None

    def state(self, held: Held, previous_dealer: str | None = None) -> Any:
        """The engine's table state from what the table's accounts hold."""
        return self.rules_family.state(held, previous_dealer)

    def held_after(self, event_or_state: Any) -> dict[str, int]:
        """What the table's accounts hold after an event (or in a table state)."""
        if hasattr(event_or_state, "items"):  # an event
            return self.rules_family.accounts_after(event_or_state)
        return self.rules_family.accounts(event_or_state)

    def held_before(self, event: Any) -> dict[str, int]:
        return self.rules_family.accounts_before(event)

    def state_as_json(self, state: Any) -> dict[str, Any]:
        """The engine's table state as kept with a sitting and a deal (`Sitting.state`)."""
        return self.rules_family.state_as_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        """The engine's table state back from what `state_as_json` kept."""
        return self.rules_family.state_from_json(data)

    def close(self, names: Sequence[str], held: Held, ruleset: Any, how: str, first_dealer: str) -> Any:
        closing, _state = self.rules_family.close(names, self.rules_family.state(held), ruleset, how, first_dealer)
        return closing

    def event_dict(self, event: Any, names: Sequence[str], ruleset: Any) -> dict[str, Any]:
        """The event as `python -m rules replay` prints it."""
        return self.rules_family.event_dict(event, names, ruleset)

    def record_holdings(self, held: Held, ruleset: Any) -> dict[str, Any]:
        """The sitting-record keys that say what the table held as the sitting began."""
        return self.rules_family.record_holdings(held, ruleset)

    def holdings_in_record(self, data: Mapping[str, Any]) -> dict[str, int]:
        """What a sitting record says the table held as it began, by engine name."""
        return self.rules_family.holdings_in_record(data)


FAMILIES = tuple(Family(family) for family in rules.FAMILIES)
DANISH, HUNGARIAN = (next(f for f in FAMILIES if f.name == name) for name in ("danish", "hungarian"))
_BY_NAME = {family.name: family for family in FAMILIES}


def of(preset: Any) -> Family:
    """The family a preset id belongs to; an unknown one is the first family's to refuse."""
    return _BY_NAME[rules.family_of(preset).name]


def preset_choices() -> list[tuple[str, str]]:
    """Every preset of every family, for a season's choice (grouped by family)."""
    return [(p, p) for family in FAMILIES for p in family.presets]


DEFAULT_PRESET = rules.FAMILIES[0].default_preset  # what a record without `ruleset` plays
