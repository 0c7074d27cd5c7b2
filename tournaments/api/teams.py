"""Team members' accounts through the API: a member named in a team links their own account."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.schema import error_responses

from ..access import event_for_viewer
from ..services import teams
from .serializers import EntrantSerializer


@extend_schema(request=None, responses={200: EntrantSerializer, **error_responses(404, 409)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def join_team(request, pk, entrant_id):
    """Link your account to the team that names you as a member (your username): you may then report
    and confirm its results. 404 when the team does not name you, 409 when you already play."""
    event = event_for_viewer(request.user, pk)
    team = get_object_or_404(event.entrants, pk=entrant_id)
    return Response(EntrantSerializer(teams.join_team(team, request.user)).data)
