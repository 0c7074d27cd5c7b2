"""Standings of an event from its confirmed Swiss results, cached until a result changes."""

from django.core.cache import cache
from django.db.models import Count, Max, Prefetch, Sum

from .. import page_cache
from ..engine.bracket import final_order
from ..engine.match_result import MatchResult, sole_first_points
from ..engine.standings import Outcome, ResultColumns, bye_outcome, compute_standings, name_order
from ..models import Match, Penalty, Round, Seat
from ..models.entrants import player_labels
from .results import seated_result

CACHE_SECONDS = 24 * 3600


def event_standings(event):
    """Rows (dicts) best first, from cache while the event's results are unchanged. Once the event
    is finished, the top cut comes first (final_order) and each row keeps its Swiss rank."""
    key = f"standings:{event.pk}:{event.counters.results_version}:{event.entrants.count()}:{event.status}"
    rows = cache.get(key)
    if rows is None:
        rows = _compute(event)
        if event.is_finished and event.top_cut:
            rows = _with_top_cut(event, rows)
        cache.set(key, rows, CACHE_SECONDS)
    return rows


def _with_top_cut(event, rows):
    by_entrant = {row["entrant"]: row for row in rows}
    order = final_order([row["entrant"] for row in rows], _bracket(event))
    final, shared = [], {}  # Swiss rank -> final place of the first Swiss-only player at it
    for place, (entrant, stage) in enumerate(order, start=1):
        row = by_entrant[entrant]
        # Players outside the top cut who shared a Swiss rank still share their final one (two 9th).
        rank = place if stage is not None else shared.setdefault(row["rank"], place)
        final.append({**row, "rank": rank, "swiss_rank": row["rank"], "top_cut": stage})
    return final


def _bracket(event):
    """[(sides, winner or None)] per top-cut round, first round first."""
    bracket = []
    rounds = event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("number")
    seats = Prefetch("seats", queryset=Seat.objects.order_by("pk"))
    for round_ in rounds.prefetch_related(Prefetch("matches", queryset=Match.objects.prefetch_related(seats))):
        played = []
        for match in round_.matches.all():
            seated = list(match.seats.all())
            sides = tuple(seat.entrant_id for seat in seated)
            confirmed = match.status == Match.Status.CONFIRMED
            winner = seated_result(match, seated).winner if confirmed and seated else None
            played.append((sides, winner))
        bracket.append(played)
    return bracket


def _compute(event):
    # Players equal on every tiebreaker stay in name order (then entry order): never the database's whim.
    rows = event.entrants.values_list("pk", "name", "joined_round", "dropped_after", "user__username")
    rows = sorted(rows, key=lambda row: (name_order(row[1]), row[0]))
    entrants = [row[:4] for row in rows]
    columns = _result_columns(event)
    if event.settings.late_entry_losses:
        for entrant, _name, joined, _dropped in entrants:
            for round_number in range(1, joined):
                columns.add(Outcome(entrant, round_number, "loss", (), 0, 2))
    dropped = {entrant for entrant, _name, _joined, after in entrants if after is not None}
    table = compute_standings(
        [entrant for entrant, *_ in entrants], columns, dropped, event.settings.tiebreakers, **_pod_scale(event)
    )
    # Players who share a name are told apart as everywhere else (Entrant's player_labels).
    names = player_labels([(entrant, name, username) for entrant, name, _joined, _dropped, username in rows])
    members = dict(event.entrants.exclude(member_names=[]).values_list("pk", "member_names"))
    disqualified = set(
        Penalty.objects.filter(event=event, kind=Penalty.Kind.DISQUALIFICATION).values_list("entrant", flat=True)
    )
    return [
        {
            **standing.as_dict(),
            "name": names[standing.player],
            "disqualified": standing.player in disqualified,
            **_members(members.get(standing.player)),
        }
        for standing in table
    ]


