"""The Slovenian family's problem texts: English message ids, translated by the club's catalogues (`rules.texts`).

Registered with the core's catalogue (`rules.problems.register_messages`); the core's shape codes
(`wrong_type`, `unknown_key`, `unknown_value`, `out_of_range`, …) keep the core's texts. Its own
codes are those of slovenian-tarok.md (R3, R5, R6, R8): `missing`, `not_member`, `sitting_out`,
`same_player`, `not_allowed`, and the parameters' `unknown_parameter` and `bad_parameter`.
Slovenian game words stay Slovenian in every language: klop, berač, radelc, mondfang, valat.
"""

from __future__ import annotations

from ..problems import family_problem_maker, register_messages
from ..texts import Text, gettext_noop

FAMILY = "slovenian"

SLOVENIAN_MESSAGES: dict[str, Text] = {
    "unknown_parameter": gettext_noop("'{name}' is not a parameter of Slovenian tarok that a club can change."),
    "bad_parameter": gettext_noop("'{value}' is not a value of {name}: expected {expected}."),
    "table_size": gettext_noop("A Slovenian tarok table seats 3, 4 or 5 members, not {count}."),
    "missing": gettext_noop("{what} is missing."),  # R8
    "not_member": gettext_noop("{player} is not at this table."),
    "sitting_out": gettext_noop("{player} sits this deal out, so cannot be named here."),  # R5
    "same_player": gettext_noop(
        "The partner cannot be the declarer: a declarer who plays alone has the partner null."
    ),  # R3
    "not_allowed": gettext_noop("'{key}' does not belong to {what}."),  # R6
    "difference_step": gettext_noop("The difference is a multiple of {step}, not {value}."),  # R21
    "klop_total": gettext_noop("The klop piles add up to {total}; they must add up to 69, 70 or 71."),  # R62
    "klop_two_full": gettext_noop("At most one member can be full in klop; {players} have more than 35."),  # R62
    "valat_points": gettext_noop(
        "The side that took every trick has more than 35 card points; the record says otherwise."
    ),  # R35
    "bonus_made_and_lost": gettext_noop("{bonus} cannot be both made and lost in one deal."),
}

register_messages(FAMILY, SLOVENIAN_MESSAGES)


problem = family_problem_maker(FAMILY)  # a problem of a Slovenian record: its texts first
