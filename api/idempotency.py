"""Idempotency-Key for API writes and the phone's report form: a repeated request gets the first
response again; a repeat while the first is still running gets 409. A request that fails releases
its key, so a retry runs."""

import functools
import time
from contextlib import nullcontext

from django.db import IntegrityError, transaction
from django.http import HttpResponseRedirect, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.bulk import insert_instance, update_rows
from core.db_blips import BLIPS, close_broken_connection
from core.errors import DomainError, define_messages

from .errors import error_response
from .models import IdempotentRequest

MAX_KEY = 100
REDIRECTS = (302, 303)
IN_FLIGHT_SECONDS = 35  # longer than any request (gunicorn's timeout is 30 s)
WRITE_ATTEMPTS = 3

define_messages(
    {
        "api.idempotency_key_too_long": _("The Idempotency-Key is longer than 100 characters."),
        "api.idempotency_in_progress": _("The first request with this Idempotency-Key is still being processed."),
    }
)


def idempotent(view):
    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        key = request.headers.get("Idempotency-Key", "").strip()
        if not key or not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if len(key) > MAX_KEY:
            return error_response(DomainError("api.idempotency_key_too_long", "Idempotency-Key"))
        record, replay = _claim(request.user, key, request.path)
        if replay is not None:
            return replay
        try:
            response = view(request, *args, **kwargs)
        except BaseException:
            _release(record)
            raise
        _finish(record, response)
        return response

    return wrapper


def _claim(user, key, path):
    try:
        with _savepoint_in_a_transaction():
            return insert_instance(IdempotentRequest(user=user, key=key, path=path)), None
    except IntegrityError:
        first = IdempotentRequest.objects.get(user=user, key=key, path=path)
        if first.status is None and _taken_over(first):
            return first, None
        if first.status is None:
            return first, error_response(DomainError("api.idempotency_in_progress", "Idempotency-Key", status=409))
        if first.status in REDIRECTS:  # a page's form: back to where the first answer sent the browser
            return first, HttpResponseRedirect(first.body["location"])
        return first, JsonResponse(first.body, status=first.status, safe=False)


def _savepoint_in_a_transaction():
    """Inside a transaction a refused insert must roll back to a savepoint; outside one (a request,
    autocommit) it is a statement of its own, and BEGIN and COMMIT around it would cost two more
    round trips on every API write."""
    return transaction.atomic() if transaction.get_connection().in_atomic_block else nullcontext()


def _taken_over(record):
    """A key still in progress long after any request ends was left by a request that died (its
    process, or its database connection while it released the key): this request runs instead."""
    now = timezone.now()
    if record.created_at > now - timezone.timedelta(seconds=IN_FLIGHT_SECONDS):
        return False
    rows = IdempotentRequest.objects.filter(pk=record.pk, status=None, created_at=record.created_at)
    return rows.update(created_at=now) == 1


def _finish(record, response):
    """Keep a successful answer for replay (the API's data, or where a page's form redirects);
    nothing else is worth replaying. The claim and the answer are plain statements
    (core/bulk.py): the ORM's save and update cost every API write more CPU than the database did."""
    if response.status_code in REDIRECTS:
        body = {"location": response["Location"]}
    elif response.status_code < 400 and hasattr(response, "data"):
        body = response.data
    else:
        _release(record)
        return
    record.status, record.body = response.status_code, body
    _despite_a_dropped_connection(lambda: update_rows([record], ["status", "body"]))


def _release(record):
    _despite_a_dropped_connection(IdempotentRequest.objects.filter(pk=record.pk).delete)


def _despite_a_dropped_connection(write):
    """If the connection dropped during the request, write on a new one: a key is never left in
    progress for ever (each retry would get 409)."""
    for attempt in range(WRITE_ATTEMPTS):
        try:
            return write()
        except BLIPS:
            if attempt + 1 == WRITE_ATTEMPTS:
                raise
            close_broken_connection()
            time.sleep(0.1 * (attempt + 1))
