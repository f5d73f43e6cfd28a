"""Who may see and do what: the one access policy of the web pages, the API, the reports and the
CSV exports. docs/access.md states it as a table; `tests/web/test_web_authorization.py` and
`tests/api/test_api_authorization.py` check every route against it.

A user reaches a club only through an active `Member` row linking them to it. Inside the club:

- the score sheets (sittings, deals, audit pages), the standings and the roster are the whole
  club's: every member reads them (`READ`) and may dispute a deal (`DISPUTE`);
- a member's statement, postings and balance are the member's own and the club admin's
  (`READ_PRIVATE`). Scorers do not read them: they keep the score at the table, not the books;
- what moves money (start a sitting, record, correct, close) is for scorers and admins (`SCORE`);
- the club's officials, its admins, resolve disputes (`RESOLVE`) and run its office (`MANAGE`):
  members, seasons, tables, payments.

Anything of another club answers 404, so its existence is not revealed; inside one's own club a
refused action answers 403, since the roster already shows who and what exists there.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext_lazy as _

from .models import Club, Deal, Member, Season, Sitting, Table


class Action(enum.Enum):
    READ = "read"
    READ_PRIVATE = "read_private"
    SCORE = "score"
    DISPUTE = "dispute"
    RESOLVE = "resolve"
    MANAGE = "manage"


READ, READ_PRIVATE, SCORE, DISPUTE, RESOLVE, MANAGE = Action

# What each role may do in its own club. READ_PRIVATE here means "anyone's": every member may
# always read their own (see `allows`).
ROLE_ACTIONS: dict[str, frozenset[Action]] = {
    Member.Role.MEMBER: frozenset({READ, DISPUTE}),
    Member.Role.SCORER: frozenset({READ, DISPUTE, SCORE}),
    Member.Role.ADMIN: frozenset({READ, DISPUTE, SCORE, RESOLVE, READ_PRIVATE, MANAGE}),
}

REFUSALS = {
    READ: _("Only the club's members may see this."),
    READ_PRIVATE: _("Only the member and the club's admins may see this."),
    SCORE: _("Only the club's scorers and admins may do this."),
    DISPUTE: _("Only members of the club can dispute its deals."),
    RESOLVE: _("Only an official of the club can resolve a dispute."),
    MANAGE: _("Only the club's officials may do this."),
}


def allows(member: Member | None, action: Action, subject: Member | None = None) -> bool:
    """May `member` (an active membership, or None) do `action`, on `subject` for READ_PRIVATE?"""
    if member is None or not member.active:
        return False
    if action is READ_PRIVATE:
        if subject is None or subject.club_id != member.club_id:
            return False
        if subject.pk == member.pk:
            return True
    return action in ROLE_ACTIONS.get(member.role, frozenset())


def require(member: Member | None, action: Action, subject: Member | None = None) -> None:
    """403 (`PermissionDenied`, which the API renders as JSON) unless `allows(...)`."""
    if not allows(member, action, subject):
        raise PermissionDenied(str(REFUSALS[action]))


def membership(user, club: Club) -> Member:
    """The user's active membership of `club`, or 404: another club's pages do not exist for him."""
    if not user.is_authenticated:
        raise Http404
    member = Member.objects.filter(club=club, user=user, active=True).first()
    if member is None:
        raise Http404
    return member


def can_score(member: Member) -> bool:
    return allows(member, SCORE)


def is_official(member: Member) -> bool:
    return allows(member, RESOLVE)


def clubs_of(user):
    return Club.objects.filter(members__user=user, members__active=True).distinct()


@dataclass(frozen=True)
class Requester:
    """The requesting user's active memberships, keyed by club id: the API's view of the policy,
    where one request may reach several clubs."""

    memberships: dict[int, Member]

    @classmethod
    def of(cls, request) -> Requester:
        # Cached on the request: a view asks several times (queryset, permission, serializer).
        found = getattr(request, "_tarokbog_requester", None)
        if found is None:
            found = cls.of_user(request.user)
            request._tarokbog_requester = found
        return found

    @classmethod
    def of_user(cls, user) -> Requester:
        members = Member.objects.filter(user=user, active=True) if user.is_authenticated else Member.objects.none()
        return cls({m.club_id: m for m in members})

    def member_in(self, club_id: int) -> Member | None:
        return self.memberships.get(club_id)

    def allows(self, club_id: int, action: Action, subject: Member | None = None) -> bool:
        return allows(self.member_in(club_id), action, subject)

    def require(self, club_id: int, action: Action, subject: Member | None = None) -> None:
        require(self.member_in(club_id), action, subject)

    def clubs(self, action: Action = READ) -> list[int]:
        """The clubs where the requester may do `action` (READ: all of his clubs)."""
        return [club for club, member in self.memberships.items() if allows(member, action)]

    # What the requester can see: everything READ reaches, in his own clubs only.

    def visible_clubs(self) -> QuerySet[Club]:
        return Club.objects.filter(pk__in=self.clubs())

    def visible_members(self) -> QuerySet[Member]:
        return Member.objects.filter(club_id__in=self.clubs())

    def visible_seasons(self) -> QuerySet[Season]:
        return Season.objects.filter(club_id__in=self.clubs())

    def visible_tables(self) -> QuerySet[Table]:
        return Table.objects.filter(club_id__in=self.clubs())

    def visible_sittings(self) -> QuerySet[Sitting]:
        return Sitting.objects.filter(season__club_id__in=self.clubs())

    def visible_deals(self) -> QuerySet[Deal]:
        return Deal.objects.filter(sitting__season__club_id__in=self.clubs())


def club_of(obj) -> int:
    """The club id an object of the club's rooms belongs to."""
    if isinstance(obj, Sitting):
        return obj.season.club_id
    if isinstance(obj, Deal):
        return obj.sitting.season.club_id
    if hasattr(obj, "deal"):  # a deal version or a dispute
        return obj.deal.sitting.season.club_id
    return obj.club_id
