"""Validation of a Hungarian deal against its table and game.

Every check appends a `Problem` and goes on, so one answer lists everything the table must fix.
`settlement` only ever sees deals that passed here. Who plays with whom (`parties`) is decided here
too, once, for both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..problems import Problem
from ..texts import Phrase, gettext_noop, phrase
from .messages import problem
from .presets import HONOURS, OFFENCES, RuleSet
from .records import Call, Deal

# Contracts played for the tricks' card points by a party (all but trisákolás and bettlis).
BETTLIS = ("bettli", "open_bettli")
CALL_CONTRACTS = {
    "paskievics": ("three", "two", "one", "solo"),
    "kiralyhivo": ("call", "solo"),
    "trisak": ("simple", "ultimo_call"),
}
MAGYAR_CHOICES = {"three": 3, "lower_three": 3, "two": 5, "one": 11}  # 002 L1099-L1118
CALLED_CARD_TOP = {"paskievics": 20, "trisak": 19}  # XX (002 L661-L669), XIX (002 L1339)
ROMAN = {20: "XX", 19: "XIX"}
FIGURES_BY_CONTRACT = {
    # Figures a contract lacks although its game has them.
    ("kiralyhivo", "three"): ("king_ultimo",),  # 002 L1209-L1211
    ("kiralyhivo", "solo_three"): ("king_ultimo",),  # 002 L1213-L1215
    ("trisak", "bettli"): ("ultimo",),  # 002 L1347
    ("trisak", "open_bettli"): ("ultimo",),  # 002 L1351
}
HAND_CARDS = {"trull": (3, 0), "two_honours": (2, 0), "four_kings": (0, 4)}  # (honours, kings) a claim needs


class Parties(NamedTuple):
    """The declarer's party (declarer first) against the opponents (seat order from the forehand)."""

    declarer: tuple[str, ...]
    opponents: tuple[str, ...]

    def of(self, player: str) -> tuple[str, ...]:
        return self.declarer if player in self.declarer else self.opponents

    def side(self, player: str) -> str:
        return "declarer" if player in self.declarer else "opponents"

    def members(self, side: str) -> tuple[str, ...]:
        return self.declarer if side == "declarer" else self.opponents

    def other(self, side: str) -> str:
        return "opponents" if side == "declarer" else "declarer"


def active_players(dealer: str, table: Sequence[str]) -> tuple[str, ...]:
    """Who plays the deal, in seat order from the forehand: everyone, or all but the dealer of five."""
    after = table.index(dealer) + 1
    seats = (*table[after:], *table[:after])  # from the forehand round to the dealer
    return seats[:-1] if len(seats) == 5 else seats  # 002 L181, L237: the fifth deals and sits out


def forehand(dealer: str, table: Sequence[str]) -> str:
    """The member after the dealer: he bids and leads first (002 L291, L971)."""
    return table[(table.index(dealer) + 1) % len(table)]


def is_lone_call(deal: Deal) -> bool:
    return deal.call is None or deal.call.partner is None or deal.call.partner == deal.declarer


def parties(deal: Deal, table: Sequence[str], rules: RuleSet, actives: tuple[str, ...] | None = None) -> Parties | None:
    """The two parties of a party game; None for trisákolás, the Strómann simple game and no-game.

    `actives`: the deal's `active_players`, where the caller has them already."""
    if (
        deal.no_game is not None
        or deal.contract == "trisak"
        or (rules.preset == "stromann" and deal.contract == "simple")
    ):
        return None
    if actives is None:
        actives = active_players(deal.dealer, table)
    declarer = deal.declarer or ""
    partner = None  # 1 v 3 (or 1 v 2, 1 v 1) unless another player holds a called card
    if (
        deal.call is not None
        and deal.call.partner not in (None, declarer)
        and deal.contract in CALL_CONTRACTS.get(rules.preset, ())
    ):
        partner = deal.call.partner
    if partner:
        return Parties((declarer, partner), tuple([p for p in actives if p != declarer and p != partner]))
    return Parties((declarer,), tuple([p for p in actives if p != declarer]))


def max_contra(deal: Deal, rules: RuleSet) -> int:
    if deal.contract == "trisak" or deal.conceded or (rules.preset == "stromann" and deal.contract == "simple"):
        return 0  # no kontra in Strómann simple, trisákolás or a concession (decision)
    return rules.max_contra


