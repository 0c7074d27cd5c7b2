"""The events API: reads for anyone who may see the event, writes for its organiser, or its staff by role
(tournaments.access)."""

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Count, Max
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from api.idempotency import idempotent
from api.schema import error_responses
from core.errors import DomainError
from decks.services.decks import version_text

from .. import page_cache
from ..access import (
    can,
    event_for_viewer,
    is_staff_or_organiser,
    match_for_viewer,
    refusal,
    require,
    visible_decklists,
    visible_events,
)
from ..joining import join_url
from ..models import Entrant, Match, WaitlistEntry
from ..presenters.audit import LOG_PAGE, audit_payload, audit_roles, filtered_audit, log_filters
from ..presenters.results import match_state, report_state, table_payload
from ..presenters.rounds import bracket_payload, round_payload
from ..presenters.standings import standings_payload
from ..services import decklists as decklist_services
from ..services import entrants as entrant_services
from ..services import events as event_services
from ..services import results as result_services
from ..services import results_reports as reports
from ..services import rounds as round_services
from ..services import staff as staff_services
from ..services.rounds import clock_label, control_timer, remaining_seconds
from .serializers import (
    CapacitySerializer,
    DeadlineSerializer,
    DecklistSerializer,
    DeckSubmitSerializer,
    EntrantCreateSerializer,
    EntrantSerializer,
    EventCreateSerializer,
    EventSerializer,
    JoinSerializer,
    PairSerializer,
    ResultSerializer,
    StaffCreateSerializer,
    StaffSerializer,
    TimerSerializer,
    WaitlistEntrySerializer,
)


def decklist_payload(entrant):
    version = entrant.deck
    return {
        "entrant": entrant.pk,
        "name": entrant.name,
        "deck_version": version.pk,
        "deck_name": version.deck.name,
        "version": version.number,
        "legal": entrant.deck_legal,
        "decklist": version_text(version),
    }


def _valid(serializer_class, data):
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _registration_response(event, entry):
    """201 with the entry, or 202 with the player's number on the waitlist."""
    if isinstance(entry, WaitlistEntry):
        body = {"waitlist": True, "position": entrant_services.position(event, entry.user), "event": event.pk}
        return Response(body, status=status.HTTP_202_ACCEPTED)
    return Response(EntrantSerializer(entry).data, status=status.HTTP_201_CREATED)


def _validated(request, tag, event, page, params, build):
    """304 when the client holds `tag`; else build()'s data, cached per version, with the ETag.
    JSON is cached as its rendered bytes: a poll of a 4,096-player round renders nothing."""
    if page_cache.not_modified(request, tag):
        return page_cache.validated(Response(status=status.HTTP_304_NOT_MODIFIED), tag)
    renderer, media_type = request.accepted_renderer, request.accepted_media_type
    if renderer.format != "json":
        return page_cache.validated(Response(page_cache.cached(event, page, params, build)), tag)
    body = page_cache.cached(
        event, f"{page}-bytes", (*params, media_type), lambda: renderer.render(build(), media_type)
    )
    return page_cache.validated(HttpResponse(body, content_type=renderer.media_type), tag)


