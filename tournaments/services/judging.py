"""Judges' writes: penalties, time extensions and deck checks. Each locks the event first, checks
that the actor may (tournaments.access: the organiser and judges), writes and logs (docs/prerelease.md).
Judge calls: a player calls from their phone, a judge claims the call, then closes it. The
player's page and the staff queue poll; nothing is pushed."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..access import require
from ..engine.deck_checks import CheckTable, new_seed, select_tables
from ..engine.penalties import CHANGES_RESULT, DISQUALIFICATION
from ..models import AuditAction, CheckedDeck, DeckCheck, Entrant, Event, JudgeCall, Match, Penalty, Seat
from . import results
from .common import NOT_CANCELLED, locked, locked_match, log, require_status

MAX_EXTENSION_MINUTES = 30
MAX_TEXT = 300

define_messages(
    {
        "penalty.kind": _("Choose warning, game loss, match loss or disqualification."),
        "penalty.reason": _("Give the reason for the penalty (up to %(max)s characters)."),
        "penalty.entrant": _("This player is not in the event."),
        "penalty.round": _("Round %(number)s has not been paired."),
        "penalty.no_match": _("%(name)s has no match to lose in round %(number)s."),
        "penalty.needs_correction": _(
            "The result of table %(table)s is already settled: give a correction reason to change it."
        ),
        "penalty.already_disqualified": _("%(name)s is already disqualified."),
        "penalty.not_found": _("This penalty is not in the event: it may have been taken back already."),
        "penalty.take_back_reason": _("Say why the penalty is taken back (up to %(max)s characters)."),
        "penalty.take_back_too_late": _(
            "%(name)s’s disqualification cannot be taken back: a round has been paired since."
        ),
        "extension.minutes": _("An extension is 1 to %(max)s minutes."),
        "extension.finished": _("Table %(table)s has finished: its result is in."),
        "extension.old_round": _("Only tables of the current round can get more time."),
        "deck_check.no_round": _("Deck checks start once round 1 is paired."),
        "deck_check.outcome": _("Record OK, or a problem with a note."),
        "deck_check.problem_note": _("Say what the problem is in the note."),
        "deck_check.penalty_needs_problem": _("Only a problem can become a penalty."),
        "deck_check.already_penalised": _("This deck check already led to a penalty."),
    }
)


def require_staff(event, actor, capability="penalties"):
    """The organiser and judges (tournaments.access); others get a 403 saying who may."""
    require(actor, event, capability)


def _clean_text(text, code, field, required=True):
    text = (text or "").strip() if isinstance(text, str) or text is None else None
    if text is None or len(text) > MAX_TEXT or (required and not text):
        raise DomainError(code, field, max=MAX_TEXT)
    return text


# Penalties


@transaction.atomic
def give_penalty(event, actor, entrant_id, kind, reason, round_number=None, correction=""):
    """Record a penalty; a game or match loss changes that round's result, a disqualification drops
    the player. A settled result changes only with a correction reason."""
    event = locked(event)
    require_staff(event, actor)
    return _penalise(event, actor, entrant_id, kind, reason, round_number, correction)


def _penalise(event, actor, entrant_id, kind, reason, round_number, correction):
    require_status(event, Event.Status.SWISS, Event.Status.TOP_CUT)
    if kind not in Penalty.Kind.values:
        raise DomainError("penalty.kind", "kind")
    reason = _clean_text(reason, "penalty.reason", "reason")
    correction = _clean_text(correction, "penalty.reason", "correction", required=False)
    entrant = Entrant.objects.filter(event=event, pk=entrant_id).first()
    if entrant is None:
        raise DomainError("penalty.entrant", "entrant")
    latest = event.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    number = latest if round_number is None else round_number
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= latest:
        raise DomainError("penalty.round", "round", number=number if isinstance(number, int) else "?")
    match, effect = None, Penalty.Effect.NONE
    if kind in CHANGES_RESULT:
        match, effect = _apply_to_result(event, actor, entrant, kind, number, latest, correction)
    if kind == DISQUALIFICATION:
        effect = _disqualify(event, entrant)
    penalty = Penalty.objects.create(
        event=event, entrant=entrant, kind=kind, reason=reason, round_number=number, match=match,
        correction=correction, judge=actor if actor.is_authenticated else None, effect=effect,
    )  # fmt: skip
    after = {"kind": kind, "reason": reason, **({"correction": correction} if correction else {})}
    log(event, actor, AuditAction.PENALTY_GIVE, round_number=number, entrant=entrant, after=after)
    return penalty


def _apply_to_result(event, actor, entrant, kind, number, latest, correction):
    """A game loss or match loss goes through the result's one writer (services.results.penalise)."""
    seat = (
        Seat.objects.filter(entrant=entrant, match__round__event=event, match__round__number=number)
        .select_related("match__round")
        .first()
    )
    if seat is None or seat.match.is_bye:
        raise DomainError("penalty.no_match", "round", name=entrant.name, number=number)
    match = locked_match(seat.match)
    settled = match.status == Match.Status.CONFIRMED or number != latest
    if settled and not correction:
        raise DomainError("penalty.needs_correction", "correction", table=match.table)
    return match, results.penalise(event, match, entrant.pk, kind, actor)


