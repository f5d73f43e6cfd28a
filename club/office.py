"""The club's office: what its officials do besides keeping the score.

Setting up a club with its first official, the members (a login for each member with an email
address), inviting them with a one-time link to set a password, and the club's tables. Every rule
about them lives here; the pages, the API and the commands only translate.

A login's username is its email address, lower-cased, so a member signs in with the address the
club knows. The link to set a password is Django's password-reset link (`default_token_generator`):
it expires after `PASSWORD_RESET_TIMEOUT` (settings) and works once, since setting the password
changes what the token was made from.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Max, Min
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.text import slugify
from django.utils.translation import gettext as _

from rules.parameters import Parameter, overrides_from, values_from

from . import families, inputs, money
from .models import Club, Deal, Member, Season, Sitting, Table

# slugify drops what has no ASCII decomposition: write the Nordic letters as Danes do in addresses.
_LETTERS = str.maketrans({"æ": "ae", "ø": "oe", "å": "aa", "Æ": "Ae", "Ø": "Oe", "Å": "Aa"})
MAX_EMAIL = 150  # the username is the address: Django's usernames hold 150 characters


class OfficeError(Exception):
    """What is wrong with an official's request, by field (name, email, role, slug, table, …), for a
    member; forms and serializers translate it to their own fields."""

    def __init__(self, errors: Mapping[str, list[str]]):
        self.errors = {name: list(messages) for name, messages in errors.items()}
        super().__init__(" ".join(message for messages in self.errors.values() for message in messages))


def _refuse(field: str, message: str) -> OfficeError:
    return OfficeError({field: [message]})


def _clean_name(value: str, field: str = "name", limit: int = inputs.MAX_NAME) -> str:
    name = " ".join(str(value).split())
    if message := inputs.bad_character(name):
        raise _refuse(field, message)
    if not name:
        raise _refuse(field, _("A name is needed."))
    if len(name) > limit:
        raise _refuse(field, _("At most %(limit)d characters.") % {"limit": limit})
    return name


def _clean_email(value: str | None) -> str:
    email = (value or "").strip().lower()
    if not email:
        return ""
    if len(email) > MAX_EMAIL or inputs.bad_character(email):
        raise _refuse("email", _("Enter a valid email address."))
    try:
        validate_email(email)
    except ValidationError:
        raise _refuse("email", _("Enter a valid email address.")) from None
    return email


# --- logins ------------------------------------------------------------------------------------


def _login_for(email: str, club: Club, member: Member | None = None):
    """The login with this address: an existing one (a member of another club too), or a new one
    without a usable password. Refused when it already belongs to another member of this club."""
    users = get_user_model()
    user = users.objects.filter(username__iexact=email).first() or users.objects.filter(email__iexact=email).first()
    if user is None:
        user = users(username=email, email=email)
        user.set_unusable_password()
        user.save()
        return user
    taken = Member.objects.filter(club=club, user=user)
    if member is not None:
        taken = taken.exclude(pk=member.pk)
    if taken.exists():
        raise _refuse("email", _("Another member of the club has this email address."))
    return user


def set_password_path(user) -> str:
    """The path of the one-time link that sets `user`'s password (Django's token: it expires)."""
    return reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        },
    )


def link_days() -> int:
    """How many days a set-password link works."""
    return max(1, settings.PASSWORD_RESET_TIMEOUT // 86400)


# --- the club and its first official -----------------------------------------------------------


@transaction.atomic
def create_club(*, name: str, admin_email: str, admin_name: str | None = None, slug: str | None = None) -> Member:
    """A new club with its first official (the club admin role) and his login; the caller hands
    him `set_password_path(member.user)`."""
    name = _clean_name(name, "name", limit=Club._meta.get_field("name").max_length or 120)
    slug = slugify((slug if slug is not None else name).translate(_LETTERS))
    if not slug:
        raise _refuse("slug", _("The short name needs letters or digits."))
    slug = slug[: Club._meta.get_field("slug").max_length]
    if Club.objects.filter(slug=slug).exists():
        raise _refuse("slug", _("A club with the short name %(slug)s already exists.") % {"slug": slug})
    email = _clean_email(admin_email)
    if not email:
        raise _refuse("email", _("The first official needs an email address."))
    admin_name = _clean_name(admin_name or email.split("@")[0].replace(".", " ").title(), "admin_name")
    club = Club.objects.create(name=name, slug=slug)
    user = _login_for(email, club)
    return Member.objects.create(club=club, name=admin_name, email=email, role=Member.Role.ADMIN, user=user)


# --- members -----------------------------------------------------------------------------------


def _check_name_free(club: Club, name: str, member: Member | None = None) -> None:
    others = Member.objects.filter(club=club, name__iexact=name)
    if member is not None:
        others = others.exclude(pk=member.pk)
    if others.exists():
        raise _refuse("name", _("The club already has a member called %(name)s.") % {"name": name})


def _check_role(role: str) -> str:
    if role not in Member.Role.values:
        raise _refuse("role", _("Choose one of the roles."))
    return role


def _keeps_an_admin(member: Member, *, role: str, active: bool) -> None:
    """A club always keeps one active official: nobody can demote or deactivate the last one."""
    if member.role == Member.Role.ADMIN and member.active and (role != Member.Role.ADMIN or not active):
        admins = Member.objects.filter(club_id=member.club_id, role=Member.Role.ADMIN, active=True)
        if not admins.exclude(pk=member.pk).exists():
            raise _refuse("role", _("%(name)s is the club's last admin.") % {"name": member.name})


@transaction.atomic
def add_member(club: Club, *, name: str, email: str = "", role: str = Member.Role.MEMBER) -> Member:
    name = _clean_name(name)
    _check_name_free(club, name)
    role = _check_role(role)
    email = _clean_email(email)
    user = _login_for(email, club) if email else None
    return Member.objects.create(club=club, name=name, email=email, role=role, user=user)


@transaction.atomic
def edit_member(member: Member, *, name: str, email: str, role: str) -> Member:
    """A new name, address or role. A member's name is kept as it was in the sittings he played."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    name = _clean_name(name)
    _check_name_free(member.club, name, member)
    role = _check_role(role)
    _keeps_an_admin(member, role=role, active=member.active)
    email = _clean_email(email)
    if email != member.email:
        member.user = _login_for(email, member.club, member) if email else None
    member.name, member.email, member.role = name, email, role
    member.save()
    return member


