"""The audit page says each version of a deal in words (`club.web.present.describe_record`)."""

from django.utils import translation

from club.web.present import describe_record


def test_a_culprit_who_caused_both_an_ultimo_and_a_bagud_is_said_in_words():
    """Rev. 2 lets `caused` be a list (000 L201); a list is no dictionary key, so each word is
    labelled on its own instead of the page failing."""
    record = {
        "dealer": "Anna",
        "players": ["Anna", "Bent", "Dorte"],
        "pagat": {"holder": "Anna", "fate": "ultimo"},
        "fines": [{"player": "Bent", "offence": "revoke"}],
        "culprit": {"player": "Bent", "caused": ["ultimo", "bagud"]},
    }
    with translation.override("da"):
        said = [str(line) for line in describe_record(record)]

    assert said == [
        "Anna gav; Bent i forhånd, Dorte i mellemhånd.",
        "Pagat (Anna): ultimo.",
        "Bent fik bøde: kulørsvig.",
        "Bent var skyld i ultimo, bagud.",
    ]


def test_a_word_without_a_label_is_shown_as_written():
    with translation.override("en"):
        said = [str(line) for line in describe_record({"pagat": {"holder": "Anna", "fate": None}})]

    assert said == ["Pagat (Anna): ?."]
