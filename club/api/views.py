"""The REST API: the same ledger a phone at the card table sees, for programs.

Thin views: every change goes through `club.services`, every figure comes from
`club.services.balances` or the rules engine. What a user may see and do is decided by the one access policy, `club.access`.
Domain errors become HTTP answers in one place (`DomainErrors`):

- `rules.InvalidRecord` → 400 ``{"errors": [...]}``, the list `python -m rules replay` prints;
  recording and correcting a deal answer every other 400 in that shape too (a bad header, query
  parameter, body or reason: `RequestProblems`, `UnreadableBody`), so a client reads one shape;
- `club.services.sittings.InvalidSitting` (a sitting that breaks a rule of starting one) → 400
  ``{"field": ["..."]}``, as a serializer would say it;
- `club.services.sittings.SittingError` (a closed sitting, a deal someone else recorded first,
  a table that already has an open sitting) → 409 ``{"detail": "..."}``.
"""

from __future__ import annotations

from functools import cached_property

from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template import Context, Template
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from drf_spectacular.settings import spectacular_settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from drf_spectacular.views import SpectacularRedocView
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ParseError, PermissionDenied, ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.renderers import BaseRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

import rules
from club import access, inputs
from club.access import Requester
from club.audit import Actor
from club.models import Club, DealVersion, Member, Payment, Season
from club.months import Month
from club.services import accounting, balances, money
from club.services import members as member_office
from club.services import payments as payment_office
from club.services import seasons as season_office
from club.services import tables as table_office
from club.services.closing import close_sitting
from club.services.corrections import correct_deal
from club.services.deals import record_deal
from club.services.office import OfficeError
from club.services.sittings import InvalidSitting, SittingError, start_sitting

from . import serializers as s
from . import settlement
from .errors import RequestProblems, SafeJSONRenderer, UnreadableBody, in_both_languages, request_problem
from .openapi import FIELD_ERRORS
from .parsers import BoundedJSONParser
from .serializers import MAX_ID

ERRORS = OpenApiResponse(s.ErrorListSerializer, description="The record is refused: every problem, nothing written.")
CONFLICT = OpenApiResponse(
    s.DetailSerializer, description="The sitting's state does not allow it (closed, or recorded by someone else first)."
)
FORBIDDEN = OpenApiResponse(s.DetailSerializer, description="Visible, but the requester's role may not do this.")
NOT_FOUND = OpenApiResponse(s.DetailSerializer, description="No such object in the requester's clubs.")
DEAL_RECORD_BODY = {"application/json": {"$ref": "#/components/schemas/DealRecord"}}


def error_list(error: rules.InvalidRecord) -> dict:
    """The problems in the order `python -m rules replay` prints them (by deal, then field)."""
    return rules.InvalidRecord(sorted(error.problems, key=lambda p: (p.deal or 0, p.field))).as_dict()


# Ids in URLs are at most 18 digits: a longer number is no object (404), and never reaches the
# database, where it would not fit a 64-bit integer.
ID = "[0-9]{1,18}"


class Page(PageNumberPagination):
    """Pages of 100 (`?page_size=` 1 to 500); `?page=` and `?page_size=` are whole numbers in
    range, given once, or the answer is 400 (DRF would read `?page=last` and quietly ignore a
    bad size)."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request) -> int:
        size = query_number(request, self.page_size_query_param, maximum=self.max_page_size)
        return self.page_size if size is None else size

    def get_page_number(self, request, paginator) -> int:
        number = query_number(request, self.page_query_param, maximum=MAX_ID)
        return 1 if number is None else number

    def get_schema_operation_parameters(self, view) -> list[dict]:
        parameters = super().get_schema_operation_parameters(view)
        limits = {self.page_query_param: MAX_ID, self.page_size_query_param: self.max_page_size}
        for parameter in parameters:
            parameter["schema"] |= {"minimum": 1, "maximum": limits[parameter["name"]]}
        return parameters


class CountedPage(Page):
    """Pages whose `count` the view counts on a cheaper queryset with as many rows (`counted()`)."""

    def paginate_queryset(self, queryset, request, view=None):
        counted = view.counted()

        class Counted(Paginator):
            @cached_property
            def count(self) -> int:
                return counted.count()

        self.django_paginator_class = Counted
        return super().paginate_queryset(queryset, request, view)


class ScoresForTheClub(BasePermission):
    """Moving money (start, record, correct, close): `club.access.SCORE` in the object's club, 403
    otherwise. Only consulted for objects already found in the requester's querysets, so it never
    sees another club's."""

    message = gettext_lazy("Only the club's scorers and admins may do this.")

    def has_object_permission(self, request, view, obj) -> bool:
        return Requester.of(request).allows(access.club_of(obj), access.SCORE)


