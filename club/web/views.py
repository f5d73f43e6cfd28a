"""The table pages: what a member sees and does on a phone at the card table.

Every club page lives under /c/<club-slug>/ and answers 404 to anyone who is not an active
member of that club (`club.access.membership`). Pages that change money need a scorer and go
through `club.services`; the pages only read the ledger's postings.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from django_htmx.http import push_url

import rules
from rules.pages import card_key, meld_key

from .. import access, inputs
from ..models import Club, Deal, Dispute, Member, Payment, Season, Seat, Sitting
from ..months import Month
from ..services import accounting, balances, joining, money, payments
from ..services.closing import close_sitting, preview_close
from ..services.corrections import correct_deal, preview_correction, void_last_deal
from ..services.deals import (
    DealConflict,
    DealKeyReused,
    Recorded,
    SavedByAnotherUser,
    check_saved_by,
    last_played_record,
    preview_deal,
    record_deal,
    repeats_last_deal,
)
from ..services.disputes import disputes_of_deal, disputes_of_sitting, resolve_by_correction
from ..services.members import version_authors
from ..services.office import OfficeError
from ..services.sittings import InvalidSitting, SittingError, deal_count, start_sitting
from ..services.stats import member_stats
from . import deal_forms
from .charts import balance_chart
from .forms import (
    CloseSittingForm,
    CorrectionForm,
    DealEntryForm,
    DealForm,
    EntryFields,
    StartSittingForm,
    VoidDealForm,
    entry_problems,
)
from .login_lock import LoginForm
from .present import close_statement, describe_differences, describe_events, net_of_events
from .scoresheet import scoresheet
from .templatetags import day_month, day_month_year, signed

# --- site and login --------------------------------------------------------------------------


def home(request):
    """The landing page; a signed-in member goes to his club, or picks one if he has several.
    A club's request to join waits here for his answer (club.web.joining)."""
    signed_in = request.user.is_authenticated
    clubs = list(access.clubs_of(request.user)) if signed_in else []
    join_requests = list(joining.open_requests(request.user)) if signed_in else []
    if len(clubs) == 1 and not join_requests:
        return redirect("club_home", slug=clubs[0].slug)
    return render(request, "club/home.html", {"clubs": clubs, "join_requests": join_requests})


SHELL_FILES = (
    "club/site.css",
    "club/site.js",
    "club/queue.js",
    "club/offline_queue.js",
    "club/deal_form.js",
    "club/card_table.js",
    "django_htmx/htmx-2.min.js",
)


def service_worker(request):
    """The service worker (templates/club/sw.js), from the site's root so its scope covers every
    page. Its version follows the shell's file names, which change with their content in
    production (hashed names): a new version replaces the kept shell."""
    shell = [static(name) for name in SHELL_FILES]
    version = hashlib.sha256("\n".join(shell).encode()).hexdigest()[:12]
    response = render(
        request,
        "club/sw.js",
        # STATIC_URL, not static(""): the production storage has no manifest entry for "".
        {"shell_json": json.dumps(shell), "version": version, "static_prefix": settings.STATIC_URL},
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"  # the browser asks for a new worker on every visit
    return response


def offline(request):
    """What a page not kept on this phone shows without a connection (kept by the service worker).
    Rendered for nobody: it is kept once for whoever holds the phone later.

    It never renews the CSRF cookie, as every page with a form does (with the token the request
    brought): the service worker fetches it as it installs, often from the login page, and an
    answer slower than the login would put the token of before the login back, so every form
    rendered since would be refused as "too old" (the round-trip benchmark met it at deal 8)."""
    response = render(request, "club/offline.html", {"user": AnonymousUser()})
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = False  # read by CsrfViewMiddleware.process_response
    return response


class LoginView(auth_views.LoginView):
    """Django's login; django-axes refuses a username+address after repeated failures
    (club.web.login_lock)."""

    template_name = "club/login.html"
    form_class = LoginForm
    redirect_authenticated_user = True


# --- the club's pages ------------------------------------------------------------------------


def club_page(view):
    """Resolve /c/<slug>/ to the club and the signed-in member of it, or 404."""

    @login_required
    @wraps(view)
    def wrapper(request, slug, **kwargs):
        club = get_object_or_404(Club, slug=slug)
        member = access.membership(request.user, club)
        return view(request, club, member, **kwargs)

    return wrapper


def _require_scorer(member: Member) -> None:
    access.require(member, access.SCORE)


def _current_season(club: Club) -> Season | None:
    return balances.current_season(club)


def _sitting(club: Club, sitting_id: int) -> Sitting:
    return get_object_or_404(
        Sitting.objects.select_related("season", "table", "first_dealer").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.order_by("position"))
        ),
        pk=sitting_id,
        season__club=club,
    )


