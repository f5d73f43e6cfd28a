"""Clubs, members, seasons, tables, sittings and deal versions.

Money never lives here: payments are computed by ``rules`` and posted by ``ledger``. A deal's
record is kept as versions that are never changed: a correction adds a version and makes it
current, and the ledger posts the difference.
"""

from __future__ import annotations

import datetime
from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.expressions import Combinable
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django_scopes import ScopedManager  # type: ignore[import-untyped]

from ledger.models import AppendOnly, AppendOnlyQuerySet, ImmutableLedgerError, Transaction

from . import families
from .inputs import check_name, check_text

# The languages a club, a member and a login may choose (settings.LANGUAGES: da, en, hu, sl).
LANGUAGE_CHOICES = settings.LANGUAGES


def scoped_to_club(path: str, manager_class: type[models.Manager] = models.Manager) -> Any:
    """The default manager of a club's rows, reached from the row by `path` (Django lookup).

    Outside a club scope (`django_scopes.scope(club=...)`, activated per request in
    club/scoping.py) every query of it raises `ScopeError`; inside one it sees only the scope's
    club or clubs, so a query that forgets to filter by club cannot read another club's rows.
    Following a relation forward (`deal.sitting`) uses Django's plain base manager: the row it
    starts from was already scoped.

    mypy's Django plugin cannot see the manager class django-scopes makes at run time: each
    `objects` is annotated with the manager it behaves as, and the models its rows point to say
    `type: ignore[django-manager-missing]` for their reverse managers.
    """
    return ScopedManager(_manager_class=manager_class, club=path)


class GrantedColumns(models.Model):
    """A row the app role may change only column by column (scripts/app-role.sql grants UPDATE on
    `UPDATABLE` and on nothing else of the table: never its club). A save of a stored row that
    names no `update_fields` writes only those, so the office, the API and the admin never send
    a column the role may not write (PostgreSQL refuses an UPDATE that sets one, even unchanged)."""

    UPDATABLE: ClassVar[tuple[str, ...]] = ()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = self.UPDATABLE
        super().save(*args, **kwargs)


# Deal versions, ledger entries and payments refuse bulk writes (ledger.models.AppendOnly) in scope too.
AppendOnlyManager = models.Manager.from_queryset(AppendOnlyQuerySet)


class Club(GrantedColumns):  # type: ignore[django-manager-missing]
    """The root of every scope (club/scoping.py): not scoped itself, since a request finds its
    club by the URL's short name before any scope exists."""

    UPDATABLE = ("name", "slug", "language", "mobilepay", "bank_account", "payment_note")

    name = models.CharField(_("name"), max_length=120, validators=[check_text])
    slug = models.SlugField(_("short name"), unique=True)
    # What the club's mail speaks to a member who chose no language of his own.
    language = models.CharField(_("language"), max_length=5, choices=LANGUAGE_CHOICES, default="da")
    created_at = models.DateTimeField(auto_now_add=True)
    # How a member pays the club what he owes: named in the statement's mail and on the club page.
    mobilepay = models.CharField(_("MobilePay number"), max_length=20, blank=True, default="")
    bank_account = models.CharField(_("bank account"), max_length=40, blank=True, default="")
    payment_note = models.TextField(_("how to pay"), max_length=500, blank=True, default="")

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Member(models.Model):  # type: ignore[django-manager-missing]
    class Role(models.TextChoices):
        MEMBER = "member", _("member")
        SCORER = "scorer", _("scorer")
        ADMIN = "admin", _("club admin")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="members")
    name = models.CharField(_("name"), max_length=80, validators=[check_name])
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.SCORER)
    # Where the club reaches the member (invitation, statements); his login, if any, has the same.
    email = models.EmailField(_("email"), max_length=150, blank=True)
    # His mail and statements speak it; empty: the club's.
    language = models.CharField(_("language"), max_length=5, choices=LANGUAGE_CHOICES, blank=True)
    active = models.BooleanField(_("active"), default=True)
    # The member's ledger account (owner key "member:<id>"), opened when first seated.
    account = models.OneToOneField(
        "ledger.Account", on_delete=models.PROTECT, null=True, blank=True, editable=False, related_name="member"
    )
    # His payments account (owner key "member:<id>", kind "payments"; øre, not points), opened
    # with his first payment.
    payments_account = models.OneToOneField(
        "ledger.Account", on_delete=models.PROTECT, null=True, blank=True, editable=False, related_name="payer"
    )

    objects: ClassVar[models.Manager[Member]] = scoped_to_club("club")

    class Meta:
        ordering = ["name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="member_name_unique_in_club"),
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_user_and_club"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        # The account links are written once, by `bookkeeping.member_account` and
        # `till.payments_account`, and never from an instance: one loaded before the member's
        # first sitting or payment would write it back empty. A member never changes club (the
        # app role may not write club_id: scripts/app-role.sql).
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name not in ("club", "account", "payments_account")
            ]
        super().save(*args, **kwargs)


