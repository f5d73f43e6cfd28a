"""The Hungarian deal form as data (`rules.layout`), one for the six games, shaped by the rule set:
a field a game never uses is left out (a call only where there is one, trump counts only in
Paskievics, hand bonuses in Tapper, Strómann and Trisák ...). Game words stay Hungarian in every
language; the glossary explains each the first time the form uses it.

The record it fills is docs/rules-hungarian.md."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..layout import BOX, BUTTONS, CHECK, FOLD, NUMBER, TICKS, Field, Group, Layout, Of, Part, Path, Row, Rows
from ..layout import gettext_noop as _
from .presets import CONTRA_NAMES, HONOURS, KINGS, OFFENCES, RuleSet
from .validation import CALL_CONTRACTS, forehand

OUT_OF_PLAY = "-"  # the called card lay out of play: the declarer is alone (official contra in Paskievics)
ANNOUNCEMENT_ROWS = 4
TRUMP_COUNT_ROWS = 2
BONUS_ROWS = 3
OUTCOME = "outcome"  # an announcement's outcome, asked beside it; the record keeps it in `made`
MADE, FAILED = "made", "failed"
OUTCOMES = (MADE, FAILED)
OUTCOME_WORDS = {MADE: _("made"), FAILED: _("failed")}

# A short explanation of each game word, shown as <abbr title> where the form uses it.
GLOSSARY = (
    (
        "kontra",
        "kontra",
        _("a doubling of the game or of an announcement: ×2 for each level, kontra ×2 up to mordkontra ×32"),
    ),
    ("trull", "tulétroá", _("the three honours (Skiz, XXI, Pagát) taken home by one party")),
    ("volat", "volát", _("all the tricks taken by one party")),
    ("ultimo", "pagátultimó", _("the Pagát winning the last trick, the only trump in it")),
    ("dupla", "dupla", _("one party takes 71 card points or more")),
    ("trumps", "tarokkszám", _("eight or nine trumps in one hand, paid whatever the result")),
    ("pot", "ultimókassza", _("the pot of the Hungarian games, fed on no-game deals and won or doubled by an ultimó")),
)
HU = "hu"  # the game's words are Hungarian whatever the page's language


def deal_layout(rules: RuleSet, table: Sequence[str]) -> Layout:
    """The form of a deal of `rules` at `table`."""
    groups = [_players(rules), _contract(rules)]
    if rules.figures:
        groups.append(_announcements(rules))
    groups.append(_result(rules))
    if rules.preset == "trisak":
        groups.append(_trisak(rules, table))
    if rules.preset == "paskievics":
        groups.append(_trump_counts())
    if rules.hand_bonuses:
        groups.append(_bonuses(rules))
    if rules.preset == "paskievics" and rules.ujlak_talon_honours:
        groups.append(_talon())
    if rules.preset != "stromann":
        groups.append(_fines())
    return Layout(
        tuple(groups),
        rotations={dealer: {"dealer": dealer} for dealer in table},
        after={dealer: forehand(dealer, table) for dealer in table},  # 002 L291
        roles={"dealer": _("Dealer")},
        sits_out="dealer_of_five",  # 002 L181: at five the dealer sits out
        only_with={"no_game": ("dealer", "no_game", "declarer")},  # no play keys in a no-game deal
        glossary=GLOSSARY,
        wordy=True,
        to_record=_to_record(rules) if rules.figures else None,
        from_record=_from_record(rules) if rules.figures else None,
    )


def _seat(name: str, label: str, path: Path = ()) -> Field:
    return Field(name, BUTTONS, label, path or (name,), seats=True)


def _contra(name: str, rules: RuleSet, path: Path) -> Field:
    """0 (none) .. the highest: the compact contra control, levels by their Hungarian names."""
    levels = tuple(range(rules.max_contra + 1))
    words = {0: "—"} | {k: f"{CONTRA_NAMES[k]} ×{2**k}" for k in levels if k}
    return Field(name, BUTTONS, "kontra", path, levels, words, blank=0, explained="kontra")


def _players(rules: RuleSet) -> Group:
    fields = [Field("dealer", BUTTONS, _("Dealer"), ("dealer",), seats=True, required=True, always=True)]
    if rules.no_games:
        fields.append(Field("no_game", BUTTONS, _("No game"), ("no_game",), rules.no_games, words_in=HU))
    return Group(BOX, "players", (_("Who plays"),), (Row(tuple(fields)),), sits_out=True)


def _contract(rules: RuleSet) -> Group:
    game = rules.preset
    parts: list[Part] = [
        Row(
            (
                Field("contract", BUTTONS, _("Contract"), ("contract",), rules.contracts, words_in=HU),
                _seat("declarer", _("Declarer")),
            )
        )
    ]
    call: list[Field] = []
    if game in ("paskievics", "trisak"):
        cards = tuple(range(20 if game == "paskievics" else 19, 1, -1))
        call.append(
            Field("call_card", BUTTONS, _("Called trump"), ("call", "card"), cards, {n: _roman(n) for n in cards})
        )
    if game == "kiralyhivo":
        call.append(Field("call_king", BUTTONS, _("Called king"), ("call", "king"), KINGS, words_in=HU))
    if call:
        partner = Field(
            "partner",
            BUTTONS,
            _("Partner (holder of the called card)"),
            ("call", "partner"),
            (OUT_OF_PLAY,),
            {OUT_OF_PLAY: _("out of play")},
            seats=True,
            encode={OUT_OF_PLAY: None},
            always=True,
        )
        parts.append(Row((*call, partner)))
    if game == "kiralyhivo":
        captured = _("The opponents took the called king home")
        parts.append(Row((Field("called_king_captured", CHECK, captured, ("called_king_captured",)),), ""))
    if game == "magyar":
        choices = tuple(range(1, 12))
        parts.append(Row((Field("choice", BUTTONS, _("Talon choice kept"), ("choice",), choices),), ""))
    if rules.max_contra and game != "trisak":
        # Rarely said: its levels fold away under one line until asked for (or filled, or wrong).
        contra = replace(
            _contra("game_contra", rules, ("game_contra",)), after=_("on the game"), fold=_("kontra on the game")
        )
        parts.append(Row((contra,), ""))
    hint = ""
    if call:
        hint = _(
            "Self-call: the declarer is his own partner. Official contra: the called card lay in a discard"
            " — choose out of play and a kontra."
        )
    return Group(BOX, "contract", (_("Contract"),), tuple(parts), hint=hint)


def _announcements(rules: RuleSet) -> Group:
    fields = [
        Field("figure", BUTTONS, _("Announced"), ("figure",), rules.figures, words_in=HU, always=True),
        Field("by", BUTTONS, _("by"), ("by",), seats=True, always=True),
    ]
    if rules.max_contra:
        fields.append(replace(_contra("contra", rules, ("contra",)), fold=_("kontra on the announcement")))
    # Its outcome beside it, so that no announcement is settled as failed for a tick forgotten
    # elsewhere; a dupla's follows from the card points.
    fields.append(
        Field(
            "outcome",
            BUTTONS,
            _("Outcome"),
            (OUTCOME,),
            OUTCOMES,
            OUTCOME_WORDS,
            required=True,
            needless=("double",),
            waived_by="conceded",  # a conceded ultimóhívás is never played out (002 L1345)
        )
    )
    made = tuple(figure for figure in rules.figures if figure != "double")
    parts = (
        Rows("ann", ("announcements",), ANNOUNCEMENT_ROWS, tuple(fields), more=_("More announcements")),
        Row(
            tuple(
                Field(f"made_{party}", TICKS, label, ("made", party), made, words_in=HU)
                for party, label in (
                    ("declarer", _("Made silently by the declarer's party")),
                    ("opponents", _("Made silently by the opponents")),
                )
            ),
            "made",
        ),
    )
    hint = _(
        "Give each announcement its outcome; below, tick what a party brought home without announcing it."
        " A dupla follows from the card points."
    )
    return Group(FOLD, "announcements", (_("Announced"),), parts, hint=hint)


def _to_record(rules: RuleSet) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The form's record with each announcement's outcome moved into `made` (the figures each
    party brought home), in the game's figure order."""

    def to_record(built: dict[str, Any]) -> dict[str, Any]:
        record = dict(built)
        announcements = record.get("announcements")
        if not isinstance(announcements, list):
            return record
        made = {side: list(figures) for side, figures in (record.get("made") or {}).items()}
        record["announcements"] = []
        for announcement in announcements:
            announcement = dict(announcement)
            outcome = announcement.pop(OUTCOME, None)
            side = _party_of(announcement.get("by"), record, rules)
            figure = announcement.get("figure")
            played = not record.get("conceded")
            if outcome == MADE and played and side and figure in rules.figures and figure != "double":
                made.setdefault(side, []).append(figure)
            record["announcements"].append(announcement)
        made = {side: [f for f in rules.figures if f in figures] for side, figures in made.items() if figures}
        if made:
            record["made"] = made
        return record

    return to_record