def _language() -> str:
    return (translation.get_language() or "da").split("-")[0]


def _tables_by_accounts(club: Club) -> list[dict[str, Any]]:
    """The club's tables with what their own accounts hold, in the game of each table's last
    sitting (the cups, or the kassza; a table not played at yet in the current season's game),
    grouped by those accounts: a group is a table of its own on the page, with its own columns."""
    all_tables = list(club.tables.all())
    held = balances.tables_holdings(all_tables)
    games = balances.tables_games(all_tables)
    groups: dict[tuple[str, ...], dict[str, Any]] = {}
    for table in all_tables:
        played = games[table.pk]
        accounts: Sequence[Any] = ()
        holdings: list[Any] = []
        if played is not None:
            ruleset = played.ruleset()
            accounts = played.family.accounts(ruleset)
            holdings = played.family.holdings(held[table.pk], ruleset)
        group = groups.setdefault(tuple(a.name for a in accounts), {"accounts": accounts, "tables": []})
        group["tables"].append((table, holdings))
    return list(groups.values())


@club_page
def club_home(request, club, member):
    season = _current_season(club)
    open_sittings = (
        Sitting.objects.filter(season__club=club, closed_at__isnull=True)
        .select_related("table", "season")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("position")))
        .annotate(deal_count=deal_count())
        .order_by("table__name")
    )
    recent: Iterable[Sitting] = []
    if season is not None:
        recent = (
            season.sittings.filter(closed_at__isnull=False)
            .select_related("table")
            .annotate(deal_count=deal_count())
            .order_by("-date", "-id")[:5]
        )
    # Officials are told about disputes waiting for an answer, each a link to its deal's audit.
    open_disputes = []
    if access.is_official(member):
        open_disputes = list(
            Dispute.objects.filter(deal__sitting__season__club=club, resolution="")
            .select_related("deal__sitting__table", "raised_by")
            .order_by("raised_at")
        )
    return render(
        request,
        "club/club_home.html",
        {
            "club": club,
            "member": member,
            "season": season,
            "open_sittings": open_sittings,
            "recent_sittings": recent,
            "table_groups": _tables_by_accounts(club),
            "can_score": access.can_score(member),
            "open_disputes": open_disputes,
            "my_saldo_ore": money.saldo(member) if member is not None else None,
        },
    )


@club_page
def sitting_new(request, club, member):
    """Start a sitting; a refused one comes back with its reasons (400; 409 if the table or a
    member is taken), the rules being `club.services.sittings.start_sitting`'s."""
    _require_scorer(member)
    form = StartSittingForm(request.POST or None, club=club, season=_current_season(club))
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            sitting = start_sitting(
                season=data["season"],
                table=data["table"],
                members=form.members(),
                first_dealer=data["first_dealer"],
                date=data["date"],
                by=request.user,
            )
        except rules.InvalidRecord as error:
            for problem in error.problems:
                form.add_error(None, problem.message_in(_language()))
        except InvalidSitting as error:
            form.add_refusal(error.errors)
        except SittingError as error:
            form.add_error(None, str(error))
            status = 409
        else:
            if sitting.entries.filter(event="funding:1").exists():
                messages.success(request, _("The sitting has started; the cups are funded."))
            else:  # the cups carried over from the table's last sitting: nothing was paid
                messages.success(request, _("The sitting has started; the cups carry over as they were."))
            return redirect("sitting", slug=club.slug, sitting_id=sitting.pk)
    if request.method == "POST" and status == 200:
        status = 400
    return render(request, "club/sitting_new.html", {"club": club, "member": member, "form": form}, status=status)


@club_page
def sitting_detail(request, club, member, sitting_id):
    return _sitting_page(request, club, member, _sitting(club, sitting_id))


def _sitting_page(request, club, member, sitting: Sitting, path: str | None = None) -> HttpResponse:
    """The sitting's page; `path` is its address when it answers a request to another one."""
    context = _sheet_context(club, member, sitting, sheet_version(sitting))
    context |= {
        "disputes": disputes_of_sitting(sitting),
        "can_resolve": access.is_official(member),
        "close_form": CloseSittingForm(
            initial={"how": sitting.season.close}, family=sitting.season.family, ruleset=sitting.season.ruleset()
        ),
        "page_path": path,
    }
    response = render(request, "club/sitting.html", context)
    add_never_cache_headers(response)
    return response


