"""What keeps the public pages fresh: an event's page counters (tournaments/page_cache.py)."""

from django.db import models

from .events import Event


class PageCounters(models.Model):
    """Bumped by the log's one writer (services.common.mark_stale) and nowhere else: `results_version`
    on every result change (the standings' cache key), `pages_version` on anything a public page shows."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, primary_key=True, related_name="counters")
    results_version = models.PositiveIntegerField(default=0)
    pages_version = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"page counters of {self.event_id}"