def _disqualify(event, entrant):
    """Drop a disqualified player who has not dropped already; returns what that changed."""
    if Penalty.objects.filter(entrant=entrant, kind=DISQUALIFICATION).exists():
        raise DomainError("penalty.already_disqualified", "entrant", name=entrant.name)
    if entrant.dropped:
        return Penalty.Effect.NONE
    entrant.dropped_after = event.rounds.filter(stage="swiss").count()
    entrant.save(update_fields=["dropped_after"])
    return Penalty.Effect.DROP


@transaction.atomic
def take_back_penalty(event, actor, penalty_id, reason):
    """A penalty given by mistake, taken back by the organiser or a judge with a reason: its record
    goes (the log keeps it) and what it did is undone where that can be done exactly: a head start
    leaves the table (and the result stored since), a disqualification's drop is lifted while no
    round has been paired since. A result a penalty changed stays as it is: a judge corrects it."""
    event = locked(event)
    require_staff(event, actor)
    require_status(event, Event.Status.SWISS, Event.Status.TOP_CUT)
    penalty = Penalty.objects.filter(event=event, pk=penalty_id).select_related("entrant", "match").first()
    if penalty is None:
        raise DomainError("penalty.not_found", status=404)
    reason = _clean_text(reason, "penalty.take_back_reason", "reason")
    if penalty.effect == Penalty.Effect.DROP:
        _lift_disqualification(event, penalty)
    elif penalty.effect == Penalty.Effect.HEAD_START:
        results.take_back_game_loss(event, locked_match(penalty.match), penalty.entrant_id, actor, reason)
    before = {"kind": penalty.kind, "reason": penalty.reason, "effect": penalty.effect}
    log(event, actor, AuditAction.PENALTY_TAKE_BACK, round_number=penalty.round_number, entrant=penalty.entrant,
        before=before, after={"reason": reason})  # fmt: skip
    penalty.delete()
    return penalty


def result_left_to_correct(penalty):
    """The table whose result a taken-back penalty changed and left as it was, or None."""
    changed = penalty.kind in CHANGES_RESULT and penalty.effect in (Penalty.Effect.RESULT, "")
    return penalty.match if changed else None


def _lift_disqualification(event, penalty):
    entrant = penalty.entrant
    if event.rounds.filter(created_at__gt=penalty.created_at).exists():
        raise DomainError("penalty.take_back_too_late", status=409, name=entrant.name)
    entrant.dropped_after = None
    entrant.save(update_fields=["dropped_after"])


def disqualified_ids(event):
    return set(Penalty.objects.filter(event=event, kind=DISQUALIFICATION).values_list("entrant_id", flat=True))


# Time extensions


