"""Entrants over the API: adding, check-in, drops and removal; capacity, the waitlist and the join code."""

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.schema import error_responses
from api.views import api_view
from catalogue.api.pagination import PageQuerySerializer, StandardPagination
from core.errors import DomainError

from ..access import event_for_viewer, event_for_waiting_player, is_staff_or_organiser, visible_decklists
from ..joining import event_by_typed_code, join_url
from ..models import Entrant, WaitlistEntry
from ..services import entrants as entrant_services
from ..services import entrants_doors as doors
from ..services import entrants_teams
from .common import _valid
from .serializers import (
    CapacitySerializer,
    EntrantCreateSerializer,
    EntrantPageSerializer,
    EntrantSerializer,
    EventSerializer,
    JoinSerializer,
    WaitlistEntrySerializer,
)


def _registration_response(event, entry):
    """201 with the entry, or 202 with the player's number on the waitlist."""
    if isinstance(entry, WaitlistEntry):
        body = {"waitlist": True, "position": entrant_services.position(event, entry.user), "event": event.pk}
        return Response(body, status=status.HTTP_202_ACCEPTED)
    return Response(EntrantSerializer(entry).data, status=status.HTTP_201_CREATED)


class EntrantActions:
    """The event's entrants, check-in, drops, capacity, waitlist and join code."""

    @extend_schema(
        request=EntrantCreateSerializer,
        responses={200: EntrantPageSerializer, 201: EntrantSerializer},
        parameters=[PageQuerySerializer],
    )
    @action(detail=True, methods=["get", "post"])
    def entrants(self, request, pk=None):
        """GET: the entrants by name, 50 a page (up to 200 with `page_size`)."""
        event = event_for_viewer(request.user, pk)
        if request.method == "GET":
            pages = StandardPagination()
            page = pages.paginate_queryset(event.entrants.order_by("name", "pk"), request, view=self)
            readable = set(visible_decklists(request.user, event).values_list("pk", flat=True))
            entrants = EntrantSerializer(page, many=True, context={"readable": readable})
            return pages.get_paginated_response(entrants.data)
        data = _valid(EntrantCreateSerializer, request.data)
        if "members" in data:
            team = entrants_teams.add_team(event, request.user, data.get("name", ""), data["members"])
            return Response(EntrantSerializer(team).data, status=status.HTTP_201_CREATED)
        user = get_object_or_404(get_user_model(), pk=data["user"]) if data.get("user") else None
        if user is not None and user == request.user and event.organiser_id != request.user.pk:
            return _registration_response(event, entrant_services.register_player(event, user, data.get("deck")))
        entrant = entrant_services.add_entrant(
            event,
            request.user,
            user=user,
            name=data.get("name", ""),
            deck_version=data.get("deck"),
            confirmed_duplicate=data["confirm_duplicate"],
        )
        return Response(EntrantSerializer(entrant).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: EntrantSerializer})
    @action(detail=True, methods=["post"], url_path=r"entrants/(?P<entrant_id>[0-9]+)/drop")
    def drop(self, request, pk=None, entrant_id=None):
        entrant = self._entrant(request, pk, entrant_id)
        return Response(EntrantSerializer(entrant_services.drop(entrant, request.user)).data)

    @extend_schema(request=None, responses={200: EntrantSerializer, **error_responses(409)})
    @action(detail=True, methods=["post"], url_path=r"entrants/(?P<entrant_id>[0-9]+)/undo-drop")
    def undo_drop(self, request, pk=None, entrant_id=None):
        """Take a drop back, before the next round is paired (409 after)."""
        entrant = self._entrant(request, pk, entrant_id)
        return Response(EntrantSerializer(entrant_services.undo_drop(entrant, request.user)).data)

    @extend_schema(request=None, responses={204: None, **error_responses(409)})
    @action(detail=True, methods=["post"], url_path=r"entrants/(?P<entrant_id>[0-9]+)/remove")
    def remove_entrant(self, request, pk=None, entrant_id=None):
        """Remove a mistaken entry before round 1 is paired (409 after: drop instead)."""
        entrant_services.remove_entrant(self._entrant(request, pk, entrant_id), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={200: EntrantSerializer, **error_responses(404)})
    @action(detail=True, methods=["post"], url_path=r"entrants/(?P<entrant_id>[0-9]+)/check-in")
    def check_in(self, request, pk=None, entrant_id=None):
        event = event_for_viewer(request.user, pk)
        entrant = event.entrants.filter(pk=entrant_id).first()
        if entrant is None:
            raise DomainError("event.check_in_not_registered", status=404)
        return Response(EntrantSerializer(entrant_services.check_in(entrant, request.user)).data)

    @extend_schema(request=CapacitySerializer, responses={200: EventSerializer, **error_responses(400)})
    @action(detail=True, methods=["post"])
    def capacity(self, request, pk=None):
        """Set the number of places ({"capacity": null} for no limit). Lower than the players entered is
        refused; places a raise frees go to the waitlist at once."""
        event = self._organised(request, pk)
        data = _valid(CapacitySerializer, request.data)
        event = entrant_services.set_capacity(event, request.user, data["capacity"])
        return Response(EventSerializer(event).data)

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["get", "post"], url_path="join-code")
    def join_code(self, request, pk=None):
        """GET: the join code and its URL (organiser). POST: a new code; the old one stops working."""
        event = self._organised(request, pk)
        if request.method == "POST":
            event = doors.regenerate_join_code(event, request.user)
        return Response({"join_code": event.join_code, "join_url": join_url(request, event)})

    @extend_schema(
        request=JoinSerializer, responses={201: EntrantSerializer, 202: dict, **error_responses(404, 409, 429)}
    )
    @action(detail=False, methods=["post"], permission_classes=[IsAuthenticated])
    def join(self, request):
        """Register yourself with an event's join code ({"code", "deck"?}): 201 with your entry, or 202
        with your place on the waitlist when the event is full. An unknown code is 404; too many unknown
        codes are 429, with Retry-After."""
        data = _valid(JoinSerializer, request.data)
        event = event_by_typed_code(request, data["code"])
        return _registration_response(event, entrant_services.register_player(event, request.user, data.get("deck")))

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"])
    def waitlist(self, request, pk=None):
        """The organiser and staff: the waitlist in order. Anyone else: their own number, or null."""
        event = event_for_waiting_player(request.user, pk)
        if request.user.is_authenticated and is_staff_or_organiser(request.user, event):
            rows = [
                {"position": number, **WaitlistEntrySerializer(entry).data}
                for number, entry in enumerate(entrant_services.waiting(event), start=1)
            ]
            return Response({"capacity": event.settings.capacity, "waiting": rows})
        return Response(
            {"capacity": event.settings.capacity, "position": entrant_services.position(event, request.user)}
        )

    @extend_schema(request=None, responses={204: None, **error_responses(404)})
    @action(detail=True, methods=["post"], url_path="waitlist/leave", permission_classes=[IsAuthenticated])
    def waitlist_leave(self, request, pk=None):
        """Leave the waitlist (404 when you are not on it)."""
        entrant_services.leave_waitlist(event_for_waiting_player(request.user, pk), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _entrant(self, request, pk, entrant_id):
        event = event_for_viewer(request.user, pk)
        return get_object_or_404(Entrant, pk=entrant_id, event=event)


@extend_schema(request=None, responses={200: EntrantSerializer, **error_responses(404, 409)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def join_team(request, pk, entrant_id):
    """Link your account to the team that names you as a member (your username): you may then report
    and confirm its results. 404 when the team does not name you, 409 when you already play."""
    event = event_for_viewer(request.user, pk)
    team = get_object_or_404(event.entrants, pk=entrant_id)
    return Response(EntrantSerializer(entrants_teams.join_team(team, request.user)).data)