def validate_deal(deal: Deal, table: Sequence[str], rules: RuleSet) -> list[Problem]:
    """Every problem of the deal: its dealer and kind first, then, if they are known, each of
    `DEAL_CHECKS`, and for a deal that is played each of `GAME_CHECKS`."""
    check = _DealCheck(deal, table, rules)
    if check.dealer_and_kind():
        for deal_check in DEAL_CHECKS:
            deal_check(check)
        if deal.no_game is None:
            check.parties = parties(deal, table, rules, check.actives) if deal.declarer in check.actives else None
            for game_check in GAME_CHECKS:
                game_check(check)
    return check.problems


class _DealCheck:
    def __init__(self, deal: Deal, table: Sequence[str], rules: RuleSet):
        self.deal = deal
        self.table = table
        self.rules = rules
        self.problems: list[Problem] = []
        self.actives: tuple[str, ...] = ()
        self.parties: Parties | None = None

    def fail(self, field: str, code: str, **params: Any) -> None:
        self.problems.append(problem(self.deal.number, field, code, **params))

    def active(self, player: str | None, field: str) -> bool:
        if player is None:
            return False
        if player not in self.table:
            self.fail(field, "not_at_table", player=player)
            return False
        if player not in self.actives:
            self.fail(field, "not_active", player=player)
            return False
        return True

    @property
    def concession(self) -> bool:
        """A conceded Trisák ultimo call: settled before play for half the game and ultimo fee."""
        return self.deal.conceded and self.rules.preset == "trisak" and self.deal.contract == "ultimo_call"

    @property
    def what(self) -> dict[str, Phrase | str]:
        """The deal's kind for a message (`what`)."""
        deal = self.deal
        if deal.no_game is not None:
            return {"what": phrase(gettext_noop("a no-game deal ({no_game})"), no_game=deal.no_game)}
        kind = f"{self.rules.preset} {deal.contract}"
        return {"what": kind}

    # --- the deal's kind -------------------------------------------------------------------

    def dealer_and_kind(self) -> bool:
        deal, rules = self.deal, self.rules
        if deal.dealer not in self.table:
            self.fail("dealer", "not_at_table", player=deal.dealer)
            return False
        self.actives = active_players(deal.dealer, self.table)
        if deal.no_game is not None:
            if deal.no_game not in rules.no_games:
                self.fail("no_game", "unknown_value", value=deal.no_game, choices=", ".join(rules.no_games) or "-")
                return False
            if deal.contract is not None:
                self.fail("contract", "contract_fields", key="contract", **self.what)
                return False
            return True
        if deal.contract is None:
            self.fail(
                "contract",
                "required",
                what=gettext_noop("The contract (or no_game)"),
            )
            return False
        if deal.contract not in rules.contracts:
            self.fail("contract", "unknown_value", value=deal.contract, choices=", ".join(rules.contracts))
            return False
        return True

    def allowed_keys(self) -> tuple[set[str], set[str]]:
        """(keys this deal may state, keys it must state)."""
        deal, preset, contract = self.deal, self.rules.preset, self.deal.contract
        if deal.no_game is not None:
            return _no_game_keys(deal.no_game)
        allowed = {"dealer", "contract", "declarer", "game_contra"}
        if preset == "stromann":
            return _stromann_keys(allowed, contract)
        if contract == "trisak":
            return allowed | {"player_points", "trickless", "hand_bonuses"}, {"declarer", "player_points"}
        allowed |= {"announcements", "made", "tricks", "fines", "card_points"}
        required = {"declarer", "tricks" if contract in BETTLIS else "card_points"}
        if contract in BETTLIS:
            allowed.discard("card_points")
        if contract in CALL_CONTRACTS.get(preset, ()):
            allowed.add("call")
            required.add("call")
        self.keys_of_the_preset(allowed, required)
        return allowed, required

    def keys_of_the_preset(self, allowed: set[str], required: set[str]) -> None:
        """What one game adds to a party game's keys (or, for a concession, takes away)."""
        deal, preset, contract = self.deal, self.rules.preset, self.deal.contract
        if preset == "paskievics":
            allowed |= {"trump_counts", "talon_honours"}
        elif preset == "magyar" and contract != "solo":
            allowed.add("choice")
            required.add("choice")
        elif preset == "kiralyhivo" and deal.call is not None and deal.call.partner is not None:
            allowed.add("called_king_captured")
        elif preset == "tapper":
            allowed |= {"hand_bonuses", "bidders"}
        elif preset == "trisak":
            allowed.add("hand_bonuses")
            if contract == "ultimo_call":
                allowed.add("conceded")
                if deal.conceded:  # settled before play, "nothing else is settled" (002 L1345)
                    allowed -= {"card_points", "tricks", "made", "fines", "hand_bonuses"}
                    required.discard("card_points")

    def keys_fit_the_contract(self) -> None:
        """The record states the keys its contract (or no-game) has, and only those."""
        allowed, required = self.allowed_keys()
        self.no_key_beyond(allowed)
        self.required_keys_stated(required)
        if self.deal.call is not None and "call" in allowed:
            self.call_names_its_card(self.deal.call)

    def no_key_beyond(self, allowed: set[str]) -> None:
        deal, rules = self.deal, self.rules
        stated = deal.given
        if deal.no_game is not None or self.concession:
            # Nothing is played (002 L381) or nothing else is settled (002 L1345): a play key is
            # refused whatever it holds, `"game_contra": 0` and `"announcements": []` included.
            stated = stated | (deal.keys - {"declarer"})
        for key in sorted(stated - allowed):
            if key == "fines" and (rules.preset == "stromann" or deal.contract == "trisak"):
                self.fail(
                    "fines",
                    "offence_invalid",
                    what=gettext_noop("There are no fines in Strómann or trisákolás."),
                )
            elif key == "talon_honours" and rules.preset == "paskievics" and deal.no_game is None:
                pass  # reported by talon_honours() with its own code
            elif key == "conceded":
                self.fail("conceded", "concession_invalid")
            else:
                self.fail(key, "contract_fields", key=key, **self.what)

    def required_keys_stated(self, required: set[str]) -> None:
        deal = self.deal
        for key in sorted(required - deal.given):
            if key == "card_points" and deal.card_points == 0:
                continue
            if key == "tricks" and deal.tricks == 0:
                continue
            self.fail(key, "required", what=key)

    def call_names_its_card(self, call: Call) -> None:
        """Királyhívó calls a king, the other calling games a tarokk (002 L661-L669, L1339)."""
        if self.rules.preset == "kiralyhivo":
            if call.card is not None:
                self.fail("call.card", "contract_fields", key="call.card", **self.what)
            if call.king is None:
                self.fail(
                    "call.king",
                    "required",
                    what=gettext_noop("The called king"),
                )
        else:
            if call.king is not None:
                self.fail("call.king", "contract_fields", key="call.king", **self.what)
            if call.card is None:
                self.fail(
                    "call.card",
                    "required",
                    what=gettext_noop("The called card"),
                )

    def declarer_is_active(self) -> None:
        deal = self.deal
        if deal.declarer is not None and "declarer" in deal.given:
            self.active(deal.declarer, "declarer")

    def named_players_are_active(self) -> None:
        """Everyone the played deal names (partner, announcers, fined, ...) plays it."""
        deal = self.deal
        if deal.call is not None and deal.call.partner is not None:
            self.active(deal.call.partner, "call.partner")
        for i, ann in enumerate(deal.announcements):
            self.active(ann.by, f"announcements[{i}].by")
        for i, count in enumerate(deal.trump_counts):
            self.active(count.player, f"trump_counts[{i}].player")
        for i, bonus in enumerate(deal.hand_bonuses):
            self.active(bonus.player, f"hand_bonuses[{i}].player")
        for i, bidder in enumerate(deal.bidders or ()):
            self.active(bidder, f"bidders[{i}]")
        for i, fine in enumerate(deal.fines):
            self.active(fine.player, f"fines[{i}].player")
        if deal.ultimo is not None:
            self.active(deal.ultimo, "ultimo")
        for player in deal.player_points or {}:
            self.active(player, f"player_points.{player}")
        for i, player in enumerate(deal.trickless):
            self.active(player, f"trickless[{i}]")
        for player in deal.talon_honours:
            self.active(player, f"talon_honours.{player}")

    # --- a played deal ---------------------------------------------------------------------

    def rules_of_the_game(self) -> None:
        """What only one game asks of a record (its called card, choice, partner, concession)."""
        preset = self.rules.preset
        if preset == "paskievics":
            self.paskievics()
        elif preset == "magyar":
            self.magyar_choice()
        elif preset == "kiralyhivo":
            self.kiralyhivo()
        elif preset == "trisak":
            self.trisak()

    def points_and_tricks_in_range(self) -> None:
        deal, rules = self.deal, self.rules
        if deal.card_points is not None and not 0 <= deal.card_points <= rules.deck_points:
            self.fail("card_points", "card_points_range", value=deal.card_points, high=rules.deck_points)
        if deal.tricks is not None and not 0 <= deal.tricks <= rules.tricks_total:
            self.fail("tricks", "tricks_range", value=deal.tricks, high=rules.tricks_total)

    @property
    def has_figures(self) -> bool:
        """Whether the deal may announce and make figures and be fined: not in Strómann,
        trisákolás or a concession."""
        return self.rules.preset != "stromann" and self.deal.contract != "trisak" and not self.concession

    def contras_in_range(self) -> None:
        deal = self.deal
        high = max_contra(deal, self.rules)
        if not 0 <= deal.game_contra <= high:
            self.fail("game_contra", "contra_out_of_range", value=deal.game_contra, high=high)
        for i, ann in enumerate(deal.announcements):
            if not 0 <= ann.contra <= high:
                self.fail(f"announcements[{i}].contra", "contra_out_of_range", value=ann.contra, high=high)

    def called_card(self) -> None:
        deal, preset = self.deal, self.rules.preset
        top = CALLED_CARD_TOP[preset]
        if deal.call is not None and deal.call.card is not None and not 2 <= deal.call.card <= top:
            self.fail("call.card", "called_card", value=deal.call.card, low=2, high=top, roman=ROMAN[top])

    def paskievics(self) -> None:
        deal, rules = self.deal, self.rules
        self.called_card()
        if (
            deal.call is not None
            and deal.call.partner is None
            and rules.official_contra_doubles
            and deal.game_contra == 0
        ):
            self.fail("game_contra", "official_contra_not_doubled")  # decision: `official_contra_doubles`
        if deal.trump_counts:
            self.trump_counts()
        self.talon_honours()
        made_d, made_o = deal.made_by("declarer"), deal.made_by("opponents")
        cp = deal.card_points
        if cp is not None and (("volat" in made_d and cp < 71) or ("volat" in made_o and rules.deck_points - cp < 71)):
            self.fail("card_points", "volat_points_mismatch", value=cp)
        for side, other in ((made_d, made_o), (made_o, made_d)):
            if "volat" in side and ({"trull", "four_kings"} & set(other)):
                self.fail(
                    "made",
                    "figures_conflict",
                    what=gettext_noop("With a volát the other party holds only discards: no tulétroá or four kings."),
                )
                break

    def magyar_choice(self) -> None:
        deal = self.deal
        high = MAGYAR_CHOICES.get(deal.contract or "")
        if high is not None and deal.choice is not None and not 1 <= deal.choice <= high:
            self.fail("choice", "choice_out_of_range", contract=deal.contract, value=deal.choice, low=1, high=high)

    def kiralyhivo(self) -> None:
        deal = self.deal
        if deal.call is not None and deal.contract == "solo" and deal.call.partner == deal.declarer:
            self.fail("call.partner", "partner_invalid", **self.what)

    def trisak(self) -> None:
        deal = self.deal
        if deal.contract in ("trisak", "simple") and deal.declarer is not None:
            first = forehand(deal.dealer, self.table)
            if deal.declarer != first:
                self.fail("declarer", "declarer_not_forehand", contract=deal.contract, expected=first)
        if deal.contract in CALL_CONTRACTS["trisak"]:
            self.called_card()
            if deal.call is not None and deal.call.partner == deal.declarer:
                self.fail("call.partner", "partner_invalid", **self.what)
        if self.concession:
            if deal.call is not None and deal.call.partner is not None:
                self.fail("conceded", "concession_invalid")
            self.concession_announcements()
        if deal.contract == "ultimo_call" and not any(
            a.figure == "ultimo" and a.by == deal.declarer for a in deal.announcements
        ):
            self.fail("announcements", "ultimo_call_needs_ultimo")
        if deal.contract == "trisak":
            self.player_points()

    def concession_announcements(self) -> None:
        """A concession carries the declarer's compulsory ultimo and no other announcement (002 L1341-L1345)."""
        deal = self.deal
        compulsory = next(
            (i for i, a in enumerate(deal.announcements) if a.figure == "ultimo" and a.by == deal.declarer), None
        )
        for i in range(len(deal.announcements)):
            if i != compulsory:
                self.fail(f"announcements[{i}]", "contract_fields", key=f"announcements[{i}]", **self.what)

    def player_points(self) -> None:
        deal, rules = self.deal, self.rules
        points = deal.player_points or {}
        for player in self.actives:
            if player not in points:
                self.fail(
                    f"player_points.{player}",
                    "required",
                    what=phrase(gettext_noop("{player}'s card points"), player=player),
                )
        for player, value in points.items():
            if not 0 <= value <= rules.deck_points:
                self.fail(f"player_points.{player}", "card_points_range", value=value, high=rules.deck_points)
        total = sum(points.values())
        if not 76 <= total <= 100:  # decision: the unused talon counts for nobody
            self.fail(
                "player_points",
                "card_points_total",
                what=phrase(
                    gettext_noop("The four counts add up to {total}; without the talon they make 76..100."), total=total
                ),
            )
        for player in deal.trickless:
            if points.get(player, 0) != 0:
                self.fail(
                    f"player_points.{player}",
                    "card_points_total",
                    what=phrase(gettext_noop("{player} took no trick, so he has no card points."), player=player),
                )

    def trump_counts(self) -> None:
        deal = self.deal
        seen: set[str] = set()
        for i, count in enumerate(deal.trump_counts):
            if count.count not in (8, 9):
                self.fail(
                    f"trump_counts[{i}].count",
                    "trump_count_invalid",
                    what=phrase(gettext_noop("A trump count is 8 or 9, not {count}."), count=count.count),
                )
            if count.player in seen:
                self.fail(
                    f"trump_counts[{i}].player",
                    "trump_count_invalid",
                    what=phrase(gettext_noop("{player} has one trump count."), player=count.player),
                )
            seen.add(count.player)
        total = sum(count.count for count in deal.trump_counts)
        if total > 22:
            self.fail(
                "trump_counts",
                "trump_count_invalid",
                what=phrase(gettext_noop("The counts add up to {total} trumps; there are 22."), total=total),
            )

    def talon_honours(self) -> None:
        deal, rules = self.deal, self.rules
        if not deal.talon_honours:
            return
        if not rules.ujlak_talon_honours or len(self.table) != 5:
            self.fail(
                "talon_honours",
                "talon_honours_invalid",
                what=gettext_noop(
                    "Talon honours are paid only at a table of five with the Újlak custom (ujlak_talon_honours)."
                ),
            )
            return
        seen: set[str] = set()
        for player, honours in deal.talon_honours.items():
            for i, honour in enumerate(honours):
                if honour not in HONOURS:
                    self.fail(
                        f"talon_honours.{player}[{i}]",
                        "talon_honours_invalid",
                        what=phrase(gettext_noop("'{honour}' is not an honour: skiz, xxi, pagat."), honour=honour),
                    )
                elif honour in seen:
                    self.fail(
                        f"talon_honours.{player}[{i}]",
                        "talon_honours_invalid",
                        what=phrase(gettext_noop("There is one {honour}."), honour=honour),
                    )
                seen.add(honour)

    # --- figures, announcements, fines -----------------------------------------------------

    def figure_missing(self, figure: str) -> bool:
        deal, rules = self.deal, self.rules
        return figure not in rules.figures or figure in FIGURES_BY_CONTRACT.get((rules.preset, deal.contract or ""), ())

    def figures_fit(self) -> None:
        deal = self.deal
        if not self.has_figures:
            return
        made = {side: deal.made_by(side) for side in ("declarer", "opponents")}
        if deal.announcements or made["declarer"] or made["opponents"]:
            self.announced_and_made(made)
        if deal.tricks is not None:
            if ("volat" in made["declarer"] and deal.tricks != self.rules.tricks_total) or (
                "volat" in made["opponents"] and deal.tricks != 0
            ):
                expected = self.rules.tricks_total if "volat" in made["declarer"] else 0
                self.fail("tricks", "volat_tricks_mismatch", value=deal.tricks, expected=expected)
            elif not self.figure_missing("volat"):
                self.silent_volat(made)

    def announced_and_made(self, made: dict[str, tuple[str, ...]]) -> None:
        """The announcements and the figures each party made, where the deal has any."""
        self.announcements_fit()
        self.made_fits(made)

    def announcements_fit(self) -> None:
        """Each figure announced is one of the contract's, once a party, and a counter-announcement
        (the other party's) carries a kontra."""
        deal = self.deal
        parties_ = self.parties
        announced: dict[tuple[str, str], list[int]] = {}
        for i, ann in enumerate(deal.announcements):
            if self.figure_missing(ann.figure):
                self.fail(f"announcements[{i}].figure", "figure_not_in_contract", figure=ann.figure, **self.what)
                continue
            if parties_ is None or ann.by not in self.actives:
                continue
            side = parties_.side(ann.by)
            if ann.figure == "king_ultimo" and side == "opponents":
                self.fail(f"announcements[{i}].by", "figure_wrong_party", figure=ann.figure)
            if (side, ann.figure) in announced:
                self.fail(
                    f"announcements[{i}].figure",
                    "duplicate_announcement",
                    figure=ann.figure,
                    party=gettext_noop("declarer party") if side == "declarer" else gettext_noop("opponents party"),
                )
            announced.setdefault((side, ann.figure), []).append(ann.contra)
        for figure in {f for (_, f) in announced}:
            mine, theirs = announced.get(("declarer", figure)), announced.get(("opponents", figure))
            if mine and theirs and not any(mine) and not any(theirs):
                self.fail("announcements", "counter_without_contra", figure=figure)

    def made_fits(self, made: dict[str, tuple[str, ...]]) -> None:
        """Each figure made is the contract's, by one party only, and none rules out another."""
        for side, figures in made.items():
            for i, figure in enumerate(figures):
                if figure == "double" or self.figure_missing(figure):
                    self.fail(f"made.{side}[{i}]", "figure_not_in_contract", figure=figure, **self.what)
                elif figure == "king_ultimo" and side == "opponents":
                    self.fail(f"made.{side}[{i}]", "figure_wrong_party", figure=figure)
        for figure in set(made["declarer"]) & set(made["opponents"]):
            self.fail("made", "figure_made_by_both", figure=figure)
        for side, other in (("declarer", "opponents"), ("opponents", "declarer")):
            if "xxi_capture" in made[side] and "trull" in made[other]:
                self.fail(
                    "made",
                    "figures_conflict",
                    what=gettext_noop("The party whose XXI was captured cannot have taken the tulétroá."),
                )
                break

    def silent_volat(self, made: dict[str, tuple[str, ...]]) -> None:
        """A party that took every trick made a volát (002 L785), announced or not, so `made` says so."""
        deal, total = self.deal, self.rules.tricks_total
        if deal.tricks == total and "volat" not in made["declarer"]:
            self.fail(
                "tricks",
                "volat_tricks_mismatch",
                value=total,
                expected=phrase(gettext_noop("fewer than {total}"), total=total),
            )
        elif deal.tricks == 0 and "volat" not in made["opponents"]:
            self.fail(
                "tricks",
                "volat_tricks_mismatch",
                value=0,
                expected=gettext_noop("more than 0"),
            )

    def fines_fit(self) -> None:
        deal = self.deal
        if not self.has_figures:
            return
        if len(deal.fines) > 1:
            self.fail(
                "fines",
                "offence_invalid",
                what=gettext_noop("A deal has at most one fine."),
            )
        for i, fine in enumerate(deal.fines):
            if fine.offence not in OFFENCES:
                self.fail(
                    f"fines[{i}].offence",
                    "offence_invalid",
                    what=phrase(
                        gettext_noop("'{offence}' is not an offence: revoke, faulty_discard."), offence=fine.offence
                    ),
                )

    def hand_bonuses_fit(self) -> None:
        deal, rules = self.deal, self.rules
        if not deal.hand_bonuses:
            return
        usable = [b for b in rules.hand_bonuses if b != "many_trumps" or rules.trump_bonus > 0]
        claims: dict[str, list[str]] = {}
        for i, bonus in enumerate(deal.hand_bonuses):
            if bonus.bonus not in usable:
                self.fail(f"hand_bonuses[{i}].bonus", "figure_not_in_contract", figure=bonus.bonus, **self.what)
                continue
            needs_bid = ("trull", "four_kings") + (("two_honours",) if rules.fejek_needs_bid else ())
            if rules.preset == "tapper" and bonus.bonus in needs_bid:
                bidders = set(deal.bidders or ()) | {deal.declarer}
                if bonus.player not in bidders:
                    self.fail(f"hand_bonuses[{i}].player", "bonus_needs_bid", player=bonus.player, bonus=bonus.bonus)
            claims.setdefault(bonus.player, []).append(bonus.bonus)
        why = hand_conflict(claims, rules.preset)
        if why:
            self.fail("hand_bonuses", "hand_bonus_conflict", what=why)


