"""The deal form's translation to and from the sitting format, and where problems go."""

import pytest

import rules
from club.web import deal_form
from club.web.deal_form import DealForm

SEATS = ["Anna", "Bent", "Carl", "Dorte"]
VLK = rules.danish.ruleset("vlk-2010")
ENSARTEDE = rules.danish.ruleset("ensartede")
LAYOUT = rules.danish.FAMILY.deal_layout(VLK, SEATS)


def build_record(data):
    return deal_form.build_record(LAYOUT, data)


def initial_from_record(record):
    return deal_form.initial_from_record(LAYOUT, record)


def field_for(path, data):
    """Where a problem goes, in the form of schiellerup-1900 (it has a failed tout and a culprit)."""
    schiellerup = rules.danish.FAMILY.deal_layout(rules.danish.ruleset("schiellerup-1900"), SEATS)
    return deal_form.field_for(schiellerup, path, data)


def rotation(seats, previous, first_dealer):
    return rules.danish.FAMILY.deal_layout(VLK, seats).proposal(seats, previous, first_dealer)


FULL_RECORD = {
    "dealer": "Bent",
    "players": ["Bent", "Carl", "Anna"],
    "melds": {
        "Carl": {
            "taroks": 11,
            "pagat": True,
            "matadors": 3,
            "suits": {"hearts": "full", "clubs": {"level": "half", "missing": "knight"}},
        },
        "Anna": {"kings": {"level": "half", "missing": "spades"}, "taroks": 10, "pagat": False},
    },
    "pagat": {"holder": "Carl", "fate": "ultimo"},
    "kings": {"spades": {"holder": "Bent", "fate": "lost"}},
    "last_trick": "Carl",
    "counts": {"Bent": 30, "Anna": 25},
    "fines": [{"player": "Anna", "offence": "scus_called_in_vain"}],
}


def form_data(**fields):
    return {"dealer": "Bent", "forehand": "Carl", "middlehand": "Anna"} | fields


def cleaned(data, ruleset=VLK):
    form = DealForm(data, seat_names=SEATS, ruleset=ruleset)
    assert form.is_valid(), form.errors
    return form.cleaned_data


def test_a_plain_deal_becomes_the_smallest_record():
    data = cleaned(form_data(last_trick="Carl", dealer_count="39", middlehand_count="19"))

    assert build_record(data) == {
        "dealer": "Bent",
        "players": ["Bent", "Carl", "Anna"],
        "last_trick": "Carl",
        "counts": {"Bent": 39, "Anna": 19},
    }


def test_every_part_of_a_deal_is_read_from_its_fields():
    data = cleaned(
        form_data(
            forehand_taroks="11",
            forehand_pagat="med",
            forehand_matadors="3",
            forehand_hearts="full",
            forehand_clubs="half",
            forehand_clubs_missing="knight",
            middlehand_taroks="10",
            middlehand_pagat="uden",
            middlehand_kings="half",
            middlehand_kings_missing="spades",
            pagat_holder="Carl",
            pagat_fate="ultimo",
            king_spades_holder="Bent",
            king_spades_fate="lost",
            last_trick="Carl",
            dealer_count="30",
            middlehand_count="25",
            fine_1_player="Anna",
            fine_1_offence="scus_called_in_vain",
        )
    )

    assert build_record(data) == FULL_RECORD


def test_a_stored_record_fills_the_form_and_reads_back_the_same():
    initial = initial_from_record(FULL_RECORD)
    assert initial["forehand_taroks"] == 11 and initial["forehand_pagat"] == "med"
    assert initial["middlehand_kings_missing"] == "spades" and initial["fine_0_offence"] == "scus_called_in_vain"

    posted = {k: "" if v is None else str(v) for k, v in initial.items()}
    assert build_record(cleaned(posted)) == FULL_RECORD


def test_half_filled_entries_are_kept_for_the_engine_to_name():
    data = cleaned(form_data(pagat_fate="lost", king_hearts_holder="Anna", fine_2_offence="misdeal", last_trick="Bent"))
    record = build_record(data)

    assert record["pagat"] == {"holder": None, "fate": "lost"}
    assert record["kings"] == {"hearts": {"holder": "Anna", "fate": None}}
    assert record["fines"] == [{"player": None, "offence": "misdeal"}]
    problems = []
    assert rules.danish.parse_deal(record, 1, problems) is None
    assert {p.field for p in problems} == {"pagat.holder", "kings.hearts.fate", "fines.0.player"}