def _sheet_context(club, member, sitting: Sitting, version: str) -> dict:
    sheet = scoresheet(sitting)
    can_score = access.can_score(member)
    last = sheet.last_deal()
    played = [row for row in sheet.rows if row.kind == "deal" and not row.void]
    return {
        "club": club,
        "member": member,
        "sitting": sitting,
        "sheet": sheet,
        "closed_how": (
            sitting.season.family.close_phrase(sitting.closed_how, sitting.season.ruleset())
            if sitting.closed_how
            else ""
        ),
        # For the phone's queue while offline: the next deal's number, and who dealt the last one.
        "next_number": last.number + 1 if last is not None and last.number else 1,
        "last_dealer": played[-1].dealer if played else None,
        "version": version,
        "can_score": can_score,
        "undo": last if (can_score and sitting.is_open and last is not None and not last.void) else None,
    }


@club_page
@require_POST
def sitting_close(request, club, member, sitting_id):
    _require_scorer(member)
    sitting = _sitting(club, sitting_id)
    form = CloseSittingForm(request.POST, family=sitting.season.family, ruleset=sitting.season.ruleset())
    if form.is_valid():
        how = form.cleaned_data["how"]
        try:
            if not form.cleaned_data["confirmed"]:
                # Step one: what the close does, member by member, before anything is written.
                closing = preview_close(sitting, how)
                family, ruleset = sitting.season.family, sitting.season.ruleset()
                events = describe_events([closing], sitting.seat_names(), 0, family, ruleset)
                return render(
                    request,
                    "club/sitting_close.html",
                    {
                        "club": club,
                        "sitting": sitting,
                        "how": how,
                        "statement": close_statement(family, ruleset, how, posts=bool(events[0].lines)),
                        "after_label": family.after_label,
                        "event": events[0],
                        "net": net_of_events(events),
                        "can_settle": access.allows(member, access.MANAGE),
                    },
                )
            if form.cleaned_data["settle"]:
                access.require(member, access.MANAGE)
                payments.close_and_settle(sitting, by=request.user, how=how)
            else:
                close_sitting(sitting, by=request.user, how=how)
        except (SittingError, OfficeError) as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("The sitting is closed."))
    return redirect("sitting", slug=club.slug, sitting_id=sitting.pk)


# --- entering a deal -------------------------------------------------------------------------


def _deal_form(kind: str, sitting: Sitting, data=None, initial=None):
    """The season's family's form of `kind` ("preview", "entry", "correction") for the sitting."""
    form_class = {"preview": DealForm, "entry": DealEntryForm, "correction": CorrectionForm}[kind]
    return form_class(data, initial=initial, seat_names=sitting.seat_names(), ruleset=sitting.season.ruleset())


def _fresh_entry_form(sitting: Sitting, data=None, *, saved_by: int | None = None) -> EntryFields:
    """A new deal's form: the rotation pre-filled, the next number, a new idempotency key, and
    who is saving it."""
    last = sitting.deals.order_by("-number").first()
    initial: dict[str, Any] = _rotation(sitting)
    initial |= {"number": last.number + 1 if last else 1, "idempotency_key": uuid.uuid4().hex, "saved_by": saved_by}
    if data is not None:
        data = data.copy()
        data["number"], data["idempotency_key"] = initial["number"], initial["idempotency_key"]
    return _deal_form("entry", sitting, data, initial)


def _deal_page(request, club, member, sitting, form, status=200, same=None):
    form.mark_problems()
    response = render(
        request,
        "club/deal_form.html",
        {
            "club": club,
            "member": member,
            "sitting": sitting,
            "form": form,
            "number": form["number"].value(),
            "same": same,
        },
        status=status,
    )
    # Never from the cache: after Back the form must be fetched anew, not show an old deal's values.
    add_never_cache_headers(response)
    return response


def _net_text(net) -> str:
    return ", ".join(f"{name} {signed(points)}" for name, points in net)


def _queue_answer(status: str, message: str, *, http_status: int, **extra) -> JsonResponse:
    """The queue's replay's answer (`deal_queued`): JSON only, whatever it says."""
    return JsonResponse({"status": status, "message": message, **extra}, status=http_status)


def _saved_by(club: Club, version) -> str:
    """Who saved a deal version, by his name in the club (an import has no one)."""
    return version_authors(club, [version]).get(version.pk, "?")


