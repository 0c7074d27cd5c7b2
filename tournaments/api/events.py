"""The events API: reads for anyone who may see the event, writes for its organiser, or its staff by role
(tournaments.access). One viewset; each noun's actions come from its own module's mixin."""

from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from api.schema import error_responses
from catalogue.api.pagination import StandardPagination

from .. import page_cache
from ..access import event_for_viewer, require
from ..filters import search_events
from ..presenters.standings import standings_payload
from ..services import events as event_services
from ..services import events_cancel as cancel_services
from .common import _valid, _validated
from .decklists import DecklistActions
from .entrants import EntrantActions
from .interchange import InterchangeActions
from .rounds import RoundActions
from .serializers import (
    EventCancelSerializer,
    EventCreateSerializer,
    EventListQuerySerializer,
    EventPageSerializer,
    EventSerializer,
    EventUpdateSerializer,
    listed_events,
)
from .staff import StaffActions


class EventViewSet(EntrantActions, DecklistActions, RoundActions, StaffActions, InterchangeActions, viewsets.ViewSet):
    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = "[0-9]+"

    def _organised(self, request, pk):
        return self._allowed(request, pk, "manage")

    def _allowed(self, request, pk, capability):
        """The event when the user may do `capability` (tournaments.access): 404 unseen, else 403 with a message."""
        event = event_for_viewer(request.user, pk)
        require(request.user, event, capability)
        return event

    @extend_schema(
        parameters=[EventListQuerySerializer], responses={200: EventPageSerializer, **error_responses(400, 404)}
    )
    def list(self, request):
        """The events you may see, newest first, 50 a page: filtered and sorted as the events page."""
        query = _valid(EventListQuerySerializer, request.query_params.dict())  # "?status=" is a bad status
        filters = {**query, "starts_from": query.get("date_from"), "starts_until": query.get("date_to")}
        events = listed_events(search_events(request.user, filters), "settings", "sealed_setup")
        pages = StandardPagination()
        page = pages.paginate_queryset(events, request, view=self)
        return pages.get_paginated_response(EventSerializer(page, many=True).data)

    @extend_schema(request=EventCreateSerializer, responses={201: EventSerializer})
    def create(self, request):
        data = _valid(EventCreateSerializer, request.data)
        game, format_slug = data.pop("game"), data.pop("format")
        event = event_services.create_event(request.user, data.pop("name"), game, format_slug=format_slug, **data)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: EventSerializer})
    def retrieve(self, request, pk=None):
        return Response(EventSerializer(event_for_viewer(request.user, pk)).data)

    @extend_schema(request=EventUpdateSerializer, responses={200: EventSerializer, **error_responses(400, 409)})
    def partial_update(self, request, pk=None):
        """Change the event's settings, as its settings page does (logged; the pages follow)."""
        event = self._organised(request, pk)
        changes = _valid(EventUpdateSerializer, request.data)
        return Response(EventSerializer(event_services.update_event(event, request.user, **changes)).data)

    @extend_schema(request=None, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        return Response(EventSerializer(event_services.start_event(self._organised(request, pk), request.user)).data)

    @extend_schema(request=None, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def finish(self, request, pk=None):
        return Response(EventSerializer(event_services.finish_event(self._organised(request, pk), request.user)).data)

    @extend_schema(request=EventCancelSerializer, responses={200: EventSerializer, **error_responses(400, 409)})
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        """Cancel an event that has not finished, with the reason its players see ({"reason"}): nothing is
        deleted; entries, check-in, pairing and results are refused (409 `event.cancelled`) until reopened."""
        event = self._organised(request, pk)
        reason = _valid(EventCancelSerializer, request.data)["reason"]
        return Response(EventSerializer(cancel_services.cancel_event(event, request.user, reason)).data)

    @extend_schema(request=None, responses={200: EventSerializer, **error_responses(409)})
    @action(detail=True, methods=["post"])
    def reopen(self, request, pk=None):
        """Undo a cancellation: the event returns to the status it had."""
        return Response(EventSerializer(cancel_services.reopen_event(self._organised(request, pk), request.user)).data)

    @extend_schema(request=None, responses={204: None, **error_responses(403, 404, 409)})
    def destroy(self, request, pk=None):
        """Delete an event made by mistake, for good: only while nobody has entered it or waits for a
        place and no round is paired (409 `event.delete_not_empty`: cancel it instead)."""
        cancel_services.delete_event(self._organised(request, pk), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        """The standings; with If-None-Match, 304 while no result changed."""
        event = event_for_viewer(request.user, pk)
        tag = page_cache.etag(event, "api-standings", request.accepted_media_type)
        return _validated(request, tag, event, "api-standings", (), lambda: standings_payload(event))
