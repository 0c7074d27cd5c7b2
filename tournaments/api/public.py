"""The public read API, `/api/v1/public/…` (docs/api.md): what the pages show anyone, and nothing
more. Every lookup is made as an anonymous visitor (tournaments.access), so a private event is 404
here even to its organiser, and decklists are those the event has published. Per-event answers come
from the pages' per-change cache (tournaments/page_cache.py) with ETags and 304s; every answer is
rate-limited per client (api.throttles.PublicRateThrottle)."""

import hashlib
import json

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny

from api.negotiation import JSONOnly
from api.schema import error_responses
from api.throttles import PublicRateThrottle

from .. import page_cache
from ..access import event_for_viewer, visible_decklists, visible_events
from ..filters import filter_events, without_cancelled
from ..models import Event, Round
from ..presenters.standings import standings_payload
from ..services.metagame import event_for_report, event_payload
from .common import _valid, _validated
from .decklists import decklist_payloads
from .rounds import round_response
from .serializers import GAMES, DecklistSerializer, EventSerializer, count_per_event, listed_events

ANYONE = AnonymousUser()
READ_ERRORS = error_responses(404, 429)


class PublicEventSerializer(EventSerializer):
    rounds = serializers.SerializerMethodField()

    class Meta(EventSerializer.Meta):
        fields = [
            *("id", "name", "starts_at", "venue", "game", "format", "mode", "best_of", "swiss_rounds", "top_cut"),
            *("status", "cancel_reason", "organiser", "players", "publication", "rounds"),
        ]

    def get_rounds(self, event) -> int:
        counted = getattr(event, "round_count", None)
        return event.rounds.count() if counted is None else counted


def _counted(events):
    """Events as the list shows them, their players and rounds counted in the same query (a page
    of 200 is one query)."""
    return listed_events(events, "settings").annotate(round_count=count_per_event(Round))


class EventFilterSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAMES, required=False)
    status = serializers.ChoiceField(choices=Event.Status.values, required=False)
    format = serializers.CharField(required=False, allow_blank=True)  # blank: any
    organiser = serializers.CharField(required=False, allow_blank=True)
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)


EVENT_EXAMPLE = {
    "id": 7, "name": "Friday league", "starts_at": "2026-11-27T18:30:00+01:00", "venue": "Hall B",
    "game": "dust-collectorz", "format": "standard", "mode": "versus", "best_of": 3, "swiss_rounds": 4,
    "top_cut": 8, "status": "swiss", "cancel_reason": "", "organiser": "olivia", "players": 24,
    "publication": "top_cut", "rounds": 2,
}  # fmt: skip
STANDINGS = inline_serializer(
    "PublicStandings",
    fields={
        "event": serializers.DictField(),
        "round": serializers.IntegerField(),
        "standings": serializers.ListField(),
    },
)
STANDINGS_EXAMPLE = {
    "event": {"name": "Friday league", "starts_at": "2026-11-27T18:30:00+01:00", "venue": "Hall B"},
    "round": 2,
    "standings": [
        {"rank": 1, "entrant": 31, "name": "Ana Lima", "match_points": 6, "wins": 2, "losses": 0, "draws": 0,
         "byes": 0, "omw": 0.5, "gw": 0.8, "ogw": 0.4444, "dropped": False, "disqualified": False},
    ],
}  # fmt: skip
ROUND = inline_serializer(
    "PublicRound",
    fields={
        "number": serializers.IntegerField(),
        "stage": serializers.CharField(),
        "tables": serializers.ListField(),
        "notes": serializers.ListField(),
    },
)
ROUND_EXAMPLE = {
    "number": 3, "stage": "swiss",
    "tables": [
        {"table": 1, "match": 52, "entrants": [31, 32], "names": ["Ana Lima", "Bo Chen"], "bye": False,
         "status": "confirmed", "wins": {"31": 2, "32": 1}, "placements": None, "draws": 0, "version": 2,
         "extra_minutes": 0, "head_start": None},
        {"table": 2, "match": 53, "entrants": [33], "names": ["Cy Diaz"], "bye": True, "status": "confirmed",
         "wins": {"33": 2}, "placements": None, "draws": 0, "version": 1, "extra_minutes": 0, "head_start": None},
    ],
    "notes": [{"kind": "bye", "player": 33, "points": 3, "earlier_byes": 0, "lowest": True}],
}  # fmt: skip
DECKLIST_EXAMPLE = {
    "entrant": 31, "name": "Ana Lima", "deck_version": 88, "deck_name": "Lint Rush", "version": 2, "legal": True,
    "decklist": "1 Fluffnip (PR1) 001\n1 Pocket Puff (PR1) 002\n",
}  # fmt: skip
METAGAME = inline_serializer(
    "PublicMetagame",
    fields={
        "event": serializers.DictField(),
        "decks": serializers.IntegerField(),
        "has_top_cut": serializers.BooleanField(),
        "archetypes": serializers.ListField(),
        "matchups": serializers.DictField(),
        "lists": serializers.ListField(),
    },
)
METAGAME_EXAMPLE = {
    "event": {"id": 7, "name": "Friday league", "starts_at": "2026-11-27T18:30:00+01:00"},
    "decks": 2, "has_top_cut": False,
    "archetypes": [
        {"key": "|Arachnerva the Weaver", "label": "Arachnerva the Weaver", "decks": 1, "share": 0.5, "wins": 1,
         "losses": 0, "draws": 0, "played": 1, "win_rate": 1.0, "mirror_matches": 0, "top_cut": None,
         "conversion": None},
        {"key": "|", "label": "No Epic", "decks": 1, "share": 0.5, "wins": 0, "losses": 1, "draws": 0, "played": 1,
         "win_rate": 0.0, "mirror_matches": 0, "top_cut": None, "conversion": None},
    ],
    "matchups": {"archetypes": ["|Arachnerva the Weaver", "|"], "rows": [
        [None, {"wins": 1, "losses": 0, "draws": 0, "played": 1, "win_rate": 1.0}],
        [{"wins": 0, "losses": 1, "draws": 0, "played": 1, "win_rate": 0.0}, None]]},
    "lists": [
        {"entrant": 31, "event": 7, "name": "Ana Lima", "archetype": "|Arachnerva the Weaver",
         "label": "Arachnerva the Weaver", "top_cut": None},
        {"entrant": 32, "event": 7, "name": "Bo Chen", "archetype": "|", "label": "No Epic", "top_cut": None},
    ],
}  # fmt: skip
FILTERS = [
    OpenApiParameter("game", OpenApiTypes.STR, enum=GAMES, description="A game's slug."),
    OpenApiParameter(
        "status",
        OpenApiTypes.STR,
        enum=Event.Status.values,
        description="Events in this status; without it, cancelled events are left out.",
    ),
    OpenApiParameter("format", OpenApiTypes.STR, description="A format's slug."),
    OpenApiParameter("organiser", OpenApiTypes.STR, description="The organiser's username."),
    OpenApiParameter("date_from", OpenApiTypes.DATE, description="Events starting on or after this day."),
    OpenApiParameter("date_to", OpenApiTypes.DATE, description="Events starting on or before this day."),
]