def _same_deal(club, sitting: Sitting, record, conflict: DealConflict, asked: int) -> dict[str, Any]:
    """The deal that holds the number asked for, beside the one this phone tried to save, for
    the scorer to say whether they are one physical deal. Raises `rules.InvalidRecord` when this
    phone's deal is refused anyway (its problems come first)."""
    _before, settled = preview_deal(sitting, record)
    family, ruleset = sitting.season.family, sitting.season.ruleset()
    mine = net_of_events(describe_events(settled, sitting.seat_names(), conflict.next_number or asked, family, ruleset))
    same: dict[str, Any] = {
        "number": asked,
        "next": conflict.next_number,
        "mine": mine,
        "mine_dealer": record.get("dealer") if isinstance(record, dict) else None,
        "taken": conflict.taken is not None,
    }
    if conflict.taken is not None:
        version = conflict.taken.current_version
        same |= {
            "by": _saved_by(club, version),
            "theirs": scoresheet(sitting).net_of(conflict.taken.number),
            "theirs_dealer": version.record.get("dealer") if isinstance(version.record, dict) else None,
        }
        # The same points from the same dealer: most likely one deal saved on two phones, so
        # "the same deal" is the first and the primary choice.
        same["identical"] = same["theirs_dealer"] == same["mine_dealer"] and dict(same["theirs"]) == dict(mine)
    return same


def _rotation(sitting: Sitting, number: int | None = None) -> dict[str, str]:
    """Who holds each role in deal `number` (the next) as the rotation goes, after the deals before it."""
    first_dealer = next(seat.name for seat in sitting.seats.all() if seat.member_id == sitting.first_dealer_id)
    previous = last_played_record(sitting, before=number)
    return deal_forms.proposal(
        sitting.season.family, sitting.season.ruleset(), sitting.seat_names(), previous, first_dealer
    )


def _chosen(data):
    """The scorer's answer to "is it the same deal?": "A new deal: record as N" saves this deal
    under the next number, even if it looks like the last one (the scorer was asked), with every
    role as entered: the settlement recorded is the one shown beside the question."""
    number = inputs.optional_id(data, "record_as")
    if number is None:
        return data
    data = data.copy()
    data["number"], data["confirm_duplicate"] = str(number), "1"
    return data


def _refuse_unconfirmed_repeat(sitting: Sitting, record, cleaned: Mapping[str, Any], *, by) -> None:
    """The sitting's last deal again, dealer and all, is refused until the scorer confirms it."""
    if not cleaned.get("confirm_duplicate") and repeats_last_deal(
        sitting, record, cleaned["idempotency_key"], cleaned["number"], by=by
    ):
        raise SittingError(
            _(
                "This deal is the same as the last one, with the same dealer. Was it recorded already? Save again to record it anyway."
            )
        )


@dataclass
class Saved:
    """What saving a valid deal form came to, for each endpoint to answer in its own protocol:
    recorded; or the deal that holds its number (`same`, with the `conflict`); or a repeat of the
    last deal to confirm (`unconfirmed`); or a deal another user saved (`other_user`); or the
    form's key sent again with other entries (`reused`). None of them: the form's problems were
    added to it."""

    recorded: Recorded | None = None
    conflict: DealConflict | None = None
    same: dict[str, Any] | None = None
    unconfirmed: SittingError | None = None
    other_user: SavedByAnotherUser | None = None
    reused: DealKeyReused | None = None


def _save(request, club, sitting: Sitting, form) -> Saved:
    """Record the deal of a valid form, as whichever endpoint received it."""
    try:
        check_saved_by(form.cleaned_data["saved_by"], by=request.user)
    except SavedByAnotherUser as error:
        return Saved(other_user=error)
    record = form.record()
    try:
        _refuse_unconfirmed_repeat(sitting, record, form.cleaned_data, by=request.user)
        recorded = record_deal(
            sitting,
            record,
            by=request.user,
            idempotency_key=form.cleaned_data["idempotency_key"],
            number=form.cleaned_data["number"],
        )
    except rules.InvalidRecord as error:
        form.add_problems(error.problems, _language())
    except DealConflict as conflict:
        # Another phone saved this number (or this is an old page): never moves on by itself.
        try:
            same = _same_deal(club, sitting, record, conflict, form.cleaned_data["number"])
        except rules.InvalidRecord as error:  # this phone's deal is refused anyway
            form.add_problems(error.problems, _language())
        else:
            return Saved(conflict=conflict, same=same)
    except DealKeyReused as reused:
        return Saved(reused=reused)
    except SittingError as error:
        return Saved(unconfirmed=error)
    else:
        return Saved(recorded=recorded)
    return Saved()


def _reused_message(reused: DealKeyReused) -> str:
    return _(
        "This form was saved already as deal %(number)s, with other entries; nothing was recorded. "
        "Open the deal form anew for another deal."
    ) % {"number": reused.number}


def _saved_message(recorded: Recorded) -> str:
    """What a saved deal says: each member's points, or that a repeated key recorded nothing."""
    number = recorded.deal.number
    if not recorded.created:
        # A repeated key: this page was saved before (Back, a double tap, a resend).
        return _("Deal %(number)s was saved already; nothing was recorded twice.") % {"number": number}
    net = _net_of_settled(recorded.events or [], recorded.names or [])
    return _("Deal %(number)s is saved: %(net)s.") % {"number": number, "net": _net_text(net)}


