"""Login throttling: after 5 failed logins for one username from one address, wait 15 minutes.

Counted in Django's cache (the default cache of the settings), keyed by a hash of the username
and the client address, so a guesser is slowed without locking the member out everywhere.
The window runs from the first failure; a successful login clears the count.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache

from .client_ip import client_ip

FAILURES_ALLOWED = 5
WINDOW_SECONDS = 15 * 60


def _key(request, username: str) -> str:
    who = f"{username.strip().casefold()}|{client_ip(request)}"
    return "login-failures:" + hashlib.sha256(who.encode()).hexdigest()


def is_locked(request, username: str) -> bool:
    return cache.get(_key(request, username), 0) >= FAILURES_ALLOWED


def record_failure(request, username: str) -> None:
    key = _key(request, username)
    cache.add(key, 0, WINDOW_SECONDS)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, WINDOW_SECONDS)


def clear(request, username: str) -> None:
    cache.delete(_key(request, username))
