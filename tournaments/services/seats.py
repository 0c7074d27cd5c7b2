"""Deck-building seats at a sealed event: a random seat for each player, drawn from a logged seed so
the draw can be replayed, separate from round 1's pairings (docs/prerelease.md)."""

import random
import secrets

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..models import AuditAction, Entrant
from .common import locked, log, organiser_only

define_messages(
    {
        "seats.not_sealed": _("Deck-building seats are for sealed events."),
        "seats.started": _("Round 1 is paired: deck-building seats can no longer be drawn."),
        "seats.drawn": _("Seats are already drawn: confirm to draw them again (every seat changes)."),
        "seats.no_players": _("There is nobody to seat yet."),
        "seats.seed": _("The seed is a whole number."),
    }
)


def seat_order(entrant_ids, seed):
    """Seat 1, 2, 3… for the entrants (ids) in a random order that `seed` fixes: plain Python."""
    shuffled = sorted(entrant_ids)
    random.Random(seed).shuffle(shuffled)  # noqa: S311 - a fair, replayable draw, not a secret
    return {entrant_id: seat for seat, entrant_id in enumerate(shuffled, start=1)}


def seats_drawn(event):
    return event.entrants.filter(build_seat__isnull=False).exists()


@transaction.atomic
def assign_build_seats(event, actor, seed=None, redraw=False):
    """Draw every present player's seat (organiser). Drawing again is a choice (`redraw`) and only
    before round 1; the seed goes into the log so the same draw can be shown again."""
    event = locked(event)
    organiser_only(event, actor)
    if not event.sealed:
        raise DomainError("seats.not_sealed")
    if event.rounds.exists():
        raise DomainError("seats.started", status=409)
    if seats_drawn(event) and not redraw:
        raise DomainError("seats.drawn", "redraw", status=409)
    if seed is None or seed == "":
        seed = secrets.randbelow(2**31)
    try:
        seed = int(seed)
    except (TypeError, ValueError):
        raise DomainError("seats.seed", "seed") from None
    present = list(event.entrants.filter(dropped_after__isnull=True).values_list("pk", flat=True))
    if not present:
        raise DomainError("seats.no_players")
    seats = seat_order(present, seed)
    entrants = list(event.entrants.all())
    for entrant in entrants:
        entrant.build_seat = seats.get(entrant.pk)
    Entrant.objects.bulk_update(entrants, ["build_seat"])
    log(event, actor, AuditAction.BUILD_SEATS, after={"seed": seed, "players": len(seats), "redraw": redraw})
    return seats, seed


def seat_late_entrant(event, entrant):
    """Registered after the draw: the lowest seat nobody holds (a removed player's, or the next one).
    Called inside the registering service's transaction, with the event locked."""
    if not event.sealed or event.rounds.exists():
        return
    taken = set(event.entrants.exclude(build_seat__isnull=True).values_list("build_seat", flat=True))
    if not taken:
        return  # no draw yet: the draw seats everyone
    seat = next(number for number in range(1, len(taken) + 2) if number not in taken)
    Entrant.objects.filter(pk=entrant.pk).update(build_seat=seat)
    entrant.build_seat = seat


def seat_sheet(event):
    """Rows for the seats page and projector: every seated player by name, with the seat."""
    rows = event.entrants.filter(build_seat__isnull=False, dropped_after__isnull=True).order_by("name", "pk")
    return [{"name": name, "seat": seat} for name, seat in rows.values_list("name", "build_seat")]
