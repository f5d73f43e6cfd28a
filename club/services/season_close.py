"""Closing a season: what each table's cups or pot hold of it is settled, and no sitting of it
starts again.

A point is worth its season's point value; a table's cups or pot are points, counted in the book
of the season they were paid in. Left alone they would run on into the next season and be paid out
at its value (25 øre in, 50 øre out). So an official closes the season, and what each table holds
of it (its balance in the season's book) is, as the club chooses for the season (`Season.at_close`):

- **split** among the members who played at the table that season, as a sitting's close splits
  (the family's `close`, "split"): one transaction in the season's book; or
- **carried** into the next season at the money it holds: each account's points out of the
  season's book into the club's carry account (points), the same money back as whole points of the
  next season's value into the table (the carry account's other side), and the øre that make no
  whole point from the carry account's øre side to the club's own account: three transactions,
  each with its memo. The carry account holds no money afterwards (`check`).

Each table's settlement is a `SeasonSettlement` naming its transactions; the season's close is a
line in the club's log (`club.audit.record_season_closed`). `check` is `ledger_check`'s money
check: every table account's kroner in equal its kroner out plus what it holds, across books.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q, Sum
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ledger import services as ledger
from ledger.models import Account, Posting, Transaction, Unit

from .. import audit, families
from ..models import Club, Member, Season, SeasonEnd, SeasonSettlement, Seat, Sitting, Table, TableOpening
from . import bookkeeping
from .money import format_ore
from .office import OfficeError
from .sittings import lock_sittings


@dataclass
class TablePlan:
    """What closing the season does at one table."""

    table: Table
    held: dict[str, int]  # engine name -> points of the season the table holds
    names: list[str]  # the members who played there in the season, by their first seat
    after_sitting: Sitting | None
    members: dict[str, int] = field(default_factory=dict)  # each of `names` -> the member's id
    split: dict[str, int] = field(default_factory=dict)  # member name -> points (split)
    carried: dict[str, int] = field(default_factory=dict)  # engine name -> points in the next season
    rest_ore: int = 0

    def holdings(self) -> list[tuple[str, int, int]]:
        """(the game's word for the account, points held, points carried) of each account."""
        return [
            (families.table_account_name(name), points, self.carried.get(name, 0)) for name, points in self.held.items()
        ]


@dataclass
class Plan:
    """A season's close as it would be (a preview) or was."""

    season: Season
    how: str
    into: Season | None
    tables: list[TablePlan]

    def held_ore(self, table: TablePlan) -> int:
        return sum(table.held.values()) * self.season.point_value_ore

    @property
    def rest_ore(self) -> int:
        return sum(t.rest_ore for t in self.tables)

    def describe(self) -> list[str]:
        """One line per table, in words, for the office page and the command."""
        lines = []
        for table in self.tables:
            held = ", ".join(f"{word} {points}" for word, points, _carried in table.holdings())
            money = format_ore(self.held_ore(table))
            if self.how == SeasonEnd.SPLIT:
                shares = ", ".join(f"{name} {points:+d}" for name, points in table.split.items())
                lines.append(
                    _("%(table)s holds %(held)s points (%(money)s): split %(shares)s.")
                    % {"table": table.table, "held": held, "money": money, "shares": shares}
                )
            else:
                carried = ", ".join(f"{word} {points}" for word, _held, points in table.holdings())
                lines.append(
                    _(
                        "%(table)s holds %(held)s points (%(money)s): carried into %(into)s as %(carried)s "
                        "points at %(value)s øre, %(rest)s to the club."
                    )
                    % {
                        "table": table.table,
                        "held": held,
                        "money": money,
                        "into": self.into,
                        "carried": carried,
                        "value": self.into.point_value_ore if self.into else "",
                        "rest": format_ore(table.rest_ore),
                    }
                )
        return lines


def next_season(season: Season) -> Season | None:
    """The season that follows `season` in the club: the first to start after it, not closed."""
    return (
        Season.objects.filter(club_id=season.club_id, starts_on__gt=season.starts_on, closed_at__isnull=True)
        .exclude(pk=season.pk)
        .order_by("starts_on", "pk")
        .first()
    )


def carry_candidates(season: Season) -> list[Season]:
    """The seasons a close may carry into: the club's others that start later and are not closed."""
    return list(
        Season.objects.filter(club_id=season.club_id, starts_on__gt=season.starts_on, closed_at__isnull=True)
        .exclude(pk=season.pk)
        .order_by("starts_on", "pk")
    )


def asked_into(season: Season, how: str | None, asked: str | None) -> Season | None:
    """The season a close of `season` the `how` way was asked to carry into, by its id as a form
    sends it (none: the next season, as `preview` takes it). An id that is no carry candidate (closed
    since the preview, earlier, another club's, no id at all) is refused, never read as the next."""
    if not asked or (how or season.at_close) != SeasonEnd.CARRY:
        return None
    into = next((other for other in carry_candidates(season) if str(other.pk) == asked), None)
    if into is None:
        raise OfficeError({"into": [_("Carry into a later season of the club that is not closed.")]})
    return into


def preview(season: Season, *, how: str | None = None, into: Season | None = None) -> Plan:
    """What closing `season` would do at each table; writes nothing. `OfficeError` says why the
    season cannot close (field "season", "how" or "into")."""
    how = how or season.at_close
    errors: dict[str, list[str]] = defaultdict(list)
    if how not in SeasonEnd.values:
        errors["how"].append(_("Choose split or carry."))
    if season.closed_at is not None:
        errors["season"].append(
            _("The season %(season)s was closed on %(date)s.")
            % {"season": season, "date": date_format(timezone.localtime(season.closed_at).date(), "DATE_FORMAT")}
        )
    open_sittings = list(Sitting.objects.filter(season=season, closed_at__isnull=True).select_related("table"))
    if open_sittings:
        errors["season"].append(
            _("Close its open sittings first: %(sittings)s.")
            % {"sittings": ", ".join(f"{s.table} {date_format(s.date, 'DATE_FORMAT')}" for s in open_sittings)}
        )
    if how == SeasonEnd.CARRY:
        into = into or next_season(season)
        if into is None:
            errors["into"].append(_("There is no next season to carry into: create it first, or split."))
        elif (
            into.club_id != season.club_id
            or into.pk == season.pk
            or into.closed_at is not None
            or into.starts_on <= season.starts_on
        ):
            errors["into"].append(_("Carry into a later season of the club that is not closed."))
    else:
        into = None
    if errors:
        raise OfficeError(errors)
    tables = [_table_plan(season, table, held, how, into, errors) for table, held in _held(season).items()]
    if errors:
        raise OfficeError(errors)
    return Plan(season, how, into, tables)


def _held(season: Season) -> dict[Table, dict[str, int]]:
    """Each table of the club that holds points of the season: engine name -> points."""
    kinds = {kind: name for name, kind in bookkeeping.table_kinds().items()}
    tables = {bookkeeping.table_owner(t.pk): t for t in Table.objects.filter(club_id=season.club_id).order_by("name")}
    accounts = {a.pk: a for a in Account.objects.filter(owner__in=tables, kind__in=kinds)}
    found: dict[Table, dict[str, int]] = {}
    book = bookkeeping.season_book(season.pk)
    for (account_id, _book), points in ledger.balances_by_book(list(accounts), book=book).items():
        if points:
            account = accounts[account_id]
            found.setdefault(tables[account.owner], {})[kinds[account.kind]] = points
    return {table: found[table] for table in tables.values() if table in found}


def _players(sittings) -> dict[str, int]:
    """The members who sat at these sittings, in order of their first seat: the name each sat down
    under first (made unique) -> his id."""
    seats = (
        Seat.objects.filter(sitting__in=sittings).order_by("sitting_id", "position").values_list("member_id", "name")
    )
    members: dict[str, int] = {}
    for member_id, name in seats:
        if member_id not in members.values():
            members[name if name not in members else f"{name} ({member_id})"] = member_id
    return members


def _table_plan(
    season: Season, table: Table, held: dict[str, int], how: str, into: Season | None, errors: dict[str, list[str]]
) -> TablePlan:
    sittings = Sitting.objects.filter(table=table, season=season)
    last = sittings.order_by("-pk").first()
    members = _players(sittings)
    names = list(members)
    plan = TablePlan(table, dict(sorted(held.items())), names, last, members=members)
    if any(points < 0 for points in held.values()):
        errors["season"].append(
            _(
                "%(table)s paid out more points of %(season)s than came in (%(held)s): close the season its "
                "cups or pot ran on from first."
            )
            % {"table": table, "season": season, "held": _in_words(held)}
        )
        return plan
    played_on = Sitting.objects.filter(table=table, pk__gt=last.pk).exclude(season=season) if last else None
    if played_on is not None and played_on.exists():
        prices = set(played_on.values_list("season__point_value_ore", flat=True))
        if (
            how == SeasonEnd.SPLIT
            or prices != {season.point_value_ore}
            or (into and into.point_value_ore not in prices)
        ):
            errors["season"].append(
                _(
                    "%(table)s has played on after %(season)s with its cups or pot: they can only be carried "
                    "into a season of the same point value."
                )
                % {"table": table, "season": season}
            )
            return plan
    if how == SeasonEnd.SPLIT:
        if not names:
            errors["season"].append(
                _("Nobody played at %(table)s in %(season)s: carry what it holds instead.")
                % {"table": table, "season": season}
            )
            return plan
        closing = season.family.close(names, held, season.ruleset(), "split", names[0])
        for item in closing.items:
            for name, points in item["postings"].items():
                if name in names:
                    plan.split[name] = plan.split.get(name, 0) + points
        return plan
    assert into is not None
    keeps = set(into.family.rules_family.table_accounts(into.ruleset()))
    missing = [name for name in held if name not in keeps]
    if missing:
        errors["into"].append(
            _("%(into)s keeps no %(accounts)s: split instead, or carry into another season.")
            % {"into": into, "accounts": ", ".join(families.table_account_name(n) for n in missing)}
        )
        return plan
    for name, points in plan.held.items():
        plan.carried[name], rest = divmod(points * season.point_value_ore, into.point_value_ore)
        plan.rest_ore += rest
    return plan


def _in_words(held: Mapping[str, int]) -> str:
    return ", ".join(f"{families.table_account_name(name)} {points}" for name, points in sorted(held.items()))


def close_season(
    season: Season, *, how: str | None = None, into: Season | None = None, by=None, on: datetime.date | None = None
) -> Plan:
    """Close the season: settle what each table holds of it (`preview`), record each table's
    settlement and the close in the club's log. All or nothing."""
    actor, by = by, audit.login_of(by)
    on = on or timezone.localdate()
    with transaction.atomic():
        # The season locked: a sitting of it that is starting finishes first (services.sittings),
        # and a second close waits and then finds it closed.
        season = Season.objects.select_for_update(of=("self",)).get(pk=season.pk)
        if into is not None:
            into = Season.objects.select_for_update(of=("self",)).get(pk=into.pk)
        tables = Table.objects.filter(club_id=season.club_id).order_by("pk")
        list(tables.select_for_update(no_key=True, of=("self",)).values_list("pk"))
        # Its sittings, in id order: a correction replaying one of them (which holds it) finishes
        # first, and one after the close finds the season closed.
        lock_sittings(Sitting.objects.filter(season=season).order_by("pk"))
        plan = preview(season, how=how, into=into)
        for table in plan.tables:
            _settle(plan, table, by=by, on=on)
        season.closed_at = timezone.now()
        season.closed_by = by if by is not None and by.is_authenticated else None
        season.save(update_fields=["closed_at", "closed_by"])
        audit.record_season_closed(season, plan.how, plan.into, by=actor)
    return plan


def _settle(plan: Plan, table: TablePlan, *, by, on: datetime.date) -> SeasonSettlement:
    season, club_owner = plan.season, bookkeeping.club_owner(plan.season.club_id)
    own = bookkeeping.table_accounts(table.table, table.held)
    reference = f"season:{season.pk} table:{table.table.pk}"
    settlement = SeasonSettlement(
        club_id=season.club_id,
        season=season,
        table=table.table,
        how=plan.how,
        after_sitting=table.after_sitting,
        into=plan.into,
        held=table.held,
        carried=table.carried,
        rest_ore=table.rest_ore,
        recorded_by=by if by is not None and by.is_authenticated else None,
    )
    by = settlement.recorded_by
    book = bookkeeping.season_book(season.pk)
    if plan.how == SeasonEnd.SPLIT:
        by_id = Member.objects.filter(club_id=season.club_id).in_bulk(list(table.members.values()))
        members = {name: bookkeeping.member_account(by_id[pk]) for name, pk in table.members.items()}
        lines = [ledger.Line(own[name].pk, -points, rule="season_close.split") for name, points in table.held.items()]
        lines += [
            ledger.Line(members[name].pk, points, rule="season_close.split") for name, points in table.split.items()
        ]
        # No member's name in a memo: forgetting a member rewrites only his own records' memos.
        memo = _("%(season)s closed: what %(table)s held (%(held)s) split among the %(count)s who played there") % {
            "season": season,
            "table": table.table,
            "held": _in_words(table.held),
            "count": len(table.names),
        }
        settlement.split_transaction = ledger.post(
            reference=f"{reference} split", lines=lines, value_date=on, book=book, by=by, memo=memo
        )
        settlement.save()
        return settlement
    assert plan.into is not None
    carry = ledger.account(club_owner, bookkeeping.CARRY, Unit.POINTS)
    words = {"season": season, "table": table.table, "into": plan.into, "held": _in_words(table.held)}
    lines = [ledger.Line(own[name].pk, -points, rule="season_close.out") for name, points in table.held.items()]
    lines.append(ledger.Line(carry.pk, sum(table.held.values()), rule="season_close.out"))
    memo = _("%(season)s closed: what %(table)s held (%(held)s) carried out of it, to %(into)s") % words
    settlement.out_transaction = ledger.post(
        reference=f"{reference} out", lines=lines, value_date=on, book=book, by=by, memo=memo
    )
    if any(table.carried.values()):
        lines = [ledger.Line(own[name].pk, points, rule="season_close.in") for name, points in table.carried.items()]
        lines.append(ledger.Line(carry.pk, -sum(table.carried.values()), rule="season_close.in"))
        memo = _(
            "%(season)s closed: what %(table)s held carried into %(into)s at %(value)s øre a point: %(carried)s"
        ) % (words | {"value": plan.into.point_value_ore, "carried": _in_words(table.carried)})
        settlement.in_transaction = ledger.post(
            reference=f"{reference} in",
            lines=lines,
            value_date=on,
            book=bookkeeping.season_book(plan.into.pk),
            by=by,
            memo=memo,
        )
    if table.rest_ore:
        carry_ore = ledger.account(club_owner, bookkeeping.CARRY_ORE, Unit.ORE)
        club_own = ledger.account(club_owner, bookkeeping.CLUB_OWN, Unit.ORE)
        memo = _("%(season)s closed: %(rest)s of what %(table)s held make no whole point of %(into)s: the club's") % (
            words | {"rest": format_ore(table.rest_ore)}
        )
        settlement.rest_transaction = ledger.post(
            reference=f"{reference} rest",
            lines=[
                ledger.Line(carry_ore.pk, -table.rest_ore, rule="season_close.rest"),
                ledger.Line(club_own.pk, table.rest_ore, rule="season_close.rest"),
            ],
            value_date=on,
            book=bookkeeping.PAYMENTS_BOOK,
            by=by,
            memo=memo,
        )
    settlement.save()
    return settlement


# --- the money check (`ledger_check`) ---------------------------------------------------------


def check(clubs: Iterable[Club]) -> Iterator[str]:
    """Every table account: the kroner paid into it (its postings in each season's book at that
    season's point value) equal the kroner paid out plus what it holds at the point value of the
    season it holds them in. The club's carry account holds no money: its points at each book's
    value and its øre side sum to nothing. Each settlement moved exactly the money it names."""
    for club in clubs:
        values = {
            bookkeeping.season_book(pk): ore
            for pk, ore in Season.objects.filter(club=club).values_list("pk", "point_value_ore")
        }
        names = bookkeeping.account_names([club])
        yield from _check_tables(club, values, names)
        yield from _check_carry(club, values)
        yield from _check_settlements(club, values)


def _signed_sums(accounts) -> dict[tuple[int, str], tuple[int, int]]:
    """(account id, book) -> (points in, points out) from the postings."""
    rows = (
        Posting.objects.filter(account__in=accounts)
        .values_list("account_id", "transaction__book")
        .annotate(paid_in=Sum("amount", filter=Q(amount__gt=0)), paid_out=Sum("amount", filter=Q(amount__lt=0)))
    )
    return {(a, b): (paid_in or 0, -(paid_out or 0)) for a, b, paid_in, paid_out in rows}


def _check_tables(club: Club, values: Mapping[str, int], names: Mapping[int, str]) -> Iterator[str]:
    tables = {bookkeeping.table_owner(t.pk): t for t in Table.objects.filter(club=club)}
    accounts = Account.objects.filter(owner__in=tables)
    owners = dict(accounts.values_list("pk", "owner"))
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])  # øre in, øre out, points held
    for (account_id, book), (paid_in, paid_out) in _signed_sums(accounts).items():
        if book not in values:
            continue  # points of no season of the club: `accounting.check` names them
        totals[account_id][0] += paid_in * values[book]
        totals[account_id][1] += paid_out * values[book]
        totals[account_id][2] += paid_in - paid_out
    current = {owner: _current_value(table) for owner, table in tables.items()}
    for account_id, (ore_in, ore_out, points) in sorted(totals.items()):
        value = current[owners[account_id]]
        held = points * value if value is not None else ore_in - ore_out
        if ore_in != ore_out + held:
            yield _(
                "%(account)s: %(in)s paid in, %(out)s paid out, and it holds %(points)s points at %(value)s øre "
                "(%(held)s): %(diff)s unaccounted for across the seasons."
            ) % {
                "account": names.get(account_id, account_id),
                "in": format_ore(ore_in),
                "out": format_ore(ore_out),
                "points": points,
                "value": value,
                "held": format_ore(held),
                "diff": format_ore(ore_in - ore_out - held),
            }


