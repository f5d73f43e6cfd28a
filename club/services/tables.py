"""The club's tables: added, renamed, retired (a retired table keeps its history and its cups)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from .. import audit
from ..models import Club, Sitting, Table
from .office import clean_name, refuse


def _check_table_name(club: Club, name: str, table: Table | None = None) -> str:
    name = clean_name(name, limit=Table._meta.get_field("name").max_length or 60)
    others = Table.objects.filter(club=club, name__iexact=name)
    if table is not None:
        others = others.exclude(pk=table.pk)
    if others.exists():
        raise refuse("name", _("The club already has a table called %(name)s.") % {"name": name})
    return name


@transaction.atomic
def add_table(club: Club, *, name: str, by=None) -> Table:
    table = Table.objects.create(club=club, name=_check_table_name(club, name))
    audit.record(club, audit.Kind.TABLE_ADDED, by=by, table=table.pk)
    return table


@transaction.atomic
def rename_table(table: Table, *, name: str, by=None) -> Table:
    before = audit.snapshot(table, audit.TABLE_FIELDS)
    table.name = _check_table_name(table.club, name, table)
    table.save(update_fields=["name"])
    audit.record_table_changes(table, before, by=by)
    return table


@transaction.atomic
def set_table_active(table: Table, active: bool, *, by=None) -> Table:
    """Retire a table (its sittings and cups stay in the books) or take it into use again."""
    if not active and Sitting.objects.filter(table=table, closed_at__isnull=True).exists():
        raise refuse("active", _("%(table)s has an open sitting; close it first.") % {"table": table})
    before = audit.snapshot(table, audit.TABLE_FIELDS)
    table.active = active
    table.save(update_fields=["active"])
    audit.record_table_changes(table, before, by=by)
    return table
