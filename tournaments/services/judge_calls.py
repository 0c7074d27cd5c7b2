"""Judge calls: a player calls from their phone, a judge claims the call, then closes it. The
player's page and the staff queue poll; nothing is pushed."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..access import require
from ..models import AuditAction, Event, JudgeCall, Seat
from .common import locked, log, require_status

define_messages(
    {
        "judge_call.not_playing": _("Only players of the event can call a judge."),
        "judge_call.waiting": _("You have already called a judge: one is coming."),
        "judge_call.taken": _("Another judge has already claimed this call."),
        "judge_call.closed": _("This call is already closed."),
    }
)


@transaction.atomic
def call_judge(event, user):
    """The player's call, with their table in the current round when they are seated."""
    event = locked(event)
    require_status(event, Event.Status.SWISS, Event.Status.TOP_CUT)
    entrant = event.entrants.filter(user=user).first() if user.is_authenticated else None
    if entrant is None or entrant.dropped:
        raise DomainError("judge_call.not_playing", status=403)
    latest = event.rounds.order_by("-number").first()
    seat = Seat.objects.filter(entrant=entrant, match__round=latest).select_related("match").first() if latest else None
    try:
        with transaction.atomic():
            call = JudgeCall.objects.create(
                event=event, entrant=entrant, round_number=latest.number if latest else None,
                table=seat.match.table if seat else None,
            )  # fmt: skip
    except IntegrityError:
        raise DomainError("judge_call.waiting", status=409) from None
    log(
        event,
        user,
        AuditAction.JUDGE_CALL,
        round_number=call.round_number,
        entrant=entrant,
        after={"table": call.table},
    )
    return call


@transaction.atomic
def claim_call(call, actor):
    """One judge takes the call: a conditional update, so two judges tapping at once get one winner."""
    event = locked(call.event)
    require(actor, event, "penalties")
    claimed = JudgeCall.objects.filter(pk=call.pk, status=JudgeCall.Status.OPEN).update(
        status=JudgeCall.Status.CLAIMED, judge=actor
    )
    call.refresh_from_db()
    if not claimed:
        raise DomainError(
            "judge_call.closed" if call.status == JudgeCall.Status.CLOSED else "judge_call.taken", status=409
        )
    log(
        event,
        actor,
        AuditAction.JUDGE_CLAIM,
        round_number=call.round_number,
        entrant=call.entrant,
        after={"table": call.table},
    )
    return call


@transaction.atomic
def close_call(call, actor):
    event = locked(call.event)
    require(actor, event, "penalties")
    call = JudgeCall.objects.select_for_update().get(pk=call.pk)
    if call.status == JudgeCall.Status.CLOSED:
        raise DomainError("judge_call.closed", status=409)
    call.status, call.judge = JudgeCall.Status.CLOSED, call.judge or actor
    call.save(update_fields=["status", "judge", "updated_at"])
    log(
        event,
        actor,
        AuditAction.JUDGE_CLOSE,
        round_number=call.round_number,
        entrant=call.entrant,
        after={"table": call.table},
    )
    return call


def queue(event):
    """Open and claimed calls, oldest first: what the staff page shows."""
    return (
        JudgeCall.objects.filter(event=event).exclude(status=JudgeCall.Status.CLOSED).select_related("entrant", "judge")
    )


def my_call(event, entrant):
    """The player's latest call that is not closed, or None."""
    return entrant.judge_calls.exclude(status=JudgeCall.Status.CLOSED).select_related("judge").last()