@club_page
def deal_new(request, club, member, sitting_id):
    """The deal form, and its save as a plain form post: the sheet at the deal (or the next
    deal's form) by a redirect, or the form again with its problems. An htmx request for a whole
    page (`HX-Boosted`, the card table's save) is answered with that page at once, its address in
    `HX-Push-Url`. The phone's offline queue posts to `deal_queued`, never here."""
    _require_scorer(member)
    if QUEUE_HEADER in request.headers:
        return HttpResponse(_("Deals waiting on the phone are sent to their own address."), status=400)
    sitting = _sitting(club, sitting_id)
    sheet_url = reverse("sitting", kwargs={"slug": club.slug, "sitting_id": sitting.pk})
    if not sitting.is_open:
        messages.error(request, _("The sitting is closed."))
        return redirect(sheet_url)
    if request.method != "POST":
        return _deal_page(request, club, member, sitting, _fresh_entry_form(sitting, saved_by=request.user.pk))
    if (dropped := inputs.optional_id(request.POST, "drop")) is not None:
        # "The same deal: drop mine": nothing is recorded; the sheet shows the deal as saved.
        messages.info(request, _("Nothing was recorded: deal %(number)s stands as it was saved.") % {"number": dropped})
        return _answer_in_place(request, club, member, sitting, f"{sheet_url}#deal-{dropped}")

    form = _deal_form("entry", sitting, _chosen(request.POST))
    if not form.is_valid():
        return _deal_page(request, club, member, sitting, form)
    saved = _save(request, club, sitting, form)
    if saved.other_user is not None:
        form.add_error(None, str(saved.other_user))
        return _deal_page(request, club, member, sitting, form, status=403)
    if saved.reused is not None:
        form.add_error(None, _reused_message(saved.reused))
        return _deal_page(request, club, member, sitting, form, status=409)
    if saved.unconfirmed is not None:
        form.add_error(None, str(saved.unconfirmed))
        form.ask_to_confirm_duplicate()
    if saved.recorded is None:
        return _deal_page(request, club, member, sitting, form, same=saved.same)
    recorded = saved.recorded
    if recorded.created:
        messages.success(request, _saved_message(recorded))
        if request.POST.get("next") == "1":
            return _answer_in_place(request, club, member, sitting, request.path)
    else:
        messages.info(request, _saved_message(recorded))
    return _answer_in_place(request, club, member, sitting, f"{sheet_url}#deal-{recorded.deal.number}")


def _answer_in_place(request, club, member, sitting: Sitting, location: str) -> HttpResponse:
    """A saved form's answer: a redirect to `location`, so a reload never posts again. An htmx
    request for a whole page (the card table's save, static club/deal_form.js) gets the page the
    redirect would lead to at once, its address in `HX-Push-Url`: the sheet shows one request
    sooner."""
    if not (request.htmx and request.htmx.boosted):
        return HttpResponseRedirect(location)
    # The save kept the table state on its own locked copy of the sitting (a game's own sheet,
    # the radelci, reads it): the page is drawn from the sitting as saved.
    sitting.refresh_from_db()
    if location.split("#")[0] == request.path:  # "Save and next": the next deal's form
        page = _deal_page(request, club, member, sitting, _fresh_entry_form(sitting, saved_by=request.user.pk))
    else:
        page = _sitting_page(request, club, member, sitting, location.split("#")[0])
    return push_url(page, location)


# The header the offline queue's script sent with each deal before the queue had its own address.
QUEUE_HEADER = "X-Tarok-Resend"


def queue_endpoint(view):
    """A club endpoint of the phone's offline queue: JSON in every answer, refusals included (a
    queue reads its answer, no person reads a page): a session that ended is 401, a club that is
    not the member's 404, a member who may not score 403; and only a POST that asks for JSON."""

    @wraps(view)
    def wrapper(request, slug, **kwargs):
        if request.method != "POST":
            refused = _queue_answer("refused", _("Only a POST is taken here."), http_status=405)
            refused["Allow"] = "POST"
            return refused
        if "application/json" not in request.headers.get("Accept", "") or request.htmx:
            message = _("This address answers the offline queue's deals in JSON only.")
            return _queue_answer("refused", message, http_status=406)
        if not request.user.is_authenticated:
            return _queue_answer(
                "signed_out", _("Log in again to send them; they stay on this phone."), http_status=401
            )
        club = Club.objects.filter(slug=slug).first()
        try:
            if club is None:
                raise Http404
            member = access.membership(request.user, club)
            _require_scorer(member)
        except Http404:
            return _queue_answer("refused", _("No such sitting in your clubs."), http_status=404)
        except PermissionDenied as refusal:
            return _queue_answer("refused", str(refusal), http_status=403)
        return view(request, club, member, **kwargs)

    return wrapper


