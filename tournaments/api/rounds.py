"""Rounds over the API: pairing, re-pairing and deleting a round, a round's tables, the top cut and the clock."""

from django.db.models import Count, Max
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from api.schema import error_responses

from .. import page_cache
from ..access import event_for_viewer
from ..presenters.rounds import bracket_payload, round_payload
from ..services import rounds as round_services
from ..services.rounds_clock import clock_label, control_timer, remaining_seconds
from .common import _valid, _validated
from .serializers import PairSerializer, TimerSerializer


class RoundActions:
    """Pairing, a round's tables, the top cut and the clock."""

    @extend_schema(request=PairSerializer, responses={201: dict, **error_responses(409)})
    @action(detail=True, methods=["post"])
    def rounds(self, request, pk=None):
        """Pair the next round: {"round": n} names the round you mean (a stale or repeated request is
        409); 409 while the current round has tables without a confirmed result, unless
        {"force": true, "round": n}, which pairs anyway and is logged."""
        event = self._organised(request, pk)  # who may pair is decided before the body is read
        data = _valid(PairSerializer, request.data if isinstance(request.data, dict) else {})
        round_ = round_services.pair_next_round(event, request.user, force=data["force"], expected=data.get("round"))
        return Response(round_payload(round_), status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={201: dict, **error_responses(409)})
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>[0-9]+)/repair")
    def round_repair(self, request, pk=None, number=None):
        """Pair the current Swiss round again while nothing is entered or reported for it (else 409)."""
        round_ = round_services.repair_round(self._organised(request, pk), request.user, int(number))
        return Response(round_payload(round_), status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None, **error_responses(409)})
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>[0-9]+)/delete")
    def round_delete(self, request, pk=None, number=None):
        """Delete the last round while none of its tables has a confirmed result (else 409)."""
        round_services.delete_last_round(self._organised(request, pk), request.user, int(number))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"], url_path=r"rounds/(?P<number>[0-9]+)")
    def round_detail(self, request, pk=None, number=None):
        """A round's tables; with If-None-Match, 304 while nothing in it changed. The tables'
        statuses (reported, disputed) change without a new page version, so the key also holds
        the round's last match change, read in the same query as the round."""
        return round_response(request, event_for_viewer(request.user, pk), number)

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["get", "post"], url_path="top-cut")
    def top_cut(self, request, pk=None):
        """GET: the bracket. POST: seed the top cut from the standings."""
        if request.method == "POST":
            round_services.start_top_cut(self._organised(request, pk), request.user)
        return Response(bracket_payload(event_for_viewer(request.user, pk)))

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="top-cut/advance")
    def top_cut_advance(self, request, pk=None):
        round_services.advance_top_cut(self._organised(request, pk), request.user)
        return Response(bracket_payload(event_for_viewer(request.user, pk)))

    @extend_schema(request=TimerSerializer, responses={200: dict})
    @action(detail=True, methods=["get", "post"])
    def timer(self, request, pk=None):
        event = event_for_viewer(request.user, pk)
        if request.method == "POST":
            data = _valid(TimerSerializer, request.data)
            event = control_timer(self._organised(request, pk), request.user, data["action"], data["minutes"])
        return Response(
            {
                "remaining": remaining_seconds(event),
                "paused": event.clock.paused_seconds is not None,
                "label": clock_label(event),
            }
        )


def round_response(request, event, number):
    """A round's tables with its ETag (shared by the public API): the key holds the round's last match
    change, read in the same query as the round, since statuses change without a new page version."""
    found = event.rounds.filter(number=number).annotate(changed=Max("matches__updated_at"), tables=Count("matches"))
    round_ = get_object_or_404(found)
    state = (str(number), str(round_.changed), round_.tables)
    tag = page_cache.etag(event, "api-round", *state, request.accepted_media_type)
    return _validated(request, tag, event, "api-round", state, lambda: round_payload(round_))
