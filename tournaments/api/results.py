"""A match's result over the API: the organiser's entry, a player's report, confirmation or dispute."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import permission_classes
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from api.idempotency import idempotent
from api.schema import error_responses
from api.views import api_view
from core.db_blips import retry_on_blip
from core.errors import DomainError

from ..access import can, match_for_viewer, require
from ..models import Match
from ..presenters.results import match_state, report_state, table_payload
from ..services import results as result_services
from ..services import results_reports as reports
from .common import _valid
from .serializers import ResultSerializer


@extend_schema(request=ResultSerializer, responses={200: dict, **error_responses(409)})
@api_view(["POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
def match_result(request, pk):
    """Enter a result: {"wins": {"<entrant id>": 2, ...}, "draws": 0} or pod {"placements": {...}}.
    With {"expected_version": n} (the match's `version` as you read it) a match changed since is
    refused with 409, whose body holds the match as it is now (`current`) and who entered its result."""
    match = match_for_viewer(request.user, pk)
    require(request.user, match.round.event, "enter_results")
    data = _valid(ResultSerializer, request.data)
    try:
        match = result_services.record_result(
            match,
            request.user,
            wins=data.get("wins"),
            draws=data["draws"],
            placements=data.get("placements"),
            correction=data["correction"],
            expected_version=data.get("expected_version"),
        )
    except DomainError as error:
        if error.code == "result.stale":
            error.details["current"] = _current_state(match)
        raise
    return Response(table_payload(match, list(match.seats.select_related("entrant"))))


def _current_state(match):
    match.refresh_from_db()
    entry = result_services.last_result_entry(match) if match.status == "confirmed" else None
    entered_by = entry.actor.username if entry and entry.actor else None
    return {**table_payload(match, list(match.seats.select_related("entrant"))), "entered_by": entered_by}


@extend_schema(responses={200: dict})
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def match_detail(request, pk):
    """A match's status and result (once confirmed); its players and the organiser also see its reports."""
    match = match_for_viewer(request.user, pk)
    involved = can(request.user, match.round.event, "enter_results") or reports.entrant_of(match, request.user)
    return Response(match_state(match, with_reports=bool(involved)))


@extend_schema(request=dict, responses={202: dict, **error_responses(503)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
@retry_on_blip
def match_report(request, pk):
    """A player reports: {"games": [...]} (scored by the game's rules), {"wins": {...}, "draws": n}
    or {"placements": {...}}. Answers 202; a Celery task scores it."""
    try:
        if not isinstance(request.data, dict) or not ({"games", "wins", "placements"} & set(request.data)):
            raise DomainError("result.payload_shape", "games")
        # The players of a match see it: the visibility query runs only when the report is refused.
        report = reports.submit_report(Match(pk=pk), request.user, dict(request.data))
    except (DomainError, Match.DoesNotExist):
        match_for_viewer(request.user, pk)  # a private event's match is a 404 to others, whatever went wrong
        raise
    # A walk-in opponent never confirms: the organiser accepts the claim instead, and the reporter is told.
    state = {**report_state(report), "awaits_organiser": reports.awaits_organiser(report.match)}
    return Response(state, status=status.HTTP_202_ACCEPTED)  # as stored: scoring comes after


@extend_schema(request=None, responses={202: dict, **error_responses(503)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
@retry_on_blip
def match_confirm(request, pk):
    report = reports.confirm(match_for_viewer(request.user, pk), request.user)
    report.refresh_from_db()
    return Response(report_state(report), status=status.HTTP_202_ACCEPTED)


@extend_schema(request=None, responses={200: dict})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def match_dispute(request, pk):
    return Response(match_state(reports.dispute(match_for_viewer(request.user, pk), request.user)))