class LoginLanguage(models.Model):
    """The language a login chose for its pages and its own mail (a password reset); a login
    without a row follows its browser, and its mail its first membership's language."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="chosen_language"
    )
    language = models.CharField(_("language"), max_length=5, choices=LANGUAGE_CHOICES)

    class Meta:
        verbose_name = _("login's language")
        verbose_name_plural = _("logins' languages")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language}"


class JoinRequest(GrantedColumns):
    """A club's request that an existing login become the login of one of its members.

    An official never links a login himself: a member whose address already belongs to a login
    (of this or another club) is saved without one, and the login's owner, mailed at the login's
    own address, accepts or declines once signed in. Open while `decided_at` is empty; `accepted`
    says how it was decided.
    """

    objects: ClassVar[models.Manager[JoinRequest]] = scoped_to_club("member__club")
    UPDATABLE = ("decided_at", "accepted")  # answered once

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="join_requests", verbose_name=_("member"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="join_requests", verbose_name=_("login")
    )
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    decided_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    accepted = models.BooleanField(_("accepted"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("join request")
        verbose_name_plural = _("join requests")
        constraints = [
            models.UniqueConstraint(
                fields=["member"], condition=Q(decided_at__isnull=True), name="one_open_join_request_per_member"
            ),
            models.CheckConstraint(
                condition=Q(decided_at__isnull=True, accepted__isnull=True)
                | Q(decided_at__isnull=False, accepted__isnull=False),
                name="join_request_open_or_decided",
            ),
        ]

    def __str__(self) -> str:
        return self.member.name


class SeasonEnd(models.TextChoices):
    """What a season's close does with what the tables hold of it."""

    SPLIT = "split", _("split what each table holds among the members who played there")
    CARRY = "carry", _("carry what each table holds into the next season, at the money it holds")


