"""Who may see and do what: every page and API call is scoped to the member's own club.

A user reaches a club only through a `Member` row linking them to it; anything of another club
answers 404, so its existence is not revealed.
"""

from __future__ import annotations

from django.http import Http404

from .models import Club, Member


def membership(user, club: Club) -> Member:
    """The user's membership of `club`, or 404."""
    if not user.is_authenticated:
        raise Http404
    member = Member.objects.filter(club=club, user=user, active=True).first()
    if member is None:
        raise Http404
    return member


def can_score(member: Member) -> bool:
    return member.role in (Member.Role.SCORER, Member.Role.ADMIN)


def is_official(member: Member) -> bool:
    return member.role == Member.Role.ADMIN


def clubs_of(user):
    return Club.objects.filter(members__user=user, members__active=True).distinct()
