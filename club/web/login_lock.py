"""Login throttling with django-axes: after five failed logins for one username from one client
address, that pair is refused for 15 minutes (settings.AXES_*); after twenty failed logins from one
client address, whatever usernames they name, the address is refused for 15 minutes
(settings.LOGIN_FAILURES_PER_ADDRESS, `PerAddressLimit`). A guesser who tries a new username
each time is stopped by the second limit; a club evening behind one address meets it only when
twenty logins fail within a quarter of an hour.

The failures are counted in the database (axes' AccessAttempt), so every gunicorn worker, and
every server sharing the database, counts the same failures. A try while locked is refused
without a write (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT off: the wait ends a cool-off after
the failure that locked, and a flood adds no row), and a locked address is answered from the
process's cache for up to LOCK_CACHE_SECONDS without a query, so a flood of /login/ costs the
database nothing while the lock holds (a lock lifted by a command is seen within that minute). A successful login forgets its own
username's failures from that address, never the other usernames' ones. The username is counted as a login
holds it (`inputs.login_address`: NFKC, case-folded), so look-alike spellings such as the fullwidth
`ｇｏｒｍ`, `Gorm` or the long s in `ſofie@…` count as the login they sign in to. The client address
is `club.client_ip`.

`AddressBackend` finds the login the same way: what is typed, read as `inputs.login_address`, equal
to the stored username.

Every form that checks a password with a username (the site's login, `/admin/login/`) bounds the
username first (`LoginForm`, `AdminLoginForm`): Django's login form sets the field's length limit only for
the browser, so a 10,000-character name would reach axes, whose columns hold 255, and end in a
server error on PostgreSQL instead of a form error.
"""

from __future__ import annotations

import datetime
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.core.validators import MaxLengthValidator
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from ..inputs import login_address, login_username


class LoginForm(AuthenticationForm):
    """Django's login form, with a username longer than the user model allows (150) a form
    error: the password is never checked and axes never sees it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The same limit Django gives the field (the user model's, 150), here as a validator.
        self.fields["username"].validators.append(MaxLengthValidator(self.username_field.max_length or 254))


class AdminLoginForm(LoginForm, AdminAuthenticationForm):
    """`/admin/login/`'s form (staff only), bounded the same way."""


class AddressBackend(ModelBackend):
    """Django's backend, finding the login by the username as logins hold it (an address, NFKC and
    case-folded), by exact equality. A username stored otherwise (a staff login made by
    `createsuperuser`, one the migration could not fold) is still found as typed."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if not isinstance(username, str):
            return super().authenticate(request, username=username, password=password, **kwargs)
        user = super().authenticate(request, username=login_address(username), password=password, **kwargs)
        if user is None and login_address(username) != username:
            user = super().authenticate(request, username=username, password=password, **kwargs)
        return user


def username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str | None:
    """AXES_USERNAME_CALLABLE: the username as a login holds it (inputs.login_address)."""
    value = (credentials or {}).get("username")
    if value is None and request is not None:
        value = request.POST.get("username")
    if not isinstance(value, str):
        return None
    return login_username(value)


# How long a worker answers a locked address from its cache before asking the database again.
LOCK_CACHE_SECONDS = 60


class PerAddressLimit(AxesDatabaseHandler):
    """AXES_HANDLER: axes' database handler, locking at either limit. axes counts the failures of
    AXES_LOCKOUT_PARAMETERS (username+address) against one limit; this adds the address's own
    count, summed over every username it tried within the cool-off, and keeps a locked address's
    lock in the cache."""

    def is_locked(self, request, credentials: dict | None = None) -> bool:
        ends = cache.get(_lock_key(request.axes_ip_address))
        if ends is not None and ends > request.axes_attempt_time:
            request.axes_lock_ends = ends
            return True
        return super().is_locked(request, credentials)

    def get_failures(self, request, credentials: dict | None = None) -> int:
        failures = super().get_failures(request, credentials)
        total, latest = address_failures(request)
        if total >= settings.LOGIN_FAILURES_PER_ADDRESS:
            ends = (latest or request.axes_attempt_time) + (get_cool_off(request) or datetime.timedelta(0))
            request.axes_lock_ends = ends
            seconds = min(LOCK_CACHE_SECONDS, int((ends - request.axes_attempt_time).total_seconds()))
            if seconds > 0:
                cache.set(_lock_key(request.axes_ip_address), ends, seconds)
            # axes compares one number with AXES_FAILURE_LIMIT: a locked address answers at least that.
            return max(failures, settings.AXES_FAILURE_LIMIT)
        return failures

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        # A try the lock refused counts nothing and cleans nothing: no query at all.
        if request is not None and getattr(request, "axes_locked_out", False):
            request.axes_credentials = credentials
            return
        super().user_login_failed(sender, credentials, request, **kwargs)


def _lock_key(address: str) -> str:
    return f"login-lock:{address}"


def address_failures(request) -> tuple[int, datetime.datetime | None]:
    """Failed logins from the request's client address within the cool-off, whatever the
    username, and when the latest was."""
    attempts = AccessAttempt.objects.filter(
        ip_address=request.axes_ip_address, attempt_time__gte=get_cool_off_threshold(request)
    )
    found = attempts.aggregate(total=Sum("failures_since_start"), latest=Max("attempt_time"))
    return found["total"] or 0, found["latest"]


def lock_ends(request: HttpRequest) -> datetime.datetime:
    """When the lock that refused this request ends: a cool-off after the latest failure it
    counted (the address's, known from `get_failures`, else the username's at this address)."""
    cool_off = get_cool_off(request) or datetime.timedelta(0)
    if (ends := getattr(request, "axes_lock_ends", None)) is not None:
        return ends
    latest = AccessAttempt.objects.filter(
        ip_address=getattr(request, "axes_ip_address", None),
        username=username(request, getattr(request, "axes_credentials", None)),
        attempt_time__gte=get_cool_off_threshold(request),
    ).aggregate(latest=Max("attempt_time"))["latest"]
    return (latest or getattr(request, "axes_attempt_time", None) or timezone.now()) + cool_off


def retry_at(ends: datetime.datetime) -> datetime.datetime:
    """When a lock ending at `ends` has passed, local time, rounded up to the minute."""
    ends = timezone.localtime(ends)
    whole_minute = ends.replace(second=0, microsecond=0)
    return whole_minute if whole_minute == ends else whole_minute + datetime.timedelta(minutes=1)


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the login page again, saying why and when to try again, with 429
    Too Many Requests."""
    cool_off = get_cool_off(request) or datetime.timedelta(0)
    context = {
        "form": LoginForm(request),
        "locked": True,
        "next": request.POST.get("next", ""),
        "per_username": settings.AXES_FAILURE_LIMIT,
        "per_address": settings.LOGIN_FAILURES_PER_ADDRESS,
        "minutes": int(cool_off.total_seconds() // 60),
        "retry_at": retry_at(lock_ends(request)),
    }
    return render(request, "club/login.html", context, status=429)
