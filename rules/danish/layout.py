"""The Danish deal form as data (`rules.layout`): the roles, the Pagat, the last trick, the counts;
nolo and tout, the Kings, the melds and the fines fold away until used.

The record it fills is docs/rules.md, "The sitting record"."""

from __future__ import annotations

from collections.abc import Sequence

from ..layout import (
    BOX,
    BUTTONS,
    CHECK,
    COUNT,
    DROPDOWN,
    FOLD,
    GRID,
    ROLES,
    Field,
    Group,
    Layout,
    Of,
    Part,
    Path,
    Row,
    Rows,
    pgettext,
)
from ..layout import (
    gettext_noop as _,
)
from .presets import RuleSet
from .records import COURT_CARDS, KING_FATES, MELD_LEVELS, PAGAT_FATES, SUITS
from .validation import seat_order_from

PLAYING = ("dealer", "forehand", "middlehand")
ROLE_WORDS = {"dealer": _("Dealer"), "forehand": _("Forehand"), "middlehand": _("Middlehand")}
SHORT_WORDS = {
    "dealer": pgettext("the dealer", "deals"),
    "forehand": pgettext("role", "forehand"),
    "middlehand": pgettext("role", "middlehand"),
}
SUIT_WORDS = {"hearts": _("Hearts"), "diamonds": _("Diamonds"), "clubs": _("Clubs"), "spades": _("Spades")}
SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
LEVEL_WORDS = {"half": _("half"), "full": _("full"), "overfull": _("overfull")}
COURT_WORDS = {"king": _("king"), "queen": _("queen"), "cavalier": _("cavalier"), "knight": _("knight")}
FATE_WORDS = {
    "saved": _("saved"),
    "kept": _("kept"),
    "lost": _("lost"),
    "ultimo": pgettext("card fate", "ultimo"),
    "bagud": pgettext("card fate", "bagud"),
    "skat": _("in the skat"),
}
FINE_ROWS = 3


def deal_layout(rules: RuleSet, table: Sequence[str]) -> Layout:
    """The form of a deal of `rules` at `table`."""
    rotations = {dealer: dict(zip(PLAYING, seat_order_from(dealer, table))) for dealer in table}
    groups = (
        _roles(),
        Group(BOX, "pagat", (), (Row((_pagat(rules),), ""),)),
        Group(BOX, "last-trick", (), (Row((_seat("last_trick", _("Last trick won by")),), ""),)),
        _counts(rules),
        _play(rules),
        _kings(),
        Group(FOLD, "melds", (_("Melds"),), groups=tuple(_melds(role, rules) for role in PLAYING)),
        _fines(rules),
    )
    return Layout(
        groups,
        rotations,
        after={dealer: roles["forehand"] for dealer, roles in rotations.items()},  # 001 L316
        next_dealer_path=("players", 1),
        roles=ROLE_WORDS,
    )


def _seat(name: str, label: str) -> Field:
    return Field(name, BUTTONS, label, (name,), seats=True)


def _roles() -> Group:
    fields = tuple(
        Field(
            role,
            BUTTONS,
            ROLE_WORDS[role],
            ("players", PLAYING.index(role)),
            seats=True,
            also=("dealer",) if role == "dealer" else (),
            required=True,
            always=True,
            short=SHORT_WORDS[role],
        )
        for role in PLAYING
    )
    return Group(ROLES, "players", (), (Row(fields, "rotation"),), anchor="field-players")


def _pagat(rules: RuleSet) -> Field:
    fates = tuple(fate for fate in PAGAT_FATES if fate != "skat" or rules.pagat_in_skat)
    return Field("pagat", GRID, _("Pagat"), ("pagat",), fates, FATE_WORDS)


def _counts(rules: RuleSet) -> Group:
    """The counts: with rounded counts the forehand's is folded away (two counts settle it)."""
    fields = tuple(
        Field(
            f"{role}_count",
            COUNT,
            _("Count"),
            ("counts", Of(role)),
            role=role,
            step=5,
            fold=_("Forehand counted too") if role == "forehand" and rules.count == "rounded" else "",
        )
        for role in PLAYING
    )
    return Group(BOX, "counts", (_("Count"),), (Row(fields, "count-row"),), anchor="field-counts")


