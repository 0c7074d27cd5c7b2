"""The judges' API: penalties, time extensions, deck checks and judge calls. Reads for those who may see
them, writes for the event's staff (the services decide; others get 403, invisible events 404)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api import fields
from api.schema import error_responses
from api.views import api_view
from core.numbers import ID_MAX
from core.text import shown_text

from ..access import can, event_for_viewer, match_for_viewer
from ..engine.deck_checks import MAX_SEED_LENGTH
from ..models import CheckedDeck, JudgeCall, Penalty
from ..presenters.judging import deck_check_payload, penalty_payload, with_decks
from ..services import judging

SEED_PATTERN = r"^[-A-Za-z0-9]*[A-Za-z0-9][-A-Za-z0-9]*$"  # letters or digits, and hyphens


class PenaltySerializer(serializers.Serializer):
    entrant = fields.IntegerField(min_value=1)
    kind = serializers.ChoiceField(choices=Penalty.Kind.values)
    reason = fields.CharField(max_length=300, validators=[shown_text])
    round = fields.IntegerField(min_value=1, max_value=99, required=False)
    correction = fields.CharField(max_length=300, required=False, allow_blank=True, default="", validators=[shown_text])


class TakeBackSerializer(serializers.Serializer):
    reason = fields.CharField(max_length=300, validators=[shown_text])


class ExtensionSerializer(serializers.Serializer):
    minutes = fields.IntegerField(min_value=1, max_value=judging.MAX_EXTENSION_MINUTES)


class DeckCheckSerializer(serializers.Serializer):
    # At most the round's tables: more is a 409 (the round is too small), not invalid input.
    count = fields.IntegerField(min_value=1, max_value=ID_MAX)
    top = fields.IntegerField(min_value=1, max_value=ID_MAX, required=False, allow_null=True, default=None)
    allow_repeat = serializers.BooleanField(default=False)
    seed = serializers.RegexField(
        SEED_PATTERN, max_length=MAX_SEED_LENGTH, required=False, allow_blank=True, default=""
    )


class DeckCheckOutcomeSerializer(serializers.Serializer):
    outcome = fields.CharField(max_length=10)
    note = fields.CharField(max_length=300, required=False, allow_blank=True, default="", validators=[shown_text])
    penalty = fields.CharField(max_length=20, required=False, allow_blank=True, default="")
    correction = fields.CharField(max_length=300, required=False, allow_blank=True, default="", validators=[shown_text])


def _valid(serializer_class, data):
    serializer = serializer_class(data=data if isinstance(data, dict) else {})
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _is_staff(user, event):
    return can(user, event, "penalties")


@extend_schema(request=PenaltySerializer, responses={200: dict, 201: dict, **error_responses(403)})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def penalties(request, pk):
    """GET: the event's penalties (staff) or your own (a player). POST (staff): give one."""
    event = event_for_viewer(request.user, pk)
    if request.method == "GET":
        rows = Penalty.objects.filter(event=event).select_related("entrant", "judge")
        if not _is_staff(request.user, event):
            rows = rows.filter(entrant__user=request.user)
        return Response({"penalties": [penalty_payload(penalty) for penalty in rows]})
    judging.require_staff(event, request.user)  # a refusal says who may, whatever the body (as the page)
    data = _valid(PenaltySerializer, request.data)
    penalty = judging.give_penalty(
        event, request.user, data["entrant"], data["kind"], data["reason"], data.get("round"), data["correction"]
    )
    return Response(penalty_payload(penalty), status=status.HTTP_201_CREATED)


