"""A club's seasons: any preset of either family, its parameters as the family describes them,
the point value in øre and how a sitting ends; the rules lock once the season has deals."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, Max, Min, OuterRef
from django.utils import translation
from django.utils.translation import gettext as _

import rules
from rules.parameters import Parameter, overrides_from, values_from

from .. import audit, families
from ..models import Club, Season, SeasonEnd, Sitting
from .office import OfficeError, clean_name, refuse

MAX_POINT_VALUE_ORE = 100_000  # 1,000 kr. a point: anything above is a typing error


def _history() -> str:
    return _("The season has sittings: its rules and point value no longer change.")


def season_parameters(preset: str) -> list[Parameter]:
    """What a season of `preset` may change, each with its default, meaning and seed line."""
    if preset not in dict(families.preset_choices()):
        raise refuse("preset", _("Choose one of the rule sets."))
    return rules.family_of(preset).parameters(preset)


def season_values(season: Season) -> dict[str, Any]:
    """Each parameter of the season's preset as the season plays it (override or default)."""
    return values_from(season_parameters(season.preset), season.overrides or {})


def has_sittings(season: Season) -> bool:
    """Whether the season's rules and point value are history: a sitting's funding was settled
    by them (the database refuses the change too, club migration 0020)."""
    return season.pk is not None and Sitting.objects.filter(season=season).exists()


def seasons_with_sittings(club) -> list[tuple[Season, bool]]:
    """Each of the club's seasons and whether it has sittings (`has_sittings`), in one query."""
    played = Sitting.objects.filter(season=OuterRef("pk"))
    return [(season, season.played) for season in club.seasons.annotate(played=Exists(played))]


@transaction.atomic
def save_season(
    club: Club,
    *,
    season: Season | None = None,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date,
    preset: str,
    values: Mapping[str, Any] | None = None,
    overrides: Mapping[str, Any] | None = None,
    point_value_ore: int,
    close: str,
    at_close: str | None = None,
    by=None,
) -> Season:
    """Create or edit a season. `values` holds each parameter of the preset by name (a form), or
    `overrides` what differs from the preset (the API); only what differs is kept, and the family
    checks it. Once the season has sittings its rules and point value are settled history: they no
    longer change."""
    errors: dict[str, list[str]] = defaultdict(list)
    name = _checked_name(club, season, name, errors)
    if ends_on < starts_on:
        errors["ends_on"].append(_("The season ends before it starts."))
    if not 1 <= point_value_ore <= MAX_POINT_VALUE_ORE:
        errors["point_value_ore"].append(_("A point is worth 1 to %(most)d øre.") % {"most": MAX_POINT_VALUE_ORE})
    if close not in Season.Close.values:
        errors["close"].append(_("Choose how a sitting ends."))
    if at_close is not None and at_close not in SeasonEnd.values:
        errors["at_close"].append(_("Choose split or carry."))
    parameters = season_parameters(preset)
    if overrides is not None:
        # Names the preset does not know are refused by the family, not dropped.
        _ruleset, problems = rules.family_of(preset).resolve(preset, overrides)
        values = values_from(parameters, dict(overrides)) if not problems else {}
    else:
        problems = []
    overrides = overrides_from(parameters, dict(values or {}))
    if not problems:
        _ruleset, problems = rules.family_of(preset).resolve(preset, overrides)
    language = (translation.get_language() or "da").split("-")[0]
    for problem in problems:
        errors[problem.field.removeprefix("overrides.") or "preset"].append(problem.message_in(language))
    if season is not None:
        _check_played(season, errors, (preset, overrides, point_value_ore), starts_on, ends_on)
    if errors:
        raise OfficeError(errors)
    before = audit.snapshot(season, audit.SEASON_FIELDS) if season is not None else None
    season = season or Season(club=club)
    season.name, season.starts_on, season.ends_on = name, starts_on, ends_on
    season.preset, season.overrides, season.point_value_ore, season.close = preset, overrides, point_value_ore, close
    if at_close is not None:
        season.at_close = at_close
    _write(season, before, by)
    return season


def _checked_name(club: Club, season: Season | None, name: str, errors: dict[str, list[str]]) -> str:
    """The name as it is kept; a name refused, or another season's of the club, is in `errors`."""
    try:
        name = clean_name(name, limit=Season._meta.get_field("name").max_length or 80)
    except OfficeError as error:
        errors.update(error.errors)
        return name
    others = Season.objects.filter(club=club, name__iexact=name)
    if season is not None:
        others = others.exclude(pk=season.pk)
    if others.exists():
        errors["name"].append(_("The club already has a season called %(name)s.") % {"name": name})
    return name


def _check_played(
    season: Season,
    errors: dict[str, list[str]],
    rules_and_price: tuple[str, Mapping[str, Any], int],
    starts_on: datetime.date,
    ends_on: datetime.date,
) -> None:
    """A played season keeps its rules and point value, and its dates hold its sittings."""
    # Locked before asking for sittings: starting a sitting locks its season until it commits
    # (services.sittings), so this waits for it and then sees it (SQLite has one writer at a time).
    # Without the lock the price could change under a sitting that is just starting.
    list(Season.objects.select_for_update(of=("self",)).filter(pk=season.pk).values_list("pk"))
    if not has_sittings(season):
        return
    if rules_and_price != (season.preset, season.overrides or {}, season.point_value_ore):
        errors["preset"].append(_history())
    dates = season.sittings.aggregate(first=Min("date"), last=Max("date"))
    if dates["first"] and not starts_on <= dates["first"] <= dates["last"] <= ends_on:
        errors["starts_on"].append(_("The season's sittings lie between %(first)s and %(last)s.") % dates)


def _write(season: Season, before: dict[str, Any] | None, by) -> None:
    try:
        with transaction.atomic():
            season.save()
            if before is None:
                audit.record_season_created(season, by=by)
            else:
                audit.record_season_changes(season, before, by=by)
    except IntegrityError as error:
        # A sitting started after save_season's check: the database's guard (migration 0020) refused.
        if "club_season has sittings" not in str(error):
            raise
        raise OfficeError({"preset": [_history()]}) from error
