"""The web app manifest: what a phone needs to install Tarokbog as an app (its name, icons, the
page it opens at), linked from every page by base.html.

Served without a login and without a look-up: the browser fetches a manifest without the session's
cookie, and it says nothing but the site's name and the address the page already holds.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.templatetags.static import static
from django.urls import reverse

THEME_COLOUR = "#0b5cad"  # site.css's --accent, the icons' background
ICON_SIZES = (192, 512)


def manifest(request):
    """One manifest for every page, so the phone knows one app wherever it was installed from: it
    opens at the home page, which sends a member on to his club."""
    start = reverse("home")
    icons = [
        {
            "src": static(f"club/icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        # The same files serve both: the card on them lies inside a maskable icon's safe zone.
        for size in ICON_SIZES
        for purpose in ("any", "maskable")
    ]
    response = JsonResponse(
        {
            "id": start,
            "name": "Tarokbog",
            "short_name": "Tarokbog",
            "start_url": start,
            "scope": "/",
            "display": "standalone",
            "orientation": "portrait",
            "theme_color": THEME_COLOUR,
            "background_color": "#ffffff",
            "icons": icons,
        },
        content_type="application/manifest+json",
    )
    response["Cache-Control"] = "max-age=86400"
    return response
