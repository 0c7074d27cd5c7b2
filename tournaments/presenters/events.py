"""An event's export columns; and the log's words for its start, cancellation, reopening and decklist
publication."""

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core.errors import local_number

from ..models import AuditAction, Event, EventSettings
from .audit import describes

# Exports carry the event's name, date and venue (docs/events.md): CSV files as their last three
# columns, in the reader's language; JSON as an "event" object with an ISO 8601 time.


def export_columns():
    """The last columns of every event export, in the reader's language."""
    return [pgettext("tournament", "Event"), _("Starts"), _("Venue")]


def event_export(event):
    """{"name", "starts_at" (ISO 8601 with offset, or None), "venue"} for JSON and the API."""
    starts = timezone.localtime(event.starts_at).isoformat() if event.starts_at else None
    return {"name": event.name, "starts_at": starts, "venue": event.venue}


def export_cells(event):
    """The event's last cells of a CSV row (core.exports writes the start the reader's way)."""
    return [event.name, event.starts_at, event.venue]


def game_options_shown(event):
    """[(label, value in words)] of the game's options as this event chose them (its default where
    the event chose none), for the event page."""
    chosen = event.settings.game_options or {}
    return [
        (option.label, option.shown_value(chosen.get(option.key, option.default)))
        for option in event.game.definition.options
    ]


@describes(AuditAction.EVENT_PUBLICATION)
def _publication(entry, after, before, names):
    return str(EventSettings.Publication(after["publication"]).label) if after.get("publication") else []


@describes(AuditAction.EVENT_START)
def _started(entry, after, before, names):
    if not after.get("players"):
        return []
    return players_and_rounds(after["players"], after.get("swiss_rounds") or 0)


@describes(AuditAction.EVENT_CANCEL)
def _cancelled(entry, after, before, names):
    return after.get("reason") or []


@describes(AuditAction.EVENT_REOPEN)
def _reopened(entry, after, before, names):
    status = after.get("status")
    return _("back to “%(status)s”") % {"status": Event.Status(status).label} if status in Event.Status.values else []


@describes(AuditAction.EVENT_IMPORT)
def _imported(entry, after, before, names):
    return players_and_rounds(after.get("players") or 0, after.get("rounds") or 0)


def players_and_rounds(players, rounds):
    """ "12 players, 4 Swiss rounds", each count in its own plural form."""
    return _("%(players)s, %(rounds)s") % {
        "players": ngettext("%(count)s player", "%(count)s players", players) % {"count": local_number(players)},
        "rounds": ngettext("%(count)s Swiss round", "%(count)s Swiss rounds", rounds) % {"count": rounds},
    }
