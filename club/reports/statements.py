"""A member's monthly statement: what they owed at the start of a month, what each sitting and
each correction of the month changed, and what they owe at its end.

Every figure is a sum over postings. The month's postings are split in two without overlap:
those a sitting posted when it was played (its funding, deals and close), and those a correction
posted (reversals and re-postings caused by a deal version with a reason). So

    opening + Σ sittings + Σ corrections = closing = club.services.balances.member_balance(until=month end)

and a treasurer can tick the statement off line by line.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q, Sum
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from club.models import Club, DealVersion, Member, Payment, Season, Seat, Sitting
from club.months import Month
from club.services import accounting, money
from club.services.sittings import deal_count
from ledger.models import Posting


@dataclass(frozen=True)
class SittingLine:
    sitting: Sitting
    deals: int
    points: int

    @property
    def ore(self) -> int:
        """The points at the point value of the sitting's own season."""
        return self.points * self.sitting.season.point_value_ore


@dataclass(frozen=True)
class CorrectionLine:
    """One correction (a new version of a deal) as it touched this member's account."""

    version: DealVersion
    value_date: datetime.date
    points: int

    @property
    def deal(self):
        return self.version.deal

    @property
    def reason(self) -> str:
        return self.version.reason

    @property
    def ore(self) -> int:
        """The points at the point value of the corrected sitting's season."""
        return self.points * self.version.deal.sitting.season.point_value_ore


@dataclass(frozen=True)
class SeasonShareLine:
    """The member's share of what a table held when its season closed and split it
    (club.services.season_close), at that season's point value."""

    season: Season
    value_date: datetime.date
    points: int

    @property
    def ore(self) -> int:
        return self.points * self.season.point_value_ore


@dataclass(frozen=True)
class Statement:
    club: Club
    member: Member
    month: Month
    season: Season | None  # the season in force at the month's end (points of other seasons count too)
    opening: int  # points, all seasons together
    sittings: list[SittingLine]
    corrections: list[CorrectionLine]
    # The saldo before the month began, in øre: every earlier posting at its season's point value,
    # payments included (club.services.money).
    opening_ore: int = 0
    payments: list[Payment] = field(default_factory=list)  # paid in, paid out, reversals, by date
    # His saldo carried over from paper (and its reversal) booked this month: never a payment of
    # the month, so on a line of its own.
    paper: list[Payment] = field(default_factory=list)
    # His shares of the tables' cups or pot at a season's close this month.
    season_shares: list[SeasonShareLine] = field(default_factory=list)
    # Corrections of this month's sittings booked in a later month: they are on that month's
    # statement, so a sitting here can differ from its score sheet, and the page says why.
    later_corrections: list[CorrectionLine] = field(default_factory=list)
    # The month's postings on his accounts that no club record accounts for: the ledger counts
    # them, so the statement does too, and says so.
    unaccounted: list[accounting.UnaccountedPosting] = field(default_factory=list)

    @property
    def sittings_points(self) -> int:
        return sum(line.points for line in self.sittings)

    @property
    def corrections_points(self) -> int:
        return sum(line.points for line in self.corrections)

    @property
    def unaccounted_points(self) -> int:
        return accounting.unaccounted_points(self.unaccounted)

    @property
    def unaccounted_ore(self) -> int:
        return accounting.unaccounted_ore(self.unaccounted)

    @property
    def season_shares_points(self) -> int:
        return sum(line.points for line in self.season_shares)

    @property
    def season_shares_ore(self) -> int:
        return sum(line.ore for line in self.season_shares)

    @property
    def closing(self) -> int:
        return (
            self.opening
            + self.sittings_points
            + self.corrections_points
            + self.season_shares_points
            + self.unaccounted_points
        )

    @property
    def sittings_ore(self) -> int:
        return sum(line.ore for line in self.sittings)

    @property
    def corrections_ore(self) -> int:
        return sum(line.ore for line in self.corrections)

    @property
    def payments_ore(self) -> int:
        """What he paid in and was paid out this month: his saldo from paper is not among them."""
        return sum(payment.signed_ore for payment in self.payments)

    @property
    def paper_ore(self) -> int:
        """His saldo carried over from paper this month (`paper`)."""
        return sum(payment.signed_ore for payment in self.paper)

    @property
    def closing_ore(self) -> int:
        """The saldo at the month's end, in øre: what the member has to pay (< 0) or has to the good."""
        return (
            self.opening_ore
            + self.paper_ore
            + self.sittings_ore
            + self.corrections_ore
            + self.season_shares_ore
            + self.payments_ore
            + self.unaccounted_ore
        )

    @property
    def closing_amount_ore(self) -> int:
        """The saldo's size, without its sign: what is to pay, or to the good."""
        return abs(self.closing_ore)

    @property
    def has_activity(self) -> bool:
        return bool(self.sittings or self.corrections)

    @property
    def point_value_ore(self) -> int | None:
        return self.season.point_value_ore if self.season else None

    @property
    def closing_kroner(self) -> Decimal | None:
        ore = self.point_value_ore
        return kroner(self.closing, ore) if ore is not None else None

    @property
    def closing_kroner_text(self) -> str:
        """Formatted in the active language, e.g. "-1.234,56 kr." in Danish."""
        amount = self.closing_kroner
        return format_kroner(amount) if amount is not None else "—"

    @property
    def point_value_text(self) -> str:
        ore = self.point_value_ore
        return format_kroner(kroner(1, ore)) if ore is not None else "—"