class EventViewSet(viewsets.ViewSet):
    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = "[0-9]+"

    def _organised(self, request, pk):
        return self._allowed(request, pk, "manage")

    def _allowed(self, request, pk, capability):
        """The event when the user may do `capability` (tournaments.access): 404 unseen, else 403 with a message."""
        event = event_for_viewer(request.user, pk)
        require(request.user, event, capability)
        return event

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
        data = _valid(StaffCreateSerializer, request.data)
        member = staff_services.add_staff(self._organised(request, pk), request.user, data["username"], data["role"])
        return Response(StaffSerializer(member).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None, **error_responses(404)})
    @action(detail=True, methods=["delete"], url_path=r"staff/(?P<user_id>[0-9]+)")
    def staff_remove(self, request, pk=None, user_id=None):
        staff_services.remove_staff(self._organised(request, pk), request.user, int(user_id))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(responses={200: EventSerializer(many=True)})
    def list(self, request):
        return Response(EventSerializer(visible_events(request.user)[:200], many=True).data)

    @extend_schema(request=EventCreateSerializer, responses={201: EventSerializer})
    def create(self, request):
        data = _valid(EventCreateSerializer, request.data)
        game, format_slug = data.pop("game"), data.pop("format")
        event = event_services.create_event(request.user, data.pop("name"), game, format_slug=format_slug, **data)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: EventSerializer})
    def retrieve(self, request, pk=None):
        return Response(EventSerializer(event_for_viewer(request.user, pk)).data)

    @extend_schema(request=None, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        return Response(EventSerializer(event_services.start_event(self._organised(request, pk), request.user)).data)

    @extend_schema(request=None, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def finish(self, request, pk=None):
        return Response(EventSerializer(event_services.finish_event(self._organised(request, pk), request.user)).data)

    @extend_schema(
        request=EntrantCreateSerializer, responses={200: EntrantSerializer(many=True), 201: EntrantSerializer}
    )
    @action(detail=True, methods=["get", "post"])
    def entrants(self, request, pk=None):
        event = event_for_viewer(request.user, pk)
        if request.method == "GET":
            return Response(EntrantSerializer(event.entrants.all(), many=True).data)
        data = _valid(EntrantCreateSerializer, request.data)
        if "members" in data:
            team = entrant_services.add_team(event, request.user, data.get("name", ""), data["members"])
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

    @extend_schema(request=DeckSubmitSerializer, responses={200: EntrantSerializer})
    @action(detail=True, methods=["post"], url_path=r"entrants/(?P<entrant_id>[0-9]+)/deck")
    def deck(self, request, pk=None, entrant_id=None):
        """{"deck": version id} (one of the entry's owner's decks) or, for the organiser and judges,
        {"decklist": "3 Card name..."}; once the list is frozen only they may, with {"reason": "..."}."""
        entrant = self._entrant(request, pk, entrant_id)
        data = _valid(DeckSubmitSerializer, request.data)
        if "decklist" in data:
            entrant = decklist_services.register_decklist_text(entrant, request.user, data["decklist"], data["reason"])
        else:
            entrant = decklist_services.submit_deck(entrant, data["deck"], request.user, reason=data["reason"])
        return Response(EntrantSerializer(entrant).data)

    @extend_schema(responses={200: DecklistSerializer(many=True)})
    @action(detail=True, methods=["get"])
    def decklists(self, request, pk=None):
        """The registered lists this user may read: all for the organiser and judges, a player's own,
        and what the event publishes once it may."""
        event = event_for_viewer(request.user, pk)
        return Response([decklist_payload(entrant) for entrant in visible_decklists(request.user, event)])

    @extend_schema(
        parameters=[
            OpenApiParameter("round", int, required=False),
            OpenApiParameter("player", int, required=False),
            OpenApiParameter("page", int, required=False),
        ],
        responses={200: dict},
    )
    @action(detail=True, methods=["get"])
    def log(self, request, pk=None):
        """The event's log for the organiser and judges, newest first, 50 a page; ?round=n and
        ?player=<entrant id> narrow it."""
        event = self._allowed(request, pk, "correct_results")
        round_number, entrant_id = log_filters(event, request.query_params)
        page = Paginator(filtered_audit(event, round_number, entrant_id), LOG_PAGE).get_page(
            request.query_params.get("page")
        )
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

    @extend_schema(request=DeadlineSerializer, responses={200: EventSerializer})
    @action(detail=True, methods=["post"])
    def deadline(self, request, pk=None):
        """Move or clear ({"deck_deadline": null}) the decklist deadline; a past date is refused."""
        data = _valid(DeadlineSerializer, request.data)
        event = decklist_services.set_deck_deadline(self._organised(request, pk), request.user, data["deck_deadline"])
        return Response(EventSerializer(event).data)

    @extend_schema(request=None, responses={200: EntrantSerializer})
    @action(detail=True, methods=["post"], url_path=r"entrants/(?P<entrant_id>[0-9]+)/check-in")
    def check_in(self, request, pk=None, entrant_id=None):
        entrant = self._entrant(request, pk, entrant_id)
        return Response(EntrantSerializer(entrant_services.check_in(entrant, request.user)).data)

    @extend_schema(request=CapacitySerializer, responses={200: EventSerializer, **error_responses(400)})
    @action(detail=True, methods=["post"])
    def capacity(self, request, pk=None):
        """Set the number of places ({"capacity": null} for no limit). Lower than the players entered is
        refused; places a raise frees go to the waitlist at once."""
        data = _valid(CapacitySerializer, request.data)
        event = entrant_services.set_capacity(self._organised(request, pk), request.user, data["capacity"])
        return Response(EventSerializer(event).data)

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["get", "post"], url_path="join-code")
    def join_code(self, request, pk=None):
        """GET: the join code and its URL (organiser). POST: a new code; the old one stops working."""
        event = self._organised(request, pk)
        if request.method == "POST":
            event = entrant_services.regenerate_join_code(event, request.user)
        return Response({"join_code": event.join_code, "join_url": join_url(request, event)})

    @extend_schema(request=JoinSerializer, responses={201: EntrantSerializer, 202: dict, **error_responses(404, 409)})
    @action(detail=False, methods=["post"], permission_classes=[IsAuthenticated])
    def join(self, request):
        """Register yourself with an event's join code ({"code", "deck"?}): 201 with your entry, or 202
        with your place on the waitlist when the event is full. An unknown code is 404."""
        data = _valid(JoinSerializer, request.data)
        event = entrant_services.event_by_join_code(data["code"])
        return _registration_response(event, entrant_services.register_player(event, request.user, data.get("deck")))

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"])
    def waitlist(self, request, pk=None):
        """The organiser and staff: the waitlist in order. Anyone else: their own number, or null."""
        event = event_for_viewer(request.user, pk)
        if request.user.is_authenticated and is_staff_or_organiser(request.user, event):
            rows = [
                {"position": number, **WaitlistEntrySerializer(entry).data}
                for number, entry in enumerate(entrant_services.waiting(event), start=1)
            ]
            return Response({"capacity": event.capacity, "waiting": rows})
        return Response({"capacity": event.capacity, "position": entrant_services.position(event, request.user)})

    @extend_schema(request=None, responses={204: None, **error_responses(404)})
    @action(detail=True, methods=["post"], url_path="waitlist/leave", permission_classes=[IsAuthenticated])
    def waitlist_leave(self, request, pk=None):
        """Leave the waitlist (404 when you are not on it)."""
        entrant_services.leave_waitlist(event_for_viewer(request.user, pk), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _entrant(self, request, pk, entrant_id):
        event = event_for_viewer(request.user, pk)
        return get_object_or_404(Entrant, pk=entrant_id, event=event)

    @extend_schema(request=PairSerializer, responses={201: dict, **error_responses(409)})
    @action(detail=True, methods=["post"])
    def rounds(self, request, pk=None):
        """Pair the next round: {"round": n} names the round you mean (a stale or repeated request is
        409); 409 while the current round has tables without a confirmed result, unless
        {"force": true, "round": n}, which pairs anyway and is logged."""
        data = _valid(PairSerializer, request.data if isinstance(request.data, dict) else {})
        round_ = round_services.pair_next_round(
            self._organised(request, pk), request.user, force=data["force"], expected=data.get("round")
        )
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
        event = event_for_viewer(request.user, pk)
        found = event.rounds.filter(number=number).annotate(changed=Max("matches__updated_at"), tables=Count("matches"))
        round_ = get_object_or_404(found)
        state = (number, str(round_.changed), round_.tables)
        tag = page_cache.etag(event, "api-round", *state, request.accepted_media_type)
        return _validated(request, tag, event, "api-round", state, lambda: round_payload(round_))

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        """The standings; with If-None-Match, 304 while no result changed."""
        event = event_for_viewer(request.user, pk)
        tag = page_cache.etag(event, "api-standings", request.accepted_media_type)
        return _validated(request, tag, event, "api-standings", (), lambda: standings_payload(event))

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
                "paused": event.timer_paused_seconds is not None,
                "label": clock_label(event),
            }
        )


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


@extend_schema(request=dict, responses={202: dict})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
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


@extend_schema(request=None, responses={202: dict})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def match_confirm(request, pk):
    report = reports.confirm(match_for_viewer(request.user, pk), request.user)
    report.refresh_from_db()
    return Response(report_state(report), status=status.HTTP_202_ACCEPTED)


@extend_schema(request=None, responses={200: dict})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def match_dispute(request, pk):
    return Response(match_state(reports.dispute(match_for_viewer(request.user, pk), request.user)))