@transaction.atomic
def set_member_active(member: Member, active: bool) -> Member:
    """Deactivate (no login to the club, no new seat; his history and balance stay) or reactivate."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    if not active:
        _keeps_an_admin(member, role=member.role, active=False)
        if member.seats.filter(sitting__closed_at__isnull=True).exists():
            raise _refuse("active", _("%(name)s sits at an open sitting.") % {"name": member.name})
    member.active = active
    member.save(update_fields=["active"])
    return member


def invite(member: Member, *, base_url: str, language: str | None = None) -> str:
    """Mail the member a link to set his password; the link's path is returned."""
    if not member.email or member.user is None:
        raise _refuse("email", _("%(name)s has no email address.") % {"name": member.name})
    if not member.active:
        raise _refuse("active", _("%(name)s is not an active member.") % {"name": member.name})
    path = set_password_path(member.user)
    with translation.override(language or settings.LANGUAGE_CODE):
        context = {"member": member, "club": member.club, "link": base_url.rstrip("/") + path, "days": link_days()}
        subject = _("Your login to %(club)s") % {"club": member.club.name}
        body = render_to_string("club/email/invitation.txt", context)
    EmailMessage(subject, body, to=[member.email]).send()
    return path


# --- tables ------------------------------------------------------------------------------------


def _check_table_name(club: Club, name: str, table: Table | None = None) -> str:
    name = _clean_name(name, limit=Table._meta.get_field("name").max_length or 60)
    others = Table.objects.filter(club=club, name__iexact=name)
    if table is not None:
        others = others.exclude(pk=table.pk)
    if others.exists():
        raise _refuse("name", _("The club already has a table called %(name)s.") % {"name": name})
    return name


def add_table(club: Club, *, name: str) -> Table:
    return Table.objects.create(club=club, name=_check_table_name(club, name))


def rename_table(table: Table, *, name: str) -> Table:
    table.name = _check_table_name(table.club, name, table)
    table.save(update_fields=["name"])
    return table


