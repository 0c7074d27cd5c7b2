"""An event's export columns; and the log's words for its start and its decklist publication."""

from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import AuditAction, EventSettings
from .audit import describes

# Exports carry the event's date and venue (docs/events.md): CSV files as their last two columns,
# JSON as an "event" object. Times are the site's local time, written the same in every language.
EXPORT_COLUMNS = ["starts_at", "venue"]


def event_export(event):
    """{"name", "starts_at" (ISO 8601 with offset, or None), "venue"} for JSON and the API."""
    starts = timezone.localtime(event.starts_at).isoformat() if event.starts_at else None
    return {"name": event.name, "starts_at": starts, "venue": event.venue}


def export_cells(event):
    """The event's last cells of a CSV row: start as YYYY-MM-DD HH:MM (local time) or empty, venue."""
    starts = timezone.localtime(event.starts_at).strftime("%Y-%m-%d %H:%M") if event.starts_at else ""
    return [starts, event.venue]


@describes(AuditAction.EVENT_PUBLICATION)
def _publication(entry, after, before, names):
    return str(EventSettings.Publication(after["publication"]).label) if after.get("publication") else []


@describes(AuditAction.EVENT_START)
def _started(entry, after, before, names):
    if not after.get("players"):
        return []
    return _("%(players)s players, %(rounds)s Swiss rounds") % {
        "players": after["players"],
        "rounds": after.get("swiss_rounds"),
    }
