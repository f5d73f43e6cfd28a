"""The club's audit log page: officials' actions, newest first (club.audit)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from .. import access, audit
from ..models import Club, Member
from .views import club_page

PAGE_SIZE = 50


@club_page
def club_log(request: HttpRequest, club: Club, member: Member) -> HttpResponse:
    if not access.is_official(member):
        raise PermissionDenied(_("Only the club's admins may read its log."))
    page = Paginator(audit.club_log(club), PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "club/log.html", {"club": club, "page": page})