# The operations whose every 400 is an error list: they record or correct a deal.
ERROR_LIST_ACTIONS = {"record", "corrections"}


class KnownQueryParameters(APIView):
    """An operation that reads query parameters (a paged list, a filter, a deal's `?number=`)
    answers 400 to one it does not know, naming it: a typo such as `?sitting_id=3` would
    otherwise list every deal of the requester's clubs as if it were one sitting's."""

    # The query parameters an operation reads, by its action or its action and method ("record
    # POST"); a paged one (`paged`) reads `?page=` and `?page_size=` besides.
    query_parameters: dict[str, tuple[str, ...]] = {}
    paged: tuple[str, ...] = ("list",)

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)  # credentials and permissions first: 401 and 403 as ever
        action = getattr(self, "action", None) or ""
        operation = (action, f"{action} {request.method}")
        reads = [name for key in operation for name in self.query_parameters.get(key, ())]
        paged = getattr(self, "pagination_class", None) is not None and any(key in self.paged for key in operation)
        if not paged and not any(key in self.query_parameters for key in operation):
            return  # it reads none: as the schema says, nothing to refuse
        known = {*reads, *(("page", "page_size") if paged else ())}
        unknown = sorted(set(request.query_params) - known)
        if not unknown:
            return

        def message() -> str:
            return _("No such query parameter: this operation reads %(known)s.") % {"known": ", ".join(sorted(known))}

        if action in ERROR_LIST_ACTIONS and request.method in ("POST", "PUT", "PATCH"):
            raise RequestProblems([request_problem(name or "?", "unknown", message) for name in unknown])
        raise ValidationError({name or "?": [message()] for name in unknown})


class DomainErrors(KnownQueryParameters):
    """Turns the domain's refusals into HTTP answers (see the module docstring)."""

    def handle_exception(self, exc):
        if isinstance(exc, rules.InvalidRecord):
            return Response(error_list(exc), status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, RequestProblems):
            return Response({"errors": exc.problems}, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, UnreadableBody) and getattr(self, "action", None) in ERROR_LIST_ACTIONS:
            return Response({"errors": [exc.problem]}, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, InvalidSitting):
            return Response(exc.errors, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, SittingError):
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        return super().handle_exception(exc)


def query_number(request, name: str, *, maximum: int = MAX_ID, as_problem: bool = False) -> int | None:
    """`?name=`: None if absent; a whole number from 1 to `maximum`, given once, as the schema
    says (`query_parameter`); anything else (empty, 0, `-1`, `1.0`, given twice) answers 400."""
    values = request.query_params.getlist(name)
    if not values:
        return None
    number = inputs.whole_number(values[0]) if len(values) == 1 else None
    if number is not None and 1 <= number <= maximum:
        return number

    def message() -> str:
        return _("Expected a whole number.")

    if as_problem:
        raise RequestProblems([request_problem(name, "invalid", message)])
    raise ValidationError({name: [message()]})


def query_parameter(name: str, description: str) -> OpenApiParameter:
    """A query parameter naming an object by its id, as `query_number` reads it."""
    return OpenApiParameter(name, {"type": "integer", "minimum": 1, "maximum": MAX_ID}, description=description)


def _validated(serializer_class, data) -> dict:
    """The serializer's validated data, or `RequestProblems` naming each field in English and Danish."""
    given = serializer_class(data=data)
    if given.is_valid():
        return given.validated_data

    def problems() -> list[tuple[str, str, str]]:
        again = serializer_class(data=data)
        again.is_valid()
        return list(_field_messages(again.errors))

    en, da = in_both_languages(problems)
    raise RequestProblems(
        [
            {"deal": None, "field": field, "code": code, "message": message, "message_da": message_da}
            for (field, code, message), (_field, _code, message_da) in zip(en, da, strict=True)
        ]
    )


