import sys

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.core.exceptions import DisallowedHost
from django.shortcuts import render
from django.urls import include, path
from django.utils.csp import CSP
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csp import csp_override
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.views import admin_login, switch_language
from api import errors as api_errors
from api.auth_token import ObtainToken
from catalogue.views import home
from core.db_blips import is_blip, unavailable_response
from core.errors import DomainError
from core.request_limits import limit_error

from . import request_guard, scripts  # noqa: F401 - request_guard declares the messages handler400 shows
from .health import healthz

API_DOCS_CSP = {**settings.SECURE_CSP, "style-src": [CSP.SELF, CSP.UNSAFE_INLINE]}

api_v1 = [
    path("", include("catalogue.api.urls")),
    path("", include("decks.api.urls")),
    path("", include("tournaments.api.urls")),
    path("", include("accounts.api.urls")),
    path("auth/token/", ObtainToken.as_view(), name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its script as a file; Swagger UI itself sets inline styles, which only
    # this page allows.
    path(
        "docs/", csp_override(API_DOCS_CSP)(SpectacularSwaggerSplitView.as_view(url_name="api-schema")), name="api-docs"
    ),
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("healthz", healthz, name="healthz"),
    path("sw.js", scripts.service_worker, name="service-worker"),
    path("language/", switch_language, name="switch-language"),
]
urlpatterns += i18n_patterns(
    path("", home, name="home"),
    path("jsi18n/", scripts.javascript_catalogue, name="javascript-catalogue"),
    path("accounts/", include("accounts.urls")),
    path("catalogue/", include("catalogue.urls")),
    path("", include("decks.urls")),
    path("events/", include("tournaments.urls")),
    path("rules/", include("rules.urls")),
    path("admin/login/", admin_login),  # the admin's own login, under the login limits
    path("admin/", admin.site.urls),
)


def _is_api(request):
    return request.path.startswith("/api/")


def handler400(request, exception=None):
    """A bad request; a body over the site's limits gets a message saying which limit (413), and a
    request refused as it arrived (config.request_guard, a bad Host) says why."""
    error = exception if isinstance(exception, DomainError) else limit_error(exception)
    if isinstance(exception, DisallowedHost):
        error = DomainError("request.bad_host")
    if _is_api(request):
        return api_errors.api_bad_request(request, error)
    status = error.status if error else 400
    return render(request, "400.html", {"error": error, "back": _back(request)}, status=status)


def _back(request):
    """The form the request came from, when it is on this site (never under a Host we do not serve)."""
    try:
        host = request.get_host()
    except DisallowedHost:
        return ""
    referer = request.headers.get("Referer", "")
    return referer if url_has_allowed_host_and_scheme(referer, {host}, request.is_secure()) else ""


def handler404(request, exception=None):
    if _is_api(request):
        return api_errors.api_not_found(request, exception)
    return render(request, "404.html", status=404)


def handler500(request):
    if is_blip(sys.exception()):  # raised outside a view (a session saved as the answer leaves)
        return unavailable_response(request)
    if _is_api(request):
        return api_errors.api_server_error(request)
    return render(request, "500.html", status=500)
