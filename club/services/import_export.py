"""Importing and exporting a sitting record: seats, every deal and the close, all or nothing."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

import rules

from .. import audit, families, inputs
from ..models import Member, Season, Sitting, Table
from . import bookkeeping
from .closing import close_sitting
from .deals import is_void, record_deals
from .sittings import SittingError, lock_sittings, start_sitting


def import_sitting(
    *,
    season: Season,
    table: Table,
    data: Any,
    date: datetime.date,
    by=None,
    create_members: bool = False,
) -> Sitting:
    """Record a whole sitting from its record: seats, every deal, and the close if it has one.

    The record is validated as a whole first (`rules.InvalidRecord` lists every problem), then
    checked against the club: same rules as the season, same cups as the table holds, members
    known by name. All of it lands in one database transaction, or none of it does.
    """
    actor, by = by, audit.login_of(by)
    inputs.check_record(data, None, max_bytes=None)  # storable text; each deal is bounded as it is recorded
    rules.replay(data)  # every problem of every deal, before anything is written
    club = season.club
    _check_same_rules(season, data)
    names = list(data["table"])
    deals = data.get("deals", [])
    with transaction.atomic():
        # The table's last sitting, locked (start_sitting locks it again): its cups cannot move
        # between the check below and the new sitting's funding.
        lock_sittings(Sitting.objects.filter(table=table).order_by("-pk")[:1])
        _check_same_holdings(season, table, data)
        members = _members_by_name(club, names, create_members, by=actor)
        # A family whose deals may leave the dealer out starts with the first seat.
        first_dealer = (deals[0].get("dealer") if deals else None) or names[0]
        sitting = start_sitting(
            season=season,
            table=table,
            members=[members[n] for n in names],
            first_dealer=members[first_dealer],
            date=date,
            by=actor,
            closes_at_once=bool(data.get("close")),
        )
        audit.record(club, audit.Kind.SITTING_IMPORTED, by=actor, sitting=sitting.pk)
        record_deals(sitting, deals, by=by)
        if data.get("close"):
            # "split" or "carry"; a family whose record only says that it closed (true): the season's way.
            how = data["close"] if isinstance(data["close"], str) else None
            close_sitting(sitting, by=actor, how=how)
    sitting.refresh_from_db()
    return sitting


def _check_same_rules(season: Season, data: Mapping[str, Any]) -> None:
    # Compared as resolved rule sets: an override that repeats the preset's value is no change.
    preset = data.get("ruleset", families.DEFAULT_PRESET)
    in_file = rules.family_of(preset).ruleset(preset, data.get("overrides") or {})
    if in_file != season.ruleset():
        raise SittingError(
            _("The file is played by %(file)s, but the season %(season)s plays %(ours)s.")
            % {
                "file": _describe_rules(preset, data.get("overrides") or {}),
                "season": season,
                "ours": _describe_rules(season.preset, season.overrides),
            }
        )


def _describe_rules(preset: str, overrides: Mapping[str, Any]) -> str:
    if not overrides:
        return preset
    return f"{preset} {dict(sorted(overrides.items()))}"


def _check_same_holdings(season: Season, table: Table, data: Mapping[str, Any]) -> None:
    """The table's own accounts of the season's game (the same as the file's, checked before)
    hold what the file says they held as it began."""
    family, ruleset = season.family, season.ruleset()
    in_file, held = family.rules_family.holdings_in_record(data), bookkeeping.table_balances(table)
    if any(in_file.get(name, 0) != held.get(name, 0) for name in family.rules_family.table_accounts(ruleset)):
        raise SittingError(
            _("The file starts with %(file)s, but %(table)s holds %(held)s.")
            % {
                "file": family.describe_holdings(in_file, ruleset),
                "table": table,
                "held": family.describe_holdings(held, ruleset),
            }
        )


def _members_by_name(club, names: Sequence[str], create: bool, *, by) -> dict[str, Member]:
    found = {m.name: m for m in Member.objects.filter(club=club, name__in=names)}
    missing = [n for n in names if n not in found]
    if missing and not create:
        raise SittingError(_("%(club)s has no member called %(names)s.") % {"club": club, "names": ", ".join(missing)})
    for name in missing:
        found[name] = Member.objects.create(club=club, name=name)
        audit.record(club, audit.Kind.MEMBER_ADDED, by=by, member=found[name].pk, role=found[name].role)
    return found  # whether they may sit, start_sitting says


def export_sitting(sitting: Sitting) -> dict[str, Any]:
    """The sitting as a record: its rules, seats, opening cups, current deals and close.

    `python -m rules replay` on the result settles to what the ledger holds for the sitting.
    """
    season = sitting.season
    held = bookkeeping.table_balances(sitting.table, before_sitting=sitting)
    record: dict[str, Any] = {"ruleset": season.preset}
    if season.overrides:
        record["overrides"] = season.overrides
    record["table"] = sitting.seat_names()
    record |= season.family.rules_family.record_holdings(held, season.ruleset())  # "cups", or a "pot"
    # A voided deal is left out: the format has no "nothing happened" deal (later numbers shift).
    deals = sitting.deals.select_related("current_version").order_by("number")
    record["deals"] = [deal.current_version.record for deal in deals if not is_void(deal.current_version.record)]
    if sitting.closed_how:
        record["close"] = season.family.rules_family.record_close(sitting.closed_how)
    record["date"] = sitting.date.isoformat()  # an envelope key of both families; import reads it
    return record
