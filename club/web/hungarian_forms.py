"""The deal form of the Hungarian games, and its translation to and from the Hungarian record.

One form for the six games (their deal record: docs/rules-hungarian.md), shaped by the season's rule set: the
fields a game never uses are left out (a call only where there is one, trump counts only in
Paskievics, hand bonuses in Tapper, Strómann and Trisák ...). `build_record` turns the cleaned
data into a deal record and `initial_from_record` does the reverse, so a correction opens
pre-filled; `field_for` puts each problem the engine reports beside its field. Whether the
record makes sense is the engine's call, never this module's.

Hungarian game words (kontra, tulétroá, volát, pagátultimó ...) stay Hungarian in both languages;
`GLOSSARY` gives each a short explanation the page shows the first time it uses it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import rules

from .. import families
from ..families import HUNGARIAN
from .forms import CorrectionFields, EntryFields

BLANK = [("", "—")]


def _optional_choice(values, labels=None, **kwargs) -> forms.ChoiceField:
    return forms.ChoiceField(choices=BLANK + [(v, (labels or {}).get(v, v)) for v in values], required=False, **kwargs)


class DealForms:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)


ANNOUNCEMENT_ROWS = 4
TRUMP_COUNT_ROWS = 2
BONUS_ROWS = 3
OUT_OF_PLAY = "-"  # the called card lay out of play: the declarer is alone (official contra in Paskievics)


def _game_words(keys: Sequence[str]) -> dict[str, str]:
    """The game's own words for `keys`, as the family writes them (002; alike in every language)."""
    return {key: HUNGARIAN.texts.word(key, "hu") for key in keys}


CONTRACT_WORDS = _game_words(HUNGARIAN.words.contracts)
FIGURE_WORDS = _game_words(HUNGARIAN.words.figures)
BONUS_WORDS = _game_words(HUNGARIAN.words.hand_bonuses)
NO_GAME_WORDS = _game_words(HUNGARIAN.words.no_games)
OFFENCE_WORDS = _game_words(HUNGARIAN.words.offences)
HONOUR_WORDS = _game_words(HUNGARIAN.words.honours)
KING_WORDS = _game_words(HUNGARIAN.words.kings)

# A short explanation of each game word, shown as <abbr title> the first time the form uses it.
GLOSSARY = {
    "kontra": (
        "kontra",
        _("a doubling of the game or of an announcement: ×2 for each level, kontra ×2 up to mordkontra ×32"),
    ),
    "trull": ("tulétroá", _("the three honours (Skiz, XXI, Pagát) taken home by one party")),
    "volat": ("volát", _("all the tricks taken by one party")),
    "ultimo": ("pagátultimó", _("the Pagát winning the last trick, the only trump in it")),
    "dupla": ("dupla", _("one party takes 71 card points or more")),
    "trumps": ("tarokkszám", _("eight or nine trumps in one hand, paid whatever the result")),
    "pot": ("ultimókassza", _("the pot of the Hungarian games, fed on no-game deals and won or doubled by an ultimó")),
}


def _words(values: Sequence[str], words: Mapping[str, str]) -> list[tuple[str, str]]:
    return [(v, words.get(v, v)) for v in values]


def _number(low: int, high: int, **kwargs) -> forms.IntegerField:
    return forms.IntegerField(
        required=False,
        min_value=low,
        max_value=high,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": low, "max": high}),
        **kwargs,
    )


def contra_choices(high: int) -> list[tuple[int, str]]:
    """0 (none) .. `high`: the compact contra control, levels by their Hungarian names."""
    return [(0, "—")] + [(k, f"{HUNGARIAN.words.contra_names[k]} ×{2**k}") for k in range(1, high + 1)]


