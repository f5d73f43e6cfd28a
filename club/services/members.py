"""The club and its members: setting up a club with its first official, adding and editing
members (a login for each member with an email address), and inviting them with a one-time link
to set a password.

A login's username is its email address as `inputs.login_address` reads it (NFKC, case-folded), so
a member signs in with the address the club knows, and a login is found by exact equality only.
An official never links an existing login to a member: the login's owner is asked (`joining`). The link to set a password is Django's password-reset link (`default_token_generator`):
it expires after `PASSWORD_RESET_TIMEOUT` (settings) and works once, since setting the password
changes what the token was made from.
"""

from __future__ import annotations

import copy
import datetime
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models import Max, OuterRef, ProtectedError, Q, QuerySet, RestrictedError, Subquery
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.text import slugify
from django.utils.translation import gettext as _

from .. import audit, inputs
from ..models import Club, DealVersion, JoinRequest, LoginLanguage, Member
from . import joining, languages, money, outbox
from .office import OfficeError, clean_email, clean_name, refuse

# slugify drops what has no ASCII decomposition: write the Nordic letters as Danes do in addresses.
_LETTERS = str.maketrans({"æ": "ae", "ø": "oe", "å": "aa", "Æ": "Ae", "Ø": "Oe", "Å": "Aa"})

# --- logins ------------------------------------------------------------------------------------


def _new_login(address: str):
    """A new login for `address`, without a usable password (the invitation sets it)."""
    user = get_user_model()(username=address, email=address)
    user.set_unusable_password()
    try:
        with transaction.atomic():  # a savepoint: the refusal below leaves the transaction usable
            user.save()
    except IntegrityError:
        # Another club gave the address a login at the same moment, after `existing_login` found
        # none: saved again, the member's owner is asked as for any existing login.
        raise refuse("email", _("This address was given a login a moment ago: save again.")) from None
    return user


class LoginsTaken(OfficeError):
    """Addresses another club gave a login a moment ago, while `add_members` made theirs."""

    def __init__(self, addresses: list[str]):
        super().__init__({"email": [_("This address was given a login a moment ago: save again.")]})
        self.addresses = addresses


def _new_logins(addresses: list[str]) -> dict[str, Any]:
    """`_new_login` for many addresses, by address, in one statement; if another club gave one of
    them a login meanwhile, one by one, and `LoginsTaken` names those."""
    users = [get_user_model()(username=address, email=address) for address in addresses]
    for user in users:
        user.set_unusable_password()
    try:
        with transaction.atomic():  # a savepoint: the refusal below leaves the transaction usable
            made = get_user_model().objects.bulk_create(users)
    except IntegrityError:
        found, taken = {}, []
        for address in addresses:
            try:
                found[address] = _new_login(address)
            except OfficeError:
                taken.append(address)
        if taken:
            raise LoginsTaken(taken) from None
        return found
    audit.admin_created(made)
    return {user.username: user for user in made}


def retire_login(user) -> None:
    """No name, no address, no password: nobody signs in with `user` again, and the address it
    held is free for a new login."""
    LoginLanguage.objects.filter(user=user).delete()
    user.username = f"tidligere-{user.pk}"
    user.email = user.first_name = user.last_name = ""
    user.is_active = False
    user.set_unusable_password()
    user.save()


def _retire_if_unused(user) -> None:
    """A login that a member's new address left behind, retired when nothing else needs it: no
    member uses it (a login of other clubs' members stays its owner's), no club waits for its
    owner's answer, and it is no staff's. Its owner signs in with the login of his new address;
    an official never hands the old one, or its address, to anyone. One that was never used (no
    password set, never signed in) is deleted instead: an official who flips an address back and
    forth leaves no pile of retired logins (issue 36, N8)."""
    if user.is_staff or user.is_superuser or Member.objects.filter(user=user).exists():
        return
    if JoinRequest.objects.filter(user=user, decided_at__isnull=True).exists():
        return
    if user.last_login is None and not user.has_usable_password():
        try:
            with transaction.atomic():  # a savepoint: a row that still names it keeps it, retired
                user.delete()
            return
        except (IntegrityError, ProtectedError, RestrictedError):
            pass
    retire_login(user)


