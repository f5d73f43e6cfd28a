"""What a cache between the site and its visitor may keep: nothing that belongs to a requester.

Every answer to a request with credentials (the session cookie, or a token in `Authorization`)
is `Cache-Control: private, no-store`: a page, a statement and its PDF, a CSV, a redirect or a
refusal, so that no shared cache serves one member's saldo to another and no browser keeps it
on disk for the next person at a shared phone. One rule for every page rather than a list of
private ones, so a new page cannot be forgotten. Static files are answered by WhiteNoise before
this middleware and keep their own long caching; an anonymous visitor's pages show nobody's
data. (The service worker's own Cache API is not an HTTP cache and ignores this header.)

An answer under /api/ depends on who asks even without credentials (a 401), so every one also
says `Vary: Authorization, Cookie`. The credentials are seen, not checked: a database that does
not answer still gets its 503.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.cache import patch_cache_control, patch_vary_headers

from club.errors import API_PREFIX


class PrivateAnswers:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path.startswith(API_PREFIX):
            patch_vary_headers(response, ("Authorization", "Cookie"))
        if "Authorization" in request.headers or settings.SESSION_COOKIE_NAME in request.COOKIES:
            patch_cache_control(response, private=True, no_store=True)
        return response
