"""Idempotency-Key for API writes: a repeated request gets the first response again; a repeat
while the first is still running gets 409."""

import functools

from django.db import IntegrityError, transaction
from django.http import JsonResponse
from django.utils.translation import gettext as _

MAX_KEY = 100


def idempotent(view):
    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        key = request.headers.get("Idempotency-Key", "").strip()
        if not key or not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if len(key) > MAX_KEY:
            return JsonResponse({"message": _("The Idempotency-Key is longer than 100 characters.")}, status=400)
        from tournaments.models import IdempotentRequest

        record, replay = _claim(IdempotentRequest, request.user, key, request.path)
        if replay is not None:
            return replay
        response = view(request, *args, **kwargs)
        if response.status_code >= 500 or not hasattr(response, "data"):
            IdempotentRequest.objects.filter(pk=record.pk).delete()  # nothing worth replaying
        else:
            IdempotentRequest.objects.filter(pk=record.pk).update(status=response.status_code, body=response.data)
        return response

    return wrapper


def _claim(model, user, key, path):
    try:
        with transaction.atomic():
            return model.objects.create(user=user, key=key, path=path), None
    except IntegrityError:
        first = model.objects.get(user=user, key=key, path=path)
        if first.status is None:
            return first, JsonResponse(
                {"message": _("The first request with this Idempotency-Key is still being processed.")}, status=409
            )
        return first, JsonResponse(first.body, status=first.status, safe=False)