def _current_value(table: Table) -> int | None:
    """The point value of the season the table's cups or pot are held in now: its last sitting's,
    or the season its last settlement carried them into, or its holding from paper's."""
    last = Sitting.objects.filter(table=table).order_by("-pk").select_related("season").first()
    carried = (
        SeasonSettlement.objects.filter(table=table, how=SeasonEnd.CARRY).select_related("into").order_by("-pk").first()
    )
    if carried is not None and carried.into is not None and (last is None or carried.after_sitting_id == last.pk):
        return carried.into.point_value_ore
    if last is not None:
        return last.season.point_value_ore
    opening = TableOpening.objects.filter(table=table, reverses__isnull=True, reversed_by__isnull=True).first()
    return opening.season.point_value_ore if opening is not None else None


def _check_carry(club: Club, values: Mapping[str, int]) -> Iterator[str]:
    owner = bookkeeping.club_owner(club.pk)
    accounts = Account.objects.filter(owner=owner, kind__in=(bookkeeping.CARRY, bookkeeping.CARRY_ORE))
    if not accounts.exists():
        return
    money = 0
    for (_account_id, book), amount in ledger.balances_by_book(accounts).items():
        money += amount if book == bookkeeping.PAYMENTS_BOOK else amount * values.get(book, 0)
    if money:
        unsettled = Q(season_out__isnull=True, season_in__isnull=True, season_rest__isnull=True)
        strays = Transaction.objects.filter(postings__account__in=accounts).filter(unsettled).distinct().order_by("pk")
        yield _(
            "%(club)s: the carry account between seasons holds %(money)s; it should hold nothing. Transactions no "
            "season's close accounts for: %(ids)s."
        ) % {
            "club": club.slug,
            "money": format_ore(money),
            "ids": ", ".join(str(pk) for pk in strays.values_list("pk", flat=True)) or "—",
        }


