"""The two families of games a season can play, behind one small interface for `club.services`.

A season's preset names its family: Danish Tarok (`rules.danish`, the Pagatkop and Kongekop) or
Hungarian tarokk (`rules.hungarian`, the ultimókassza `pot` where the game keeps one). Services
load a sitting, ask its family for the table state, let the family's engine settle, and post the
events; what differs between the families is only which of the table's own accounts the game
uses and how the engine's table state is built from them and read back from its events.

A table's own accounts are held as a mapping from the engine's account names ("cup:pagat",
"cup:king", "pot") to points — `ledger.services.table_balances` answers in that shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext_lazy as _

import rules
from rules import danish, hungarian
from rules.danish import records as danish_records
from rules.danish.validation import count_is_void
from rules.hungarian import presets as hungarian_presets

Held = Mapping[str, int]  # a table's own accounts by engine name -> points


@dataclass(frozen=True)
class TableAccount:
    """One of a table's own accounts as the pages show it."""

    name: str  # the engine's account name: "cup:pagat", "cup:king", "pot"
    kind: str  # "cup" or "pot": pages mark its figure data-cup="pagat", data-pot="pot"
    key: str  # "pagat", "king", "pot"
    group: str  # "cups" or "pot": the score sheet's line of them is #cups-now or #pot-now
    label: Any  # the game's word: Pagatkop, Kongekop, ultimókassza
    short: str  # the score sheet's column head
    title: Any = ""  # what the word means, for an <abbr> where the game's word needs one


TABLE_ACCOUNTS = {
    account.name: account
    for account in (
        TableAccount("cup:pagat", "cup", "pagat", "cups", _("Pagatkop"), "P"),
        TableAccount("cup:king", "cup", "king", "cups", _("Kongekop"), "K"),
        TableAccount(
            "pot",
            "pot",
            "pot",
            "pot",
            "ultimókassza",  # a Hungarian word
            "kassza",
            _("the pot of the Hungarian games, fed on no-game deals and won or doubled by an ultimó"),
        ),
    )
}


@dataclass(frozen=True)
class Holding:
    account: TableAccount
    points: int


