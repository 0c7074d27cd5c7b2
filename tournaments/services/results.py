"""The one writer of a match's result (docs/architecture.md, "One writer for each fact").

Entering, correcting, accepting a claim, players' reports once scored, a dispute, a penalty, a bye
and the top cut's re-seating all change a match's result or status here, and nowhere else: each
change counts the game losses given before the result, bumps the match's version (a form opened
before it is stale), re-seats the next top-cut round when the winner changes, and is logged with
the state before and after (the log marks the pages stale). A test fails when other code writes
these fields (tests/site/test_single_writer.py)."""

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.bulk import update_rows
from core.errors import DomainError, define_messages

from ..access import require
from ..engine.match_result import MatchResult
from ..engine.penalties import (
    MATCH_LOSS,
    conceded_after_game_loss,
    head_start,
    penalised_result,
    with_conceded,
    without_conceded,
)
from ..models import AuditAction, AuditEntry, Match, Penalty, Report, Round, Seat
from .common import NOT_CANCELLED, locked, locked_match, log, log_many, require_status

define_messages(
    {
        "result.bye": _("A bye has no result to enter."),
        "result.round_finished": _("Round %(number)s is finished: enter a correction with a reason instead."),
        "result.event_finished": _("The event is finished."),
        "result.bracket_played": _(
            "%(name)s has already played the next top-cut round: correct that later match first, or leave "
            "this result as it is."
        ),
        "result.stale": _(
            "Table %(table)s changed after you opened it (now: %(state)s). Nothing was saved: check the current "
            "result, then save yours again to overwrite it."
        ),
        "result.no_such_claim": _("That report is not a claim that can be accepted any more."),
        "result.with_game_loss": _(
            "%(problem)s A game loss to %(penalised)s was given before the result, so the table starts at "
            "%(score)s: report only the games played."
        ),
    }
)

BYE_WINS = 2  # a bye counts as a match won 2-0 (docs/pairing.md)


# Reading a match's result


def seated_result(match, seats):
    """The MatchResult stored on a match's seats (confirmed or not), game losses included."""
    sides = [seat.entrant_id for seat in seats]
    if any(seat.placement for seat in seats):
        return MatchResult(tuple(sides), placements={seat.entrant_id: seat.placement for seat in seats})
    return MatchResult(tuple(sides), wins={seat.entrant_id: seat.game_wins for seat in seats}, draws=match.draws)


def conceded(seats):
    """{entrant id: games lost to game losses given before the result}."""
    return {seat.entrant_id: seat.games_conceded for seat in seats}


def played_result(match, seats):
    """The games played at the table: what a result form prefills (game losses are added on top)."""
    return without_conceded(seated_result(match, seats), conceded(seats))


def pending_head_start(seats):
    """The score a table without a result starts from, or None when no game loss was given."""
    losses = conceded(seats)
    return head_start(list(losses), losses) if any(losses.values()) else None


def final_result(event, match, seats, played):
    """The result to store for `played` games: the game losses given before the result added, then
    checked. A report that cannot be true with them (3 games in a best of 3) is refused, saying why."""
    top_cut = match.round.stage == Round.Stage.TOP_CUT
    result = with_conceded(played, conceded(seats))
    problems = result.problems(event.best_of, top_cut)
    if not problems:
        return result
    if result is played:
        raise problems[0]
    penalised = [seat.entrant.name for seat in seats if seat.games_conceded]
    raise DomainError(
        "result.with_game_loss",
        problems[0].field,
        problem=problems[0],
        penalised=penalised,
        score=_named_score(head_start([seat.entrant_id for seat in seats], conceded(seats)), seats),
    )


def _named_score(result, seats):
    return " – ".join(f"{seat.entrant.name} {result.wins[seat.entrant_id]}" for seat in seats)


# Entering a result (the organiser, a judge, a scorekeeper)


