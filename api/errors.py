"""Every API error is JSON with a human-readable message in the request's language."""

import logging

from django.http import JsonResponse
from django.utils.translation import gettext as _
from rest_framework.views import exception_handler

from core.errors import DomainError
from core.request_limits import limit_error

logger = logging.getLogger(__name__)


def json_exception_handler(exc, context):
    exc = limit_error(exc) or exc
    if isinstance(exc, DomainError):
        return JsonResponse(exc.body(), status=exc.status)
    response = exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled API error", exc_info=exc)
        return JsonResponse({"message": _("Internal server error.")}, status=500)
    response.data = _with_message(response.data)
    return response


def _with_message(data):
    if isinstance(data, dict) and "detail" in data and len(data) == 1:
        return {"message": str(data["detail"])}
    if isinstance(data, dict):
        return {"message": _("The request is invalid."), "errors": data}
    if isinstance(data, list):
        return {"message": " ".join(str(item) for item in data), "errors": data}
    return {"message": str(data)}


def api_bad_request(request, error=None):
    """A request Django refused before any view ran; `error` says which limit it broke."""
    if error is not None:
        return JsonResponse(error.body(), status=error.status)
    return JsonResponse({"message": _("The request is invalid.")}, status=400)


def api_not_found(request, exception=None):
    return JsonResponse({"message": _("Not found.")}, status=404)


def api_server_error(request):
    return JsonResponse({"message": _("Internal server error.")}, status=500)
