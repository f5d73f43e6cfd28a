"""What the API lets a user see and do, from their memberships (`Member.role`) club by club.

- club admin: everything in their club: every sitting, deal, balance and statement.
- scorer: starts sittings, records deals, corrects them (with a reason) and closes sittings, as
  the table does on its phone; reads the club's sittings and deals, but only their own balance
  and statements.
- member: reads the club's roster, seasons, tables and standings, the sittings they sat at and
  their deals, and their own balance and statements.

Another club's objects are simply not in the querysets, so they answer 404 and their existence
is never revealed; a visible object the role may not act on answers 403.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission

from club import access
from club.models import Club, Deal, DealVersion, Member, Season, Sitting, Table


@dataclass(frozen=True)
class Roles:
    """The requesting user's active memberships, keyed by club id."""

    memberships: dict[int, Member]

    @classmethod
    def of(cls, request) -> Roles:
        # Cached on the request: a view asks several times (queryset, permission, serializer).
        roles = getattr(request, "_tarokbog_roles", None)
        if roles is None:
            user = request.user
            found = Member.objects.filter(user=user, active=True) if user.is_authenticated else Member.objects.none()
            roles = cls({m.club_id: m for m in found})
            request._tarokbog_roles = roles
        return roles

    @property
    def clubs(self) -> list[int]:
        return list(self.memberships)

    @property
    def scoring_clubs(self) -> list[int]:
        return [club for club, m in self.memberships.items() if access.can_score(m)]

    @property
    def own_members(self) -> list[int]:
        return [m.pk for m in self.memberships.values()]

    def can_score(self, club_id: int) -> bool:
        member = self.memberships.get(club_id)
        return member is not None and access.can_score(member)

    def is_admin(self, club_id: int) -> bool:
        member = self.memberships.get(club_id)
        return member is not None and access.is_official(member)

    def may_read_private(self, member: Member) -> bool:
        """A balance or statement: the member's own, or any in a club the user administers."""
        return member.pk in self.own_members or self.is_admin(member.club_id)

    # --- what the user can see -----------------------------------------------------------

    def visible_clubs(self) -> QuerySet[Club]:
        return Club.objects.filter(pk__in=self.clubs)

    def visible_members(self) -> QuerySet[Member]:
        return Member.objects.filter(club_id__in=self.clubs)

    def visible_seasons(self) -> QuerySet[Season]:
        return Season.objects.filter(club_id__in=self.clubs)

    def visible_tables(self) -> QuerySet[Table]:
        return Table.objects.filter(club_id__in=self.clubs)

    def visible_sittings(self) -> QuerySet[Sitting]:
        """All sittings of the clubs the user scores for, and the ones they sat at elsewhere."""
        sat_at = Sitting.objects.filter(seats__member_id__in=self.own_members).values("pk")
        return Sitting.objects.filter(Q(season__club_id__in=self.scoring_clubs) | Q(pk__in=sat_at))

    def visible_deals(self) -> QuerySet[Deal]:
        return Deal.objects.filter(sitting__in=self.visible_sittings().values("pk"))


class ScoresForTheClub(BasePermission):
    """Recording at the table: a scorer or club admin of the object's club (403 otherwise).

    Only consulted for objects already found in the user's querysets, so it never sees
    another club's.
    """

    message = _("Only the club's scorers and admins may do this.")

    def has_object_permission(self, request, view, obj) -> bool:
        return Roles.of(request).can_score(club_of(obj))


def club_of(obj) -> int:
    if isinstance(obj, Sitting):
        return obj.season.club_id
    if isinstance(obj, DealVersion):
        return obj.deal.sitting.season.club_id
    return obj.club_id
