from django.contrib import admin
from django.urls import include, path

from club.health import healthz
from club.web import language

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # Django's set_language, which also keeps a signed-in user's choice.
    path("i18n/setlang/", language.set_language, name="set_language"),
    path("api/", include("club.api.urls")),
    path("", include("club.reports.urls")),
    path("", include("club.web.urls")),
]

# Error answers: JSON under /api/, Django's pages elsewhere (club/errors.py).
handler400 = "club.errors.handler400"
handler403 = "club.errors.handler403"
handler404 = "club.errors.handler404"
handler500 = "club.errors.handler500"
