"""An event's prizes over the API: the plan, and the sheet fixed when the event finishes."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.schema import error_responses
from api.views import api_view
from core.errors import DomainError

from ..access import event_for_viewer
from ..services import prizes as prize_services


@extend_schema(request=dict, responses={200: dict, **error_responses(403)})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def prizes(request, pk):
    """GET: the plan and the sheet (fixed at finish; before that a preview). POST (organiser): the plan."""
    event = event_for_viewer(request.user, pk)
    if request.method == "POST":
        event = prize_services.set_prize_plan(event, request.user, request.data)
    return Response(_prizes_payload(event))


def _prizes_payload(event):
    sheet = event.prizes.sheet and prize_services.readable_sheet(event.prizes.sheet)
    payload = {"plan": event.prizes.plan or None, "fixed": event.prizes.sheet is not None, "sheet": sheet}
    if event.prizes.sheet is None and event.prizes.plan:
        try:
            payload["sheet"] = prize_services.sheet_payload(event, prize_services.preview(event))
        except DomainError as error:
            payload["problem"] = error.message
    return payload