def _play(rules: RuleSet) -> Group:
    fields = [
        _seat("nolo", _("Nolo")),
        Field("tout", BUTTONS, _("Tout"), ("tout", "player"), seats=True, bare=True),
    ]
    if rules.tout_can_fail:
        fields.append(Field("tout_failed", CHECK, _("The announced tout failed"), ("tout", "won"), checked=False))
    return Group(FOLD, "play", (_("Nolo or tout"),), (Row(tuple(fields), ""),))


def _kings() -> Group:
    grids = tuple(
        Field(
            f"king_{suit}",
            GRID,
            SUIT_WORDS[suit],
            ("kings", suit),
            KING_FATES,
            FATE_WORDS,
            symbol=SUIT_SYMBOLS[suit],
            where=_("King"),
        )
        for suit in SUITS
    )
    hint = _("Fill in only a King that was lost, went ultimo or bagud; kept Kings need nothing.")
    return Group(FOLD, "kings", (_("Kings lost, ultimo or bagud"),), (Row(grids, ""),), hint=hint)


def _melds(role: str, rules: RuleSet) -> Group:
    """One role's melds: taroks, the Pagat, matadors, each suit's court cards, the Kings."""
    levels = tuple(level for level in MELD_LEVELS if level != "overfull" or rules.overfull_melds)
    meld = ("melds", Of(role))

    def level(name: str, label: str, path: Path, symbol: str = "") -> Field:
        return Field(
            name,
            DROPDOWN,
            label,
            (*path, "level"),
            levels,
            LEVEL_WORDS,
            always=True,
            bare=True,
            role=role,
            symbol=symbol,
        )

    rows = [
        Row(
            (
                Field(f"{role}_taroks", DROPDOWN, _("Taroks"), (*meld, "taroks"), tuple(range(10, 23)), role=role),
                Field(
                    f"{role}_pagat",
                    DROPDOWN,
                    _("Pagat"),
                    (*meld, "pagat"),
                    ("med", "uden"),
                    {"med": _("with the Pagat"), "uden": _("without the Pagat")},
                    encode={"med": True, "uden": False},
                    role=role,
                ),
            )
        ),
        Row((Field(f"{role}_matadors", DROPDOWN, _("Matadors"), (*meld, "matadors"), tuple(range(3, 23)), role=role),)),
    ]
    for suit in SUITS:
        path = (*meld, "suits", suit)
        missing = Field(
            f"{role}_{suit}_missing", DROPDOWN, _("missing"), (*path, "missing"), COURT_CARDS, COURT_WORDS, role=role
        )
        rows.append(Row((level(f"{role}_{suit}", SUIT_WORDS[suit], path, SUIT_SYMBOLS[suit]), missing), "row2 suit"))
    kings = (*meld, "kings")
    kings_missing = Field(
        f"{role}_kings_missing", DROPDOWN, _("missing"), (*kings, "missing"), SUITS, SUIT_WORDS, role=role
    )
    rows.append(Row((level(f"{role}_kings", _("Kings"), kings), kings_missing)))
    return Group(BOX, "meld", (ROLE_WORDS[role],), tuple(rows), role=role)


def _fines(rules: RuleSet) -> Group:
    seat_and_offence = (
        Field("player", DROPDOWN, _("Fined"), ("player",), seats=True, always=True),
        Field("offence", DROPDOWN, _("Offence"), ("offence",), tuple(rules.fines), words_in="page", always=True),
    )
    parts: list[Part] = [Rows("fine", ("fines",), FINE_ROWS, seat_and_offence, where=_("Fine %(row)s"))]
    title, notes = [_("Fines")], []
    if rules.culprit:
        caused = {"ultimo": FATE_WORDS["ultimo"], "bagud": FATE_WORDS["bagud"]}
        culprit = (
            Field("culprit_player", DROPDOWN, _("Culprit"), ("culprit", "player"), seats=True, always=True),
            Field("culprit_caused", DROPDOWN, _("caused"), ("culprit", "caused"), tuple(caused), caused, always=True),
        )
        parts.append(Row(culprit))
        title.append(_("culprit"))
    stopping = [name for name, fine in rules.fines.items() if fine.stops]
    if stopping:
        parts.append(Row((Field("stopped", CHECK, _("The deal was stopped"), ("stopped",)),), ""))
        notes.append(("stopped", _("stopped deal")))
    return Group(FOLD, "fines", tuple(title), tuple(parts), notes=tuple(notes), data={"stopping": " ".join(stopping)})
