"""Idempotency-Key for API writes: a repeated request gets the first response again; a repeat
while the first is still running gets 409. A request that fails releases its key, so a retry runs."""

import functools

from django.db import IntegrityError, transaction
from django.http import JsonResponse
from django.utils.translation import gettext as _

from .models import IdempotentRequest

MAX_KEY = 100


def idempotent(view):
    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        key = request.headers.get("Idempotency-Key", "").strip()
        if not key or not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if len(key) > MAX_KEY:
            return JsonResponse({"message": _("The Idempotency-Key is longer than 100 characters.")}, status=400)
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
        with transaction.atomic():
            return IdempotentRequest.objects.create(user=user, key=key, path=path), None
    except IntegrityError:
        first = IdempotentRequest.objects.get(user=user, key=key, path=path)
        if first.status is None:
            message = _("The first request with this Idempotency-Key is still being processed.")
            return first, JsonResponse({"message": message}, status=409)
        return first, JsonResponse(first.body, status=first.status, safe=False)


def _finish(record, response):
    """Keep a successful answer for replay; nothing else is worth replaying."""
    if response.status_code >= 400 or not hasattr(response, "data"):
        _release(record)
    else:
        IdempotentRequest.objects.filter(pk=record.pk).update(status=response.status_code, body=response.data)


def _release(record):
    IdempotentRequest.objects.filter(pk=record.pk).delete()
