"""The officials' admin: clubs, members, seasons and tables are edited here; play is only shown.

Sittings, seats, deals and deal versions are written by `club.services` alone (a deal's record
becomes money there), so their admin pages are read-only: nothing can be added, changed or
deleted, inlines included. A season's rules cannot change once it has sittings.

Staff see every club here: the admin's pages run with club scopes disabled (club/scoping.py).
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin
from django.db import transaction
from django.db.models import Count
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

import rules
from ledger.admin import ReadOnlyAdminMixin, ReadOnlyInline

from . import audit
from .models import Club, Deal, DealVersion, JoinRequest, LedgerEntry, Member, Season, Seat, Sitting, Table
from .web.login_lock import AdminLoginForm

# /admin/login/ bounds the username before axes sees it, as the site's login does.
admin.site.login_form = AdminLoginForm


def pretty_json(value) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, ensure_ascii=False, indent=2))


# --- editable: the club's own set-up ---------------------------------------------------------


class LoggedAdmin(admin.ModelAdmin):
    """Writes the club's log (club.audit) for what staff change here, in the save's transaction,
    as the office's services do: `FIELDS` are compared before and after, `log_changes` says them."""

    FIELDS: tuple[str, ...] = ()

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            before = audit.snapshot(type(obj).objects.get(pk=obj.pk), self.FIELDS) if change else None
            super().save_model(request, obj, form, change)
            self.log_changes(obj, before, audit.Actor.admin(request.user))

    def delete_model(self, request, obj):
        with transaction.atomic():
            self.log_deleted(obj, audit.Actor.admin(request.user))
            super().delete_model(request, obj)

    def log_changes(self, obj, before, by) -> None:
        raise NotImplementedError

    def log_deleted(self, obj, by) -> None:
        """Deleting a club's row names it in the log, by the name it had (nothing is left to read it from)."""


