"""How often an anonymous requester may make the site send mail, counted in the database, so
every gunicorn worker, and the site after a restart, counts the same attempts.

A password reset is counted by the address asked for and by the client asking, whether or not
the address belongs to a login: both answers then do the same work and take the same time, and
one over a limit answers as one within it (nothing tells which addresses exist).
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from ..models import Throttle

HOUR = 60 * 60


@dataclass(frozen=True)
class Limit:
    scope: str
    most: int  # attempts allowed …
    seconds: int  # … in any window this long


RESET_PER_ADDRESS = Limit("reset-address", 3, HOUR)
RESET_PER_CLIENT = Limit("reset-client", 10, HOUR)


def attempt(limit: Limit, requester: str) -> bool:
    """Count one attempt by `requester`; whether it is within `limit`.

    The counter row stays locked until the caller's transaction ends, so attempts made at the
    same moment by several workers are counted one after the other. Refused attempts count too:
    a requester who keeps trying stays refused."""
    now = timezone.now()
    key = hashlib.sha256(requester.encode()).hexdigest()  # an address typed by anyone is not kept
    with transaction.atomic():
        # Insert or touch the row: either takes its lock (the whole database on SQLite) at once.
        Throttle.objects.bulk_create(
            [Throttle(scope=limit.scope, key=key, last_attempt=now)],
            update_conflicts=True,
            unique_fields=["scope", "key"],
            update_fields=["last_attempt"],
        )
        row = Throttle.objects.select_for_update().get(scope=limit.scope, key=key)
        recent = [at for at in row.attempts if at > now.timestamp() - limit.seconds]
        allowed = len(recent) < limit.most
        row.attempts = [*recent, now.timestamp()][-limit.most :]
        row.save(update_fields=["attempts"])
    return allowed


def address_key(address: str) -> str:
    """One key for every spelling of an address ("Anna@…", "ANNA@…", a look-alike like "ſ")."""
    return unicodedata.normalize("NFKC", address.strip()).casefold()


def password_reset_allowed(address: str, client: str) -> bool:
    """Count a password reset for `address` asked by `client` against both limits (both always
    counted, in the same order, so concurrent requests lock their rows in the same order)."""
    by_client = attempt(RESET_PER_CLIENT, client)
    by_address = attempt(RESET_PER_ADDRESS, address_key(address))
    return by_client and by_address
