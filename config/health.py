"""/healthz: database and broker state, for load balancers and monitoring.

A web process without its database cannot serve (503). Without Redis it still serves pages and
takes reports (the sweeper sends the work once Redis is back), so the site is "degraded" (200); so it
is when no worker was seen for WORKER_STALE_SECONDS (core/workers.py): reports wait unscored.
"""

import logging

import redis
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.utils import timezone

from core.workers import last_heartbeat, worker_live

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


def _worker_state(broker):
    """{"worker": ...} and, when no worker is live, the reason."""
    if broker == "in-process":
        return {"worker": "in-process"}
    if broker == "down":
        return {"worker": "unknown"}
    seen = last_heartbeat()
    if worker_live(seen):
        return {"worker": "ok"}
    if seen is None:
        return {"worker": "down", "reason": "no worker seen"}
    seconds = int((timezone.now() - seen).total_seconds())
    return {"worker": "down", "reason": f"no worker seen for {seconds} s", "worker_seen": seen.isoformat()}


def healthz(request):
    state = {"database": _database_state(), "broker": _broker_state()}
    if state["database"] != "ok":
        return JsonResponse({"status": "error", **state}, status=503)
    state.update(_worker_state(state["broker"]))
    degraded = state["broker"] == "down" or state["worker"] == "down"
    return JsonResponse({"status": "degraded" if degraded else "ok", **state})
