"""Statements, CSV exports and the deal audit page. Thin: the work is in the modules beside."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from club import access, inputs
from club.access import is_official, membership
from club.models import Club, Deal, Dispute, Member, Season
from club.months import Month
from club.services import disputes, mailings
from club.services.disputes import DisputeError, close_dispute, resolve_by_correction

from . import exports, sheets
from .audit import deal_audit as build_deal_audit
from .forms import DisputeForm, ExportForm, ResolveDisputeForm, first_error
from .mailing import NoAddress, send_statement
from .pdf import statement_filename, statement_pdf
from .statements import build_statement


def _club_member(request: HttpRequest, slug: str) -> tuple[Club, Member]:
    club = get_object_or_404(Club, slug=slug)
    return club, membership(request.user, club)


def _readable_member(request: HttpRequest, slug: str, member_id: int) -> Member:
    """A member's own statement and postings are theirs and the club admins' to read (403 to the
    rest of the club, whose roster shows the member anyway)."""
    club, viewer = _club_member(request, slug)
    member = get_object_or_404(Member.objects.select_related("club"), pk=member_id, club=club)
    access.require(viewer, access.READ_PRIVATE, subject=member)
    return member


@require_GET
@login_required
def member_statement(request: HttpRequest, slug: str, member_id: int, month: Month) -> HttpResponse:
    statement = build_statement(_readable_member(request, slug, member_id), month)
    running = mailings.running_month()
    context = {
        "club": statement.club,  # the header names the club and links its standings, as its other pages do
        "statement": statement,
        "previous_month": month.previous(),
        "next_month": month.next() if month < running else None,  # no link into a month not yet begun
        "can_send": access.allows(access.membership(request.user, statement.club), access.MANAGE),
        "mailed": mailings.mailed(statement.club, month, statement.member),
        "running": month >= running,
    }
    return render(request, "reports/statement.html", context)


@require_GET
@login_required
def member_statement_pdf(request: HttpRequest, slug: str, member_id: int, month: Month) -> HttpResponse:
    statement = build_statement(_readable_member(request, slug, member_id), month)
    response = HttpResponse(statement_pdf(statement, get_language()), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{statement_filename(statement)}"'
    return response


@require_POST
@login_required
def member_statement_send(request: HttpRequest, slug: str, member_id: int, month: Month) -> HttpResponse:
    """An official queues one member's statement for the month in the outbox, as a mail to him."""
    club, viewer = _club_member(request, slug)
    access.require(viewer, access.MANAGE)
    member = get_object_or_404(Member.objects.select_related("club"), pk=member_id, club=club)
    try:
        send_statement(member, month, again=request.POST.get("again") == "1", by=request.user)
    except (NoAddress, mailings.MailingRefused) as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("The statement for %(email)s waits in the outbox; the mail worker sends it.") % {"email": member.email},
        )
    return redirect("member-statement", slug=slug, member_id=member.pk, month=month)


@require_GET
@login_required
def member_postings(request: HttpRequest, slug: str, member_id: int, kind: str) -> HttpResponse:
    member = _readable_member(request, slug, member_id)
    season = None
    if (season_id := inputs.optional_id(request.GET, "season")) is not None:
        season = get_object_or_404(Season, pk=season_id, club=member.club)
    suffix = f"-{season.pk}" if season else ""
    sheet = exports.member_postings(member, season)
    return sheets.response(sheet, kind, f"{slug}-{member.pk}-postings{suffix}", get_language())