def _field_messages(errors, path: str = ""):
    """(field path, code, message) for each of a serializer's errors, nested fields as a.b.c."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            name = "" if key == "non_field_errors" else str(key)
            yield from _field_messages(value, f"{path}.{name}" if path and name else path or name)
    elif isinstance(errors, list):
        for index, value in enumerate(errors):
            if isinstance(value, (dict, list)):
                yield from _field_messages(value, f"{path}.{index}" if path else str(index))
            else:
                yield path, getattr(value, "code", "invalid"), str(value)
    else:
        yield path, getattr(errors, "code", "invalid"), str(errors)


# --- where things are --------------------------------------------------------------------------

ROOT_LINKS = {
    "schema": "api-schema",
    "docs": "api-docs",
    "redoc": "api-redoc",
    **{name: f"api-{name[:-1]}-list" for name in ("clubs", "members", "seasons", "tables", "sittings", "deals")},
}


class ApiRoot(APIView):
    """The API's links: its schema and viewers, and each top-level resource (which need a token)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.ApiRootSerializer}, operation_id="api_root")
    def get(self, request):
        links = {name: request.build_absolute_uri(reverse(url_name)) for name, url_name in ROOT_LINKS.items()}
        return Response(s.ApiRootSerializer(links).data)


# --- the club ---------------------------------------------------------------------------------


class ClubViewSet(KnownQueryParameters, viewsets.ReadOnlyModelViewSet):
    """The clubs the requester is an active member of."""

    serializer_class = s.ClubSerializer
    pagination_class = Page
    lookup_value_regex = ID

    def get_queryset(self):
        return Requester.of(self.request).visible_clubs().order_by("name", "pk")


class OfficeWrites:
    """Writes of the office (members, seasons, tables): only the club's officials (`access.MANAGE`);
    every refusal is ``{"errors": [{"field", "code", "message"}]}`` and nothing is written."""

    write_serializer: type[s.serializers.Serializer]

    def handle_exception(self, exc):
        if isinstance(exc, _Refused):
            return Response({"errors": exc.problems}, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, ParseError):  # a body that is not JSON, or too deep to read
            problem = getattr(exc, "problem", None) or {"field": "", "code": "parse_error", "message": str(exc.detail)}
            return Response({"errors": [problem]}, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, OfficeError):
            problems = [
                {"field": field, "code": "refused", "message": str(message)}
                for field, messages in exc.errors.items()
                for message in messages
            ]
            return Response({"errors": problems}, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, ParseError) and self.request.method != "GET":  # type: ignore[attr-defined]
            # A body that cannot be read: the same list, as the schema documents every 400 here.
            problems = [{"field": "", "code": "invalid", "message": str(exc.detail)}]
            return Response({"errors": problems}, status=status.HTTP_400_BAD_REQUEST)
        return super().handle_exception(exc)  # type: ignore[misc]

    def read_body(self, request, *, creating: bool) -> dict:
        serializer = self.write_serializer(data=request.data, partial=not creating)
        if not serializer.is_valid():
            problems = [
                {"field": field, "code": "invalid", "message": str(message)}
                for field, messages in serializer.errors.items()
                for message in (messages if isinstance(messages, list) else [messages])
            ]
            raise _Refused(problems)
        return dict(serializer.validated_data)

    def club_to_manage(self, request, data: dict) -> Club:
        requester = Requester.of(request)
        club_id = data.get("club")
        if club_id is None:
            raise OfficeError({"club": [_("Say which club.")]})
        if requester.member_in(club_id) is None:
            raise NotFound()
        requester.require(club_id, access.MANAGE)
        return Club.objects.get(pk=club_id)

    def object_to_manage(self, request):
        obj = self.get_object()  # type: ignore[attr-defined]
        Requester.of(request).require(access.club_of(obj), access.MANAGE)
        return obj


class _Refused(OfficeError):
    """A body the serializer refuses, already as the API's problem list."""

    def __init__(self, problems: list[dict]):
        self.problems = problems
        super().__init__({p["field"]: [p["message"]] for p in problems})


OFFICE_ERRORS = OpenApiResponse(s.OfficeErrorListSerializer, description="Refused: every problem, nothing written.")


