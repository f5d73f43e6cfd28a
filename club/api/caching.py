"""What a cache between the API and its client may keep: nothing that belongs to a requester.

An answer under /api/ depends on who asks (the token in `Authorization`, or the session cookie),
so every one says `Vary: Authorization, Cookie`; an answer to a request with credentials (a
token, or a session cookie: a balance, a statement) is also `Cache-Control: private, no-store`,
so that no shared cache serves one member's figures to another and no browser keeps them on
disk. The credentials are seen, not checked: a database that does not answer still gets its 503.
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
