"""Sittings: starting one, the locks every write takes, and the table state kept with it.

Starting a sitting seats the members and funds the table's empty cups (Danish) in one
transaction. Every write to a sitting or its deals takes the sitting's row lock here first, and
reads what the rules engine needs (seats, rule set, accounts) through `Context`.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

import rules

from .. import audit
from ..families import Family
from ..models import Deal, Member, Season, Seat, Sitting, Table, TableOpening
from . import bookkeeping


class SittingError(Exception):
    """An operation the sitting's state does not allow; the message says why, for a member."""


# --- starting a sitting ----------------------------------------------------------------------


class InvalidSitting(SittingError):
    """A sitting that breaks a rule of starting one. `errors` maps each field of the request
    (season, table, members, first_dealer, date) to what is wrong with it, for a member; forms
    and serializers only translate them to their own fields."""

    def __init__(self, errors: Mapping[str, list[str]]):
        self.errors = {name: list(messages) for name, messages in errors.items()}
        super().__init__(" ".join(message for messages in self.errors.values() for message in messages))


def start_sitting(
    *,
    season: Season,
    table: Table,
    members: Sequence[Member],
    first_dealer: Member,
    date: datetime.date,
    by=None,
    closes_at_once: bool = False,
) -> Sitting:
    """Seat the members at a table in seat order (as many as the season's game seats: 3 to 5
    Danish, 2 to 5 Hungarian) and fund its empty cups (000 L69).

    The rules of starting a sitting live here and nowhere else: as many active members of the
    season's club as its game seats, each seated once, the first dealer among them, the table of
    the same club, the date inside the season, the table free, nobody already seated at another
    open sitting (one member, one table at a time), and a table's first sitting in the season its
    cups or pot from paper were carried into. `closes_at_once` is for an imported sitting,
    recorded after the fact and closed in the same transaction: it is never open alongside
    another, so its members may sit at an open sitting tonight.
    """
    actor, by = by, audit.login_of(by)
    names = [m.name for m in members]
    problems = season.family.rules_family.validate_table(names, season.ruleset())
    if problems:
        raise rules.InvalidRecord(problems)
    _check_sitting(season, table, members, first_dealer, date)
    try:
        with transaction.atomic():
            # The season, locked: an official changing its price or rules (services.seasons)
            # waits until this sitting is in, and then finds the season played.
            locked = Season.objects.select_for_update(no_key=True, of=("self",)).filter(pk=season.pk)
            if any(closed is not None for closed in locked.values_list("closed_at", flat=True)):
                # Closed since the season was read (club.services.season_close).
                raise InvalidSitting({"season": [_closed(season)]})
            # The table, locked: what its cups held on paper (services.opening) is carried over
            # before its first sitting or not at all.
            list(Table.objects.select_for_update(no_key=True, of=("self",)).filter(pk=table.pk).values_list("pk"))
            _check_opening_season(season, table)
            _check_season_price(season, table)
            # The table's last sitting, locked: a correction replaying it and its successors
            # (which holds it) finishes first, so the cups read below are the corrected ones.
            lock_sittings(Sitting.objects.filter(table=table).order_by("-pk")[:1])
            if not closes_at_once:
                _check_seats_free(table, members)
            sitting = Sitting.objects.create(season=season, table=table, date=date, first_dealer=first_dealer)
            sitting.seats.bulk_create(
                sitting.seats.model(sitting=sitting, member=m, position=i, name=m.name) for i, m in enumerate(members)
            )
            for member in members:
                bookkeeping.member_account(member)
            context = Context.load(sitting)
            held = context.held()
            funding = context.family.opening(context.names, held, context.rules)
            if funding is not None:
                bookkeeping.post_event(
                    sitting=sitting, event=funding, key="funding:1", accounts=context.accounts, value_date=date, by=by
                )
                held = {**held, **context.family.held_after(funding)}
            sitting.state = state_as_json(context.family.rules_family.state(held), context.family)
            sitting.save(update_fields=["state"])
            if not closes_at_once:  # an import says so itself (club.services.import_export)
                audit.record(season.club_id, audit.Kind.SITTING_STARTED, by=actor, sitting=sitting.pk)
    except IntegrityError as error:
        raise SittingError(_("%(table)s already has an open sitting; close it first.") % {"table": table}) from error
    return sitting