def _check_address_free(club: Club, address: str, member: Member | None = None) -> None:
    """No two members of a club share an address, nor a login."""
    same = Q(email=address)
    if (login := joining.existing_login(address)) is not None:
        same |= Q(user=login)
    others = Member.objects.filter(club=club).filter(same)
    if member is not None:
        others = others.exclude(pk=member.pk)
    if others.exists():
        raise refuse("email", _("Another member of the club has this email address."))


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
def create_club(
    *, name: str, admin_email: str, admin_name: str | None = None, slug: str | None = None, by=None
) -> Member:
    """A new club with its first official (the club admin role) and his login; the caller hands
    him `set_password_path(member.user)`."""
    name = clean_name(name, "name", limit=Club._meta.get_field("name").max_length or 120)
    slug = slugify((slug if slug is not None else name).translate(_LETTERS))
    if not slug:
        raise refuse("slug", _("The short name needs letters or digits."))
    slug = slug[: Club._meta.get_field("slug").max_length]
    if Club.objects.filter(slug=slug).exists():
        raise refuse("slug", _("A club with the short name %(slug)s already exists.") % {"slug": slug})
    email = clean_email(admin_email)
    if not email:
        raise refuse("email", _("The first official needs an email address."))
    admin_name = clean_name(admin_name or email.split("@")[0].replace(".", " ").title(), "admin_name")
    club = Club.objects.create(name=name, slug=slug)
    # The site's operator starts a club for its first official: his existing login, if he has one.
    user = joining.existing_login(email) or _new_login(email)
    member = Member.objects.create(club=club, name=admin_name, email=email, role=Member.Role.ADMIN, user=user)
    audit.record(club, audit.Kind.CLUB_CREATED, by=by, name=club.name)
    audit.record(club, audit.Kind.MEMBER_ADDED, by=by, member=member.pk, role=member.role)
    return member


# --- members -----------------------------------------------------------------------------------


@dataclass
class Roster:
    """What the rules on names and addresses need of a club's members, read once under the club's
    lock, for many additions in one transaction (an import): each is checked against it, and
    added to it, instead of reading every member again for each."""

    club: Club
    name_keys: set[str]
    addresses: set[str]
    login_ids: set[int]
    logins: dict[str, Any]  # address -> its login, for the addresses about to be added
    # The members the club had before: member id by name key and by address (an import updates them).
    known_names: dict[str, int] = field(default_factory=dict)
    known_addresses: dict[str, int] = field(default_factory=dict)
    claimed: set[int] = field(default_factory=set)  # the known members a row has updated already
    known_members: dict[int, tuple[str, int | None]] = field(default_factory=dict)  # id -> address, login id

    @classmethod
    def of(cls, club: Club, addresses: list[str]) -> Roster:
        Club.objects.select_for_update().get(pk=club.pk)
        rows = list(Member.objects.filter(club=club).values_list("name", "email", "user_id", "pk"))
        wanted = {inputs.login_address(address) for address in addresses if address.strip()}
        logins: dict[str, Any] = {}
        users = get_user_model().objects.filter(Q(username__in=wanted) | Q(email__in=wanted)).order_by("-pk")
        for user in users:  # the oldest last: it wins, as `joining.existing_login` finds it
            for address in {user.username, user.email} & wanted:
                logins[address] = user
        return cls(
            club=club,
            name_keys={inputs.name_key(name) for name, _email, _user, _pk in rows},
            addresses={email for _name, email, _user, _pk in rows if email},
            login_ids={user for _name, _email, user, _pk in rows if user is not None},
            logins=logins,
            known_names={inputs.name_key(name): pk for name, _email, _user, pk in rows},
            known_addresses={email: pk for _name, email, _user, pk in rows if email},
            known_members={pk: (email, user) for _name, email, user, pk in rows},
        )

    def known(self, name: str, address: str) -> int | None:
        """The id of the member the club already had with this address, or else with this name;
        None for a new one. A second row naming the same member is refused as a name twice."""
        found = self.known_addresses.get(address) if address else None
        if found is None:
            found = self.known_names.get(inputs.name_key(name))
        if found is not None and found in self.claimed:
            raise refuse("name", _("The club already has a member called %(name)s.") % {"name": name})
        if found is not None:
            self.claimed.add(found)
        return found

    def check(self, name: str, address: str) -> Any:
        """`name` and `address` are free in the club (as `_check_name_free` and
        `_check_address_free` say); the address's existing login, or None."""
        if inputs.name_key(name) in self.name_keys:
            raise refuse("name", _("The club already has a member called %(name)s.") % {"name": name})
        login = self.logins.get(address) if address else None
        if address and (address in self.addresses or (login is not None and login.pk in self.login_ids)):
            raise refuse("email", _("Another member of the club has this email address."))
        return login

    def admit(self, *, name: str, email: str = "", role: str = Member.Role.MEMBER, language: str = "") -> NewMember:
        """A new member checked as `add_member` checks him, and taken into the roster, to be added
        with the others by `add_members`."""
        name = clean_name(name)
        language = languages.check(language)
        email = clean_email(email)
        login = self.check(name, email)
        role = _check_role(role)
        admitted = NewMember(name=name, email=email, role=role, language=language, login=login)
        self.name_keys.add(inputs.name_key(name))
        if email:
            self.addresses.add(email)
        return admitted

    def readdress(self, member_id: int, address: str) -> None:
        """A new address for a member the club had, checked as `edit_member` checks it (no other
        member has it, nor its login), and taken into the roster."""
        email, login_id = self.known_members[member_id]
        if not address or address == email:
            return
        login = self.logins.get(address)
        if address in self.addresses or (login is not None and login.pk in self.login_ids and login.pk != login_id):
            raise refuse("email", _("Another member of the club has this email address."))
        self.addresses.add(address)