class Season(GrantedColumns):  # type: ignore[django-manager-missing]
    UPDATABLE = (
        "name",
        "starts_on",
        "ends_on",
        "preset",
        "overrides",
        "point_value_ore",
        "close",
        "at_close",
        "closed_at",
    )

    class Close(models.TextChoices):
        SPLIT = "split", _("split the cups (or the pot) among the table")
        CARRY = "carry", _("carry the cups (or the pot) to the next sitting")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(_("name"), max_length=80, validators=[check_text])
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    preset = models.CharField(
        _("rule set"), max_length=20, choices=families.preset_choices, default=families.DEFAULT_PRESET
    )
    overrides = models.JSONField(_("rule overrides"), default=dict, blank=True)
    point_value_ore = models.PositiveIntegerField(
        _("point value in øre"), default=1, help_text=_("001: 1 point = 1 øre.")
    )
    close = models.CharField(_("end of sitting"), max_length=5, choices=Close.choices, default=Close.SPLIT)
    # What the tables' cups or pot hold of this season when an official closes it
    # (club.services.season_close): split among the members who played there, or carried into
    # the next season at the money they hold.
    at_close = models.CharField(_("end of season"), max_length=5, choices=SeasonEnd.choices, default=SeasonEnd.CARRY)
    # Set once, when an official closes the season: no sitting of it starts afterwards.
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True, editable=False)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, editable=False, related_name="+"
    )

    objects: ClassVar[models.Manager[Season]] = scoped_to_club("club")

    class Meta:
        ordering = ["-starts_on"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_unique_in_club"),
            models.CheckConstraint(condition=Q(ends_on__gte=models.F("starts_on")), name="season_ends_after_start"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def family(self) -> families.Family:
        """Danish Tarok or Hungarian tarokk, by the preset."""
        return families.of(self.preset)

    def ruleset(self):
        return self.family.rules_family.ruleset(self.preset, self.overrides)

    def clean(self) -> None:
        _ruleset, problems = self.family.rules_family.resolve(
            self.preset, self.overrides
        )  # not `_`: that is gettext here
        if problems:
            raise ValidationError({"overrides": [p.message for p in problems]})
        # Settled deals were priced with these rules; changing them would make the ledger
        # disagree with its own history.
        if self.pk and self.sittings.exists():
            stored = Season.objects.only("preset", "overrides").get(pk=self.pk)
            if (stored.preset, stored.overrides) != (self.preset, self.overrides):
                raise ValidationError(_("The rules of a season cannot change once it has sittings."))


class Table(GrantedColumns):  # type: ignore[django-manager-missing]
    """A card table of the club. It owns its table accounts (the Danish cups, a Hungarian pot);
    sittings at it follow one another."""

    UPDATABLE = ("name", "active")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tables")
    name = models.CharField(_("name"), max_length=60, validators=[check_text])
    # A retired table keeps its history (sittings, cups) but takes no new sitting.
    active = models.BooleanField(_("in use"), default=True)

    objects: ClassVar[models.Manager[Table]] = scoped_to_club("club")

    class Meta:
        ordering = ["name"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="table_name_unique_in_club")]

    def __str__(self) -> str:
        return self.name


class Sitting(models.Model):  # type: ignore[django-manager-missing]
    """An evening at one table: its members in seat order, and the deals they play."""

    # Its deals by number with their current versions, when a replay reads a table (not a field).
    deals_in_order: list[Deal]

    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="sittings")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="sittings")
    date = models.DateField(_("date"))
    first_dealer = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_how = models.CharField(max_length=5, choices=Season.Close.choices, blank=True)
    # What the table carries into the sitting's next deal, after its last deal (or its opening
    # funding), in its family's shape (club.families): Danish {"pagat": n, "king": n,
    # "previous_dealer": name}, Hungarian {"pot": n}. Kept so that recording a deal
    # replays nothing; `ledger_check` replays everything and compares it.
    state = models.JSONField(default=dict, editable=False)

    objects: ClassVar[models.Manager[Sitting]] = scoped_to_club("season__club")

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("sitting")
        verbose_name_plural = _("sittings")
        constraints = [
            # The cups pass from one sitting to the next: a table has one open sitting at a time.
            models.UniqueConstraint(
                fields=["table"], condition=Q(closed_at__isnull=True), name="one_open_sitting_per_table"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.date}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None

    def seat_names(self) -> list[str]:
        return [seat.name for seat in self.seats.all()]


class Seat(models.Model):
    """A member's place at a sitting. The name is kept as it was, since records use names."""

    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, related_name="seats")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=80)
    # What the member won or lost at the sitting: kept with each of the sitting's ledger entries, in
    # the transaction that posts it (club.services.bookkeeping), so a season's chart reads seats,
    # never postings.
    points = models.BigIntegerField(default=0, db_default=0, editable=False)
    # The member's statistics of the sitting (club.services.stats), kept as a cache: `changes` is
    # counted up with every deal version (a trigger, club/triggers.py) and ledger entry
    # (club.services.bookkeeping) of the sitting, `stats_of` is the count the kept `stats` were taken at.
    changes = models.BigIntegerField(default=0, db_default=0, editable=False)
    stats_of = models.BigIntegerField(null=True, editable=False)
    stats = models.JSONField(null=True, editable=False)

    objects: ClassVar[models.Manager[Seat]] = scoped_to_club("sitting__season__club")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["sitting", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["sitting", "member"], name="seat_member_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Deal(models.Model):  # type: ignore[django-manager-missing]
    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, related_name="deals")
    number = models.PositiveIntegerField()
    # NULL only inside the transaction that records the deal, until its first version exists;
    # every reader sees a version, so the type says so.
    current_version: models.OneToOneField[DealVersion | None, DealVersion] = models.OneToOneField(  # type: ignore[misc]
        "DealVersion", on_delete=models.PROTECT, null=True, related_name="current_of"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The table's state as this deal began, in `Sitting.state`'s shape: what settles any version
    # of the deal without replaying the ones before it. A correction of an earlier deal updates it.
    state_before = models.JSONField(default=dict, editable=False)

    objects: ClassVar[models.Manager[Deal]] = scoped_to_club("sitting__season__club")

    class Meta:
        ordering = ["sitting", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [models.UniqueConstraint(fields=["sitting", "number"], name="deal_number_unique_in_sitting")]

    def __str__(self) -> str:
        return f"{self.sitting} #{self.number}"


class DealVersion(AppendOnly):  # type: ignore[django-manager-missing]
    """One immutable version of a deal's record (the sitting-format deal object).

    Never updated or deleted: the ORM refuses (querysets included), and on PostgreSQL a trigger
    (migration 0004) refuses any SQL.
    """

    append_only_reason = "is a kept version of a deal's record"

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="versions")
    version = models.PositiveIntegerField()
    record = models.JSONField()
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+")
    entered_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)
    # "<user id>:<sitting id>:<the client's key>" (club.services.deals.scoped_key).
    idempotency_key = models.CharField(max_length=120, null=True, blank=True)

    objects: ClassVar[AppendOnlyManager[DealVersion]] = scoped_to_club("deal__sitting__season__club", AppendOnlyManager)

    class Meta:
        ordering = ["deal", "version"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "version"], name="deal_version_unique"),
            # Named, like deal_number_unique_in_sitting: record_deal tells a lost race by these names.
            models.UniqueConstraint(fields=["idempotency_key"], name="deal_version_idempotency_key_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.deal} v{self.version}"


class LedgerEntry(AppendOnly):
    """What one ledger transaction settles, as the club knows it: an event of a sitting
    ("funding:1", "deal:3", "close"), the deal version whose record it settles and the version
    whose entry made it happen (a correction re-settles later deals too). The ledger itself keeps
    only a reference string; this is the club's link into it, written with the transaction."""

    class Kind(models.TextChoices):
        FUNDING = "funding", _("funding")
        DEAL = "deal", _("deal")
        CLOSE = "close", _("close")
        REVERSAL = "reversal", _("reversal")

    transaction = models.OneToOneField(
        "ledger.Transaction", on_delete=models.PROTECT, primary_key=True, related_name="entry"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, related_name="entries")
    event = models.CharField(max_length=20)
    deal_version = models.ForeignKey(
        DealVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    caused_by = models.ForeignKey(
        DealVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="caused_entries"
    )
    # The season's point value when this was posted (a reversal: its original's): a saldo is points
    # times the season's value, so a value changed afterwards would change saldi without a
    # posting; `ledger_check` names any season whose value is no longer its entries'.
    point_value_ore = models.PositiveIntegerField()

    objects: ClassVar[AppendOnlyManager[LedgerEntry]] = scoped_to_club("sitting__season__club", AppendOnlyManager)

    class Meta:
        ordering = ["transaction"]
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")
        indexes = [models.Index(fields=["sitting", "event"], name="ledger_entry_sitting_event")]

    def __str__(self) -> str:
        return f"{self.sitting} {self.event} (#{self.pk})"


class Dispute(models.Model):
    """A member's objection to a deal's settlement, and how an official answered it.

    Open while `resolution` is empty; an official either corrects the deal (the version the
    correction made is kept) or closes the dispute with a reason. The deal itself never changes
    here: a correction goes through `club.services.corrections.correct_deal` like any other.
    """

    class Resolution(models.TextChoices):
        CORRECTED = "corrected", _("corrected")
        CLOSED = "closed", _("closed")

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="disputes")
    raised_by = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="disputes_raised")
    comment = models.TextField(_("comment"))
    raised_at = models.DateTimeField(auto_now_add=True)
    resolved_by = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="disputes_resolved"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution = models.CharField(_("resolution"), max_length=10, choices=Resolution.choices, blank=True)
    correction = models.ForeignKey(
        DealVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="disputes_resolved"
    )
    close_reason = models.TextField(_("reason for closing"), blank=True)

    objects: ClassVar[models.Manager[Dispute]] = scoped_to_club("deal__sitting__season__club")

    class Meta:
        ordering = ["raised_at", "id"]
        verbose_name = _("dispute")
        verbose_name_plural = _("disputes")
        constraints = [
            models.CheckConstraint(
                condition=Q(resolution="", resolved_by__isnull=True, resolved_at__isnull=True, correction__isnull=True)
                | Q(
                    resolution="corrected",
                    resolved_by__isnull=False,
                    resolved_at__isnull=False,
                    correction__isnull=False,
                )
                | (
                    Q(
                        resolution="closed",
                        resolved_by__isnull=False,
                        resolved_at__isnull=False,
                        correction__isnull=True,
                    )
                    & ~Q(close_reason="")
                ),
                name="dispute_open_corrected_or_closed_with_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deal}: {self.comment[:40]}"

    @property
    def is_open(self) -> bool:
        return not self.resolution


class Booking(AppendOnly):
    """A booking an official records and may reverse: kept as recorded, a wrong one is answered
    by its reversal (a second row naming it, with a reason), never edited. Its movement in the
    ledger is its `transaction`, which each booking declares with its own way back."""

    reverses = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by")
    reason = models.TextField(_("reason"), blank=True)  # why a reversal reverses
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True

    # The transaction's way back and the constraint's name are each booking's own, and Django's
    # %(class)s would spell neither ("tableopening"): the bookings pass them in.
    @staticmethod
    def ledger_transaction(
        related_name: str,
    ) -> models.OneToOneField[Transaction | Combinable | None, Transaction | None]:
        return models.OneToOneField(
            "ledger.Transaction", on_delete=models.PROTECT, null=True, blank=True, related_name=related_name
        )

    @staticmethod
    def reversal_has_a_reason(name: str) -> models.CheckConstraint:
        return models.CheckConstraint(
            condition=Q(reverses__isnull=True, reason="") | (Q(reverses__isnull=False) & ~Q(reason="")), name=name
        )


class Payment(Booking):
    """Money that changed hands between a member and the club's till: paid in by the member, or
    paid out to him. Kept as it was recorded; a wrong one is answered by its reversal (a second
    row naming it), never edited. The ledger holds the same movement (`transaction`), in øre."""

    append_only_reason = "is a recorded payment"

    class Direction(models.TextChoices):
        IN = "in", _("paid in")
        OUT = "out", _("paid out")

    class Method(models.TextChoices):
        CASH = "cash", _("cash")
        MOBILEPAY = "mobilepay", "MobilePay"
        BANK = "bank", _("bank transfer")
        # A saldo the club kept on paper before Tarokbog: booked against the club's
        # opening-balance account, never the till (club.services.opening).
        OPENING = "opening", _("carried over from paper")

    class Note(models.TextChoices):
        """A note the club writes itself, kept as its code and read in the reader's language."""

        SETTLED_AT_TABLE = "settled_at_table", _("Settled at the table")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="payments")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="payments")
    direction = models.CharField(_("direction"), max_length=3, choices=Direction.choices)
    amount_ore = models.PositiveBigIntegerField(_("amount in øre"))
    method = models.CharField(_("method"), max_length=10, choices=Method.choices)
    paid_on = models.DateField(_("date"))
    note = models.CharField(_("note"), max_length=200, blank=True)  # an official's, as typed
    note_code = models.CharField(_("note"), max_length=20, choices=Note.choices, blank=True)
    # A payment settled at the table when its sitting closed.
    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, null=True, blank=True, related_name="payments")
    transaction = Booking.ledger_transaction(related_name="payment")
    # The client's key for this request (an API's Idempotency-Key, the office form's own), with the
    # official who sent it and the club (club.services.payments.scoped_key): a request sent again
    # answers with this payment (or reversal) instead of recording a second.
    idempotency_key = models.CharField(max_length=120, null=True, blank=True, unique=True)

    objects: ClassVar[AppendOnlyManager[Payment]] = scoped_to_club("club", AppendOnlyManager)

    class Meta:
        ordering = ["-paid_on", "-id"]
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        constraints = [
            models.CheckConstraint(condition=Q(amount_ore__gt=0), name="payment_amount_positive"),
            Booking.reversal_has_a_reason(name="payment_reversal_has_a_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.get_direction_display()} {self.amount_ore / 100:.2f}"

    @property
    def is_opening(self) -> bool:
        return self.method == self.Method.OPENING

    @property
    def note_words(self) -> str:
        """The note as the reader reads it: the club's own in his language, else as typed."""
        return self.get_note_code_display() if self.note_code else self.note

    @property
    def signed_ore(self) -> int:
        """What it does to the member's saldo: + paid in, − paid out; a reversal the opposite."""
        signed = self.amount_ore if self.direction == self.Direction.IN else -self.amount_ore
        return -signed if self.reverses_id else signed


class TableOpening(Booking):
    """What one of a table's own accounts (a cup, the pot) held in points on paper, carried over
    before the table's first sitting: booked against the club's opening-balance account for
    points (club.services.opening). Kept as recorded; a wrong one is answered by its reversal (a
    second row naming it, with a reason), while the table has not played yet."""

    append_only_reason = "is a recorded opening holding"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="table_openings")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="openings")
    # The season the table is to play: its rule set declares which accounts the table keeps.
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="table_openings")
    account = models.CharField(_("account"), max_length=20)  # the engine's name: "cup:pagat", "pot"
    points = models.PositiveIntegerField(_("points"))
    opened_on = models.DateField(_("date"))
    transaction = Booking.ledger_transaction(related_name="table_opening")

    objects: ClassVar[AppendOnlyManager[TableOpening]] = scoped_to_club("club", AppendOnlyManager)

    class Meta:
        ordering = ["-recorded_at", "-id"]
        verbose_name = _("opening holding")
        verbose_name_plural = _("opening holdings")
        constraints = [
            models.CheckConstraint(condition=Q(points__gt=0), name="table_opening_points_positive"),
            Booking.reversal_has_a_reason(name="table_opening_reversal_has_a_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.account} {self.points}"

    @property
    def account_label(self) -> str:
        """The game's word for the account: Pagatkop, Kongekop, kassza."""
        return families.table_account_name(self.account)

    @property
    def signed_points(self) -> int:
        """What it does to the table's account: + carried over, − a reversal."""
        return -self.points if self.reverses_id else self.points


class UnaccountedTransaction(models.Model):
    """A ledger transaction no club record accounts for: neither a ledger entry, a payment nor a
    table's opening holding names it (`club.services.accounting`). Kept by the database itself
    (`club.triggers`): each new transaction comes in here, and leaves when a record naming it is
    written, in the same database transaction; it comes back if that record goes. So the pages
    that flag money posted past the club's services read these few rows, never a member's every
    posting. Nothing else may write it: the ORM refuses here, the database refuses any row that
    is not so; `ledger_check` compares it with the records (`accounting.drifted_unaccounted`)."""

    transaction = models.OneToOneField(
        "ledger.Transaction", on_delete=models.PROTECT, primary_key=True, related_name="unaccounted"
    )

    objects = AppendOnlyQuerySet.as_manager()
    append_only_reason = "is kept by the database from the club's records"

    class Meta:
        verbose_name = _("unaccounted transaction")
        verbose_name_plural = _("unaccounted transactions")

    def __str__(self) -> str:
        return f"#{self.pk}"

    def save(self, *args, **kwargs):
        raise ImmutableLedgerError(f"UnaccountedTransaction {self.append_only_reason}: it cannot be written.")

    def delete(self, *args, **kwargs):
        raise ImmutableLedgerError(f"UnaccountedTransaction {self.append_only_reason}: it cannot be deleted.")


# The ways money changes hands at the till: what an official records as a payment.
TILL_METHODS = [(value, label) for value, label in Payment.Method.choices if value != Payment.Method.OPENING]


class SeasonSettlement(AppendOnly):
    """What one table held of a season when an official closed it, and what became of it
    (club.services.season_close): split among the members who played there (one transaction in
    the season's book), or carried into the next season at the money it held (out of the season's
    book, into the next one's at its point value, the øre that make no whole point to the club's
    own account: three transactions). Written once with its transactions, never changed."""

    append_only_reason = "is a season's recorded close"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="season_settlements")
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="settlements")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="season_settlements")
    how = models.CharField(_("end of season"), max_length=5, choices=SeasonEnd.choices)
    # The table's last sitting of the season (none when it only held points from paper): the
    # replay of the table's sittings starts afresh after it (club.services.replay).
    after_sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    into = models.ForeignKey(Season, on_delete=models.PROTECT, null=True, blank=True, related_name="carried_in")
    held = models.JSONField(default=dict)  # engine name -> points of the season held at the close
    carried = models.JSONField(default=dict)  # engine name -> points it holds in `into`
    rest_ore = models.PositiveIntegerField(default=0)  # øre that made no whole point: the club's
    split_transaction = Booking.ledger_transaction(related_name="season_split")
    out_transaction = Booking.ledger_transaction(related_name="season_out")
    in_transaction = Booking.ledger_transaction(related_name="season_in")
    rest_transaction = Booking.ledger_transaction(related_name="season_rest")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    objects: ClassVar[AppendOnlyManager[SeasonSettlement]] = scoped_to_club("club", AppendOnlyManager)

    class Meta:
        ordering = ["season", "table"]
        verbose_name = _("season settlement")
        verbose_name_plural = _("season settlements")
        constraints = [
            models.UniqueConstraint(fields=["season", "table"], name="one_settlement_per_season_and_table"),
        ]

    def __str__(self) -> str:
        return f"{self.season} {self.table} {self.how}"