def organiser_result(event, sides, wins=None, draws=0, placements=None, games=None):
    """The organiser's entry of the games played, as a MatchResult (checked when written); `games`: the
    game's own report of each game (a score sheet), scored by the game's rules as a player's report is."""
    if games is not None:
        from .results_scoring import scoring_context  # it reads this module's writer helpers

        context = scoring_context(event, sides)
        return MatchResult.from_report({"games": games}, event.game.definition, context, event.best_of)
    if event.is_pods:
        return MatchResult.from_placements(sides, placements or {})
    return MatchResult.from_wins(sides, wins or {}, draws)


@transaction.atomic
def record_result(
    match,
    actor,
    wins=None,
    draws=0,
    placements=None,
    correction="",
    expected_version=None,
    overwrite=False,
    games=None,
):
    """`wins`: {entrant id: games won at the table} (one against one); `placements`: {entrant id:
    place} (pods); `games`: the games as the game's own reports (a score sheet). `expected_version` is the match version the form was built from: a change since
    then is refused (409) unless the organiser chose to `overwrite` it."""
    event, match, seats = _open_for_result(match, actor, correction, expected_version, overwrite)
    played = organiser_result(event, list(seats), wins, draws, placements, games)
    action = AuditAction.RESULT_CORRECT if correction else AuditAction.RESULT_ENTER
    extra = {"reason": correction} if correction else {}
    if games is not None:  # the log keeps the sheet's scored games, so the result can be re-derived
        extra["games"] = list(played.games)
    return _write(event, match, seats, final_result(event, match, list(seats.values()), played), actor, action, extra)


@transaction.atomic
def accept_report(match, actor, report_id, expected_version=None):
    """The organiser accepts one side's scored claim of a reported or disputed table as the result."""
    event, match, seats = _open_for_result(match, actor, "", expected_version, False)
    report = match.reports.filter(pk=report_id, status=Report.Status.SCORED).select_related("entrant").first()
    if report is None or match.status == Match.Status.CONFIRMED:
        raise DomainError("result.no_such_claim", status=409)
    played = MatchResult.from_dict(list(seats), report.result)
    extra = {"report": report.pk, "reported_by": report.entrant.name if report.entrant else ""}
    result = final_result(event, match, list(seats.values()), played)
    return _write(event, match, seats, result, actor, AuditAction.RESULT_ACCEPT, extra)


def _open_for_result(match, actor, correction, expected_version, overwrite):
    """Lock the event and the match and check the organiser may write this table's result now."""
    event = locked(match.round.event)
    require(actor, event, "enter_results")
    match = locked_match(match)
    if correction or match.status == Match.Status.CONFIRMED:
        require(actor, event, "correct_results")  # scorekeepers fill in results; changing one is a judge's call
    if match.is_bye:
        raise DomainError("result.bye")
    _check_round_open(event, match, correction)
    if expected_version is not None and expected_version != match.version and not overwrite:
        raise stale(match)
    return event, match, _seats(match)


def stale(match):
    """409 with the match's current state: a form or call built before the last change."""
    return DomainError(
        "result.stale",
        "version",
        status=409,
        table=match.table,
        state=match.get_status_display(),
        details={"version": match.version, "match_status": match.status},
    )


def _seats(match):
    return {seat.entrant_id: seat for seat in match.seats.select_related("entrant")}


def _write(event, match, seats, result, actor, action, extra):
    """Store a final result on a locked match: version, re-seating, snapshots and the log."""
    before = _snapshot(match, seats)
    advanced = seated_result(match, list(seats.values())).winner if match.status == Match.Status.CONFIRMED else None
    _set(match, seats, result)
    for seat in seats.values():
        seat.save(update_fields=["game_wins", "placement", "game_total"])
    match.save(update_fields=["status", "draws", "version", "updated_at"])
    if advanced is not None and result.winner != advanced:
        _reseat_next_round(event, match, advanced, result.winner, actor)
    log(event, actor, action, match=match, before=before, after={**_snapshot(match, seats), **extra})
    if event.is_finished:  # only a correction reaches a finished event (_check_round_open)
        from .prizes import refix_prizes  # prizes read the standings, which read this module

        refix_prizes(event, actor)
    return match


