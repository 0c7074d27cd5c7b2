"""An event's staff and its log over the API."""

from django.core.paginator import Paginator
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from api.schema import error_responses

from ..access import event_for_viewer, is_staff_or_organiser, refusal
from ..presenters.audit import LOG_PAGE, audit_payload, audit_roles, filtered_audit, log_filters
from ..services import staff as staff_services
from .common import _valid
from .serializers import LogQuerySerializer, StaffCreateSerializer, StaffSerializer


class StaffActions:
    """The judges and scorekeepers, and the event log."""

    @extend_schema(request=StaffCreateSerializer, responses={200: StaffSerializer(many=True), 201: StaffSerializer})
    @action(detail=True, methods=["get", "post"])
    def staff(self, request, pk=None):
        """GET: the judges and scorekeepers (for the organiser and the staff). POST {"username", "role"}:
        the organiser adds someone, or changes their role."""
        if request.method == "GET":
            event = event_for_viewer(request.user, pk)
            if not is_staff_or_organiser(request.user, event):
                raise refusal("manage")
            return Response(StaffSerializer(staff_services.event_staff(event), many=True).data)
        event = self._organised(request, pk)
        data = _valid(StaffCreateSerializer, request.data)
        member = staff_services.add_staff(event, request.user, data["username"], data["role"])
        return Response(StaffSerializer(member).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None, **error_responses(404)})
    @action(detail=True, methods=["delete"], url_path=r"staff/(?P<user_id>[0-9]+)")
    def staff_remove(self, request, pk=None, user_id=None):
        staff_services.remove_staff(self._organised(request, pk), request.user, int(user_id))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(parameters=[LogQuerySerializer], responses={200: dict})
    @action(detail=True, methods=["get"])
    def log(self, request, pk=None):
        """The event's log for the organiser and judges, newest first, 50 a page; ?round=n and
        ?player=<entrant id> narrow it."""
        event = self._allowed(request, pk, "correct_results")
        query = _valid(LogQuerySerializer, request.query_params)
        round_number, entrant_id = log_filters(event, {key: str(value) for key, value in query.items()})
        page = Paginator(filtered_audit(event, round_number, entrant_id), LOG_PAGE).get_page(query.get("page", 1))
        names = dict(event.entrants.values_list("pk", "name"))
        roles = audit_roles(event)
        return Response(
            {
                "count": page.paginator.count,
                "page": page.number,
                "pages": page.paginator.num_pages,
                "entries": [audit_payload(entry, names, roles) for entry in page.object_list],
            }
        )