def _pod_scale(event):
    """Pods rank on their places table's scale, and on the game's totals when the game says they
    break ties (GameDefinition.totals_break_ties); one-against-one events keep the MTR's."""
    if not event.is_pods:
        return {}
    top = sole_first_points(event.settings.pod_points)
    return {"pod_top": top, "totals_break_ties": event.game.definition.totals_break_ties}


def pod_bye_points(event):
    """What a bye earns in a pod event: a sole first place of its places table (docs/scoring.md), as the
    Magic Tournament Rules count a bye as a match won; None one against one (a bye is a 2-0 win)."""
    return sole_first_points(event.settings.pod_points) if event.is_pods else None


def _members(names):
    """A team's members, on team rows only (so one-against-one rows stay as they were)."""
    return {"members": list(names)} if names else {}


def _result_columns(event):
    """Every confirmed Swiss result, as the standings' columns. Those of the rounds before the
    latest are kept while those rounds are unchanged, so a round's results, coming in a table at a
    time, read and add only that round's: a rebuild costs one round, not every round played (a
    4,096-player event's ninth round re-read eight rounds for each batch of results)."""
    rounds = swiss_rounds_state(event)
    latest = rounds[-1][0] if rounds else None
    earlier_state = (latest, rounds[:-1], event.settings.pod_points)
    columns = page_cache.cached_on(
        event, "standings-columns", earlier_state, lambda: _add_results(event, ResultColumns(), rounds_before=latest)
    )
    return _add_results(event, columns, round_number=latest) if latest else columns


def swiss_rounds_state(event):
    """[(round number, matches, last change, summed versions)] of each Swiss round, in order, in one
    query: what anything computed from a round's results depends on, since every result change
    saves its match (a new `updated_at` and version). Kept parts key on it (docs/caching.md)."""
    rounds = (
        Match.objects.filter(round__event=event, round__stage=Round.Stage.SWISS)
        .values_list("round__number")
        .annotate(count=Count("pk"), changed=Max("updated_at"), versions=Sum("version"))
        .order_by("round__number")
    )
    return list(rounds)


def _add_results(event, columns, round_number=None, rounds_before=None):
    pod_table = event.settings.pod_points or None
    bye_points = pod_bye_points(event)
    for number, is_bye, result, totals in _confirmed_results(event, round_number, rounds_before):
        if is_bye:
            outcomes = [bye_outcome(number, result.sides[0], bye_points)]
        else:
            outcomes = result.outcomes(number, pod_table, totals)
        for outcome in outcomes:
            columns.add(outcome)
    return columns


def _confirmed_results(event, round_number=None, rounds_before=None):
    """(round number, is a bye, MatchResult, {entrant: game total}) of every confirmed Swiss match
    (of round `round_number`, or of the rounds before `rounds_before`, when given), in one query."""
    confirmed = Seat.objects.filter(
        match__round__event=event, match__round__stage="swiss", match__status=Match.Status.CONFIRMED
    )
    if round_number is not None:
        confirmed = confirmed.filter(match__round__number=round_number)
    if rounds_before is not None:
        confirmed = confirmed.filter(match__round__number__lt=rounds_before)
    rows = confirmed.values_list(
        "match_id",
        "match__round__number",
        "match__is_bye",
        "match__draws",
        "entrant_id",
        "game_wins",
        "placement",
        "game_total",
    ).order_by("match_id", "pk")
    grouped = {}
    for row in rows:
        grouped.setdefault(row[0], []).append(row)
    for seats in grouped.values():
        _match, round_number, is_bye, draws = seats[0][:4]
        sides = tuple(seat[4] for seat in seats)
        if any(seat[6] for seat in seats):
            result = MatchResult(sides, placements={seat[4]: seat[6] for seat in seats})
        else:
            result = MatchResult(sides, wins={seat[4]: seat[5] for seat in seats}, draws=draws)
        totals = {seat[4]: seat[7] for seat in seats if seat[7] is not None}
        yield round_number, is_bye, result, totals