def set_table_active(table: Table, active: bool) -> Table:
    """Retire a table (its sittings and cups stay in the books) or take it into use again."""
    if not active and Sitting.objects.filter(table=table, closed_at__isnull=True).exists():
        raise _refuse("active", _("%(table)s has an open sitting; close it first.") % {"table": table})
    table.active = active
    table.save(update_fields=["active"])
    return table


# --- seasons -----------------------------------------------------------------------------------

MAX_POINT_VALUE_ORE = 100_000  # 1,000 kr. a point: anything above is a typing error


def season_parameters(preset: str) -> list[Parameter]:
    """What a season of `preset` may change, each with its default, meaning and seed line."""
    if preset not in dict(families.preset_choices()):
        raise _refuse("preset", _("Choose one of the rule sets."))
    return families.of(preset).parameters(preset)


def season_values(season: Season) -> dict[str, Any]:
    """Each parameter of the season's preset as the season plays it (override or default)."""
    return values_from(season_parameters(season.preset), season.overrides or {})


def has_deals(season: Season) -> bool:
    return season.pk is not None and Deal.objects.filter(sitting__season=season).exists()


@transaction.atomic
def save_season(
    club: Club,
    *,
    season: Season | None = None,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date,
    preset: str,
    values: Mapping[str, Any],
    point_value_ore: int,
    close: str,
) -> Season:
    """Create or edit a season. `values` holds each parameter of the preset by name; only those
    that differ from the preset are kept as overrides, and the family checks them. Once the season
    has deals its rules and point value are settled history: they no longer change."""
    errors: dict[str, list[str]] = defaultdict(list)
    try:
        name = _clean_name(name, limit=Season._meta.get_field("name").max_length or 80)
    except OfficeError as error:
        errors.update(error.errors)
    else:
        others = Season.objects.filter(club=club, name__iexact=name)
        if season is not None:
            others = others.exclude(pk=season.pk)
        if others.exists():
            errors["name"].append(_("The club already has a season called %(name)s.") % {"name": name})
    if ends_on < starts_on:
        errors["ends_on"].append(_("The season ends before it starts."))
    if not 1 <= point_value_ore <= MAX_POINT_VALUE_ORE:
        errors["point_value_ore"].append(_("A point is worth 1 to %(most)d øre.") % {"most": MAX_POINT_VALUE_ORE})
    if close not in Season.Close.values:
        errors["close"].append(_("Choose how a sitting ends."))
    parameters = season_parameters(preset)
    overrides = overrides_from(parameters, dict(values))
    _ruleset, problems = families.of(preset).resolve(preset, overrides)
    language = (translation.get_language() or "da").split("-")[0]
    for problem in problems:
        errors[problem.field.removeprefix("overrides.") or "preset"].append(problem.message_in(language))
    if season is not None and has_deals(season):
        if (preset, overrides, point_value_ore) != (season.preset, season.overrides or {}, season.point_value_ore):
            errors["preset"].append(_("The season has deals: its rules and point value no longer change."))
        dates = season.sittings.aggregate(first=Min("date"), last=Max("date"))
        if dates["first"] and not starts_on <= dates["first"] <= dates["last"] <= ends_on:
            errors["starts_on"].append(_("The season's sittings lie between %(first)s and %(last)s.") % dates)
    if errors:
        raise OfficeError(errors)
    season = season or Season(club=club)
    season.name, season.starts_on, season.ends_on = name, starts_on, ends_on
    season.preset, season.overrides, season.point_value_ore, season.close = preset, overrides, point_value_ore, close
    season.save()
    return season


# --- the members' list -------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberRow:
    member: Member
    saldo_ore: int  # what the club owes him (> 0) or he owes the club (< 0) today, in øre
    last_sitting: datetime.date | None


def member_rows(club: Club) -> list[MemberRow]:
    """Every member of the club, active first, with his saldo and the date he last sat down."""
    saldi = money.saldi(club)
    last = dict(Member.objects.filter(club=club).annotate(last=Max("seats__sitting__date")).values_list("pk", "last"))
    members = club.members.order_by("-active", "name")
    return [MemberRow(m, saldi.get(m.pk, 0), last.get(m.pk)) for m in members]
