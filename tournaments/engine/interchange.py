"""An event as the open formats carry it (docs/interchange.md), plain Python (no Django).

TRF-16 and the NRTM-style JSON are written from, and read into, one `EventRecord`: players by start
number, Swiss rounds of tables with game wins. `check` refuses a record that cannot be a Swiss
event of this site (a result for a player who is not there, a round out of order) before anything
is written; the services then write it through the usual writers (results through the one writer)."""

import unicodedata
from dataclasses import dataclass, field

from core.errors import DomainError, define_messages
from core.messages import gettext_lazy as _

define_messages(
    {
        "interchange.malformed": _("Line %(line)s cannot be read: %(reason)s."),
        "interchange.bad_json": _("The file cannot be read as an event: %(reason)s."),
        "interchange.hidden_characters": _("“%(text)s” holds hidden characters (control or format characters)."),
        "interchange.no_players": _("The file names no players."),
        "interchange.player_numbers": _("Players must be numbered 1 to %(count)s, each once (found %(number)s)."),
        "interchange.unknown_player": _("Round %(round)s names player %(number)s, who is not in the file."),
        "interchange.round_order": _("Rounds must follow each other from round 1: round %(round)s is out of order."),
        "interchange.disagree": _("Round %(round)s: players %(first)s and %(second)s do not agree on their game."),
        "interchange.twice_in_round": _("Player %(number)s plays twice in round %(round)s."),
        "interchange.not_playing": _("Player %(number)s plays in round %(round)s but had not joined or had dropped."),
        "interchange.unfinished_round": _("Round %(round)s has tables without a result, and a later round follows."),
        "interchange.wrong_game": _("The file is an event of %(found)s, not of %(expected)s."),
        "interchange.not_swiss": _("Only one-against-one Swiss rounds can be exchanged (%(reason)s)."),
        "interchange.too_many_rounds": _("The file has %(count)s rounds; an event has at most %(max)s."),
    }
)


@dataclass(frozen=True)
class PlayerRecord:
    number: int  # start number, from 1
    name: str
    joined_round: int = 1
    dropped_after: int | None = None  # the last round they played


@dataclass(frozen=True)
class TableRecord:
    table: int
    players: tuple  # start numbers in seat order; one for a bye
    wins: tuple | None = None  # game wins in seat order; None: no result yet
    draws: int = 0

    @property
    def is_bye(self):
        return len(self.players) == 1

    @property
    def has_result(self):
        return self.is_bye or self.wins is not None

    def outcome(self, number):
        """ "win", "loss" or "draw" for the player with that start number (a bye is a win)."""
        if self.is_bye:
            return "win"
        mine = self.wins[self.players.index(number)]
        theirs = self.wins[1 - self.players.index(number)]
        return "win" if mine > theirs else "loss" if mine < theirs else "draw"


@dataclass(frozen=True)
class RoundRecord:
    number: int
    tables: tuple

    @property
    def complete(self):
        return all(table.has_result for table in self.tables)


@dataclass(frozen=True)
class Standing:
    """What the standings said when the file was written: shown, never read back as truth."""

    rank: int
    points: int
    omw: float = 0.0


@dataclass
class EventRecord:
    name: str
    game: str = ""  # empty: a file from another program, which does not say
    format: str = ""
    best_of: int = 1
    swiss_rounds: int | None = None
    seed: int | None = None
    tiebreakers: str = "mtr"
    late_entry_losses: bool = True
    starts_on: str = ""  # YYYY-MM-DD
    venue: str = ""
    players: tuple = ()
    rounds: tuple = ()
    standings: dict = field(default_factory=dict)  # start number -> Standing

    def table_of(self, round_number, number):
        for table in self.rounds[round_number - 1].tables:
            if number in table.players:
                return table
        return None


MAX_ROUNDS = 20


def check(record, expected_game=""):
    """Refuse (DomainError) a record this site cannot hold; returns it unchanged otherwise."""
    if not record.players:
        raise DomainError("interchange.no_players")
    numbers = [player.number for player in record.players]
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        wrong = next((n for i, n in enumerate(sorted(numbers), start=1) if n != i), numbers[-1])
        raise DomainError("interchange.player_numbers", count=len(numbers), number=wrong)
    if expected_game and record.game and record.game != expected_game:
        raise DomainError("interchange.wrong_game", found=record.game, expected=expected_game)
    if len(record.rounds) > MAX_ROUNDS:
        raise DomainError("interchange.too_many_rounds", count=len(record.rounds), max=MAX_ROUNDS)
    for text in (record.name, record.venue, record.game, record.format, *(p.name for p in record.players)):
        visible(text)
    players = {player.number: player for player in record.players}
    for index, round_ in enumerate(record.rounds, start=1):
        if round_.number != index:
            raise DomainError("interchange.round_order", round=round_.number)
        if not round_.complete and index < len(record.rounds):
            raise DomainError("interchange.unfinished_round", round=round_.number)
        _check_round(round_, players)
    return record


def _check_round(round_, players):
    seen = set()
    for table in round_.tables:
        if len(table.players) > 2 or (table.wins is not None and len(table.wins) != len(table.players)):
            raise DomainError("interchange.not_swiss", reason=f"table {table.table}")
        for number in table.players:
            player = players.get(number)
            if player is None:
                raise DomainError("interchange.unknown_player", round=round_.number, number=number)
            if number in seen:
                raise DomainError("interchange.twice_in_round", round=round_.number, number=number)
            seen.add(number)
            left = player.dropped_after is not None and round_.number > player.dropped_after
            if round_.number < player.joined_round or left:
                raise DomainError("interchange.not_playing", round=round_.number, number=number)


def visible(text):
    """Refuse text with a NUL, a text-direction override or another hidden character (names are shown)."""
    if any(unicodedata.category(char) in ("Cc", "Cf") for char in text):
        raise DomainError("interchange.hidden_characters", "file", text=text.encode("unicode_escape").decode()[:60])
    return text


def presence_from(number, rounds):
    """Joined and dropped, read from the rounds a player sat out (files that do not say)."""
    played = [round_.number for round_ in rounds if any(number in table.players for table in round_.tables)]
    if not played:
        return 1, (0 if rounds else None)
    dropped = played[-1] if played[-1] < len(rounds) else None
    return played[0], dropped


def match_points(table, number):
    """3 for a win (a bye too), 1 for a draw, 0 for a loss: what TRF's points column adds up."""
    return {"win": 3, "draw": 1, "loss": 0}[table.outcome(number)]
