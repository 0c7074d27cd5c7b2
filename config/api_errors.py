"""Every API error is JSON with a human-readable message."""

import logging

from django.http import JsonResponse
from django.utils.translation import gettext as _
from rest_framework.views import exception_handler

logger = logging.getLogger(__name__)


class JsonError(Exception):
    """An API error with a structured body (for example per-line statuses), kept as is."""

    def __init__(self, body, status=400):
        super().__init__(body.get("message", ""))
        self.body, self.status = body, status


def json_exception_handler(exc, context):
    if isinstance(exc, JsonError):
        return JsonResponse(exc.body, status=exc.status)
    if isinstance(exc, ValueError) and callable(getattr(exc, "as_json", None)):
        return JsonResponse(exc.as_json(), status=getattr(exc, "status", 400))
    if _is_service_error(exc):
        body = {"message": exc.message, "errors": {exc.field: [exc.message]}}
        return JsonResponse(body, status=getattr(exc, "status", 400))
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


def api_not_found(request, exception=None):
    return JsonResponse({"message": _("Not found.")}, status=404)


def api_server_error(request):
    return JsonResponse({"message": _("Internal server error.")}, status=500)


def _is_service_error(exc):
    """Services raise ValueErrors carrying a user-facing `message` and the `field` at fault."""
    return isinstance(exc, ValueError) and isinstance(getattr(exc, "message", None), str) and hasattr(exc, "field")
