"""The families behind one protocol: which family a record or rule set belongs to, and the one
sitting loop that settles any family."""

import pytest

import rules
from rules import replay
from rules.family import BaseFamily
from rules.problems import InvalidRecord
from world.records import danish_deal, sample, sitting_record
from world.toy_family import Coin, CoinEvent

BY_NAME = {family.name: family for family in rules.FAMILIES}


def test_unknown_ruleset_names_every_preset_of_every_family():
    """A `ruleset` no family knows is answered by the first (Danish) family; brief §9
    `unknown_ruleset` ("ruleset … not in §10") and the other formats' `ruleset` lists mean the
    answer must offer every registered family's presets, not only the Danish ones."""
    with pytest.raises(InvalidRecord) as refused:
        replay({"ruleset": "paskievic", "table": ["A", "B", "C", "D"], "deals": []})
    [problem] = refused.value.problems
    assert (problem.deal, problem.field, problem.code) == (None, "ruleset", "unknown_ruleset")
    every_preset = [preset for family in rules.FAMILIES for preset in family.presets]
    assert all(family.presets for family in rules.FAMILIES)
    for preset in every_preset:
        assert preset in problem.message
        assert preset in problem.message_in("da")


# Every preset of every registered family, with the family that declares it.
PRESETS = [(preset, family.name) for family in rules.FAMILIES for preset in family.presets]


def test_no_preset_is_declared_by_two_families():
    presets = [preset for preset, _family in PRESETS]
    assert len(presets) == len(set(presets))
    assert all(family.default_preset in family.presets for family in rules.FAMILIES)


@pytest.mark.parametrize("preset, family", PRESETS)
def test_every_preset_has_its_family(preset, family):
    found = rules.family_of(preset)
    assert found.name == family
    assert preset in found.presets
    # A rule set names its family as its preset id does.
    assert rules.family_of(found.ruleset(preset)) is found


def test_an_unknown_preset_belongs_to_the_first_family_which_refuses_it():
    first = rules.FAMILIES[0]
    # Danish stays first (the default); each later family adds its line to the registry.
    assert first.name == "danish"
    for unknown in ("paskievicz", None, 7, ["vlk-2010"]):
        assert rules.family_of(unknown) is first
    _rules, found = first.resolve("paskievicz")
    assert [(p.field, p.code) for p in found] == [("ruleset", "unknown_ruleset")]
    # A record without `ruleset` plays the first family's default preset.
    assert first.default_preset == "vlk-2010"
    assert replay({"table": ["A", "B", "C"], "deals": []})["ruleset"] == "vlk-2010"


def test_each_family_keeps_its_own_problem_texts():
    danish, hungarian = BY_NAME["danish"], BY_NAME["hungarian"]
    # The same code speaks each family's words: a Danish table seats 3 to 5, a Strómann table 2.
    with pytest.raises(InvalidRecord) as refused:
        replay({"ruleset": "vlk-2010", "table": ["A", "B"], "deals": []})
    assert refused.value.problems[0].message == "A table seats 3, 4 or 5 members, not 2."
    with pytest.raises(InvalidRecord) as refused:
        replay({"ruleset": "stromann", "table": ["A", "B", "C"], "deals": []})
    assert refused.value.problems[0].message == "A stromann table seats 2 members, not 3."
    assert "no_cups_in_preset" in danish.messages and "no_cups_in_preset" not in hungarian.messages
    assert "pot_not_kept" in hungarian.messages and "pot_not_kept" not in danish.messages


def test_check_deal_reads_and_checks_one_deal_of_either_family():
    danish, hungarian = BY_NAME["danish"], BY_NAME["hungarian"]
    vlk = danish.ruleset("vlk-2010")
    record = {"dealer": "A", "players": ["A", "B", "C"], "last_trick": "D"}
    deal, found = rules.check_deal(danish, record, 3, ["A", "B", "C"], vlk)
    assert deal is None and [(p.deal, p.field, p.code) for p in found] == [(3, "last_trick", "not_at_table")]
    record = {"dealer": "A", "players": ["A", "B", "C"], "last_trick": "B"}
    deal, found = rules.check_deal(danish, record, 3, ["A", "B", "C"], vlk)
    assert found == [] and deal.number == 3 and deal.last_trick == "B"
    magyar = hungarian.ruleset("magyar")
    record = {"dealer": "C", "no_game": "all_pass", "game_contra": 0}
    deal, found = rules.check_deal(hungarian, record, 2, ["A", "B", "C"], magyar)
    assert deal is None and [(p.deal, p.field, p.code) for p in found] == [(2, "game_contra", "contract_fields")]


