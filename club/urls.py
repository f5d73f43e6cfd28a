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
