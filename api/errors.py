"""Every API error is JSON with a human-readable message in the request's language.

DRF's own messages for a few framework errors are English or half translated ("JSON parse error -
Expecting value…", "No Card matches the given query.", Italian throttling), so those are answered
with our own coded messages, like every DomainError.
"""

import logging
import math

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy
from rest_framework import exceptions
from rest_framework.views import exception_handler

from core.db_blips import is_blip
from core.errors import DomainError, define_messages
from core.request_limits import limit_error

logger = logging.getLogger(__name__)

define_messages(
    {
        "api.not_found": gettext_lazy("Not found."),
        "api.invalid_json": gettext_lazy("The request body is not valid JSON."),
        "api.unreadable_body": gettext_lazy("The request body could not be read."),
        "api.throttled": ngettext_lazy(
            "Too many requests: try again in %(wait)s second.",
            "Too many requests: try again in %(wait)s seconds.",
            "wait",
        ),
        "api.method_not_allowed": gettext_lazy("The method %(method)s is not allowed here."),
        "api.unsupported_media_type": gettext_lazy("Unsupported media type “%(media_type)s”: send JSON."),
        "api.invalid_request": gettext_lazy("The request is invalid."),
        "api.server_error": gettext_lazy("Internal server error."),
    }
)


def json_exception_handler(exc, context):
    if is_blip(exc):
        return None  # DRF raises it again: retried or answered 503 by core.db_blips
    exc = limit_error(exc) or exc
    if isinstance(exc, DomainError):
        return error_response(exc)
    coded = _coded(exc, context)
    if coded is not None:
        response = error_response(coded)
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            response["Retry-After"] = str(math.ceil(exc.wait))
        return response
    response = exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled API error", exc_info=exc)
        return api_server_error(context.get("request"))
    response.data = _shaped(exc, _with_message(response.data))
    return response


def _shaped(exc, data):
    """The framework's own errors (a serializer's field errors, a missing login) in the one shape
    every API error has: `{"message", "code", "errors"}`, errors per field."""
    if not isinstance(data, dict) or "code" in data or "message" not in data:
        return data
    errors = data.get("errors")
    if not isinstance(errors, dict):
        errors = {"non_field_errors": errors if isinstance(errors, list) else [data["message"]]}
    code = "api.invalid" if isinstance(exc, exceptions.ValidationError) else f"api.{_code(exc)}"
    return {"message": data["message"], "code": code, "errors": errors}


def _code(exc):
    return getattr(exc, "default_code", None) or "error"


def _coded(exc, context):
    """Our own DomainError for framework errors whose messages DRF leaves untranslated."""
    request = context.get("request")
    if isinstance(exc, (Http404, exceptions.NotFound)):
        return DomainError("api.not_found", status=404)
    if isinstance(exc, exceptions.ParseError):
        code = "api.invalid_json" if "JSON" in str(exc.detail) else "api.unreadable_body"
        return DomainError(code, status=400)
    if isinstance(exc, exceptions.Throttled):
        return DomainError("api.throttled", status=429, wait=math.ceil(exc.wait or 1))
    if isinstance(exc, exceptions.MethodNotAllowed):
        return DomainError("api.method_not_allowed", status=405, method=getattr(request, "method", "?"))
    if isinstance(exc, exceptions.UnsupportedMediaType):
        media_type = getattr(request, "content_type", "") or "?"
        return DomainError("api.unsupported_media_type", status=415, media_type=media_type[:80])
    return None


def error_response(error):
    """A DomainError as the API answers it: its JSON body, with its status (and, for a limit that
    says when to try again, Retry-After)."""
    response = JsonResponse(error.body(), status=error.status)
    if error.status == 429 and "seconds" in error.params:
        response["Retry-After"] = str(error.params["seconds"])
    return response


def _with_message(data):
    if isinstance(data, dict) and "detail" in data and len(data) == 1:
        return {"message": str(data["detail"])}
    if isinstance(data, dict):
        return {"message": _("The request is invalid."), "errors": data}
    if isinstance(data, list):
        return {"message": " ".join(str(item) for item in data), "errors": data}
    return {"message": str(data)}


def api_too_large():
    """A body over the limit, refused before it is read (see ApiBodyLimitMiddleware)."""
    return error_response(limit_error(RequestDataTooBig()))


def api_bad_request(request, error=None):
    """A request Django refused before any view ran; `error` says which limit it broke."""
    return error_response(error or DomainError("api.invalid_request"))


def api_not_found(request, exception=None):
    return error_response(DomainError("api.not_found", status=404))


def api_server_error(request):
    return error_response(DomainError("api.server_error", status=500))