def _no_game_keys(no_game: str) -> tuple[set[str], set[str]]:
    """(keys a no-game deal may state, keys it must state): a bid or a throw-in names its player."""
    allowed, required = {"dealer", "no_game"}, set()
    if no_game in ("honourless_bid", "thrown"):
        required.add("declarer")
    if no_game != "all_pass":
        allowed.add("declarer")
    return allowed | required, required


def _stromann_keys(allowed: set[str], contract: str | None) -> tuple[set[str], set[str]]:
    """(keys a Strómann deal may state, keys it must state): no announcements, a simple game no declarer."""
    allowed |= {"card_points", "tricks", "hand_bonuses", "ultimo"}
    required = {"card_points"} | ({"declarer"} if contract == "game" else set())
    if contract == "simple":
        allowed.discard("declarer")
    return allowed, required


# The checks of every deal whose dealer and kind are known, in the order their problems are listed.
DEAL_CHECKS: tuple[Callable[[_DealCheck], None], ...] = (
    _DealCheck.keys_fit_the_contract,
    _DealCheck.declarer_is_active,
)

# And of a deal that is played (not a no-game deal), after those.
GAME_CHECKS: tuple[Callable[[_DealCheck], None], ...] = (
    _DealCheck.named_players_are_active,
    _DealCheck.contras_in_range,
    _DealCheck.rules_of_the_game,
    _DealCheck.points_and_tricks_in_range,
    _DealCheck.figures_fit,
    _DealCheck.fines_fit,
    _DealCheck.hand_bonuses_fit,
)