class HungarianDealForm(forms.Form):
    """Every field a deal of the season's Hungarian game can have, at a table of `seat_names`."""

    fields_template = "club/partials/hungarian_deal_fields.html"

    def __init__(self, *args, seat_names: Sequence[str], ruleset: Any, **kwargs):
        super().__init__(*args, **kwargs)
        self.seat_names = list(seat_names)
        self.ruleset = ruleset
        game = ruleset.preset
        names = [(n, n) for n in self.seat_names]
        contra = contra_choices(ruleset.max_contra)
        f = self.fields
        f["dealer"] = forms.ChoiceField(label=_("Dealer"), choices=names)
        if ruleset.no_games:
            f["no_game"] = _optional_choice(ruleset.no_games, NO_GAME_WORDS, label=_("No game"))
        f["contract"] = _optional_choice(ruleset.contracts, CONTRACT_WORDS, label=_("Contract"))
        f["declarer"] = _optional_choice(self.seat_names, label=_("Declarer"))
        if game in ("paskievics", "trisak"):
            top = 20 if game == "paskievics" else 19
            f["call_card"] = forms.TypedChoiceField(
                choices=BLANK + [(n, _roman(n)) for n in range(top, 1, -1)],
                coerce=int,
                empty_value=None,
                required=False,
                label=_("Called trump"),
            )
        if game == "kiralyhivo":
            f["call_king"] = _optional_choice(HUNGARIAN.words.kings, KING_WORDS, label=_("Called king"))
            f["called_king_captured"] = forms.BooleanField(
                required=False, label=_("The opponents took the called king home")
            )
        if game in ("paskievics", "trisak", "kiralyhivo"):
            partners = BLANK + names + [(OUT_OF_PLAY, _("out of play"))]
            f["partner"] = forms.ChoiceField(
                choices=partners, required=False, label=_("Partner (holder of the called card)")
            )
        if game == "magyar":
            f["choice"] = forms.TypedChoiceField(
                choices=BLANK + [(n, n) for n in range(1, 12)],
                coerce=int,
                empty_value=None,
                required=False,
                label=_("Talon choice kept"),
            )
        if ruleset.max_contra and game != "trisak":
            f["game_contra"] = forms.TypedChoiceField(
                choices=contra,
                coerce=int,
                empty_value=0,  # type: ignore[arg-type]  # the stubs say str; Django returns any value as is
                required=False,
                label="kontra",
            )
        if game == "stromann":
            # 002 L1289: in the simple game the points are the dealer's (he wins a tie).
            points_label = _("Card points: the declarer's; in the simple game the dealer's")
        else:
            points_label = _("Card points of the declarer's party")
        f["card_points"] = _number(0, ruleset.deck_points, label=points_label)
        f["tricks"] = _number(0, ruleset.tricks_total, label=_("Tricks of the declarer's party"))
        figures = list(ruleset.figures)
        if figures:
            for row in range(ANNOUNCEMENT_ROWS):
                f[f"ann_{row}_figure"] = _optional_choice(figures, FIGURE_WORDS, label=_("Announced"))
                f[f"ann_{row}_by"] = _optional_choice(self.seat_names, label=_("by"))
                if ruleset.max_contra:
                    f[f"ann_{row}_contra"] = forms.TypedChoiceField(
                        choices=contra,
                        coerce=int,
                        empty_value=0,  # type: ignore[arg-type]  # the stubs say str; Django returns any value as is
                        required=False,
                        label="kontra",
                    )
            made = _words([fig for fig in figures if fig != "double"], FIGURE_WORDS)
            for party, label in (
                ("declarer", _("Made by the declarer's party")),
                ("opponents", _("Made by the opponents")),
            ):
                f[f"made_{party}"] = forms.MultipleChoiceField(
                    choices=made, required=False, label=label, widget=forms.CheckboxSelectMultiple
                )
        if game == "paskievics":
            for row in range(TRUMP_COUNT_ROWS):
                f[f"trump_{row}_player"] = _optional_choice(self.seat_names, label="tarokkszám")
                f[f"trump_{row}_count"] = forms.TypedChoiceField(
                    choices=[*BLANK, (8, "8"), (9, "9")],
                    coerce=int,
                    empty_value=None,
                    required=False,
                    label=_("trumps"),
                )
                f[f"trump_{row}_silent"] = forms.BooleanField(required=False, label=_("not announced"))
        if ruleset.hand_bonuses:
            for row in range(BONUS_ROWS):
                f[f"bonus_{row}_player"] = _optional_choice(self.seat_names, label=_("Hand bonus"))
                f[f"bonus_{row}_bonus"] = _optional_choice(ruleset.hand_bonuses, BONUS_WORDS, label=_("bonus"))
        if game == "tapper":
            f["bidders"] = forms.MultipleChoiceField(
                choices=names, required=False, label=_("Took part in the bidding"), widget=forms.CheckboxSelectMultiple
            )
        if game == "stromann":
            f["ultimo"] = _optional_choice(self.seat_names, label="pagátultimó")
        if game == "trisak":
            f["conceded"] = forms.BooleanField(required=False, label=_("Alone, the declarer settled for half"))
            for name in self.seat_names:
                f[f"points_{self.seat_names.index(name)}"] = _number(0, ruleset.deck_points, label=name)
            f["trickless"] = forms.MultipleChoiceField(
                choices=names, required=False, label=_("Took no trick"), widget=forms.CheckboxSelectMultiple
            )
        if game == "paskievics" and ruleset.ujlak_talon_honours:
            f["talon_player"] = _optional_choice(self.seat_names, label=_("Honours from the talon: who"))
            f["talon_honours"] = forms.MultipleChoiceField(
                choices=_words(tuple(HONOUR_WORDS), HONOUR_WORDS),
                required=False,
                label=_("which"),
                widget=forms.CheckboxSelectMultiple,
            )
        if game not in ("stromann",):
            f["fine_player"] = _optional_choice(self.seat_names, label=_("Fined"))
            f["fine_offence"] = _optional_choice(("revoke", "faulty_discard"), OFFENCE_WORDS, label=_("Offence"))

        # Every choice is a row of buttons (one tap each), never a dropdown.
        for field in f.values():
            if isinstance(field, forms.ChoiceField) and not isinstance(field, forms.MultipleChoiceField):
                field.widget = forms.RadioSelect()
                field.widget.choices = field.choices

    # Shapes the template walks through.

    @property
    def game(self) -> str:
        return families.ruleset_name(self.ruleset.preset)

    @property
    def glossary(self) -> dict[str, tuple[str, Any]]:
        return GLOSSARY

    def announcement_rows(self) -> list[dict[str, Any]]:
        if "ann_0_figure" not in self.fields:
            return []
        return [
            {
                "figure": self[f"ann_{r}_figure"],
                "by": self[f"ann_{r}_by"],
                "contra": self[f"ann_{r}_contra"] if f"ann_{r}_contra" in self.fields else None,
            }
            for r in range(ANNOUNCEMENT_ROWS)
        ]

    def trump_rows(self) -> list[dict[str, Any]]:
        if "trump_0_player" not in self.fields:
            return []
        return [
            {
                "player": self[f"trump_{r}_player"],
                "count": self[f"trump_{r}_count"],
                "silent": self[f"trump_{r}_silent"],
            }
            for r in range(TRUMP_COUNT_ROWS)
        ]

    def bonus_rows(self) -> list[dict[str, Any]]:
        if "bonus_0_player" not in self.fields:
            return []
        return [{"player": self[f"bonus_{r}_player"], "bonus": self[f"bonus_{r}_bonus"]} for r in range(BONUS_ROWS)]

    def point_fields(self) -> list:
        return [self[f"points_{i}"] for i in range(len(self.seat_names))] if "points_0" in self.fields else []

    def problem_list(self) -> list[tuple[str, str, str]]:
        """Every problem as (field name, where, message), as the Danish form gives them."""
        return [
            (name, str(self.fields[name].label) if name in self.fields else "", str(error))
            for name, errors in self.errors.items()
            for error in errors
        ]

    def sitting_out(self) -> list[str]:
        dealer = self.data.get(self.add_prefix("dealer")) if self.is_bound else self.initial.get("dealer")
        if len(self.seat_names) == 5 and dealer in self.seat_names:
            return [dealer]  # 002 L181: at five the dealer sits out
        return []

    def record(self) -> dict[str, Any]:
        return build_record(self.cleaned_data, self.seat_names)

    def mark_problems(self) -> None:
        for name, field in self.fields.items():
            field.widget.attrs["aria-describedby"] = f"problems-{self.add_prefix(name)}"
            if self.is_bound and name in self.errors:
                field.widget.attrs["aria-invalid"] = "true"

    _unused = None  # aria attributes on every field, as the Danish form

    def add_problems(self, problems: Sequence[rules.Problem], language: str, number: int | None = None) -> None:
        placed: list[tuple[str | None, str, str]] = []
        for p in problems:
            if number is not None and p.deal is not None and p.deal != number:
                message = _("Deal %(number)s: %(problem)s") % {"number": p.deal, "problem": p.message_in(language)}
                placed.append((None, p.code, message))
            else:
                placed.append((field_for(p.field, self.cleaned_data, self.seat_names), p.code, p.message_in(language)))
        for field, code, message in placed:
            self.add_error(field if field in self.fields else None, forms.ValidationError(message, code=code))

    def next_dealers_json(self) -> str:
        """For each dealer, who deals the deal after (the page moves on by itself while offline)."""
        after = {d: rotation(self.seat_names, {"dealer": d}, d)["dealer"] for d in self.seat_names}
        return json.dumps(after, ensure_ascii=False)


