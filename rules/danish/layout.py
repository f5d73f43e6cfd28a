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
    context_key,
)
from .presets import RuleSet
from .records import COURT_CARDS, KING_FATES, MELD_LEVELS, PAGAT_FATES, SUITS
from .validation import seat_order_from

PLAYING = ("dealer", "forehand", "middlehand")
ROLE_WORDS = {"dealer": "Dealer", "forehand": "Forehand", "middlehand": "Middlehand"}
SHORT_WORDS = {
    "dealer": context_key("the dealer", "deals"),
    "forehand": context_key("role", "forehand"),
    "middlehand": context_key("role", "middlehand"),
}
SUIT_WORDS = {"hearts": "Hearts", "diamonds": "Diamonds", "clubs": "Clubs", "spades": "Spades"}
SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
LEVEL_WORDS = {"half": "half", "full": "full", "overfull": "overfull"}
COURT_WORDS = {"king": "king", "queen": "queen", "cavalier": "cavalier", "knight": "knight"}
FATE_WORDS = {
    "saved": "saved",
    "kept": "kept",
    "lost": "lost",
    "ultimo": context_key("card fate", "ultimo"),
    "bagud": context_key("card fate", "bagud"),
    "skat": "in the skat",
}
FINE_ROWS = 3


def deal_layout(rules: RuleSet, table: Sequence[str]) -> Layout:
    """The form of a deal of `rules` at `table`."""
    rotations = {dealer: dict(zip(PLAYING, seat_order_from(dealer, table))) for dealer in table}
    groups = (
        _roles(),
        Group(BOX, "pagat", (), (Row((_pagat(rules),), ""),)),
        Group(BOX, "last-trick", (), (Row((_seat("last_trick", "Last trick won by"),), ""),)),
        _counts(rules),
        _play(rules),
        _kings(),
        Group(FOLD, "melds", ("Melds",), groups=tuple(_melds(role, rules) for role in PLAYING)),
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
    return Field("pagat", GRID, "Pagat", ("pagat",), fates, FATE_WORDS)


def _counts(rules: RuleSet) -> Group:
    """The counts: with rounded counts the forehand's is folded away (two counts settle it)."""
    fields = tuple(
        Field(
            f"{role}_count",
            COUNT,
            "Count",
            ("counts", Of(role)),
            role=role,
            step=5,
            fold="Forehand counted too" if role == "forehand" and rules.count == "rounded" else "",
        )
        for role in PLAYING
    )
    return Group(BOX, "counts", ("Count",), (Row(fields, "count-row"),), anchor="field-counts")


def _play(rules: RuleSet) -> Group:
    fields = [
        _seat("nolo", "Nolo"),
        Field("tout", BUTTONS, "Tout", ("tout", "player"), seats=True, bare=True),
    ]
    if rules.tout_can_fail:
        fields.append(Field("tout_failed", CHECK, "The announced tout failed", ("tout", "won"), checked=False))
    return Group(FOLD, "play", ("Nolo or tout",), (Row(tuple(fields), ""),))


def _kings() -> Group:
    grids = tuple(
        Field(
            f"king_{suit}", GRID, SUIT_WORDS[suit], ("kings", suit), KING_FATES, FATE_WORDS, symbol=SUIT_SYMBOLS[suit]
        )
        for suit in SUITS
    )
    hint = "Fill in only a King that was lost, went ultimo or bagud; kept Kings need nothing."
    return Group(FOLD, "kings", ("Kings lost, ultimo or bagud",), (Row(grids, ""),), hint=hint)


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
                Field(f"{role}_taroks", DROPDOWN, "Taroks", (*meld, "taroks"), tuple(range(10, 23)), role=role),
                Field(
                    f"{role}_pagat",
                    DROPDOWN,
                    "Pagat",
                    (*meld, "pagat"),
                    ("med", "uden"),
                    {"med": "with the Pagat", "uden": "without the Pagat"},
                    encode={"med": True, "uden": False},
                    role=role,
                ),
            )
        ),
        Row((Field(f"{role}_matadors", DROPDOWN, "Matadors", (*meld, "matadors"), tuple(range(3, 23)), role=role),)),
    ]
    for suit in SUITS:
        path = (*meld, "suits", suit)
        missing = Field(
            f"{role}_{suit}_missing", DROPDOWN, "missing", (*path, "missing"), COURT_CARDS, COURT_WORDS, role=role
        )
        rows.append(Row((level(f"{role}_{suit}", SUIT_WORDS[suit], path, SUIT_SYMBOLS[suit]), missing), "row2 suit"))
    kings = (*meld, "kings")
    kings_missing = Field(
        f"{role}_kings_missing", DROPDOWN, "missing", (*kings, "missing"), SUITS, SUIT_WORDS, role=role
    )
    rows.append(Row((level(f"{role}_kings", "Kings", kings), kings_missing)))
    return Group(BOX, "meld", (ROLE_WORDS[role],), tuple(rows), role=role)


def _fines(rules: RuleSet) -> Group:
    seat_and_offence = (
        Field("player", DROPDOWN, "Fined", ("player",), seats=True, always=True),
        Field("offence", DROPDOWN, "Offence", ("offence",), tuple(rules.fines), words_in="page", always=True),
    )
    parts: list[Part] = [Rows("fine", ("fines",), FINE_ROWS, seat_and_offence, where="Fine %(row)s")]
    title, notes = ["Fines"], []
    if rules.culprit:
        caused = {"ultimo": FATE_WORDS["ultimo"], "bagud": FATE_WORDS["bagud"]}
        culprit = (
            Field("culprit_player", DROPDOWN, "Culprit", ("culprit", "player"), seats=True, always=True),
            Field("culprit_caused", DROPDOWN, "caused", ("culprit", "caused"), tuple(caused), caused, always=True),
        )
        parts.append(Row(culprit))
        title.append("culprit")
    stopping = [name for name, fine in rules.fines.items() if fine.stops]
    if stopping:
        parts.append(Row((Field("stopped", CHECK, "The deal was stopped", ("stopped",)),), ""))
        notes.append(("stopped", "stopped deal"))
    return Group(FOLD, "fines", tuple(title), tuple(parts), notes=tuple(notes), data={"stopping": " ".join(stopping)})