@queue_endpoint
def deal_queued(request, club, member, sitting_id):
    """A deal the phone kept while offline, sent by its queue (static club/queue.js) once the
    connection is back: the posted deal form's fields as they were saved, its own idempotency key
    (recorded once, however often it is sent). Every answer is JSON with a `status` the queue
    acts on: recorded; conflict (another phone saved its number: the two deals side by side, for
    the scorer); confirm (a repeat of the last deal); invalid; other_user (saved by another user
    than the one signed in)."""
    try:
        sitting = _sitting(club, sitting_id)
    except Http404:
        return _queue_answer("refused", _("No such sitting in your clubs."), http_status=404)
    if not sitting.is_open:
        return _queue_answer("invalid", _("The sitting is closed."), http_status=409)
    form = _deal_form("entry", sitting, request.POST)
    saved = _save(request, club, sitting, form) if form.is_valid() else Saved()
    if saved.other_user is not None:
        return _queue_answer("other_user", str(saved.other_user), http_status=403)
    if saved.reused is not None:
        return _queue_answer("invalid", _reused_message(saved.reused), http_status=409)
    if saved.recorded is not None:
        number = saved.recorded.deal.number
        sheet_url = reverse("sitting", kwargs={"slug": club.slug, "sitting_id": sitting.pk})
        created = saved.recorded.created
        return _queue_answer(
            "recorded",
            _saved_message(saved.recorded),
            http_status=201 if created else 200,
            number=number,
            url=f"{sheet_url}#deal-{number}",
        )
    if saved.same is not None and saved.conflict is not None:
        html = render_to_string("club/partials/same_deal.html", {"same": saved.same, "queued": True}, request=request)
        return _queue_answer(
            "conflict", str(saved.conflict), http_status=409, html=html, next=saved.conflict.next_number
        )
    if saved.unconfirmed is not None:
        return _queue_answer("confirm", str(saved.unconfirmed), http_status=409)
    problems = [message for _name, _where, message in form.problem_list()]
    return _queue_answer("invalid", "; ".join(problems), http_status=400)


def _net_of_settled(events, names) -> list[tuple[str, int]]:
    """What a deal just settled gave each member (with a funding settled before it), from the
    events that were posted: the score sheet's row, without reading the ledger back."""
    total = dict.fromkeys(names, 0)
    for event in events:
        for name, points in event.net(names).items():
            total[name] += points
    return list(total.items())


@club_page
@require_POST
def deal_preview(request, club, member, sitting_id):
    """The live preview (htmx): wrong answers beside their fields; beside the save button each
    member's net and the cups after, or what is wrong or not answered yet; the settlement line by
    line on request. The summary above the form is a refused save's and is left alone."""
    _require_scorer(member)
    sitting = _sitting(club, sitting_id)
    form = _deal_form("preview", sitting, request.POST)
    family, ruleset = sitting.season.family, sitting.season.ruleset()
    events, holdings_before = [], []
    if form.is_valid():
        try:
            held_before, settled = preview_deal(sitting, form.record())
        except rules.InvalidRecord as error:
            form.add_problems(error.problems, _language())
        else:
            number = (sitting.deals.order_by("-number").values_list("number", flat=True).first() or 0) + 1
            events = describe_events(settled, sitting.seat_names(), number, family, ruleset)
            holdings_before = family.holdings(held_before, ruleset)
    return render(
        request,
        "club/partials/deal_preview.html",
        {
            "form": form,
            "problems": entry_problems(form, _shown_problems(request)),
            "events": events,
            "net": net_of_events(events),
            "holdings_before": holdings_before,
            "holdings_after": events[-1].holdings_after if events else [],
            "before_label": family.before_label,
            "after_label": family.after_label,
        },
    )


def _shown_problems(request) -> set[str] | None:
    """The fields the page shows problems beside (static club/deal_form.js says, as
    `shown_problems`); None from a page that does not say: every field is answered then."""
    shown = request.POST.get(SHOWN_PROBLEMS)
    return None if shown is None else set(shown.split())


SHOWN_PROBLEMS = "shown_problems"


# --- the score sheet as it changes; undo ------------------------------------------------------


def sheet_version(sitting: Sitting) -> str:
    """Changes whenever anything is posted for the sitting or it closes: cheap to ask every few seconds."""
    last = sitting.entries.order_by("-pk").values_list("pk", flat=True).first() or 0
    return f"{last}-{int(sitting.is_open)}"


