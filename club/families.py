"""The two families of games a season can play, behind one small interface for `club.services`.

A season's preset names its family: Danish Tarok (`rules.danish`, the Pagatkop and Kongekop) or
Hungarian tarokk (`rules.hungarian`, the ultimókassza `pot` where the game keeps one). Services
load a sitting, ask its family for the table state, let the family's engine settle, and post the
events; what differs between the families is only which of the table's own accounts the game
uses and how the engine's table state is built from them and read back from its events.

A table's own accounts are held as a mapping from the engine's account names ("cup:pagat",
"cup:king", "pot") to points — `club.money.table_balances` answers in that shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import rules
from rules import danish, hungarian

Held = Mapping[str, int]  # a table's own accounts by engine name -> points


class Family:
    """What services need to know about one family of games; the engines do the arithmetic."""

    name: str
    module: Any

    @property
    def presets(self) -> Mapping[str, Any]:
        return self.module.PRESETS

    def resolve(self, preset: str, overrides: Mapping[str, Any] | None):
        return self.module.resolve(preset, overrides)

    def ruleset(self, preset: str, overrides: Mapping[str, Any] | None):
        return self.module.ruleset(preset, overrides)

    def parse_deal(self, record: Any, number: int, problems: list) -> Any:
        return self.module.parse_deal(record, number, problems)

    def play(self, deal: Any, names: Sequence[str], state: Any, ruleset: Any):
        return self.module.play(deal, names, state, ruleset)

    # -- what differs ------------------------------------------------------------------------

    def table_names(self, ruleset: Any) -> tuple[str, ...]:
        """The engine names of the table accounts this game posts to."""
        raise NotImplementedError

    def validate_table(self, names: Sequence[str], ruleset: Any) -> list[rules.Problem]:
        raise NotImplementedError

    def opening(self, names: Sequence[str], held: Held, ruleset: Any) -> Any | None:
        """The event that funds the table as a sitting starts, if any."""
        return None

    def state(self, held: Held, previous_dealer: str | None = None) -> Any:
        """The engine's table state from what the table's accounts hold."""
        raise NotImplementedError

    def held_after(self, event_or_state: Any) -> dict[str, int]:
        """What the table's accounts hold after an event (or in a table state)."""
        raise NotImplementedError

    def state_as_json(self, state: Any) -> dict[str, Any]:
        """The engine's table state as kept with a sitting and a deal (`Sitting.state`)."""
        raise NotImplementedError

    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        """The engine's table state back from what `state_as_json` kept."""
        raise NotImplementedError

    def held_before(self, event: Any) -> dict[str, int]:
        raise NotImplementedError

    def close(self, names: Sequence[str], held: Held, ruleset: Any, how: str, first_dealer: str) -> Any:
        raise NotImplementedError

    def event_dict(self, event: Any, names: Sequence[str], ruleset: Any) -> dict:
        """The event as `python -m rules replay` prints it."""
        raise NotImplementedError

    def record_holdings(self, held: Held, ruleset: Any) -> dict[str, Any]:
        """The sitting-record keys that say what the table held as the sitting began."""
        raise NotImplementedError

    def holdings_in_record(self, data: Mapping[str, Any]) -> dict[str, int]:
        """What a sitting record says the table held as it began, by engine name."""
        raise NotImplementedError


class Danish(Family):
    name = "danish"
    module = danish

    def table_names(self, ruleset):
        return ruleset.cup_accounts

    def validate_table(self, names, ruleset):
        return danish.validate_table(names)

    def opening(self, names, held, ruleset):
        return danish.fund(names, self._cups(held), ruleset)

    def state(self, held, previous_dealer=None):
        return danish.TableState(self._cups(held), previous_dealer)

    def held_after(self, event_or_state):
        cups = getattr(event_or_state, "cups_after", None) or event_or_state.cups
        return {"cup:pagat": cups.pagat, "cup:king": cups.king}

    def held_before(self, event):
        return {"cup:pagat": event.cups_before.pagat, "cup:king": event.cups_before.king}

    def state_as_json(self, state):
        return {"pagat": state.cups.pagat, "king": state.cups.king, "previous_dealer": state.previous_dealer}

    def state_from_json(self, data):
        return danish.TableState(rules.Cups(data.get("pagat", 0), data.get("king", 0)), data.get("previous_dealer"))

    def close(self, names, held, ruleset, how, first_dealer):
        return danish.close(names, self._cups(held), ruleset, how, first_dealer)

    def event_dict(self, event, names, ruleset):
        return event.as_dict(names)

    def record_holdings(self, held, ruleset):
        return {"cups": {"pagat": held.get("cup:pagat", 0), "king": held.get("cup:king", 0)}}

    def holdings_in_record(self, data):
        cups = data.get("cups") or {}
        return {"cup:pagat": cups.get("pagat", 0), "cup:king": cups.get("king", 0)}

    @staticmethod
    def _cups(held: Held) -> rules.Cups:
        return rules.Cups(held.get("cup:pagat", 0), held.get("cup:king", 0))


class Hungarian(Family):
    name = "hungarian"
    module = hungarian

    def table_names(self, ruleset):
        return (hungarian.POT,) if ruleset.pot else ()

    def validate_table(self, names, ruleset):
        return hungarian.validate_table(names, ruleset)

    def state(self, held, previous_dealer=None):
        return hungarian.TableState(held.get(hungarian.POT, 0))

    def held_after(self, event_or_state):
        pot = getattr(event_or_state, "pot_after", None)
        return {hungarian.POT: event_or_state.pot if pot is None else pot}

    def held_before(self, event):
        return {hungarian.POT: event.pot_before}

    def state_as_json(self, state):
        return {"pot": state.pot}

    def state_from_json(self, data):
        return hungarian.TableState(data.get("pot", 0))

    def close(self, names, held, ruleset, how, first_dealer):
        return hungarian.close(names, held.get(hungarian.POT, 0), ruleset, how, first_dealer)

    def event_dict(self, event, names, ruleset):
        return event.as_dict(names, ruleset.pot)

    def record_holdings(self, held, ruleset):
        return {"pot": held.get(hungarian.POT, 0)} if ruleset.pot else {}

    def holdings_in_record(self, data):
        return {hungarian.POT: data.get("pot", 0)}


DANISH, HUNGARIAN = Danish(), Hungarian()
FAMILIES = (DANISH, HUNGARIAN)


def of(preset: Any) -> Family:
    """The family a preset id belongs to; an unknown one is the Danish family's to refuse."""
    return HUNGARIAN if isinstance(preset, str) and preset in hungarian.PRESETS else DANISH


def preset_choices() -> list[tuple[str, str]]:
    """Every preset of both families, for a season's choice (grouped by family)."""
    return [(p, p) for family in FAMILIES for p in family.presets]