@require_GET
@login_required
def member_data_json(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """What the club holds about the member, for him or an official to take away."""
    member = _readable_member(request, slug, member_id)
    response = HttpResponse(exports.member_data_json(member), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slug}-{member.pk}-data.json"'
    return response


@require_GET
@login_required
def member_data_csv(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    member = _readable_member(request, slug, member_id)
    response = HttpResponse(exports.member_data_zip(member), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{slug}-{member.pk}-data.zip"'
    return response


@require_GET
@login_required
def season_standings(request: HttpRequest, slug: str, season_id: int, kind: str) -> HttpResponse:
    club, _viewer = _club_member(request, slug)
    season = get_object_or_404(Season, pk=season_id, club=club)
    sheet = exports.season_standings_sheet(season)
    return sheets.response(sheet, kind, f"{slug}-season-{season.pk}-standings", get_language())


# --- the treasurer's exports -------------------------------------------------------------------


def _period_start(today: datetime.date) -> datetime.date:
    return today.replace(month=1, day=1)


@require_GET
@login_required
def office_exports(request: HttpRequest, slug: str) -> HttpResponse:
    """The treasurer's books to take away: saldi at a date, the payments and the till book of a
    period, each as XLSX or CSV."""
    club, viewer = _club_member(request, slug)
    access.require(viewer, access.MANAGE)
    return _exports_page(request, club)


def _exports_page(request: HttpRequest, club: Club, *, problems: list[str] | None = None) -> HttpResponse:
    today = timezone.localdate()
    context = {
        "club": club,
        "today": today,
        "period_start": _period_start(today),
        "seasons": club.seasons.order_by("-starts_on", "name"),
        "problems": problems or [],
    }
    return render(request, "club/office/exports.html", context, status=400 if problems else 200)


EXPORTS = {
    "saldi": lambda club, data: (exports.saldi_at(club, data["on"]), data["on"].isoformat()),
    "payments": lambda club, data: (exports.payments(club, data["first"], data["last"]), _period(data)),
    "till": lambda club, data: (exports.till_book(club, data["first"], data["last"]), _period(data)),
}


def _period(data: dict) -> str:
    return f"{data['first'].isoformat()}-{data['last'].isoformat()}"


@require_GET
@login_required
def office_export(request: HttpRequest, slug: str, what: str, kind: str) -> HttpResponse:
    """One of the treasurer's exports; a missing or impossible date is named on the exports page (400)."""
    club, viewer = _club_member(request, slug)
    access.require(viewer, access.MANAGE)
    form = ExportForm(request.GET, what=what)
    if not form.is_valid():
        return _exports_page(request, club, problems=[first_error(form)])
    sheet, dates = EXPORTS[what](club, form.cleaned_data)
    return sheets.response(sheet, kind, f"{slug}-{what}-{dates}", get_language())


# --- the deal audit page and its disputes ----------------------------------------------------


def _club_deal(request: HttpRequest, slug: str, deal_id: int) -> tuple[Club, Member, Deal]:
    club, viewer = _club_member(request, slug)
    deal = get_object_or_404(Deal, pk=deal_id, sitting__season__club=club)
    return club, viewer, deal


@require_GET
@login_required
def deal_audit(request: HttpRequest, slug: str, deal_id: int) -> HttpResponse:
    club, viewer, deal = _club_deal(request, slug, deal_id)
    return _audit_page(request, club, viewer, deal)


def _audit_page(request, club, viewer, deal, *, status: int = 200, **extra) -> HttpResponse:
    audit = build_deal_audit(deal)
    context = {
        "club": club,
        "audit": audit,
        "can_resolve": is_official(viewer),
        "corrections": [trail.version for trail in audit.versions if trail.version.version > 1],
        "correct_url": _correct_url(club, deal),
        **extra,
    }
    return render(request, "reports/deal_audit.html", context, status=status)


def _correct_url(club: Club, deal: Deal) -> str:
    # The correction form belongs to the phone UI (club.web), which names deals by sitting and number.
    for name, args in (
        ("deal_correct", [club.slug, deal.sitting_id, deal.number]),
        ("deal-correct", [club.slug, deal.pk]),
    ):
        try:
            return reverse(name, args=args)
        except NoReverseMatch:
            continue
    return f"/c/{club.slug}/sittings/{deal.sitting_id}/deals/{deal.number}/correct/"


@require_POST
@login_required
def raise_dispute(request: HttpRequest, slug: str, deal_id: int) -> HttpResponse:
    club, viewer, deal = _club_deal(request, slug, deal_id)
    form = DisputeForm(request.POST)
    try:
        if not form.is_valid():
            raise DisputeError(first_error(form))
        dispute = disputes.raise_dispute(deal, member=viewer, comment=form.cleaned_data["comment"])
    except DisputeError as error:
        comment = inputs.for_display(form.data.get("comment", ""), inputs.MAX_COMMENT)
        return _audit_page(request, club, viewer, deal, status=400, dispute_error=str(error), comment=comment)
    return redirect(reverse("deal-audit", args=[club.slug, deal.pk]) + f"#dispute-{dispute.pk}")


@require_POST
@login_required
def resolve_dispute(request: HttpRequest, slug: str, dispute_id: int) -> HttpResponse:
    club, viewer = _club_member(request, slug)
    dispute = get_object_or_404(Dispute.objects.select_related("deal"), pk=dispute_id, deal__sitting__season__club=club)
    access.require(viewer, access.RESOLVE)
    form = ResolveDisputeForm(request.POST)
    try:
        if not form.is_valid():
            raise DisputeError(first_error(form))
        data = form.cleaned_data
        if data["action"] == Dispute.Resolution.CORRECTED:
            version = dispute.deal.versions.filter(pk=data["version"] or 0).first()
            resolve_by_correction(dispute, by=viewer, version=version)
        else:
            close_dispute(dispute, by=viewer, reason=data["reason"])
    except DisputeError as error:
        return _audit_page(request, club, viewer, dispute.deal, status=400, dispute_error=str(error))
    return redirect(reverse("deal-audit", args=[club.slug, dispute.deal_id]) + f"#dispute-{dispute.pk}")
