from django.contrib import admin
from django.urls import include, path

from club.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("club.api.urls")),
    path("", include("club.reports.urls")),
    path("", include("club.web.urls")),
]

# Error answers: JSON under /api/, Django's pages elsewhere (club/errors.py).
handler400 = "club.errors.handler400"
handler403 = "club.errors.handler403"
handler404 = "club.errors.handler404"
handler500 = "club.errors.handler500"
