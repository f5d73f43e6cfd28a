"""The ledger in the admin: shown, never written.

Money moves only through `ledger.services` (corrections are reversals plus new postings), so
accounts, transactions and postings are read-only here for everyone, superusers included.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from .models import Account, Posting, Transaction


class ReadOnlyAdminMixin:
    """Viewable by officials, never added to, changed or deleted through the admin (the club's
    play is shown the same way: `club.admin` uses these too)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(ReadOnlyAdminMixin, admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def get_readonly_fields(self, request, obj=None):
        return self.fields  # shown as text; no form field is built for them


class PostingInline(ReadOnlyInline):
    model = Posting
    fields = ["item", "account", "amount", "rule", "ref"]
    show_change_link = False


@admin.register(Transaction)
class TransactionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["id", "reference", "reverses", "value_date", "created_by", "created_at", "memo"]
    list_select_related = ["reverses", "created_by"]
    search_fields = ["reference", "memo"]
    date_hierarchy = "value_date"
    inlines = [PostingInline]


@admin.register(Posting)
class PostingAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["id", "transaction", "account", "amount", "rule", "ref", "item"]
    list_filter = ["rule", "account__kind"]
    list_select_related = ["transaction", "account"]
    search_fields = ["rule", "ref", "account__owner", "transaction__reference"]


@admin.register(Account)
class AccountAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["owner", "kind", "unit", "balance"]
    list_filter = ["kind", "unit"]
    search_fields = ["owner"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(balance=Sum("postings__amount"))

    @admin.display(description=_("balance"), ordering="balance")
    def balance(self, account):
        return account.balance or 0