@club_page
def sitting_sheet(request, club, member, sitting_id):
    """The score sheet alone (htmx polls it): 204 while nothing changed, else the new sheet."""
    sitting = _sitting(club, sitting_id)
    version = sheet_version(sitting)
    if request.GET.get("v") == version:
        return HttpResponse(status=204)
    response = render(request, "club/partials/sheet.html", _sheet_context(club, member, sitting, version))
    add_never_cache_headers(response)
    return response


@club_page
@require_POST
def deal_void(request, club, member, sitting_id, number):
    """Undo: void the sitting's last deal, with a reason (a correction, never a delete)."""
    _require_scorer(member)
    sitting = _sitting(club, sitting_id)
    form = VoidDealForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the deal is voided."))
    else:
        try:
            void_last_deal(sitting, by=request.user, reason=form.cleaned_data["reason"], number=number)
        except SittingError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Deal %(number)s is void; the totals are as before it.") % {"number": number})
    url = reverse("sitting", kwargs={"slug": club.slug, "sitting_id": sitting.pk})
    return HttpResponseRedirect(f"{url}#deal-{number}")


# --- correcting a deal -----------------------------------------------------------------------


def _deal(sitting: Sitting, number: int) -> Deal:
    return get_object_or_404(sitting.deals.select_related("current_version"), number=number)


@club_page
def deal_correct(request, club, member, sitting_id, number):
    """Two steps: the corrected deal is previewed (what changes, deal by deal), then confirmed."""
    _require_scorer(member)
    sitting = _sitting(club, sitting_id)
    deal = _deal(sitting, number)
    versions = list(deal.versions.select_related("entered_by").order_by("version"))
    authors = version_authors(club, versions)
    versions_by = [(version, authors.get(version.pk, "")) for version in versions]
    context = {"club": club, "sitting": sitting, "deal": deal, "versions": versions_by, "changes": None}
    if request.method != "POST":
        family = sitting.season.family
        initial = deal_forms.initial_from_record(
            family, sitting.season.ruleset(), deal.current_version.record, sitting.seat_names()
        )
        initial |= {"base_version": deal.current_version.pk}
        context["form"] = _deal_form("correction", sitting, initial=initial)
        return render(request, "club/deal_correct.html", context)

    form = _deal_form("correction", sitting, request.POST)
    context["form"] = form
    if form.is_valid():
        if form.cleaned_data["base_version"] != deal.current_version.pk:
            form.add_error(None, _("Someone corrected this deal meanwhile; check the deal again and preview anew."))
            return render(request, "club/deal_correct.html", context)
        record = form.record()
        try:
            differences = preview_correction(deal, record)
            if request.POST.get("confirmed") == "1":
                correction = correct_deal(deal, record, by=request.user, reason=form.cleaned_data["reason"])
                _resolve_disputes(request, deal, member, correction.version)
        except rules.InvalidRecord as error:
            form.add_problems(error.problems, _language(), number=deal.number)
        except SittingError as error:
            form.add_error(None, str(error))
        else:
            if request.POST.get("confirmed") == "1":
                messages.success(request, _("Deal %(number)s is corrected.") % {"number": deal.number})
                url = reverse("sitting", kwargs={"slug": club.slug, "sitting_id": sitting.pk})
                return HttpResponseRedirect(f"{url}#deal-{deal.number}")
            context["changes"] = describe_differences(differences, sitting)
    form.mark_problems()
    return render(request, "club/deal_correct.html", context)


def _resolve_disputes(request, deal: Deal, member: Member, version) -> None:
    """A correction by an official answers the deal's open disputes; anyone else's leaves them
    open for an official to mark, and says so."""
    open_disputes = [d for d in disputes_of_deal(deal) if d.is_open]
    if not open_disputes:
        return
    if not access.is_official(member):
        messages.info(
            request, _("The deal's dispute stays open until an official marks it as answered by this correction.")
        )
        return
    for dispute in open_disputes:
        resolve_by_correction(dispute, by=member, version=version)
    messages.info(request, _("The correction answers the deal's dispute; it is marked as corrected."))


# --- standings and members -------------------------------------------------------------------


@club_page
def season_standings(request, club, member, season_id=None):
    if season_id is None:
        season = _current_season(club)
        if season is None:
            return render(request, "club/season.html", {"club": club, "season": None})
    else:
        season = get_object_or_404(club.seasons, pk=season_id)
    standings = balances.season_standings(season)
    by_sitting = balances.members_by_sitting(season, [s.member_id for s in standings])
    series = [(s.name, by_sitting.get(s.member_id, [])) for s in standings]
    return render(
        request,
        "club/season.html",
        {
            "club": club,
            "season": season,
            "seasons": club.seasons.all(),
            "standings": standings,
            # Each saldo only where the policy lets the viewer read it: his own, or all for officials.
            "saldi": money.visible_saldi(member, club, among=[s.member_id for s in standings]),
            "chart": balance_chart(series),
            **_sitting_cards(club, season, every=request.GET.get("sittings") == "all"),
        },
    )


