"""Accounts, transactions and postings: the only record of money.

The ledger knows nothing of what the money is for: an account is an owner key and a kind, a
transaction carries a reference string; the caller keeps its own link to them. Double entry,
append only. A transaction's postings sum to zero; postings and transactions are
never updated or deleted — a correction is a reversal plus a new posting. Only
``ledger.services`` writes here; an account is never reassigned. The database itself refuses
anything else, PostgreSQL and SQLite alike (`ledger.triggers`); these models and their querysets
(`AppendOnlyQuerySet`) refuse first, with a clearer message.
Every account has a unit, points or øre, set when it is opened; an amount is an integer in its
account's unit, and the postings of one transaction are all in one unit.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
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


class Unit(models.TextChoices):
    POINTS = "points", _("points")
    ORE = "ore", _("øre")


class Account(AppendOnly):
    """Whose money this is: an owner key the caller chooses (e.g. "member:17") and a kind
    (e.g. "member"), one account per pair, and the unit of its amounts; never reassigned, its
    unit never changed (`ledger.triggers`). The ledger gives owner and kind no meaning: the caller
    maps its own things to them."""

    kind = models.CharField(max_length=20)
    owner = models.CharField(max_length=64)
    unit = models.CharField(max_length=6, choices=Unit.choices)

    class Meta:
        verbose_name = _("account")
        verbose_name_plural = _("accounts")
        constraints = [models.UniqueConstraint(fields=["owner", "kind"], name="one_account_per_owner_and_kind")]

    def __str__(self) -> str:
        return f"{self.owner} ({self.kind})"


class Transaction(AppendOnly):
    """One balanced movement of points or of øre, or the reversal of one (`reverses`)."""

    # (account id, amount) of each posting, when read in bulk (not a field).
    lines: list[tuple[int, int]]

    # What the caller says this transaction is, e.g. "sitting:12 deal:3": shown in the admin and
    # in the ledger's own checks; the ledger never reads it.
    reference = models.CharField(max_length=100)
    # The caller's book this transaction counts in (e.g. "season:7"; none by default): balances
    # are kept per account, book and month. A reversal counts in its original's book.
    book = models.CharField(max_length=64, blank=True, default="", db_default="")
    reverses = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by")
    value_date = models.DateField(help_text=_("The date the money counts for."))
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    memo = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("transaction")
        verbose_name_plural = _("transactions")
        # A month's statement and a balance on a day inside a month read that month's transactions
        # only: found by date, not by reading every posting of the account.
        indexes = [models.Index(fields=["value_date"], name="transaction_value_date")]

    def __str__(self) -> str:
        return f"#{self.pk} {self.reference}"


class Posting(AppendOnly):
    transaction = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="postings")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="postings")
    amount = models.BigIntegerField()  # in the account's unit
    rule = models.CharField(max_length=40)  # the caller's name for the line, e.g. a rule key
    ref = models.CharField(max_length=40)  # where the line's reason is written, e.g. "001 L258"
    item = models.PositiveSmallIntegerField()  # which line of the transaction (several postings each)

    class Meta:
        ordering = ["id"]
        verbose_name = _("posting")
        verbose_name_plural = _("postings")
        indexes = [
            # Balances and cup contents are sums over one account's postings: with the amounts in
            # the index, PostgreSQL answers them from the index alone (an index-only scan)
            # instead of visiting every posting row. SQLite ignores INCLUDE.
            models.Index(fields=["account", "transaction"], include=["amount"], name="posting_account_amount"),
        ]

    def __str__(self) -> str:
        return f"{self.account}: {self.amount:+d} ({self.rule})"


class Balance(models.Model):
    """What an account holds in one book and month (of value dates): kept by the database itself
    (`ledger.triggers`) in the database transaction that writes the postings, so a balance
    costs one row whatever the history. Nothing else may write it: the ORM refuses here, the
    database refuses any other SQL; `ledger.checks.drifted_balances` recomputes them all."""

    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="balances")
    book = models.CharField(max_length=64)
    month = models.DateField()  # the first day of the month
    amount = models.BigIntegerField()  # in the account's unit
    last_posting = models.BigIntegerField()  # the last posting added: SQLite's guard checks the next one

    objects = AppendOnlyQuerySet.as_manager()
    append_only_reason = "is kept by the database from the postings"

    class Meta:
        verbose_name = _("balance")
        verbose_name_plural = _("balances")
        constraints = [
            models.UniqueConstraint(fields=["account", "book", "month"], name="one_balance_per_book_and_month")
        ]

    def __str__(self) -> str:
        return f"{self.account} {self.book} {self.month:%Y-%m}: {self.amount:+d}"

    def save(self, *args, **kwargs):
        raise ImmutableLedgerError(f"Balance {self.append_only_reason}: it cannot be written.")

    def delete(self, *args, **kwargs):
        raise ImmutableLedgerError(f"Balance {self.append_only_reason}: it cannot be deleted.")
