"""A family's deal form as data: what a scorer fills in after a deal, and where each answer goes in
the deal record.

A family answers `deal_layout(rules, table)` with a `Layout`: groups of rows of fields, each field
of a neutral kind (a row of buttons, a drop-down, a holder×fate grid, a count with steppers, a
number, a checkbox, several ticks) and with the path in the record it fills. The club draws every
family's form from this and reads every family's record back through it, so a family writes its
form once, here, in its own package; which rule-set parameters switch a field on is the family's
choice when it builds the layout for a rule set.

Labels are message keys: the English words, which the page translates, written `_("Dealer")` with
`gettext_noop` as `_` (and `pgettext` for one that needs a context) so that `makemessages` finds
them. Game words stay as the game writes them, unmarked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# The kinds of field.
BUTTONS = "buttons"  # one of `values`, as a row of buttons
DROPDOWN = "dropdown"  # one of `values`, folded into a drop-down
GRID = "grid"  # a holder (a member) and a fate (one of `values`) in one tap: {"holder", "fate"}
COUNT = "count"  # a whole number typed in, with steppers of `step`
NUMBER = "number"  # a whole number from `low` to `high`
CHECK = "check"  # a checkbox: when ticked, the record holds `checked`
TICKS = "ticks"  # any of `values`, ticked: a list

# The kinds of group.
ROLES = "roles"  # who plays which role: folded, opens on a problem; the summary names them
FOLD = "fold"  # folded away until one of its fields is filled in (or has a problem)
BOX = "box"  # always shown, under its title

CONTEXT = "\x04"  # between a message's context and its words, as gettext joins them


def gettext_noop(words: str) -> str:
    """A message key as it is: the name marks it for the page's catalogue (`makemessages`)."""
    return words


def pgettext(context: str, words: str) -> str:
    """A message key with a context ("card fate", "ultimo"); the name marks it for `makemessages`."""
    return f"{context}{CONTEXT}{words}"


@dataclass(frozen=True)
class Of:
    """A path step that is the member a role field names ("melds.<the dealer>.taroks")."""

    role: str


PathStep = str | int | Of
Path = tuple[PathStep, ...]


@dataclass(frozen=True)
class Field:
    """One question of the form: its name (the posted field's), its kind, and its record path."""

    name: str
    kind: str
    label: str  # message key
    path: Path = ()  # where its answer goes; () fills nothing by itself
    values: tuple[Any, ...] = ()  # the choices of BUTTONS, DROPDOWN, TICKS; the fates of GRID
    words: Mapping[Any, str] = field(default_factory=dict)  # a value -> its message key (else the value)
    words_in: str = ""  # "page": values are named by the family's record words; "hu": in that language
    seats: bool = False  # the choices are the table's members (after `values`)
    required: bool = False  # no blank choice; the form refuses it left out (in `Rows`: in a filled row)
    needless: tuple[Any, ...] = ()  # in `Rows`: not required in a row whose first field is one of these
    waived_by: str = ""  # in `Rows`: not required when this field of the form is filled in (a concession)
    blank: Any = None  # the value that means "nothing" (a choice of it stands for "—")
    encode: Mapping[Any, Any] = field(default_factory=dict)  # a form value -> its record value
    checked: Any = True  # what a ticked CHECK writes
    always: bool = False  # written (None if unanswered) whenever its object is
    also: Path = ()  # a second place it goes (the dealer is "players.0" and "dealer")
    bare: bool = False  # alone in its object, it stands for the object ("full" for {"level": "full"})
    role: str = ""  # the role whose member it belongs to: the page names the member beside it
    symbol: str = ""  # a sign before its label (a suit's ♥)
    low: int = 0
    high: int = 0
    step: int = 0  # COUNT's steppers
    fold: str = ""  # message key: the field folds away under this summary
    short: str = ""  # message key: a ROLES field's word in the group's summary ("deals")
    where: str = ""  # message key: what the problem list puts before its label ("King")
    after: str = ""  # message key: words after its label on the page ("on the game")
    explained: str = ""  # the layout's glossary entry that explains its label
    plain: bool = False  # the label is a name, shown as written (a member's)
    key: bool = False  # the answer is the key of the object at `path` (who took the honours)
    player: str = ""  # the member it asks about (his klop pile): not asked when he sits the deal out

    def filled(self, value: Any) -> bool:
        """Whether a form value answers the question (a blank, an empty list, an unticked box do not)."""
        return value not in (None, "", [], (), False) and value != self.blank


