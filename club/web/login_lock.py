"""Login throttling with django-axes: after five failed logins for one username from one client
address, that pair is refused for 15 minutes (settings.AXES_*).

The failures are counted in the database (axes' AccessAttempt), so every gunicorn worker, and
every server sharing the database, counts the same failures. The username is counted as Django
normalises it (NFKC, as `UsernameField` does), so look-alike spellings such as the fullwidth
`ｇｏｒｍ` count as `gorm`. The client address is `club.client_ip`.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# Django's usernames hold 150 characters; axes stores what it is given, so nothing longer reaches it.
MAX_USERNAME = 150


def username(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """AXES_USERNAME_CALLABLE: the username as Django's login form cleans it."""
    value = (credentials or {}).get("username")
    if value is None:
        value = request.POST.get("username")
    if not isinstance(value, str):
        return None
    return unicodedata.normalize("NFKC", value.strip())[:MAX_USERNAME]


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the login page again, saying why, with 429 Too Many Requests."""
    context = {"form": AuthenticationForm(request), "locked": True, "next": request.POST.get("next", "")}
    return render(request, "club/login.html", context, status=429)
