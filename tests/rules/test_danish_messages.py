"""The Danish family's problem texts: field words and suits named in Danish, every code in both
languages."""

import copy

import rules
from rules.texts import say
from world.records import danish_deal


def errors(record):
    try:
        rules.replay(copy.deepcopy(record))
    except rules.InvalidRecord as error:
        return [p.as_dict() for p in error.problems]
    raise AssertionError("the sitting was accepted")


# --- messages: Danish field words ---------------------------------------------------------------


def test_required_fields_are_named_in_danish():
    """Not "The dealer skal udfyldes" or "fate skal udfyldes": the Danish message names the field
    in Danish."""
    found = errors(
        {
            "ruleset": "vlk-2010",
            "table": ["A", "B", "C"],
            "deals": [{"players": ["A", "B", "C"], "pagat": {"holder": "B"}}],
        }
    )
    by_field = {e["field"]: e for e in found}
    assert by_field["dealer"]["message"] == "The dealer is required."
    assert by_field["dealer"]["message_da"] == "Giveren skal udfyldes."
    assert by_field["pagat.fate"]["message_da"] == "Udfaldet skal udfyldes."


def test_every_input_bound_meld_and_culprit_code_has_an_english_and_a_danish_message():
    from rules.danish import DANISH_MESSAGES
    from rules.problems import MESSAGES

    for code in (
        "unknown_key",
        "empty_name",
        "long_name",
        "bad_name",
        "too_deep",
        "not_utf8",
        "number_too_long",
        "wrong_skat_correctable",
        "meld_matadors_over_taroks",
        "meld_matadors_without_pagat",
        "meld_missing_not_half",
        "pagat_skat_melded",
        "meld_kings_no_room",
        "culprit_prevented_only",
        "culprit_nothing_prevented",
        "culprit_victim_barred",
        "culprit_victim_not_holder",
    ):
        english = {**MESSAGES, **DANISH_MESSAGES}[code]
        danish = say(english, "da")
        assert english and danish and english != danish, code


def test_a_danish_message_names_the_suit_in_danish():
    found = errors(
        {
            "ruleset": "ensartede",
            "table": ["A", "B", "C"],
            "deals": [danish_deal(melds={"B": {"kings": "full"}, "C": {"suits": {"clubs": "full"}}})],
        }
    )
    assert found[0]["message"] == "B's melds hold the King of clubs, so this meld cannot hold it too."
    assert found[0]["message_da"] == "Bs meldinger har klør konge, så denne melding kan ikke også have den."
