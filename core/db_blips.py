"""A dropped database connection never answers 500 (issue 25). A view whose use case is one
transaction, safe to run twice, is retried once on a new connection (`retry_on_blip`); any other
request that meets one is answered 503 with a message and Retry-After (`DatabaseBlipMiddleware`,
and `config.urls.handler500` for errors raised outside a view)."""

import contextlib
import functools
import logging

from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse, JsonResponse
from django.http.request import RawPostDataException
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from .errors import DomainError, define_messages

logger = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 2
BLIPS = (OperationalError, InterfaceError)

define_messages(
    {
        "service.database_unavailable": _(
            "The site lost its connection to the database for a moment. Please try again in a few seconds."
        ),
    }
)


def is_blip(exc):
    """A database error of the connection or the server (dropped, restarted, deadlock), not of the request."""
    return isinstance(exc, BLIPS)


def close_broken_connection():
    """Drop the connection, so that the next query opens a new one."""
    try:
        connection.close()
    except Exception:  # noqa: BLE001 - it is broken already; Django forgets it all the same
        logger.debug("closing a broken connection failed", exc_info=True)


def retry_on_blip(view):
    """Run the view once more on a new connection if the database connection dropped. Only for
    views whose use case is one transaction that may run twice (a player's report replaces their
    earlier one; a confirmation too)."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        # Read the body once now, so the second run can parse it again (a form already parsed into
        # request.POST has no body to read: the second run reads request.POST again).
        with contextlib.suppress(RawPostDataException):
            request.body  # noqa: B018
        try:
            return view(request, *args, **kwargs)
        except BLIPS as exc:
            if connection.in_atomic_block:
                raise
            logger.warning("%s %s: database connection lost (%s); running it again", request.method, request.path, exc)
            close_broken_connection()
        return view(request, *args, **kwargs)

    return wrapper


def unavailable_response(request):
    """503 with the message, in the API's shape under /api/, and Retry-After."""
    error = DomainError("service.database_unavailable", status=503)
    if request.path.startswith("/api/"):
        response = JsonResponse(error.body(), status=503)
    else:
        response = HttpResponse(render_to_string("503.html", {"message": error.message}), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseBlipMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not is_blip(exception):
            return None
        logger.warning("%s %s: answered 503, database unavailable (%s)", request.method, request.path, exception)
        close_broken_connection()
        return unavailable_response(request)
