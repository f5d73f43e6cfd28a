"""The deal form of any family, drawn from the layout its family declares (`rules.layout`).

The family says which questions a deal asks, of what kind, and where each answer goes in the deal
record; this module turns that into a Django form, a record (`build_record`), a form filled in from
a stored record (`initial_from_record`), and the field a problem the engine reports belongs to
(`field_for`), all by the same record paths. Whether the record makes sense is the engine's call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils.functional import cached_property
from django.utils.translation import gettext, pgettext

import rules
from rules import layout as spec

from .. import families
from .names import short_names

BLANK = ("", "—")
MISSING = object()


def translate(key: str) -> str:
    """A layout's message key in the page's language."""
    context, separator, words = key.rpartition(spec.CONTEXT)
    return pgettext(context, words) if separator else gettext(key)


@dataclass(frozen=True)
class Placed:
    """A layout field as this form holds it: its form name, its rows and row number."""

    field: spec.Field
    name: str
    rows: spec.Rows | None = None
    row: int = 0


def placed_fields(layout: spec.Layout) -> list[Placed]:
    return [
        Placed(field, rows.field_name(row, field) if rows else field.name, rows, row)
        for field, rows, row in layout.fields()
    ]


# --- the record, both ways, and where its problems go ---------------------------------------------


def _steps(path: spec.Path, roles: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """A path with its roles' members put in; None when a role has no member."""
    steps = []
    for step in path:
        if isinstance(step, spec.Of):
            member = roles.get(step.role)
            if not member:
                return None
            steps.append(member)
        else:
            steps.append(step)
    return tuple(steps)


def _places(layout: spec.Layout, data: Mapping[str, Any]) -> Iterator[tuple[Placed, tuple[Any, ...]]]:
    """Every field with each concrete record path it fills: a row's fields at the row's place
    among the filled rows; a role's fields under its member."""
    filled_rows = _filled_rows(layout, data)
    for placed in placed_fields(layout):
        paths = [placed.field.path, placed.field.also]
        if placed.rows is not None:
            order = filled_rows[placed.rows.name]
            if placed.row not in order:
                continue
            paths = [(*placed.rows.path, order.index(placed.row), *placed.field.path)]
        for path in paths:
            steps = _steps(path, data) if path else None
            if steps:
                yield placed, steps


def _filled_rows(layout: spec.Layout, data: Mapping[str, Any]) -> dict[str, list[int]]:
    filled: dict[str, list[int]] = {}
    for placed in placed_fields(layout):
        if placed.rows is not None:
            rows = filled.setdefault(placed.rows.name, [])
            # A row's own question (an announcement's outcome) does not fill it: its choices cannot be
            # taken back, so a row emptied of the rest is empty.
            asked = placed.field.required
            if not asked and placed.field.filled(data.get(placed.name)) and placed.row not in rows:
                rows.append(placed.row)
    return {name: sorted(rows) for name, rows in filled.items()}


def _record_value(field: spec.Field, value: Any) -> Any:
    if field.kind == spec.GRID:
        holder, fate = split_combined(value)
        return {"holder": holder, "fate": fate}
    if field.kind == spec.CHECK:
        return field.checked
    if field.kind == spec.TICKS:
        return list(value)
    return field.encode.get(value, value)


def _put(record: dict[Any, Any], steps: tuple[Any, ...], value: Any) -> None:
    node = record
    for step in steps[:-1]:
        node = node.setdefault(step, {})
    node[steps[-1]] = value


def _get(record: Any, steps: tuple[Any, ...]) -> tuple[bool, Any]:
    """Whether the object holding `steps` is there, and the value (MISSING where it is not)."""
    node = record
    for step in steps[:-1]:
        node = node.get(step, MISSING) if isinstance(node, Mapping) else MISSING
        if node is MISSING:
            return False, MISSING
    if isinstance(node, Mapping):
        return True, node.get(steps[-1], MISSING)
    return False, MISSING


