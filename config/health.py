"""/healthz: database and broker state, for load balancers and monitoring."""

from django.conf import settings
from django.db import connection
from django.http import JsonResponse


def _database_state():
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception as error:  # noqa: BLE001 - any failure means "down"
        return f"error: {error.__class__.__name__}"


def _broker_state():
    if not settings.REDIS_URL:
        return "in-process"
    import redis

    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2).ping()
        return "ok"
    except redis.RedisError as error:
        return f"error: {error.__class__.__name__}"


def healthz(request):
    state = {"database": _database_state(), "broker": _broker_state()}
    healthy = state["database"] == "ok" and state["broker"] in {"ok", "in-process"}
    return JsonResponse({"status": "ok" if healthy else "error", **state}, status=200 if healthy else 503)