def _roman(n: int) -> str:
    numerals = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
    out = ""
    for value, letters in numerals:
        while n >= value:
            out, n = out + letters, n - value
    return out


def build_record(data: Mapping[str, Any], seat_names: Sequence[str]) -> dict[str, Any]:
    """A Hungarian deal record from the form's cleaned data; left-out keys mean nothing happened."""
    record: dict[str, Any] = {"dealer": data.get("dealer") or None}
    if data.get("no_game"):
        record["no_game"] = data["no_game"]
        if data.get("declarer"):
            record["declarer"] = data["declarer"]
        return record  # no play keys in a no-game deal
    for key in ("contract", "declarer"):
        if data.get(key):
            record[key] = data[key]
    partner = data.get("partner")
    if data.get("call_card") is not None or data.get("call_king") or partner:
        call: dict[str, Any] = {}
        if data.get("call_card") is not None:
            call["card"] = data["call_card"]
        if data.get("call_king"):
            call["king"] = data["call_king"]
        call["partner"] = None if partner in (OUT_OF_PLAY, "", None) else partner
        record["call"] = call
    if data.get("choice") is not None:
        record["choice"] = data["choice"]
    if data.get("game_contra"):
        record["game_contra"] = data["game_contra"]
    announcements = []
    for row in _filled(data, "ann", ANNOUNCEMENT_ROWS, ("figure", "by")):
        item: dict[str, Any] = {
            "figure": data.get(f"ann_{row}_figure") or None,
            "by": data.get(f"ann_{row}_by") or None,
        }
        if data.get(f"ann_{row}_contra"):
            item["contra"] = data[f"ann_{row}_contra"]
        announcements.append(item)
    if announcements:
        record["announcements"] = announcements
    if data.get("card_points") is not None:
        record["card_points"] = data["card_points"]
    if data.get("tricks") is not None:
        record["tricks"] = data["tricks"]
    made = {party: list(data.get(f"made_{party}") or []) for party in ("declarer", "opponents")}
    if any(made.values()):
        record["made"] = {party: figures for party, figures in made.items() if figures}
    counts = [
        {"player": data.get(f"trump_{r}_player") or None, "count": data.get(f"trump_{r}_count")}
        | ({"announced": False} if data.get(f"trump_{r}_silent") else {})
        for r in _filled(data, "trump", TRUMP_COUNT_ROWS, ("player", "count"))
    ]
    if counts:
        record["trump_counts"] = counts
    bonuses = [
        {"player": data.get(f"bonus_{r}_player") or None, "bonus": data.get(f"bonus_{r}_bonus") or None}
        for r in _filled(data, "bonus", BONUS_ROWS, ("player", "bonus"))
    ]
    if bonuses:
        record["hand_bonuses"] = bonuses
    if data.get("bidders"):
        record["bidders"] = list(data["bidders"])
    if data.get("ultimo"):
        record["ultimo"] = data["ultimo"]
    if data.get("called_king_captured"):
        record["called_king_captured"] = True
    if data.get("conceded"):
        record["conceded"] = True
    points = {name: data.get(f"points_{i}") for i, name in enumerate(seat_names) if data.get(f"points_{i}") is not None}
    if points:
        record["player_points"] = points
    if data.get("trickless"):
        record["trickless"] = list(data["trickless"])
    if data.get("talon_player") or data.get("talon_honours"):
        record["talon_honours"] = {data.get("talon_player") or "": list(data.get("talon_honours") or [])}
    if data.get("fine_player") or data.get("fine_offence"):
        record["fines"] = [{"player": data.get("fine_player") or None, "offence": data.get("fine_offence") or None}]
    return record