class StatementMailing(models.Model):
    """A month's statements mailed (queued in the outbox): the whole club's (`member` empty) or one
    member's from the office, when and at whose word. A month is mailed once; a second mailing
    says it is sent again (`again`)."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="statement_mailings")
    month = models.DateField(_("month"))  # its first day
    member = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    again = models.BooleanField(default=False)
    sent_at = models.DateTimeField(auto_now_add=True)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    objects: ClassVar[models.Manager[StatementMailing]] = scoped_to_club("club")

    class Meta:
        ordering = ["-sent_at", "-id"]
        verbose_name = _("statement mailing")
        verbose_name_plural = _("statement mailings")

    def __str__(self) -> str:
        return f"{self.club} {self.month:%Y-%m}"


class PaymentReminder(models.Model):
    """A reminder mailed (queued in the outbox) to a member who owed the club more than the amount
    the treasurer typed (club.services.reminders): his saldo then, when and at whose word. A member
    gets at most one a calendar month (`month`, its first day); kept as written (on PostgreSQL the
    app may only add and read rows, scripts/app-role.sql)."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="payment_reminders")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")
    month = models.DateField(_("month"))  # its first day
    saldo_ore = models.BigIntegerField()  # < 0: what he owed when reminded
    sent_at = models.DateTimeField(default=timezone.now)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    objects: ClassVar[models.Manager[PaymentReminder]] = scoped_to_club("club")

    class Meta:
        ordering = ["-sent_at", "-id"]
        verbose_name = _("payment reminder")
        verbose_name_plural = _("payment reminders")
        constraints = [models.UniqueConstraint(fields=["member", "month"], name="one_payment_reminder_a_month")]

    def __str__(self) -> str:
        return f"{self.member} {self.month:%Y-%m}"

    @property
    def sent_on(self) -> datetime.date:
        """The club's day it was sent (`sent_at` is kept in UTC)."""
        return timezone.localdate(self.sent_at)


