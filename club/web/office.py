"""The officials' pages: members, seasons, tables, payments and the club's unsent mail (the
services hold the rules).

Only the club's officials reach them (`access.MANAGE`); everyone else in the club gets 403, anyone
else 404, as on every club page.
"""

from __future__ import annotations

import base64
import binascii
import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import access, families
from ..models import Club, Member, Payment, Season, SeasonEnd, Table, TableOpening
from ..reports import pdf
from ..services import forgetting, money, opening, outbox, reminders, till
from ..services import members as member_office
from ..services import payments as payment_office
from ..services import season_close as season_closing
from ..services import seasons as season_office
from ..services import tables as table_office
from ..services.money import format_ore
from ..services.office import OfficeError
from ..services.season_summary import season_summary as summarize_season
from .office_forms import (
    MemberForm,
    OpeningSaldoForm,
    PaymentDetailsForm,
    PaymentForm,
    RemindForm,
    ReversePaymentForm,
    SeasonForm,
    TableForm,
    TableOpeningForm,
)
from .views import club_page


def official_page(view):
    """A club page for its officials only."""

    @club_page
    def wrapper(request, club, member, **kwargs):
        access.require(member, access.MANAGE)
        return view(request, club, member, **kwargs)

    wrapper.__name__ = view.__name__
    return wrapper


# --- members -----------------------------------------------------------------------------------


def _mail_context(request: HttpRequest) -> dict:
    """Where a mail the office causes links to: the site as the official sees it (the mail
    speaks its reader's language, not the official's)."""
    return {"site_url": request.build_absolute_uri("/")}


