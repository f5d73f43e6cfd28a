"""Accounts, transactions and postings: the only record of money.

Double entry, append only. A transaction's postings sum to zero; postings and transactions are
never updated or deleted — a correction is a reversal plus a new posting. Only
``ledger.services`` writes here; an account is never reassigned. On PostgreSQL the database
itself refuses anything else (triggers in migrations 0002 and 0004); on SQLite the service layer,
these models and their querysets (`AppendOnlyQuerySet`) refuse.
Amounts are integer points; kroner appear only on statements.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class ImmutableLedgerError(Exception):
    pass


class AppendOnlyQuerySet(models.QuerySet):
    """Refuses the bulk writes that would bypass `AppendOnly.save` and `.delete`: on SQLite this
    is the guard (PostgreSQL's triggers refuse the same SQL from anywhere)."""

    def _refuse(self, what: str):
        reason = getattr(self.model, "append_only_reason", "is append-only")
        raise ImmutableLedgerError(f"{self.model.__name__} {reason}: {what} refused.")

    def update(self, **kwargs):
        self._refuse("update()")

    def bulk_update(self, objs, fields, batch_size=None):
        self._refuse("bulk_update()")

    def delete(self):
        self._refuse("delete()")

    def _raw_delete(self, using):
        self._refuse("delete()")


class AppendOnly(models.Model):
    """Refuses UPDATE and DELETE through the ORM, querysets included; the database refuses them
    too on PostgreSQL."""

    append_only_reason = "is part of the ledger"

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ImmutableLedgerError(f"{type(self).__name__} {self.pk} {self.append_only_reason} and cannot change.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableLedgerError(f"{type(self).__name__} {self.pk} {self.append_only_reason} and cannot be deleted.")


# A table's own accounts: the Danish cups and the Hungarian ultimókassza (pot).
TABLE_KINDS = ["pagat_cup", "king_cup", "pot"]


class Account(AppendOnly):
    """A member's account, or one of a table's accounts (a Danish cup, a Hungarian pot); never
    reassigned (ledger 0004's trigger on PostgreSQL)."""

    class Kind(models.TextChoices):
        MEMBER = "member", _("member")
        PAGAT_CUP = "pagat_cup", _("Pagatkop")
        KING_CUP = "king_cup", _("Kongekop")
        POT = "pot", "ultimókassza"  # a Hungarian game word: stays Hungarian in every language
        # Money in øre, not points: what a member paid in and was paid out, and the club's till.
        PAYMENTS = "payments", _("payments")
        TILL = "till", _("till")

    club = models.ForeignKey("club.Club", on_delete=models.PROTECT, related_name="accounts")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    member = models.OneToOneField(
        "club.Member", on_delete=models.PROTECT, null=True, blank=True, related_name="account"
    )
    table = models.ForeignKey(
        "club.Table", on_delete=models.PROTECT, null=True, blank=True, related_name="table_accounts"
    )
    # The member whose payments account this is (kind "payments"; his points account is `member`).
    payer = models.ForeignKey(
        "club.Member", on_delete=models.PROTECT, null=True, blank=True, related_name="payment_accounts"
    )

    class Meta:
        verbose_name = _("account")
        verbose_name_plural = _("accounts")
        constraints = [
            models.CheckConstraint(
                condition=(Q(kind="member", member__isnull=False, table__isnull=True, payer__isnull=True))
                | (Q(kind__in=TABLE_KINDS, member__isnull=True, table__isnull=False, payer__isnull=True))
                | (Q(kind="payments", member__isnull=True, table__isnull=True, payer__isnull=False))
                | (Q(kind="till", member__isnull=True, table__isnull=True, payer__isnull=True)),
                name="account_is_a_member_table_payments_or_till_account",
            ),
            models.UniqueConstraint(
                fields=["payer"], condition=Q(payer__isnull=False), name="one_payments_account_per_member"
            ),
            models.UniqueConstraint(fields=["club"], condition=Q(kind="till"), name="one_till_per_club"),
            models.UniqueConstraint(
                fields=["table", "kind"], condition=Q(table__isnull=False), name="one_table_account_of_each_kind"
            ),
        ]

    def __str__(self) -> str:
        if self.kind == self.Kind.MEMBER:
            return str(self.member)
        if self.kind == self.Kind.PAYMENTS:
            return f"{self.payer} ({self.get_kind_display()})"
        if self.kind == self.Kind.TILL:
            return str(self.get_kind_display())
        return f"{self.get_kind_display()} ({self.table})"


class Transaction(AppendOnly):
    """One balanced movement of points: a funding, a deal, a close, or the reversal of one."""

    # (account id, points) of each posting, when read by `ledger.services` in bulk (not a field).
    lines: list[tuple[int, int]]

    class Kind(models.TextChoices):
        FUNDING = "funding", _("funding")
        DEAL = "deal", _("deal")
        CLOSE = "close", _("close")
        REVERSAL = "reversal", _("reversal")
        TRANSFER = "transfer", _("transfer")  # money between accounts outside any sitting (a payment)

    club = models.ForeignKey("club.Club", on_delete=models.PROTECT, related_name="transactions")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    # The sitting whose event this settles; none for a transfer.
    sitting = models.ForeignKey(
        "club.Sitting", on_delete=models.PROTECT, null=True, blank=True, related_name="transactions"
    )
    # The deal version whose record this transaction settles (none for a close).
    deal_version = models.ForeignKey(
        "club.DealVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="transactions"
    )
    # The version whose entry made this posting happen: itself for a first recording, the new
    # version of an earlier deal when a correction re-settles later deals.
    caused_by = models.ForeignKey(
        "club.DealVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="caused_transactions"
    )
    # Which event of the sitting this is, as the rules engine settles it: "funding:N" (before
    # deal N), "deal:N" or "close". A correction reverses an event and posts it anew.
    event = models.CharField(max_length=20)
    reverses = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by")
    value_date = models.DateField(
        help_text=_("The date the money counts for: the sitting, or the day of a correction.")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    memo = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("transaction")
        verbose_name_plural = _("transactions")
        indexes = [models.Index(fields=["sitting", "event"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"


class Posting(AppendOnly):
    transaction = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="postings")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="postings")
    points = models.BigIntegerField()
    rule = models.CharField(max_length=40)  # the rules engine's line-item key
    ref = models.CharField(max_length=40)  # the seed line, e.g. "001 L258"
    item = models.PositiveSmallIntegerField()  # which line item of the transaction

    class Meta:
        ordering = ["id"]
        verbose_name = _("posting")
        verbose_name_plural = _("postings")
        indexes = [
            # Balances and cup contents are sums over one account's postings: with the points in
            # the index, PostgreSQL answers them from the index alone (an index-only scan)
            # instead of visiting every posting row. SQLite ignores INCLUDE.
            models.Index(fields=["account", "transaction"], include=["points"], name="posting_account_points"),
        ]

    def __str__(self) -> str:
        return f"{self.account}: {self.points:+d} ({self.rule})"
