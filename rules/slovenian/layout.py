"""The Slovenian deal form as data (`rules.layout`), shaped by the rule set and the table: a partner
only for three/two/one at four or five members (R3, R4), who sits out only at five (R2), pikolo
only where the club plays it (R12), kontra up to the club's highest (R30). Game words stay
Slovenian in every language; the glossary explains each the first time the form uses it.

The record it fills is sitting-format-slovenian.md."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..layout import BOX, BUTTONS, FOLD, NUMBER, Field, Group, Layout, Part, Row
from ..layout import gettext_noop as _
from .presets import BONUSES, KONTRA_NAMES, SIDES, ULTIMOS, RuleSet
from .validation import keys_used

ALONE = "-"  # the declarer plays alone: the called king lay in the talon, or he called his own (R3)
YES, NO = "yes", "no"
PAGE = "page"  # the values are the family's record words, said in the page's language

GLOSSARY = (
    ("kontra", "kontra", _("a doubling of the game or of an announced bonus: kontra ×2, re ×4, sub ×8, mort ×16")),
    ("radelc", "radelc", _("a circle on the sheet: the next game its holder declares counts double")),
    ("mondfang", "mondfang", _("the mond (XXI) lost to the škis or the pagat: its holder pays")),
    ("klop", "klop", _("everyone plays alone and tries to take as few card points as possible")),
    ("valat", "valat", _("one side takes every trick")),
)


def deal_layout(rules: RuleSet, table: Sequence[str]) -> Layout:
    """The form of a deal at `table` with `rules`."""
    size = len(table)
    groups = [_players(size), _contract(rules, size), _result(rules), _bonuses(rules, size), _klop(table)]
    groups.append(_offence())
    return Layout(
        tuple(groups),
        rotations={dealer: {"dealer": dealer} for dealer in table},
        after={dealer: table[(i + 1) % size] for i, dealer in enumerate(table)} if size else {},
        roles={"dealer": _("Dealer")},
        sits_out="named",  # the record names who sits out (R2): the app does not derive it
        out_field="out",
        glossary=GLOSSARY,
        wordy=True,
        uses_by="contract",
        uses={contract: keys_used(contract, rules, size) for contract in rules.contracts_at(size)},
    )


def _seat(name: str, label: str, required: bool = False) -> Field:
    return Field(name, BUTTONS, label, (name,), seats=True, required=required)


def _kontra(name: str, rules: RuleSet, path: tuple[str, ...]) -> Field:
    levels = tuple(range(rules.max_kontra + 1))
    words = {0: "—"} | {k: f"{KONTRA_NAMES[k]} ×{2**k}" for k in levels if k}
    return Field(name, BUTTONS, "kontra", path, levels, words, blank=0, explained="kontra")


def _players(size: int) -> Group:
    fields = [_seat("dealer", _("Dealer"))]
    if size == 5:
        fields.append(_seat("out", _("Sits out"), required=True))  # R2
    return Group(BOX, "players", (_("Who plays"),), (Row(tuple(fields)),))


def _contract(rules: RuleSet, size: int) -> Group:
    parts: list[Part] = [
        Row(
            (
                Field("contract", BUTTONS, _("Contract"), ("contract",), rules.contracts_at(size), words_in=PAGE),
                _seat("declarer", _("Declarer")),
            )
        )
    ]
    if size > 3:  # R3: three, two, one call a king
        partner = Field(
            "partner",
            BUTTONS,
            _("Partner (holder of the called king)"),
            ("partner",),
            (ALONE,),
            {ALONE: _("alone")},
            seats=True,
            encode={ALONE: None},
        )
        parts.append(Row((partner,), ""))
    if rules.max_kontra:
        kontra = _kontra("kontra", rules, ("kontra",))
        parts.append(Row((replace(kontra, after=_("on the game"), fold=_("kontra on the game")),), ""))
    return Group(BOX, "contract", (_("Contract"),), tuple(parts))


def _result(rules: RuleSet) -> Group:
    won = Field(
        "won", BUTTONS, _("Won"), ("won",), (YES, NO), {YES: _("won"), NO: _("lost")}, encode={YES: True, NO: False}
    )
    parts: list[Part] = [
        Row((Field("card_points", NUMBER, _("Card points of the declarer's side"), ("card_points",), low=0, high=70),)),
        Row(
            (
                won,
                Field(
                    "difference",
                    NUMBER,
                    _("Difference, rounded"),
                    ("difference",),
                    low=0,
                    high=35,
                    fold=_("won or lost without card points"),
                ),
            )
        ),
        Row((Field("mondfang", BUTTONS, "mondfang", ("mondfang",), seats=True, explained="mondfang"),), ""),
    ]
    return Group(BOX, "result", (_("Result"),), tuple(parts))


def _bonuses(rules: RuleSet, size: int) -> Group:
    """R31-R36: each bonus folded: who announced it, who made it, who lost it (the ultimos), its kontra."""
    sides = {side: _("the declarer's side") if side == "declarer" else _("the opponents") for side in SIDES}
    rows: list[Part] = []
    for bonus in BONUSES:
        if bonus == "king_ultimo" and size == 3:
            continue  # R4: no called king at three
        keys = ("announced", "made", "lost") if bonus in ULTIMOS else ("announced", "made")
        fields = [
            Field(f"{bonus}_{key}", BUTTONS, label, ("bonuses", bonus, key), SIDES, sides, where=bonus)
            for key, label in zip(keys, (_("announced by"), _("made by"), _("lost by")))
        ]
        if rules.max_kontra:
            kontra = _kontra(f"{bonus}_kontra", rules, ("bonuses", bonus, "kontra"))
            fields.append(replace(kontra, where=bonus))
        rows.append(Row(tuple(fields)))
    hint = _("Silent bonuses count half; an announced bonus counts whether it was made or not.")
    return Group(FOLD, "bonuses", (_("Bonuses"),), tuple(rows), hint=hint)


def _klop(table: Sequence[str]) -> Group:
    """R60: every active member's card points (not the one sitting out, R54); the pack is 70, so the
    last pile is the rest (R62)."""
    points = tuple(
        Field(f"klop_{i}", NUMBER, name, ("klop", name), low=0, high=70, plain=True, player=name)
        for i, name in enumerate(table)
    )
    return Group(BOX, "klop", ("klop",), (Row(points),), explained="klop", total=70)


def _offence() -> Group:
    return Group(BOX, "renons", ("renons",), (Row((_seat("offender", _("Revoked (renons)")),)),))