class ClubMail(models.Model):
    """A mail of the club in the outbox (an invitation, a statement), so the office can show the
    club's mails that wait or failed. Password resets belong to no club and have no row here."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="mails")
    email = models.OneToOneField("post_office.Email", on_delete=models.CASCADE, related_name="club_mail")

    objects: ClassVar[models.Manager[ClubMail]] = scoped_to_club("club")

    class Meta:
        verbose_name = _("club mail")
        verbose_name_plural = _("club mails")

    def __str__(self) -> str:
        return f"{self.club}: {self.email_id}"


class Throttle(models.Model):
    """The latest attempts of one kind (`scope`) by one requester (`key`, a hash of an address or
    a client), kept in the database so every worker process, and a restart, count the same."""

    scope = models.CharField(max_length=30)
    key = models.CharField(max_length=64)
    attempts = models.JSONField(default=list)  # their times (Unix seconds), oldest first
    last_attempt = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "key"], name="throttle_one_row_per_key")]

    def __str__(self) -> str:
        return f"{self.scope} {self.key[:12]}"


class ClubEvent(AppendOnly):
    """One line of the club's log (club.audit, read at /c/<club>/log/): what was done (`kind`),
    to what (`data`: ids and plain values, never a name the page shows, so a renamed or forgotten
    member is read by his name of today), by whom (`member`; a login of no member in `user`, such
    as staff in the admin) and through what: a page, the API, a management command (`operator`:
    who ran it) or the admin. Written by the service that acts, in its own transaction; kept as
    written (on PostgreSQL the app may only add and read rows, and a trigger refuses any change)."""

    append_only_reason = "is a line of the club's log"

    class Kind(models.TextChoices):
        CLUB_CREATED = "club_created"
        CLUB_RENAMED = "club_renamed"
        PAYMENT_DETAILS = "payment_details"
        STATEMENTS_MAILED = "statements_mailed"
        MEMBER_ADDED = "member_added"
        MEMBER_DELETED = "member_deleted"
        MEMBER_RENAMED = "member_renamed"
        MEMBER_ROLE = "member_role"
        MEMBER_ACTIVE = "member_active"
        MEMBER_EMAIL = "member_email"
        MEMBER_INVITED = "member_invited"
        MEMBER_FORGOTTEN = "member_forgotten"
        JOIN_ASKED = "join_asked"
        JOIN_ANSWERED = "join_answered"
        SEASON_CREATED = "season_created"
        SEASON_DELETED = "season_deleted"
        SEASON_RENAMED = "season_renamed"
        SEASON_DATES = "season_dates"
        SEASON_RULES = "season_rules"
        SEASON_POINT_VALUE = "season_point_value"
        SEASON_SITTINGS_CLOSE = "season_sittings_close"
        SEASON_AT_CLOSE = "season_at_close"
        SEASON_CLOSED = "season_closed"
        TABLE_ADDED = "table_added"
        TABLE_RENAMED = "table_renamed"
        TABLE_ACTIVE = "table_active"
        TABLE_OPENING = "table_opening"
        SITTING_STARTED = "sitting_started"
        SITTING_CLOSED = "sitting_closed"
        SITTING_IMPORTED = "sitting_imported"
        DEAL_CORRECTED = "deal_corrected"
        PAYMENT = "payment"
        DISPUTE_OPENED = "dispute_opened"
        DISPUTE_ANSWERED = "dispute_answered"
        MEMBERS_IMPORTED = "members_imported"
        PAYMENT_REMINDERS = "payment_reminders"

    class Through(models.TextChoices):
        PAGE = "page"
        API = "api"
        COMMAND = "command"
        ADMIN = "admin"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events")
    at = models.DateTimeField(default=timezone.now)
    kind = models.CharField(max_length=32, choices=Kind.choices)
    data = models.JSONField(default=dict, blank=True)
    # Who acted. No database constraint: a deleted member or login leaves his lines as they were
    # (this table refuses the UPDATE a SET NULL would make), and the page says "someone".
    member = models.ForeignKey(
        Member, on_delete=models.DO_NOTHING, db_constraint=False, null=True, blank=True, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        null=True,
        blank=True,
        related_name="+",
    )
    through = models.CharField(max_length=8, choices=Through.choices, default=Through.PAGE)
    operator = models.CharField(max_length=150, blank=True)  # a command's: --by, else the OS user

    objects: ClassVar[AppendOnlyManager[ClubEvent]] = scoped_to_club("club", AppendOnlyManager)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["club", "-at", "-id"], name="club_event_newest_first")]

    def __str__(self) -> str:
        return f"{self.club_id} {self.at:%Y-%m-%d %H:%M} {self.kind}"
