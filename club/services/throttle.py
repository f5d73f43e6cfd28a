"""How often an anonymous requester may make the site send mail (and how often a club's requests
to join may mail one login), counted in the database, so every gunicorn worker, and the site after
a restart, counts the same attempts.

A password reset is counted by the client asking and, while the client is within its limit, by
the address asked for, whether or not the address belongs to a login: both answers then do the
same work and take the same time, and one over a limit answers as one within it (nothing tells
which addresses exist). A client over its limit adds no row for each address it names, and
`purge_expired` (run with the mail worker, `manage.py purge_throttles`) deletes the rows whose
window has passed, so the table holds at most the last hour's clients and addresses.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from .. import inputs
from ..models import Throttle

HOUR = 60 * 60


@dataclass(frozen=True)
class Limit:
    scope: str
    most: int  # attempts allowed …
    seconds: int  # … in any window this long


RESET_PER_ADDRESS = Limit("reset-address", 3, HOUR)
RESET_PER_CLIENT = Limit("reset-client", 10, HOUR)
# A club's request to join mails a login at most once a day (club.services.joining.ask): an
# official who gives the address again and again, or to member after member, sends no more.
JOIN_MAIL = Limit("join-mail", 1, 24 * HOUR)
LIMITS = (RESET_PER_ADDRESS, RESET_PER_CLIENT, JOIN_MAIL)


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
    """One key for every spelling of an address ("Anna@…", "ANNA@…", a look-alike like "ſ", the
    domain in Unicode or in IDNA's ASCII form): as logins hold it (`inputs.login_address`)."""
    return inputs.login_address(address)


def password_reset_allowed(address: str, client: str) -> bool:
    """Count a password reset for `address` asked by `client` against both limits: the client
    first, then, only while the client is within its limit, the address (always in this order, so
    concurrent requests lock their rows in the same order). Whether the address is known plays no
    part, so the work done still tells nothing about it."""
    if not attempt(RESET_PER_CLIENT, client):
        return False
    return attempt(RESET_PER_ADDRESS, address_key(address))


PURGE_BATCH = 500  # rows deleted per transaction: short locks, and within SQLite's parameter limit


def _expired(now: datetime.datetime) -> Q:
    """Rows whose latest attempt is older than their limit's window (then so is every attempt
    they hold: they count nothing); a scope no limit names any more, after the longest window."""
    windows = {limit.scope: limit.seconds for limit in LIMITS}
    expired = Q(~Q(scope__in=windows), last_attempt__lt=now - datetime.timedelta(seconds=max(windows.values())))
    for scope, seconds in windows.items():
        expired |= Q(scope=scope, last_attempt__lt=now - datetime.timedelta(seconds=seconds))
    return expired


def purge_expired() -> int:
    """Delete the rows that count nothing any more; how many.

    Run apart from the requests (the mail worker's timer) rather than on each write: it locks its
    rows with SKIP LOCKED, so it never waits for a request's row and cannot be part of a deadlock,
    while a request that wants a row being purged waits for one short batch and then inserts it
    afresh. The DELETE repeats the condition, so a row counted again meanwhile stays."""
    purged = 0
    while True:
        expired = _expired(timezone.now())
        with transaction.atomic():
            batch = list(
                Throttle.objects.select_for_update(skip_locked=True)
                .filter(expired)
                .order_by("pk")
                .values_list("pk", flat=True)[:PURGE_BATCH]
            )
            deleted, _by_model = Throttle.objects.filter(expired, pk__in=batch).delete()
        purged += deleted
        if len(batch) < PURGE_BATCH:
            return purged
