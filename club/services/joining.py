"""A login joins a club only by its owner's word.

When an official adds a member (or gives one an address) and the address already belongs to a
login, of this club or another, the member is saved without a login and `ask` mails the login's
own stored address (never the address the official typed): the owner, signed in, sees the request
on the site's first page and accepts it (the member gets his login) or declines it. Until then the
member has no login, so nothing an official does reaches another person's login.

The office answers alike whether or not an address has a login somewhere (issue 36, N8): "X is a
member now", "Saved", an invitation "on its way" (for a member who waits for an owner, the
request's mail again, within its daily limit), and the club's log says only what the owner answered.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from .. import audit
from ..models import JoinRequest, Member
from . import languages, outbox, throttle
from .office import refuse


def existing_login(address: str):
    """The login that holds `address` (already as `inputs.login_address` reads it) as its username
    or its address, by exact equality; None if there is none."""
    users = get_user_model()
    return users.objects.filter(Q(username=address) | Q(email=address)).order_by("pk").first()


def ask(member: Member, user, *, site_url: str = "", by=None) -> JoinRequest:
    """Ask `user` to become `member`'s login; mailed to the login's own address in the login's
    language, if it has one (without one, the owner sees the request once he signs in). Call inside the change's
    transaction, so that the request and its mail stand or fall with the member. A login gets at
    most one such mail a day from one club (`throttle.JOIN_MAIL`); a request beyond it stands
    unmailed, and the owner sees it on the site's first page."""
    join = JoinRequest.objects.create(member=member, user=user)
    # No line in the club's log: it would tell the office that the address has a login elsewhere
    # (36 N8); the owner's answer is logged.
    _mail(join, site_url)
    return join


def remind(member: Member, *, site_url: str = "") -> None:
    """The member's open request mailed to its login's owner again, within the same limit as
    `ask` (the office's invitation of a member who waits for an owner's answer)."""
    join = JoinRequest.objects.filter(member=member, decided_at__isnull=True).select_related("user").first()
    if join is not None:
        _mail(join, site_url)


def _mail(join: JoinRequest, site_url: str) -> None:
    member, user = join.member, join.user
    if user.email and throttle.attempt(throttle.JOIN_MAIL, f"{member.club_id}:{user.pk}"):
        with translation.override(languages.of_login(user)):
            context = {"member": member, "club": member.club, "link": site_url.rstrip("/") + "/" if site_url else ""}
            subject = _("%(club)s asks you to join") % {"club": member.club.name}
            body = render_to_string("club/email/join_request.txt", context)
        outbox.queue(EmailMessage(subject, body, to=[user.email]), club=member.club)


def withdraw(member: Member) -> None:
    """The member's open request, if any, no longer stands (his address changed)."""
    JoinRequest.objects.filter(member=member, decided_at__isnull=True).delete()


def open_requests(user) -> QuerySet[JoinRequest]:
    """The requests waiting for `user`'s answer, oldest first, with their clubs."""
    return JoinRequest.objects.filter(user=user, decided_at__isnull=True).select_related("member__club")


def pending(member: Member) -> bool:
    """Whether the member waits for a login's owner to accept."""
    return JoinRequest.objects.filter(member=member, decided_at__isnull=True).exists()


def _own_open_request(user, request_id: int) -> JoinRequest:
    """The open request `request_id` addressed to `user`, locked; anyone else's does not exist
    for him (JoinRequest.DoesNotExist, a 404 to the pages)."""
    return JoinRequest.objects.select_for_update(of=("self",)).get(pk=request_id, user=user, decided_at__isnull=True)


def _member_of(club_id: int, user) -> bool:
    return Member.objects.filter(club_id=club_id, user=user).exists()


@transaction.atomic
def accept(user, request_id: int) -> Member:
    """`user` becomes the member's login."""
    join = _own_open_request(user, request_id)
    member = Member.objects.select_for_update(of=("self",)).get(pk=join.member_id)
    already = _("You are already a member of %(club)s.") % {"club": member.club.name}
    if _member_of(member.club_id, user):
        raise refuse("join", already)
    member.user = user
    try:
        with transaction.atomic():  # a savepoint: the refusal below leaves the transaction usable
            member.save()
    except IntegrityError:
        # Another of the club's requests to him was accepted at the same moment, after our check.
        raise refuse("join", already) from None
    join.decided_at, join.accepted = timezone.now(), True
    join.save()
    audit.record(member.club_id, audit.Kind.JOIN_ANSWERED, by=user, member=member.pk, accepted=True)
    return member


@transaction.atomic
def decline(user, request_id: int) -> Member:
    """The member stays without a login."""
    join = _own_open_request(user, request_id)
    join.decided_at, join.accepted = timezone.now(), False
    join.save()
    audit.record(join.member.club_id, audit.Kind.JOIN_ANSWERED, by=user, member=join.member_id, accepted=False)
    return join.member
