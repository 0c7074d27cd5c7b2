"""/healthz: database and broker state, for load balancers and monitoring.

A web process without its database cannot serve (503). Without Redis it still serves pages and
takes reports (the sweeper sends the work once Redis is back), so the site is "degraded" (200).
"""

import logging

import redis
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import JsonResponse

logger = logging.getLogger(__name__)
TIMEOUT_SECONDS = 1


def _database_state():
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        logger.warning("healthz: the database does not answer", exc_info=True)
        return "down"
    return "ok"


def _broker_state():
    if not settings.REDIS_URL:
        return "in-process"
    try:
        redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=TIMEOUT_SECONDS, socket_timeout=TIMEOUT_SECONDS
        ).ping()
    except redis.RedisError:
        logger.warning("healthz: the broker does not answer", exc_info=True)
        return "down"
    return "ok"


def healthz(request):
    state = {"database": _database_state(), "broker": _broker_state()}
    if state["database"] != "ok":
        return JsonResponse({"status": "error", **state}, status=503)
    return JsonResponse({"status": "degraded" if state["broker"] == "down" else "ok", **state})
