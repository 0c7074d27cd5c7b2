"""A played Swiss event for the interchange tests: seven players (a bye each round), a drop, a late
entry, draws and 2-1s, three rounds with every result entered through the usual services."""

from tournaments.models import Match
from tournaments.services import entrants, events, results, rounds

NAMES = ("Ana Lima", "Bo Chen", "Cy Diaz", "Dee Okafor", "Ed Moreau", "Flo Rossi", "Gus Van der Berg-Longname Jr.")


def _enter_round(event, organiser, round_, draw_table=None):
    """Every table of the round: the first seat wins 2-1, except `draw_table` (1-1, one game drawn)."""
    for match in round_.matches.filter(is_bye=False).order_by("table"):
        first, second = list(match.seats.order_by("pk").values_list("entrant_id", flat=True))
        if match.table == draw_table:
            results.record_result(match, organiser, wins={first: 1, second: 1}, draws=1)
        else:
            wins = {first: 2, second: 1 if match.table % 2 else 0}
            results.record_result(match, organiser, wins=wins)


def played_event(organiser, name="Interchange night", rounds_played=3):
    event = events.create_event(organiser, name, "dust-collectorz", swiss_rounds=5, venue="Hall B")
    for player in NAMES[:6]:
        entrants.add_entrant(event, organiser, name=player)
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    _enter_round(event, organiser, round_, draw_table=2)
    late = entrants.add_entrant(event, organiser, name=NAMES[6])  # joins in round 2
    assert late.joined_round == 2
    for number in range(2, rounds_played + 1):
        round_ = rounds.pair_next_round(event, organiser)
        _enter_round(event, organiser, round_, draw_table=1 if number == 3 else None)
        if number == 2:
            dropper = event.entrants.get(name=NAMES[4])
            entrants.drop(dropper, organiser)
    event.refresh_from_db()
    assert not Match.objects.filter(round__event=event).exclude(status=Match.Status.CONFIRMED).exists()
    return event