@official_page
def members(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    context = {
        "club": club,
        "rows": member_office.member_rows(club),
        "awaiting": member_office.awaiting_invitation(club).count(),
    }
    return render(request, "club/office/members.html", context)


@official_page
def member_new(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    form = MemberForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            member = member_office.add_member(club, **form.cleaned_data, **_mail_context(request), by=official)
        except OfficeError as error:
            form.add_office_errors(error.errors)
        else:
            messages.success(request, _("%(name)s is a member now.") % {"name": member.name})
            return redirect("office_members", slug=club.slug)
    return render(request, "club/office/member_form.html", {"club": club, "form": form, "subject": None})


@official_page
def member_edit(request: HttpRequest, club: Club, official: Member, member_id: int) -> HttpResponse:
    subject = get_object_or_404(Member, pk=member_id, club=club)
    initial = {"name": subject.name, "email": subject.email, "role": subject.role, "language": subject.language}
    form = MemberForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            member_office.edit_member(subject, **form.cleaned_data, **_mail_context(request), by=official)
        except OfficeError as error:
            form.add_office_errors(error.errors)
        else:
            messages.success(request, _("Saved."))
            return redirect("office_members", slug=club.slug)
    return _member_page(request, club, subject, form)


def _member_page(request, club, subject, form, opening_form=None, *, status: int = 200) -> HttpResponse:
    """A member's office page: his details, and his saldo from paper while nothing is posted on
    his accounts yet."""
    if opening_form is None and not opening.has_postings(subject):
        opening_form = OpeningSaldoForm(initial={"on": timezone.localdate()})
    context = {
        "club": club,
        "form": form,
        "subject": subject,
        "opening_form": opening_form,
        "reminders": reminders.reminders_of(subject),
    }
    return render(request, "club/office/member_form.html", context, status=status)


@require_POST
@official_page
def member_opening(request: HttpRequest, club: Club, official: Member, member_id: int) -> HttpResponse:
    """His saldo from the paper books, once, before his first posting (club.services.opening)."""
    subject = get_object_or_404(Member, pk=member_id, club=club)
    opening_form = OpeningSaldoForm(request.POST)
    if opening_form.is_valid():
        data = opening_form.cleaned_data
        try:
            opening.carry_over_once(subject, data["saldo"], on=data["on"], by=official)
        except OfficeError as error:
            opening_form.add_office_errors(error.errors)
        else:
            messages.success(
                request,
                _("%(name)s's saldo from paper is carried over: %(saldo)s")
                % {"name": subject.name, "saldo": format_ore(data["saldo"])},
            )
            return redirect("office_member_edit", slug=club.slug, member_id=subject.pk)
    initial = {"name": subject.name, "email": subject.email, "role": subject.role, "language": subject.language}
    return _member_page(request, club, subject, MemberForm(initial=initial), opening_form, status=400)


def _active_switch(request: HttpRequest) -> bool | None:
    """The posted `active`: "1" true, "0" false; anything else (none, "true") None, never a false."""
    return {"1": True, "0": False}.get(request.POST.get("active", ""))


def _active_switch_refused() -> HttpResponse:
    return HttpResponseBadRequest(_("Send active=1 to make it active or active=0 to stop it."))


@require_POST
@official_page
def member_active(request: HttpRequest, club: Club, official: Member, member_id: int) -> HttpResponse:
    subject = get_object_or_404(Member, pk=member_id, club=club)
    if (active := _active_switch(request)) is None:
        return _active_switch_refused()
    try:
        member_office.set_member_active(subject, active, by=official)
    except OfficeError as error:
        messages.error(request, str(error))
    else:
        text = _("%(name)s is active again.") if active else _("%(name)s is no longer active.")
        messages.success(request, text % {"name": subject.name})
    return redirect("office_members", slug=club.slug)


@require_POST
@official_page
def member_forget(request: HttpRequest, club: Club, official: Member, member_id: int) -> HttpResponse:
    subject = get_object_or_404(Member, pk=member_id, club=club)
    try:
        forgotten = forgetting.forget_member(subject, by=request.user, confirmed=request.POST.get("confirmed") == "1")
    except OfficeError as error:
        messages.error(request, str(error))
        return redirect("office_member_edit", slug=club.slug, member_id=subject.pk)
    messages.success(request, _("The member is forgotten; the books keep him as %(name)s.") % {"name": forgotten.name})
    return redirect("office_members", slug=club.slug)


@require_POST
@official_page
def member_invite(request: HttpRequest, club: Club, official: Member, member_id: int) -> HttpResponse:
    subject = get_object_or_404(Member, pk=member_id, club=club)
    try:
        member_office.invite(subject, base_url=request.build_absolute_uri("/"), by=official)
    except OfficeError as error:
        messages.error(request, str(error))
    else:
        # The login's own address; a member who waits for an owner's answer, the address given.
        address = subject.user.email if subject.user is not None else subject.email
        messages.success(request, _("An invitation is on its way to %(email)s.") % {"email": address})
    return redirect("office_members", slug=club.slug)


@require_POST
@official_page
def members_invite_all(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    """One submit: an invitation to every member with an address and no password yet."""
    invited = member_office.invite_all(club, base_url=request.build_absolute_uri("/"), by=official)
    if invited:
        _say_invitations_queued(request, len(invited))
    else:
        messages.info(request, _("Every member with an address has a login already, or is asked to join."))
    return redirect("office_members", slug=club.slug)


def _say_invitations_queued(request: HttpRequest, count: int) -> None:
    messages.success(
        request,
        ngettext(
            "%(count)d invitation queued: the mail worker sends it.",
            "%(count)d invitations queued: the mail worker sends them.",
            count,
        )
        % {"count": count},
    )


@official_page
def mail(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    """The club's mails that have not gone yet: waiting, to be tried again, or failed."""
    return render(request, "club/office/mail.html", {"club": club, "mails": outbox.unsent_mails(club)})


# --- seasons -----------------------------------------------------------------------------------


@official_page
def seasons(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    rows = season_office.seasons_with_sittings(club)
    return render(
        request, "club/office/seasons.html", {"club": club, "rows": rows, "presets": families.preset_choices()}
    )


def _season_page(request, club: Club, season: Season | None) -> HttpResponse:
    locked = season is not None and season_office.has_sittings(season)
    if season is None:
        preset = request.POST.get("preset") or request.GET.get("preset") or ""
        if preset not in dict(families.preset_choices()):
            return redirect("office_seasons", slug=club.slug)
        initial = {"preset": preset}
    else:
        preset = season.preset
        initial = {
            "name": season.name,
            "starts_on": season.starts_on,
            "ends_on": season.ends_on,
            "preset": season.preset,
            "point_value_ore": season.point_value_ore,
            "close": season.close,
            "at_close": season.at_close,
        }
    parameters = season_office.season_parameters(preset)
    form = SeasonForm(request.POST or None, initial=initial, preset=preset, parameters=parameters, locked=locked)
    if season is not None:
        for parameter, value in zip(parameters, season_office.season_values(season).values(), strict=True):
            form.initial[form.field_name(parameter)] = value
    # The preset is chosen before the form (its fields depend on it): it does not change here.
    form.fields["preset"].disabled = True
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season_office.save_season(
                club,
                season=season,
                name=data["name"],
                starts_on=data["starts_on"],
                ends_on=data["ends_on"],
                preset=preset,
                values=form.parameter_values(),
                point_value_ore=data["point_value_ore"],
                close=data["close"],
                at_close=data["at_close"] or None,
                by=request.user,
            )
        except OfficeError as error:
            form.add_office_errors(error.errors)
        else:
            messages.success(request, _("Saved."))
            return redirect("office_seasons", slug=club.slug)
    context = {"club": club, "form": form, "season": season, "preset": preset, "locked": locked}
    return render(request, "club/office/season_form.html", context)


@official_page
def season_close(request: HttpRequest, club: Club, official: Member, season_id: int) -> HttpResponse:
    """Close a season: the preview of what each table's cups or pot become, then the close
    (club.services.season_close)."""
    season = get_object_or_404(Season, pk=season_id, club=club)
    data = request.POST if request.method == "POST" else request.GET
    asked = data.get("how") or None  # none: the season's own way; another is refused by the service
    how = asked if asked in SeasonEnd.values else season.at_close  # the choice the page shows
    candidates = season_closing.carry_candidates(season)
    plan, problems, into = None, [], None
    try:
        into = season_closing.asked_into(season, asked, data.get("into"))
        if request.method == "POST":
            season_closing.close_season(season, how=asked, into=into, by=request.user)
            messages.success(request, _("%(season)s is closed.") % {"season": season})
            return redirect("office_seasons", slug=club.slug)
        plan = season_closing.preview(season, how=asked, into=into)
    except OfficeError as error:
        problems = [message for messages_ in error.errors.values() for message in messages_]
    context = {
        "club": club,
        "season": season,
        "how": how,
        "hows": SeasonEnd.choices,
        "candidates": candidates,
        "into": plan.into if plan else into,
        "plan": plan,
        "lines": plan.describe() if plan else [],
        "problems": problems,
    }
    return render(
        request, "club/office/season_close.html", context, status=400 if problems and request.method == "POST" else 200
    )


@official_page
def season_summary(request: HttpRequest, club: Club, official: Member, season_id: int) -> HttpResponse:
    """The season for the club's books: each member's sittings, points, kroner and payments, the till."""
    season = get_object_or_404(Season, pk=season_id, club=club)
    context = {"club": club, "summary": summarize_season(season)}
    return render(request, "club/office/season_summary.html", context)


@official_page
def season_summary_pdf(request: HttpRequest, club: Club, official: Member, season_id: int) -> HttpResponse:
    summary = summarize_season(get_object_or_404(Season, pk=season_id, club=club))
    response = HttpResponse(pdf.season_summary_pdf(summary, get_language()), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{pdf.season_summary_filename(summary)}"'
    return response


@official_page
def season_new(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    return _season_page(request, club, None)


@official_page
def season_edit(request: HttpRequest, club: Club, official: Member, season_id: int) -> HttpResponse:
    return _season_page(request, club, get_object_or_404(Season, pk=season_id, club=club))


# --- tables ------------------------------------------------------------------------------------


@official_page
def tables(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    form = TableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            table = table_office.add_table(club, name=form.cleaned_data["name"], by=official)
        except OfficeError as error:
            form.add_office_errors(error.errors)
        else:
            messages.success(request, _("%(table)s is ready.") % {"table": table.name})
            return redirect("office_tables", slug=club.slug)
    rows = club.tables.order_by("-active", "name")
    return render(request, "club/office/tables.html", {"club": club, "form": form, "tables": rows})


@require_POST
@official_page
def table_rename(request: HttpRequest, club: Club, official: Member, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id, club=club)
    form = TableForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("office_tables", slug=club.slug)
    try:
        table_office.rename_table(table, name=form.cleaned_data["name"], by=official)
    except OfficeError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Saved."))
    return redirect("office_tables", slug=club.slug)


@require_POST
@official_page
def table_active(request: HttpRequest, club: Club, official: Member, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id, club=club)
    if (active := _active_switch(request)) is None:
        return _active_switch_refused()
    try:
        table_office.set_table_active(table, active, by=official)
    except OfficeError as error:
        messages.error(request, str(error))
    else:
        text = _("%(table)s is in use again.") if active else _("%(table)s is retired.")
        messages.success(request, text % {"table": table.name})
    return redirect("office_tables", slug=club.slug)


# --- payments ----------------------------------------------------------------------------------


@official_page
def payments(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    """The treasurer's page: record a payment in or out, see the latest, reverse a wrong one."""
    key = uuid.uuid4().hex
    form = PaymentForm(
        request.POST or None, club=club, initial={"paid_on": timezone.localdate(), "idempotency_key": key}
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            recorded = payment_office.record_payment_once(
                club,
                idempotency_key=data["idempotency_key"] or None,
                member=data["member"],
                direction=data["direction"],
                amount_ore=data["amount"],
                method=data["method"],
                paid_on=data["paid_on"],
                note=data["note"],
                by=request.user,
            )
        except payment_office.KeyReused:
            # This form recorded another payment before (sent again after Back and a change): the
            # page says so, with a new key, and a second send records this one too.
            form.data = request.POST.copy()
            form.data["idempotency_key"] = key
            form.add_error(None, _("This form recorded a payment already. Send it again to record this one as well."))
        except OfficeError as error:
            form.add_office_errors(error.errors)
        else:
            words = payment_words(recorded.payment)
            if recorded.created:
                messages.success(request, words)
            else:
                messages.info(request, _("Recorded once, sent twice: %(payment)s") % {"payment": words})
            return redirect("office_payments", slug=club.slug)
    recent = club.payments.select_related("member", "reverses").prefetch_related("reversed_by")[:100]
    context = {
        "club": club,
        "form": form,
        "payments": recent,
        "till_ore": till.holding(club),
        "reverse_form": ReversePaymentForm(),
        # Each reversal's form sends this with its payment's id: its own key on this page.
        "reverse_key": uuid.uuid4().hex,
    }
    return render(request, "club/office/payments.html", context)


@official_page
def debtors(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    """The treasurer's list: every member with a saldo, who owes the club most first, and the totals;
    and the form that reminds whoever owes more than an amount."""
    form = RemindForm(initial={"over": str(reminders.DEFAULT_OVER_ORE // 100)})  # whole kroner
    return _debtors_page(request, club, form)


def _debtors_page(request: HttpRequest, club: Club, form: RemindForm, status: int = 200) -> HttpResponse:
    context = {"club": club, "debtors": money.debtors(club), "reminded": reminders.last_reminders(club), "form": form}
    return render(request, "club/office/debtors.html", context, status=status)


@require_POST
@official_page
def debtors_remind(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    """A reminder mail to every active member with an address who owes more than the amount typed,
    at most one a month each (club.services.reminders)."""
    form = RemindForm(request.POST)
    if form.is_valid():
        try:
            done = reminders.remind_debtors(club, form.cleaned_data["over"], by=official)
        except OfficeError as error:
            form.add_office_errors(error.errors)
        else:
            messages.success(request, done.said())
            return redirect("office_debtors", slug=club.slug)
    return _debtors_page(request, club, form, status=400)


@official_page
def payment_details(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    """How the club's members pay it: named in the statement's mail to a member who owes."""
    initial = {"mobilepay": club.mobilepay, "bank_account": club.bank_account, "payment_note": club.payment_note}
    form = PaymentDetailsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            payment_office.save_payment_details(
                club,
                mobilepay=data["mobilepay"],
                bank_account=data["bank_account"],
                note=data["payment_note"],
                by=request.user,
            )
        except OfficeError as error:
            form.add_office_errors(error.errors)
        else:
            messages.success(request, _("Saved."))
            return redirect("office_payments", slug=club.slug)
    return render(request, "club/office/payment_details.html", {"club": club, "form": form})


@require_POST
@official_page
def payment_reverse(request: HttpRequest, club: Club, official: Member, payment_id: int) -> HttpResponse:
    payment = get_object_or_404(Payment, pk=payment_id, club=club)
    form = ReversePaymentForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("office_payments", slug=club.slug)
    try:
        payment_office.reverse_payment_once(
            payment,
            idempotency_key=form.cleaned_data["idempotency_key"] or None,
            reason=form.cleaned_data["reason"],
            by=request.user,
        )
    except OfficeError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The payment is reversed."))
    return redirect("office_payments", slug=club.slug)


def payment_words(payment: Payment) -> str:
    """ "Bent paid in 120,00 kr." / "Bent was paid 45,00 kr." """
    values = {"name": payment.member.name, "amount": format_ore(payment.amount_ore)}
    if payment.direction == Payment.Direction.IN:
        # No full stop of its own: the amount ends in "kr."
        return _("%(name)s paid in %(amount)s") % values
    return _("%(name)s was paid %(amount)s") % values


# --- carrying a club over from paper -------------------------------------------------------------


@official_page
def members_import(request: HttpRequest, club: Club, official: Member) -> HttpResponse:
    """A members' spreadsheet: previewed first (every rule of the import met, nothing kept), then,
    confirmed, imported whole or not at all."""
    context: dict = {"club": club}
    if request.method == "POST":
        upload = request.FILES.get("sheet_file")
        # The preview sends the file back as it came (base64: an XLSX file is no text) to be confirmed.
        data = upload.read(opening.MAX_FILE_BYTES + 1) if upload else _from_base64(request.POST.get("sheet", ""))
        confirmed = request.POST.get("confirmed") == "1" and upload is None
        carried = opening.import_members(
            club,
            data,
            by=request.user,
            dry_run=not confirmed,
            invite=request.POST.get("invite") == "1",
            **_mail_context(request),
        )
        if carried.imported:
            messages.success(
                request,
                _("%(count)d members carried over from paper, saldi %(total)s in all.")
                % {"count": len(carried.members), "total": format_ore(carried.total_ore)},
            )
            if carried.invited:
                _say_invitations_queued(request, len(carried.invited))
            return redirect("office_members", slug=club.slug)
        context |= {
            "carried": carried,
            "sheet": base64.b64encode(data).decode("ascii") if not carried.problems else "",
        }
        return render(request, "club/office/members_import.html", context, status=400 if carried.problems else 200)
    return render(request, "club/office/members_import.html", context)


def _from_base64(text: str) -> bytes:
    """The file the preview sent back; nothing (which the import refuses) for text that is no base64."""
    if len(text) > (opening.MAX_FILE_BYTES + 2) // 3 * 4 + 4:
        return b""
    try:
        return base64.b64decode(text, validate=True)
    except binascii.Error:
        return b""


@official_page
def table_opening(request: HttpRequest, club: Club, official: Member, table_id: int) -> HttpResponse:
    """What a table's cups or pot held on paper, carried over before its first sitting."""
    table = get_object_or_404(Table, pk=table_id, club=club)
    seasons = club.seasons.order_by("-starts_on", "name")
    accounts: dict[str, str] = {}
    for season in seasons:
        accounts |= opening.holding_accounts(season)
    form = TableOpeningForm(
        request.POST if request.method == "POST" else None,
        seasons=seasons,
        accounts=accounts,
        initial={"season": seasons.first(), "opened_on": timezone.localdate()},
    )
    if request.method == "POST" and form.is_valid():
        try:
            carried = opening.carry_over_table(
                table, form.cleaned_data["season"], form.holdings(), on=form.cleaned_data["opened_on"], by=request.user
            )
        except OfficeError as error:
            form.add_office_errors(error.errors)
        else:
            held = ", ".join(f"{families.table_account_name(o.account)} {o.points}" for o in carried)
            messages.success(request, _("%(table)s holds from paper: %(held)s.") % {"table": table.name, "held": held})
            return redirect("office_table_opening", slug=club.slug, table_id=table.pk)
    context = {
        "club": club,
        "table": table,
        "form": form,
        "played": table.sittings.exists(),
        "openings": TableOpening.objects.filter(table=table).select_related("recorded_by", "season", "reverses"),
        "held": opening.standing_holdings(table),
        "reverse_form": ReversePaymentForm(),
    }
    return render(request, "club/office/table_opening.html", context, status=400 if form.errors else 200)


@require_POST
@official_page
def table_opening_reverse(request: HttpRequest, club: Club, official: Member, opening_id: int) -> HttpResponse:
    held = get_object_or_404(TableOpening, pk=opening_id, club=club)
    form = ReversePaymentForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("office_table_opening", slug=club.slug, table_id=held.table_id)
    try:
        opening.reverse_table_opening(held, reason=form.cleaned_data["reason"], by=request.user)
    except OfficeError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The holding is reversed."))
    return redirect("office_table_opening", slug=club.slug, table_id=held.table_id)
