"""What the API reads and writes. Money is never computed here: it comes from `club.services`,
`club.services.balances` and the rules engine's own events (`club.api.settlement`)."""

from __future__ import annotations

from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.validators import ProhibitSurrogateCharactersValidator

from club import access, families
from club.access import Requester
from club.inputs import MAX_ID_DIGITS, MAX_REASON, check_text
from club.models import LANGUAGE_CHOICES, TILL_METHODS, Club, DealVersion, Member, Payment, Season, Sitting, Table
from club.services import balances
from club.services import members as member_office

from .schemas import DEAL_RECORD
from .settlement import close_event, deal_events

# The JSON types the schema says, and only those: DRF would also read "12" and 12.0 as 12, "yes"
# as true and 12 as "12", which the schema forbids (schemathesis sends them as invalid data).


class TextField(serializers.CharField):
    """Free text, checked as the forms check it (`club.inputs.check_text`): one message per problem.
    A JSON string only; the schema shows the same rule as a pattern (`club.api.openapi`)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        own = (ProhibitNullCharactersValidator, ProhibitSurrogateCharactersValidator)
        self.validators = [v for v in self.validators if not isinstance(v, own)] + [check_text]

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        # The schema's maxLength counts the string as sent: measured before whitespace is trimmed.
        if self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)


class WholeNumberField(serializers.IntegerField):
    """A JSON integer only: not "12", 12.0 or true."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


MAX_ID = 10**MAX_ID_DIGITS - 1  # an id has 1 to 18 digits (`club.inputs`)


class IdField(WholeNumberField):
    """An object's id as a JSON integer, in the range ids have."""

    def __init__(self, **kwargs):
        super().__init__(min_value=1, max_value=MAX_ID, **kwargs)


