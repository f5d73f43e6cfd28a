"""A login's owner answers a club's request to join (`club.services.joining`): from the site's
first page, where the requests wait for him after he signs in."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..models import JoinRequest
from ..services import joining
from ..services.office import OfficeError


@require_POST
@login_required
def answer(request: HttpRequest, request_id: int) -> HttpResponse:
    """`answer=accept` or `answer=decline`; another login's request, or one already answered, is 404."""
    choice = request.POST.get("answer")
    if choice not in ("accept", "decline"):
        return HttpResponseBadRequest(_("Answer accept or decline."))
    try:
        if choice == "accept":
            member = joining.accept(request.user, request_id)
            text = _("You are %(name)s in %(club)s now.")
        else:
            member = joining.decline(request.user, request_id)
            text = _("You declined to join %(club)s.")
    except JoinRequest.DoesNotExist:
        raise Http404 from None
    except OfficeError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, text % {"name": member.name, "club": member.club.name})
    return redirect("home")