# The newest sittings the standings page lists unless all are asked for: a season of weekly
# evenings at six tables has three hundred, a phone's arm's length of cards.
SITTING_CARDS = 30


def _sitting_cards(club, season, *, every: bool) -> dict:
    """The season's sittings, newest first, as the standings page links them (the newest
    `SITTING_CARDS`, or `every` one), and whether there are more than it shows: each card is made
    here, not by template tags (a URL reversed and a plural translated per card cost more than
    the rest of the page)."""
    prefix = reverse("sitting", args=[club.slug, 1]).removesuffix("1/")  # …/sittings/<id>/
    rows = (
        season.sittings.order_by("-date", "-id")
        .annotate(deal_count=deal_count())
        .values_list("pk", "table__name", "date", "closed_at", "deal_count")
    )
    if not every:
        rows = rows[: SITTING_CARDS + 1]
    deals_text: dict[int, str] = {}
    cards = []
    for pk, table, date, closed_at, count in rows:
        if count not in deals_text:
            deals_text[count] = ngettext("%(deals)s deal", "%(deals)s deals", count) % {"deals": count}
        cards.append(
            {
                "url": f"{prefix}{pk}/",
                "table": table,
                "day": day_month(date),
                "deals": deals_text[count],
                "is_open": closed_at is None,
            }
        )
    more = not every and len(cards) > SITTING_CARDS
    return {"sittings": cards[:SITTING_CARDS] if more else cards, "more_sittings": more}


def _his_sittings(club, subject, season) -> list[tuple[str, str, int]]:
    """(link, day, points) of each sitting of the season he sat at, in order: a season of weekly
    evenings is a hundred rows, so each is made here, not by template tags (as `_sitting_cards`)."""
    prefix = reverse("sitting", args=[club.slug, 1]).removesuffix("1/")  # …/sittings/<id>/
    return [
        (f"{prefix}{sitting_id}/", day_month_year(date), points)
        for sitting_id, date, points in balances.member_by_sitting(subject, season)
    ]


def _his_payments(subject) -> list[tuple[int, str, str, str]]:
    """(signed øre, day, what, amount) of his 50 newest payments, newest first (a paper saldo has
    its own table): rows made here, as `_his_sittings`."""
    payments = subject.payments.exclude(method=Payment.Method.OPENING).order_by("-paid_on", "-pk")[:50]
    return [
        (
            payment.signed_ore,
            day_month_year(payment.paid_on),
            _("reversal")
            if payment.reverses_id is not None
            else f"{payment.get_direction_display()} ({payment.get_method_display()})",
            money.format_ore(payment.signed_ore),
        )
        for payment in payments
    ]


@club_page
def member_detail(request, club, member, member_id):
    subject = get_object_or_404(club.members, pk=member_id)
    if (season_id := inputs.optional_id(request.GET, "season")) is not None:
        season = get_object_or_404(club.seasons, pk=season_id)
    else:
        # The season he last sat down in (a player of one game is not shown another game's
        # season of zeros), else the club's current one.
        played = club.seasons.filter(sittings__seats__member=subject).order_by("-sittings__date", "-sittings__id")
        season = played.first() or _current_season(club)
    context = {"club": club, "subject": subject, "season": season, "seasons": club.seasons.all()}
    if season is not None:
        stats = member_stats(subject, season)
        family = season.family
        fates = [
            (c, stats.counts[card_key("ultimo", c)], stats.counts[card_key("bagud", c)]) for c in family.stat_cards
        ]
        context |= {
            "stats": stats,
            "counts_cards": bool(family.stat_cards),
            "cards": [(family.word(card), ultimos, bagud) for card, ultimos, bagud in fates if ultimos or bagud],
            "melds": [(kind, label, stats.counts[meld_key(kind)]) for kind, label in family.meld_kinds],
            "season_result": balances.member_balance(subject, season=season),
            "by_sitting": _his_sittings(club, subject, season),
        }
    # Statements, postings and the saldo are the member's own business, and the officials'.
    if access.allows(member, access.READ_PRIVATE, subject=subject):
        today = timezone.localdate()
        context["statement_month"] = Month(today.year, today.month)
        context["saldo_ore"] = money.saldo(subject)
        context["unaccounted"] = accounting.unaccounted_postings(subject)
        context["carried_over"] = list(
            subject.payments.filter(method=Payment.Method.OPENING).select_related("reverses").order_by("paid_on", "pk")
        )
        context["his_payments"] = _his_payments(subject)

    return render(request, "club/member.html", context)
