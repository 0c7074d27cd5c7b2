"""Scripts served by views rather than as static files.

/sw.js, the phone's service worker (static/js/sw.js), is served from the site's root so that its
scope covers the player's page in every language (/en/events/<pk>/me/, /fr/…): a worker served
from /static/js/ could only control /static/js/. /<lang>/jsi18n/ is Django's JavaScript
catalogue (locale/*/LC_MESSAGES/djangojs.po). Both are revalidated on every use (no-cache with an
ETag): a deploy reaches phones at their next visit, and an unchanged script costs a 304."""

from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.views.decorators.http import require_GET
from django.views.i18n import JavaScriptCatalog

from tournaments.page_cache import content_tagged


@cache
def _service_worker_source():
    with open(finders.find("js/sw.js"), "rb") as source:
        return source.read()


@require_GET
def service_worker(request):
    response = HttpResponse(_service_worker_source(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return content_tagged(request, response)


_catalogue = JavaScriptCatalog.as_view()


@require_GET
def javascript_catalogue(request):
    return content_tagged(request, _catalogue(request))