def hand_conflict(claims: dict[str, list[str]], preset: str) -> Phrase | None:
    """Why these hand bonuses cannot all be true, or None."""
    every = [bonus for bonuses in claims.values() for bonus in bonuses]
    for player, bonuses in claims.items():
        if len(set(bonuses)) < len(bonuses):
            return phrase(gettext_noop("{player} claims a bonus twice."), player=player)
        if "trull" in bonuses and "two_honours" in bonuses:
            return phrase(gettext_noop("{player} claims trull and fejek in one hand."), player=player)
        if preset == "trisak" and len({"four_kings", "trull", "small_honours"} & set(bonuses)) > 1:
            return phrase(gettext_noop("{player} claims only one of four kings, trull, kis honnőrök."), player=player)
    for bonus in ("trull", "four_kings"):
        if every.count(bonus) > 1:
            return phrase(gettext_noop("Only one hand can hold {bonus}."), bonus=bonus)
    if every.count("eight_trumps") > 2:
        return phrase(gettext_noop("Three hands of eight trumps need 24 of the 22 trumps."))
    honours = sum(HAND_CARDS.get(b, (0, 0))[0] for b in every)
    kings = sum(HAND_CARDS.get(b, (0, 0))[1] for b in every)
    mixed = every.count("small_honours")  # four of honours and kings, at least one of each
    low = max(mixed, 4 * mixed - (4 - kings))
    high = min(3 * mixed, 3 - honours)
    if honours > 3 or kings > 4 or honours + kings + 4 * mixed > 7 or low > high:
        return phrase(gettext_noop("These claims need more honours or kings than the pack has (3 honours, 4 kings)."))
    return None
