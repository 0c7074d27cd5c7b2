"""The event's lifecycle questions, asked by name (plain Python over the event's plain values).

An event goes registration → swiss → top_cut (when it has one) → finished; these are the values of
`Event.Status`. An event not finished may be cancelled, and reopened in the status it had
(services.events). Services, views and templates ask `Event`'s properties, which delegate here.
"""

REGISTRATION, SWISS, TOP_CUT, FINISHED = "registration", "swiss", "top_cut", "finished"
CANCELLED = "cancelled"

# Swiss rounds by player count (5-8 players: 3 rounds ... 410 and more: 10).
SWISS_ROUNDS = [(8, 3), (16, 4), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9)]
MOST_SWISS_ROUNDS = 10


def default_swiss_rounds(players):
    for most, rounds in SWISS_ROUNDS:
        if players <= most:
            return rounds
    return MOST_SWISS_ROUNDS


def swiss_rounds_planned(swiss_rounds, players):
    """The organiser's Swiss round count, else the default for this many players."""
    return swiss_rounds or default_swiss_rounds(players)


def all_swiss_rounds_paired(rounds_paired, swiss_rounds):
    """Every planned Swiss round is paired: next comes the top cut or the end."""
    return rounds_paired >= swiss_rounds


def registration_open(status):
    """Before round 1: players register and check in, and the waitlist gives freed places."""
    return status == REGISTRATION


def accepting_entrants(status):
    """Entrants may still be added: before the start, or as late entries during the Swiss rounds."""
    return status in (REGISTRATION, SWISS)


def rounds_running(status):
    """Swiss or top-cut rounds are being played: tables, judges and the clock are live."""
    return status in (SWISS, TOP_CUT)


def finished(status):
    return status == FINISHED


def cancelled(status):
    """Called off by its organiser: nothing is entered, paired, reported or checked in until it is reopened."""
    return status == CANCELLED


def results_open(status, latest_round):
    """A result entered now is a first entry, not a correction: for the latest round of an event not finished."""
    return latest_round and not finished(status)