IDEMPOTENCY_KEY_HEADER = {
    "type": "string",
    "pattern": inputs.PRINTABLE_ASCII.pattern,
    "maxLength": inputs.MAX_IDEMPOTENCY_KEY,
}


def idempotency_key(request) -> str | None:
    """The request's Idempotency-Key header (a deal's, a payment's, a reversal's), or None."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not inputs.PRINTABLE_ASCII.match(key) or len(key) > inputs.MAX_IDEMPOTENCY_KEY:
        raise RequestProblems(
            [
                request_problem(
                    "Idempotency-Key",
                    "invalid",
                    lambda: _("Use 1 to %(max)s printable ASCII characters.") % {"max": inputs.MAX_IDEMPOTENCY_KEY},
                )
            ]
        )
    # The client's key; club.services keeps it with the user and the sitting (or club) it was sent for.
    return key


def keyed_office_schema(request, what: str):
    """An office write that moves money, once per Idempotency-Key: 201 with the object recorded,
    200 with the first answer when the key comes again, 409 when it came with another request."""
    return extend_schema(
        request=request,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                IDEMPOTENCY_KEY_HEADER,
                OpenApiParameter.HEADER,
                description=f"A key of the client's choosing (up to 64 printable ASCII characters). Sending the same "
                f"key again returns the {what} it recorded with 200 instead of recording a second.",
            )
        ],
        responses={
            201: s.PaymentSerializer,
            200: OpenApiResponse(s.PaymentSerializer, description="A repeated Idempotency-Key: the first answer."),
            400: OFFICE_ERRORS,
            403: FORBIDDEN,
            404: NOT_FOUND,
            409: OpenApiResponse(
                s.DetailSerializer, description="The Idempotency-Key came before with another request."
            ),
        },
    )


def office_schema(request, response, success: int):
    """An office write: `success` (201 created, 200 changed) with the object, or a refusal."""
    return extend_schema(
        request=request, responses={success: response, 400: OFFICE_ERRORS, 403: FORBIDDEN, 404: NOT_FOUND}
    )


class MemberViewSet(OfficeWrites, KnownQueryParameters, viewsets.ReadOnlyModelViewSet):
    """The members of the requester's clubs. Balances and statements: one's own, or as club admin.
    Officials add members (a login for one with an email address), edit, deactivate them."""

    write_serializer = s.MemberWriteSerializer

    serializer_class = s.MemberSerializer
    pagination_class = Page
    lookup_value_regex = ID

    def get_queryset(self):
        return Requester.of(self.request).visible_members().order_by("club_id", "name", "pk")

    def private_member(self):
        member = self.get_object()
        Requester.of(self.request).require(member.club_id, access.READ_PRIVATE, subject=member)
        return member

    @extend_schema(responses={200: s.BalanceSerializer, 403: FORBIDDEN, 404: NOT_FOUND})
    @action(detail=True)
    def balance(self, request, pk=None):
        """The member's saldo in øre today (payments included), and his result in points season by season."""
        member = self.private_member()
        club_seasons = list(Season.objects.filter(club_id=member.club_id).order_by("starts_on", "pk"))
        points = balances.member_seasons(member, club_seasons)
        seasons = [{"season": season.pk, "name": season.name, "points": points[season.pk]} for season in club_seasons]
        saldo_ore, all_points = money.saldo_and_points(member)
        data = {
            "member": member.pk,
            "name": member.name,
            "saldo_ore": saldo_ore,
            "points": all_points,
            "seasons": seasons,
            "unaccounted": accounting.unaccounted_postings(member),
        }
        return Response(s.BalanceSerializer(data).data)

    @office_schema(s.MemberWriteSerializer, s.MemberSerializer, 201)
    def create(self, request):
        data = self.read_body(request, creating=True)
        club = self.club_to_manage(request, data)
        member = member_office.add_member(
            club,
            name=data["name"],
            email=data.get("email", ""),  # none given: no login
            role=data["role"],
            language=data.get("language", ""),
            site_url=request.build_absolute_uri("/"),
            by=Actor.api(request.user),
        )
        return Response(s.MemberSerializer(member).data, status=status.HTTP_201_CREATED)

    @office_schema(s.MemberWriteSerializer, s.MemberSerializer, 200)
    def partial_update(self, request, pk=None):
        member = self.object_to_manage(request)
        data = self.read_body(request, creating=False)
        with transaction.atomic():
            member = member_office.edit_member(
                member,
                name=data.get("name", member.name),
                email=data.get("email", member.email),
                role=data.get("role", member.role),
                site_url=request.build_absolute_uri("/"),
                language=data.get("language"),
                by=Actor.api(request.user),
            )
            if "active" in data:
                member = member_office.set_member_active(member, data["active"], by=Actor.api(request.user))
        return Response(s.MemberSerializer(member).data)


