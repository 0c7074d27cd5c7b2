"""Player-reported results: accept (saved even when the broker is down), score in a Celery task,
confirm or dispute, and settle the match. Every step is idempotent and can be re-derived from
the stored reports."""

import logging

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from catalogue.models import Card

from ..models import Event, Match, Report, Round
from ..scoring import dust_collectorz, reclamation
from ..scoring.base import ScoringError, require_member
from ..scoring.matches import pod_match, versus_match
from .common import EventError, bump_results, log
from .results import apply_placements, apply_wins, check_score

logger = logging.getLogger("tournaments")


def entrant_of(match, user):
    """The entrant `user` plays as in this match, or None."""
    for seat in match.seats.select_related("entrant"):
        entrant = seat.entrant
        if user.is_authenticated and (entrant.user_id == user.pk or entrant.members.filter(pk=user.pk).exists()):
            return entrant
    return None


def submit_report(match, user, payload, language="en", confirms=None):
    """Record a report; scoring runs after commit. Raises PermissionDenied for outsiders."""
    with transaction.atomic():
        match = Match.objects.select_for_update().select_related("round__event").get(pk=match.pk)
        entrant = entrant_of(match, user)
        if entrant is None:
            raise PermissionDenied(_("Only the players of this match can report its result."))
        _check_open(match)
        if confirms is None:
            _check_possible(payload, match)
        report = Report.objects.create(
            match=match,
            entrant=entrant,
            reporter=user,
            payload=payload,
            language=language,
            **({"result": confirms.result, "status": Report.Status.RECEIVED} if confirms else {}),
        )
        transaction.on_commit(lambda: enqueue("score_report", report.pk))
    return report


def _check_possible(payload, match):
    """An impossible report is refused at once (400 naming the field); the task scores it again."""
    sides = [seat.entrant_id for seat in match.seats.all()]
    try:
        match_result(payload, match.round.event, match.round, sides)
    except ScoringError as error:
        raise EventError(f"{error.field}: {error.message}", error.field) from None


def _check_open(match):
    if match.is_bye:
        raise EventError(_("A bye has no result to report."))
    if match.status == Match.Status.CONFIRMED:
        raise EventError(_("This match is closed: its result is confirmed."))
    latest = match.round.event.rounds.order_by("-number").values_list("pk", flat=True).first()
    if match.round_id != latest or match.round.event.status == Event.Status.FINISHED:
        raise EventError(_("This match belongs to a round that is over."))


def confirm(match, user, language="en"):
    """The opponent agrees with the latest scored report of the other side."""
    entrant = entrant_of(match, user)
    if entrant is None:
        raise PermissionDenied(_("Only the players of this match can confirm its result."))
    other = (
        match.reports.filter(status=Report.Status.SCORED)
        .exclude(entrant=entrant)
        .order_by("-created_at", "-pk")
        .first()
    )
    if other is None:
        raise EventError(_("There is no reported result to confirm yet."))
    return submit_report(match, user, {"confirm": other.pk}, language, confirms=other)


def dispute(match, user):
    with transaction.atomic():
        match = Match.objects.select_for_update().select_related("round__event").get(pk=match.pk)
        if entrant_of(match, user) is None:
            raise PermissionDenied(_("Only the players of this match can dispute its result."))
        _check_open(match)
        match.status = Match.Status.DISPUTED
        match.save(update_fields=["status", "updated_at"])
        log(match.round.event, user, "result.dispute", f"round {match.round.number} table {match.table}")
    return match


def enqueue(task_name, *args):
    """Send a task; a broker outage must not lose the report (the sweeper sends it later)."""
    from .. import tasks

    try:
        getattr(tasks, task_name).apply_async(args=args)
    except Exception:  # noqa: BLE001 - any broker failure: the report is saved, the sweeper retries
        logger.warning("could not enqueue %s%s; the sweeper will retry", task_name, args, exc_info=True)


def score(report_id):
    """Score one report and settle its match; running it again changes nothing."""
    with transaction.atomic():
        report = Report.objects.select_related("match__round__event__game").get(pk=report_id)
        match = Match.objects.select_for_update().get(pk=report.match_id)
        report.refresh_from_db()
        if report.status != Report.Status.RECEIVED:
            return report
        _compute(report, match)
        report.save(update_fields=["status", "result", "error", "scored_at"])
        if report.status == Report.Status.SCORED:
            settle(match, report.match.round.event)
    return report


def _compute(report, match):
    sides = [seat.entrant_id for seat in match.seats.all()]
    report.scored_at = timezone.now()
    if report.result is not None and "confirm" in report.payload:
        report.status = Report.Status.SCORED
        return
    with translation.override(report.language):
        try:
            report.result = match_result(report.payload, report.match.round.event, match.round, sides)
            report.status = Report.Status.SCORED
        except ScoringError as error:
            report.status, report.error = Report.Status.INVALID, f"{error.field}: {error.message}"
        except EventError as error:
            report.status, report.error = Report.Status.INVALID, f"{error.field}: {error.message}"


def match_result(payload, event, round_, sides):
    """The match result a report implies: {"wins", "draws", "winner", "games", "placements"}."""
    if "games" in payload:
        return _from_games(payload["games"], event, round_, sides)
    if "placements" in payload:
        placements = {
            require_member(k, sides, "placements"): _place(v, len(sides)) for k, v in payload["placements"].items()
        }
        if set(placements) != set(sides):
            raise ScoringError("placements", "give a place for every player of the pod")
        return {"placements": placements, "winner": _sole_first(placements), "games": []}
    if "wins" in payload:
        return _from_wins(payload, event, round_, sides)
    raise ScoringError("games", "give the games, or wins and draws, or placements")


