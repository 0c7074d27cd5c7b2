"""The metagame report's data (docs/metagame.md): published lists and confirmed results read in a
fixed number of queries, whatever the number of events and players, then handed as plain data to
the engine (engine/metagame.py). Who may read which report is decided here, with tournaments.access."""

from django.http import Http404
from django.utils.translation import gettext as _

import games
from catalogue.models import Tribe
from decks.models import DeckVersionCard
from games.archetypes import DeckInput

from .. import page_cache
from ..access import can, event_for_viewer, published_entrants
from ..engine.match_result import MatchResult
from ..engine.metagame import MetagameDeck, PlayedMatch, metagame
from ..models import Entrant, Event, EventSettings, Match, Round, Seat


def has_report(event):
    """Games without decks (Dust: Reclamation) have no metagame."""
    return games.of(event.game).archetype is not None


def report_scope(user, event):
    """Which lists the user's report covers: "all" for the organiser and judges (before publication
    too), "published" for anyone else once the event publishes lists; None: no report (404)."""
    if not has_report(event):
        return None
    if can(user, event, "see_decklists"):
        return "all"
    return "published" if published_entrants().filter(event=event).exists() else None


def report_linked(user, event):
    """Whether pages link to the report: read from the event's own fields (lists may be published),
    the exact rule being report_scope's when the report is opened."""
    if not has_report(event):
        return False
    publication = event.settings.publication
    published = (publication == EventSettings.Publication.ALL and event.is_finished) or (
        publication == EventSettings.Publication.TOP_CUT
        and event.status in (Event.Status.TOP_CUT, Event.Status.FINISHED)
    )
    return published or can(user, event, "see_decklists")


def event_for_report(user, event_id):
    """(event, scope) when `user` may read the event's metagame, else 404 (as for a private event)."""
    event = event_for_viewer(user, event_id)
    scope = report_scope(user, event)
    if scope is None:
        raise Http404(_("This event has no metagame report yet: its decklists are not published."))
    return event, scope


def event_report(event, scope):
    """The event's report in the active language (labels are words), cached per page version."""
    return page_cache.cached(event, "metagame", (scope,), lambda: build_report([event], scope))


def event_payload(event, scope):
    """The event's report as the JSON export and the public API give it."""
    return {"event": {"id": event.pk, "name": event.name, "starts_at": event.starts_at}, **event_report(event, scope)}


def season_events(organiser, format_slug, date_from=None, date_to=None):
    """An organiser's finished public events of one format whose lists are all published, by date."""
    events = Event.objects.filter(
        organiser=organiser,
        format_slug=format_slug,
        is_public=True,
        status=Event.Status.FINISHED,
        settings__publication=EventSettings.Publication.ALL,
    )
    if date_from:
        events = events.filter(starts_at__date__gte=date_from)
    if date_to:
        events = events.filter(starts_at__date__lte=date_to)
    return events.select_related("game").order_by("starts_at", "pk")


def build_report(events, scope="published"):
    """The engine's report over `events` (all of one game), in a fixed number of queries, with
    "lists": each listed deck's player, event and archetype."""
    events = list(events)
    if not events:
        return {**metagame([], []), "lists": []}
    entrants = Entrant.objects.filter(event__in=events, deck__isnull=False)
    if scope != "all":
        entrants = entrants.filter(pk__in=published_entrants().values("pk"))
    listed = list(
        entrants.order_by("event_id", "name", "pk").values_list(
            "pk", "event_id", "name", "deck_id", "deck__declarations"
        )
    )
    seats = _seats([event.pk for event in events])
    top_cut_seats = [seat for seat in seats if seat[2] == Round.Stage.TOP_CUT]
    reached_top_cut = {seat[6] for seat in top_cut_seats}
    with_top_cut = {seat[1] for seat in top_cut_seats}
    archetypes = _archetypes(games.of(events[0].game), events[0].game_id, listed)
    lists = [
        {
            "entrant": entrant, "event": event_id, "name": name, "archetype": archetypes[version].key,
            "label": archetypes[version].label, "top_cut": (entrant in reached_top_cut) if event_id in with_top_cut else None,
        }
        for entrant, event_id, name, version, _declarations in listed
    ]  # fmt: skip
    decks = [MetagameDeck(row["entrant"], row["archetype"], row["label"], row["top_cut"]) for row in lists]
    return {**metagame(decks, _played(seats)), "lists": lists}


def _archetypes(definition, game_id, listed):
    """{deck version id: Archetype} by the game's rule, the cards of every list read in one query."""
    cards = {}
    rows = DeckVersionCard.objects.filter(version_id__in={row[3] for row in listed}).values_list(
        "version_id", "qty", "card__name", "card__type", "card__tribe__name", "card__rank", "card__attributes"
    )
    for version, qty, name, card_type, tribe, rank, attributes in rows:
        cards.setdefault(version, []).append(
            {"name": name, "qty": qty, "type": card_type, "tribe": tribe, "rank": rank, "attributes": attributes}
        )
    tribes = _wheel(game_id)
    return {
        version: definition.archetype(DeckInput(cards.get(version, []), declarations or {}, tribes))
        for *_entrant, version, declarations in listed
    }


def _wheel(game_id):
    """Tribe names in wheel order (each beats the next), in one query."""
    found = Tribe.objects.filter(game_id=game_id).values_list("pk", "name", "beats_id", "position")
    rows = {pk: (name, beats) for pk, name, beats, _position in found}
    if not rows:
        return []
    ordered, current = [], min(found, key=lambda row: (row[3], row[0]))[0]
    while current in rows and rows[current][0] not in ordered:
        ordered.append(rows[current][0])
        current = rows[current][1]
    return ordered + sorted(name for name, _beats in rows.values() if name not in ordered)


def _seats(event_ids):
    """Every seat of the events' matches (Swiss and top cut), in one query, grouped by match order."""
    return list(
        Seat.objects.filter(match__round__event_id__in=event_ids)
        .values_list(
            "match_id", "match__round__event_id", "match__round__stage", "match__is_bye", "match__status",
            "match__draws", "entrant_id", "game_wins", "placement",
        )
        .order_by("match_id", "pk")
    )  # fmt: skip


def _played(seats):
    """A PlayedMatch per confirmed match that is not a bye, from the seat rows."""
    grouped = {}
    for seat in seats:
        grouped.setdefault(seat[0], []).append(seat)
    played = []
    for rows in grouped.values():
        is_bye, status, draws = rows[0][3:6]
        if is_bye or status != Match.Status.CONFIRMED or len(rows) < 2:
            continue
        sides = tuple(row[6] for row in rows)
        if any(row[8] for row in rows):
            result = MatchResult(sides, placements={row[6]: row[8] for row in rows})
        else:
            result = MatchResult(sides, wins={row[6]: row[7] for row in rows}, draws=draws)
        played.append(PlayedMatch({side: result.outcome_of(side) for side in sides}))
    return played