def _check_sitting(
    season: Season, table: Table, members: Sequence[Member], first_dealer: Member, date: datetime.date
) -> None:
    errors: dict[str, list[str]] = defaultdict(list)
    if table.club_id != season.club_id:
        errors["table"].append(_("The table and the season must belong to the same club."))
    if not table.active:
        errors["table"].append(_("%(table)s is retired.") % {"table": table})
    if any(m.club_id != season.club_id for m in members):
        errors["members"].append(_("Members, table and season must belong to the same club."))
    inactive = [m.name for m in members if not m.active]
    if inactive:
        errors["members"].append(_("%(names)s is no longer an active member.") % {"names": ", ".join(inactive)})
    if len({m.pk for m in members}) != len(members):
        errors["members"].append(_("A member can have only one seat."))
    if first_dealer not in members:
        errors["first_dealer"].append(_("The first dealer must sit at the table."))
    if season.closed_at is not None:
        errors["season"].append(_closed(season))
    if not season.starts_on <= date <= season.ends_on:
        errors["date"].append(
            _("%(date)s is outside the season %(season)s (%(start)s to %(end)s).")
            % {"date": date, "season": season, "start": season.starts_on, "end": season.ends_on}
        )
    if errors:
        raise InvalidSitting(errors)


def _closed(season: Season) -> str:
    return _("The season %(season)s is closed: start the sitting in another season.") % {"season": season}


def _check_opening_season(season: Season, table: Table) -> None:
    """What the table's cups or pot held on paper (services.opening) counts in the book of the
    season it was carried into, and the first sitting splits or carries it in its own: so the
    first sitting plays that season. Read with the table locked, as a carry-over writes it."""
    if Sitting.objects.filter(table=table).exists():
        return
    standing = TableOpening.objects.filter(
        table=table, reverses__isnull=True, reversed_by__isnull=True, season__closed_at__isnull=True
    )
    carried = standing.exclude(season=season).select_related("season").order_by("pk").first()
    if carried is not None:
        message = _(
            "What %(table)s's cups or pot held on paper was carried into %(season)s: start its first sitting "
            "in %(season)s, or reverse the holding under Office → Tables first."
        )
        raise InvalidSitting({"season": [message % {"table": table, "season": carried.season}]})


def _check_season_price(season: Season, table: Table) -> None:
    """A season plays at a table only once the table holds no points of a season with another
    point value: its cups or pot would be paid out at this season's (club.services.season_close
    carries them over at the money they hold). Read with the table locked."""
    held: dict[str, int] = defaultdict(int)
    for (_account, book), points in bookkeeping.table_book_balances(table).items():
        held[book] += points
    prices = {bookkeeping.season_book(s.pk): s for s in Season.objects.filter(club_id=season.club_id)}
    for book, points in sorted(held.items()):
        other = prices.get(book)
        if points and other is not None and other.point_value_ore != season.point_value_ore:
            message = _(
                "%(table)s still holds %(points)s points of %(other)s at %(value)s øre a point: close %(other)s "
                "under Office → Seasons before %(season)s plays there."
            )
            raise InvalidSitting(
                {
                    "season": [
                        message
                        % {
                            "table": table,
                            "points": points,
                            "other": other,
                            "value": other.point_value_ore,
                            "season": season,
                        }
                    ]
                }
            )


def _check_seats_free(table: Table, members: Sequence[Member]) -> None:
    if Sitting.objects.filter(table=table, closed_at__isnull=True).exists():
        raise SittingError(_("%(table)s already has an open sitting; close it first.") % {"table": table})
    # The members' rows are locked in a fixed order, so two scorers seating the same member at
    # two tables at once take turns, and the second finds the first's open sitting.
    list(
        Member.objects.select_for_update(of=("self",))
        .filter(pk__in=[m.pk for m in members])
        .order_by("pk")
        .values_list("pk")
    )
    taken = list(
        Seat.objects.filter(member__in=members, sitting__closed_at__isnull=True)
        .select_related("sitting__table")
        .order_by("sitting__table__name", "position")
    )
    if len(taken) == 1:
        raise SittingError(
            _("%(member)s already sits at the open sitting at %(table)s; close it first.")
            % {"member": taken[0].name, "table": taken[0].sitting.table}
        )
    if taken:  # everyone it concerns, named at once: the scorer changes them all in one go
        raise SittingError(
            _("These members already sit at an open sitting; close it first: %(seats)s.")
            % {"seats": ", ".join(f"{seat.name} ({seat.sitting.table})" for seat in taken)}
        )