@transaction.atomic
def extend_table(match, actor, minutes):
    """Give a table of the current round extra minutes beyond the round clock."""
    event = locked(match.round.event)
    require_staff(event, actor)
    require_status(event, *NOT_CANCELLED)  # the clock is held while it is cancelled: no table runs on
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise DomainError("extension.minutes", "minutes", max=MAX_EXTENSION_MINUTES)
    match = locked_match(match)
    if match.round_id != event.rounds.order_by("-number").values_list("pk", flat=True).first():
        raise DomainError("extension.old_round", "minutes")
    if match.status == Match.Status.CONFIRMED or match.is_bye:
        raise DomainError("extension.finished", "minutes", table=match.table)
    before = match.extra_minutes
    match.extra_minutes = min(before + minutes, 255)
    match.save(update_fields=["extra_minutes", "updated_at"])
    log(event, actor, AuditAction.TABLE_EXTEND, match=match, before={"minutes": before}, after={"minutes": minutes})
    return match


# Deck checks


@transaction.atomic
def draw_deck_check(event, actor, count, top=None, allow_repeat=False, seed=None):
    """Draw tables of the current round at random (seeded, logged) and list their decks to check."""
    event = locked(event)
    require_staff(event, actor, "deck_checks")
    require_status(event, Event.Status.SWISS, Event.Status.TOP_CUT)
    round_ = event.rounds.order_by("-number").first()
    if round_ is None:
        raise DomainError("deck_check.no_round")
    matches = list(round_.matches.filter(is_bye=False).prefetch_related("seats"))
    tables = [CheckTable(match.table, tuple(seat.entrant_id for seat in match.seats.all())) for match in matches]
    checked = set(CheckedDeck.objects.filter(deck_check__event=event).values_list("entrant_id", flat=True))
    selection = select_tables(tables, count, seed or new_seed(), top, checked, allow_repeat)
    options = {"count": count, "top": top, "allow_repeat": allow_repeat}
    check = DeckCheck.objects.create(
        event=event, round_number=round_.number, seed=selection.seed, options=options, tables=list(selection.tables),
        judge=actor,
    )  # fmt: skip
    players = {table.number: table.players for table in tables}
    CheckedDeck.objects.bulk_create(
        CheckedDeck(deck_check=check, entrant_id=entrant, table=number)
        for number in selection.tables
        for entrant in players[number]
    )
    log(
        event,
        actor,
        AuditAction.DECK_CHECK_SELECT,
        round_number=round_.number,
        after={"seed": selection.seed, **options, "tables": list(selection.tables)},
    )
    return check


@transaction.atomic
def record_deck_check(checked, actor, outcome, note="", penalty_kind=None, correction=""):
    """OK, or a problem with a note; a problem becomes a penalty in the same step when asked."""
    event = locked(checked.deck_check.event)
    require_staff(event, actor, "deck_checks")
    require_status(event, *NOT_CANCELLED)  # a finished event's checks may still be written up
    if penalty_kind:
        require_staff(event, actor, "penalties")
    checked = CheckedDeck.objects.select_for_update().select_related("deck_check", "entrant").get(pk=checked.pk)
    if outcome not in (CheckedDeck.Outcome.OK, CheckedDeck.Outcome.PROBLEM):
        raise DomainError("deck_check.outcome", "outcome")
    note = _clean_text(note, "penalty.reason", "note", required=False)
    if outcome == CheckedDeck.Outcome.PROBLEM and not note:
        raise DomainError("deck_check.problem_note", "note")
    if penalty_kind and outcome != CheckedDeck.Outcome.PROBLEM:
        raise DomainError("deck_check.penalty_needs_problem", "penalty")
    if penalty_kind and checked.penalty_id:
        raise DomainError("deck_check.already_penalised", "penalty", status=409)
    checked.outcome, checked.note = outcome, note
    if penalty_kind:
        round_number = checked.deck_check.round_number
        checked.penalty = _penalise(event, actor, checked.entrant_id, penalty_kind, note, round_number, correction)
    checked.save(update_fields=["outcome", "note", "penalty"])
    log(
        event,
        actor,
        AuditAction.DECK_CHECK_RECORD,
        round_number=checked.deck_check.round_number,
        entrant=checked.entrant,
        after={"outcome": outcome, "note": note},
    )
    return checked


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
    require_status(event, *NOT_CANCELLED)  # closing stays open, so the queue can be cleared
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