def _place(value, count):
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= count:
        raise ScoringError("placements", f"places are whole numbers from 1 to {count}")
    return value


def _sole_first(placements):
    firsts = [side for side, place in placements.items() if place == 1]
    return firsts[0] if len(firsts) == 1 else None


def _from_wins(payload, event, round_, sides):
    wins = payload.get("wins")
    if not isinstance(wins, dict):
        raise ScoringError("wins", "give game wins per player")
    counted = {require_member(k, sides, "wins"): v for k, v in wins.items()}
    draws = payload.get("draws", 0)
    if set(counted) != set(sides) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in [*counted.values(), draws]
    ):
        raise ScoringError("wins", "give whole numbers of game wins for both players, and of draws")
    problem = check_score(event.best_of, counted, draws, top_cut=round_.stage == Round.Stage.TOP_CUT)
    if problem:
        raise ScoringError("wins", problem)
    leaders = [side for side in sides if counted[side] == max(counted.values())]
    return {"wins": counted, "draws": draws, "winner": leaders[0] if len(leaders) == 1 else None, "games": []}


def _from_games(games, event, round_, sides):
    if not isinstance(games, list) or not games or len(games) > 2 * event.best_of:
        raise ScoringError("games", f"give 1 to {event.best_of} games")
    results = [_score_game(game, event, sides, f"games.{n}") for n, game in enumerate(games, start=1)]
    details = [result.as_dict() for result in results]
    if event.mode == Event.Mode.FFA:
        return {"placements": results[-1].placements, "winner": results[-1].winner, "games": details}
    match = versus_match([result.winner for result in results], sides, event.best_of)
    return {**match, "games": details}


def _score_game(game, event, sides, field):
    if not isinstance(game, dict):
        raise ScoringError(field, "a game report is an object")
    try:
        if event.game.slug == "dust-reclamation":
            return reclamation.score_game(game, sides, event.split_work_order)
        if event.game.schema == "dust-collectorz":
            return _score_dust_collectorz(game, event, sides)
        return _score_plain_game(game, sides)
    except ScoringError as error:
        raise ScoringError(f"{field}.{error.field}", error.message) from None


def _score_dust_collectorz(game, event, sides):
    if "cards_left" in game:
        return dust_collectorz.score_young_champions(game, sides)
    rank_of = _rank_lookup(game, event)
    if event.mode == Event.Mode.FFA:
        return dust_collectorz.score_ffa(game, sides, rank_of)
    if event.mode == Event.Mode.TEAM:
        return dust_collectorz.score_team(game, sides, rank_of)
    return dust_collectorz.score_versus(game, sides, rank_of)


def _rank_lookup(game, event):
    ids = [card for pile in (game.get("captures") or {}).values() if isinstance(pile, list) for card in pile]
    if not ids:
        return None
    rows = Card.objects.filter(pk__in=[i for i in ids if isinstance(i, int)], card_set__game=event.game)
    ranks = {
        pk: (rank or ("counter" if kind == "counter" else None))
        for pk, rank, kind in rows.values_list("pk", "rank", "type")
    }
    return ranks.get


def _score_plain_game(game, sides):
    from ..scoring.base import GameResult

    winner = game.get("winner")
    return GameResult({}, None if winner is None else require_member(winner, sides, "winner"))


def settle(match, event):
    """Agreeing reports from every side confirm the match; differing ones put it in dispute."""
    if match.status == Match.Status.CONFIRMED:
        return
    sides = {seat.entrant_id for seat in match.seats.all()}
    latest = {}
    for report in match.reports.filter(status=Report.Status.SCORED).order_by("created_at", "pk"):
        latest[report.entrant_id] = report
    results = {_comparable(report.result) for report in latest.values()}
    if len(results) > 1:
        match.status = Match.Status.DISPUTED
    elif set(latest) >= sides:
        _confirm(match, event, next(iter(latest.values())).result)
        return
    else:
        match.status = Match.Status.REPORTED
    match.save(update_fields=["status", "updated_at"])


def _comparable(result):
    keys = ("wins", "draws", "placements")
    return tuple(
        sorted(
            (
                key,
                repr(sorted((result.get(key) or {}).items()) if isinstance(result.get(key), dict) else result.get(key)),
            )
            for key in keys
        )
    )


def _confirm(match, event, result):
    seats = {seat.entrant_id: seat for seat in match.seats.all()}
    if result.get("placements"):
        apply_placements(seats, {int(k): v for k, v in result["placements"].items()})
        match.draws = 0
    else:
        apply_wins(seats, {int(k): v for k, v in result["wins"].items()})
        match.draws = result.get("draws", 0)
    match.status = Match.Status.CONFIRMED
    match.save(update_fields=["status", "draws", "updated_at"])
    bump_results(event)
    log(event, None, "result.confirm", f"round {match.round.number} table {match.table}", after={"result": result})
    transaction.on_commit(lambda: enqueue("recompute_standings", event.pk))
    transaction.on_commit(lambda: enqueue("prepare_next_round", event.pk))


def pod_points(event, placements):
    return pod_match(placements, event.pod_points or None)
