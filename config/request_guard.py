"""What no view should ever see, refused before any runs: a Host the site does not serve, NUL
characters in the URL, the query or a form body (PostgreSQL cannot store them), and ids in the URL
beyond what the database holds (SQLite cannot even look them up). Each is a 400 (404 for an id) with
a message, a page or the API's JSON, instead of a 500.

/healthz is answered here for the load balancer's and the machine's own probes, which reach a
process by its address rather than by the site's name (`HEALTH_PROBE_HOSTS`, the loopback by default).
"""

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import Http404
from django.http.request import split_domain_port, validate_host
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages
from core.numbers import ID_MAX, ID_MIN

from . import health

define_messages(
    {
        "request.bad_host": _("This site is not served under the name this request asked for."),
        "request.nul": _("The address or the form contains a NUL character, which is not text. Nothing was saved."),
    }
)

HEALTH_PATH = "/healthz"
FORM_TYPE = "application/x-www-form-urlencoded"


class RequestGuardMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info == HEALTH_PATH and _is_probe(request):
            return health.healthz(request)
        try:
            request.get_host()
        except DisallowedHost:
            return _refused(request, DomainError("request.bad_host"))
        if _has_nul(request):
            return _refused(request, DomainError("request.nul"))
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        """An id in the URL that no row can have is not found, on every database (the API's routers
        pass ids as digits, the pages' converters as integers)."""
        if any(_beyond_ids(value) for value in (*view_args, *view_kwargs.values())):
            raise Http404
        return None


def _beyond_ids(value):
    if isinstance(value, str) and value.isascii() and value.isdigit():
        digits = value.lstrip("0")
        return len(digits) > len(str(ID_MAX)) or int(digits or 0) > ID_MAX
    return isinstance(value, int) and not ID_MIN <= value <= ID_MAX


def _is_probe(request):
    domain, _port = split_domain_port(request.META.get("HTTP_HOST", ""))
    return bool(domain) and validate_host(domain, settings.HEALTH_PROBE_HOSTS)


def _has_nul(request):
    if "\x00" in request.path or _nul_in(request.GET):
        return True
    # Multipart forms are left to the form fields, which refuse NUL (reading them here would spend the
    # upload before a view could choose its upload handlers).
    content_type = request.META.get("CONTENT_TYPE", "")
    return request.method == "POST" and content_type.startswith(FORM_TYPE) and _nul_in(request.POST)


def _nul_in(query):
    return any("\x00" in key or any("\x00" in value for value in values) for key, values in query.lists())


def _refused(request, error):
    from .urls import handler400  # the URLconf imports every app; loaded on the first request anyway

    # LocaleMiddleware has not run yet: the page's prefix, the cookie or Accept-Language decide.
    with translation.override(translation.get_language_from_request(request, check_path=True)):
        return handler400(request, error)
