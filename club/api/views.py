"""The REST API: the same ledger a phone at the card table sees, for programs.

Thin views: every change goes through `club.services`, every figure comes from
`club.balances` or the rules engine. What a user may see and do is decided by the one access policy, `club.access`.
Domain errors become HTTP answers in one place (`DomainErrors`):

- `rules.InvalidRecord` → 400 ``{"errors": [...]}``, the list `python -m rules replay` prints;
- `club.services.InvalidSitting` (a sitting that breaks a rule of starting one) → 400
  ``{"field": ["..."]}``, as a serializer would say it;
- `club.services.SittingError` (a closed sitting, a deal someone else recorded first,
  a table that already has an open sitting) → 409 ``{"detail": "..."}``.
"""

from __future__ import annotations

import re

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template import Context, Template
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from drf_spectacular.settings import spectacular_settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from drf_spectacular.views import SpectacularRedocView
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.renderers import BaseRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

import rules
from club import access, balances, services
from club.access import Requester
from club.models import DealVersion, Season
from club.reports.statements import Month

from . import serializers as s
from . import settlement
from .errors import SafeJSONRenderer
from .parsers import BoundedJSONParser

IDEMPOTENCY_KEY_MAX = 64  # stored as "<user id>:<key>" in DealVersion.idempotency_key (100 chars)
PRINTABLE_ASCII = re.compile(r"^[\x21-\x7e]+$")

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
    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500


class ScoresForTheClub(BasePermission):
    """Moving money (start, record, correct, close): `club.access.SCORE` in the object's club, 403
    otherwise. Only consulted for objects already found in the requester's querysets, so it never
    sees another club's."""

    message = gettext_lazy("Only the club's scorers and admins may do this.")

    def has_object_permission(self, request, view, obj) -> bool:
        return Requester.of(request).allows(access.club_of(obj), access.SCORE)


class DomainErrors(APIView):
    """Turns the domain's refusals into HTTP answers (see the module docstring)."""

    def handle_exception(self, exc):
        if isinstance(exc, rules.InvalidRecord):
            return Response(error_list(exc), status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, services.InvalidSitting):
            return Response(exc.errors, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, services.SittingError):
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        return super().handle_exception(exc)


def _int_param(request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value in (None, ""):
        return None
    if not value.isdigit() or len(value) > 18:
        raise ValidationError({name: [_("Expected a whole number.")]})
    return int(value)


# --- the club ---------------------------------------------------------------------------------


class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    """The clubs the requester is an active member of."""

    serializer_class = s.ClubSerializer
    pagination_class = Page
    lookup_value_regex = ID

    def get_queryset(self):
        return Requester.of(self.request).visible_clubs().order_by("name", "pk")


class MemberViewSet(viewsets.ReadOnlyModelViewSet):
    """The members of the requester's clubs. Balances and statements: one's own, or as club admin."""

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
        """The member's balance in points: all seasons together, and season by season."""
        member = self.private_member()
        seasons = [
            {"season": season.pk, "name": season.name, "points": balances.member_balance(member, season=season)}
            for season in Season.objects.filter(club_id=member.club_id).order_by("starts_on", "pk")
        ]
        data = {"member": member.pk, "name": member.name, "points": balances.member_balance(member), "seasons": seasons}
        return Response(s.BalanceSerializer(data).data)


class SeasonViewSet(viewsets.ReadOnlyModelViewSet):
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


class TableViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = s.TableSerializer
    pagination_class = Page
    lookup_value_regex = ID

    def get_queryset(self):
        return Requester.of(self.request).visible_tables().order_by("club_id", "name", "pk")


# --- sittings and deals -------------------------------------------------------------------------

SITTING_FILTERS = [
    OpenApiParameter("season", int, description="Only this season's sittings."),
    OpenApiParameter("table", int, description="Only this table's sittings."),
]


@extend_schema_view(list=extend_schema(parameters=SITTING_FILTERS))
class SittingViewSet(DomainErrors, viewsets.ReadOnlyModelViewSet):
    """Sittings: every sitting of the requester's clubs (the score sheets are the club's)."""

    serializer_class = s.SittingSerializer
    pagination_class = Page
    lookup_value_regex = ID

    def get_queryset(self):
        sittings = Requester.of(self.request).visible_sittings().select_related("season").prefetch_related("seats")
        if self.action == "list":
            for name in ("season", "table"):
                if (value := _int_param(self.request, name)) is not None:
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
            400: OpenApiResponse(description="A field is wrong; or the table is not 3 to 5 members, as an error list."),
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
        sitting = services.start_sitting(**given.validated_data, by=request.user)
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
                str,
                OpenApiParameter.HEADER,
                description="A key of the client's choosing (up to 64 printable ASCII characters). Sending the same "
                "key again returns the first answer with 200 instead of recording a second deal.",
            ),
            OpenApiParameter(
                "number", int, description="The deal number the scorer saw; 409 if someone recorded it first."
            ),
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
            versions = DealVersion.objects.filter(current_of__sitting=sitting).select_related("deal", "entered_by")
            page = self.paginate_queryset(versions.order_by("deal__number"))
            return self.get_paginated_response(s.DealSerializer(page, many=True).data)
        return self._record_deal(request, sitting)

    def _record_deal(self, request, sitting):
        key = self._idempotency_key(request)
        recorded = services.record_deal(
            sitting, request.data, by=request.user, idempotency_key=key, number=_int_param(request, "number")
        )
        if not recorded.created and (recorded.deal.sitting_id != sitting.pk or recorded.version.record != request.data):
            detail = _("This Idempotency-Key was already used for a different deal.")
            return Response({"detail": detail}, status=status.HTTP_409_CONFLICT)
        body = s.DealSettlementSerializer(recorded.version, context={"recorded": recorded}).data
        return Response(body, status=status.HTTP_201_CREATED if recorded.created else status.HTTP_200_OK)

    @staticmethod
    def _idempotency_key(request) -> str | None:
        key = request.headers.get("Idempotency-Key")
        if key is None:
            return None
        if not PRINTABLE_ASCII.match(key) or len(key) > IDEMPOTENCY_KEY_MAX:
            raise ValidationError(
                {"Idempotency-Key": [_("Use 1 to %(max)s printable ASCII characters.") % {"max": IDEMPOTENCY_KEY_MAX}]}
            )
        # Keys are the client's: scoped to the user, so two users' keys can never meet.
        return f"{request.user.pk}:{key}"

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
        services.close_sitting(sitting, by=request.user, how=given.validated_data.get("how"))
        sitting.refresh_from_db()
        return Response(s.ClosedSittingSerializer(sitting).data)


@extend_schema_view(
    list=extend_schema(parameters=[OpenApiParameter("sitting", int, description="Only this sitting's deals.")]),
    retrieve=extend_schema(responses={200: s.DealSettlementSerializer, 404: NOT_FOUND}),
)
class DealViewSet(DomainErrors, viewsets.ReadOnlyModelViewSet):
    """Deals as their current version; one deal also shows what it settles to."""

    pagination_class = Page
    lookup_value_regex = ID
    lookup_field = "deal_id"
    lookup_url_kwarg = "pk"

    def get_queryset(self):
        deals = Requester.of(self.request).visible_deals()
        versions = DealVersion.objects.filter(current_of__in=deals).select_related(
            "deal__sitting__season", "entered_by"
        )
        if self.action == "list" and (sitting := _int_param(self.request, "sitting")) is not None:
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
        given = s.CorrectionRequestSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        correction = services.correct_deal(
            deal, given.validated_data["record"], by=request.user, reason=given.validated_data["reason"]
        )
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
