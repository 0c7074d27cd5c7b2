"""The event's prize pool: described by the organiser, computed and fixed when the event finishes."""

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages, render_message

from ..engine.prizes import BY_RECORD, PayoutPlan, PrizeEntrant, Record, check_plan, compute
from ..models import AuditAction
from ..models.entrants import event_player_labels
from .common import locked, log, organiser_only
from .judging import disqualified_ids
from .standings import event_standings

PLAN_KEYS = ("scheme", "per_entrant", "fixed", "by_record", "by_standing", "participation")

define_messages(
    {
        "prizes.plan_shape": _("Describe the prizes as an object with %(keys)s."),
        "prizes.record_pods": _(
            "Players at a free-for-all event have places, not records: pay the prizes by final standing or by a curve."
        ),
    }
)


def plan_from(data):
    """The organiser's description (JSON) as a checked PayoutPlan; raises DomainError."""
    if not isinstance(data, dict) or set(data) - set(PLAN_KEYS) or "scheme" not in data:
        raise DomainError("prizes.plan_shape", "prize_plan", keys=", ".join(PLAN_KEYS))
    by_standing = data.get("by_standing") or ()
    by_record = data.get("by_record") or {}
    if not isinstance(by_standing, list | tuple) or not isinstance(by_record, dict):
        raise DomainError("prizes.plan_shape", "prize_plan", keys=", ".join(PLAN_KEYS))
    values = {key: data[key] for key in ("per_entrant", "fixed", "participation") if key in data}
    return check_plan(PayoutPlan(data["scheme"], by_record=by_record, by_standing=tuple(by_standing), **values))


def plan_dict(plan):
    return {
        "scheme": plan.scheme,
        "per_entrant": plan.per_entrant,
        "fixed": plan.fixed,
        "by_record": dict(plan.by_record),
        "by_standing": list(plan.by_standing),
        "participation": plan.participation,
    }


@transaction.atomic
def set_prize_plan(event, actor, data):
    """Describe the pool and the payout. Once the event has finished, the sheet is fixed again
    from the new plan at once; a pool too small for it changes nothing."""
    event = locked(event)
    organiser_only(event, actor)
    plan = plan_dict(plan_from(data))
    if event.is_pods and plan["scheme"] == BY_RECORD:
        raise DomainError("prizes.record_pods", "scheme")
    before, event.prizes.plan = event.prizes.plan or None, plan
    event.prizes.save(update_fields=["plan"])
    log(event, actor, AuditAction.PRIZES_PLAN, before=before, after=plan)
    if event.is_finished:
        fix_prizes(event, actor)
    return event


def prize_entrants(event):
    """Entrants as the calculator sees them, in final standing order, each at their rank (players
    who share a rank share a place); the disqualified get nothing."""
    disqualified = disqualified_ids(event)
    return [
        PrizeEntrant(
            row["entrant"],
            row["rank"],
            # pods have places, not wins-losses-draws: their curve goes by the places table's points
            Record(row.get("wins", 0), row.get("losses", 0), row.get("draws", 0)),
            row["entrant"] not in disqualified,
            row["match_points"] if "places" in row else None,
        )
        for row in event_standings(event)
    ]


def preview(event):
    """The sheet the plan gives with the standings as they are now (DomainError if the pool is short)."""
    if not event.prizes.plan:
        return None
    return compute(plan_from(event.prizes.plan), prize_entrants(event))


def sheet_payload(event, sheet):
    names = event_player_labels(event)  # players who share a name told apart, as on every sheet
    return {
        "pool": sheet.pool,
        "leftover": sheet.leftover,
        "lines": [
            {"entrant": line.entrant, "name": names[line.entrant], "prize": line.prize, "place": line.place}
            for line in sheet.lines
        ],
    }


def readable_sheet(sheet):
    """A stored sheet as pages and the API show it: why it is out of date, in the reader's language."""
    if "out_of_date" not in sheet:
        return sheet
    reason = sheet["out_of_date"]
    return {**sheet, "out_of_date": render_message(reason["code"], reason["params"])}


def fix_prizes(event, actor, corrected=False):
    """Inside `finish_event`'s transaction: compute once, store and log; a short pool stops the finish.
    `corrected`: fixed again after a result of the finished event was corrected."""
    if not event.prizes.plan:
        return
    sheet = compute(plan_from(event.prizes.plan), prize_entrants(event))
    event.prizes.sheet = {**sheet_payload(event, sheet), **({"corrected": True} if corrected else {})}
    event.prizes.save(update_fields=["sheet"])
    log(
        event, actor, AuditAction.PRIZES_FIX, after={"pool": sheet.pool, "paid": sheet.paid, "leftover": sheet.leftover}
    )


def refix_prizes(event, actor):
    """After a result of a finished event is corrected (the caller holds the lock): the sheet follows
    the corrected standings. A result is the truth, so the correction stands even when its prizes
    would need more than the pool (prizes by record can): the sheet fixed before stays, marked out of
    date with the reason, until the organiser changes the plan."""
    if not event.prizes.plan or event.prizes.sheet is None:
        return
    try:
        fix_prizes(event, actor, corrected=True)
    except DomainError as short:
        event.prizes.sheet = {**event.prizes.sheet, "out_of_date": short.as_dict()}
        event.prizes.save(update_fields=["sheet"])