class SeasonViewSet(OfficeWrites, KnownQueryParameters, viewsets.ReadOnlyModelViewSet):
    """The seasons of the requester's clubs; officials create and edit them."""

    write_serializer = s.SeasonWriteSerializer
    serializer_class = s.SeasonSerializer
    pagination_class = Page
    lookup_value_regex = ID

    def get_queryset(self):
        return Requester.of(self.request).visible_seasons().order_by("-starts_on", "pk")

    @extend_schema(responses={200: s.StandingSerializer(many=True), 404: NOT_FOUND})
    @action(detail=True, pagination_class=None)
    def standings(self, request, pk=None):
        """Every member's balance over the season, best first."""
        return Response(s.StandingSerializer(balances.season_standings(self.get_object()), many=True).data)

    @office_schema(s.SeasonWriteSerializer, s.SeasonSerializer, 201)
    def create(self, request):
        data = self.read_body(request, creating=True)
        club = self.club_to_manage(request, data)
        data.pop("club")
        season = season_office.save_season(club, **data, by=Actor.api(request.user))
        return Response(s.SeasonSerializer(season).data, status=status.HTTP_201_CREATED)

    @office_schema(s.SeasonWriteSerializer, s.SeasonSerializer, 200)
    def partial_update(self, request, pk=None):
        season = self.object_to_manage(request)
        data = self.read_body(request, creating=False)
        fields = ("name", "starts_on", "ends_on", "preset", "overrides", "point_value_ore", "close")
        current = {name: getattr(season, name) for name in fields}
        current["overrides"] = season.overrides or {}
        season = season_office.save_season(
            season.club,
            season=season,
            **(current | {k: data[k] for k in fields if k in data}),
            by=Actor.api(request.user),
        )
        return Response(s.SeasonSerializer(season).data)


class TableViewSet(OfficeWrites, KnownQueryParameters, viewsets.ReadOnlyModelViewSet):
    """The tables of the requester's clubs; officials add, rename and retire them."""

    write_serializer = s.TableWriteSerializer
    serializer_class = s.TableSerializer
    pagination_class = Page
    lookup_value_regex = ID

    def get_queryset(self):
        return Requester.of(self.request).visible_tables().order_by("club_id", "name", "pk")

    def list(self, request):
        page = self.paginate_queryset(self.get_queryset())
        # Every table's holdings at once: two queries for the page, not two a table.
        context = {
            **self.get_serializer_context(),
            "held": balances.tables_holdings(page),
            "games": balances.tables_games(page),
        }
        return self.get_paginated_response(s.TableSerializer(page, many=True, context=context).data)

    @office_schema(s.TableWriteSerializer, s.TableSerializer, 201)
    def create(self, request):
        data = self.read_body(request, creating=True)
        table = table_office.add_table(
            self.club_to_manage(request, data), name=data["name"], by=Actor.api(request.user)
        )
        return Response(s.TableSerializer(table).data, status=status.HTTP_201_CREATED)

    @office_schema(s.TableWriteSerializer, s.TableSerializer, 200)
    def partial_update(self, request, pk=None):
        table = self.object_to_manage(request)
        data = self.read_body(request, creating=False)
        with transaction.atomic():
            if "name" in data:
                table = table_office.rename_table(table, name=data["name"], by=Actor.api(request.user))
            if "active" in data:
                table = table_office.set_table_active(table, data["active"], by=Actor.api(request.user))
        return Response(s.TableSerializer(table).data)


