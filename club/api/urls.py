"""The REST API under /api/, and its OpenAPI schema with Swagger UI and Redoc (served from
drf-spectacular-sidecar's static files, never a CDN). The schema and its viewers are public:
they describe the API and reveal no club's data."""

from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.permissions import AllowAny
from rest_framework.routers import SimpleRouter

from . import views

router = SimpleRouter()
router.register("clubs", views.ClubViewSet, basename="api-club")
router.register("members", views.MemberViewSet, basename="api-member")
router.register("seasons", views.SeasonViewSet, basename="api-season")
router.register("tables", views.TableViewSet, basename="api-table")
router.register("payments", views.PaymentViewSet, basename="api-payment")
router.register("sittings", views.SittingViewSet, basename="api-sitting")
router.register("deals", views.DealViewSet, basename="api-deal")

# Both viewers style themselves inline (a <style> in the page; Redoc writes its own at run time)
# and show data: images; Redoc also parses the schema in a blob: worker. Their scripts stay
# same-origin files: Swagger UI's start-up script is fetched from /api/docs/?script=.
VIEWER_CSP = {"style-src": [UNSAFE_INLINE], "img-src": ["data:"], "worker-src": [SELF, "blob:"]}

urlpatterns = [
    path("", views.ApiRoot.as_view(), name="api-root"),
    path("schema/", SpectacularAPIView.as_view(permission_classes=[AllowAny]), name="api-schema"),
    path(
        "docs/",
        csp_update(VIEWER_CSP)(
            SpectacularSwaggerSplitView.as_view(url_name="api-schema", permission_classes=[AllowAny])
        ),
        name="api-docs",
    ),
    path("redoc/", csp_update(VIEWER_CSP)(views.LocalRedocView.as_view(url_name="api-schema")), name="api-redoc"),
    re_path(
        r"^members/(?P<member_id>[0-9]{1,18})/statements/(?P<month>[0-9]{4}-[0-9]{2})\.pdf$",
        views.StatementView.as_view(),
        name="api-member-statement",
    ),
    *router.urls,
]
