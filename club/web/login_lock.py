"""Login throttling with django-axes: after five failed logins for one username from one client
address, that pair is refused for 15 minutes (settings.AXES_*).

The failures are counted in the database (axes' AccessAttempt), so every gunicorn worker, and
every server sharing the database, counts the same failures. The username is counted as a login
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

from typing import Any

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ..inputs import login_address

# Django's usernames hold 150 characters; axes stores what it is given, so nothing longer reaches it.
MAX_USERNAME = 150


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
    return login_address(value)[:MAX_USERNAME]


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the login page again, saying why, with 429 Too Many Requests."""
    context = {"form": LoginForm(request), "locked": True, "next": request.POST.get("next", "")}
    return render(request, "club/login.html", context, status=429)