def _filled(data: Mapping[str, Any], prefix: str, rows: int, keys: Sequence[str]) -> list[int]:
    return [r for r in range(rows) if any(data.get(f"{prefix}_{r}_{k}") not in (None, "") for k in keys)]


def initial_from_record(record: Mapping[str, Any], seat_names: Sequence[str]) -> dict[str, Any]:
    """The form's initial data for a stored record: `build_record`'s inverse."""
    initial: dict[str, Any] = {
        k: record[k]
        for k in (
            "dealer",
            "no_game",
            "contract",
            "declarer",
            "choice",
            "game_contra",
            "card_points",
            "tricks",
            "ultimo",
        )
        if k in record
    }
    call = record.get("call") or {}
    if "card" in call:
        initial["call_card"] = call["card"]
    if "king" in call:
        initial["call_king"] = call["king"]
    if call:
        initial["partner"] = call.get("partner") or OUT_OF_PLAY
    for row, item in enumerate((record.get("announcements") or [])[:ANNOUNCEMENT_ROWS]):
        initial |= {
            f"ann_{row}_figure": item.get("figure"),
            f"ann_{row}_by": item.get("by"),
            f"ann_{row}_contra": item.get("contra", 0),
        }
    for party in ("declarer", "opponents"):
        initial[f"made_{party}"] = list((record.get("made") or {}).get(party, []))
    for row, item in enumerate((record.get("trump_counts") or [])[:TRUMP_COUNT_ROWS]):
        initial |= {
            f"trump_{row}_player": item.get("player"),
            f"trump_{row}_count": item.get("count"),
            f"trump_{row}_silent": item.get("announced") is False,
        }
    for row, item in enumerate((record.get("hand_bonuses") or [])[:BONUS_ROWS]):
        initial |= {f"bonus_{row}_player": item.get("player"), f"bonus_{row}_bonus": item.get("bonus")}
    for key in ("bidders", "trickless"):
        if key in record:
            initial[key] = list(record[key])
    for key in ("called_king_captured", "conceded"):
        if record.get(key):
            initial[key] = True
    for name, points in (record.get("player_points") or {}).items():
        if name in seat_names:
            initial[f"points_{list(seat_names).index(name)}"] = points
    for player, honours in list((record.get("talon_honours") or {}).items())[:1]:
        initial |= {"talon_player": player, "talon_honours": list(honours)}
    for fine in (record.get("fines") or [])[:1]:
        initial |= {"fine_player": fine.get("player"), "fine_offence": fine.get("offence")}
    return initial