def _set(match, seats, result):
    totals = result.game_totals() or {}
    for entrant, seat in seats.items():
        seat.game_wins = result.wins[entrant] if result.wins is not None else 0
        seat.placement = result.placements[entrant] if result.is_pod else None
        seat.game_total = totals.get(entrant)
    match.draws = 0 if result.is_pod else result.draws
    match.status = Match.Status.CONFIRMED
    match.version += 1


RESULT_ACTIONS = (
    AuditAction.RESULT_ENTER,
    AuditAction.RESULT_CORRECT,
    AuditAction.RESULT_CONFIRM,
    AuditAction.RESULT_ACCEPT,
    AuditAction.RESULT_PENALTY,
)


def last_result_entry(match):
    """The log entry that wrote the match's current result (who entered it, and when), or None."""
    entries = AuditEntry.objects.filter(
        event_id=match.round.event_id, round_number=match.round.number, table=match.table, action__in=RESULT_ACTIONS
    )
    return entries.select_related("actor").order_by("-created_at", "-pk").first()


def _reseat_next_round(event, match, before, after, actor):
    """A changed top-cut result changes who advanced: the next round's match takes the new winner,
    as long as that match has no result yet (the log records the change)."""
    if match.round.stage != Round.Stage.TOP_CUT:
        return
    later = Seat.objects.filter(
        match__round__event=event, match__round__number=match.round.number + 1, entrant_id=before
    ).select_related("match__round", "entrant")
    seat = later.first()
    if seat is None:
        return
    if seat.match.status == Match.Status.CONFIRMED:
        raise DomainError("result.bracket_played", name=seat.entrant.name, status=409)
    seat.entrant_id = after
    seat.save(update_fields=["entrant"])
    log(
        event, actor, AuditAction.TOP_CUT_RESEAT, match=seat.match, before={"entrant": before}, after={"entrant": after}
    )


def _check_round_open(event, match, correction):
    require_status(event, *NOT_CANCELLED)  # a cancelled event takes no result, nor a correction
    latest = event.rounds.order_by("-number").values_list("pk", flat=True).first()
    if match.round_id != latest and not correction:
        raise DomainError("result.round_finished", number=match.round.number)
    if event.is_finished and not correction:
        raise DomainError("result.event_finished")


def _snapshot(match, seats):
    return {
        "status": match.status,
        "draws": match.draws,
        "seats": {str(entrant): {"wins": seat.game_wins, "place": seat.placement} for entrant, seat in seats.items()},
    }


# A penalty (the event and the match are locked by the judging service)


def penalise(event, match, entrant_id, kind, actor):
    """A game loss or match loss changes the match: before the result a game loss is a head start
    that every later result counts; a match loss, or a game loss after the result, changes the stored
    result. Either way the match gets a new version, so a form opened before it is refused (409).
    Returns what changed (Penalty.Effect), for the penalty to remember."""
    if event.is_pods:
        raise DomainError("penalty.pods", "kind")
    seats = _seats(match)
    if match.status == Match.Status.CONFIRMED or kind == MATCH_LOSS:
        result = penalised_result(seated_result(match, list(seats.values())), entrant_id, kind, event.best_of)
        _write(event, match, seats, result, actor, AuditAction.RESULT_PENALTY, {"penalised": entrant_id})
        return Penalty.Effect.RESULT
    losses = conceded_after_game_loss(list(seats), conceded(seats.values()), entrant_id, event.best_of)
    if losses == conceded(seats.values()):
        return Penalty.Effect.NONE  # the opponent already starts with the match won: recorded, nothing changes
    _concede(event, match, seats, losses, actor, {"penalised": entrant_id})
    return Penalty.Effect.HEAD_START


