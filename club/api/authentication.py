"""How the API knows its requester: DRF's token authentication, read once a request.

The club scope (`club.scoping.api_clubs`) authenticates an API request before any view, with the
view's own authenticators; the view then asks them again. `KeptTokenAuthentication` keeps what
the first asking found on the request, so a token costs one query, not two.
"""

from __future__ import annotations

from rest_framework.authentication import TokenAuthentication

# Where the first answer waits, on Django's request (each DRF `Request` wraps the same one).
KEPT = "_tarokbog_token_authenticated"


class KeptTokenAuthentication(TokenAuthentication):
    """`TokenAuthentication`, answering a request's second asking from its first. A refused token
    is not kept: it is refused again, with the same error."""

    def authenticate(self, request):
        django_request = request._request
        if hasattr(django_request, KEPT):
            return getattr(django_request, KEPT)
        found = super().authenticate(request)
        setattr(django_request, KEPT, found)
        return found