class PublicEventViewSet(viewsets.GenericViewSet):
    """Public events: the list (filtered, paginated), an event, its rounds, standings and published lists."""

    permission_classes = [AllowAny]
    authentication_classes = []  # the same answer for everyone: no session, no token
    throttle_classes = [PublicRateThrottle]
    content_negotiation_class = JSONOnly
    lookup_value_regex = "[0-9]+"

    def _event(self, pk):
        return event_for_viewer(ANYONE, pk)

    @extend_schema(
        parameters=FILTERS,
        responses={200: PublicEventSerializer(many=True), **error_responses(400, 429)},
        examples=[OpenApiExample("events", value=EVENT_EXAMPLE, response_only=True)],  # one item: paged by the schema
    )
    def list(self, request):
        """Public events, latest first. With If-None-Match, 304 while the page is the same."""
        events = _filtered(visible_events(ANYONE), _valid(EventFilterSerializer, request.query_params.dict()))
        page = self.paginate_queryset(_counted(events).order_by("-starts_at", "-pk"))
        response = self.get_paginated_response(PublicEventSerializer(page, many=True).data)
        tag = '"' + hashlib.blake2b(json.dumps(response.data, default=str).encode(), digest_size=10).hexdigest() + '"'
        if page_cache.not_modified(request, tag):
            return page_cache.unchanged(tag)
        return page_cache.validated(response, tag)

    @extend_schema(
        responses={200: PublicEventSerializer, **READ_ERRORS},
        examples=[OpenApiExample("event", value=EVENT_EXAMPLE, response_only=True)],
    )
    def retrieve(self, request, pk=None):
        event = self._event(pk)
        tag = page_cache.etag(event, "public-event", request.accepted_media_type)
        return _validated(request, tag, event, "public-event", (), lambda: PublicEventSerializer(event).data)

    @extend_schema(
        responses={200: STANDINGS, **READ_ERRORS},
        examples=[OpenApiExample("standings", value=STANDINGS_EXAMPLE, response_only=True)],
    )
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        """The standings, as the standings page shows them (the same cached data as the tournaments API)."""
        event = self._event(pk)
        tag = page_cache.etag(event, "api-standings", request.accepted_media_type)
        return _validated(request, tag, event, "api-standings", (), lambda: standings_payload(event))

    @extend_schema(
        responses={200: ROUND, **READ_ERRORS},
        examples=[OpenApiExample("round", value=ROUND_EXAMPLE, response_only=True)],
    )
    @action(detail=True, methods=["get"], url_path=r"rounds/(?P<number>[0-9]+)")
    def round_detail(self, request, pk=None, number=None):
        """A round's tables and results, as the pairings pages show them."""
        event = self._event(pk)
        return round_response(request, event, number)

    @extend_schema(
        responses={200: DecklistSerializer(many=True), **READ_ERRORS},
        examples=[
            OpenApiExample("decklists", value=DECKLIST_EXAMPLE, response_only=True)
        ],  # one item: listed by the schema
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def decklists(self, request, pk=None):
        """The decklists the event has published (none before it may publish them)."""
        event = self._event(pk)
        tag = page_cache.etag(event, "public-decklists", request.accepted_media_type)

        def build():
            return decklist_payloads(list(visible_decklists(ANYONE, event)))

        return _validated(request, tag, event, "public-decklists", (), build)

    @extend_schema(
        responses={200: METAGAME, **READ_ERRORS},
        examples=[OpenApiExample("metagame", value=METAGAME_EXAMPLE, response_only=True)],
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def metagame(self, request, pk=None):
        """The metagame of the published decklists (docs/metagame.md): 404 until the event publishes
        lists, and for games without decks. Shares and rates are fractions from 0 to 1."""
        event, scope = event_for_report(ANYONE, pk)
        tag = page_cache.etag(event, "public-metagame", scope, request.accepted_media_type)
        return _validated(request, tag, event, "public-metagame", (scope,), lambda: event_payload(event, scope))


def _filtered(events, filters):
    dates = {"starts_from": filters.get("date_from"), "starts_until": filters.get("date_to")}
    events = filter_events(events, {**filters, **dates})
    return events if filters.get("status") else without_cancelled(events)
