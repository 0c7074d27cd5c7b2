"""A sealed event over the API: pools, freezing them, deck-building seats and the deck-building clock."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import permission_classes
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from api import fields
from api.schema import error_responses
from api.views import api_view
from core.errors import DomainError

from ..access import can, event_for_viewer, require
from ..models import Entrant, SealedPool
from ..services import sealed as sealed_services
from ..services.rounds_clock import BUILD_MINUTES, clock_label, remaining_seconds, start_build_clock
from .common import _valid


class PoolSerializer(serializers.Serializer):
    decklist = fields.CharField(max_length=100_000, allow_blank=True)


@extend_schema(request=PoolSerializer, responses={200: dict, **error_responses(403, 409)})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def pool(request, pk, entrant_id):
    """A sealed pool. GET: the player, judges and the organiser. POST {"decklist": text}: register it."""
    event = event_for_viewer(request.user, pk)
    entrant = get_object_or_404(Entrant, pk=entrant_id, event=event)
    if request.method == "POST":
        sealed_services.register_pool(entrant, request.user, _valid(PoolSerializer, request.data)["decklist"])
    elif entrant.user_id != request.user.pk and not can(request.user, event, "see_decklists"):
        raise DomainError("sealed.who", status=403)
    pool = SealedPool.objects.filter(entrant=entrant).first()
    return Response(
        {
            "entrant": entrant.pk,
            "cards": pool.cards if pool else None,
            "frozen": event.sealed_setup.pools_frozen_at is not None,
        }
    )


@extend_schema(request=None, responses={200: dict, **error_responses(403, 409)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def freeze_pools(request, pk):
    """The organiser ends deck building: pools can no longer change."""
    event = sealed_services.freeze_pools(event_for_viewer(request.user, pk), request.user)
    return Response({"frozen": event.sealed_setup.pools_frozen_at is not None})


class SeatDrawSerializer(serializers.Serializer):
    seed = fields.IntegerField(min_value=0, max_value=2**31 - 1, required=False, allow_null=True, default=None)
    redraw = serializers.BooleanField(default=False)


def _seats_payload(event):
    seated = event.entrants.filter(build_seat__isnull=False).order_by("build_seat")
    return [
        {"entrant": pk, "name": name, "seat": seat} for pk, name, seat in seated.values_list("pk", "name", "build_seat")
    ]


@extend_schema(request=SeatDrawSerializer, responses={200: dict, **error_responses(403, 409)})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
def build_seats(request, pk):
    """Deck-building seats. GET: who sits where (anyone who sees the event). POST {"seed"?, "redraw"?}:
    the organiser draws them; drawing again needs "redraw": true, and only before round 1."""
    event = event_for_viewer(request.user, pk)
    seed = None
    if request.method == "POST":
        data = _valid(SeatDrawSerializer, request.data)
        _seats, seed = sealed_services.assign_build_seats(event, request.user, data["seed"], redraw=data["redraw"])
    return Response({"seed": seed, "seats": _seats_payload(event)})


class BuildClockSerializer(serializers.Serializer):
    minutes = serializers.IntegerField(required=False, default=BUILD_MINUTES)


@extend_schema(request=BuildClockSerializer, responses={200: dict, **error_responses(403, 409)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def build_clock(request, pk):
    """The organiser starts the deck-building clock (minutes, 30 by default) before round 1."""
    event = event_for_viewer(request.user, pk)
    require(request.user, event, "manage")  # decided before the body is read, as the service decides it
    minutes = _valid(BuildClockSerializer, request.data)["minutes"]
    event = start_build_clock(event, request.user, minutes)
    return Response({"remaining": remaining_seconds(event), "label": clock_label(event)})