@dataclass(frozen=True)
class NewMember:
    """A member `Roster.admit` checked, not added yet."""

    name: str
    email: str
    role: str
    language: str
    login: Any  # the login his address has already (its owner is asked), or None: a new one


def _check_name_free(club: Club, name: str, member: Member | None = None) -> None:
    """No two members of a club share a name that looks alike (`inputs.name_key`: "Ib", "IB", "Íb",
    Cyrillic "Іb", "Ib" with a zero-width space): compared in Python, the same on every database.
    The club's row is locked first, so two officials adding "Ib" and "IB" at once wait for each
    other. A member who keeps his name keeps it, even beside a look-alike stored before."""
    Club.objects.select_for_update().get(pk=club.pk)
    if member is not None and name == member.name:
        return
    key = inputs.name_key(name)
    others = Member.objects.filter(club=club)
    if member is not None:
        others = others.exclude(pk=member.pk)
    if any(inputs.name_key(other) == key for other in others.values_list("name", flat=True)):
        raise refuse("name", _("The club already has a member called %(name)s.") % {"name": name})


def _check_role(role: str) -> str:
    if role not in Member.Role.values:
        raise refuse("role", _("Choose one of the roles."))
    return role


def _keeps_an_admin(member: Member, *, role: str, active: bool) -> None:
    """A club always keeps one active official: nobody can demote or deactivate the last one."""
    if member.role == Member.Role.ADMIN and member.active and (role != Member.Role.ADMIN or not active):
        admins = Member.objects.filter(club_id=member.club_id, role=Member.Role.ADMIN, active=True)
        if not admins.exclude(pk=member.pk).exists():
            raise refuse("role", _("%(name)s is the club's last admin.") % {"name": member.name})


@transaction.atomic
def add_member(
    club: Club,
    *,
    name: str,
    email: str = "",
    role: str = Member.Role.MEMBER,
    site_url: str = "",
    language: str = "",
    by=None,
) -> Member:
    """A new member; with an address, a new login for it, or, if the address already has a login,
    a request to its owner (`joining.ask`, mailed with a link to `site_url`). `language` is his
    own for mail and statements ("" the club's). Many at once: `Roster.admit` and `add_members`."""
    name = clean_name(name)
    language = languages.check(language)
    email = clean_email(email)
    login = None
    _check_name_free(club, name)
    if email:
        _check_address_free(club, email)
        login = joining.existing_login(email)
    role = _check_role(role)
    user = _new_login(email) if email and login is None else None
    member = Member.objects.create(club=club, name=name, email=email, role=role, user=user, language=language)
    audit.record(club, audit.Kind.MEMBER_ADDED, by=by, member=member.pk, role=role)
    if login is not None:
        joining.ask(member, login, site_url=site_url, by=by)
    return member