@dataclass(frozen=True)
class Stat:
    """One figure of a member's page: a stable key (the page marks it data-stat="key")."""

    key: str
    label: Any
    value: int | float | None  # None: nothing to average yet
    decimals: int = 0


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

    # -- what the club's pages ask -----------------------------------------------------------

    words: SimpleNamespace  # the family's words for forms and schemas (suits, contracts, ...)
    holdings_label: Any  # what the table's own accounts are called together: "The cups"
    before_label: Any  # "Cups before" on a settlement
    after_label: Any  # "Cups after"

    def accounts(self, ruleset: Any) -> tuple[TableAccount, ...]:
        """The table's own accounts this game keeps, as the pages show them (maybe none)."""
        return tuple(TABLE_ACCOUNTS[name] for name in self.table_names(ruleset))

    def holdings(self, held: Held, ruleset: Any) -> list[Holding]:
        """What each of the game's own accounts holds; accounts of another game are not shown."""
        return [Holding(account, held.get(account.name, 0)) for account in self.accounts(ruleset)]

    def describe_holdings(self, held: Held, ruleset: Any) -> str:
        """The holdings in words, for a message: "Pagatkop 50 and Kongekop 0"."""
        return str(_(" and ")).join(f"{h.account.label} {h.points}" for h in self.holdings(held, ruleset))

    def plays_in(self, record: Mapping[str, Any], name: str, seat_names: Sequence[str]) -> bool:
        """Whether the member seated as `name` played this deal (not sitting it out)."""
        raise NotImplementedError

    def tally(
        self, stats: Any, record: Mapping[str, Any], number: int, name: str, ruleset: Any, points: Mapping[str, int]
    ) -> None:
        """Add one deal the member played to `stats` (`club.web.stats.MemberStats`); `points`
        is what the ledger posted to the member for it, by rule key."""
        raise NotImplementedError

    def stat_rows(self, stats: Any) -> list[Stat]:
        """The family's own figures on a member's page, after deals played and dealt."""
        raise NotImplementedError

    stat_cards: tuple[str, ...] = ()  # cards whose ultimo and bagud a member's page counts
    meld_kinds: tuple[str, ...] = ()  # melds a member's page counts


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

    # -- what the club's pages ask -----------------------------------------------------------

    words = SimpleNamespace(
        suits=danish_records.SUITS,
        court_cards=danish_records.COURT_CARDS,
        meld_levels=danish_records.MELD_LEVELS,
        pagat_fates=danish_records.PAGAT_FATES,
        king_fates=danish_records.KING_FATES,
        culprit_causes=danish_records.CULPRIT_CAUSES,
        seat_order_from=danish.seat_order_from,
    )
    holdings_label = _("The cups")
    before_label = _("Cups before")
    after_label = _("Cups after")
    stat_cards = ("pagat", *(f"king:{suit}" for suit in danish_records.SUITS))
    meld_kinds = ("taroks", "matadors", "suits", "kings")

    def plays_in(self, record, name, seat_names):
        return name in (record.get("players") or [])

    def tally(self, stats, record, number, name, ruleset, points):
        self._count_cards(stats, record, name)
        stats.nolos += record.get("nolo") == name
        meld = (record.get("melds") or {}).get(name) or {}
        for kind in self.meld_kinds:
            if kind == "suits":
                stats.melds[kind] += len(meld.get("suits") or {})
            elif meld.get(kind) is not None:
                stats.melds[kind] += 1
        counts = record.get("counts") or {}
        if counts and not count_is_void(self._stored(record, number), ruleset):
            stats.deals_counted += 1
            if name in counts:
                stats.own_counts += 1
                stats.card_points += counts[name]
        stats.count_result += points.get("count", 0)

    @staticmethod
    def _stored(record: Mapping[str, Any], number: int) -> Any:
        # Stored versions passed validation when they were saved, so they always parse.
        deal = danish.parse_deal(record, number, [])
        assert deal is not None, f"stored deal {number} does not parse"
        return deal

    @staticmethod
    def _count_cards(stats: Any, record: Mapping[str, Any], name: str) -> None:
        cards = []
        if record.get("pagat"):
            cards.append(("pagat", record["pagat"]))
        cards += [(f"king:{suit}", fate) for suit, fate in (record.get("kings") or {}).items()]
        for card, fate in cards:
            if fate.get("holder") != name:
                continue
            if fate.get("fate") == "ultimo":
                stats.ultimos[card] += 1
            elif fate.get("fate") == "bagud":
                stats.bagud[card] += 1

    def stat_rows(self, stats):
        return [
            Stat("nolos", _("Nolos"), stats.nolos),
            Stat("average_card_points", _("Average count"), stats.average_card_points, 1),
            Stat("average_count_result", _("Average count result"), stats.average_count_result, 1),
        ]


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

    # -- what the club's pages ask -----------------------------------------------------------

    words = SimpleNamespace(
        contra_names=hungarian_presets.CONTRA_NAMES,
        kings=hungarian_presets.KINGS,
        figures=hungarian_presets.FIGURES,
        hand_bonuses=hungarian_presets.HAND_BONUSES,
        honours=hungarian_presets.HONOURS,
        no_games=hungarian_presets.NO_GAMES,
        offences=hungarian_presets.OFFENCES,
        contracts=tuple(sorted({c for ruleset in hungarian.PRESETS.values() for c in ruleset.contracts})),
        forehand=hungarian.forehand,
    )
    holdings_label = "ultimókassza"  # a Hungarian word
    before_label = _("Before")
    after_label = _("After")

    def plays_in(self, record, name, seat_names):
        return name in hungarian.active_players(record.get("dealer"), list(seat_names))  # 002 L181: the fifth sits out

    def tally(self, stats, record, number, name, ruleset, points):
        declared = record.get("declarer") == name
        stats.counts["declared"] += declared
        # The declarer's "game" line pays him when his party won the game.
        stats.counts["won_as_declarer"] += declared and points.get("game", 0) > 0
        stats.counts["no_game"] += bool(record.get("no_game"))

    def stat_rows(self, stats):
        return [
            Stat("declared", _("Games declared"), stats.counts["declared"]),
            Stat("won_as_declarer", _("Games won as declarer"), stats.counts["won_as_declarer"]),
            Stat("no_game", _("Deals with no game"), stats.counts["no_game"]),
        ]


DANISH, HUNGARIAN = Danish(), Hungarian()
FAMILIES = (DANISH, HUNGARIAN)
DEFAULT_PRESET = danish.DEFAULT_PRESET  # a new season's preset until an official picks one


def of(preset: Any) -> Family:
    """The family a preset id belongs to; an unknown one is the Danish family's to refuse."""
    return HUNGARIAN if isinstance(preset, str) and preset in hungarian.PRESETS else DANISH


def preset_in_record(data: Mapping[str, Any]) -> str:
    """The preset a sitting record names; a record without one is played by the Danish format's
    default (its "ruleset" key may be left out)."""
    preset = data.get("ruleset")
    return preset if preset is not None else danish.DEFAULT_PRESET


def preset_choices() -> list[tuple[str, str]]:
    """Every preset of both families, for a season's choice (grouped by family)."""
    return [(p, p) for family in FAMILIES for p in family.presets]