class YesNoField(serializers.BooleanField):
    """A JSON true or false only: not "yes", "1" or 1."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class ApiRootSerializer(serializers.Serializer):
    """Where everything of the API is: its description and its top-level resources."""

    schema = serializers.URLField(help_text=_("The OpenAPI schema."))
    docs = serializers.URLField(help_text=_("Swagger UI."))
    redoc = serializers.URLField(help_text=_("Redoc."))
    clubs = serializers.URLField()
    members = serializers.URLField()
    seasons = serializers.URLField()
    tables = serializers.URLField()
    sittings = serializers.URLField()
    deals = serializers.URLField()


# --- the rules engine's shapes (described for the schema; the engine produces the values) ----


class ProblemSerializer(serializers.Serializer):
    deal = serializers.IntegerField(allow_null=True, help_text=_("The deal number; null for the sitting."))
    field = serializers.CharField(help_text=_("Path in the record, e.g. melds.Bent.taroks."))
    code = serializers.CharField(help_text=_("A stable code for programs."))
    message = serializers.CharField()
    message_da = serializers.CharField()


class ErrorListSerializer(serializers.Serializer):
    """Every problem found, exactly as `python -m rules replay` prints them; nothing was written."""

    def get_fields(self) -> dict[str, serializers.Field]:
        # Declared here, not as a class attribute, so as not to hide Serializer.errors.
        return {"errors": ProblemSerializer(many=True)}


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


# What a table's cups hold, one integer for each cup of every family, by the cup's key.
CupsSerializer = type(
    "CupsSerializer", (serializers.Serializer,), {cup.key: serializers.IntegerField() for cup in families.cups()}
)


class LineItemSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text=_("The rule's stable key, e.g. stake or meld.taroks."))
    ref = serializers.CharField(help_text=_("Where the rule stands in the sources, e.g. 001 L258."))
    postings = serializers.DictField(child=serializers.IntegerField(), help_text=_("Points by account; they sum to 0."))
    player = serializers.CharField(required=False)
    card = serializers.CharField(required=False)


class EventSerializer(serializers.Serializer):
    """One settled event, as `python -m rules replay` prints it: Danish events carry the cups
    after them, Hungarian events the pot (ultimókassza) where the game keeps one."""

    kind = serializers.ChoiceField(choices=["funding", "deal", "close"])
    number = serializers.IntegerField(required=False)
    way = serializers.ChoiceField(
        choices=["split", "carry"], required=False, help_text=_("How a Hungarian sitting closed.")
    )
    items = LineItemSerializer(many=True)
    net = serializers.DictField(
        child=serializers.IntegerField(), required=False, help_text=_("Each member's net (deals only).")
    )
    cups_after = CupsSerializer(required=False, help_text=_("Danish games: the cups after the event."))
    pot_after = serializers.IntegerField(
        required=False, help_text=_("Hungarian games with a pot: the pot after the event.")
    )


@extend_schema_field(DEAL_RECORD, component_name="DealRecord")
class DealRecordField(serializers.JSONField):
    """A deal in the sitting-format shape; the rules engine validates it, not this field."""


# --- the club ---------------------------------------------------------------------------------


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "slug"]


class MemberSerializer(serializers.ModelSerializer):
    language = serializers.CharField(
        read_only=True, help_text=_("The language of his mail and statements: da, en, hu or sl; empty: the club's.")
    )

    class Meta:
        model = Member
        fields = ["id", "club", "name", "role", "active", "language"]


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = [
            "id",
            "club",
            "name",
            "starts_on",
            "ends_on",
            "preset",
            "overrides",
            "point_value_ore",
            "close",
            "at_close",
            "closed_at",
        ]
        read_only_fields = ["at_close", "closed_at"]


class TableSerializer(serializers.ModelSerializer):
    family = serializers.SerializerMethodField(
        help_text=_("The family of the game the table plays (its last sitting's season, else the current one).")
    )
    accounts = serializers.SerializerMethodField(
        help_text=_(
            "What each of the table's own accounts holds now, by the name its family gives it "
            "(as python -m rules replay names them); none when its game keeps none."
        )
    )
    cups = serializers.SerializerMethodField(help_text=_("What the Pagatkop and Kongekop hold now."))
    pot = serializers.SerializerMethodField(help_text=_("What the ultimókassza (the Hungarian games' pot) holds now."))

    class Meta:
        model = Table
        fields = ["id", "club", "name", "family", "accounts", "cups", "pot"]

    def get_family(self, table: Table) -> str | None:
        game = self._game(table)
        return game.family.name if game is not None else None

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_accounts(self, table: Table) -> dict[str, int]:
        return balances.game_holdings(self._game(table), self._held(table))

    def _game(self, table: Table) -> Season | None:
        # A list reads every table's game at once (the view passes them as "games").
        games = self.context.get("games")
        return games[table.pk] if games is not None else balances.tables_games([table])[table.pk]

    @extend_schema_field(CupsSerializer)
    def get_cups(self, table: Table) -> dict:
        return balances.table_cups(table, self._held(table))

    def get_pot(self, table: Table) -> int:
        return self._held(table)["pot"]

    def _held(self, table: Table) -> dict[str, int]:
        # A list reads every table's holdings at once (the view passes them as "held").
        held = self.context.get("held")
        return held[table.pk] if held is not None else balances.table_holdings(table)


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    member = serializers.IntegerField(source="member_id")
    name = serializers.CharField()


class SittingSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    is_open = serializers.BooleanField(read_only=True)

    class Meta:
        model = Sitting
        fields = ["id", "season", "table", "date", "first_dealer", "seats", "is_open", "closed_at", "closed_how"]


class ClosedSittingSerializer(SittingSerializer):
    close = serializers.SerializerMethodField(
        help_text=_("The close of the sitting as settled; null if it moved nothing.")
    )

    class Meta(SittingSerializer.Meta):
        fields = [*SittingSerializer.Meta.fields, "close"]

    @extend_schema_field(EventSerializer(allow_null=True))
    def get_close(self, sitting: Sitting) -> dict | None:
        return close_event(sitting)


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": MAX_ID})
class _ScorableField(serializers.PrimaryKeyRelatedField):
    """An object of a club the requester scores for; anything else reads as "does not exist"."""

    def __init__(self, model, **kwargs):
        self.model = model
        super().__init__(queryset=model.objects.none(), **kwargs)

    def get_queryset(self):
        return self.model.objects.filter(club_id__in=Requester.of(self.context["request"]).clubs(access.SCORE))

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("incorrect_type", data_type=type(data).__name__)
        if not 1 <= data <= MAX_ID:
            self.fail("does_not_exist", pk_value=data)
        return super().to_internal_value(data)


class StartSittingSerializer(serializers.Serializer):
    season = _ScorableField(Season)
    table = _ScorableField(Table)
    members = serializers.ListField(
        child=_ScorableField(Member),
        min_length=2,
        max_length=5,
        help_text=_("Member ids in seat order, counter-clockwise: as many as the season's game seats (2 to 5)."),
    )
    first_dealer = _ScorableField(Member)
    date = serializers.DateField()

    # Whether these may sit together is club.services.sittings.start_sitting's call (InvalidSitting -> 400).


class CloseSittingSerializer(serializers.Serializer):
    how = serializers.ChoiceField(
        choices=Season.Close.choices,
        required=False,
        help_text=_("Split or carry the cups; the season's way if left out."),
    )


# --- deals and corrections ------------------------------------------------------------------


class DealSerializer(serializers.ModelSerializer):
    """A deal as its current version (or, answering a POST, the version that POST recorded)."""

    id = serializers.IntegerField(source="deal_id", read_only=True)
    sitting = serializers.IntegerField(source="deal.sitting_id", read_only=True)
    number = serializers.IntegerField(source="deal.number", read_only=True)
    record = DealRecordField(read_only=True)
    entered_by = serializers.SerializerMethodField(
        help_text=_("Who entered this version: his member name in the club, else the login; null for an import.")
    )

    class Meta:
        model = DealVersion
        fields = ["id", "sitting", "number", "version", "record", "entered_by", "entered_at", "reason"]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_entered_by(self, version: DealVersion) -> str | None:
        if version.entered_by_id is None:
            return None
        # A listed version has its author's name from the query (`member_office.with_author_names`).
        named = getattr(version, "author_name", None)
        return named or member_office.version_authors(version.deal.sitting.season.club, [version])[version.pk]


class DealSettlementSerializer(DealSerializer):
    events = serializers.SerializerMethodField(
        help_text=_("What this version settles to, as `rules replay` prints it.")
    )

    class Meta(DealSerializer.Meta):
        fields = [*DealSerializer.Meta.fields, "events"]

    @extend_schema_field(EventSerializer(many=True))
    def get_events(self, version: DealVersion) -> list[dict]:
        return deal_events(version, self.context.get("recorded"))


class CorrectionRequestSerializer(serializers.Serializer):
    record = DealRecordField(help_text=_("The whole corrected deal, as it should have been recorded."))
    reason = TextField(max_length=MAX_REASON, help_text=_("Why the deal is corrected; kept with the new version."))


class DifferenceSerializer(serializers.Serializer):
    sitting = serializers.IntegerField()
    event = serializers.CharField(help_text=_('The event\'s key: "funding:N", "deal:N" or "close".'))
    account = serializers.CharField(help_text=_("A member's name, cup:pagat, cup:king or pot."))
    member = serializers.IntegerField(allow_null=True)
    before = serializers.IntegerField(help_text=_("Points the ledger held for this event and account."))
    after = serializers.IntegerField(help_text=_("Points it holds now."))


class CorrectionSerializer(serializers.Serializer):
    deal = serializers.IntegerField()
    version = serializers.IntegerField()
    reason = serializers.CharField()
    differences = DifferenceSerializer(many=True)


# --- balances ---------------------------------------------------------------------------------


class StandingSerializer(serializers.Serializer):
    member = serializers.IntegerField(source="member_id")
    name = serializers.CharField()
    points = serializers.IntegerField()


class SeasonBalanceSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()


class UnaccountedPostingSerializer(serializers.Serializer):
    transaction = serializers.IntegerField(source="transaction_id", help_text=_("The ledger transaction's id."))
    value_date = serializers.DateField(help_text=_("The date the money counts for."))
    book = serializers.CharField(help_text=_("The ledger book it counts in, e.g. season:7 or payments."))
    amount = serializers.IntegerField(
        help_text=_("In the account's unit: points on the member's points account, øre on his payments account.")
    )
    ore = serializers.IntegerField(
        allow_null=True,
        help_text=_("What it adds to saldo_ore; null when no season of the club prices its points (not in the saldo)."),
    )


class BalanceSerializer(serializers.Serializer):
    member = serializers.IntegerField()
    name = serializers.CharField()
    saldo_ore = serializers.IntegerField(
        help_text=_(
            "The saldo: what the club owes the member (positive) or the member owes the club (negative) "
            "today, in øre, payments included; each season's points at its point value."
        )
    )
    points = serializers.IntegerField(
        help_text=_("All seasons' points together (not money: seasons differ in point value).")
    )
    seasons = SeasonBalanceSerializer(many=True, help_text=_("Each season's result in points."))
    unaccounted = UnaccountedPostingSerializer(
        many=True,
        help_text=_(
            "Postings on the member's accounts that no sitting, deal or payment of the club accounts for; "
            "empty unless money was moved past the club. As the ledger does, saldo_ore counts each one's ore "
            "and points each one on the points account; an official should look into them."
        ),
    )


# --- the office: members, seasons, tables written by officials ------------------------------------


class OfficeProblemSerializer(serializers.Serializer):
    field = serializers.CharField(help_text=_("The field that is refused, e.g. email."))
    code = serializers.CharField(help_text=_("A stable code for programs: invalid (the value) or refused (a rule)."))
    message = serializers.CharField(help_text=_("Why, in the request's language."))


class OfficeErrorListSerializer(serializers.Serializer):
    """Every problem found; nothing was written."""

    def get_fields(self) -> dict[str, serializers.Field]:
        return {"errors": OfficeProblemSerializer(many=True)}


class MemberWriteSerializer(serializers.Serializer):
    club = IdField(help_text=_("The club (on creation only)."))
    name = TextField(max_length=60)
    email = serializers.EmailField(max_length=150, required=False, allow_blank=True)
    role = serializers.ChoiceField(choices=Member.Role.choices, default=Member.Role.MEMBER)
    language = serializers.ChoiceField(
        choices=["", *(code for code, _name in LANGUAGE_CHOICES)],
        required=False,
        help_text=_("The language of his mail and statements: da, en, hu or sl; empty: the club's."),
    )
    active = YesNoField(required=False, help_text=_("False deactivates, true reactivates."))


class SeasonWriteSerializer(serializers.Serializer):
    club = IdField(help_text=_("The club (on creation only)."))
    name = TextField(max_length=80)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    preset = serializers.ChoiceField(choices=[p for p, _label in families.preset_choices()])
    overrides = serializers.DictField(
        required=False, default=dict, help_text=_('What differs from the preset, e.g. {"nolo": 30} or {"pot": true}.')
    )
    point_value_ore = WholeNumberField(min_value=1, max_value=100_000, default=1)
    close = serializers.ChoiceField(choices=Season.Close.choices, default=Season.Close.SPLIT)


class TableWriteSerializer(serializers.Serializer):
    club = IdField(help_text=_("The club (on creation only)."))
    name = TextField(max_length=60)
    active = YesNoField(required=False, help_text=_("False retires the table, true takes it back."))


class PaymentSerializer(serializers.ModelSerializer):
    note = serializers.CharField(
        source="note_words", read_only=True, help_text=_("The note, in the requester's language if the club wrote it.")
    )
    signed_ore = serializers.IntegerField(
        read_only=True,
        help_text=_("What it does to the member's saldo: + paid in, − paid out; a reversal the opposite."),
    )

    class Meta:
        model = Payment
        fields = [
            "id",
            "club",
            "member",
            "direction",
            "amount_ore",
            "signed_ore",
            "method",
            "paid_on",
            "note",
            "sitting",
            "reverses",
            "reason",
            "recorded_at",
        ]


class WholeOreField(WholeNumberField):
    """An amount in whole øre, as a JSON integer: a client's kroner-as-text is refused with a
    message that says how to write it."""

    default_error_messages = {"invalid": _("Whole øre as a JSON integer, e.g. 12050 for 120,50 kr.")}


class PaymentWriteSerializer(serializers.Serializer):
    member = IdField(help_text=_("The member who paid in or was paid out."))
    direction = serializers.ChoiceField(choices=Payment.Direction.choices)
    amount_ore = WholeOreField(min_value=1, max_value=10_000_000, help_text=_("The amount in øre: 12000 = 120,00 kr."))
    method = serializers.ChoiceField(choices=TILL_METHODS)
    paid_on = serializers.DateField()
    note = TextField(max_length=200, required=False, allow_blank=True, default="")


class PaymentReversalSerializer(serializers.Serializer):
    reason = TextField(max_length=MAX_REASON, help_text=_("Why the payment is reversed."))