@extend_schema(request=TakeBackSerializer, responses={200: dict, **error_responses(403, 404, 409)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def take_back_penalty(request, pk, penalty_id):
    """Staff: take a penalty back ({"reason"}). A head start leaves its table, a disqualification's drop
    is lifted while no round has been paired since; `result_left_to_correct` names the match whose
    result the penalty changed, which stays as it is until a judge corrects it."""
    event = event_for_viewer(request.user, pk)
    judging.require_staff(event, request.user)  # a refusal says who may, whatever the body (as the page)
    data = _valid(TakeBackSerializer, request.data)
    penalty = judging.take_back_penalty(event, request.user, penalty_id, data["reason"])
    table = judging.result_left_to_correct(penalty)
    body = {"taken_back": penalty_id, "kind": penalty.kind, "entrant": penalty.entrant_id}
    return Response({**body, "result_left_to_correct": table.pk if table else None})


@extend_schema(request=ExtensionSerializer, responses={200: dict, **error_responses(403)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def extend(request, pk):
    """Staff: give a table of the current round {"minutes": n} more."""
    match = match_for_viewer(request.user, pk)
    judging.require_staff(match.round.event, request.user)
    match = judging.extend_table(match, request.user, _valid(ExtensionSerializer, request.data)["minutes"])
    return Response({"match": match.pk, "table": match.table, "extra_minutes": match.extra_minutes})


@extend_schema(request=DeckCheckSerializer, responses={200: dict, 201: dict, **error_responses(403)})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def deck_checks(request, pk):
    """Staff. GET: the draws so far. POST: draw {"count", "top", "allow_repeat", "seed"} tables."""
    event = event_for_viewer(request.user, pk)
    if request.method == "GET":
        judging.require_staff(event, request.user, "deck_checks")
        checks = with_decks(event.deck_checks.all())
        return Response({"deck_checks": [deck_check_payload(check, check.decks.all()) for check in checks]})
    judging.require_staff(event, request.user, "deck_checks")
    data = _valid(DeckCheckSerializer, request.data)
    check = judging.draw_deck_check(
        event, request.user, data["count"], data["top"], data["allow_repeat"], data["seed"] or None
    )
    return Response(deck_check_payload(check), status=status.HTTP_201_CREATED)


@extend_schema(request=DeckCheckOutcomeSerializer, responses={200: dict, **error_responses(403)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def deck_check_outcome(request, pk, checked_id):
    """Staff: {"outcome": "ok"} or {"outcome": "problem", "note": ..., "penalty": "game_loss"}."""
    event = event_for_viewer(request.user, pk)
    judging.require_staff(event, request.user, "deck_checks")
    checked = get_object_or_404(CheckedDeck, pk=checked_id, deck_check__event=event)
    data = _valid(DeckCheckOutcomeSerializer, request.data)
    judging.record_deck_check(
        checked, request.user, data["outcome"], data["note"], data["penalty"] or None, data["correction"]
    )
    return Response(deck_check_payload(checked.deck_check))


def judge_call_payload(call):
    return {
        "id": call.pk,
        "entrant": call.entrant_id,
        "name": call.entrant.name,
        "round": call.round_number,
        "table": call.table,
        "status": call.status,
        "status_label": str(call.get_status_display()),
        "judge": call.judge.username if call.judge_id else None,
        "created_at": call.created_at,
    }


@extend_schema(request=None, responses={200: dict, 201: dict, **error_responses(403, 409)})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def judge_calls(request, pk):
    """GET: the staff's queue (open and claimed calls), or a player's own call. POST (a player): call a judge."""
    event = event_for_viewer(request.user, pk)
    if request.method == "POST":
        return Response(judge_call_payload(judging.call_judge(event, request.user)), status=201)
    if _is_staff(request.user, event):
        calls = judging.queue(event)
    else:
        calls = JudgeCall.objects.filter(event=event, entrant__user=request.user).select_related("entrant", "judge")
    return Response({"calls": [judge_call_payload(call) for call in calls]})


@extend_schema(request=None, responses={200: dict, **error_responses(403, 409)})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def judge_call_action(request, pk, call_id, action):
    """Staff: claim or close a call."""
    event = event_for_viewer(request.user, pk)
    judging.require_staff(event, request.user)
    call = get_object_or_404(JudgeCall, pk=call_id, event=event)
    act = judging.claim_call if action == "claim" else judging.close_call
    return Response(judge_call_payload(act(call, request.user)))