@admin.register(Club)
class ClubAdmin(LoggedAdmin):
    FIELDS = audit.CLUB_FIELDS

    list_display = ["name", "slug", "member_count", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(member_count=Count("members", distinct=True))

    @admin.display(description=_("members"), ordering="member_count")
    def member_count(self, club):
        return club.member_count

    def log_changes(self, obj, before, by) -> None:
        if before is None:
            audit.record(obj, audit.Kind.CLUB_CREATED, by=by, name=obj.name)
        else:
            audit.record_club_changes(obj, before, by=by)


@admin.register(Member)
class MemberAdmin(LoggedAdmin):
    FIELDS = audit.MEMBER_FIELDS

    list_display = ["name", "club", "role", "user", "active"]
    list_filter = ["club", "role", "active"]
    list_select_related = ["club", "user"]
    search_fields = ["name", "user__username"]
    raw_id_fields = ["user"]

    def log_changes(self, obj, before, by) -> None:
        if before is None:
            audit.record(obj.club_id, audit.Kind.MEMBER_ADDED, by=by, member=obj.pk, role=obj.role)
        else:
            audit.record_member_changes(obj, before, by=by)

    def log_deleted(self, obj, by) -> None:
        audit.record(obj.club_id, audit.Kind.MEMBER_DELETED, by=by, name=obj.name)


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["club", "name", "starts_on", "ends_on", "preset", "overrides", "point_value_ore", "close"]

    def clean_overrides(self):
        # An emptied field means "no overrides", not a missing value.
        return self.cleaned_data["overrides"] or {}

    def clean(self):
        cleaned = super().clean() or self.cleaned_data
        preset = cleaned.get("preset", self.instance.preset)
        overrides = cleaned.get("overrides", self.instance.overrides)
        if "overrides" in self.fields and preset:
            if not isinstance(overrides, dict):
                self.add_error("overrides", _('The rule overrides must be a JSON object, e.g. {"nolo": 30}.'))
            else:
                # The preset says which family checks the overrides, with its own messages.
                _ruleset, problems = rules.family_of(preset).resolve(preset, overrides)
                language = (get_language() or "da")[:2]
                for problem in problems:
                    self.add_error("overrides", f"{problem.field}: {problem.message_in(language)}")
        return cleaned


@admin.register(Season)
class SeasonAdmin(LoggedAdmin):
    FIELDS = audit.SEASON_FIELDS
    form = SeasonForm
    list_display = ["name", "club", "starts_on", "ends_on", "preset", "point_value_ore", "close", "sitting_count"]
    list_filter = ["club", "preset"]
    list_select_related = ["club"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(sitting_count=Count("sittings"))

    @admin.display(description=_("sittings"), ordering="sitting_count")
    def sitting_count(self, season):
        return season.sitting_count

    def get_readonly_fields(self, request, obj=None):
        # Its deals were settled by these rules: changing them would make history disagree.
        if obj is not None and obj.sittings.exists():
            return ["club", "preset", "overrides"]
        return []

    def log_changes(self, obj, before, by) -> None:
        if before is None:
            audit.record_season_created(obj, by=by)
        else:
            audit.record_season_changes(obj, before, by=by)

    def log_deleted(self, obj, by) -> None:
        audit.record(obj.club_id, audit.Kind.SEASON_DELETED, by=by, name=obj.name)


@admin.register(Table)
class TableAdmin(LoggedAdmin):
    FIELDS = audit.TABLE_FIELDS
    list_display = ["name", "club"]
    list_filter = ["club"]
    list_select_related = ["club"]

    def log_changes(self, obj, before, by) -> None:
        if before is None:
            audit.record(obj.club_id, audit.Kind.TABLE_ADDED, by=by, table=obj.pk)
        else:
            audit.record_table_changes(obj, before, by=by)


# --- read-only: what was played --------------------------------------------------------------


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["position", "name", "member"]
    show_change_link = False


class DealInline(ReadOnlyInline):
    model = Deal
    fields = ["number", "current_version", "created_at"]


@admin.register(Sitting)
class SittingAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["date", "table", "season", "seated", "deal_count", "first_dealer", "closed_how", "closed_at"]
    list_filter = ["season__club", "season", "table", "closed_how"]
    list_select_related = ["table", "season", "first_dealer"]
    date_hierarchy = "date"
    inlines = [SeatInline, DealInline]

    def get_queryset(self, request):
        return (
            super().get_queryset(request).annotate(deal_count=Count("deals", distinct=True)).prefetch_related("seats")
        )

    @admin.display(description=_("table order"))
    def seated(self, sitting):
        return ", ".join(seat.name for seat in sitting.seats.all())

    @admin.display(description=_("deals"), ordering="deal_count")
    def deal_count(self, sitting):
        return sitting.deal_count


class DealVersionInline(ReadOnlyInline):
    model = DealVersion
    fields = ["version", "entered_by", "entered_at", "reason"]


@admin.register(Deal)
class DealAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["number", "sitting", "version_number", "entered_by", "entered_at", "reason"]
    list_filter = ["sitting__season__club", "sitting__table"]
    list_select_related = ["sitting__table", "current_version__entered_by"]
    search_fields = ["sitting__table__name"]
    inlines = [DealVersionInline]

    @admin.display(description=_("version"), ordering="current_version__version")
    def version_number(self, deal):
        return deal.current_version.version if deal.current_version else None

    @admin.display(description=_("entered by"))
    def entered_by(self, deal):
        return deal.current_version.entered_by if deal.current_version else None

    @admin.display(description=_("entered at"), ordering="current_version__entered_at")
    def entered_at(self, deal):
        return deal.current_version.entered_at if deal.current_version else None

    @admin.display(description=_("reason for correction"))
    def reason(self, deal):
        return deal.current_version.reason if deal.current_version else ""


@admin.register(DealVersion)
class DealVersionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["deal", "version", "entered_by", "entered_at", "reason"]
    list_filter = ["deal__sitting__season__club", "deal__sitting__table"]
    list_select_related = ["deal__sitting__table", "entered_by"]
    fields = ["deal", "version", "entered_by", "entered_at", "reason", "record_json", "idempotency_key"]

    @admin.display(description=_("record"))
    def record_json(self, version):
        return pretty_json(version.record)


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Which event of which sitting each ledger transaction settles."""

    list_display = ["transaction", "kind", "event", "sitting", "deal_version", "caused_by"]
    list_filter = ["kind", "sitting__season__club", "sitting__table"]
    list_select_related = [
        "transaction",
        "sitting__table",
        "deal_version__deal__sitting__table",
        "caused_by__deal__sitting__table",
    ]
    search_fields = ["event"]


@admin.register(JoinRequest)
class JoinRequestAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Only the login's owner answers a request (club.services.joining): staff only look."""

    list_display = ["member", "user", "created_at", "decided_at", "accepted"]
    list_select_related = ["member", "user"]
    list_filter = ["accepted"]
    search_fields = ["member__name", "user__username"]