def club_path(record: dict) -> list[dict]:
    """`family.opening`, `family.play` per deal and `family.close`, as the club runs a sitting."""
    family = rules.family_of(record["ruleset"])
    game = family.ruleset(record["ruleset"], record.get("overrides"))
    table = record["table"]
    events, state = family.opening(table, family.state({}), game)
    dealers = []
    for number, data in enumerate(record["deals"], 1):
        deal, found = rules.check_deal(family, data, number, table, game)
        assert found == []
        settled, state = family.play(deal, table, state, game)
        events += settled
        dealers.append(deal.dealer)
    closing, state = family.close(table, state, game, record["close_how"], dealers[0])
    events.append(closing)
    return [family.event_dict(e, table, game) for e in events]


@pytest.mark.parametrize("family", rules.FAMILIES, ids=lambda family: family.name)
def test_the_club_path_deal_by_deal_gives_the_replays_events(family):
    """The club's path gives the events `replay` prints, for a sample sitting of each registered
    family: its record schema's example, then the close."""
    deal, table = sample(family)
    record = {"ruleset": family.default_preset, "table": table, "deals": [deal]}
    sitting = record | {"close": family.record_close("split")}
    assert club_path(record | {"close_how": "split"}) == replay(sitting)["events"]


DANISH_DEAL = {"dealer": "A", "players": ["A", "B", "C"], "last_trick": "B"}
CUPS_SPLIT = {"ruleset": "vlk-2010", "table": ["A", "B", "C"], "deals": [DANISH_DEAL]}
POT_CARRIED = {
    "ruleset": "paskievics",
    "overrides": {"pot": True},
    "table": ["A", "B", "C", "D"],
    "deals": [{"dealer": "D", "no_game": "all_pass"}],
}


@pytest.mark.parametrize(("record", "how"), [(CUPS_SPLIT, "split"), (POT_CARRIED, "carry")], ids=["cups", "pot"])
def test_the_club_path_carries_the_tables_accounts_as_the_replay_does(record, how):
    """The same with what a table keeps from deal to deal: the Danish cups split at the close, a
    Paskievics pot carried."""
    assert club_path(record | {"close_how": how}) == replay(record | {"close": how})["events"]


class _JarEvent(CoinEvent):
    def __init__(self, kind, items, jar_after, number=None):
        super().__init__(kind, items, number)
        self.jar_after = jar_after


class _JarCoin(Coin):
    """The world's Coin with a jar: a table account that opens with what the sitting record says it
    holds and takes 1 from each deal's winner. The sitting loop carries it from deal to deal as the
    family's state: it asks the family for everything it needs and knows no game itself."""

    sitting_keys = Coin.sitting_keys | {"jar"}
    own_accounts = {"jar": "jar"}

    def parse_sitting(self, data):
        sitting, problems = super().parse_sitting(data)
        sitting.jar = data.get("jar", 0)
        return sitting, problems

    def table_accounts(self, rules_):
        return self.own_accounts

    def opening_state(self, sitting):
        return sitting.jar

    def accounts(self, state):
        return {"jar": state}

    def settle(self, deal, table, state, rules_):
        [won], _dealer = super().settle(deal, table, state, rules_)
        paid = rules.LineItem(rule="jar", ref="coin L2", postings={deal.winner: -1, "jar": 1})
        return [_JarEvent("deal", (*won.items, paid), state + 1, deal.number)], state + 1

    def close(self, table, state, rules_, how, first_dealer):
        return _JarEvent("close", (), state), state

    def event_dict(self, event, table, rules_):
        return super().event_dict(event, table, rules_) | {"jar_after": event.jar_after}