def _as_lists(node: Any) -> Any:
    """The record's index-keyed objects as lists."""
    if not isinstance(node, dict):
        return node
    node = {key: _as_lists(value) for key, value in node.items()}
    if node and all(isinstance(key, int) for key in node):
        return [node[index] for index in sorted(node)]
    return node


def build_record(layout: spec.Layout, data: Mapping[str, Any]) -> dict[str, Any]:
    """A deal record from the form's cleaned data. Left-out keys mean "nothing happened";
    half-filled entries are kept so the engine names them."""
    record: dict[Any, Any] = {}
    places = list(_places(layout, data))
    for placed, steps in places:
        if placed.field.filled(data.get(placed.name)) and not placed.field.key:
            _put(record, steps, _record_value(placed.field, data.get(placed.name)))
    for placed, steps in places:
        holder_there, value = _get(record, steps)
        if placed.field.always and value is MISSING and (holder_there or len(steps) == 1 or placed.field.required):
            _put(record, steps, None)
    for placed, steps in places:
        holder_there, _value = _get(record, steps)
        if placed.field.bare and holder_there and len(steps) > 1:
            parent = _get(record, steps[:-1])[1]
            if isinstance(parent, dict) and list(parent) == [steps[-1]]:
                _put(record, steps[:-1], parent[steps[-1]])
    for name, keep in layout.only_with.items():
        if data.get(name):
            record = {key: value for key, value in record.items() if key in keep}
    record = _as_lists(record)
    return layout.to_record(record) if layout.to_record else record


def initial_from_record(layout: spec.Layout, record: Mapping[str, Any]) -> dict[str, Any]:
    """The form's initial data for a stored record: `build_record`'s inverse."""
    initial: dict[str, Any] = {}
    if layout.from_record:
        record = layout.from_record(record)
    for placed in placed_fields(layout):
        field = placed.field
        if placed.rows is not None:
            listed = spec.walk(record, placed.rows.path)
            if not isinstance(listed, list) or placed.row >= len(listed):
                continue  # a row the record does not fill (rows beyond the form's are not shown)
            path: spec.Path = (*placed.rows.path, placed.row, *field.path)
        else:
            path = field.path
        steps = _steps(path, initial) if path else None
        if steps and field.key:
            holder = spec.walk(record, steps)
            value = next(iter(holder), MISSING) if isinstance(holder, Mapping) else MISSING
        elif steps:
            value = _form_value(field, _read(record, steps, field.bare))
        else:
            continue
        if value is not MISSING:
            initial[placed.name] = value
    return initial


def _read(record: Any, steps: tuple[Any, ...], bare: bool) -> tuple[bool, Any]:
    holder = spec.walk(record, steps[:-1]) if len(steps) > 1 else record
    if bare and holder is not None and not isinstance(holder, Mapping):
        return True, holder
    if isinstance(holder, list) and isinstance(steps[-1], int) and steps[-1] < len(holder):
        return True, holder[steps[-1]]
    if isinstance(holder, Mapping):
        return True, holder.get(steps[-1], MISSING)
    return False, MISSING


def _form_value(field: spec.Field, found: tuple[bool, Any]) -> Any:
    holder_there, value = found
    decode = {record_value: form_value for form_value, record_value in field.encode.items()}
    if value is MISSING or value is None:
        return decode[None] if holder_there and None in decode else MISSING
    if field.kind == spec.GRID:
        return f"{value.get('holder')}:{value.get('fate')}" if isinstance(value, Mapping) else MISSING
    if field.kind == spec.CHECK:
        return value == field.checked
    if field.kind == spec.TICKS:
        return list(value) if isinstance(value, list) else MISSING
    return decode.get(value, value) if isinstance(value, (str, int, bool)) else value


def field_for(layout: spec.Layout, path: str, data: Mapping[str, Any]) -> str | None:
    """The form field a problem's record path ("melds.Carl.taroks", "announcements[1].contra")
    belongs to: the field whose path shares most of it, the first such; None for the deal as a whole."""
    steps = [int(s) if s.isascii() and s.isdigit() else s for s in re.sub(r"\[(\d+)\]", r".\1", path).split(".")]
    if not path:
        return None
    best, best_length = None, 0
    for placed, place in _places(layout, data):
        shared = min(len(place), len(steps))
        if list(place[:shared]) == steps[:shared] and shared > best_length:
            best, best_length = placed.name, shared
    return best


