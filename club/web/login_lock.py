"""Login throttling with django-axes: after five failed logins for one username from one client
address, that pair is refused for 15 minutes (settings.AXES_*).

The failures are counted in the database (axes' AccessAttempt), so every gunicorn worker, and
every server sharing the database, counts the same failures. The username is counted as Django
normalises it (NFKC, as `UsernameField` does), so look-alike spellings such as the fullwidth
`ｇｏｒｍ` count as `gorm`. The client address is `club.client_ip`.

Every form that checks a password with a username (the site's login, `/admin/login/`) bounds the
username first (`LoginForm`, `AdminLoginForm`): Django's login form sets the field's length limit only for
the browser, so a 10,000-character name would reach axes, whose columns hold 255, and end in a
server error on PostgreSQL instead of a form error.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

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


def username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str | None:
    """AXES_USERNAME_CALLABLE: the username as Django's login form cleans it."""
    value = (credentials or {}).get("username")
    if value is None and request is not None:
        value = request.POST.get("username")
    if not isinstance(value, str):
        return None
    return unicodedata.normalize("NFKC", value.strip())[:MAX_USERNAME]


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the login page again, saying why, with 429 Too Many Requests."""
    context = {"form": LoginForm(request), "locked": True, "next": request.POST.get("next", "")}
    return render(request, "club/login.html", context, status=429)