def rotation(seat_names: Sequence[str], previous_record: Mapping[str, Any] | None, first_dealer: str) -> dict[str, str]:
    """Who deals next: the forehand of the previous deal, the member after its dealer (002 L291)."""
    if previous_record is None or previous_record.get("dealer") not in seat_names:
        return {"dealer": first_dealer}
    return {"dealer": HUNGARIAN.words.forehand(previous_record["dealer"], list(seat_names))}


def field_for(path: str, data: Mapping[str, Any], seat_names: Sequence[str]) -> str | None:
    """The form field a problem's field path ("announcements[1].contra") belongs to; None for the
    deal as a whole."""
    parts = re.sub(r"\[(\d+)\]", r".\1", path).split(".") if path else []
    if not parts:
        return None
    head, rest = parts[0], parts[1:]
    if head in (
        "dealer",
        "no_game",
        "contract",
        "declarer",
        "choice",
        "game_contra",
        "card_points",
        "tricks",
        "ultimo",
        "bidders",
        "trickless",
        "called_king_captured",
        "conceded",
    ):
        return head
    if head == "call":
        return {"card": "call_card", "king": "call_king"}.get(rest[0] if rest else "", "partner")
    rows = {
        "announcements": ("ann", ANNOUNCEMENT_ROWS, ("figure", "by"), "figure"),
        "trump_counts": ("trump", TRUMP_COUNT_ROWS, ("player", "count"), "player"),
        "hand_bonuses": ("bonus", BONUS_ROWS, ("player", "bonus"), "player"),
    }
    if head in rows:
        prefix, count, keys, first = rows[head]
        filled = _filled(data, prefix, count, keys)
        if not rest or not (rest[0].isascii() and rest[0].isdigit()) or int(rest[0]) >= len(filled):
            return f"{prefix}_0_{first}"
        key = rest[1] if len(rest) > 1 else first
        key = {"announced": "silent"}.get(key, key)
        return f"{prefix}_{filled[int(rest[0])]}_{key}"
    if head == "made":
        return f"made_{rest[0]}" if rest and rest[0] in ("declarer", "opponents") else "made_declarer"
    if head == "player_points":
        return f"points_{list(seat_names).index(rest[0])}" if rest and rest[0] in seat_names else "points_0"
    if head == "fines":
        return "fine_offence" if rest[-1:] == ["offence"] else "fine_player"
    if head == "talon_honours":
        return "talon_honours" if len(rest) > 1 else "talon_player"
    return None


class HungarianDealEntryForm(EntryFields, HungarianDealForm):
    """A new deal."""


class HungarianCorrectionForm(CorrectionFields, HungarianDealForm):
    """A corrected deal."""


HUNGARIAN_FORMS = DealForms(
    preview=HungarianDealForm,
    entry=HungarianDealEntryForm,
    correction=HungarianCorrectionForm,
    rotation=rotation,
    initial_from_record=initial_from_record,
)