# --- locks and the kept table state ----------------------------------------------------------
#
# Only sitting rows are locked (FOR NO KEY UPDATE OF the sitting alone: never the season or the
# table a join brings in), so two tables never wait on each other. An operation that touches
# several sittings of a table locks them in ascending id order, the one order everyone uses.


def lock_sitting(pk: int) -> Sitting:
    return Sitting.objects.select_for_update(no_key=True, of=("self",)).select_related("season", "table").get(pk=pk)


def lock_sittings(sittings) -> list[int]:
    return list(sittings.select_for_update(no_key=True, of=("self",)).values_list("pk", flat=True))


def lock_later_sittings(sitting: Sitting) -> None:
    """Lock the table's sittings after `sitting` (already locked), in id order.

    A sitting started while we waited is not in the snapshot of the first locking statement;
    lock again until no new one appears (new ones have higher ids, so the order holds).
    """
    later = Sitting.objects.filter(table_id=sitting.table_id, pk__gt=sitting.pk).order_by("pk")
    locked = lock_sittings(later)
    while list(later.values_list("pk", flat=True)) != locked:
        locked = lock_sittings(later)


def state_as_json(state: Any, family: Family) -> dict[str, Any]:
    """The engine's table state as kept (`Sitting.state`, `Deal.state_before`), in its family's
    shape (the cups and the previous dealer, or the pot)."""
    return family.rules_family.state_as_json(state)


def state_from_json(data: Mapping[str, Any], family: Family) -> Any:
    """The engine's table state back from what `state_as_json` kept."""
    return family.rules_family.state_from_json(data)


@dataclass
class Context:
    """What the rules engine needs about a sitting, loaded in a fixed number of queries."""

    sitting: Sitting
    names: list[str]
    rules: Any  # the season's rule set, of its family
    accounts: bookkeeping.AccountMap
    family: Family

    @classmethod
    def load(cls, sitting: Sitting) -> Context:
        seats = list(sitting.seats.select_related("member__account").order_by("position"))
        family, ruleset = sitting.season.family, sitting.season.ruleset()
        return cls(
            sitting=sitting,
            names=[seat.name for seat in seats],
            rules=ruleset,
            accounts=accounts_of(sitting, seats, family, ruleset),
            family=family,
        )

    def held(self) -> dict[str, int]:
        """What the table's own accounts hold now (the cups, or the pot)."""
        return bookkeeping.table_balances(self.sitting.table)


def accounts_of(sitting: Sitting, seats, family: Family | None = None, ruleset: Any = None) -> bookkeeping.AccountMap:
    family = family or sitting.season.family
    ruleset = ruleset or sitting.season.ruleset()
    return bookkeeping.accounts_for(sitting.table, seats, family.rules_family.table_accounts(ruleset))


def next_deal_number(sitting: Sitting) -> int:
    return (sitting.deals.order_by("-number").values_list("number", flat=True).first() or 0) + 1


def deal_count() -> Coalesce:
    """A sitting's number of deals played, to annotate a query of sittings with (`deal_count=`):
    counted from the sitting's own deals (its index entries (sitting, number) and each one's current
    version), never by joining the club's every deal, so a page of sittings costs the same whatever
    the years before them hold."""
    from .deals import VOID  # the deals' service builds on this one

    # A voided deal stays in the sitting (its versions and reversals) but was not played: the
    # statements, standings and club pages count the deals played, as the members' stats do.
    played = Deal.objects.filter(sitting=OuterRef("pk")).exclude(current_version__record=VOID)
    counted = played.order_by().values("sitting").annotate(n=Count("*"))
    return Coalesce(Subquery(counted.values("n")), 0)