def test_a_failed_tout_culprit_and_exact_counts_where_the_preset_has_them():
    schiellerup = rules.danish.ruleset("schiellerup-1900")
    form = DealForm(
        form_data(tout="Carl", tout_failed="on", culprit_player="Anna", culprit_caused="ultimo"),
        seat_names=SEATS,
        ruleset=schiellerup,
    )
    assert form.is_valid(), form.errors
    record = form.record()
    assert record["tout"] == {"player": "Carl", "won": False}
    assert record["culprit"] == {"player": "Anna", "caused": "ultimo"}
    assert "stopped" not in DealForm(seat_names=SEATS, ruleset=schiellerup).fields  # no stopping offence
    assert "stopped" in DealForm(seat_names=SEATS, ruleset=VLK).fields
    assert "culprit_player" not in DealForm(seat_names=SEATS, ruleset=VLK).fields
    assert set(dict(DealForm(seat_names=SEATS, ruleset=ENSARTEDE).fields["fine_0_offence"].choices)) - {""} == set(
        ENSARTEDE.fines
    )


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("dealer", "dealer"),
        ("players", "dealer"),
        ("players.2", "middlehand"),
        ("melds.Carl.taroks", "forehand_taroks"),
        ("melds.Carl.pagat", "forehand_pagat"),
        ("melds.Anna.suits.clubs", "middlehand_clubs"),
        ("melds.Anna.suits.clubs.missing", "middlehand_clubs_missing"),
        ("melds.Anna.kings", "middlehand_kings"),
        ("melds.Bent", "dealer_taroks"),
        ("melds.Erik.taroks", None),
        # The Pagat and each King are one control (holder and fate in one tap).
        ("pagat.holder", "pagat"),
        ("pagat.fate", "pagat"),
        ("kings.spades.fate", "king_spades"),
        ("kings.spades.holder", "king_spades"),
        ("last_trick", "last_trick"),
        ("tout.won", "tout_failed"),
        ("counts", "dealer_count"),
        ("counts.Anna", "middlehand_count"),
        ("fines.0.player", "fine_2_player"),  # the first filled fine row is the third
        ("fines.0.offence", "fine_2_offence"),
        ("culprit.caused", "culprit_caused"),
        ("", None),
    ],
)
def test_a_problem_path_names_its_field(path, field):
    data = {
        "dealer": "Bent",
        "forehand": "Carl",
        "middlehand": "Anna",
        "fine_2_player": "Anna",
        "fine_2_offence": "misdeal",
    }

    assert field_for(path, data) == field


def test_problems_stand_beside_their_fields_in_the_page_language():
    form = DealForm(form_data(last_trick="Dorte"), seat_names=SEATS, ruleset=VLK)
    assert form.is_valid()
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.danish.play(
            rules.danish.parse_deal(form.record(), 4, []),
            SEATS,
            rules.danish.TableState(rules.danish.Cups(80, 80)),
            VLK,
        )

    form.add_problems(refused.value.problems, "da")

    assert form.errors["last_trick"] == ["Dorte spiller ikke med i dette spil."]


def test_the_next_dealer_is_the_previous_forehand():
    assert rotation(SEATS, None, "Anna") == {"dealer": "Anna", "forehand": "Bent", "middlehand": "Dorte"}
    assert rotation(SEATS, {"players": ["Anna", "Bent", "Dorte"]}, "Anna") == {
        "dealer": "Bent",
        "forehand": "Carl",
        "middlehand": "Anna",
    }
    five = [*SEATS, "Erik"]
    assert rotation(five, {"players": ["Dorte", "Erik", "Carl"]}, "Anna") == {
        "dealer": "Erik",
        "forehand": "Anna",
        "middlehand": "Dorte",
    }


PASKIEVICS_RECORD = {
    "dealer": "Dorte",
    "contract": "three",
    "declarer": "Anna",
    "call": {"card": 20, "partner": None},  # the called XX lay out of play: Anna alone
    "game_contra": 1,
    "announcements": [{"figure": "trull", "by": "Anna", "contra": 2}, {"figure": "ultimo", "by": "Bent"}],
    "card_points": 50,
    "tricks": 6,
    "made": {"declarer": ["trull"]},
    "trump_counts": [{"player": "Carl", "count": 8, "announced": False}],
    "fines": [{"player": "Bent", "offence": "revoke"}],
}


