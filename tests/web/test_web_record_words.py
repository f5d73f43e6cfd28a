"""The audit page says each version of a deal in words, the family's words in the page's language
(`club.families.Family.describe_record`, written by `rules.danish.texts` and `rules.hungarian.texts`)."""

from django.utils import translation

from club import families

DANISH, HUNGARIAN = families.of("vlk-2010"), families.of("paskievics")


def said(family, record, language):
    with translation.override(language):
        return family.describe_record(record)


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

    assert said(DANISH, record, "da") == [
        "Anna gav; Bent i forhånd, Dorte i mellemhånd.",
        "Pagat (Anna): ultimo.",
        "Bent fik bøde: kulørsvigt.",
        "Bent var skyld i ultimo, bagud.",
    ]


def test_a_word_without_a_label_is_shown_as_written():
    assert said(DANISH, {"pagat": {"holder": "Anna", "fate": None}}, "en") == ["Pagat (Anna): ?."]


def test_a_danish_deal_with_melds_and_a_lost_king_in_three_languages():
    record = {
        "dealer": "Bent",
        "players": ["Bent", "Carl", "Anna"],
        "melds": {"Carl": {"taroks": 11, "pagat": True, "suits": {"hearts": "full"}}},
        "kings": {"spades": {"holder": "Bent", "fate": "lost"}},
        "counts": {"Bent": 30, "Anna": 25},
    }

    assert said(DANISH, record, "da")[1:] == [
        "Carl meldte 11 tarokker med Pagat, ♥ fuldt.",
        "Spar konge (Bent): tabt.",
        "Talt: Bent 30, Anna 25.",
    ]
    assert said(DANISH, record, "en")[2] == "King of Spades (Bent): lost."
    assert said(DANISH, record, "hu")[1:3] == [
        "Carl meldingje: 11 tarokk Pagattal, ♥ teljes.",
        "Pikk király (Bent): el\u00adve\u00adszett.",  # soft hyphens: the fate's button breaks there at 360 px
    ]


PASKIEVICS_DEAL = {
    "dealer": "Anna",
    "contract": "three",
    "declarer": "Bent",
    "call": {"card": 20, "partner": "Carl"},
    "game_contra": 1,
    "announcements": [{"figure": "trull", "by": "Bent"}],
    "card_points": 52,
    "made": {"declarer": ["trull"], "opponents": ["four_kings"]},
    "trump_counts": [{"player": "Dorte", "count": 8, "announced": False}],
    "fines": [{"player": "Carl", "offence": "revoke"}],
}


def test_a_hungarian_deal_reads_as_well_as_a_danish_one():
    """The game's words stay Hungarian in every language (hármas, tulétroá, kontra, renonsz)."""
    assert said(HUNGARIAN, PASKIEVICS_DEAL, "da") == [
        "Anna gav.",
        "Bent spillede hármas.",
        "Kaldt XX, makker: Carl.",
        "Spillet blev doblet: kontra.",
        "Bent meldte tulétroá.",
        "Spillerens parti talte 52.",
        "Spillerens parti fik hjem: tulétroá.",
        "Modspillerne fik hjem: négy király.",
        "Dorte: tarokkszám 8 (stille).",
        "Carl fik bøde: renonsz.",
    ]
    assert said(HUNGARIAN, PASKIEVICS_DEAL, "hu")[1:4] == [
        "Bent játéka: hármas.",
        "Hívott lap: XX, partner: Carl.",
        "A játékra: kontra.",
    ]
    assert said(HUNGARIAN, PASKIEVICS_DEAL, "hu")[7] == "Az ellenfelek teljesítették: négy király."


def test_a_hungarian_no_game_deal_and_a_called_king_out_of_play():
    assert said(HUNGARIAN, {"dealer": "Anna", "no_game": "all_pass"}, "en") == [
        "Anna dealt.",
        "No game: passz.",
    ]
    king_call = {"dealer": "Anna", "contract": "call", "declarer": "Bent", "call": {"king": "hearts", "partner": None}}
    assert said(HUNGARIAN, king_call, "en")[2] == "Called kőr király, partner: out of play."


def test_rule_names_come_from_the_family_in_the_pages_language():
    with translation.override("da"):
        assert DANISH.rule_name("stake") == "Giverens indskud"
        assert DANISH.rule_name("pagat_saved") == "Pagat reddet"
        assert DANISH.rule_name("fine.scus_called_in_vain") == "Bøde: Skus kaldt forgæves"
        assert HUNGARIAN.rule_name("pot_take") == "kassza →"
        assert HUNGARIAN.rule_name("volat.announced") == "volát · meldt"
        assert HUNGARIAN.rule_name("fine.faulty_discard") == "Bøde: hibás skart"
    with translation.override("hu"):
        assert DANISH.rule_name("stake") == "Az osztó tétje"
        assert HUNGARIAN.rule_name("trull.silent") == "tulétroá · csendes"
        assert HUNGARIAN.field_name("made.opponents") == "teljesítette · ellenfelek"
    with translation.override("en"):
        assert DANISH.field_name("melds.Carl.taroks") == "melds · Carl · taroks"


def test_each_family_names_its_own_accounts_and_what_a_close_does_to_them():
    with translation.override("da"):
        assert str(DANISH.holdings_label) == "Kopperne"
        assert str(HUNGARIAN.holdings_label) == "Puljen"
        assert str(DANISH.phrase("split")) == "del kopperne mellem bordets spillere"
        assert "kopper" not in str(HUNGARIAN.phrase("split"))
    with translation.override("hu"):
        assert str(HUNGARIAN.holdings_label) == "A kassza"
        assert str(HUNGARIAN.phrase("carry")) == "a kassza továbbvitele a következő játékestre"
        assert [account.short for account in HUNGARIAN.table_accounts.values()] == ["kassza"]