def kroner(points: int, point_value_ore: int) -> Decimal:
    """Points priced in kroner: a statement's conversion, the only place money leaves points."""
    return (Decimal(points) * point_value_ore / 100).quantize(Decimal("0.01"))


def format_kroner(amount: Decimal) -> str:
    # One minus sign everywhere numbers are shown (U+2212, as the score sheet's points).
    text = number_format(amount, 2, use_l10n=True, force_grouping=True).replace("-", "\u2212")
    return _("%(amount)s kr.") % {"amount": text}


def season_for(club: Club, month: Month) -> Season | None:
    """The season in force at the month's end (or the latest one begun by then)."""
    return Season.objects.filter(club=club, starts_on__lte=month.last_day).order_by("-starts_on").first()


def _corrections() -> Q:
    # A version after the first is a correction; correct_deal insists it carries a reason.
    return Q(transaction__entry__caused_by__version__gt=1)


def build_statement(member: Member, month: Month) -> Statement:
    club = member.club
    # The account by its id, not through the member: PostgreSQL then knows how many postings it
    # holds and reads the month's transactions first instead of the account's every posting. An
    # account is opened once and never changes, so only a member read before it opened is asked again.
    account_id = member.account_id
    if account_id is None:
        account_id = Member.objects.filter(pk=member.pk).values_list("account_id", flat=True).first()
    accounts = [account_id] if account_id is not None else []  # never seated: no postings
    in_month = Posting.objects.filter(
        account_id__in=accounts, transaction__value_date__range=(month.first_day, month.last_day)
    )

    played = dict(
        in_month.exclude(_corrections())
        .filter(transaction__entry__isnull=False)
        .values_list("transaction__entry__sitting_id")
        .annotate(points=Sum("amount"))
        .values_list("transaction__entry__sitting_id", "points")
    )
    sittings = (
        Sitting.objects.filter(
            Q(seats__member=member, date__range=(month.first_day, month.last_day)) | Q(pk__in=played)
        )
        .distinct()
        .select_related("table", "season")
        .annotate(deal_count=deal_count())
        .order_by("date", "pk")
    )
    sitting_lines = [SittingLine(s, s.deal_count, played.get(s.pk, 0)) for s in sittings]

    correction_lines = _correction_lines(in_month.filter(_corrections()))
    # Corrections of this month's sittings booked after it (on a later statement): named here.
    later_lines = [
        line
        for line in _correction_lines(
            Posting.objects.filter(
                _corrections(),
                account_id__in=accounts,
                transaction__entry__sitting__in=[line.sitting for line in sitting_lines],
                transaction__value_date__gt=month.last_day,
            )
        )
        if line.points
    ]

    opening_ore, opening = money.saldo_and_points(member, before=month.first_day)
    shares = (
        in_month.filter(transaction__season_split__isnull=False)
        .values_list("transaction__season_split__season_id", "transaction__value_date")
        .annotate(points=Sum("amount"))
        .order_by("transaction__value_date", "transaction__season_split__season_id")
    )
    seasons = Season.objects.in_bulk({season_id for season_id, _day, _points in shares})
    paid = list(
        Payment.objects.filter(member=member, paid_on__range=(month.first_day, month.last_day))
        .select_related("reverses")
        .order_by("paid_on", "pk")
    )
    return Statement(
        later_corrections=later_lines,
        club=club,
        member=member,
        month=month,
        season=season_for(club, month),
        opening=opening,
        opening_ore=opening_ore,
        payments=[payment for payment in paid if not payment.is_opening],
        paper=[payment for payment in paid if payment.is_opening],
        season_shares=[SeasonShareLine(seasons[season_id], day, points) for season_id, day, points in shares],
        sittings=sitting_lines,
        corrections=correction_lines,
        unaccounted=accounting.unaccounted_postings(member, since=month.first_day, before=month.next().first_day),
    )


def _correction_lines(postings) -> list[CorrectionLine]:
    """Per correction (the version it made) and booking day, what it moved in these postings."""
    rows = list(
        postings.values("transaction__entry__caused_by_id", "transaction__value_date")
        .annotate(points=Sum("amount"))
        .order_by("transaction__value_date", "transaction__entry__caused_by_id")
    )
    versions = DealVersion.objects.select_related("deal__sitting__table", "deal__sitting__season").in_bulk(
        {row["transaction__entry__caused_by_id"] for row in rows}
    )
    return [
        CorrectionLine(versions[row["transaction__entry__caused_by_id"]], row["transaction__value_date"], row["points"])
        for row in rows
    ]


def members_with_statements(club: Club, month: Month) -> list[Member]:
    """Members who sat at a table, had postings or payments in the month, or carry a saldo at its end."""
    days = (month.first_day, month.last_day)
    sat = (
        Seat.objects.filter(sitting__season__club=club, sitting__date__range=days)
        .values_list("member_id", flat=True)
        .distinct()
    )
    member_postings = Posting.objects.filter(account__member__club=club)
    posted = (
        member_postings.filter(transaction__value_date__range=days)
        .values_list("account__member__id", flat=True)
        .distinct()
    )
    paid = Payment.objects.filter(club=club, paid_on__range=days).values_list("member_id", flat=True).distinct()
    owing = {member_id for member_id, ore in money.saldi(club, before=month.next().first_day).items() if ore}
    chosen = set(sat) | set(posted) | set(paid) | owing
    return list(Member.objects.filter(club=club, pk__in=chosen).order_by("name"))