def _from_record(rules: RuleSet) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A stored record as the form reads it: each announcement with its outcome, and `made`
    keeping only what was made silently."""

    def from_record(stored: Mapping[str, Any]) -> dict[str, Any]:
        record = dict(stored)
        announcements = record.get("announcements")
        stored_made = record.get("made")
        made: Mapping[str, Any] = stored_made if isinstance(stored_made, Mapping) else {}
        if not isinstance(announcements, list) or record.get("conceded"):
            return record  # nothing announced, or a concession: nothing was played out
        silent = {side: list(figures) for side, figures in made.items() if isinstance(figures, list)}
        record["announcements"] = []
        for announcement in announcements:
            if not isinstance(announcement, Mapping):
                record["announcements"].append(announcement)
                continue
            side = _party_of(announcement.get("by"), record, rules)
            figure = announcement.get("figure")
            if figure == "double" or not side:
                record["announcements"].append(dict(announcement))
                continue
            outcome = MADE if figure in silent.get(side, []) else FAILED
            if outcome == MADE:
                silent[side].remove(figure)
            record["announcements"].append({**announcement, OUTCOME: outcome})
        if silent or "made" in record:
            record["made"] = silent
        return record

    return from_record


def _party_of(member: Any, record: Mapping[str, Any], rules: RuleSet) -> str | None:
    """ "declarer" or "opponents": the party of an announcing member by the record's declarer and
    called partner (as `validation.parties` reads a parsed deal); None until the declarer is known."""
    declarer = record.get("declarer")
    if not isinstance(member, str) or not isinstance(declarer, str):
        return None
    call = record.get("call")
    partner = call.get("partner") if isinstance(call, Mapping) else None
    if record.get("contract") not in CALL_CONTRACTS.get(rules.preset, ()):
        partner = None
    return "declarer" if member in (declarer, partner) else "opponents"


def _result(rules: RuleSet) -> Group:
    if rules.preset == "stromann":
        # 002 L1289: in the simple game the points are the dealer's (he wins a tie).
        points = _("Card points: the declarer's; in the simple game the dealer's")
    else:
        points = _("Card points of the declarer's party")
    parts: list[Part] = [
        Row(
            (
                Field("card_points", NUMBER, points, ("card_points",), low=0, high=rules.deck_points),
                Field(
                    "tricks", NUMBER, _("Tricks of the declarer's party"), ("tricks",), low=0, high=rules.tricks_total
                ),
            )
        )
    ]
    if rules.preset == "stromann":
        parts.append(Row((_seat("ultimo", "pagátultimó"),), ""))
    if rules.preset == "trisak":
        parts.append(Row((Field("conceded", CHECK, _("Alone, the declarer settled for half"), ("conceded",)),), ""))
    return Group(BOX, "result", (_("What each party made"),), tuple(parts))


def _trisak(rules: RuleSet, table: Sequence[str]) -> Group:
    points = tuple(
        Field(f"points_{i}", NUMBER, name, ("player_points", name), low=0, high=rules.deck_points, plain=True)
        for i, name in enumerate(table)
    )
    trickless = Field("trickless", TICKS, _("Took no trick"), ("trickless",), seats=True)
    return Group(BOX, "trisak-points", ("trisákolás",), (Row(points), Row((trickless,), "")))


def _trump_counts() -> Group:
    fields = (
        Field("player", BUTTONS, "tarokkszám", ("player",), seats=True, always=True),
        Field("count", BUTTONS, _("trumps"), ("count",), (8, 9), always=True),
        Field("silent", CHECK, _("not announced"), ("announced",), checked=False),
    )
    rows = Rows("trump", ("trump_counts",), TRUMP_COUNT_ROWS, fields)
    return Group(FOLD, "trumps", ("tarokkszám",), (rows,), explained="trumps")


def _bonuses(rules: RuleSet) -> Group:
    fields = (
        Field("player", BUTTONS, _("Hand bonus"), ("player",), seats=True, always=True),
        Field(_("bonus"), BUTTONS, _("bonus"), (_("bonus"),), rules.hand_bonuses, words_in=HU, always=True),
    )
    parts: list[Part] = [Rows(_("bonus"), ("hand_bonuses",), BONUS_ROWS, fields)]
    if rules.preset == "tapper":
        parts.append(Row((Field("bidders", TICKS, _("Took part in the bidding"), ("bidders",), seats=True),), ""))
    return Group(FOLD, "bonuses", (_("Hand bonuses"),), tuple(parts))


def _talon() -> Group:
    fields = (
        Field("talon_player", BUTTONS, _("Honours from the talon: who"), ("talon_honours",), seats=True, key=True),
        Field("talon_honours", TICKS, _("which"), ("talon_honours", Of("talon_player")), HONOURS, words_in=HU),
    )
    return Group(FOLD, "talon", (_("Honours from the talon"),), (Row(fields, ""),))


def _fines() -> Group:
    fields = (
        Field("fine_player", BUTTONS, _("Fined"), ("fines", 0, "player"), seats=True, always=True),
        Field("fine_offence", BUTTONS, _("Offence"), ("fines", 0, "offence"), OFFENCES, words_in=HU, always=True),
    )
    return Group(FOLD, "fines", (_("Fines"),), (Row(fields),))


def _roman(n: int) -> str:
    numerals = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
    out = ""
    for value, letters in numerals:
        while n >= value:
            out, n = out + letters, n - value
    return out
