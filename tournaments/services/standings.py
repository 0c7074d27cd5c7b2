"""Standings of an event from its confirmed Swiss results, cached until a result changes."""

from django.core.cache import cache

from ..models import Event, Match, Seat
from ..scoring.matches import pod_match
from ..standings import Outcome, ResultColumns, bye_outcome, compute_standings, versus_outcomes

CACHE_SECONDS = 24 * 3600


def event_standings(event):
    """Rows (dicts) best first, from cache while the event's results are unchanged."""
    key = f"standings:{event.pk}:{event.results_version}:{event.entrants.count()}"
    rows = cache.get(key)
    if rows is None:
        rows = _compute(event)
        cache.set(key, rows, CACHE_SECONDS)
    return rows


def _compute(event):
    entrants = list(event.entrants.values_list("pk", "name", "joined_round", "dropped_after"))
    columns = ResultColumns()
    for seats in _confirmed_seats(event).values():
        for outcome in _outcomes(event, seats):
            columns.add(outcome)
    if event.late_entry_losses:
        for entrant, _name, joined, _dropped in entrants:
            for round_number in range(1, joined):
                columns.add(Outcome(entrant, round_number, "loss", (), 0, 2))
    dropped = {entrant for entrant, _name, _joined, after in entrants if after is not None}
    table = compute_standings([entrant for entrant, *_ in entrants], columns, dropped, event.tiebreakers)
    names = {entrant: name for entrant, name, *_ in entrants}
    return [{**standing.as_dict(), "name": names[standing.player]} for standing in table]


def _confirmed_seats(event):
    rows = (
        Seat.objects.filter(
            match__round__event=event, match__round__stage="swiss", match__status=Match.Status.CONFIRMED
        )
        .values_list(
            "match_id", "match__round__number", "match__is_bye", "match__draws", "entrant_id", "game_wins", "placement"
        )
        .order_by("match_id", "pk")
    )
    grouped = {}
    for row in rows:
        grouped.setdefault(row[0], []).append(row)
    return grouped


def _outcomes(event, seats):
    _match, round_number, is_bye, draws = seats[0][:4]
    if is_bye:
        return [bye_outcome(round_number, seats[0][4])]
    if event.mode == Event.Mode.FFA:
        return pod_outcomes(round_number, [(seat[4], seat[6]) for seat in seats], event.pod_points or None)
    (a, wins_a), (b, wins_b) = [(seat[4], seat[5]) for seat in seats]
    return versus_outcomes(round_number, a, b, wins_a, wins_b, draws)


def pod_outcomes(round_number, placements, table=None):
    """A pod: the sole winner wins, a shared first place is a draw, every other place a loss;
    the match points come from the event's pod table (default 3 / 1 / 0)."""
    points = pod_match(dict(placements), table)
    firsts = [entrant for entrant, place in placements if place == 1]
    everyone = [entrant for entrant, _place in placements]
    outcomes = []
    for entrant, place in placements:
        result = "win" if place == 1 and len(firsts) == 1 else "draw" if place == 1 else "loss"
        others = tuple(other for other in everyone if other != entrant)
        game_points = {"win": 3, "draw": 1, "loss": 0}[result]
        outcomes.append(Outcome(entrant, round_number, result, others, game_points, 1, match_points=points[entrant]))
    return outcomes