def _check_settlements(club: Club, values: Mapping[str, int]) -> Iterator[str]:
    settlements = SeasonSettlement.objects.filter(club=club).select_related("season", "into", "table")
    for settlement in settlements:
        if settlement.how != SeasonEnd.CARRY or settlement.into is None:
            continue
        moved_out = _points_of(settlement.out_transaction_id)
        moved_in = _points_of(settlement.in_transaction_id)
        rest = _points_of(settlement.rest_transaction_id)
        ore_out = moved_out * settlement.season.point_value_ore
        ore_in = moved_in * settlement.into.point_value_ore
        if ore_out != ore_in + rest or moved_out != sum(settlement.held.values()):
            yield _(
                "%(club)s / %(table)s / close of %(season)s: %(out)s carried out, %(in)s carried into %(into)s and "
                "%(rest)s to the club do not match (transactions %(ids)s)."
            ) % {
                "club": club.slug,
                "table": settlement.table,
                "season": settlement.season,
                "into": settlement.into,
                "out": format_ore(ore_out),
                "in": format_ore(ore_in),
                "rest": format_ore(rest),
                "ids": ", ".join(
                    str(pk)
                    for pk in (
                        settlement.out_transaction_id,
                        settlement.in_transaction_id,
                        settlement.rest_transaction_id,
                    )
                    if pk
                ),
            }


def _points_of(transaction_id: int | None) -> int:
    """What a settlement's transaction moved: the sum of its positive postings."""
    if transaction_id is None:
        return 0
    total = Posting.objects.filter(transaction_id=transaction_id, amount__gt=0).aggregate(total=Sum("amount"))
    return total["total"] or 0