def split_combined(value: str | None) -> tuple[str | None, str | None]:
    if not value:
        return None, None
    holder, _sep, fate = value.rpartition(":")
    return holder or None, fate or None


# --- the form -------------------------------------------------------------------------------------


def _label(field: spec.Field, value: Any, family: rules.Family) -> str:
    if field.words_in:
        language = families.language() if field.words_in == "page" else field.words_in
        return family.texts.word(value, language)
    words = field.words.get(value)
    return translate(words) if words else str(value)


def _choices(field: spec.Field, seat_names: Sequence[str], family: rules.Family) -> list[tuple[Any, str]]:
    short = short_names(seat_names)  # the buttons' words: Jens H and Jens P, never two "Jens"
    choices = [(name, short[name]) for name in seat_names] if field.seats else []
    choices += [(value, _label(field, value, family)) for value in field.values]
    if field.required or field.blank in field.values:
        return choices
    return [BLANK, *choices]


def _option(data: Mapping[str, Any]) -> dict[str, Any]:
    """A button or tick of a choice: its value, label, attributes, and whether it is chosen."""
    attrs = dict(data["attrs"])
    checked = attrs.pop("checked", False)
    return {"value": data["value"], "label": data["label"], "attrs": flatatt(attrs), "checked": checked}


def form_field(field: spec.Field, seat_names: Sequence[str], family: rules.Family) -> forms.Field:
    """The Django field of one layout field."""
    label = field.label if field.plain else translate(field.label)
    if field.kind == spec.CHECK:
        return forms.BooleanField(label=label, required=False)
    if field.kind == spec.COUNT:
        # No min/max: an out-of-range count must reach the server and come back as a problem
        # (a browser's own check would silently stop the live preview).
        typed = {"inputmode": "numeric", "autocomplete": "off", "class": "count"}
        return forms.IntegerField(label=label, required=False, widget=forms.TextInput(attrs=typed))
    if field.kind == spec.NUMBER:
        attrs: dict[str, Any] = {"inputmode": "numeric", "min": field.low, "max": field.high}
        return forms.IntegerField(
            label=label, required=False, min_value=field.low, max_value=field.high, widget=forms.NumberInput(attrs)
        )
    choices = _choices(field, seat_names, family)
    if field.kind == spec.TICKS:
        return forms.MultipleChoiceField(
            label=label, choices=choices, required=False, widget=forms.CheckboxSelectMultiple
        )
    if field.kind == spec.GRID:
        grid = [(f"{name}:{fate}", f"{name} {label}") for name in seat_names for fate, label in choices if fate]
        return forms.ChoiceField(label=label, choices=[BLANK, *grid], required=False, widget=forms.RadioSelect)
    widget = forms.RadioSelect if field.kind == spec.BUTTONS else forms.Select
    if any(isinstance(value, int) for value in field.values):
        empty = field.blank if field.blank in field.values else None
        return forms.TypedChoiceField(
            label=label, choices=choices, coerce=int, empty_value=empty, required=field.required, widget=widget
        )
    return forms.ChoiceField(label=label, choices=choices, required=field.required, widget=widget)