class PaymentViewSet(OfficeWrites, KnownQueryParameters, viewsets.ReadOnlyModelViewSet):
    """Payments in and out of the club's till. A member reads his own; officials read all of their
    club's, record them and reverse a wrong one (never edit it)."""

    serializer_class = s.PaymentSerializer
    write_serializer = s.PaymentWriteSerializer
    pagination_class = Page
    lookup_value_regex = ID

    def get_queryset(self):
        requester = Requester.of(self.request)
        if self.action != "list":
            # One payment is found in any of the requester's clubs; whether he may read it is
            # the policy's answer (403), as for a member's balance.
            return Payment.objects.filter(club_id__in=requester.clubs()).select_related("member")
        officials = requester.clubs(access.MANAGE)
        own = [m.pk for m in requester.memberships.values()]
        return Payment.objects.filter(Q(club_id__in=officials) | Q(member_id__in=own)).order_by("-paid_on", "-pk")

    def retrieve(self, request, pk=None):
        payment = self.get_object()
        Requester.of(request).require(payment.club_id, access.READ_PRIVATE, subject=payment.member)
        return Response(s.PaymentSerializer(payment).data)

    @keyed_office_schema(s.PaymentWriteSerializer, "payment")
    def create(self, request):
        key = idempotency_key(request)
        data = self.read_body(request, creating=True)
        member = Member.objects.filter(pk=data["member"]).first()
        if member is None or Requester.of(request).member_in(member.club_id) is None:
            raise NotFound()
        Requester.of(request).require(member.club_id, access.MANAGE)
        recorded = payment_office.record_payment_once(
            member.club,
            idempotency_key=key,
            member=member,
            direction=data["direction"],
            amount_ore=data["amount_ore"],
            method=data["method"],
            paid_on=data["paid_on"],
            note=data["note"],
            by=Actor.api(request.user),
        )
        return self._recorded(recorded)

    @staticmethod
    def _recorded(recorded: payment_office.Recorded) -> Response:
        body = s.PaymentSerializer(recorded.payment).data
        return Response(body, status=status.HTTP_201_CREATED if recorded.created else status.HTTP_200_OK)

    def handle_exception(self, exc):
        if isinstance(exc, payment_office.KeyReused):
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        if isinstance(exc, RequestProblems):  # an Idempotency-Key that is no key: an office refusal
            problems = [{key: problem[key] for key in ("field", "code", "message")} for problem in exc.problems]
            return Response({"errors": problems}, status=status.HTTP_400_BAD_REQUEST)
        return super().handle_exception(exc)

    @keyed_office_schema(s.PaymentReversalSerializer, "reversal")
    @action(detail=True, methods=["post"])
    def reverse(self, request, pk=None):
        """Reverse a wrong payment: the exact opposite, booked today, with the reason."""
        key = idempotency_key(request)
        payment = self.object_to_manage(request)
        serializer = s.PaymentReversalSerializer(data=request.data)
        if not serializer.is_valid():
            raise _Refused(
                [
                    {"field": field, "code": "invalid", "message": str(m)}
                    for field, messages in serializer.errors.items()
                    for m in messages
                ]
            )
        recorded = payment_office.reverse_payment_once(
            payment, idempotency_key=key, reason=serializer.validated_data["reason"], by=Actor.api(request.user)
        )
        return self._recorded(recorded)


# --- sittings and deals -------------------------------------------------------------------------

SITTING_FILTERS = [
    query_parameter("season", "Only this season's sittings."),
    query_parameter("table", "Only this table's sittings."),
]