def test_a_hungarian_record_fills_the_form_and_reads_back_the_same():
    """The same generic form reads the other family's layout: a call out of play, kontras, rows."""
    paskievics = rules.family_of("paskievics").ruleset("paskievics")
    layout = rules.family_of("paskievics").deal_layout(paskievics, SEATS)
    initial = deal_form.initial_from_record(layout, PASKIEVICS_RECORD)
    assert (initial["call_card"], initial["partner"], initial["ann_0_contra"]) == (20, "-", 2)
    # Anna's tulétroá was made by her party, Bent's ultimó (an opponent's) was not: each says so in
    # its own row, and the ticks of what was made silently are left empty.
    assert (initial["ann_0_outcome"], initial["ann_1_outcome"], initial["made_declarer"]) == ("made", "failed", [])
    assert (initial["trump_0_player"], initial["trump_0_silent"], initial["fine_offence"]) == ("Carl", True, "revoke")

    posted = {k: v if isinstance(v, list) else "" if v is None else str(v) for k, v in initial.items()}
    form = DealForm(posted, seat_names=SEATS, ruleset=paskievics)
    assert form.is_valid(), form.errors
    assert form.record() == PASKIEVICS_RECORD
    assert deal_form.field_for(layout, "announcements[1].by", form.cleaned_data) == "ann_1_by"
    assert deal_form.field_for(layout, "trump_counts.0.announced", form.cleaned_data) == "trump_0_silent"


def test_a_no_game_deal_keeps_only_its_dealer_and_no_game():
    magyar = rules.family_of("magyar").ruleset("magyar")
    form = DealForm({"dealer": "Carl", "no_game": "all_pass", "card_points": "40"}, seat_names=SEATS, ruleset=magyar)
    assert form.is_valid(), form.errors
    assert form.record() == {"dealer": "Carl", "no_game": "all_pass"}


def round_trip(preset: str, record: dict) -> tuple[dict, DealForm]:
    """A stored record as the correction form shows it, posted back unchanged."""
    family = rules.family_of(preset)
    ruleset = family.ruleset(preset)
    initial = deal_form.initial_from_record(family.deal_layout(ruleset, SEATS), record)
    posted = {k: v if isinstance(v, list) else "" if v is None else str(v) for k, v in initial.items()}
    return initial, DealForm(posted, seat_names=SEATS, ruleset=ruleset)


@pytest.mark.parametrize(
    ("preset", "record", "outcomes"),
    [
        # Every announcement failed: the record has no `made` at all.
        (
            "paskievics",
            {
                "dealer": "Anna",
                "contract": "three",
                "declarer": "Bent",
                "call": {"card": 20, "partner": "Carl"},
                "announcements": [{"figure": "trull", "by": "Bent"}, {"figure": "ultimo", "by": "Dorte"}],
                "card_points": 50,
            },
            ("failed", "failed"),
        ),
        # The opponents announce and make one, the declarer's party makes another silently; a self-call.
        (
            "paskievics",
            {
                "dealer": "Anna",
                "contract": "two",
                "declarer": "Bent",
                "call": {"card": 20, "partner": "Bent"},
                "announcements": [{"figure": "four_kings", "by": "Carl"}, {"figure": "double", "by": "Bent"}],
                "card_points": 75,
                "made": {"declarer": ["trull"], "opponents": ["four_kings"]},
            },
            ("made", None),
        ),
    ],
)
def test_a_hungarian_record_reads_back_the_same_through_its_outcomes(preset, record, outcomes):
    initial, form = round_trip(preset, record)
    assert (initial.get("ann_0_outcome"), initial.get("ann_1_outcome")) == outcomes
    assert form.is_valid(), form.errors
    assert form.record() == record


def test_a_conceded_ultimo_call_asks_no_outcome():
    """Trisák ultimóhívás, the called XIX in the talon: Bent settles for half (002 L1345). His
    compulsory ultimó was never played out, so it has no outcome, and none is asked."""
    record = {
        "dealer": "Anna",
        "contract": "ultimo_call",
        "declarer": "Bent",
        "call": {"card": 19, "partner": None},
        "conceded": True,
        "announcements": [{"figure": "ultimo", "by": "Bent"}],
    }
    initial, form = round_trip("trisak", record)
    assert "ann_0_outcome" not in initial
    assert form.is_valid(), form.errors
    assert form.record() == record


def test_an_announcement_row_emptied_but_for_its_outcome_is_empty():
    """An outcome tapped cannot be untapped: a row whose figure and announcer are taken back is
    no announcement."""
    paskievics = rules.family_of("paskievics").ruleset("paskievics")
    posted = {
        "dealer": "Anna",
        "contract": "three",
        "declarer": "Bent",
        "call_card": "20",
        "partner": "Carl",
        "card_points": "50",
        "ann_0_figure": "",
        "ann_0_by": "",
        "ann_0_outcome": "made",
    }
    form = DealForm(posted, seat_names=SEATS, ruleset=paskievics)
    assert form.is_valid(), form.errors
    assert "announcements" not in form.record()