def test_the_toy_family_with_a_jar_plays_through_the_one_sitting_loop():
    """Three members, stake 2: B wins deal 1 (+4, A and C −2) and pays 1 into the jar of 5; C wins
    deal 2 (+4, A and B −2) and pays 1 in. A −4, B 4 − 1 − 2 = 1, C −2 + 4 − 1 = 1, the jar 7."""
    coin = _JarCoin()
    record = {
        "ruleset": "coin",
        "table": ["A", "B", "C"],
        "jar": 5,
        "deals": [{"dealer": "A", "winner": "B"}, {"dealer": "B", "winner": "C"}],
        "close": "carry",
    }
    result = rules.sitting.replay_with(coin, record)
    assert result["balances"] == {"A": -4, "B": 1, "C": 1, "jar": 7}
    assert [event["kind"] for event in result["events"]] == ["deal", "deal", "close"]
    assert result["events"][1]["net"] == {"A": -2, "B": -2, "C": 3}
    refused = {**record, "deals": [{"dealer": "A", "winner": "Z"}]}
    _sitting, _rules, found = rules.check_sitting(coin, refused)
    assert [(p.deal, p.field, p.code) for p in found] == [(1, "winner", "not_at_table")]


def test_each_family_names_the_words_of_its_records():
    danish, hungarian = (BY_NAME[name].vocabulary() for name in ("danish", "hungarian"))
    assert danish.games == {"vlk-2010": (), "ensartede": (), "schiellerup-1900": (), "schwartz-1847": ()}
    assert danish.words["suits"] == ("hearts", "diamonds", "clubs", "spades")
    assert danish.words["court_cards"] == ("king", "queen", "cavalier", "knight")
    assert danish.words["pagat_fates"] == ("saved", "lost", "ultimo", "bagud", "skat")
    assert "revoke" in danish.offences and "meld_out_of_time" in danish.offences
    assert hungarian.games["trisak"] == (
        "trisak",
        "simple",
        "ultimo_call",
        "bettli",
        "three_take",
        "open_bettli",
        "three_solo",
    )
    assert hungarian.games["stromann"] == ("simple", "game")
    assert hungarian.announcements == ("double", "volat", "trull", "four_kings", "ultimo", "king_ultimo", "xxi_capture")
    assert hungarian.offences == ("revoke", "faulty_discard")
    assert hungarian.words["contra_levels"][1:] == ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")


def test_a_family_package_offers_the_shared_loop_bound_to_it():
    record = {"ruleset": "magyar", "table": ["A", "B", "C"], "deals": [{"dealer": "C", "no_game": "all_pass"}]}
    assert rules.hungarian.replay(record) == rules.replay(record)
    assert rules.hungarian.check_sitting(record)[2] == []
    danish = {"ruleset": "ensartede", "table": ["A", "B", "C"], "deals": [], "close": "split"}
    sitting, game, found = rules.danish.check_sitting(danish)
    assert found == [] and [e.kind for e in rules.danish.settle_sitting(sitting, game)] == ["close"]


def test_a_danish_deal_gives_its_net_for_the_members_asked_in_their_order():
    # vlk-2010, A deals, B forehand, C middlehand; B saves the Pagat and takes the last trick,
    # A counts 39 and C 19 (001 L258, L300, L345-L352): stake A -10; Pagat saved B +10, A and C
    # -5; last trick B +40, A and C -20; count A +15, C -5, B (who deals next) -10.
    deal = danish_deal("A", pagat={"holder": "B", "fate": "saved"}, last_trick="B", counts={"A": 39, "C": 19})
    sitting, ruleset, problems = rules.danish.check_sitting(sitting_record("vlk-2010", deal))
    assert problems == []
    (event,) = [event for event in rules.danish.settle_sitting(sitting, ruleset) if event.kind == "deal"]
    assert list(event.as_dict(("A", "B", "C"))["net"].items()) == [("A", -20), ("B", 40), ("C", -30)]
    assert list(event.as_dict(("C", "B", "A"))["net"].items()) == [("C", -30), ("B", 40), ("A", -20)]
    assert event.as_dict(("A", "B", "C", "D"))["net"] == {"A": -20, "B": 40, "C": -30, "D": 0}


DRAWING_MARKS = [family for family in rules.FAMILIES if type(family).marks is not BaseFamily.marks]


def test_the_slovenian_family_draws_marks():
    assert [family.name for family in DRAWING_MARKS] == ["slovenian"]


@pytest.mark.parametrize("family", DRAWING_MARKS, ids=lambda family: family.name)
def test_a_family_that_draws_marks_names_them_for_a_screen_reader(family):
    """The sheet says a family's marks (radelci) in words from its `phrases["marks"]`, both counts
    in them: a family that draws marks (overrides `marks`) has that phrase (the page's language is
    the club's catalogue's: tests/web/test_web_slovenian_tarok.py hears it in Slovenian)."""
    assert family.texts.phrase("marks", "en", held=2, crossed_off=1) == "Radelci – not used: 2, used: 1"