@extend_schema_view(list=extend_schema(parameters=SITTING_FILTERS))
class SittingViewSet(DomainErrors, viewsets.ReadOnlyModelViewSet):
    """Sittings: every sitting of the requester's clubs (the score sheets are the club's)."""

    serializer_class = s.SittingSerializer
    pagination_class = Page
    lookup_value_regex = ID
    query_parameters = {"list": ("season", "table"), "record POST": ("number",)}
    paged = ("list", "record GET")

    def get_queryset(self):
        sittings = Requester.of(self.request).visible_sittings().select_related("season")
        if not (self.action == "record" and self.request.method == "POST"):  # recording loads its own seats
            sittings = sittings.prefetch_related("seats")
        if self.action == "list":
            for name in ("season", "table"):
                if (value := query_number(self.request, name)) is not None:
                    sittings = sittings.filter(**{f"{name}_id": value})
        return sittings.order_by("-date", "-pk")

    def get_permissions(self):
        if self.action == "close" or (self.action == "record" and self.request.method == "POST"):
            return [*super().get_permissions(), ScoresForTheClub()]
        return super().get_permissions()

    @extend_schema(
        request=s.StartSittingSerializer,
        responses={
            201: s.SittingSerializer,
            400: FIELD_ERRORS,
            403: FORBIDDEN,
            409: CONFLICT,
        },
    )
    def create(self, request):
        """Seat 3 to 5 members at a table in seat order and fund its cups (scorers and admins)."""
        if not Requester.of(request).clubs(access.SCORE):
            raise PermissionDenied(_("Only the club's scorers and admins may start a sitting."))
        given = s.StartSittingSerializer(data=request.data, context=self.get_serializer_context())
        given.is_valid(raise_exception=True)
        sitting = start_sitting(**given.validated_data, by=Actor.api(request.user))
        return Response(s.SittingSerializer(sitting).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["GET"],
        responses={200: s.DealSerializer(many=True), 404: NOT_FOUND},
        description="The sitting's deals in order.",
    )
    @extend_schema(
        methods=["POST"],
        request=DEAL_RECORD_BODY,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                IDEMPOTENCY_KEY_HEADER,
                OpenApiParameter.HEADER,
                description="A key of the client's choosing (up to 64 printable ASCII characters). Sending the same "
                "key again returns the first answer with 200 instead of recording a second deal.",
            ),
            query_parameter("number", "The deal number the scorer saw; 409 if someone recorded it first."),
        ],
        responses={
            201: s.DealSettlementSerializer,
            200: OpenApiResponse(
                s.DealSettlementSerializer, description="A repeated Idempotency-Key: the first answer."
            ),
            400: ERRORS,
            403: FORBIDDEN,
            404: NOT_FOUND,
            409: CONFLICT,
        },
        description="Record the next deal of an open sitting (scorers and admins) and answer with its settlement.",
    )
    @action(
        detail=True, methods=["get", "post"], url_path="deals", url_name="deals", parser_classes=[BoundedJSONParser]
    )
    def record(self, request, pk=None):
        sitting = self.get_object()
        if request.method == "GET":
            versions = member_office.with_author_names(
                DealVersion.objects.filter(current_of__sitting=sitting).select_related("deal", "entered_by")
            )
            page = self.paginate_queryset(versions.order_by("deal__number"))
            return self.get_paginated_response(s.DealSerializer(page, many=True).data)
        return self._record_deal(request, sitting)

    def _record_deal(self, request, sitting):
        key = idempotency_key(request)
        recorded = record_deal(
            sitting,
            request.data,
            by=Actor.api(request.user),
            idempotency_key=key,
            number=query_number(request, "number", as_problem=True),
        )
        # A key sent again with another deal: club.services.deals.DealKeyReused, 409 (DomainErrors).
        body = s.DealSettlementSerializer(recorded.version, context={"recorded": recorded}).data
        return Response(body, status=status.HTTP_201_CREATED if recorded.created else status.HTTP_200_OK)

    @extend_schema(
        request=s.CloseSittingSerializer,
        responses={200: s.ClosedSittingSerializer, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        """Close the sitting: split the cups among the table or carry them on (scorers and admins)."""
        sitting = self.get_object()
        given = s.CloseSittingSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        close_sitting(sitting, by=Actor.api(request.user), how=given.validated_data.get("how"))
        sitting.refresh_from_db()
        return Response(s.ClosedSittingSerializer(sitting).data)


@extend_schema_view(
    list=extend_schema(parameters=[query_parameter("sitting", "Only this sitting's deals.")]),
    retrieve=extend_schema(responses={200: s.DealSettlementSerializer, 404: NOT_FOUND}),
)
class DealViewSet(DomainErrors, viewsets.ReadOnlyModelViewSet):
    """Deals as their current version; one deal also shows what it settles to."""

    pagination_class = CountedPage
    lookup_value_regex = ID
    query_parameters = {"list": ("sitting",)}
    lookup_field = "deal_id"
    lookup_url_kwarg = "pk"

    def _sitting(self) -> int | None:
        return query_number(self.request, "sitting") if self.action == "list" else None

    def counted(self):
        """The listed deals themselves: as many as their current versions (a deal has one from
        the transaction that records it), counted without reading a version."""
        deals = Requester.of(self.request).visible_deals()
        return deals if (sitting := self._sitting()) is None else deals.filter(sitting_id=sitting)

    def get_queryset(self):
        deals = Requester.of(self.request).visible_deals()
        versions = member_office.with_author_names(
            DealVersion.objects.filter(current_of__in=deals).select_related("deal__sitting__season", "entered_by")
        )
        if (sitting := self._sitting()) is not None:
            versions = versions.filter(deal__sitting_id=sitting)
        return versions.order_by("deal__sitting_id", "deal__number")

    def get_serializer_class(self):
        return s.DealSettlementSerializer if self.action == "retrieve" else s.DealSerializer

    def get_permissions(self):
        if self.action == "corrections":
            return [*super().get_permissions(), ScoresForTheClub()]
        return super().get_permissions()

    @extend_schema(
        request=s.CorrectionRequestSerializer,
        responses={201: s.CorrectionSerializer, 400: ERRORS, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["post"], parser_classes=[BoundedJSONParser])
    def corrections(self, request, pk=None):
        """Correct a deal with a reason (scorers and admins): the ledger reverses and re-posts
        every event whose money changes, this deal's and later ones'; the answer lists them."""
        deal = self.get_object().deal
        given = _validated(s.CorrectionRequestSerializer, request.data)
        correction = correct_deal(deal, given["record"], by=Actor.api(request.user), reason=given["reason"])
        data = {
            "deal": deal.pk,
            "version": correction.version.version,
            "reason": correction.version.reason,
            "differences": settlement.difference_rows(correction.differences),
        }
        return Response(s.CorrectionSerializer(data).data, status=status.HTTP_201_CREATED)


# --- statements -------------------------------------------------------------------------------


class PDFRenderer(BaseRenderer):
    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data


class StatementView(APIView):
    """A member's monthly statement as PDF, in the request's language (Accept-Language)."""

    renderer_classes = [PDFRenderer, SafeJSONRenderer]

    @extend_schema(
        operation_id="members_statement_pdf",
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (403, "application/json"): FORBIDDEN,
            (404, "application/json"): NOT_FOUND,
        },
        parameters=[
            OpenApiParameter("member_id", int, OpenApiParameter.PATH, description="The member."),
            OpenApiParameter("month", str, OpenApiParameter.PATH, description="yyyy-mm", pattern=r"^\d{4}-\d{2}$"),
        ],
    )
    def get(self, request, member_id: str, month: str):
        member = get_object_or_404(Requester.of(request).visible_members(), pk=int(member_id))
        Requester.of(request).require(member.club_id, access.READ_PRIVATE, subject=member)
        try:
            first_day = Month.parse(month).first_day
        except ValueError:
            raise NotFound(_("No such month.")) from None
        # Imported here: WeasyPrint is slow to load and only statements need it.
        from club.reports.pdf import render_statement_pdf

        pdf = render_statement_pdf(member, first_day.year, first_day.month, get_language() or "da")
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="statement-{member.pk}-{month}.pdf"'
        return response

    def handle_exception(self, exc):
        # Whatever the client accepts, a refusal is JSON: there is no PDF to send.
        self.request.accepted_renderer = SafeJSONRenderer()
        self.request.accepted_media_type = SafeJSONRenderer.media_type
        return super().handle_exception(exc)


# --- Redoc without web fonts ------------------------------------------------------------------

# drf-spectacular's Redoc page fetches Google's fonts; everything here is served locally, so the
# page keeps its own head (Redoc falls back to the system fonts).
_REDOC_PAGE = Template(
    """{% extends "drf_spectacular/redoc.html" %}{% block head %}<title>{{ title }}</title>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0; padding: 0; }</style>{% endblock head %}"""
)


class LocalRedocView(SpectacularRedocView):
    permission_classes = [AllowAny]

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        context = {
            "title": self.title,
            "redoc_standalone": self._redoc_standalone(),
            "schema_url": self._get_schema_url(request),
            "settings": self._dump(spectacular_settings.REDOC_UI_SETTINGS),
        }
        return HttpResponse(_REDOC_PAGE.render(Context(context)))
