"""Has scoring stopped? The organiser's dashboard says so when reports wait and no worker is live."""

from django.conf import settings
from django.db.models import Min

from core.workers import paused_since

from ..models import Report


def scoring_paused_since(event):
    """When scoring stopped for this event's waiting reports, or None: nothing waits, a worker is
    live, or reports are scored in-process (no Redis)."""
    if not settings.REDIS_URL:
        return None
    waiting = Report.objects.filter(match__round__event=event, status=Report.Status.RECEIVED)
    return paused_since(waiting.aggregate(since=Min("created_at"))["since"])