class DealForm(forms.Form):
    """Every question of a deal at a table of `seat_names`, as the rule set's family lays it out."""

    def __init__(self, *args, seat_names: Sequence[str], ruleset: Any, family: rules.Family | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.seat_names = list(seat_names)
        self.ruleset = ruleset
        self.family = family or rules.family_of(ruleset)
        self.layout = self.family.deal_layout(ruleset, self.seat_names)
        self.placed = {placed.name: placed for placed in placed_fields(self.layout)}
        for name, placed in self.placed.items():
            self.fields[name] = form_field(placed.field, self.seat_names, self.family)
            if placed.rows is not None:
                self.fields[name].required = False  # asked only in a filled row: `clean`
        out = self.sitting_out()
        for name, placed in self.placed.items():
            if placed.field.player and placed.field.player in out:
                # Not asked of whoever sits the deal out (his klop pile); what is posted for him is not read.
                self.fields[name].disabled = True

    def clean(self):
        super().clean()
        # A grid's holder and fate may come apart too (an older page, a script).
        for name, placed in self.placed.items():
            if placed.field.kind == spec.GRID and not self.cleaned_data.get(name):
                holder = self.data.get(self.add_prefix(f"{name}_holder")) or ""
                fate = self.data.get(self.add_prefix(f"{name}_fate")) or ""
                self.cleaned_data[name] = f"{holder}:{fate}" if holder or fate else ""
        self._ask_in_filled_rows()
        return self.cleaned_data

    def _ask_in_filled_rows(self) -> None:
        """A row's required answer left out of a row that is otherwise filled in (an announcement
        without its outcome), unless the row's first answer makes it needless."""
        filled = _filled_rows(self.layout, self.cleaned_data)
        for name, placed in self.placed.items():
            rows, field = placed.rows, placed.field
            if rows is None or not field.required or placed.row not in filled[rows.name]:
                continue
            first = self.cleaned_data.get(rows.field_name(placed.row, rows.fields[0]))
            waived = bool(field.waived_by and self.cleaned_data.get(field.waived_by))
            if not field.filled(self.cleaned_data.get(name)) and first not in field.needless and not waived:
                self.add_error(name, forms.ValidationError(self.fields[name].error_messages["required"], "required"))

    def record(self) -> dict[str, Any]:
        return build_record(self.layout, self.cleaned_data)

    def add_problems(self, problems: Sequence[rules.Problem], language: str, number: int | None = None) -> None:
        """Put each problem beside its field. A problem of another deal (`number` given: a
        correction can make a later deal invalid) goes above the form, naming that deal."""
        placed: list[tuple[str | None, str, str]] = []
        # Map every path first: add_error drops the field from cleaned_data, which maps names.
        for p in problems:
            if number is not None and p.deal is not None and p.deal != number:
                message = gettext("Deal %(number)s: %(problem)s") % {
                    "number": p.deal,
                    "problem": p.message_in(language),
                }
                placed.append((None, p.code, message))
            else:
                placed.append((field_for(self.layout, p.field, self.cleaned_data), p.code, p.message_in(language)))
        for field, code, message in placed:
            self.add_error(field if field in self.fields else None, forms.ValidationError(message, code=code))

    # --- what the page shows ---

    def current(self, name: str) -> Any:
        """A field's value as the page shows it: submitted data if bound, else the initial."""
        if self.is_bound:
            if isinstance(self.fields.get(name), forms.MultipleChoiceField):
                return (
                    self.data.getlist(self.add_prefix(name)) if hasattr(self.data, "getlist") else self.data.get(name)
                )
            return self.data.get(self.add_prefix(name))
        return self.initial.get(name)

    def role_members(self) -> dict[str, Any]:
        return {role: self.current(role) for role in self.layout.roles}

    def players_now(self) -> list[str] | None:
        """Who plays the deal as the page stands, where the roles say it; None where they do not."""
        if self.layout.sits_out != "others":
            return None
        return [member for member in self.role_members().values() if member]

    def sitting_out(self) -> list[str]:
        if self.layout.sits_out == "others":
            playing = set(self.role_members().values())
            return [name for name in self.seat_names if name not in playing]
        if self.layout.sits_out == "named":
            named = self.current(self.layout.out_field)
            return [named] if named in self.seat_names else []
        dealer = self.current("dealer")
        if self.layout.sits_out == "dealer_of_five" and len(self.seat_names) == 5 and dealer in self.seat_names:
            return [dealer]
        return []

    def named_roles(self) -> list[tuple[str, Any]]:
        """The roles whose member the page names (`.name-<role>`: the roles' own fields, a group of
        one role), each with its member as the page stands: what a preview swaps in."""
        groups = list(_every_group(self.layout.groups))
        named = [f.name for g in groups if g.kind == spec.ROLES for f, _rows, _n in g.fields()]
        named += [g.role for g in groups if g.role and g.role not in named]
        return [(role, self.current(role)) for role in dict.fromkeys(named)]

    def shows_sits_out(self) -> bool:
        """Whether the page says who sits out (`#sits-out`), so a preview has it to swap."""
        return any(g.kind == spec.ROLES or (g.sits_out and self.sitting_out()) for g in self.layout.groups)

    def roles_json(self) -> str:
        """The roles in the order `rotations_json` lists their members, the dealer's first."""
        return json.dumps(list(self.layout.roles), ensure_ascii=False)

    def rotations_json(self) -> str:
        """For each possible dealer, the members of the roles in order (the page re-derives them
        when the dealer changes)."""
        rotations = {dealer: list(roles.values()) for dealer, roles in self.layout.rotations.items()}
        return json.dumps(rotations, ensure_ascii=False)

    def next_dealers_json(self) -> str:
        """For each dealer, who deals the deal after (the page moves on by itself while offline)."""
        return json.dumps(self.layout.after, ensure_ascii=False)

    def uses_json(self) -> str:
        """Which fields the page asks for each value of the layout's `uses_by` field (the contract),
        and which fields depend on it at all: the page's script hides the others."""
        layout = self.layout
        keys = {
            name: (placed.rows.path if placed.rows else placed.field.path)[:1] for name, placed in self.placed.items()
        }
        named = set().union(*layout.uses.values()) if layout.uses else set()
        conditional = [name for name, key in keys.items() if key and key[0] in named]
        uses = {
            str(value): [name for name in conditional if keys[name][0] in used] for value, used in layout.uses.items()
        }
        return json.dumps({"by": layout.uses_by, "uses": uses, "conditional": conditional}, ensure_ascii=False)

    def problem_list(self) -> list[tuple[str, str, str]]:
        """Every problem as (field name, where, message): the summary at the top of the form,
        each linking to its field."""
        return [(name, self._where(name), str(error)) for name, errors in self.errors.items() for error in errors]

    def _where(self, name: str) -> str:
        placed = self.placed.get(name)
        if placed is None:
            return ""
        label = str(self.fields[name].label)
        field = placed.field
        if field.role:
            role = translate(self.layout.roles[field.role])
            return f"{role} ({self.current(field.role) or '?'}): {label}"
        if placed.rows is not None and placed.rows.where:
            return f"{translate(placed.rows.where) % {'row': placed.row + 1}}: {label}"
        if field.where:
            return f"{translate(field.where)} {label}"
        return label

    def mark_problems(self) -> None:
        """aria-invalid and aria-describedby on every field, for screen readers and the eye."""
        for name, field in self.fields.items():
            attrs = field.widget.attrs
            attrs["aria-describedby"] = f"problems-{self.add_prefix(name)}"
            if self.is_bound and name in self.errors:
                attrs["aria-invalid"] = "true"

    @cached_property
    def glossary(self) -> dict[str, str]:
        """The game's words the form explains: key -> what it means, in the page's language."""
        return {key: translate(meaning) for key, _word, meaning in self.layout.glossary}

    def glossary_words(self) -> list[tuple[str, str]]:
        return [(word, translate(meaning)) for _key, word, meaning in self.layout.glossary]

    @cached_property
    def groups(self) -> list[dict[str, Any]]:
        """The layout's groups as the fields template walks them (asked once the problems are known)."""
        return [self._group(group) for group in self.layout.groups]

    def _group(self, group: spec.Group) -> dict[str, Any]:
        parts = [self._part(part) for part in group.parts]
        inner = [self._group(g) for g in group.groups]
        shown = [f for part in parts for row in part["rows"] for f in row["fields"] + row["folded"]]
        shown += [f for g in inner for f in g["shown"]]
        notes = [translate(key) for name, key in group.notes if self._filled(name)]
        return {
            "kind": group.kind,
            "css": group.css,
            "anchor": group.anchor,
            "explained": self.glossary.get(group.explained, ""),
            "sits_out": group.sits_out,
            "total": group.total,
            "title": " · ".join([translate(key) for key in group.title] + notes),
            "member": self.current(group.role) if group.role else None,
            "role": group.role,
            "hint": translate(group.hint) if group.hint else "",
            "data": group.data,
            "parts": parts,
            "groups": inner,
            "shown": shown,
            "errors": any(f["bound"].errors for f in shown),
            "open": any(f["bound"].errors or self._filled(f["bound"].name) for f in shown),
        }

    def _filled(self, name: str) -> bool:
        placed = self.placed.get(name)
        return placed is not None and placed.field.filled(self.current(name))

    def _part(self, part: spec.Part) -> dict[str, Any]:
        if isinstance(part, spec.Row):
            return {"rows": [self._row(part.css, [(f, f.name) for f in part.fields])], "more": []}
        rows = [
            self._row("row2" if len(part.fields) < 3 else "row3", [(f, part.field_name(n, f)) for f in part.fields])
            for n in range(part.count)
        ]
        if part.more:
            return {"rows": rows[:2], "more": rows[2:], "more_title": translate(part.more)}
        return {"rows": rows, "more": []}

    def _row(self, css: str, fields: list[tuple[spec.Field, str]]) -> dict[str, Any]:
        shown = [self._field(field, name) for field, name in fields]
        return {
            "css": css,
            "fields": [f for f in shown if not f["fold"]],
            "folded": [f for f in shown if f["fold"]],
        }

    def _field(self, field: spec.Field, name: str) -> dict[str, Any]:
        bound = self[name]
        shown = {
            "bound": bound,
            "kind": field.kind,
            "label": f"{field.symbol} {bound.label}" if field.symbol and field.kind != spec.GRID else bound.label,
            "symbol": field.symbol,
            "explained": self.glossary.get(field.explained, ""),
            "after": translate(field.after) if field.after else "",
            "role": field.role,
            "role_label": translate(self.layout.roles[field.role]) if field.role else "",
            "member": self.current(field.role) if field.role else None,
            "fold": translate(field.fold) if field.fold else "",
            "short": translate(field.short) if field.short else "",
            "open": self._filled(name) or bool(bound.errors),
            "seats": field.seats,
            "asks": field.player,  # the member it asks about: the page's script leaves it out when he sits out
            "out": bound.field.disabled,
        }
        if field.kind == spec.GRID:
            shown["grid"] = self._grid(bound, field)
        elif field.kind in (spec.BUTTONS, spec.TICKS):
            shown["options"] = [_option(w.data) for w in bound.subwidgets]
        elif field.kind == spec.DROPDOWN:
            shown["attrs"] = flatatt(bound.build_widget_attrs({"id": bound.auto_id, **bound.field.widget.attrs}))
            shown["options"] = [
                {"value": w.data["value"], "label": w.data["label"], "selected": w.data["selected"]}
                for w in bound.subwidgets
            ]
        return shown

    def _grid(self, bound: forms.BoundField, field: spec.Field) -> dict[str, Any]:
        """A holder×fate control as rows of buttons: one row per member, one button per fate."""
        fates = [(value, _label(field, value, self.family)) for value in field.values]
        chosen = bound.value() or ""
        short = short_names(self.seat_names)
        rows = [
            {
                "name": holder,
                "short": short[holder],
                "cells": [
                    {"value": f"{holder}:{fate}", "label": label, "checked": chosen == f"{holder}:{fate}"}
                    for fate, label in fates
                ],
            }
            for holder in self.seat_names
        ]
        return {"rows": rows, "fates": fates, "none": not chosen}


def _every_group(groups: Sequence[spec.Group]) -> Iterator[spec.Group]:
    """The groups and every group within them."""
    for group in groups:
        yield group
        yield from _every_group(group.groups)