@transaction.atomic
def add_members(club: Club, admitted: list[NewMember], *, site_url: str = "", by=None) -> list[Member]:
    """The members `Roster.admit` checked, added as `add_member` adds each, in a few statements
    whatever their number (an import): their new logins, the members, a line of the club's log
    each, and a request to the owner of each address that has a login already."""
    logins = _new_logins([new.email for new in admitted if new.email and new.login is None])
    made = Member.objects.bulk_create(
        Member(
            club=club,
            name=new.name,
            email=new.email,
            role=new.role,
            user=logins.get(new.email) if new.login is None else None,
            language=new.language,
        )
        for new in admitted
    )
    audit.admin_created(made)
    audit.record_many(club, [(audit.Kind.MEMBER_ADDED, {"member": m.pk, "role": m.role}) for m in made], by=by)
    for new, member in zip(admitted, made, strict=True):
        if new.login is not None:
            joining.ask(member, new.login, site_url=site_url, by=by)
    return made


@transaction.atomic
def give_first_addresses(addressed: list[tuple[Member, str]], roster: Roster, *, site_url: str = "", by=None) -> None:
    """Members the club had with neither an address nor a login (added by hand), each given the
    address `Roster.readdress` checked, as `edit_member` gives a first one: a new login for an
    address that has none, else a request to its owner; a line of the club's log each. A few
    statements whatever their number (an import)."""
    if not addressed:
        return
    if any(member.email or member.user_id is not None for member, _address in addressed):
        raise ValueError("a member with an address or a login changes it through edit_member")
    before = [copy.copy(member) for member, _address in addressed]
    logins = _new_logins(
        [address for address in dict.fromkeys(a for _m, a in addressed) if roster.logins.get(address) is None]
    )
    for member, address in addressed:
        member.email, member.user = address, logins.get(address)
    changed = [member for member, _address in addressed]
    Member.objects.bulk_update(changed, ["email", "user"], batch_size=200)
    audit.admin_changed(list(zip(before, changed, strict=True)))
    audit.record_many(roster.club, [(audit.Kind.MEMBER_EMAIL, {"member": member.pk}) for member in changed], by=by)
    for member, address in addressed:
        if (login := roster.logins.get(address)) is not None:
            joining.ask(member, login, site_url=site_url, by=by)


@transaction.atomic
def edit_member(
    member: Member, *, name: str, email: str, role: str, site_url: str = "", language: str | None = None, by=None
) -> Member:
    # `language`: his own for mail and statements ("" the club's; None keeps it).
    """A new name, address or role. A member's name is kept as it was in the sittings he played.
    A new address gets a new login, or, if it already has one, a request to its owner as in
    `add_member`; the member's old login is no longer linked here, and is retired unless another
    club's member uses it (`_retire_if_unused`)."""
    member = Member.objects.select_for_update(of=("self",)).get(pk=member.pk)
    before = audit.snapshot(member, audit.MEMBER_FIELDS)
    old_login = member.user
    name = clean_name(name)
    _check_name_free(member.club, name, member)
    role = _check_role(role)
    _keeps_an_admin(member, role=role, active=member.active)
    email = clean_email(email)
    login = None
    if email != member.email:
        joining.withdraw(member)
        if email:
            _check_address_free(member.club, email, member)
            login = joining.existing_login(email)
        if login is not None and login.pk == member.user_id:
            login = None  # the address of his own login: he keeps it
        elif email and login is None:
            member.user = _new_login(email)
        else:
            member.user = None
    member.name, member.email, member.role = name, email, role
    if language is not None:
        member.language = languages.check(language)
    member.save()
    audit.record_member_changes(member, before, by=by)
    if old_login is not None and member.user_id != old_login.pk:
        _retire_if_unused(old_login)
    if login is not None:
        joining.ask(member, login, site_url=site_url, by=by)
    return member


@transaction.atomic
def set_member_active(member: Member, active: bool, *, by=None) -> Member:
    """Deactivate (no login to the club, no new seat; his history and balance stay) or reactivate."""
    member = Member.objects.select_for_update(of=("self",)).get(pk=member.pk)
    if not active:
        _keeps_an_admin(member, role=member.role, active=False)
        if member.seats.filter(sitting__closed_at__isnull=True).exists():
            raise refuse("active", _("%(name)s sits at an open sitting.") % {"name": member.name})
    before = audit.snapshot(member, audit.MEMBER_FIELDS)
    member.active = active
    member.save(update_fields=["active"])
    audit.record_member_changes(member, before, by=by)
    return member