def take_back_game_loss(event, match, entrant_id, actor, reason):
    """A game loss given while the table played, taken back: one conceded game fewer, on the head
    start of a table still playing, or on the result stored since (2-1 with it is 2-0 without)."""
    seats = _seats(match)
    losses = conceded(seats.values())
    losses[entrant_id] = max(0, losses[entrant_id] - 1)
    extra = {"taken_back": entrant_id, "reason": reason}
    if match.status != Match.Status.CONFIRMED:
        return _concede(event, match, seats, losses, actor, extra)
    stored = seated_result(match, list(seats.values()))
    played = without_conceded(stored, conceded(seats.values()))
    seats[entrant_id].games_conceded = losses[entrant_id]
    seats[entrant_id].save(update_fields=["games_conceded"])
    return _write(event, match, seats, with_conceded(played, losses), actor, AuditAction.RESULT_PENALTY, extra)


def _concede(event, match, seats, losses, actor, extra):
    """Set the games conceded at a table without a result; it shows them as its head start."""
    before = _snapshot(match, seats)
    shown = head_start(list(seats), losses)
    for entrant, seat in seats.items():
        seat.games_conceded = losses[entrant]
        seat.game_wins = shown.wins[entrant]
        seat.save(update_fields=["game_wins", "games_conceded"])
    match.version += 1
    match.save(update_fields=["version", "updated_at"])
    log(
        event, actor, AuditAction.RESULT_PENALTY, match=match, before=before, after={**_snapshot(match, seats), **extra}
    )
    return match


# Players' reports (the scoring service settles tables in batches, without the event lock)


def dispute(event, match, actor):
    """A player objects to the claim: the organiser decides (the event and match are locked)."""
    match.status = Match.Status.DISPUTED
    match.version += 1
    match.save(update_fields=["status", "version", "updated_at"])
    log(event, actor, AuditAction.RESULT_DISPUTE, match=match)
    return match


def settle_claims(match, claims, every_side_reported):
    """Players' scored claims of the games played, in memory: agreeing claims from every side
    confirm the match, differing ones (or agreeing ones that a game loss given since makes
    impossible) put it in dispute. Returns the confirmed MatchResult, or None (the status says
    what else happened)."""
    seats = {seat.entrant_id: seat for seat in match.seats.all()}
    agree = all(claim.same_claim(claims[0]) for claim in claims[1:])
    if agree and every_side_reported:
        try:
            result = final_result(match.round.event, match, list(seats.values()), claims[0])
        except DomainError:
            result = None
        if result is not None:
            _set(match, seats, result)  # a new version of the match too
            return result
    match.status = Match.Status.REPORTED if agree and not every_side_reported else Match.Status.DISPUTED
    match.version += 1  # a result form opened before this is stale now
    return None


class ScoredTables:
    """What a scoring batch writes, collected in memory so it goes out in one statement per kind."""

    def __init__(self):
        self.reports, self.seats, self.matches, self.confirmed = [], [], [], []

    def add(self, match, result):
        self.matches.append(match)
        if result is not None:
            self.seats += list(match.seats.all())
            self.confirmed.append((match, result))

    def write(self, event_id):
        """The batch's rows and log entries; the pages are marked stale once it commits (the batch
        holds match rows, not the event's: marking inside would take the locks out of order)."""
        update_rows(self.reports, ["status", "result", "problem", "scored_at"])
        update_rows(self.seats, ["game_wins", "placement", "game_total"])
        update_rows(self.matches, ["status", "draws", "version", "updated_at"])
        entries = [{"match": match, "after": {"result": result.as_dict()}} for match, result in self.confirmed]
        log_many(event_id, None, AuditAction.RESULT_CONFIRM, entries, event_locked=False)


# Pairing: byes and the top cut


def record_byes(round_):
    """A round's byes are won matches (2-0), confirmed as they are paired."""
    byes = Match.objects.filter(round=round_, is_bye=True)
    Seat.objects.filter(match__in=byes).update(game_wins=BYE_WINS)
    byes.update(status=Match.Status.CONFIRMED)