@dataclass(frozen=True)
class Rows:
    """The same fields a few times over (fines, hand bonuses): the filled rows are the record's list
    at `path`, in order. A field of row n is posted as `<name>_<n>_<field name>`."""

    name: str
    path: Path
    count: int
    fields: tuple[Field, ...]
    where: str = ""  # message key with %(row)s: what the problem list puts before a row's field ("Fine 2")
    more: str = ""  # message key: rows after the first two fold away under it

    def field_name(self, row: int, field: Field) -> str:
        return f"{self.name}_{row}_{field.name}"


@dataclass(frozen=True)
class Row:
    """Fields side by side."""

    fields: tuple[Field, ...]
    css: str = "row2"


Part = Row | Rows


@dataclass(frozen=True)
class Group:
    """A part of the form under one title: a box, a fold, or the roles."""

    kind: str
    css: str
    title: tuple[str, ...]  # message keys, joined by " · "
    parts: tuple[Part, ...] = ()
    groups: tuple[Group, ...] = ()  # groups within (a meld box per role)
    hint: str = ""  # message key: a line of help under the title
    notes: tuple[tuple[str, str], ...] = ()  # (field name, message key): added to the title when filled
    data: Mapping[str, str] = field(default_factory=dict)  # data-* attributes the page's script reads
    role: str = ""  # the title names this role's member
    anchor: str = ""  # the element id
    explained: str = ""  # the layout's glossary entry that explains its title
    sits_out: bool = False  # the group says who sits the deal out, when someone does
    total: int = 0  # its numbers add up to this: the page fills in the last one left (klop's 70)

    def fields(self) -> list[tuple[Field, Rows | None, int]]:
        """Every field of the group and its groups, with its rows and row number."""
        found: list[tuple[Field, Rows | None, int]] = []
        for part in self.parts:
            if isinstance(part, Rows):
                found += [(f, part, n) for n in range(part.count) for f in part.fields]
            else:
                found += [(f, None, 0) for f in part.fields]
        for group in self.groups:
            found += group.fields()
        return found


@dataclass(frozen=True)
class Layout:
    """A family's deal form for one rule set at one table."""

    groups: tuple[Group, ...]
    rotations: Mapping[str, Mapping[str, str]]  # a dealer -> who holds each role in his deal
    after: Mapping[str, str]  # a dealer -> who deals the deal after his
    next_dealer_path: Path = ()  # where a deal record names who deals the next one, if it does
    roles: Mapping[str, str] = field(default_factory=dict)  # a role -> its message key ("Dealer")
    # Who sits a deal out: "others": the table but the roles; "dealer_of_five": the dealer at five;
    # "named": whom the field `out_field` names (the Slovenian `out`); "": none.
    sits_out: str = "others"
    out_field: str = ""
    only_with: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # a field, filled -> the only keys kept
    wordy: bool = False  # its buttons carry words more than names: each as wide as its word
    glossary: tuple[tuple[str, str, str], ...] = ()  # (key, the game's word, message key of what it means)
    # Which questions a deal asks by one choice (a Slovenian contract): the field `uses_by` names,
    # and for each of its values the record's top-level keys that value uses. A field whose key no
    # value names is always asked; the others only for a value that names theirs, none before a choice.
    uses_by: str = ""
    uses: Mapping[Any, frozenset[str]] = field(default_factory=dict)
    # A question asked where the scorer meets it rather than where the record keeps it (a Hungarian
    # announcement's outcome beside it, kept in `made`): `to_record` turns what the form built into
    # the record, `from_record` a stored record into what the form reads, each the other's inverse.
    to_record: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    from_record: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None

    def fields(self) -> list[tuple[Field, Rows | None, int]]:
        return [found for group in self.groups for found in group.fields()]

    def proposal(self, table: Sequence[str], previous: Mapping[str, Any] | None, first_dealer: str) -> dict[str, str]:
        """Who holds each role in the next deal: its dealer by the previous record, or the first."""
        dealer = first_dealer
        if isinstance(previous, Mapping):
            named = walk(previous, self.next_dealer_path) if self.next_dealer_path else None
            if isinstance(named, str) and named in table:
                dealer = named
            elif previous.get("dealer") in self.after:
                dealer = self.after[previous["dealer"]]
        return dict(self.rotations.get(dealer, {"dealer": dealer}))


def walk(record: Any, path: Path) -> Any:
    """The value at `path` (of str and int steps) in a record, or None."""
    node = record
    for step in path:
        if isinstance(node, Mapping):
            node = node.get(step)
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
        else:
            return None
    return node