@transaction.atomic
def invite(member: Member, *, base_url: str, by=None) -> str:
    """Queue a mail with a link to set the password of the member's login, to the login's own
    address (never the member's, which an official may have typed otherwise), in the member's
    language; the link's path is returned. The club's log says who invited him. A member who
    waits for a login's owner to accept the club's request gets the request's mail again instead
    (`joining.remind`, at most once a day; no path)."""
    waiting = member.user is None and joining.pending(member)
    if not waiting and (member.user is None or not member.user.email):
        raise refuse("email", _("%(name)s has no email address.") % {"name": member.name})
    if not member.active:
        raise refuse("active", _("%(name)s is not an active member.") % {"name": member.name})
    if waiting:
        # Answered as an invitation, so the office cannot tell an address with a login elsewhere.
        joining.remind(member, site_url=base_url)
        audit.record_invitation(member, member.email)
        return ""
    message, path = _invitation(member, base_url)
    outbox.queue(message, club=member.club)
    audit.record_invitation(member, message.to[0], by=by)
    return path


def _invitation(member: Member, base_url: str) -> tuple[EmailMessage, str]:
    """The mail that invites a member with a login to set its password, to the login's own
    address, and the link's path."""
    assert member.user is not None
    path = set_password_path(member.user)
    with translation.override(languages.of_member(member)):
        context = {
            "member": member,
            "club": member.club,
            "login": member.user.get_username(),
            "link": base_url.rstrip("/") + path,
            "days": link_days(),
        }
        subject = _("Your login to %(club)s") % {"club": member.club.name}
        body = render_to_string("club/email/invitation.txt", context)
    return EmailMessage(subject, body, to=[member.user.email]), path


def awaiting_invitation(club: Club) -> QuerySet[Member]:
    """The club's active members with an address whose login has no password yet: nobody has
    signed in with it (a member whose address belongs to another login is asked, not invited)."""
    members = club.members.filter(active=True, user__isnull=False).exclude(user__email="")
    return members.filter(user__password__startswith=UNUSABLE_PASSWORD_PREFIX).select_related("user", "club")


@transaction.atomic
def invite_all(club: Club, *, base_url: str, among: list[Member] | None = None, by=None) -> list[Member]:
    """`invite` every member `awaiting_invitation` (of `among` only, when given): one mail each,
    queued in the outbox in one transaction, a few statements whatever their number (an import's
    2,000); the members invited."""
    waiting = awaiting_invitation(club).order_by("name")
    if among is not None:
        waiting = waiting.filter(pk__in=[member.pk for member in among])
    invited = list(waiting)  # each active, with a login that has an address: `invite`'s refusals pass
    messages = [_invitation(member, base_url)[0] for member in invited]
    outbox.queue_many(messages, club)
    audit.record_many(
        club,
        [
            (audit.Kind.MEMBER_INVITED, {"member": member.pk, "email": message.to[0]})
            for member, message in zip(invited, messages, strict=True)
        ],
        by=by,
    )
    return invited


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


# --- who did it ----------------------------------------------------------------------------------


def with_author_names(versions: QuerySet[DealVersion]) -> QuerySet[DealVersion]:
    """`versions`, each with `author_name`: its login's member name in the deal's club (None for a
    login that is no member there, or an import): `version_authors` in the query, for a list."""
    names = Member.objects.filter(club_id=OuterRef("deal__sitting__season__club_id"), user_id=OuterRef("entered_by_id"))
    return versions.annotate(author_name=Subquery(names.values("name")[:1]))


def version_authors(club: Club, versions) -> dict[int, str]:
    """Who entered each deal version, by version id: the login's member name in `club`, else the
    login itself (an official of another club, a staff user). A version without a login (an
    import) has no entry."""
    versions = [v for v in versions if v.entered_by_id is not None]
    users = {v.entered_by_id for v in versions}
    names = dict(Member.objects.filter(club=club, user__in=users).values_list("user_id", "name"))
    return {v.pk: names.get(v.entered_by_id) or v.entered_by.get_username() for v in versions}
